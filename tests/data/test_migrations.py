"""Schema migrations: from an empty file and from every earlier version; refusals."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from data import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Board,
    CannotOpenDatabase,
    CorruptDatabase,
    Database,
    DatabaseError,
    SchemaTooNew,
    Seat,
    Settings,
    UnknownDatabase,
)
from data.database import _statements
from data.schema import APPLICATION_ID
from tests.data.conftest import new_game
from tests.data.real_games import new_game as real_new_game
from tests.data.real_games import new_state, replay, resume, same_state, step


def create_at_version(path: Path, version: int) -> None:
    """Build a database the way release ``version`` of the schema left it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        for m in MIGRATIONS[:version]:
            for statement in _statements(m.sql):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")
        if version:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("COMMIT")
    finally:
        conn.close()


def migrate_raw(path: Path, start: int, end: int) -> None:
    """Apply migrations ``start+1 .. end`` as the releases that shipped them did."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        for m in MIGRATIONS[start:end]:
            for statement in _statements(m.sql):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {end}")
        conn.execute("COMMIT")
    finally:
        conn.close()


def old_live_game() -> tuple[Any, str, str]:
    """A real President game in its second round, stored as schema 2 and 3 stored it:
    the whole state (record embedded) and the whole record, which then had no "game"."""
    state = new_state("president", 11, 4)
    rng = random.Random(11)
    while (
        state.round_number < 2
        or len(json.loads(state.record().to_json())["rounds"][-1]["decisions"]) < 6
    ):
        if state.is_round_over():
            state.start_round()
        else:
            state.apply(rng.choice(list(state.legal_actions())), state.current_player)
    record = json.loads(state.record().to_json())
    del record["game"]
    return state, state.to_json(), json.dumps(record)


def seed_version(path: Path, version: int) -> None:
    """Put a little data in every table that exists at ``version``."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if version >= 1:
            conn.execute(
                "INSERT INTO rounds (game_id, round_no, ended_at, rated) VALUES (5, 1, 1.5, 0)"
            )
            conn.execute(
                "INSERT INTO round_seats (game_id, round_no, seat, position, title, points,"
                " total, promotion) VALUES (5, 1, 0, 0, 'President', 2, 2, 1)"
            )
            conn.execute(
                "INSERT INTO players (guild_id, user_id, display_name, mu, sigma, ordinal,"
                " rounds_played, firsts, rated_rounds) VALUES (1, 10, 'Ann', 27, 8, 3, 4, 2, 1)"
            )
            conn.execute(
                "INSERT INTO player_points (guild_id, user_id, scheme, points, rounds)"
                " VALUES (1, 10, 'classic', 7, 4)"
            )
            conn.execute(
                "INSERT INTO games (game_id, guild_id, channel_id, kind, preset, options_json,"
                " scoring, status, started_at) VALUES (5, 1, 100, 'president', 'classic', '{}',"
                " 'classic', 'live', 1.0)"
            )
            conn.execute(
                "INSERT INTO game_seats (game_id, seat, user_id, display_name)"
                " VALUES (5, 0, 10, 'Ann')"
            )
        if version >= 2:
            _, state_json, record_json = old_live_game()
            conn.execute(
                "INSERT INTO live_tables (game_id, version, state_json, record_json, meta_json,"
                " updated_at) VALUES (5, 40, ?, ?, '{\"m\": 1}', 2.0)",
                (state_json, record_json),
            )
            # a row the old bot could never have resumed either
            conn.execute(
                "INSERT INTO games (game_id, guild_id, channel_id, kind, preset, options_json,"
                " scoring, status, started_at) VALUES (6, 1, 100, 'president', 'classic', '{}',"
                " 'classic', 'live', 1.0)"
            )
            conn.execute(
                "INSERT INTO live_tables (game_id, version, state_json, record_json, updated_at)"
                " VALUES (6, 3, 'S', 'R', 2.0)"
            )
        if version >= 3:
            conn.execute(
                "INSERT INTO guild_settings (guild_id, preset, turn_seconds)"
                " VALUES (1, 'house', 60)"
            )
    finally:
        conn.close()


def schema_of(path: Path) -> list[tuple[str, str, str]]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"
            " ORDER BY type, name"
        ).fetchall()
        return [(t, n, " ".join((s or "").split())) for t, n, s in rows]
    finally:
        conn.close()


def test_migrations_are_numbered_in_order() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


async def test_fresh_file_gets_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    async with await Database.open(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.integrity_check() == []
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()


async def test_empty_existing_file_is_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.touch()
    async with await Database.open(path) as db:
        assert await db.schema_version() == SCHEMA_VERSION


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
async def test_migrates_forward_from_every_earlier_version(tmp_path: Path, version: int) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    async with await Database.open(fresh):
        pass
    old = tmp_path / f"v{version}.sqlite3"
    # the seeds are written in the shapes of versions 1 to 3; later releases' files
    # got them by migrating
    create_at_version(old, min(version, 3))
    seed_version(old, min(version, 3))
    migrate_raw(old, min(version, 3), version)

    async with await Database.open(old) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        if version >= 1:
            profile = await db.profile(1, 10, kind="president")
            assert profile is not None
            assert profile.stats.display_name == "Ann"
            assert profile.stats.points == {"classic": 7}
            assert profile.stats.counts == {
                "firsts": 2,
                "seconds": 0,
                "middles": 0,
                "second_lasts": 0,
                "lasts": 0,
            }
            assert await db.played_kinds(1, 10) == ("president",)
            details = await db.game(5)
            assert details is not None
            (seat,) = details.rounds[0].seats
            assert (seat.position, seat.score, seat.total) == (0, 2, 2)
            assert seat.details == {"title": "President", "promotion": 1}
        if version >= 2:
            state, _, old_record = old_live_game()
            (table,) = await db.live_tables()
            assert (table.game_id, table.version, table.meta_json) == (5, 40, '{"m": 1}')
            assert same_state(resume(table), state)
            record = await db.game_record(5)
            assert record is not None
            assert json.loads(record) == {"game": "president", **json.loads(old_record)}
            assert same_state(replay("president", record), state)
            # the game goes on in the new format from where it was
            version_after = await step(db, 5, table.version, state, random.Random(1))
            resumed = await db.live_table(5)
            assert resumed is not None and resumed.version == version_after == 41
            assert same_state(resume(resumed), state)
            record = await db.game_record(5)
            assert record is not None and same_state(replay("president", record), state)
            unreadable = await db.game(6)
            assert unreadable is not None and unreadable.summary.status == "abandoned"
            assert unreadable.record_json == "R"
        if version >= 3:
            settings = await db.guild_settings(1, "president")
            assert (settings.preset, settings.turn_seconds) == ("house", 60)
            assert await db.guild_settings(1, "bigtwo") == Settings()
        # DM channels are remembered from now on, whatever the version migrated from
        assert await db.dm_channel(10) is None
        await db.remember_dm_channel(10, 1000)
        assert await db.dm_channel(10) == 1000
    assert schema_of(old) == schema_of(fresh)


async def test_reopening_is_idempotent(db_path: Path) -> None:
    for _ in range(3):
        async with await Database.open(db_path) as db:
            assert await db.schema_version() == SCHEMA_VERSION
    assert schema_of(db_path)


async def test_newer_schema_is_refused_untouched(db_path: Path) -> None:
    create_at_version(db_path, SCHEMA_VERSION)
    conn = sqlite3.connect(db_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = db_path.read_bytes()
    with pytest.raises(SchemaTooNew) as info:
        await Database.open(db_path)
    assert isinstance(info.value, DatabaseError)
    assert info.value.found == SCHEMA_VERSION + 1
    assert "newer" in str(info.value) and str(db_path) in str(info.value)
    assert db_path.read_bytes() == before


async def test_corrupt_file_is_refused_untouched(db_path: Path) -> None:
    garbage = b"this is not a database, it is a shopping list\n" * 200
    db_path.write_bytes(garbage)
    with pytest.raises(CorruptDatabase) as info:
        await Database.open(db_path)
    assert str(db_path) in str(info.value)
    assert "backup" in str(info.value)
    assert db_path.read_bytes() == garbage


def _scribble(db_path: Path) -> None:
    """Checkpoint, then damage every page but the first two."""
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = bytearray(db_path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(raw) - page, page):
        raw[offset + 8 : offset + 200] = b"\xa5" * 192
    db_path.write_bytes(bytes(raw))


def _leave_open(db_path: Path, count: int = 1) -> None:
    """What a process killed while it had the file open leaves behind."""
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE open_state SET open_count = ?", (count,))
    conn.commit()
    conn.close()


async def _fill(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        for i in range(200):
            await db.create_game(new_game([Seat.human(i, f"p{i}"), Seat.computer("easy")]))


async def test_damaged_pages_are_refused_after_an_unclean_shutdown(db_path: Path) -> None:
    await _fill(db_path)
    _leave_open(db_path)
    _scribble(db_path)
    with pytest.raises(CorruptDatabase) as info:
        await Database.open(db_path)
    assert "backup" in str(info.value)


async def test_damaged_pages_are_refused_when_a_check_is_asked_for(db_path: Path) -> None:
    await _fill(db_path)
    _scribble(db_path)
    with pytest.raises(CorruptDatabase):
        await Database.open(db_path, integrity_check=True)


async def test_integrity_check_runs_only_after_an_unclean_shutdown(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        assert not db.integrity_checked  # a new file
    async with await Database.open(db_path) as db:
        assert not db.integrity_checked  # closed cleanly
    _leave_open(db_path, 3)
    async with await Database.open(db_path) as db:
        assert db.integrity_checked
        async with await Database.open(db_path) as other:
            assert other.integrity_checked  # another connection is open: can't tell
    async with await Database.open(db_path) as db:
        assert not db.integrity_checked  # the count started afresh after the check
    async with await Database.open(db_path, integrity_check=True) as db:
        assert db.integrity_checked
    _leave_open(db_path)
    async with await Database.open(db_path, integrity_check=False) as db:
        assert not db.integrity_checked


async def test_older_release_files_are_checked_once(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    create_at_version(path, 3)
    async with await Database.open(path) as db:
        assert db.integrity_checked
    async with await Database.open(path) as db:
        assert not db.integrity_checked


async def test_someone_elses_database_is_refused(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()
    with pytest.raises(UnknownDatabase):
        await Database.open(db_path)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA application_id = 12345")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    with pytest.raises(UnknownDatabase):
        await Database.open(db_path)


async def test_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CannotOpenDatabase) as info:
        await Database.open(tmp_path / "no" / "such" / "folder" / "db.sqlite3")
    assert "folder" in str(info.value)


async def test_locked_file_is_not_called_corrupt(db_path: Path) -> None:
    async with await Database.open(db_path):
        pass
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(CannotOpenDatabase):
            await Database.open(db_path, busy_timeout_ms=50)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


_V4_PLAYERS = [
    # kind, user, title, games, rounds, wins, firsts, seconds, middles, second_lasts, lasts
    ("president", 10, "Scum", 3, 12, 1, 3, 1, 2, 2, 4),
    ("president", 11, "President", 2, 9, 2, 5, 2, 0, 1, 1),
    ("president", 12, None, 0, 0, 0, 0, 0, 0, 0, 0),  # won nothing yet: still on the boards
    ("bigtwo", 10, None, 1, 4, 0, 1, 0, 0, 1, 2),
    ("sixty", 13, None, 4, 20, 3, 9, 5, 3, 2, 1),
]
_PLACES = ("firsts", "seconds", "middles", "second_lasts", "lasts")


def seed_v4(path: Path, live_from: Path) -> None:
    """Players of every kind as version 4 kept them (title and place columns), and the
    live games of ``live_from`` (whose live tables have the same shape in 4 and 5)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        for kind, user, title, games, rounds, wins, *places in _V4_PLAYERS:
            conn.execute(
                "INSERT INTO players (guild_id, kind, user_id, display_name, title, games_played,"
                " rounds_played, wins, firsts, seconds, middles, second_lasts, lasts,"
                " position_sum, mu, sigma, ordinal, rated_rounds, last_played_at)"
                " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 25, 8, 1, ?, ?)",
                (kind, user, f"U{user}", title, games, rounds, wins, *places, rounds, rounds,
                 float(user)),
            )  # fmt: skip
        conn.execute(f"ATTACH DATABASE '{live_from}' AS live")
        for table in ("games", "game_seats", "live_games", "live_snapshots", "live_deals"):
            conn.execute(f"INSERT INTO main.{table} SELECT * FROM live.{table}")
        conn.execute("INSERT INTO main.live_log SELECT * FROM live.live_log")
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE live")
    finally:
        conn.close()


async def test_a_populated_v4_database_keeps_every_statistic_and_live_game(
    tmp_path: Path,
) -> None:
    # a Big Two game live in its second deal, stored as both versions store it
    live = tmp_path / "live.sqlite3"
    state = new_state("bigtwo", 5, 4)
    rng = random.Random(5)
    async with await Database.open(live) as db:
        seats = [Seat.human(10 + p, f"U{10 + p}") for p in range(4)]
        game_id = await db.create_game(real_new_game(state, seats, preset="standard"))
        version = 0
        in_second = 0
        while in_second < 5:
            version = await step(db, game_id, version, state, rng)
            in_second += state.round_number >= 2
    # the rounds it stored went to the statistics of the new schema: start afresh there
    conn = sqlite3.connect(live)
    conn.execute("DELETE FROM players")
    conn.commit()
    conn.close()
    old = tmp_path / "v4.sqlite3"
    create_at_version(old, 4)
    seed_v4(old, live)

    async with await Database.open(old) as db:
        for kind, user, title, games, rounds, wins, *places in _V4_PLAYERS:
            profile = await db.profile(1, user, kind=kind)
            assert profile is not None
            s = profile.stats
            assert (s.games_played, s.rounds_played, s.wins) == (games, rounds, wins)
            assert s.counts == dict(zip(_PLACES, places, strict=True))
            assert s.details == ({"title": title} if title else {})
        firsts = await db.leaderboard(1, Board.COUNT, kind="president", stat="firsts")
        assert [(r.user_id, r.value, r.rank) for r in firsts.rows] == [
            (11, 5, 1),
            (10, 3, 2),
            (12, 0, 3),
        ]
        lasts = await db.leaderboard(1, Board.COUNT, kind="bigtwo", stat="lasts", user_id=10)
        assert lasts.total == 1 and lasts.me is not None and lasts.me.value == 2
        (table,) = await db.live_tables()
        assert table.game_id == game_id and same_state(resume(table), state)
        # it goes on, and its rounds count for its players as before
        before = (await db.profile(1, 10, kind="bigtwo")).stats.rounds_played  # type: ignore[union-attr]
        version = table.version
        rounds = len(state.round_results())
        while len(state.round_results()) == rounds and not state.is_terminal():
            version = await step(db, game_id, version, state, rng)
        after = (await db.profile(1, 10, kind="bigtwo")).stats  # type: ignore[union-attr]
        assert after.rounds_played == before + 1
        assert sum(after.counts.values()) == sum(_V4_PLAYERS[3][6:]) + 1
