"""``python -m data copy``: a whole database from SQLite into PostgreSQL and back.

The source is the previous release's standings fixture (migrated as the bot would),
with what the bot adds while it runs: a game in progress in its second round, a
finished game with ratings and titles, settings and remembered DM channels. What
players would see (every leaderboard page and profile, rendered by the Stats cog)
and the live tables the bot resumes from must be the same on every copy."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from data import Database, Seat, Settings
from data.copy import COLUMNS, NOT_COPIED, TABLES, DestinationNotEmpty, checksums, copy_database
from tests.data.conftest import Clock, finish, new_game, play_round, raw_rows, round_result
from tests.data.standings import render
from tests.data.test_standings import BEFORE, FIXTURE, _digest

ROOT = Path(__file__).resolve().parents[2]


async def _populated(path: Path) -> None:
    shutil.copyfile(FIXTURE, path)
    async with await Database.open(path, clock=Clock()) as db:
        live = await db.create_game(
            new_game([Seat.human(101, "Ann"), Seat.human(102, "Bo"), Seat.computer("hard")])
        )
        await play_round(db, live, round_result(1, [1, 0, 2]))
        table = await db.live_table(live)
        assert table is not None
        version = await db.start_round(live, table.version, '{"state": 2}', '{"hands": ["r2"]}')
        for step in range(3):
            version = await db.append_decision(live, version, step % 3, f"play {step}")
        done = await db.create_game(new_game([Seat.human(103, "Cy"), Seat.human(104, "Di")]))
        await finish(db, done, [0], round_result(1, [0, 1]))
        await db.set_guild_settings(7, "president", Settings(preset="house", turn_seconds=45))
        await db.set_channel_settings(70, 7, "bigtwo", Settings(options={"jokers": 2}))
        await db.remember_dm_channel(101, 9001)
        await db.remember_dm_channel(102, 9002)


async def _seen(url: str) -> dict[str, Any]:
    """What the bot reads back: live tables, records, settings, DM channels."""
    async with await Database.open_url(url) as db:
        tables = await db.live_tables()
        return {
            "standings": _digest(await render(url)),
            "live": tables,
            "records": [await db.game_record(t.game_id) for t in tables],
            "recent": await db.recent_games(100, include_unfinished=True),
            "settings": (
                await db.effective_settings(7, 70, "president"),
                await db.effective_settings(7, 70, "bigtwo"),
            ),
            "dm": (await db.dm_channel(101), await db.dm_channel(102), await db.dm_channel(5)),
        }


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "data", "copy", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


async def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    async with await Database.open(path):
        pass
    conn = sqlite3.connect(path)
    schema = {
        name: [c[1] for c in conn.execute(f"PRAGMA table_info({name})")]
        for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
    }
    conn.close()
    assert {t for t, _ in TABLES} == set(schema) - NOT_COPIED
    assert all(sorted(COLUMNS[t]) == sorted(schema[t]) for t, _ in TABLES)


async def test_sqlite_to_postgresql_and_back_reads_the_same(
    tmp_path: Path, fresh_postgres: Any
) -> None:
    source = tmp_path / "host.sqlite3"
    await _populated(source)
    src_url = f"sqlite:///{source}"
    expected = await _seen(src_url)
    pg = fresh_postgres(migrated=False)

    first = _cli(src_url, pg)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Every table matches." in first.stdout
    assert "live_log" in first.stdout and "DIFFERENT" not in first.stdout
    assert await _seen(pg) == expected
    assert expected["standings"] == BEFORE  # the fixture's standings, unchanged

    again = _cli(src_url, pg)  # a second copy changes nothing
    assert again.returncode == 0, again.stdout + again.stderr
    assert "nothing was copied" in again.stdout
    assert await _seen(pg) == expected

    back = tmp_path / "back.sqlite3"
    home = _cli(pg, f"sqlite:///{back}")
    assert home.returncode == 0, home.stdout + home.stderr
    assert await _seen(f"sqlite:///{back}") == expected
    async with await Database.open(source) as a, await Database.open(back) as b:
        assert await checksums(a) == await checksums(b)

    # the copied games keep their ids; a new game on PostgreSQL gets the next one
    (top,) = await raw_rows(pg, "SELECT max(game_id) FROM games")
    async with await Database.open_url(pg) as db:
        (live,) = [t for t in await db.live_tables() if t.guild_id == 1]  # goes on there
        assert await db.append_decision(live.game_id, live.version, 0, "next") == live.version + 1
        fresh = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
        assert fresh == top[0] + 1


async def test_a_destination_with_other_data_is_refused_unless_replaced(
    tmp_path: Path, fresh_postgres: Any
) -> None:
    source = tmp_path / "host.sqlite3"
    await _populated(source)
    pg = fresh_postgres()
    async with await Database.open_url(pg) as db:
        await db.remember_dm_channel(555, 1)
    refused = _cli(f"sqlite:///{source}", pg)
    assert refused.returncode == 1
    assert "already holds other data (dm_channels (1 rows))" in refused.stderr
    assert "--replace" in refused.stderr
    assert await raw_rows(pg, "SELECT count(*) FROM games") == [(0,)]  # nothing written

    replaced = _cli(f"sqlite:///{source}", pg, "--replace")
    assert replaced.returncode == 0, replaced.stdout + replaced.stderr
    async with await Database.open_url(pg) as db:
        assert await db.dm_channel(555) is None and await db.dm_channel(101) == 9001


async def test_copying_between_two_open_stores_in_process(
    tmp_path: Path, fresh_postgres: Any
) -> None:
    source = tmp_path / "host.sqlite3"
    await _populated(source)
    async with await Database.open(source) as src, await Database.open_url(fresh_postgres()) as dst:
        result = await copy_database(src, dst)
        assert result.copied and result.matches
        assert result.source["live_log"].rows > 0 and result.source["dm_channels"].rows == 2
        with pytest.raises(DestinationNotEmpty):
            async with await Database.open(tmp_path / "other.sqlite3") as other:
                await other.remember_dm_channel(1, 2)
                await copy_database(src, other)
