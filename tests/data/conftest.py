"""Fixtures for the persistence tests: real SQLite files in a temporary directory."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from data import Database, NewGame, RoundResult, Seat, SeatResult, Statistics
from engine import game_type

#: President's declared statistics: five places counted, the title kept.
PRESIDENT_STATS = game_type("president").statistics


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
    kind: str = "president",
    lower_is_better: bool = False,
) -> NewGame:
    """A game with a made-up record: a header and round 1's deal."""
    return NewGame(
        guild_id=guild_id,
        channel_id=channel_id,
        kind=kind,
        preset=preset,
        options_json=json.dumps({"scoring": scoring}),
        scoring=scoring,
        seats=list(seats),
        header_json=json.dumps({"game": kind, "format": "test", "options": {"n": len(seats)}}),
        snapshot_json='{"state": 1}',
        deal_json='{"hands": ["deal 1"]}',
        meta_json='{"message_id": 5}',
        lower_is_better=lower_is_better,
    )


TITLES = {
    3: ["President", "Citizen", "Scum"],
    4: ["President", "Vice-President", "Vice-Scum", "Scum"],
    5: ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"],
}


def round_result(
    number: int,
    order: Sequence[int],
    points: Sequence[int] | None = None,
    *,
    positions: Sequence[int] | None = None,
    statistics: Statistics = PRESIDENT_STATS,
) -> RoundResult:
    """A round where ``order`` lists seats from best to worst; ``positions`` (by
    place in ``order``) gives tied places, e.g. ``[0, 0, 2]``."""
    n = len(order)
    pts = list(points) if points is not None else [max(0, 2 - p) for p in range(n)]
    places = list(positions) if positions is not None else list(range(n))
    return RoundResult(
        number=number,
        seats=[
            SeatResult(
                seat=seat,
                position=places[i],
                score=pts[i],
                total=pts[i] * number,
                details={"title": TITLES.get(n, ["P"] * n)[places[i]], "promotion": 0},
            )
            for i, seat in enumerate(order)
        ],
        statistics=statistics,
    )


async def play_round(db: Database, game_id: int, result: RoundResult) -> int:
    """Store the decision that ended a round, with the round; returns the new version."""
    table = await db.live_table(game_id)
    assert table is not None
    return await db.append_decision(game_id, table.version, 0, "last", round_result=result)


async def finish(
    db: Database, game_id: int, winners: Sequence[int], result: RoundResult | None = None
) -> int:
    """Store the decision that ended the game (and its last round)."""
    table = await db.live_table(game_id)
    assert table is not None
    return await db.append_decision(
        game_id, table.version, 0, "final", round_result=result, winners=winners
    )
