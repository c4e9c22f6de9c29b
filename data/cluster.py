"""Cluster coordination in the bot's own database: shard leases and a click relay.

Several bot processes (members) share one bot token. Each runs some of its shards
and owns the tables of those shards' servers (``shard = (guild_id >> 22) %
shard_count``). Two things need agreement between them, and the database they
already share gives it, so there is no broker of our own:

- **Shard leases.** A member claims its shards at start; a second live member
  claiming any of them is refused with one line naming the holder. On PostgreSQL
  a shard is held by a session advisory lock on a connection kept open while the
  member runs: the server releases it the moment that connection dies (a
  ``kill -9`` closes the socket), so a replacement never waits. A row per shard
  says who holds it, for that line. On SQLite (members on one host sharing the
  file) the row itself is the lease: it is live while its heartbeat is fresh and
  its process exists, so a killed member's replacement takes over at once.
- **Relay.** A member hands a payload to the member owning a shard: a row in
  ``cluster_relay`` that the owner takes (``state`` 0 → 1) or the sender
  withdraws (0 → 2) if nobody took it in time, never both; the owner marks it
  answered (1 → 3) once it has done what the payload asked, so that a sender
  whose payload was taken by a member that then died knows it was not. PostgreSQL wakes the
  owner with ``NOTIFY`` (the row holds the payload, so NOTIFY's 8000-byte limit
  does not apply); on SQLite the owner polls the table every 10 ms.

The plain SQL below is written for both engines. The tables are the schema's
(version 7, :mod:`data.schema`): the bot's store migrates the database before a
member opens the cluster.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger("cardtable.cluster")

LOCK_SPACE = 0x63617264
"""The first key of the shard advisory locks ('card'); the second is the shard id."""
CHANNEL = "cardtable_relay"
"""The NOTIFY channel of the relay; its payload is ``relay_id:shard_id``."""

HEARTBEAT = 2.0
"""Seconds between lease renewals."""
LEASE_TTL = 15.0
"""A lease whose heartbeat is older than this is dead, whoever wrote it."""
POLL = 0.010
"""Seconds between looks at the relay table on SQLite."""
CATCH_UP = 1.0
"""On PostgreSQL, seconds between looks for relayed rows whose NOTIFY was missed."""
KEEP_RELAYED = 300.0
"""Relay rows older than this are deleted."""

WAITING, TAKEN, WITHDRAWN, ANSWERED = 0, 1, 2, 3

Receiver = Callable[[int, str], None]
"""Called with ``(relay_id, payload)`` for each payload this member took."""


class ShardHeld(Exception):
    """A shard this member wants is held by another live member; the message is one line."""


@dataclass(frozen=True, slots=True)
class Lease:
    shard_id: int
    shard_count: int
    member: str
    host: str
    pid: int
    since: float
    heartbeat: float


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard of a server.

    >>> shard_of(81384788765712384, 4)
    2
    """
    return (guild_id >> 22) % shard_count


def default_member() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _held_line(lease: Lease | None, shard_id: int) -> str:
    if lease is None:
        who = "another member"
    else:
        when = datetime.fromtimestamp(lease.since, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        who = f"{lease.member} since {when}"
    return (
        f"shard {shard_id} is held by {who}: stop that member first, or give this one "
        "other SHARD_IDS."
    )


def _count_line(lease: Lease, shard_count: int) -> str:
    return (
        f"SHARD_COUNT={shard_count} differs from the cluster's {lease.shard_count} "
        f"({lease.member} runs shard {lease.shard_id} of {lease.shard_count}): give every "
        "member the same SHARD_COUNT."
    )


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: it exists
    return True


class Cluster:
    """One member's view of the cluster; open it with :func:`open_cluster`."""

    engine = ""

    def __init__(self, member: str, shard_ids: Sequence[int], shard_count: int) -> None:
        self.member = member
        self.shard_ids = tuple(shard_ids)
        self.shard_count = shard_count
        self.host = socket.gethostname()
        self.pid = os.getpid()
        self._receiver: Receiver | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.lost: asyncio.Event = asyncio.Event()
        """Set if this member's leases were lost while it ran (it should stop)."""

    # -- what each engine provides ------------------------------------------------------

    async def _setup(self) -> None:
        raise NotImplementedError

    async def claim(self) -> None:
        """Hold this member's shards, or raise :class:`ShardHeld`."""
        raise NotImplementedError

    async def renew(self) -> bool:
        """Refresh the leases; False if they were lost."""
        raise NotImplementedError

    async def release(self) -> None:
        raise NotImplementedError

    async def leases(self) -> list[Lease]:
        raise NotImplementedError

    async def send(self, shard_id: int, payload: str) -> int:
        """Hand ``payload`` to the owner of ``shard_id``; the relay id."""
        raise NotImplementedError

    async def withdraw(self, relay_id: int) -> bool:
        """Take a payload back if its owner has not taken it; True if withdrawn."""
        raise NotImplementedError

    async def state_of(self, relay_id: int) -> int | None:
        raise NotImplementedError

    async def answered(self, relay_id: int) -> None:
        """Mark a payload this member took as done (:data:`ANSWERED`)."""
        raise NotImplementedError

    async def holder_alive(self, shard_id: int) -> bool:
        """Whether a live member holds ``shard_id`` (False once its holder died)."""
        raise NotImplementedError

    async def game_guild(self, game_id: int) -> int | None:
        """The server of a stored game (None if unknown)."""
        raise NotImplementedError

    async def game_version(self, game_id: int) -> int | None:
        """The stored version of a live game (None if it is not live)."""
        raise NotImplementedError

    async def _take_waiting(self) -> list[tuple[int, str]]:
        raise NotImplementedError

    async def _forget_old(self) -> None:
        raise NotImplementedError

    async def _close(self) -> None:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def start(self, receiver: Receiver) -> None:
        """Renew the leases in the background and deliver relayed payloads."""
        self._receiver = receiver
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._heartbeat(), name="cluster-heartbeat"))
        self._tasks.append(loop.create_task(self._watch(), name="cluster-relay"))

    def _deliver(self, taken: list[tuple[int, str]]) -> None:
        for relay_id, payload in taken:
            if self._receiver is not None:
                try:
                    self._receiver(relay_id, payload)
                except Exception:
                    log.exception("relayed payload %s could not be handled", relay_id)

    async def _watch(self) -> None:
        while True:
            try:
                self._deliver(await self._take_waiting())
            except (sqlite3.Error, OSError) as exc:
                log.warning("cluster relay: %s", exc)
            await asyncio.sleep(self._watch_period())

    def _watch_period(self) -> float:
        return POLL

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                ok = await self.renew()
                await self._forget_old()
            except Exception as exc:  # the database is away: try again next beat
                log.warning("cluster heartbeat failed: %s", exc)
                continue
            if not ok:
                log.warning(
                    "this member (%s) lost its shard leases %s: another member took them",
                    self.member,
                    list(self.shard_ids),
                )
                self.lost.set()
                return

    async def close(self, *, release: bool = True) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        if release:
            with contextlib.suppress(Exception):
                await self.release()
        await self._close()


class SqliteCluster(Cluster):
    engine = "sqlite"

    def __init__(self, path: Path, *args: Any) -> None:
        super().__init__(*args)
        self.path = path
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def conn(self) -> aiosqlite.Connection:
        assert self._conn is not None
        return self._conn

    async def _setup(self) -> None:
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        await self.conn.execute("PRAGMA busy_timeout = 5000")
        # relay rows live for a moment and leases are renewed every few seconds: a power
        # cut may lose the last of them, which costs nothing, so no fsync per click
        await self.conn.execute("PRAGMA synchronous = NORMAL")
        # the bot's store has set it already: for a file of the cluster's own
        await self.conn.execute("PRAGMA journal_mode = WAL")

    def _alive(self, lease: Lease, now: float) -> bool:
        if (lease.host, lease.pid) == (self.host, self.pid):
            return True
        if lease.heartbeat < now - LEASE_TTL:
            return False
        return lease.host != self.host or _pid_alive(lease.pid)

    async def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, tuple(args)) as cur:
            return list(await cur.fetchall())

    async def leases(self) -> list[Lease]:
        rows = await self._rows(
            "SELECT shard_id, shard_count, member, host, pid, since, heartbeat"
            " FROM cluster_leases ORDER BY shard_id"
        )
        return [Lease(*row) for row in rows]

    async def claim(self) -> None:
        now = time.time()
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                leases = await self.leases()
                for lease in leases:
                    if lease.shard_count != self.shard_count and self._alive(lease, now):
                        raise ShardHeld(_count_line(lease, self.shard_count))
                held = {lease.shard_id: lease for lease in leases}
                for shard in self.shard_ids:
                    holder = held.get(shard)
                    if holder is not None and self._alive(holder, now):
                        raise ShardHeld(_held_line(holder, shard))
                for shard in self.shard_ids:
                    await self.conn.execute(
                        "INSERT INTO cluster_leases"
                        " (shard_id, shard_count, member, host, pid, since, heartbeat)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shard_id) DO UPDATE SET"
                        " shard_count = excluded.shard_count, member = excluded.member,"
                        " host = excluded.host, pid = excluded.pid, since = excluded.since,"
                        " heartbeat = excluded.heartbeat",
                        (shard, self.shard_count, self.member, self.host, self.pid, now, now),
                    )
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def renew(self) -> bool:
        marks = ",".join("?" * len(self.shard_ids))
        async with self._lock:
            cur = await self.conn.execute(
                f"UPDATE cluster_leases SET heartbeat = ? WHERE shard_id IN ({marks})"
                " AND host = ? AND pid = ?",
                (time.time(), *self.shard_ids, self.host, self.pid),
            )
        return cur.rowcount == len(self.shard_ids)

    async def release(self) -> None:
        marks = ",".join("?" * len(self.shard_ids))
        async with self._lock:
            await self.conn.execute(
                f"DELETE FROM cluster_leases WHERE shard_id IN ({marks}) AND host = ? AND pid = ?",
                (*self.shard_ids, self.host, self.pid),
            )

    async def send(self, shard_id: int, payload: str) -> int:
        async with self._lock:
            cur = await self.conn.execute(
                "INSERT INTO cluster_relay (shard_id, sender, payload, state, created)"
                " VALUES (?, ?, ?, 0, ?)",
                (shard_id, self.member, payload, time.time()),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def withdraw(self, relay_id: int) -> bool:
        async with self._lock:
            cur = await self.conn.execute(
                "UPDATE cluster_relay SET state = 2 WHERE relay_id = ? AND state = 0", (relay_id,)
            )
        return cur.rowcount == 1

    async def state_of(self, relay_id: int) -> int | None:
        rows = await self._rows("SELECT state FROM cluster_relay WHERE relay_id = ?", (relay_id,))
        return int(rows[0][0]) if rows else None

    async def answered(self, relay_id: int) -> None:
        async with self._lock:
            await self.conn.execute(
                "UPDATE cluster_relay SET state = 3 WHERE relay_id = ? AND state = 1", (relay_id,)
            )

    async def holder_alive(self, shard_id: int) -> bool:
        now = time.time()
        return any(
            lease.shard_id == shard_id and self._alive(lease, now) for lease in await self.leases()
        )

    async def game_guild(self, game_id: int) -> int | None:
        rows = await self._rows("SELECT guild_id FROM games WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def game_version(self, game_id: int) -> int | None:
        rows = await self._rows("SELECT version FROM live_games WHERE game_id = ?", (game_id,))
        return int(rows[0][0]) if rows else None

    async def _take_waiting(self) -> list[tuple[int, str]]:
        marks = ",".join("?" * len(self.shard_ids))
        rows = await self._rows(
            f"SELECT relay_id, payload FROM cluster_relay WHERE state = 0 AND shard_id IN ({marks})"
            " ORDER BY relay_id",
            self.shard_ids,
        )
        taken: list[tuple[int, str]] = []
        for relay_id, payload in rows:
            async with self._lock:
                cur = await self.conn.execute(
                    "UPDATE cluster_relay SET state = 1 WHERE relay_id = ? AND state = 0",
                    (relay_id,),
                )
            if cur.rowcount == 1:
                taken.append((int(relay_id), str(payload)))
        return taken

    async def _forget_old(self) -> None:
        async with self._lock:
            await self.conn.execute(
                "DELETE FROM cluster_relay WHERE created < ?", (time.time() - KEEP_RELAYED,)
            )

    async def _close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


class PostgresCluster(Cluster):
    engine = "postgresql"

    def __init__(self, url: str, *args: Any) -> None:
        super().__init__(*args)
        self.url = url
        self._session: Any = None
        """The connection holding the advisory locks and listening: its death frees them."""
        self._pool: Any = None
        self._session_lock = asyncio.Lock()

    async def _setup(self) -> None:
        import asyncpg

        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=4)
        self._session = await asyncpg.connect(self.url)

    async def leases(self) -> list[Lease]:
        rows = await self._pool.fetch(
            "SELECT shard_id, shard_count, member, host, pid, since, heartbeat"
            " FROM cluster_leases ORDER BY shard_id"
        )
        return [Lease(*tuple(row)) for row in rows]

    async def claim(self) -> None:
        now = time.time()
        for lease in await self.leases():
            # the advisory locks are per shard id, whatever the count: a live lease
            # (its heartbeat fresh) of another count is a member sharding otherwise
            if lease.shard_count != self.shard_count and lease.heartbeat >= now - LEASE_TTL:
                raise ShardHeld(_count_line(lease, self.shard_count))
        taken: list[int] = []
        async with self._session_lock:
            for shard in self.shard_ids:
                got = await self._session.fetchval(
                    "SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE, shard
                )
                if not got:
                    for held in taken:
                        await self._session.execute(
                            "SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, held
                        )
                    holder = next((x for x in await self.leases() if x.shard_id == shard), None)
                    raise ShardHeld(_held_line(holder, shard))
                taken.append(shard)
        async with self._pool.acquire() as conn, conn.transaction():
            for shard in self.shard_ids:
                await conn.execute(
                    "INSERT INTO cluster_leases"
                    " (shard_id, shard_count, member, host, pid, since, heartbeat)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (shard_id) DO UPDATE SET"
                    " shard_count = excluded.shard_count, member = excluded.member,"
                    " host = excluded.host, pid = excluded.pid, since = excluded.since,"
                    " heartbeat = excluded.heartbeat",
                    shard,
                    self.shard_count,
                    self.member,
                    self.host,
                    self.pid,
                    now,
                    now,
                )
        await self._session.add_listener(CHANNEL, self._notified)

    async def renew(self) -> bool:
        async with self._session_lock:
            # the locks live as long as this connection: prove it still does
            try:
                await self._session.fetchval("SELECT 1")
            except Exception as exc:  # cut off: the server has released the locks
                log.warning("cluster: the connection holding the shard leases failed: %s", exc)
                return False
        await self._pool.execute(
            "UPDATE cluster_leases SET heartbeat = $1 WHERE shard_id = ANY($2::int[])"
            " AND host = $3 AND pid = $4",
            time.time(),
            list(self.shard_ids),
            self.host,
            self.pid,
        )
        return True

    async def release(self) -> None:
        await self._pool.execute(
            "DELETE FROM cluster_leases WHERE shard_id = ANY($1::int[]) AND host = $2 AND pid = $3",
            list(self.shard_ids),
            self.host,
            self.pid,
        )
        async with self._session_lock:
            await self._session.execute("SELECT pg_advisory_unlock_all()")

    async def send(self, shard_id: int, payload: str) -> int:
        async with self._pool.acquire() as conn, conn.transaction():
            relay_id = await conn.fetchval(
                "INSERT INTO cluster_relay (shard_id, sender, payload, state, created)"
                " VALUES ($1, $2, $3, 0, $4) RETURNING relay_id",
                shard_id,
                self.member,
                payload,
                time.time(),
            )
            # delivered at commit, so the owner always finds the row
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, f"{relay_id}:{shard_id}")
        return int(relay_id)

    async def withdraw(self, relay_id: int) -> bool:
        status = await self._pool.execute(
            "UPDATE cluster_relay SET state = 2 WHERE relay_id = $1 AND state = 0", relay_id
        )
        return bool(status == "UPDATE 1")

    async def state_of(self, relay_id: int) -> int | None:
        value = await self._pool.fetchval(
            "SELECT state FROM cluster_relay WHERE relay_id = $1", relay_id
        )
        return None if value is None else int(value)

    async def answered(self, relay_id: int) -> None:
        await self._pool.execute(
            "UPDATE cluster_relay SET state = 3 WHERE relay_id = $1 AND state = 1", relay_id
        )

    async def holder_alive(self, shard_id: int) -> bool:
        # the holder's advisory lock lives as long as its connection: the server drops
        # it the moment the holder dies
        return bool(
            await self._pool.fetchval(
                "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'"
                " AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted)",
                LOCK_SPACE,
                shard_id,
            )
        )

    async def game_guild(self, game_id: int) -> int | None:
        value = await self._pool.fetchval("SELECT guild_id FROM games WHERE game_id = $1", game_id)
        return None if value is None else int(value)

    async def game_version(self, game_id: int) -> int | None:
        value = await self._pool.fetchval(
            "SELECT version FROM live_games WHERE game_id = $1", game_id
        )
        return None if value is None else int(value)

    async def _take(self, relay_id: int) -> list[tuple[int, str]]:
        payload = await self._pool.fetchval(
            "UPDATE cluster_relay SET state = 1 WHERE relay_id = $1 AND state = 0"
            " RETURNING payload",
            relay_id,
        )
        return [] if payload is None else [(relay_id, str(payload))]

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        relay_text, _, shard_text = payload.partition(":")
        if int(shard_text) not in self.shard_ids:
            return

        async def take() -> None:
            try:
                self._deliver(await self._take(int(relay_text)))
            except Exception as exc:
                log.warning("cluster relay: %s", exc)

        task = asyncio.get_running_loop().create_task(take(), name="cluster-take")
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    def _watch_period(self) -> float:
        return CATCH_UP

    async def _take_waiting(self) -> list[tuple[int, str]]:
        rows = await self._pool.fetch(
            "UPDATE cluster_relay SET state = 1 WHERE state = 0 AND shard_id = ANY($1::int[])"
            " RETURNING relay_id, payload",
            list(self.shard_ids),
        )
        return sorted((int(r[0]), str(r[1])) for r in rows)

    async def _forget_old(self) -> None:
        await self._pool.execute(
            "DELETE FROM cluster_relay WHERE created < $1", time.time() - KEEP_RELAYED
        )

    async def _close(self) -> None:
        if self._session is not None:
            with contextlib.suppress(Exception):
                await self._session.close()
            self._session = None
        if self._pool is not None:
            with contextlib.suppress(Exception):
                await self._pool.close()
            self._pool = None


async def open_cluster(
    url: str | Path, member: str, shard_ids: Sequence[int], shard_count: int
) -> Cluster:
    """The cluster of the database at ``url`` (``postgresql://…``, ``sqlite:///…`` or
    a SQLite file's path), its tables created if missing; nothing claimed yet."""
    text = str(url)
    cluster: Cluster
    if text.startswith(("postgresql://", "postgres://")):
        cluster = PostgresCluster(text, member, shard_ids, shard_count)
    else:
        path = Path(text.removeprefix("sqlite://")) if text.startswith("sqlite://") else Path(text)
        cluster = SqliteCluster(path, member, shard_ids, shard_count)
    try:
        await cluster._setup()
    except BaseException:
        await cluster._close()
        raise
    return cluster
