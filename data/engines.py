"""The two engines behind :class:`data.Database`: SQLite (aiosqlite) and PostgreSQL
(asyncpg). This module is the one place that knows how they differ.

The store's SQL is written once, with ``?`` placeholders; an engine runs it in
transactions of its own kind and says, through its :class:`Dialect`, the few words
that differ. How each engine keeps concurrent writers apart:

* SQLite: one connection per process, every transaction under an :class:`asyncio.Lock`;
  a write begins with ``BEGIN IMMEDIATE`` (the file's one writer lock, waited for up
  to the busy timeout when another process holds it), a read with ``BEGIN DEFERRED``.
* PostgreSQL: a pool of connections, so that coroutines and processes run side by
  side. A write runs at READ COMMITTED and takes row locks: the version check of a
  live game is one conditional ``UPDATE`` of its ``live_games`` row, which waits for
  any other writer of that game and then sees its result, so of two writers holding
  the same version exactly one succeeds and the other finds the new version
  (``StaleVersion``). A read runs in one REPEATABLE READ snapshot, so a live table is
  never assembled from two moments. A transaction that PostgreSQL aborts to break a
  deadlock (or for a serialization failure) is run again from the start.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Protocol
from urllib.parse import unquote, urlsplit, urlunsplit

import aiosqlite

from .errors import BadDatabaseUrl, CannotOpenDatabase, DatabaseError

BUSY_TIMEOUT_MS: Final = 10_000
POOL_SIZE: Final = 10
"""PostgreSQL connections a process keeps at most (a store call holds one at a time)."""
RETRIES: Final = 20
"""Times a PostgreSQL transaction aborted by a deadlock or a serialization failure is
run again before the error is passed on."""


class Row(Protocol):
    """A result row: by column name or position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """The words of SQL that differ between the engines."""

    name: str
    real: str
    """The type of a double, in a cast (SQLite's REAL; PostgreSQL's REAL is 4 bytes)."""
    rating_board: str
    """The rating board's table, with SQLite's hint to use its partial index."""
    for_update: str
    """Ends a SELECT that locks the rows it reads until the transaction ends."""


SQLITE: Final = Dialect("sqlite", "REAL", "players INDEXED BY players_by_rating", "")
POSTGRES: Final = Dialect("postgresql", "DOUBLE PRECISION", "players", " FOR UPDATE")


class Tx(ABC):
    """One transaction's statements (``?`` placeholders)."""

    @abstractmethod
    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def script(self, sql: str) -> None:
        """Run a migration's statements (no arguments)."""


class Engine(ABC):
    """Opens transactions on one database."""

    dialect: Dialect
    where: Path | str
    """How error messages name the database (a path, or a URL without its password)."""

    @abstractmethod
    def transaction(self, *, write: bool) -> contextlib.AbstractAsyncContextManager[Tx]: ...

    def retryable(self, exc: BaseException) -> bool:
        """Whether ``exc`` aborted a transaction that may simply be run again."""
        return False

    async def statement(self, sql: str, args: Sequence[Any] = ()) -> list[Row] | None:
        """Run one statement on its own (atomic by itself), its rows; None where the
        engine has no such path (SQLite: see :meth:`guarded`)."""
        return None

    async def guarded(self, steps: Sequence[tuple[str, Sequence[Any]]]) -> bool | None:
        """Run ``steps`` (statement, arguments) as one write transaction in one trip
        to the database: the first must change exactly one row, else nothing is
        written and the answer is False. None where the engine has no such path
        (PostgreSQL: :meth:`statement` does a decision in one round trip)."""
        return None

    @abstractmethod
    async def close(self) -> None: ...


# ---------------------------------------------------------------------- URLs


@dataclass(frozen=True, slots=True)
class Target:
    """Where a database is: a SQLite file or a PostgreSQL URL."""

    path: Path | None = None
    url: str | None = None

    @property
    def shown(self) -> str:
        return str(self.path) if self.path is not None else redact(self.url or "")


def parse_url(url: str, *, base: Path | None = None) -> Target:
    """``sqlite:///relative/path`` (relative to ``base``, default the current folder),
    ``sqlite:////absolute/path``, or ``postgresql://…`` (``postgres://`` too)."""
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise BadDatabaseUrl(redact(url), "is not a URL")
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise BadDatabaseUrl(url, "has no file after sqlite:///")
        path = Path(unquote(rest[1:])).expanduser()
        if not path.is_absolute():
            path = (base or Path.cwd()) / path
        return Target(path=path)
    if scheme in ("postgresql", "postgres"):
        return Target(url=text)
    raise BadDatabaseUrl(redact(url), f"names an engine this bot does not know ({scheme!r})")


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


# ---------------------------------------------------------------------- SQLite


class SqliteTx(Tx):
    """Each statement is one trip to aiosqlite's thread and back, no more: the cursor
    is not closed through aiosqlite (a second trip; sqlite3 frees it with the object,
    and a statement run to its end holds nothing). While pictures are drawn in other
    threads each trip waits for the interpreter lock twice, so a decision's four
    statements (BEGIN, UPDATE, INSERT, COMMIT) in eight trips made most of a click's
    answer time at 100 busy tables."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        cur = await self.conn.execute(sql, args)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, args))

    async def script(self, sql: str) -> None:
        for statement in statements(sql):
            await self.execute(statement)


class SqliteEngine(Engine):
    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.where = path
        self.lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[Tx]:
        # aiosqlite runs statements in order on its own thread, and a statement that
        # was awaited when a task got cancelled still runs. So on any exception,
        # cancellation included, a ROLLBACK is queued behind it (a no-op error when the
        # COMMIT had already gone through), before the lock lets anyone else in.
        async with self.lock:
            tx = SqliteTx(self.conn)
            try:
                await tx.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
                yield tx
                await tx.execute("COMMIT")
            except BaseException:
                await sqlite_rollback(self.conn)
                raise

    async def guarded(self, steps: Sequence[tuple[str, Sequence[Any]]]) -> bool | None:
        # The whole transaction is one function on aiosqlite's thread: one trip
        # there and back instead of one a statement, so the connection's lock is
        # held for the statements' own time only. Every table's decisions and
        # turn messages write through this one connection; at 100 busy tables a
        # transaction of four trips, each waiting for the interpreter lock behind
        # the picture threads, held the lock long enough that clicks queued for it.
        # (``_execute`` is how aiosqlite's own cursors run on its thread; the
        # version is pinned.)
        async with self.lock:
            on_its_thread: Any = self.conn._execute
            return bool(await on_its_thread(_run_guarded, self.conn._conn, steps))

    async def close(self) -> None:
        async with self.lock:
            # best effort: if this fails the marker stays and the next open checks
            with suppress(sqlite3.Error, ValueError):
                await SqliteTx(self.conn).execute(
                    "UPDATE open_state SET open_count = max(0, open_count - 1)"
                )
            await self.conn.close()


def _run_guarded(conn: sqlite3.Connection, steps: Sequence[tuple[str, Sequence[Any]]]) -> bool:
    """:meth:`SqliteEngine.guarded`, on aiosqlite's thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for i, (sql, args) in enumerate(steps):
            if conn.execute(sql, args).rowcount != 1 and i == 0:
                conn.execute("ROLLBACK")
                return False
        conn.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.OperationalError):
            conn.execute("ROLLBACK")
        raise
    return True


async def sqlite_rollback(conn: aiosqlite.Connection) -> None:
    """ROLLBACK, ignoring "no transaction is active" (it had committed or never began)."""
    with suppress(sqlite3.OperationalError):
        await SqliteTx(conn).execute("ROLLBACK")


def statements(script: str) -> list[str]:
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


# ---------------------------------------------------------------------- PostgreSQL

_MARK = re.compile(r"\?")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (no statement here holds a
    literal question mark)."""
    counter = iter(range(1, 10_000))
    return _MARK.sub(lambda _: f"${next(counter)}", sql)


def _count(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rpartition(" ")[2]
    return int(last) if last.isdigit() else 0


class PostgresTx(Tx):
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return _count(await self.conn.execute(numbered(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = list(rows)
        if batch:
            await self.conn.executemany(numbered(sql), batch)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *args))

    async def script(self, sql: str) -> None:
        await self.conn.execute(sql)


class PostgresEngine(Engine):
    dialect = POSTGRES

    def __init__(self, pool: Any, url: str) -> None:
        self.pool = pool
        self.where = redact(url)

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresEngine:
        """A pool on the database at ``url``; :class:`CannotOpenDatabase` with one line
        saying why when the server cannot be reached, refuses the login, or has no
        such database."""
        import asyncpg

        shown = redact(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=10,
                command_timeout=60,
                # the server's default (a host's postgresql.conf) must not change what
                # a stored timestamp or a sorted text means
                server_settings={"timezone": "UTC", "application_name": "cardtable"},
                reset=_keep_session,
            )
        except (
            asyncpg.InvalidPasswordError,
            asyncpg.InvalidAuthorizationSpecificationError,
        ) as exc:
            raise CannotOpenDatabase(
                shown,
                _detail(exc),
                hint="The server refused the login: check the user and password in "
                "DATABASE_URL, and that the server's pg_hba.conf lets that user in.",
            ) from None
        except asyncpg.InvalidCatalogNameError as exc:
            raise CannotOpenDatabase(
                shown,
                _detail(exc),
                hint="Create the database first (createdb, or CREATE DATABASE), "
                "or name an existing one in DATABASE_URL.",
            ) from None
        except (OSError, TimeoutError, asyncpg.PostgresError, ValueError) as exc:
            raise CannotOpenDatabase(shown, _detail(exc)) from None
        assert pool is not None
        return cls(pool, url)

    @asynccontextmanager
    async def transaction(self, *, write: bool) -> AsyncIterator[Tx]:
        async with (
            self.pool.acquire() as conn,
            conn.transaction(
                isolation="read_committed" if write else "repeatable_read", readonly=not write
            ),
        ):
            yield PostgresTx(conn)

    async def statement(self, sql: str, args: Sequence[Any] = ()) -> list[Row] | None:
        # no BEGIN and COMMIT: two round trips fewer, each of which waits its turn on a
        # busy event loop
        async with self.pool.acquire() as conn:
            return list(await conn.fetch(numbered(sql), *args))

    def retryable(self, exc: BaseException) -> bool:
        import asyncpg

        return isinstance(exc, asyncpg.SerializationError | asyncpg.DeadlockDetectedError)

    async def close(self) -> None:
        await self.pool.close()


async def _keep_session(conn: Any) -> None:
    """What a connection needs before it goes back to the pool: nothing. asyncpg rolls
    back a transaction left open (it does so before calling this); its default reset
    (``RESET ALL``, ``UNLISTEN *``, advisory unlocks: one more round trip per store
    call) undoes session state that the store never sets: it takes only
    transaction-scoped locks and listens to nothing."""


def _detail(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


__all__ = [
    "BUSY_TIMEOUT_MS",
    "POSTGRES",
    "SQLITE",
    "Dialect",
    "Engine",
    "PostgresEngine",
    "Row",
    "SqliteEngine",
    "Target",
    "Tx",
    "parse_url",
    "redact",
    "statements",
]
