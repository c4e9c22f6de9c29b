"""Fixtures for the persistence tests: real SQLite files in a temporary directory, and
real PostgreSQL databases, one per test.

``db`` and ``store_url`` run a test on both engines. A PostgreSQL test gets a
database of its own, created from a template migrated once per session (a copy is
quicker than migrating) and dropped after it. ``db_path`` is the SQLite file, for the
tests of what only a file has (damage, permissions, old releases' files).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
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


ENGINES = ("sqlite", "postgresql")
TEMPLATE = "cardtable_test_template"


def database_url(server_url: str, name: str) -> str:
    """The URL of database ``name`` on the server of ``server_url``."""
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))


def _admin(server_url: str, *statements: str) -> None:
    """Run statements on the server, from a thread of its own: the fixtures that call
    this may run inside a test's event loop."""

    async def run() -> None:
        conn = await asyncpg.connect(server_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


@pytest.fixture(scope="session")
def pg_template(postgres_url: str) -> str:
    """A database at the current schema, to copy for each test (``CREATE DATABASE …
    TEMPLATE``)."""

    _admin(
        postgres_url,
        f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)",
        f"CREATE DATABASE {TEMPLATE}",
    )

    async def migrate() -> None:
        store = await Database.open_url(database_url(postgres_url, TEMPLATE))
        await store.close()

    asyncio.run(migrate())
    return TEMPLATE


@pytest.fixture
def fresh_postgres(postgres_url: str, pg_template: str) -> Iterator[Any]:
    """Makes empty (``migrated=False``) or migrated PostgreSQL databases for this test,
    each dropped after it: ``fresh_postgres()`` is a URL."""
    made: list[str] = []

    def make(*, migrated: bool = True) -> str:
        name = f"t_{uuid.uuid4().hex[:16]}"
        template = f" TEMPLATE {pg_template}" if migrated else ""
        _admin(postgres_url, f"CREATE DATABASE {name}{template}")
        made.append(name)
        return database_url(postgres_url, name)

    yield make
    if made:
        _admin(postgres_url, *(f"DROP DATABASE IF EXISTS {n} WITH (FORCE)" for n in made))


@pytest.fixture(params=ENGINES)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database's URL, on each engine in turn."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'president.sqlite3'}"
    make = request.getfixturevalue("fresh_postgres")
    url: str = make()
    return url


async def raw_rows(url: str, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a query run beside the store (no placeholders), to look at what it wrote."""
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            return [tuple(r) for r in conn.execute(sql).fetchall()]
        finally:
            conn.close()
    pg = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await pg.fetch(sql)]
    finally:
        await pg.close()


@pytest.fixture
async def db(store_url: str) -> AsyncIterator[Database]:
    database = await Database.open_url(store_url, clock=Clock())
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
