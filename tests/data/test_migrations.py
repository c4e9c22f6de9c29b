"""Schema migrations: from an empty file and from every earlier version; refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from data import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CannotOpenDatabase,
    CorruptDatabase,
    Database,
    DatabaseError,
    SchemaTooNew,
    UnknownDatabase,
    default_db_path,
)
from data.database import _statements
from data.schema import APPLICATION_ID


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


def seed_version(path: Path, version: int) -> None:
    """Put a little data in every table that exists at ``version``."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if version >= 1:
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
            conn.execute(
                "INSERT INTO live_tables (game_id, version, state_json, record_json, updated_at)"
                " VALUES (5, 3, 'S', 'R', 2.0)"
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
    create_at_version(old, version)
    seed_version(old, version)

    async with await Database.open(old) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        if version >= 1:
            profile = await db.profile(1, 10)
            assert profile is not None
            assert profile.stats.display_name == "Ann"
            assert profile.stats.points == {"classic": 7}
            assert profile.stats.firsts == 2
        if version >= 2:
            (table,) = await db.live_tables()
            assert (table.game_id, table.version, table.state_json) == (5, 3, "S")
        if version >= 3:
            settings = await db.guild_settings(1)
            assert (settings.preset, settings.turn_seconds) == ("house", 60)
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


async def test_damaged_pages_are_refused(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        from data import Seat
        from tests.data.conftest import new_game

        for i in range(200):
            await db.create_game(new_game([Seat.human(i, f"p{i}"), Seat.computer("easy")]))
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = bytearray(db_path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(raw) - page, page):  # scribble over every page but the 1st
        raw[offset + 8 : offset + 200] = b"\xa5" * 192
    db_path.write_bytes(bytes(raw))
    with pytest.raises(CorruptDatabase):
        await Database.open(db_path)


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


def test_default_db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = default_db_path()
    assert path == tmp_path / "var" / "president.sqlite3"
    assert path.parent.is_dir()
    assert not path.exists()


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
