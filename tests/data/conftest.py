"""Fixtures for the persistence tests: real SQLite files in a temporary directory."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from data import Database, NewGame, RoundResult, Seat, SeatResult


class Clock:
    """A controllable clock so timestamps in tests are predictable."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "president.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path, clock=Clock())
    try:
        yield database
    finally:
        await database.close()


def new_game(
    seats: Sequence[Seat],
    *,
    guild_id: int = 1,
    channel_id: int = 100,
    scoring: str = "classic",
    preset: str = "classic",
) -> NewGame:
    return NewGame(
        guild_id=guild_id,
        channel_id=channel_id,
        preset=preset,
        options_json=json.dumps({"scoring": scoring}),
        scoring=scoring,
        seats=list(seats),
        state_json='{"state": 0}',
        record_json='{"decisions": []}',
        meta_json='{"message_id": 5}',
    )


TITLES = {
    3: ["President", "Citizen", "Scum"],
    4: ["President", "Vice-President", "Vice-Scum", "Scum"],
    5: ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"],
}


def round_result(
    number: int, order: Sequence[int], points: Sequence[int] | None = None
) -> RoundResult:
    """A round where ``order`` lists seats from first out to last."""
    n = len(order)
    pts = list(points) if points is not None else [max(0, 2 - p) for p in range(n)]
    return RoundResult(
        number=number,
        seats=[
            SeatResult(
                seat=seat,
                position=pos,
                title=TITLES.get(n, ["P"] * n)[pos],
                points=pts[pos],
                total=pts[pos] * number,
            )
            for pos, seat in enumerate(order)
        ],
    )
