"""The :class:`Database`: the store the bot uses, the only place of the bot that speaks SQL.

One interface, two engines (:mod:`data.engines`): a SQLite file through
:mod:`aiosqlite` (the default: embedded, one process), or a PostgreSQL database
through :mod:`asyncpg`, which several bot processes share. The SQL is the same for
both; what differs (placeholders, a few words, how transactions are begun and
locked) is the engine's. Every public method is one transaction; a method that
writes has committed when it returns. On SQLite the transactions of one process run
one after the other; on PostgreSQL they run side by side, and row locks keep writers
of one game in order (see :mod:`data.engines`), in one process or several.

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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self, cast

import aiosqlite

from .engines import (
    BUSY_TIMEOUT_MS,
    RETRIES,
    Engine,
    PostgresEngine,
    Row,
    SqliteEngine,
    SqliteTx,
    Tx,
    parse_url,
    sqlite_rollback,
    statements,
)
from .errors import (
    CannotOpenDatabase,
    CorruptDatabase,
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
from .stats_rules import average_place, counted, kept_details, round_counts


def _ts(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def _ts_req(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


def _seat_from_row(row: Row) -> Seat:
    return Seat(
        display_name=row["display_name"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
    )


_DECIDE = """
WITH bumped AS (
    UPDATE live_games SET version = version + 1, meta_json = coalesce(?::text, meta_json),
        updated_at = ?::double precision
    WHERE game_id = ?::bigint AND version = ?::bigint
    RETURNING game_id, version
)
INSERT INTO live_log (game_id, seq, player, decision)
SELECT game_id, version, ?::bigint, ?::text FROM bumped
RETURNING seq
"""
"""A plain decision (no round ended) in one statement, for an engine that runs one on its
own (PostgreSQL): the version bumped and the decision logged, or nothing."""


_BUMP = (
    "UPDATE live_games SET version = version + 1, meta_json = coalesce(?, meta_json),"
    " updated_at = ? WHERE game_id = ? AND version = ?"
)
_LOG = "INSERT INTO live_log (game_id, seq, player, decision) VALUES (?, ?, ?, ?)"
_SET_META = "UPDATE live_games SET meta_json = ? WHERE game_id = ?"


class _Attempt:
    """One try of a transaction: ``async with attempt as conn``. A failure that the
    engine says may simply be run again (a PostgreSQL deadlock or serialization
    failure) is swallowed, rolled back, and marked for another try."""

    __slots__ = ("_cm", "engine", "last", "retry", "write")

    def __init__(self, engine: Engine, write: bool, last: bool) -> None:
        self.engine = engine
        self.write = write
        self.last = last
        self.retry = False

    async def __aenter__(self) -> Tx:
        self._cm = self.engine.transaction(write=self.write)
        return await self._cm.__aenter__()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        await self._cm.__aexit__(exc_type, exc, tb)
        if exc is not None and not self.last and self.engine.retryable(exc):
            self.retry = True
            return True
        return False


class Database:
    """Persistence for statistics, points, ratings, leaderboards, games and live tables.

    Open with ``await Database.open(path)`` (a SQLite file) or ``await
    Database.open_url(url)`` (``sqlite:///…`` or ``postgresql://…``), optionally
    ``async with``, and close with ``await db.close()``.
    """

    def __init__(
        self,
        engine: Engine,
        clock: Callable[[], float],
        integrity_checked: bool = False,
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._integrity_checked = integrity_checked
        self._dialect = engine.dialect

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
        """Open (creating if missing) the SQLite database at ``path`` and migrate it forward.

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
            tx = SqliteTx(conn)
            await tx.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            checked = await _check_file(tx, p, integrity_check)
            await tx.execute("PRAGMA foreign_keys = ON")
            await tx.execute("PRAGMA journal_mode = WAL")
            await tx.execute("PRAGMA synchronous = FULL")
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
        return cls(SqliteEngine(conn, p), clock, checked)

    @classmethod
    async def open_url(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        base: Path | None = None,
        pool_size: int | None = None,
    ) -> Database:
        """Open the database ``url`` names and migrate it forward: ``sqlite:///path``
        (relative to ``base``, default the current folder; as :meth:`open`) or
        ``postgresql://user:password@host:port/database``.

        On PostgreSQL the database must exist (an empty one is given the schema);
        :class:`CannotOpenDatabase` says, in one line, why the server could not be
        reached or refused the login; :class:`UnknownDatabase` and
        :class:`SchemaTooNew` refuse as on SQLite, without writing anything.
        ``pool_size``: the connections this process keeps at most (PostgreSQL).
        """
        target = parse_url(url, base=base)
        if target.path is not None:
            return await cls.open(target.path, clock=clock)
        assert target.url is not None
        engine = await (
            PostgresEngine.connect(target.url)
            if pool_size is None
            else PostgresEngine.connect(target.url, pool_size=pool_size)
        )
        try:
            await _migrate_postgres(engine)
        except BaseException:
            await engine.close()
            raise
        return cls(engine, clock)

    async def close(self) -> None:
        """Close cleanly: on SQLite the next open skips the integrity check (unless
        another connection to the file is still open, or one of them was not closed)."""
        await self._engine.close()

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
    def path(self) -> Path | None:
        """The SQLite file; None on PostgreSQL."""
        where = self._engine.where
        return where if isinstance(where, Path) else None

    @property
    def engine(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._dialect.name

    @property
    def integrity_checked(self) -> bool:
        """Whether opening ran the integrity check (the file had not been closed
        cleanly, came from an older release, or the check was asked for)."""
        return self._integrity_checked

    async def schema_version(self) -> int:
        for attempt in self._tx(write=False):
            async with attempt as conn:
                version = await _schema_version(conn, self._dialect.name)
        return version

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` on SQLite: an empty list when the file is sound.
        PostgreSQL checks its own pages as it reads them: always empty there."""
        if self._dialect.name != "sqlite":
            return []
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(conn, "PRAGMA integrity_check")
        problems = [str(r[0]) for r in rows]
        return [] if problems == ["ok"] else problems

    # ------------------------------------------------------------------ transactions

    def _tx(self, *, write: bool = True) -> Iterator[_Attempt]:
        """The tries of one transaction: ``for attempt in self._tx(): async with attempt
        as conn: ...``; the loop ends with the first try that is not to be run again."""
        for n in range(RETRIES):
            attempt = _Attempt(self._engine, write, last=n == RETRIES - 1)
            yield attempt
            if not attempt.retry:
                return

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
        for attempt in self._tx():
            async with attempt as conn:
                (inserted,) = await _fetch(
                    conn,
                    "INSERT INTO games (guild_id, channel_id, kind, preset, options_json, scoring,"
                    " status, started_at, lower_is_better) VALUES (?, ?, ?, ?, ?, ?, 'live', ?, ?)"
                    " RETURNING game_id",
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
                game_id = int(inserted[0])
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
        if round_result is None and winners is None:
            stored = await self._engine.statement(
                _DECIDE,
                (meta_json, self._clock(), game_id, expected_version, int(player), decision),
            )
            if stored:
                return expected_version + 1
            if stored is None:
                done = await self._engine.guarded(
                    [
                        (_BUMP, (meta_json, self._clock(), game_id, expected_version)),
                        (_LOG, (game_id, expected_version + 1, int(player), decision)),
                    ]
                )
                if done:
                    return expected_version + 1
            # the engine runs neither (None), or the version was stale or the game not
            # live (no row): the transaction below says which
        for attempt in self._tx():
            async with attempt as conn:
                version = await self._bump(conn, game_id, expected_version, meta_json)
                await _exec(conn, _LOG, (game_id, version, int(player), decision))
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
        for attempt in self._tx():
            async with attempt as conn:
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
        # one statement on PostgreSQL, one trip on SQLite; no row: the game is not
        # live (or unknown), which the transaction below tells apart
        if await self._engine.statement(f"{_SET_META} RETURNING game_id", (meta_json, game_id)):
            return
        if await self._engine.guarded([(_SET_META, (meta_json, game_id))]):
            return
        for attempt in self._tx():
            async with attempt as conn:
                cur = await _exec(conn, _SET_META, (meta_json, game_id))
                if cur.rowcount == 0:
                    await self._raise_not_live(conn, game_id)

    async def set_seat(self, game_id: int, seat: int, new: Seat) -> None:
        """Change who holds a seat of a live game (e.g. a computer takes over a leaver)."""
        for attempt in self._tx():
            async with attempt as conn:
                await self._lock_live(conn, game_id)
                await self._live_game(conn, game_id)
                if new.user_id is not None:
                    rows = await _fetch(
                        conn,
                        "SELECT seat FROM game_seats"
                        " WHERE game_id = ? AND user_id = ? AND seat != ?",
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
        for attempt in self._tx():
            async with attempt as conn:
                await self._lock_live(conn, game_id)
                await self._live_game(conn, game_id)
                await self._end(conn, game_id, "abandoned", [])

    async def live_table(self, game_id: int) -> LiveTable | None:
        for attempt in self._tx(write=False):
            async with attempt as conn:
                tables = await self._live_tables(conn, [game_id])
        return tables[0] if tables else None

    async def live_tables(self) -> list[LiveTable]:
        """Every game in progress, to resume on start-up."""
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(conn, "SELECT game_id FROM live_games ORDER BY game_id")
                tables = await self._live_tables(conn, [int(r[0]) for r in rows])
        return tables

    # ------------------------------------------------------------------ queries

    async def game(self, game_id: int) -> GameDetails | None:
        """A game with its options, rounds and record (assembled while live)."""
        for attempt in self._tx(write=False):
            async with attempt as conn:
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
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(conn, "SELECT * FROM games WHERE game_id = ?", (game_id,))
                record = await self._record(conn, game_id, rows[0]) if rows else None
        return record

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
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(
                    conn,
                    f"SELECT * FROM games WHERE channel_id = ?{cond} ORDER BY game_id DESC LIMIT ?",
                    (*args, limit),
                )
                summaries = await self._summaries(conn, list(rows))
        return summaries

    async def played_kinds(self, guild_id: int, user_id: int) -> tuple[str, ...]:
        """The game kinds a player has statistics of in a guild, last played first."""
        for attempt in self._tx(write=False):
            async with attempt as conn:
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
        for attempt in self._tx(write=False):
            async with attempt as conn:
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
                table, col = "player_points", f"(CAST(points AS {self._dialect.real}) / rounds)"
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
        counted = self._dialect.rating_board if which is Board.RATING else table
        better_sql = f"SELECT count(*) FROM {counted} WHERE {where} AND {col} {better} ?"
        for attempt in self._tx(write=False):
            async with attempt as conn:
                (total_row,) = await _fetch(
                    conn, f"SELECT count(*) FROM {counted} WHERE {where}", args
                )
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
        for attempt in self._tx():
            async with attempt as conn:
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
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(
                    conn, "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
                )
        return int(rows[0][0]) if rows else None

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        for attempt in self._tx():
            async with attempt as conn:
                await _exec(
                    conn,
                    "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                    (user_id, channel_id),
                )

    # ------------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int, kind: str) -> Settings:
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(
                    conn,
                    "SELECT * FROM guild_settings WHERE guild_id = ? AND kind = ?",
                    (guild_id, kind),
                )
        return _settings(rows[0]) if rows else Settings()

    async def set_guild_settings(self, guild_id: int, kind: str, settings: Settings) -> None:
        for attempt in self._tx():
            async with attempt as conn:
                await _exec(
                    conn,
                    "INSERT INTO guild_settings (guild_id, kind, preset, options_json,"
                    " turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?, ?)"
                    f" ON CONFLICT (guild_id, kind) DO UPDATE SET {_SETTINGS_UPDATE}",
                    (guild_id, kind, *_settings_values(settings)),
                )

    async def channel_settings(self, channel_id: int, kind: str) -> Settings:
        for attempt in self._tx(write=False):
            async with attempt as conn:
                rows = await _fetch(
                    conn,
                    "SELECT * FROM channel_settings WHERE channel_id = ? AND kind = ?",
                    (channel_id, kind),
                )
        return _settings(rows[0]) if rows else Settings()

    async def set_channel_settings(
        self, channel_id: int, guild_id: int, kind: str, settings: Settings
    ) -> None:
        for attempt in self._tx():
            async with attempt as conn:
                await _exec(
                    conn,
                    "INSERT INTO channel_settings (channel_id, kind, guild_id, preset,"
                    " options_json, turn_seconds, computer_level) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (channel_id, kind) DO UPDATE SET guild_id = excluded.guild_id,"
                    f" {_SETTINGS_UPDATE}",
                    (channel_id, kind, guild_id, *_settings_values(settings)),
                )

    async def effective_settings(self, guild_id: int, channel_id: int, kind: str) -> Settings:
        """Channel settings over guild settings of one kind, field by field (options
        key by key)."""
        for attempt in self._tx(write=False):
            async with attempt as conn:
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

    async def _raise_not_live(self, conn: Tx, game_id: int) -> None:
        rows = await _fetch(conn, "SELECT status FROM games WHERE game_id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        raise GameNotLive(game_id, rows[0][0])

    async def _lock_live(self, conn: Tx, game_id: int) -> None:
        """Wait for, then hold off, every other writer of this live game (PostgreSQL;
        on SQLite the transaction already holds the file's one writer lock). Writers
        that change the version take the same row lock through their UPDATE."""
        await _fetch(
            conn,
            f"SELECT 1 FROM live_games WHERE game_id = ?{self._dialect.for_update}",
            (game_id,),
        )

    async def _live_game(self, conn: Tx, game_id: int) -> _GameRow:
        """The game's guild, kind and scoring if live, or GameNotFound / GameNotLive."""
        rows = await _fetch(
            conn, "SELECT guild_id, kind, scoring, status FROM games WHERE game_id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFound(game_id)
        if rows[0]["status"] != "live":
            raise GameNotLive(game_id, rows[0]["status"])
        return _GameRow(int(rows[0]["guild_id"]), str(rows[0]["kind"]), str(rows[0]["scoring"]))

    async def _bump(self, conn: Tx, game_id: int, expected: int, meta_json: str | None) -> int:
        # Only the small live_games row changes on every decision: SQLite rewrites a
        # whole row (overflow pages too) on any update, so nothing large lives here.
        cur = await _exec(conn, _BUMP, (meta_json, self._clock(), game_id, expected))
        if cur.rowcount != 1:
            rows = await _fetch(
                conn, "SELECT version FROM live_games WHERE game_id = ?", (game_id,)
            )
            if not rows:
                await self._raise_not_live(conn, game_id)
            raise StaleVersion(game_id, expected, int(rows[0][0]))
        return expected + 1

    async def _record(self, conn: Tx, game_id: int, game: Row) -> str | None:
        """The record of a ``games`` row: assembled while live, else the one kept."""
        if game["status"] == "live":
            live = await _fetch(conn, "SELECT 1 FROM live_games WHERE game_id = ?", (game_id,))
            if live:  # (a game left live by schema 1, before live tables, has none)
                return (await self._assemble(conn, game_id, str(game["kind"])))[0]
        return cast(str | None, game["record_json"])

    async def _assemble(
        self, conn: Tx, game_id: int, kind: str, *, as_of_snapshot: bool = False
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

    async def _end(self, conn: Tx, game_id: int, status: str, winners: Sequence[int]) -> None:
        """Finish or abandon a live game: wins and games played (finished only), the
        assembled record kept in ``games``, the live rows removed."""
        g = await self._live_game(conn, game_id)
        if status == "finished":
            seats = await self._seats(conn, game_id)
            for s in winners:
                if s not in seats:
                    raise ValueError(f"game {game_id} has no seat {s}")
            humans = {i: s.user_id for i, s in seats.items() if s.user_id is not None}
            names = {u: seats[i].display_name for i, u in humans.items()}
            await _ensure_players(conn, g.guild_id, g.kind, names)
            await _execmany(
                conn,
                "UPDATE players SET games_played = games_played + 1, wins = wins + ?"
                " WHERE guild_id = ? AND kind = ? AND user_id = ?",
                [(1 if i in winners else 0, g.guild_id, g.kind, u) for i, u in humans.items()],
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

    async def _live_tables(self, conn: Tx, game_ids: Sequence[int]) -> list[LiveTable]:
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

    async def _seats_of(self, conn: Tx, game_ids: Sequence[int]) -> dict[int, tuple[Seat, ...]]:
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

    async def _summaries(self, conn: Tx, rows: Sequence[Row]) -> list[GameSummary]:
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

    async def _seats(self, conn: Tx, game_id: int) -> dict[int, Seat]:
        rows = await _fetch(
            conn,
            "SELECT seat, user_id, display_name, computer_level FROM game_seats"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return {int(r["seat"]): _seat_from_row(r) for r in rows}

    async def _record_round(self, conn: Tx, game_id: int, result: RoundResult) -> None:
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
        # DO NOTHING rather than a caught constraint error: on PostgreSQL an error
        # would abort the whole transaction
        cur = await _exec(
            conn,
            "INSERT INTO rounds (game_id, round_no, ended_at, rated) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, round_no) DO NOTHING",
            (game_id, result.number, now, int(rated)),
        )
        if cur.rowcount != 1:
            raise RoundAlreadyRecorded(game_id, result.number)
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
        # Each statement covers every human of the round (one round trip each on
        # PostgreSQL, rather than one per human and statement).
        spec = result.statistics
        renamed = [
            (res.display_name, game_id, res.seat)
            for res, seat in humans
            if res.display_name and res.display_name != seat.display_name
        ]
        if renamed:
            await _execmany(
                conn,
                "UPDATE game_seats SET display_name = ? WHERE game_id = ? AND seat = ?",
                renamed,
            )
        names = {
            cast(int, seat.user_id): res.display_name or seat.display_name for res, seat in humans
        }
        await _ensure_players(conn, g.guild_id, g.kind, names, counted(spec))
        await _execmany(
            conn,
            "UPDATE players SET display_name = ?, details_json = ?,"
            " rounds_played = rounds_played + 1,"
            " position_sum = position_sum + ?, last_played_at = ?"
            " WHERE guild_id = ? AND kind = ? AND user_id = ?",
            [
                (
                    names[cast(int, seat.user_id)],
                    _json(kept_details(spec, res.details)),
                    res.position,
                    now,
                    g.guild_id,
                    g.kind,
                    seat.user_id,
                )
                for res, seat in humans
            ],
        )
        await _execmany(
            conn,
            "INSERT INTO player_points (guild_id, kind, user_id, scheme, points, rounds)"
            " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id, scheme)"
            " DO UPDATE SET points = player_points.points + excluded.points,"
            " rounds = player_points.rounds + 1",
            [(g.guild_id, g.kind, seat.user_id, g.scoring, res.score) for res, seat in humans],
        )
        await _execmany(
            conn,
            "INSERT INTO player_stats (guild_id, kind, user_id, stat, value)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id, stat)"
            " DO UPDATE SET value = player_stats.value + excluded.value",
            [
                (g.guild_id, g.kind, seat.user_id, stat, add)
                for res, seat in humans
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


async def _ensure_players(
    conn: Tx,
    guild_id: int,
    kind: str,
    names: Mapping[int, str],
    counts: Sequence[str] = (),
) -> None:
    """A row of this kind for each of the players (user id: name), and for each new
    one a zero for each of ``counts``."""
    if not names:
        return
    marks = ", ".join("?" * len(names))
    rows = await _fetch(
        conn,
        f"SELECT user_id FROM players WHERE guild_id = ? AND kind = ? AND user_id IN ({marks})",
        (guild_id, kind, *names),
    )
    known = {int(r[0]) for r in rows}
    new = [u for u in names if u not in known]
    if not new:
        return
    start = ordinal(DEFAULT_MU, DEFAULT_SIGMA)
    # DO NOTHING: another process may add the same player at the same moment
    await _execmany(
        conn,
        "INSERT INTO players (guild_id, kind, user_id, display_name, mu, sigma, ordinal)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO NOTHING",
        [(guild_id, kind, u, names[u], DEFAULT_MU, DEFAULT_SIGMA, start) for u in new],
    )
    if counts:
        await _execmany(
            conn,
            "INSERT INTO player_stats (guild_id, kind, user_id, stat, value)"
            " VALUES (?, ?, ?, ?, 0) ON CONFLICT (guild_id, kind, user_id, stat) DO NOTHING",
            [(guild_id, kind, u, stat) for u in new for stat in counts],
        )


async def _rate(
    conn: Tx,
    guild_id: int,
    kind: str,
    results: Sequence[tuple[int | None, int]],
) -> None:
    """Store the new ratings among ``results`` (user id, position; equal positions are
    ties), as :func:`data.ratings.rate` rates them."""
    users = [u for u, _ in results if u is not None]
    # the rows were updated earlier in this transaction, which holds their locks
    rows = await _fetch(
        conn,
        "SELECT user_id, mu, sigma FROM players WHERE guild_id = ? AND kind = ?"
        f" AND user_id IN ({', '.join('?' * len(users))})",
        (guild_id, kind, *users),
    )
    by_user = {int(r[0]): (float(r[1]), float(r[2])) for r in rows}
    ratings = [by_user[u] for u in users]
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


def _board_row(rank: int, r: Row) -> LeaderboardRow:
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


def _settings(row: Row) -> Settings:
    options = json.loads(row["options_json"] or "{}")
    return Settings(
        preset=row["preset"],
        options=options if isinstance(options, dict) else {},
        turn_seconds=row["turn_seconds"],
        computer_level=row["computer_level"],
    )


_SETTINGS_UPDATE: Final = (
    "preset = excluded.preset, options_json = excluded.options_json,"
    " turn_seconds = excluded.turn_seconds, computer_level = excluded.computer_level"
)


def _settings_values(s: Settings) -> tuple[str | None, str, int | None, str | None]:
    return (s.preset, json.dumps(dict(s.options), sort_keys=True), s.turn_seconds, s.computer_level)


@dataclass(frozen=True, slots=True)
class _Done:
    rowcount: int


async def _exec(conn: Tx, sql: str, args: Sequence[Any] = ()) -> _Done:
    return _Done(await conn.execute(sql, args))


async def _execmany(conn: Tx, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    await conn.executemany(sql, rows)


async def _fetch(conn: Tx, sql: str, args: Sequence[Any] = ()) -> list[Row]:
    return await conn.fetch(sql, args)


# ---------------------------------------------------------------------- start-up


def _preflight(path: Path) -> None:
    sqlite3.connect(path).close()


async def _schema_version(conn: Tx, engine: str) -> int:
    if engine == "sqlite":
        rows = await _fetch(conn, "PRAGMA user_version")
        return int(rows[0][0])
    rows = await _fetch(conn, "SELECT to_regclass('schema_version') IS NOT NULL")
    if not rows[0][0]:
        return 0
    rows = await _fetch(conn, "SELECT version FROM schema_version")
    return int(rows[0][0]) if rows else 0


#: The first schema version that records whether the file was closed cleanly.
_MARKER_VERSION: Final = 4


async def _check_file(conn: Tx, path: Path, check: bool | None) -> bool:
    """Refuse, without writing, a file that is not ours, is from a newer release, or
    (when it was not closed cleanly, or when asked) fails SQLite's integrity check.
    Returns whether the integrity check ran."""
    version = await _schema_version(conn, "sqlite")  # sqlite3.DatabaseError if not one
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
    tx = SqliteTx(conn)
    await tx.execute("BEGIN IMMEDIATE")  # serialise with another process migrating
    try:
        version = await _schema_version(tx, "sqlite")
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(path, version, SCHEMA_VERSION)
        for m in MIGRATIONS[version:]:
            await tx.script(m.sql)
            await tx.execute(f"PRAGMA user_version = {m.version}")
        if version < SCHEMA_VERSION:
            await tx.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        # cleared by a clean close(); still set at the next open means a crash
        await tx.execute(
            "UPDATE open_state SET open_count = CASE WHEN ? THEN 1 ELSE open_count + 1 END",
            (int(checked),),
        )
        await tx.execute("COMMIT")
    except BaseException:
        await sqlite_rollback(conn)
        raise


async def _migrate_postgres(engine: Engine) -> None:
    """Apply every migration past the database's version, all in one transaction.

    Processes starting together take turns on a transaction-scoped advisory lock, so
    one migrates and the others find it done. A database that holds tables but no
    ``schema_version`` is someone else's, and one of a newer release is refused: both
    before anything is written."""
    async with engine.transaction(write=True) as tx:
        await tx.execute("SELECT pg_advisory_xact_lock(?)", (APPLICATION_ID,))
        version = await _schema_version(tx, "postgresql")
        if version == 0:
            (tables,) = await tx.fetch(
                "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
            )
            if int(tables[0]) > 0:
                raise UnknownDatabase(engine.where)
            await tx.script(
                "CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1),"
                " version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, 0)"
            )
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(engine.where, version, SCHEMA_VERSION)
        for m in MIGRATIONS[version:]:
            await tx.script(m.postgres)
        if version < SCHEMA_VERSION:
            await tx.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (SQLite's own completeness test)."""
    return statements(script)


__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Database"]
