"""What only the PostgreSQL engine has: its schema version table and migrations, the
refusals and one-line errors at opening, and writers in several processes at once
(each store below has its own pool of connections, as a process of its own would)."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from data import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CannotOpenDatabase,
    Database,
    RoundAlreadyRecorded,
    SchemaTooNew,
    Seat,
    StaleVersion,
    UnknownDatabase,
)
from tests.data.conftest import database_url, new_game, raw_rows, round_result

P = "president"
ROOT = Path(__file__).resolve().parents[2]
Fresh = Callable[..., str]


async def _sql(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


async def _schema(url: str) -> list[tuple[Any, ...]]:
    """Every column and index of the database, to compare two databases' schemas."""
    columns = await raw_rows(
        url,
        "SELECT table_name, column_name, data_type, is_nullable, column_default,"
        " collation_name, is_identity FROM information_schema.columns"
        " WHERE table_schema = 'public' ORDER BY table_name, column_name",
    )
    indexes = await raw_rows(
        url,
        "SELECT tablename, indexname, regexp_replace(indexdef, '_v4', '', 'g') FROM pg_indexes"
        " WHERE schemaname = 'public' ORDER BY tablename, indexname",
    )
    return columns + indexes


async def test_an_empty_database_gets_the_current_schema(fresh_postgres: Fresh) -> None:
    url = fresh_postgres(migrated=False)
    async with await Database.open_url(url) as db:
        assert db.engine == "postgresql" and db.path is None
        assert await db.schema_version() == SCHEMA_VERSION
    assert await raw_rows(url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    async with await Database.open_url(url) as db:  # reopening changes nothing
        assert await db.schema_version() == SCHEMA_VERSION


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
async def test_migrates_forward_from_every_earlier_version(
    fresh_postgres: Fresh, version: int
) -> None:
    fresh = fresh_postgres(migrated=False)
    async with await Database.open_url(fresh):
        pass
    old = fresh_postgres(migrated=False)
    await _sql(
        old,
        "CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1),"
        f" version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, {version})",
        *(m.postgres for m in MIGRATIONS[:version]),
    )
    if version < 4:  # statistics in the shape of versions 1 to 3
        await _sql(
            old,
            "INSERT INTO players (guild_id, user_id, display_name, title, mu, sigma, ordinal,"
            " rounds_played, firsts, rated_rounds) VALUES (1, 10, 'Ann', 'President', 27, 8, 3,"
            " 4, 2, 1)",
            "INSERT INTO player_points (guild_id, user_id, scheme, points, rounds)"
            " VALUES (1, 10, 'classic', 7, 4)",
            "INSERT INTO games (game_id, guild_id, channel_id, kind, preset, options_json,"
            " scoring, status, started_at) VALUES (5, 1, 100, 'president', 'classic', '{}',"
            " 'classic', 'finished', 1.0)",
            "INSERT INTO rounds (game_id, round_no, ended_at, rated) VALUES (5, 1, 1.5, 0)",
            "INSERT INTO round_seats (game_id, round_no, seat, position, title, points,"
            " total, promotion) VALUES (5, 1, 0, 0, 'President', 2, 2, 1)",
        )
    async with await Database.open_url(old) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        if version < 4:
            profile = await db.profile(1, 10, kind=P)
            assert profile is not None
            assert (profile.stats.points, profile.stats.details) == (
                {"classic": 7},
                {"title": "President"},
            )
            assert profile.stats.counts["firsts"] == 2
            details = await db.game(5)
            assert details is not None
            assert details.rounds[0].seats[0].details == {"title": "President", "promotion": 1}
    assert await _schema(old) == await _schema(fresh)


async def test_a_newer_schema_is_refused_untouched(fresh_postgres: Fresh) -> None:
    url = fresh_postgres()
    await _sql(url, f"UPDATE schema_version SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew) as info:
        await Database.open_url(url)
    assert info.value.found == SCHEMA_VERSION + 1
    assert "PostgreSQL database" in str(info.value) and "newer release" in str(info.value)
    assert await raw_rows(url, "SELECT version FROM schema_version") == [(SCHEMA_VERSION + 1,)]


async def test_someone_elses_database_is_refused_untouched(fresh_postgres: Fresh) -> None:
    url = fresh_postgres(migrated=False)
    await _sql(url, "CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(UnknownDatabase) as info:
        await Database.open_url(url)
    assert "did not create" in str(info.value) and "DATABASE_URL" in str(info.value)
    assert await raw_rows(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'") == [
        ("invoices",)
    ]


async def test_processes_starting_together_migrate_once(fresh_postgres: Fresh) -> None:
    url = fresh_postgres(migrated=False)
    stores = await asyncio.gather(*(Database.open_url(url, pool_size=2) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
    finally:
        for s in stores:
            await s.close()


async def test_unreachable_server_missing_database_and_refused_login_are_one_line(
    postgres_url: str, tmp_path: Any
) -> None:
    nowhere = f"postgresql://someone:secret@/postgres?host={tmp_path}&port=5432"
    with pytest.raises(CannotOpenDatabase) as info:
        await Database.open_url(nowhere)
    text = str(info.value)
    assert "could not be reached" in text and "secret" not in text and "\n" not in text

    with pytest.raises(CannotOpenDatabase) as info:
        await Database.open_url(database_url(postgres_url, "no_such_database"))
    assert "Create the database first" in str(info.value)

    stranger = postgres_url.replace("cardtable@", "nobody_here@")
    with pytest.raises(CannotOpenDatabase) as info:
        await Database.open_url(stranger)
    assert "refused the login" in str(info.value) and "\n" not in str(info.value)


# ---------------------------------------------------------------------- concurrency


async def test_two_processes_deciding_at_once_exactly_one_wins_each_time(
    fresh_postgres: Fresh,
) -> None:
    url = fresh_postgres()
    async with (
        await Database.open_url(url, pool_size=2) as one,
        await Database.open_url(url, pool_size=2) as two,
    ):
        game = await one.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
        for version in range(30):
            results = await asyncio.gather(
                one.append_decision(game, version, 0, f"one {version}"),
                two.append_decision(game, version, 1, f"two {version}"),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"], results
            stale = next(r for r in results if isinstance(r, StaleVersion))
            assert (stale.expected, stale.actual) == (version, version + 1)
        table = await two.live_table(game)
        assert table is not None and table.version == 30 and len(table.decisions) == 30


async def test_two_processes_recording_the_same_round_record_it_once(
    fresh_postgres: Fresh,
) -> None:
    url = fresh_postgres()
    async with (
        await Database.open_url(url, pool_size=2) as one,
        await Database.open_url(url, pool_size=2) as two,
    ):
        game = await one.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
        first = round_result(1, [0, 1])
        results = await asyncio.gather(
            one.append_decision(game, 0, 0, "last", round_result=first),
            two.append_decision(game, 0, 0, "last", round_result=first),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
        loser = two if isinstance(results[1], StaleVersion) else one
        table = await loser.live_table(game)
        assert table is not None
        # the loser reloads and, not seeing that the round was recorded, tries again
        with pytest.raises(RoundAlreadyRecorded):
            await loser.append_decision(game, table.version, 0, "last", round_result=first)
        for user in (1, 2):
            profile = await one.profile(1, user, kind=P)
            assert profile is not None and profile.stats.rounds_played == 1
        assert (await two.live_table(game)).version == 1  # type: ignore[union-attr]


async def test_games_sharing_players_in_two_processes_lose_no_statistic(
    fresh_postgres: Fresh,
) -> None:
    """Rounds of two games with the same players, recorded at the same moments by two
    processes, all count: the players' rows are updated under row locks, and a
    deadlock between the two (they lock the players in opposite orders) is retried."""
    url = fresh_postgres()
    rounds = 15
    async with (
        await Database.open_url(url, pool_size=2) as one,
        await Database.open_url(url, pool_size=2) as two,
    ):
        a = await one.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
        b = await two.create_game(new_game([Seat.human(2, "B"), Seat.human(1, "A")]))

        async def play(store: Database, game: int) -> None:
            version = 0
            for n in range(1, rounds + 1):
                version = await store.append_decision(
                    game, version, 0, "last", round_result=round_result(n, [0, 1])
                )

        await asyncio.gather(play(one, a), play(two, b))
        for user in (1, 2):
            profile = await one.profile(1, user, kind=P)
            assert profile is not None
            assert (profile.stats.rounds_played, profile.stats.rated_rounds) == (
                2 * rounds,
                2 * rounds,
            )
            assert profile.stats.counts["firsts"] == rounds


WRITER = """
import asyncio, sys
from data import Database, StaleVersion

async def main(url, game, name, wanted):
    async with await Database.open_url(url, pool_size=2) as db:
        done = stale = 0
        while done < wanted:
            table = await db.live_table(game)
            try:
                await db.append_decision(game, table.version, 0, f"{name} {done}")
                done += 1
            except StaleVersion:
                stale += 1
    print(done, stale)

asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])))
"""


async def test_processes_appending_to_one_game_lose_and_repeat_nothing(
    fresh_postgres: Fresh,
) -> None:
    """Three bot-like processes decide on one game as fast as they can, each reloading
    the table when another got there first: every decision is stored once, in order."""
    url = fresh_postgres()
    async with await Database.open_url(url) as db:
        game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    names, wanted = ("a", "b", "c"), 40
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WRITER,
            url,
            str(game),
            name,
            str(wanted),
            stdout=asyncio.subprocess.PIPE,
            env=env,
        )
        for name in names
    ]
    outputs = [(await child.communicate())[0].decode().split() for child in children]
    assert [child.returncode for child in children] == [0, 0, 0]
    assert [int(out[0]) for out in outputs] == [wanted] * 3
    async with await Database.open_url(url) as db:
        table = await db.live_table(game)
    assert table is not None and table.version == 3 * wanted
    for name in names:
        mine = [d for _, d in table.decisions if d.startswith(f"{name} ")]
        assert mine == [f"{name} {i}" for i in range(wanted)]
