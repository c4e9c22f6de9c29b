"""The :class:`Database`: the only place of the bot that speaks SQL.

One :class:`Database` owns one SQLite connection (through :mod:`aiosqlite`, so the
event loop never blocks on disk). Every public method is one transaction, run
under an :class:`asyncio.Lock` so that concurrent coroutines never interleave
their statements; a method that writes has committed when it returns.

A game in progress is stored as it grows: its record's header and the state as
dealt are written when a round starts, and each decision appends one line to a log,
so a decision costs the same in round one as in round twenty (see ``schema._V4``).
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self, cast

import aiosqlite

from .errors import (
    CannotOpenDatabase,
    CorruptDatabase,
    DatabaseError,
    GameNotFound,
    GameNotLive,
    InvalidRound,
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
    are_places,
)
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, ordinal, rate
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from .stats_rules import Statistics, average_place, counted, kept_details, round_counts

BUSY_TIMEOUT_MS: Final = 10_000

_Row = sqlite3.Row


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
    """Persistence for statistics, points, ratings, leaderboards, games and live tables.

    Open with ``await Database.open(path)`` (or ``async with await Database.open(path)``)
    and close with ``await db.close()``.
    """

    def __init__(
        self,
        conn: aiosqlite.Connection,
        path: Path,
        clock: Callable[[], float],
        integrity_checked: bool = False,
    ) -> None:
        self._conn = conn
        self._path = path
        self._clock = clock
        self._lock = asyncio.Lock()
        self._integrity_checked = integrity_checked

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        integrity_check: bool | None = None,
    ) -> Database:
        """Open (creating if missing) the database at ``path`` and migrate it forward.

        Raises :class:`CorruptDatabase` if the file is not a readable SQLite database,
        :class:`CannotOpenDatabase` if SQLite cannot open it at all (folder, permissions),
        :class:`UnknownDatabase` if it is someone else's, and :class:`SchemaTooNew` if
        a newer release wrote it. None of these touch the file.

        The file's integrity is checked (``PRAGMA quick_check``, about a second on a big
        file) when it was not closed cleanly last time (a crash, a kill, a power cut),
        when it comes from a release without that record, or with ``integrity_check=True``;
        ``False`` never checks.
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
            checked = await _check_file(conn, p, integrity_check)
            await _exec(conn, "PRAGMA foreign_keys = ON")
            await _exec(conn, "PRAGMA journal_mode = WAL")
            await _exec(conn, "PRAGMA synchronous = FULL")
            await _migrate(conn, p, checked=checked)
        except sqlite3.OperationalError as exc:  # locked, I/O error, read-only, ...
            await conn.close()
            raise CannotOpenDatabase(p, str(exc)) from exc
        except sqlite3.DatabaseError as exc:  # SQLITE_NOTADB, SQLITE_CORRUPT
            await conn.close()
            raise CorruptDatabase(p, str(exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, p, clock, checked)

    async def close(self) -> None:
        """Close cleanly: the next open skips the integrity check (unless another
        connection to the file is still open, or one of them was not closed)."""
        async with self._lock:
            # best effort: if this fails the marker stays and the next open checks
            with suppress(sqlite3.Error, ValueError):
                await _exec(self._conn, "UPDATE open_state SET open_count = max(0, open_count - 1)")
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

    @property
    def integrity_checked(self) -> bool:
        """Whether opening ran the integrity check (the file had not been closed
        cleanly, came from an older release, or the check was asked for)."""
        return self._integrity_checked

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
        _json_object(game.header_json, "header_json", forbidden="rounds")
        _json_object(game.deal_json, "deal_json", forbidden="decisions")
        now = self._clock()
        async with self._tx() as conn:
            cur = await _exec(
                conn,
                "INSERT INTO games (guild_id, channel_id, kind, preset, options_json, scoring,"
                " status, started_at, lower_is_better) VALUES (?, ?, ?, ?, ?, ?, 'live', ?, ?)",
                (
                    game.guild_id,
                    game.channel_id,
                    game.kind,
                    game.preset,
                    game.options_json,
                    game.scoring,
                    now,
                    int(game.lower_is_better),
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
                "INSERT INTO live_games (game_id, version, meta_json, updated_at)"
                " VALUES (?, 0, ?, ?)",
                (game_id, game.meta_json, now),
            )
            await _exec(
                conn,
                "INSERT INTO live_snapshots (game_id, seq, header_json, snapshot_json)"
                " VALUES (?, 0, ?, ?)",
                (game_id, game.header_json, game.snapshot_json),
            )
            await _exec(
                conn,
                "INSERT INTO live_deals (game_id, seq, deal_json) VALUES (?, 0, ?)",
                (game_id, game.deal_json),
            )
        return game_id

    async def append_decision(
        self,
        game_id: int,
        expected_version: int,
        player: int,
        decision: str,
        *,
        meta_json: str | None = None,
        round_result: RoundResult | None = None,
        winners: Sequence[int] | None = None,
    ) -> int:
        """Append one accepted decision to the game's log; returns the new version.

        Fails with :class:`StaleVersion` (writing nothing) unless the stored version is
        ``expected_version``, with :class:`GameNotLive` once the game has ended.
        ``meta_json`` replaces the bot's meta blob. A ``round_result`` (the decision
        ended a round) records the round and the humans' statistics; ``winners`` (the
        decision ended the game) finishes it: games played and wins, the assembled
        record kept, the live rows removed. All in one transaction.
        """
        async with self._tx() as conn:
            version = await self._bump(conn, game_id, expected_version, meta_json)
            await _exec(
                conn,
                "INSERT INTO live_log (game_id, seq, player, decision) VALUES (?, ?, ?, ?)",
                (game_id, version, int(player), decision),
            )
            if round_result is not None:
                await self._record_round(conn, game_id, round_result)
            if winners is not None:
                await self._end(conn, game_id, "finished", sorted(set(winners)))
        return version

    async def start_round(
        self,
        game_id: int,
        expected_version: int,
        snapshot_json: str,
        deal_json: str,
        *,
        meta_json: str | None = None,
    ) -> int:
        """The next round was dealt: store its deal and the state as dealt (written
        without its record); returns the new version. Resuming replays from here."""
        _json_object(deal_json, "deal_json", forbidden="decisions")
        async with self._tx() as conn:
            version = await self._bump(conn, game_id, expected_version, meta_json)
            await _exec(
                conn,
                "UPDATE live_snapshots SET seq = ?, snapshot_json = ? WHERE game_id = ?",
                (version, snapshot_json, game_id),
            )
            await _exec(
                conn,
                "INSERT INTO live_deals (game_id, seq, deal_json) VALUES (?, ?, ?)",
                (game_id, version, deal_json),
            )
        return version

    async def set_meta(self, game_id: int, meta_json: str) -> None:
        """Replace the bot's meta blob of a live table (no version change)."""
        async with self._tx() as conn:
            cur = await _exec(
                conn, "UPDATE live_games SET meta_json = ? WHERE game_id = ?", (meta_json, game_id)
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

    async def abandon_game(self, game_id: int) -> None:
        """End a game without a winner, keeping its record; rounds already recorded count."""
        async with self._tx() as conn:
            await self._live_game(conn, game_id)
            await self._end(conn, game_id, "abandoned", [])

    async def live_table(self, game_id: int) -> LiveTable | None:
        async with self._tx("DEFERRED") as conn:
            tables = await self._live_tables(conn, [game_id])
        return tables[0] if tables else None

    async def live_tables(self) -> list[LiveTable]:
        """Every game in progress, to resume on start-up."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(conn, "SELECT game_id FROM live_games ORDER BY game_id")
            return await self._live_tables(conn, [int(r[0]) for r in rows])

    # ------------------------------------------------------------------ queries

    async def game(self, game_id: int) -> GameDetails | None:
        """A game with its options, rounds and record (assembled while live)."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(conn, "SELECT * FROM games WHERE game_id = ?", (game_id,))
            if not rows:
                return None
            row = rows[0]
            (summary,) = await self._summaries(conn, [row])
            round_rows = await _fetch(
                conn,
                "SELECT r.round_no, r.ended_at, r.rated, s.seat, s.position, s.score, s.total,"
                " s.details_json FROM rounds r JOIN round_seats s USING (game_id, round_no)"
                " WHERE r.game_id = ? ORDER BY r.round_no, s.seat",
                (game_id,),
            )
            record = await self._record(conn, game_id, row)
        by_round: dict[int, tuple[float, bool, list[SeatResult]]] = {}
        for r in round_rows:
            entry = by_round.setdefault(r["round_no"], (r["ended_at"], bool(r["rated"]), []))
            entry[2].append(
                SeatResult(
                    seat=r["seat"],
                    position=r["position"],
                    score=r["score"],
                    total=r["total"],
                    details=json.loads(r["details_json"]),
                )
            )
        rounds = tuple(
            RoundRecord(number=n, ended_at=_ts_req(e), rated=rated, seats=tuple(seats))
            for n, (e, rated, seats) in sorted(by_round.items())
        )
        return GameDetails(
            summary=summary, options_json=row["options_json"], rounds=rounds, record_json=record
        )

    async def game_record(self, game_id: int) -> str | None:
        """The game's record JSON (assembled while in progress); None if unknown."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(conn, "SELECT * FROM games WHERE game_id = ?", (game_id,))
            return await self._record(conn, game_id, rows[0]) if rows else None

    async def recent_games(
        self,
        channel_id: int,
        *,
        kind: str | None = None,
        limit: int = 10,
        include_unfinished: bool = False,
    ) -> list[GameSummary]:
        """A channel's most recent games (of one kind, if given), newest first
        (finished ones unless told)."""
        cond = "" if include_unfinished else " AND status = 'finished'"
        args: list[Any] = [channel_id]
        if kind is not None:
            cond += " AND kind = ?"
            args.append(kind)
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                f"SELECT * FROM games WHERE channel_id = ?{cond} ORDER BY game_id DESC LIMIT ?",
                (*args, limit),
            )
            return await self._summaries(conn, list(rows))

    async def played_kinds(self, guild_id: int, user_id: int) -> tuple[str, ...]:
        """The game kinds a player has statistics of in a guild, last played first."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT kind FROM players WHERE user_id = ? AND guild_id = ?"
                " ORDER BY last_played_at IS NULL, last_played_at DESC, kind",
                (user_id, guild_id),
            )
        return tuple(str(r[0]) for r in rows)

    async def profile(
        self, guild_id: int, user_id: int, *, kind: str, recent: int = 5
    ) -> Profile | None:
        """A player's statistics of one game kind in a guild, their rating rank and
        recent finished games of that kind; None if they never played it there."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT * FROM players WHERE guild_id = ? AND kind = ? AND user_id = ?",
                (guild_id, kind, user_id),
            )
            if not rows:
                return None
            p = rows[0]
            points = await _fetch(
                conn,
                "SELECT scheme, points, rounds FROM player_points"
                " WHERE guild_id = ? AND kind = ? AND user_id = ? ORDER BY scheme",
                (guild_id, kind, user_id),
            )
            counts = await _fetch(
                conn,
                "SELECT stat, value FROM player_stats"
                " WHERE guild_id = ? AND kind = ? AND user_id = ? ORDER BY stat",
                (guild_id, kind, user_id),
            )
            rank: int | None = None
            if p["rated_rounds"] > 0:
                (cnt,) = await _fetch(
                    conn,
                    "SELECT count(*) FROM players WHERE guild_id = ? AND kind = ?"
                    " AND rated_rounds > 0 AND ordinal > ?",
                    (guild_id, kind, p["ordinal"]),
                )
                rank = int(cnt[0]) + 1
            games = await _fetch(
                conn,
                "SELECT g.* FROM game_seats s JOIN games g USING (game_id)"
                " WHERE s.user_id = ? AND g.guild_id = ? AND g.kind = ?"
                " AND g.status = 'finished' ORDER BY s.game_id DESC LIMIT ?",
                (user_id, guild_id, kind, recent),
            )
            summaries = await self._summaries(conn, list(games))
        rounds = p["rounds_played"]
        stats = PlayerStats(
            guild_id=guild_id,
            kind=kind,
            user_id=user_id,
            display_name=p["display_name"],
            games_played=p["games_played"],
            rounds_played=rounds,
            wins=p["wins"],
            average_position=average_place(p["position_sum"], rounds),
            rating=Rating(p["mu"], p["sigma"]),
            rated_rounds=p["rated_rounds"],
            points={r["scheme"]: r["points"] for r in points},
            last_played_at=_ts(p["last_played_at"]),
            means={r["scheme"]: r["points"] / r["rounds"] for r in points if r["rounds"]},
            counts={str(r["stat"]): int(r["value"]) for r in counts},
            details=_details(p["details_json"]),
        )
        return Profile(stats=stats, rating_rank=rank, recent_games=tuple(summaries))

    async def leaderboard(
        self,
        guild_id: int,
        board: Board | str,
        *,
        kind: str,
        stat: str | None = None,
        lower_is_better: bool = False,
        page: int = 0,
        page_size: int = 10,
        user_id: int | None = None,
    ) -> LeaderboardPage:
        """One page (0-based) of a guild's leaderboard of one game kind, plus the
        caller's row and the total.

        ``Board.POINTS`` and ``Board.MEAN`` (points per round) need ``stat``, the
        scoring scheme, and ``Board.COUNT`` the counted statistic's name; with
        ``lower_is_better`` (a penalty game) these rank the lowest first. The rating
        and wins boards always rank the highest first. Ties share a rank; within a
        tie rows are ordered by user id.
        """
        if page < 0 or page_size < 1:
            raise ValueError("page must be >= 0 and page_size >= 1")
        which = Board(board)
        order, better = "DESC", ">"
        if which in (Board.POINTS, Board.MEAN, Board.COUNT):
            if stat is None:
                raise ValueError(f"the {which.value} board needs a scheme or statistic")
            if which is Board.COUNT:
                table, col = "player_stats", "value"
                where = "guild_id = ? AND kind = ? AND stat = ?"
            elif which is Board.POINTS:
                table, col = "player_points", "points"
                where = "guild_id = ? AND kind = ? AND scheme = ?"
            else:
                # the very expression of the player_points_mean index, so it is used
                table, col = "player_points", "(CAST(points AS REAL) / rounds)"
                where = "guild_id = ? AND kind = ? AND scheme = ? AND rounds > 0"
            args: tuple[Any, ...] = (guild_id, kind, stat)
            if lower_is_better:
                order, better = "ASC", "<"
        else:
            stat = None
            table = "players"
            col = {Board.RATING: "ordinal", Board.WINS: "wins"}[which]
            where = "guild_id = ? AND kind = ?"
            where += " AND rated_rounds > 0" if which is Board.RATING else ""
            args = (guild_id, kind)
        # The page is found on the board's covering index alone (OFFSET skips index
        # entries, not joined rows); only the rows shown are joined with players.
        cols = (
            "b.value, p.user_id, p.display_name, p.mu, p.sigma, p.games_played,"
            " p.rounds_played, p.wins"
        )
        join = " JOIN players p ON p.guild_id = ? AND p.kind = ? AND p.user_id = b.user_id"
        page_sql = (
            f"SELECT {cols} FROM (SELECT user_id, {col} AS value FROM {table} WHERE {where}"
            f" ORDER BY {col} {order}, user_id LIMIT ? OFFSET ?) b{join}"
            f" ORDER BY b.value {order}, b.user_id"
        )
        mine_sql = (
            f"SELECT {cols} FROM (SELECT user_id, {col} AS value FROM {table} WHERE {where}"
            f" AND user_id = ?) b{join}"
        )
        # SQLite's planner does not see that the rating board's partial index covers a
        # count and would visit every player's row instead (10 ms at 10,000 players)
        counted = f"{table} INDEXED BY players_by_rating" if which is Board.RATING else table
        better_sql = f"SELECT count(*) FROM {counted} WHERE {where} AND {col} {better} ?"
        async with self._tx("DEFERRED") as conn:
            (total_row,) = await _fetch(conn, f"SELECT count(*) FROM {counted} WHERE {where}", args)
            rows = await _fetch(
                conn, page_sql, (*args, page_size, page * page_size, guild_id, kind)
            )
            first_rank = 0
            if rows:
                (c,) = await _fetch(conn, better_sql, (*args, rows[0]["value"]))
                first_rank = int(c[0]) + 1
            me: LeaderboardRow | None = None
            mine = (
                await _fetch(conn, mine_sql, (*args, user_id, guild_id, kind))
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
            board=which,
            kind=kind,
            stat=stat,
            page=page,
            page_size=page_size,
            total=int(total_row[0]),
            rows=tuple(out),
            me=me,
        )

    # ------------------------------------------------------------------ privacy

    async def forget_user(self, guild_id: int | None, user_id: int) -> ForgetResult:
        """Delete a user's data, of every game kind, in one guild (or every guild with
        ``None``).

        Their player rows and points go; their seats in past and live games become
        anonymous (user id removed, name "Deleted player"). Records hold seats, never
        user ids, so they stay valid. The bot's own live-table meta blobs are opaque
        here: the bot must scrub those itself.
        """
        async with self._tx() as conn:
            if guild_id is None:
                await _exec(conn, "DELETE FROM dm_channels WHERE user_id = ?", (user_id,))
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
                    "DELETE FROM players WHERE user_id = ? AND guild_id = ?",
                    (user_id, guild_id),
                )
                deleted = cur.rowcount
                cur = await _exec(
                    conn,
                    "UPDATE game_seats SET user_id = NULL, display_name = ? WHERE user_id = ?"
                    " AND game_id IN (SELECT game_id FROM games WHERE guild_id = ?)",
                    (DELETED_PLAYER, user_id, guild_id),
                )
            return ForgetResult(players_deleted=deleted, seats_anonymised=cur.rowcount)

    # ------------------------------------------------------------- DM channels

    async def dm_channel(self, user_id: int) -> int | None:
        """The id of the user's DM channel with the bot, if it was ever opened."""
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn, "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
            )
        return int(rows[0][0]) if rows else None

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        async with self._tx() as conn:
            await _exec(
                conn,
                "INSERT OR REPLACE INTO dm_channels (user_id, channel_id) VALUES (?, ?)",
                (user_id, channel_id),
            )

    # ------------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int, kind: str) -> Settings:
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT * FROM guild_settings WHERE guild_id = ? AND kind = ?",
                (guild_id, kind),
            )
        return _settings(rows[0]) if rows else Settings()

    async def set_guild_settings(self, guild_id: int, kind: str, settings: Settings) -> None:
        async with self._tx() as conn:
            await _exec(
                conn,
                "INSERT OR REPLACE INTO guild_settings (guild_id, kind, preset, options_json,"
                " turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, kind, *_settings_values(settings)),
            )

    async def channel_settings(self, channel_id: int, kind: str) -> Settings:
        async with self._tx("DEFERRED") as conn:
            rows = await _fetch(
                conn,
                "SELECT * FROM channel_settings WHERE channel_id = ? AND kind = ?",
                (channel_id, kind),
            )
        return _settings(rows[0]) if rows else Settings()

    async def set_channel_settings(
        self, channel_id: int, guild_id: int, kind: str, settings: Settings
    ) -> None:
        async with self._tx() as conn:
            await _exec(
                conn,
                "INSERT OR REPLACE INTO channel_settings (channel_id, kind, guild_id, preset,"
                " options_json, turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (channel_id, kind, guild_id, *_settings_values(settings)),
            )

    async def effective_settings(self, guild_id: int, channel_id: int, kind: str) -> Settings:
        """Channel settings over guild settings of one kind, field by field (options
        key by key)."""
        async with self._tx("DEFERRED") as conn:
            g = await _fetch(
                conn,
                "SELECT * FROM guild_settings WHERE guild_id = ? AND kind = ?",
                (guild_id, kind),
            )
            c = await _fetch(
                conn,
                "SELECT * FROM channel_settings WHERE channel_id = ? AND kind = ?",
                (channel_id, kind),
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

    async def _live_game(self, conn: aiosqlite.Connection, game_id: int) -> _GameRow:
        """The game's guild, kind and scoring if live, or GameNotFound / GameNotLive."""
        rows = await _fetch(
            conn, "SELECT guild_id, kind, scoring, status FROM games WHERE game_id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFound(game_id)
        if rows[0]["status"] != "live":
            raise GameNotLive(game_id, rows[0]["status"])
        return _GameRow(int(rows[0]["guild_id"]), str(rows[0]["kind"]), str(rows[0]["scoring"]))

    async def _bump(
        self, conn: aiosqlite.Connection, game_id: int, expected: int, meta_json: str | None
    ) -> int:
        # Only the small live_games row changes on every decision: SQLite rewrites a
        # whole row (overflow pages too) on any update, so nothing large lives here.
        cur = await _exec(
            conn,
            "UPDATE live_games SET version = version + 1, meta_json = coalesce(?, meta_json),"
            " updated_at = ? WHERE game_id = ? AND version = ?",
            (meta_json, self._clock(), game_id, expected),
        )
        if cur.rowcount != 1:
            rows = await _fetch(
                conn, "SELECT version FROM live_games WHERE game_id = ?", (game_id,)
            )
            if not rows:
                await self._raise_not_live(conn, game_id)
            raise StaleVersion(game_id, expected, int(rows[0][0]))
        return expected + 1

    async def _record(self, conn: aiosqlite.Connection, game_id: int, game: _Row) -> str | None:
        """The record of a ``games`` row: assembled while live, else the one kept."""
        if game["status"] == "live":
            live = await _fetch(conn, "SELECT 1 FROM live_games WHERE game_id = ?", (game_id,))
            if live:  # (a game left live by schema 1, before live tables, has none)
                return (await self._assemble(conn, game_id, str(game["kind"])))[0]
        return cast(str | None, game["record_json"])

    async def _assemble(
        self, conn: aiosqlite.Connection, game_id: int, kind: str, *, as_of_snapshot: bool = False
    ) -> tuple[str, tuple[tuple[int, str], ...]]:
        """The live game's record, and the decisions left out of it.

        The whole record, or ``as_of_snapshot``: the record as it was when the snapshot
        was written, and the decisions stored since (to apply to the snapshot).
        """
        (snap,) = await _fetch(
            conn, "SELECT seq, header_json FROM live_snapshots WHERE game_id = ?", (game_id,)
        )
        deals = await _fetch(
            conn, "SELECT seq, deal_json FROM live_deals WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        log = await _fetch(
            conn,
            "SELECT seq, player, decision FROM live_log WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        cut = int(snap["seq"]) if as_of_snapshot else None
        record = json.loads(snap["header_json"])
        record.setdefault("game", kind)
        rounds: list[dict[str, Any]] = []
        seqs = [int(d["seq"]) for d in deals]
        for d in deals:
            deal = json.loads(d["deal_json"])
            deal["decisions"] = []
            rounds.append(deal)
        after: list[tuple[int, str]] = []
        i = 0
        for row in log:
            seq = int(row["seq"])
            if cut is not None and seq > cut:
                after.append((int(row["player"]), str(row["decision"])))
                continue
            while i + 1 < len(seqs) and seqs[i + 1] < seq:
                i += 1
            rounds[i]["decisions"].append([int(row["player"]), str(row["decision"])])
        record["rounds"] = rounds
        return json.dumps(record, ensure_ascii=False), tuple(after)

    async def _end(
        self, conn: aiosqlite.Connection, game_id: int, status: str, winners: Sequence[int]
    ) -> None:
        """Finish or abandon a live game: wins and games played (finished only), the
        assembled record kept in ``games``, the live rows removed."""
        g = await self._live_game(conn, game_id)
        if status == "finished":
            seats = await self._seats(conn, game_id)
            for s in winners:
                if s not in seats:
                    raise ValueError(f"game {game_id} has no seat {s}")
            for i, seat in seats.items():
                if seat.user_id is None:
                    continue
                await _ensure_player(conn, g.guild_id, g.kind, seat.user_id, seat.display_name)
                await _exec(
                    conn,
                    "UPDATE players SET games_played = games_played + 1, wins = wins + ?"
                    " WHERE guild_id = ? AND kind = ? AND user_id = ?",
                    (1 if i in winners else 0, g.guild_id, g.kind, seat.user_id),
                )
        record, _ = await self._assemble(conn, game_id, g.kind)
        await _exec(
            conn,
            "UPDATE games SET status = ?, ended_at = ?, winners_json = ?, record_json = ?"
            " WHERE game_id = ?",
            (status, self._clock(), json.dumps(list(winners)), record, game_id),
        )
        # the snapshot, deals and log go with it (ON DELETE CASCADE)
        await _exec(conn, "DELETE FROM live_games WHERE game_id = ?", (game_id,))

    async def _live_tables(
        self, conn: aiosqlite.Connection, game_ids: Sequence[int]
    ) -> list[LiveTable]:
        seats = await self._seats_of(conn, game_ids)
        out = []
        for game_id in game_ids:
            rows = await _fetch(
                conn,
                "SELECT l.version, l.meta_json, l.updated_at, s.snapshot_json, g.guild_id,"
                " g.channel_id, g.kind, g.preset, g.options_json, g.started_at"
                " FROM live_games l JOIN live_snapshots s USING (game_id)"
                " JOIN games g USING (game_id) WHERE l.game_id = ?",
                (game_id,),
            )
            if not rows:
                continue
            r = rows[0]
            record, decisions = await self._assemble(
                conn, game_id, str(r["kind"]), as_of_snapshot=True
            )
            out.append(
                LiveTable(
                    game_id=game_id,
                    guild_id=r["guild_id"],
                    channel_id=r["channel_id"],
                    kind=r["kind"],
                    preset=r["preset"],
                    options_json=r["options_json"],
                    seats=seats.get(game_id, ()),
                    version=r["version"],
                    snapshot_json=r["snapshot_json"],
                    record_json=record,
                    decisions=decisions,
                    meta_json=r["meta_json"],
                    started_at=_ts_req(r["started_at"]),
                    updated_at=_ts_req(r["updated_at"]),
                )
            )
        return out

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
                lower_is_better=bool(r["lower_is_better"]),
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
        g = await self._live_game(conn, game_id)
        seats = await self._seats(conn, game_id)
        n = len(result.seats)
        seat_ids = [s.seat for s in result.seats]
        if len(set(seat_ids)) != n or not set(seat_ids) <= seats.keys():
            raise InvalidRound(game_id, f"seats {seat_ids} are not the game's seats")
        positions = [s.position for s in result.seats]
        if not are_places(positions):
            raise InvalidRound(
                game_id,
                f"places {positions} are not a competition ranking"
                " (tied players share a place, the places after them are skipped)",
            )
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
            "INSERT INTO round_seats (game_id, round_no, seat, position, score, total,"
            " details_json) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    result.number,
                    s.seat,
                    s.position,
                    s.score,
                    s.total,
                    _json(s.details),
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
            spec = result.statistics
            await _ensure_player(conn, g.guild_id, g.kind, seat.user_id, name, counted(spec))
            await _exec(
                conn,
                "UPDATE players SET display_name = ?, details_json = ?,"
                " rounds_played = rounds_played + 1,"
                " position_sum = position_sum + ?, last_played_at = ?"
                " WHERE guild_id = ? AND kind = ? AND user_id = ?",
                (
                    name,
                    _json(kept_details(spec, res.details)),
                    res.position,
                    now,
                    g.guild_id,
                    g.kind,
                    seat.user_id,
                ),
            )
            await _exec(
                conn,
                "INSERT INTO player_points (guild_id, kind, user_id, scheme, points, rounds)"
                " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id, scheme)"
                " DO UPDATE SET points = points + excluded.points, rounds = rounds + 1",
                (g.guild_id, g.kind, seat.user_id, g.scoring, res.score),
            )
            await _execmany(
                conn,
                "INSERT INTO player_stats (guild_id, kind, user_id, stat, value)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id, stat)"
                " DO UPDATE SET value = player_stats.value + excluded.value",
                [
                    (g.guild_id, g.kind, seat.user_id, stat, add)
                    for stat, add in round_counts(spec, res.position, n, res.details).items()
                ],
            )
        if rated:
            await _rate(
                conn, g.guild_id, g.kind, [(seat.user_id, res.position) for res, seat in humans]
            )


@dataclass(frozen=True, slots=True)
class _GameRow:
    guild_id: int
    kind: str
    scoring: str


def _json_object(text: str, name: str, *, forbidden: str) -> None:
    """Refuse, before anything is written, a record piece that could not be assembled."""
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{name} is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be a JSON object")
    if forbidden in value:
        raise ValueError(f"{name} must not hold {forbidden!r}")


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(dict(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _details(text: str | None) -> dict[str, Any]:
    value = json.loads(text or "{}")
    return value if isinstance(value, dict) else {}


async def _ensure_player(
    conn: aiosqlite.Connection,
    guild_id: int,
    kind: str,
    user_id: int,
    display_name: str,
    counts: Sequence[str] = (),
) -> None:
    """The player's row of this kind, and a zero for each of ``counts`` when new."""
    cur = await _exec(
        conn,
        "INSERT INTO players (guild_id, kind, user_id, display_name, mu, sigma, ordinal)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
        (
            guild_id,
            kind,
            user_id,
            display_name,
            DEFAULT_MU,
            DEFAULT_SIGMA,
            ordinal(DEFAULT_MU, DEFAULT_SIGMA),
        ),
    )
    if cur.rowcount and counts:
        await _execmany(
            conn,
            "INSERT INTO player_stats (guild_id, kind, user_id, stat, value)"
            " VALUES (?, ?, ?, ?, 0)",
            [(guild_id, kind, user_id, stat) for stat in counts],
        )


async def _rate(
    conn: aiosqlite.Connection,
    guild_id: int,
    kind: str,
    results: Sequence[tuple[int | None, int]],
) -> None:
    """Store the new ratings among ``results`` (user id, position; equal positions are
    ties), as :func:`data.ratings.rate` rates them."""
    users = [u for u, _ in results if u is not None]
    ratings = []
    for u in users:
        (row,) = await _fetch(
            conn,
            "SELECT mu, sigma FROM players WHERE guild_id = ? AND kind = ? AND user_id = ?",
            (guild_id, kind, u),
        )
        ratings.append((float(row[0]), float(row[1])))
    new = rate(ratings, [p for u, p in results if u is not None])
    await _execmany(
        conn,
        "UPDATE players SET mu = ?, sigma = ?, ordinal = ?, rated_rounds = rated_rounds + 1"
        " WHERE guild_id = ? AND kind = ? AND user_id = ?",
        [
            (mu, sigma, ordinal(mu, sigma), guild_id, kind, u)
            for u, (mu, sigma) in zip(users, new, strict=True)
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


#: The first schema version that records whether the file was closed cleanly.
_MARKER_VERSION: Final = 4


async def _check_file(conn: aiosqlite.Connection, path: Path, check: bool | None) -> bool:
    """Refuse, without writing, a file that is not ours, is from a newer release, or
    (when it was not closed cleanly, or when asked) fails SQLite's integrity check.
    Returns whether the integrity check ran."""
    version = await _user_version(conn)  # raises sqlite3.DatabaseError if not a database
    (app,) = await _fetch(conn, "PRAGMA application_id")
    (tables,) = await _fetch(conn, "SELECT count(*) FROM sqlite_schema")
    if int(app[0]) not in (0, APPLICATION_ID) or (version == 0 and int(tables[0]) > 0):
        raise UnknownDatabase(path)
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(path, version, SCHEMA_VERSION)
    if check is None:
        if version == 0:
            check = False  # a new file: nothing to check
        elif version < _MARKER_VERSION:
            check = True  # how its last run ended is unknown
        else:
            (row,) = await _fetch(conn, "SELECT open_count FROM open_state")
            check = int(row[0]) > 0
    if check:
        # quick_check reads every page (about a second for a million rounds), which
        # is why it runs only after an unclean shutdown or on demand
        (quick,) = await _fetch(conn, "PRAGMA quick_check(1)")
        if quick[0] != "ok":
            raise CorruptDatabase(path, f"integrity check: {quick[0]}")
    return check


async def _migrate(conn: aiosqlite.Connection, path: Path, *, checked: bool) -> None:
    """Apply every migration past the file's version, all in one transaction, and
    count this connection as open (``checked``: the file was just found sound, so
    the count left by connections that never closed starts afresh)."""
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
        # cleared by a clean close(); still set at the next open means a crash
        await _exec(
            conn,
            "UPDATE open_state SET open_count = CASE WHEN ? THEN 1 ELSE open_count + 1 END",
            (int(checked),),
        )
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


__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Database", "Statistics"]
