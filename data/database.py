"""The :class:`Database`: the only place of the bot that speaks SQL.

One :class:`Database` owns one SQLite connection (through :mod:`aiosqlite`, so the
event loop never blocks on disk). Every public method is one transaction, run
under an :class:`asyncio.Lock` so that concurrent coroutines never interleave
their statements; a method that writes has committed when it returns.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

import aiosqlite
from openskill.models import PlackettLuce

from .errors import (
    CannotOpenDatabase,
    CorruptDatabase,
    DatabaseError,
    GameNotFound,
    GameNotLive,
    RoundAlreadyRecorded,
    SchemaTooNew,
    StaleVersion,
    UnknownDatabase,
)
from .models import (
    DELETED_PLAYER,
    Board,
    ForgetResult,
    GameDetails,
    GameSummary,
    LeaderboardPage,
    LeaderboardRow,
    LiveTable,
    NewGame,
    PlayerStats,
    Profile,
    Rating,
    RoundRecord,
    RoundResult,
    Seat,
    SeatResult,
    Settings,
)
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

BUSY_TIMEOUT_MS: Final = 10_000

_MODEL: Final = PlackettLuce()
DEFAULT_MU: Final[float] = float(_MODEL.mu)
DEFAULT_SIGMA: Final[float] = float(_MODEL.sigma)

_Row = sqlite3.Row


def default_db_path() -> Path:
    """``./var/president.sqlite3`` under the current working directory (parent created)."""
    path = Path.cwd() / "var" / "president.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def position_category(position: int, players: int) -> str:
    """The statistics column a finishing position counts in.

    Position 0 is ``firsts`` and n-1 ``lasts``; with four or more players position 1 is
    ``seconds`` and n-2 ``second_lasts``; every other position is ``middles`` (so with
    three players position 1 is the middle, as in rules §5).
    """
    if not 0 <= position < players:
        raise ValueError(f"position {position} out of range for {players} players")
    if position == 0:
        return "firsts"
    if position == players - 1:
        return "lasts"
    if players >= 4 and position == 1:
        return "seconds"
    if players >= 4 and position == players - 2:
        return "second_lasts"
    return "middles"


def _ts(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _ts_req(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


def _seat_from_row(row: _Row) -> Seat:
    return Seat(
        display_name=row["display_name"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
    )


class Database:
    """Persistence for stats, titles, points, ratings, leaderboards, games and live tables.

    Open with ``await Database.open(path)`` (or ``async with await Database.open(path)``)
    and close with ``await db.close()``.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Callable[[], float]) -> None:
        self._conn = conn
        self._path = path
        self._clock = clock
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> Database:
        """Open (creating if missing) the database at ``path`` and migrate it forward.

        Raises :class:`CorruptDatabase` if the file is not a readable SQLite database,
        :class:`CannotOpenDatabase` if SQLite cannot open it at all (folder, permissions),
        :class:`UnknownDatabase` if it is someone else's, and :class:`SchemaTooNew` if
        a newer release wrote it. None of these touch the file.
        """
        p = Path(path)
        try:
            # Fail here, not inside aiosqlite (whose failed connect leaves its thread
            # to report to a loop that may be gone), when the file cannot be opened.
            await asyncio.to_thread(_preflight, p)
            conn = await aiosqlite.connect(p, isolation_level=None)
        except sqlite3.Error as exc:
            raise CannotOpenDatabase(p, str(exc)) from exc
        try:
            conn.row_factory = sqlite3.Row
            await _exec(conn, f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await _check_file(conn, p)
            await _exec(conn, "PRAGMA foreign_keys = ON")
            await _exec(conn, "PRAGMA journal_mode = WAL")
            await _exec(conn, "PRAGMA synchronous = FULL")
            await _migrate(conn, p)
        except sqlite3.OperationalError as exc:  # locked, I/O error, read-only, ...
            await conn.close()
            raise CannotOpenDatabase(p, str(exc)) from exc
        except sqlite3.DatabaseError as exc:  # SQLITE_NOTADB, SQLITE_CORRUPT
            await conn.close()
            raise CorruptDatabase(p, str(exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, p, clock)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        return self._path

    async def schema_version(self) -> int:
        async with self._lock:
            return await _user_version(self._conn)

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check``: an empty list when the file is sound."""
        async with self._lock:
            rows = await _fetch(self._conn, "PRAGMA integrity_check")
        problems = [str(r[0]) for r in rows]
        return [] if problems == ["ok"] else problems

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def _tx(self, mode: str = "IMMEDIATE") -> AsyncIterator[aiosqlite.Connection]:
        # aiosqlite runs statements in order on its own thread, and a statement that
        # was awaited when a task got cancelled still runs. So on any exception,
        # cancellation included, a ROLLBACK is queued behind it (a no-op error when the
        # COMMIT had already gone through), before the lock lets anyone else in.
        async with self._lock:
            conn = self._conn
            try:
                await _exec(conn, f"BEGIN {mode}")
                yield conn
                await _exec(conn, "COMMIT")
            except BaseException:
                await _rollback(conn)
                raise

    # ------------------------------------------------------------------ games and live tables

    async def create_game(self, game: NewGame) -> int:
        """Store a new game and its live table (version 0); returns the game id."""
        if not game.seats:
            raise ValueError("a game needs seats")
        users = [s.user_id for s in game.seats if s.user_id is not None]
        if len(users) != len(set(users)):
            raise ValueError("a user may hold only one seat of a game")
        for s in game.seats:
            if s.user_id is not None and s.computer_level is not None:
                raise ValueError("a seat is either a user or a computer")
        now = self._clock()
        async with self._tx() as conn:
            cur = await _exec(
                conn,
                "INSERT INTO games (guild_id, channel_id, kind, preset, options_json, scoring,"
                " status, started_at) VALUES (?, ?, ?, ?, ?, ?, 'live', ?)",
                (
                    game.guild_id,
                    game.channel_id,
                    game.kind,
                    game.preset,
                    game.options_json,
                    game.scoring,
                    now,
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await _execmany(
                conn,
                "INSERT INTO game_seats (game_id, seat, user_id, display_name, computer_level)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, i, s.user_id, s.display_name, s.computer_level)
                    for i, s in enumerate(game.seats)
                ],
            )
            await _exec(
                conn,
                "INSERT INTO live_tables (game_id, version, state_json, record_json, meta_json,"
                " updated_at) VALUES (?, 0, ?, ?, ?, ?)",
                (game_id, game.state_json, game.record_json, game.meta_json, now),
            )
        return game_id

    async def save_decision(
        self,
        game_id: int,
        expected_version: int,
        state_json: str,
        record_json: str,
        *,
        meta_json: str | None = None,
        round_result: RoundResult | None = None,
    ) -> int:
        """Store the state and record after an accepted decision; returns the new version.

        Fails with :class:`StaleVersion` (writing nothing) unless the stored version is
        ``expected_version``. A ``round_result`` given here (the decision ended a round)
        is recorded in the same transaction, as by :meth:`record_round`.
        """
        async with self._tx() as conn:
            new_version = await self._bump(
                conn, game_id, expected_version, state_json, record_json, meta_json
            )
            if round_result is not None:
                await self._record_round(conn, game_id, round_result)
        return new_version

    async def set_meta(self, game_id: int, meta_json: str) -> None:
        """Replace the bot's meta blob of a live table (no version change)."""
        async with self._tx() as conn:
            cur = await _exec(
                conn, "UPDATE live_tables SET meta_json = ? WHERE game_id = ?", (meta_json, game_id)
            )
            if cur.rowcount == 0:
                await self._raise_not_live(conn, game_id)

    async def set_seat(self, game_id: int, seat: int, new: Seat) -> None:
        """Change who holds a seat of a live game (e.g. a computer takes over a leaver)."""
        async with self._tx() as conn:
            await self._live_game(conn, game_id)
            if new.user_id is not None:
                rows = await _fetch(
                    conn,
                    "SELECT seat FROM game_seats WHERE game_id = ? AND user_id = ? AND seat != ?",
                    (game_id, new.user_id, seat),
                )
                if rows:
                    raise ValueError("a user may hold only one seat of a game")
            cur = await _exec(
                conn,
                "UPDATE game_seats SET user_id = ?, display_name = ?, computer_level = ?"
                " WHERE game_id = ? AND seat = ?",
                (new.user_id, new.display_name, new.computer_level, game_id, seat),
            )
            if cur.rowcount == 0:
                raise ValueError(f"game {game_id} has no seat {seat}")

    async def record_round(self, game_id: int, result: RoundResult) -> None:
        """Record a finished round and update the humans' stats, titles, points and ratings.

        Ratings change only if at least two humans played the round, and only among
        them. Prefer ``save_decision(..., round_result=...)`` so that the decision that
        ended the round and the round are one transaction.
        """
        async with self._tx() as conn:
            await self._record_round(conn, game_id, result)

    async def finish_game(
        self,
        game_id: int,
        winners: Iterable[int],
        *,
        record_json: str,
        last_round: RoundResult | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Finish a game: its last round, games played and wins, out of the live tables.

        All in one transaction. ``winners`` are seats; every tied winner gets a win.
        With ``expected_version`` the call fails with :class:`StaleVersion` unless the
        live table is at that version.
        """
        win_seats = sorted(set(winners))
        now = self._clock()
        async with self._tx() as conn:
            guild_id, _ = await self._live_game(conn, game_id)
            if expected_version is not None:
                await self._check_version(conn, game_id, expected_version)
            if last_round is not None:
                await self._record_round(conn, game_id, last_round)
            seats = await self._seats(conn, game_id)
            for s in win_seats:
                if s not in seats:
                    raise ValueError(f"game {game_id} has no seat {s}")
            for i, seat in seats.items():
                if seat.user_id is None:
                    continue
                await _ensure_player(conn, guild_id, seat.user_id, seat.display_name)
                await _exec(
                    conn,
                    "UPDATE players SET games_played = games_played + 1, wins = wins + ?"
                    " WHERE guild_id = ? AND user_id = ?",
                    (1 if i in win_seats else 0, guild_id, seat.user_id),
                )
            await _exec(
                conn,
                "UPDATE games SET status = 'finished', ended_at = ?, winners_json = ?,"
                " record_json = ? WHERE game_id = ?",
                (now, json.dumps(win_seats), record_json, game_id),
            )
            await _exec(conn, "DELETE FROM live_tables WHERE game_id = ?", (game_id,))

    async def abandon_game(self, game_id: int, *, record_json: str | None = None) -> None:
        """End a game without a winner; rounds already recorded keep counting."""
        now = self._clock()
        async with self._tx() as conn:
            await self._live_game(conn, game_id)
            if record_json is None:
                rows = await _fetch(
                    conn, "SELECT record_json FROM live_tables WHERE game_id = ?", (game_id,)
                )
                record_json = rows[0][0] if rows else None
            await _exec(
                conn,
                "UPDATE games SET status = 'abandoned', ended_at = ?, winners_json = '[]',"
                " record_json = ? WHERE game_id = ?",
                (now, record_json, game_id),
            )
            await _exec(conn, "DELETE FROM live_tables WHERE game_id = ?", (game_id,))

    async def live_table(self, game_id: int) -> LiveTable | None:
        async with self._tx("DEFERRED") as conn:
            tables = await self._live_tables(conn, "WHERE l.game_id = ?", (game_id,))
        return tables[0] if tables else None

    async def live_tables(self) -> list[LiveTable]:
        """Every game in progress, to resume on start-up."""
        async with self._tx("DEFERRED") as conn:
            return await self._live_tables(conn, "", ())

    # ------------------------------------------------------------------ queries

    async def game(self, game_id: int) -> GameDetails | None:
        """A game with its options, rounds and record."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT g.*, l.record_json AS live_record FROM games g"
                " LEFT JOIN live_tables l USING (game_id) WHERE g.game_id = ?",
                (game_id,),
            )
            if not rows:
                return None
            row = rows[0]
            (summary,) = await self._summaries(conn, [row])
            round_rows = await _fetch(
                conn,
                "SELECT r.round_no, r.ended_at, r.rated, s.seat, s.position, s.title, s.points,"
                " s.total, s.promotion FROM rounds r JOIN round_seats s USING (game_id, round_no)"
                " WHERE r.game_id = ? ORDER BY r.round_no, s.seat",
                (game_id,),
            )
        by_round: dict[int, tuple[float, bool, list[SeatResult]]] = {}
        for r in round_rows:
            entry = by_round.setdefault(r["round_no"], (r["ended_at"], bool(r["rated"]), []))
            entry[2].append(
                SeatResult(
                    seat=r["seat"],
                    position=r["position"],
                    title=r["title"],
                    points=r["points"],
                    total=r["total"],
                    promotion=r["promotion"],
                )
            )
        rounds = tuple(
            RoundRecord(number=n, ended_at=_ts_req(e), rated=rated, seats=tuple(seats))
            for n, (e, rated, seats) in sorted(by_round.items())
        )
        record = row["live_record"] if row["live_record"] is not None else row["record_json"]
        return GameDetails(
            summary=summary, options_json=row["options_json"], rounds=rounds, record_json=record
        )

    async def game_record(self, game_id: int) -> str | None:
        """The game's record JSON (the live one while in progress); None if unknown."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT coalesce(l.record_json, g.record_json) FROM games g"
                " LEFT JOIN live_tables l USING (game_id) WHERE g.game_id = ?",
                (game_id,),
            )
        return rows[0][0] if rows else None

    async def recent_games(
        self, channel_id: int, *, limit: int = 10, include_unfinished: bool = False
    ) -> list[GameSummary]:
        """A channel's most recent games, newest first (finished ones unless told)."""
        cond = "" if include_unfinished else " AND status = 'finished'"
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                f"SELECT * FROM games WHERE channel_id = ?{cond} ORDER BY game_id DESC LIMIT ?",
                (channel_id, limit),
            )
            return await self._summaries(conn, list(rows))

    async def profile(self, guild_id: int, user_id: int, *, recent: int = 5) -> Profile | None:
        """A player's statistics, rating rank and recent games in a guild; None if unknown."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT * FROM players WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            if not rows:
                return None
            p = rows[0]
            points = await _fetch(
                conn,
                "SELECT scheme, points FROM player_points WHERE guild_id = ? AND user_id = ?"
                " ORDER BY scheme",
                (guild_id, user_id),
            )
            rank: int | None = None
            if p["rated_rounds"] > 0:
                (cnt,) = await _fetch(
                    conn,
                    "SELECT count(*) FROM players WHERE guild_id = ? AND rated_rounds > 0"
                    " AND ordinal > ?",
                    (guild_id, p["ordinal"]),
                )
                rank = int(cnt[0]) + 1
            games = await _fetch(
                conn,
                "SELECT g.* FROM game_seats s JOIN games g USING (game_id)"
                " WHERE s.user_id = ? AND g.guild_id = ? AND g.status = 'finished'"
                " ORDER BY s.game_id DESC LIMIT ?",
                (user_id, guild_id, recent),
            )
            summaries = await self._summaries(conn, list(games))
        rounds = p["rounds_played"]
        stats = PlayerStats(
            guild_id=guild_id,
            user_id=user_id,
            display_name=p["display_name"],
            title=p["title"],
            games_played=p["games_played"],
            rounds_played=rounds,
            wins=p["wins"],
            firsts=p["firsts"],
            seconds=p["seconds"],
            middles=p["middles"],
            second_lasts=p["second_lasts"],
            lasts=p["lasts"],
            average_position=(1.0 + p["position_sum"] / rounds) if rounds else None,
            rating=Rating(p["mu"], p["sigma"]),
            rated_rounds=p["rated_rounds"],
            points={r["scheme"]: r["points"] for r in points},
            last_played_at=_ts(p["last_played_at"]),
        )
        return Profile(stats=stats, rating_rank=rank, recent_games=tuple(summaries))

    async def leaderboard(
        self,
        guild_id: int,
        board: Board | str,
        *,
        scheme: str | None = None,
        page: int = 0,
        page_size: int = 10,
        user_id: int | None = None,
    ) -> LeaderboardPage:
        """One page (0-based) of a guild's leaderboard, plus the caller's row and the total.

        ``board`` is :class:`Board`; ``Board.POINTS`` needs ``scheme``. Ties share a
        rank; within a tie rows are ordered by user id.
        """
        if page < 0 or page_size < 1:
            raise ValueError("page must be >= 0 and page_size >= 1")
        kind = Board(board)
        if kind is Board.POINTS:
            if scheme is None:
                raise ValueError("the points board needs a scoring scheme")
            table, col, where = "player_points", "points", "guild_id = ? AND scheme = ?"
            args: tuple[Any, ...] = (guild_id, scheme)
        else:
            scheme = None
            table = "players"
            col = {Board.RATING: "ordinal", Board.WINS: "wins", Board.FIRSTS: "firsts"}[kind]
            where = "guild_id = ?" + (" AND rated_rounds > 0" if kind is Board.RATING else "")
            args = (guild_id,)
        # The page is found on the board's covering index alone (OFFSET skips index
        # entries, not joined rows); only the rows shown are joined with players.
        cols = (
            "b.value, p.user_id, p.display_name, p.mu, p.sigma, p.games_played,"
            " p.rounds_played, p.wins, p.firsts"
        )
        page_sql = (
            f"SELECT {cols} FROM (SELECT user_id, {col} AS value FROM {table} WHERE {where}"
            f" ORDER BY {col} DESC, user_id LIMIT ? OFFSET ?) b"
            " JOIN players p ON p.guild_id = ? AND p.user_id = b.user_id"
            " ORDER BY b.value DESC, b.user_id"
        )
        mine_sql = (
            f"SELECT {cols} FROM (SELECT user_id, {col} AS value FROM {table} WHERE {where}"
            " AND user_id = ?) b JOIN players p ON p.guild_id = ? AND p.user_id = b.user_id"
        )
        better_sql = f"SELECT count(*) FROM {table} WHERE {where} AND {col} > ?"
        async with self._tx("DEFERRED") as conn:
            (total_row,) = await _fetch(conn, f"SELECT count(*) FROM {table} WHERE {where}", args)
            rows = await _fetch(conn, page_sql, (*args, page_size, page * page_size, guild_id))
            first_rank = 0
            if rows:
                (c,) = await _fetch(conn, better_sql, (*args, rows[0]["value"]))
                first_rank = int(c[0]) + 1
            me: LeaderboardRow | None = None
            mine = (
                await _fetch(conn, mine_sql, (*args, user_id, guild_id))
                if user_id is not None
                else []
            )
            if mine:
                (c,) = await _fetch(conn, better_sql, (*args, mine[0]["value"]))
                me = _board_row(int(c[0]) + 1, mine[0])
        out: list[LeaderboardRow] = []
        rank = first_rank
        for i, r in enumerate(rows):
            if i and r["value"] != rows[i - 1]["value"]:
                rank = page * page_size + i + 1
            out.append(_board_row(rank, r))
        return LeaderboardPage(
            board=kind,
            scheme=scheme,
            page=page,
            page_size=page_size,
            total=int(total_row[0]),
            rows=tuple(out),
            me=me,
        )

    # ------------------------------------------------------------------ privacy

    async def forget_user(self, guild_id: int | None, user_id: int) -> ForgetResult:
        """Delete a user's data in one guild (or every guild with ``None``).

        Their player rows and points go; their seats in past and live games become
        anonymous (user id removed, name "Deleted player"). Records hold seats, never
        user ids, so they stay valid. The bot's own live-table meta blobs are opaque
        here: the bot must scrub those itself.
        """
        async with self._tx() as conn:
            if guild_id is None:
                cur = await _exec(conn, "DELETE FROM players WHERE user_id = ?", (user_id,))
                deleted = cur.rowcount
                cur = await _exec(
                    conn,
                    "UPDATE game_seats SET user_id = NULL, display_name = ? WHERE user_id = ?",
                    (DELETED_PLAYER, user_id),
                )
            else:
                cur = await _exec(
                    conn,
                    "DELETE FROM players WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )
                deleted = cur.rowcount
                cur = await _exec(
                    conn,
                    "UPDATE game_seats SET user_id = NULL, display_name = ? WHERE user_id = ?"
                    " AND game_id IN (SELECT game_id FROM games WHERE guild_id = ?)",
                    (DELETED_PLAYER, user_id, guild_id),
                )
            return ForgetResult(players_deleted=deleted, seats_anonymised=cur.rowcount)

    # ------------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int) -> Settings:
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn, "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return _settings(rows[0]) if rows else Settings()

    async def set_guild_settings(self, guild_id: int, settings: Settings) -> None:
        async with self._tx() as conn:
            await _exec(
                conn,
                "INSERT OR REPLACE INTO guild_settings (guild_id, preset, options_json,"
                " turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?)",
                (guild_id, *_settings_values(settings)),
            )

    async def channel_settings(self, channel_id: int) -> Settings:
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn, "SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,)
            )
        return _settings(rows[0]) if rows else Settings()

    async def set_channel_settings(
        self, guild_id: int, channel_id: int, settings: Settings
    ) -> None:
        async with self._tx() as conn:
            await _exec(
                conn,
                "INSERT OR REPLACE INTO channel_settings (channel_id, guild_id, preset,"
                " options_json, turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?, ?)",
                (channel_id, guild_id, *_settings_values(settings)),
            )

    async def effective_settings(self, guild_id: int, channel_id: int) -> Settings:
        """Channel settings over guild settings, field by field (options key by key)."""
        async with self._tx("DEFERRED") as conn:
            g = await _fetch(conn, "SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
            c = await _fetch(
                conn, "SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,)
            )
        gs = _settings(g[0]) if g else Settings()
        cs = _settings(c[0]) if c else Settings()
        return Settings(
            preset=cs.preset if cs.preset is not None else gs.preset,
            options={**gs.options, **cs.options},
            turn_seconds=cs.turn_seconds if cs.turn_seconds is not None else gs.turn_seconds,
            computer_level=(
                cs.computer_level if cs.computer_level is not None else gs.computer_level
            ),
        )

    # ------------------------------------------------------------------ internals

    async def _raise_not_live(self, conn: aiosqlite.Connection, game_id: int) -> None:
        rows = await _fetch(conn, "SELECT status FROM games WHERE game_id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        raise GameNotLive(game_id, rows[0][0])

    async def _live_game(self, conn: aiosqlite.Connection, game_id: int) -> tuple[int, str]:
        """(guild_id, scoring) of a live game, or GameNotFound / GameNotLive."""
        rows = await _fetch(
            conn, "SELECT guild_id, scoring, status FROM games WHERE game_id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFound(game_id)
        if rows[0]["status"] != "live":
            raise GameNotLive(game_id, rows[0]["status"])
        return int(rows[0]["guild_id"]), str(rows[0]["scoring"])

    async def _check_version(self, conn: aiosqlite.Connection, game_id: int, expected: int) -> None:
        rows = await _fetch(conn, "SELECT version FROM live_tables WHERE game_id = ?", (game_id,))
        if not rows:
            await self._raise_not_live(conn, game_id)
        actual = int(rows[0][0])
        if actual != expected:
            raise StaleVersion(game_id, expected, actual)

    async def _bump(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        expected: int,
        state_json: str,
        record_json: str,
        meta_json: str | None,
    ) -> int:
        cur = await _exec(
            conn,
            "UPDATE live_tables SET version = version + 1, state_json = ?, record_json = ?,"
            " meta_json = coalesce(?, meta_json), updated_at = ?"
            " WHERE game_id = ? AND version = ?",
            (state_json, record_json, meta_json, self._clock(), game_id, expected),
        )
        if cur.rowcount != 1:
            await self._check_version(conn, game_id, expected)
            raise AssertionError("unreachable: version matched but nothing was updated")
        return expected + 1

    async def _live_tables(
        self, conn: aiosqlite.Connection, where: str, args: Sequence[Any]
    ) -> list[LiveTable]:
        rows = await _fetch(
            conn,
            "SELECT l.*, g.guild_id, g.channel_id, g.kind, g.preset, g.options_json,"
            f" g.started_at FROM live_tables l JOIN games g USING (game_id) {where}"
            " ORDER BY l.game_id",
            args,
        )
        seats = await self._seats_of(conn, [int(r["game_id"]) for r in rows])
        return [
            LiveTable(
                game_id=r["game_id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"],
                kind=r["kind"],
                preset=r["preset"],
                options_json=r["options_json"],
                seats=seats.get(r["game_id"], ()),
                version=r["version"],
                state_json=r["state_json"],
                record_json=r["record_json"],
                meta_json=r["meta_json"],
                started_at=_ts_req(r["started_at"]),
                updated_at=_ts_req(r["updated_at"]),
            )
            for r in rows
        ]

    async def _seats_of(
        self, conn: aiosqlite.Connection, game_ids: Sequence[int]
    ) -> dict[int, tuple[Seat, ...]]:
        out: dict[int, list[Seat]] = {g: [] for g in game_ids}
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = await _fetch(
                conn,
                "SELECT game_id, seat, user_id, display_name, computer_level FROM game_seats"
                f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                chunk,
            )
            for r in rows:
                out[int(r["game_id"])].append(_seat_from_row(r))
        return {g: tuple(s) for g, s in out.items()}

    async def _summaries(
        self, conn: aiosqlite.Connection, rows: Sequence[sqlite3.Row]
    ) -> list[GameSummary]:
        """GameSummary of each ``games`` row, with its seats."""
        seats = await self._seats_of(conn, [int(r["game_id"]) for r in rows])
        return [
            GameSummary(
                game_id=r["game_id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"],
                kind=r["kind"],
                preset=r["preset"],
                scoring=r["scoring"],
                status=r["status"],
                seats=seats[r["game_id"]],
                winners=tuple(json.loads(r["winners_json"] or "[]")),
                rounds_played=r["rounds_played"],
                started_at=_ts_req(r["started_at"]),
                ended_at=_ts(r["ended_at"]),
            )
            for r in rows
        ]

    async def _seats(self, conn: aiosqlite.Connection, game_id: int) -> dict[int, Seat]:
        rows = await _fetch(
            conn,
            "SELECT seat, user_id, display_name, computer_level FROM game_seats"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return {int(r["seat"]): _seat_from_row(r) for r in rows}

    async def _record_round(
        self, conn: aiosqlite.Connection, game_id: int, result: RoundResult
    ) -> None:
        guild_id, scoring = await self._live_game(conn, game_id)
        seats = await self._seats(conn, game_id)
        n = len(result.seats)
        seat_ids = [s.seat for s in result.seats]
        if len(set(seat_ids)) != n or not set(seat_ids) <= seats.keys():
            raise ValueError(f"round seats {seat_ids} do not match the game's seats")
        if sorted(s.position for s in result.seats) != list(range(n)):
            raise ValueError("round positions must be 0 .. n-1, each once")
        now = self._clock()
        humans = [(s, seats[s.seat]) for s in result.seats if seats[s.seat].user_id is not None]
        rated = len(humans) >= 2
        try:
            await _exec(
                conn,
                "INSERT INTO rounds (game_id, round_no, ended_at, rated) VALUES (?, ?, ?, ?)",
                (game_id, result.number, now, int(rated)),
            )
        except sqlite3.IntegrityError as exc:
            raise RoundAlreadyRecorded(game_id, result.number) from exc
        await _execmany(
            conn,
            "INSERT INTO round_seats (game_id, round_no, seat, position, title, points, total,"
            " promotion) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    result.number,
                    s.seat,
                    s.position,
                    s.title,
                    s.points,
                    s.total,
                    s.promotion,
                )
                for s in result.seats
            ],
        )
        await _exec(
            conn, "UPDATE games SET rounds_played = rounds_played + 1 WHERE game_id = ?", (game_id,)
        )
        for res, seat in humans:
            assert seat.user_id is not None
            name = res.display_name or seat.display_name
            if res.display_name and res.display_name != seat.display_name:
                await _exec(
                    conn,
                    "UPDATE game_seats SET display_name = ? WHERE game_id = ? AND seat = ?",
                    (res.display_name, game_id, res.seat),
                )
            await _ensure_player(conn, guild_id, seat.user_id, name)
            col = position_category(res.position, n)
            await _exec(
                conn,
                f"UPDATE players SET display_name = ?, title = ?,"
                f" rounds_played = rounds_played + 1, {col} = {col} + 1,"
                f" position_sum = position_sum + ?, last_played_at = ?"
                f" WHERE guild_id = ? AND user_id = ?",
                (name, res.title, res.position, now, guild_id, seat.user_id),
            )
            await _exec(
                conn,
                "INSERT INTO player_points (guild_id, user_id, scheme, points, rounds)"
                " VALUES (?, ?, ?, ?, 1) ON CONFLICT (guild_id, user_id, scheme) DO UPDATE"
                " SET points = points + excluded.points, rounds = rounds + 1",
                (guild_id, seat.user_id, scoring, res.points),
            )
        if rated:
            await _rate(conn, guild_id, [(seat.user_id, res.position) for res, seat in humans])


async def _ensure_player(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, display_name: str
) -> None:
    await _exec(
        conn,
        "INSERT INTO players (guild_id, user_id, display_name, mu, sigma, ordinal)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO NOTHING",
        (
            guild_id,
            user_id,
            display_name,
            DEFAULT_MU,
            DEFAULT_SIGMA,
            DEFAULT_MU - 3 * DEFAULT_SIGMA,
        ),
    )


async def _rate(
    conn: aiosqlite.Connection, guild_id: int, results: Sequence[tuple[int | None, int]]
) -> None:
    """Update PlackettLuce ratings among ``results`` (user id, position), best first."""
    users = [u for u, _ in results if u is not None]
    ratings = []
    for u in users:
        (row,) = await _fetch(
            conn, "SELECT mu, sigma FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, u)
        )
        ratings.append([_MODEL.rating(mu=row[0], sigma=row[1])])
    ranks = [float(p) for u, p in results if u is not None]
    new = _MODEL.rate(ratings, ranks=ranks)
    await _execmany(
        conn,
        "UPDATE players SET mu = ?, sigma = ?, ordinal = ?, rated_rounds = rated_rounds + 1"
        " WHERE guild_id = ? AND user_id = ?",
        [
            (team[0].mu, team[0].sigma, team[0].mu - 3 * team[0].sigma, guild_id, u)
            for u, team in zip(users, new, strict=True)
        ],
    )


def _board_row(rank: int, r: _Row) -> LeaderboardRow:
    return LeaderboardRow(
        rank=rank,
        user_id=r["user_id"],
        display_name=r["display_name"],
        value=r["value"],
        rating=Rating(r["mu"], r["sigma"]),
        games_played=r["games_played"],
        rounds_played=r["rounds_played"],
        wins=r["wins"],
        firsts=r["firsts"],
    )


def _settings(row: _Row) -> Settings:
    options = json.loads(row["options_json"] or "{}")
    return Settings(
        preset=row["preset"],
        options=options if isinstance(options, dict) else {},
        turn_seconds=row["turn_seconds"],
        computer_level=row["computer_level"],
    )


def _settings_values(s: Settings) -> tuple[str | None, str, int | None, str | None]:
    return (s.preset, json.dumps(dict(s.options), sort_keys=True), s.turn_seconds, s.computer_level)


@dataclass(frozen=True, slots=True)
class _Done:
    rowcount: int
    lastrowid: int | None


async def _exec(conn: aiosqlite.Connection, sql: str, args: Sequence[Any] = ()) -> _Done:
    async with conn.execute(sql, args) as cur:
        return _Done(cur.rowcount, cur.lastrowid)


async def _execmany(conn: aiosqlite.Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    async with conn.executemany(sql, rows):
        pass


async def _rollback(conn: aiosqlite.Connection) -> None:
    """ROLLBACK, ignoring "no transaction is active" (it had committed or never began)."""
    with suppress(sqlite3.OperationalError):
        await _exec(conn, "ROLLBACK")


async def _fetch(
    conn: aiosqlite.Connection, sql: str, args: Sequence[Any] = ()
) -> list[sqlite3.Row]:
    async with conn.execute(sql, args) as cur:
        return list(await cur.fetchall())


# ---------------------------------------------------------------------- start-up


def _preflight(path: Path) -> None:
    sqlite3.connect(path).close()


async def _user_version(conn: aiosqlite.Connection) -> int:
    rows = await _fetch(conn, "PRAGMA user_version")
    return int(next(iter(rows))[0])


async def _check_file(conn: aiosqlite.Connection, path: Path) -> None:
    """Refuse, without writing, a file that is not ours or is from a newer release."""
    version = await _user_version(conn)  # raises sqlite3.DatabaseError if not a database
    (app,) = await _fetch(conn, "PRAGMA application_id")
    (tables,) = await _fetch(conn, "SELECT count(*) FROM sqlite_schema")
    if int(app[0]) not in (0, APPLICATION_ID) or (version == 0 and int(tables[0]) > 0):
        raise UnknownDatabase(path)
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(path, version, SCHEMA_VERSION)
    (quick,) = await _fetch(conn, "PRAGMA quick_check(1)")
    if quick[0] != "ok":
        raise CorruptDatabase(path, f"integrity check: {quick[0]}")


async def _migrate(conn: aiosqlite.Connection, path: Path) -> None:
    """Apply every migration past the file's version, all in one transaction."""
    await _exec(conn, "BEGIN IMMEDIATE")  # serialise with another process migrating
    try:
        version = await _user_version(conn)
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(path, version, SCHEMA_VERSION)
        for m in MIGRATIONS[version:]:
            for statement in _statements(m.sql):
                await _exec(conn, statement)
            await _exec(conn, f"PRAGMA user_version = {m.version}")
        if version < SCHEMA_VERSION:
            await _exec(conn, f"PRAGMA application_id = {APPLICATION_ID}")
        await _exec(conn, "COMMIT")
    except BaseException:
        await _rollback(conn)
        raise


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (SQLite's own completeness test)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        raise DatabaseError(f"incomplete statement in migration: {buf.strip()[:60]}")
    return out


__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Database", "default_db_path", "position_category"]
