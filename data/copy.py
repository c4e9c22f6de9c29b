"""Copying a whole database from one engine to the other: ``python -m data copy SRC DST``.

Every table of the schema, live games included, row by row in one transaction on the
destination, which is left as it was if anything fails. Both databases are opened as
the bot opens them (so both are migrated to the current schema first); the bot should
be stopped while it runs, or the source may move on after the copy.

It is idempotent. A destination that already holds exactly the source's rows is left
alone; an empty one is filled; one that holds other rows is refused, naming the
tables that differ, unless ``replace`` is asked for: then the destination's rows are
deleted and the source's copied, in the same transaction. (Merging two databases is
not offered: game ids and statistics of two histories cannot be added up safely.)

At the end each table is read back on both sides in a canonical order (its primary
key) and compared by row count and a SHA-256 over its rows' canonical text; the copy
is good only when every table matches. PostgreSQL's game id sequence is moved past
the copied ids, so the next game gets a new one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Final

from .database import Database
from .engines import Row, Tx

#: Every table of the current schema with its primary key, parents before children.
#: ``open_state`` (whether a SQLite file was closed cleanly) belongs to the file, not
#: to the data, and the schema version is each database's own. The cluster's tables
#: (shard leases, relayed clicks) are the running members' state, seconds old and
#: meaningless to another database: a copy is made with the members stopped, and the
#: members of the destination claim their shards afresh.
TABLES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("games", ("game_id",)),
    ("game_seats", ("game_id", "seat")),
    ("rounds", ("game_id", "round_no")),
    ("round_seats", ("game_id", "round_no", "seat")),
    ("players", ("guild_id", "kind", "user_id")),
    ("player_points", ("guild_id", "kind", "user_id", "scheme")),
    ("player_stats", ("guild_id", "kind", "user_id", "stat")),
    ("live_games", ("game_id",)),
    ("live_snapshots", ("game_id",)),
    ("live_deals", ("game_id", "seq")),
    ("live_log", ("game_id", "seq")),
    ("guild_settings", ("guild_id", "kind")),
    ("channel_settings", ("channel_id", "kind")),
    ("dm_channels", ("user_id",)),
)
NOT_COPIED: Final = frozenset({"open_state", "schema_version", "cluster_leases", "cluster_relay"})
BATCH: Final = 2000


@dataclass(frozen=True, slots=True)
class TableSum:
    rows: int
    sha256: str


@dataclass(frozen=True, slots=True)
class CopyResult:
    copied: bool
    """Whether rows were written (False: the destination already held the same rows)."""
    source: dict[str, TableSum]
    destination: dict[str, TableSum]

    @property
    def matches(self) -> bool:
        return self.source == self.destination

    def report(self) -> str:
        """One line per table: rows and checksum on each side, and whether they match."""
        lines = [f"{'table':<17} {'rows':>9}  {'sha256 (source)':<16}  {'sha256 (dest.)':<16}"]
        for table, _ in TABLES:
            s, d = self.source[table], self.destination[table]
            mark = "ok" if s == d else f"DIFFERENT ({d.rows} rows)"
            lines.append(f"{table:<17} {s.rows:>9}  {s.sha256[:16]}  {d.sha256[:16]}  {mark}")
        return "\n".join(lines)


class DestinationNotEmpty(Exception):
    """The destination holds rows other than the source's; nothing was written."""

    def __init__(self, differing: dict[str, int]) -> None:
        self.differing = differing
        which = ", ".join(f"{t} ({n} rows)" for t, n in differing.items())
        super().__init__(
            f"the destination already holds other data ({which}); nothing was written. "
            "Copy into an empty database, or add --replace to delete the destination's "
            "data and copy the source's in its place."
        )


async def _rows(tx: Tx, table: str, key: tuple[str, ...]) -> AsyncIterator[list[Row]]:
    """The table's rows in key order, a batch at a time (keyset paging: each batch
    starts after the last key of the one before, so a big table is never read twice)."""
    cols = ", ".join(COLUMNS[table])
    order = ", ".join(key)
    last: tuple[Any, ...] | None = None
    while True:
        where = ""
        if last is not None:
            where = f" WHERE ({order}) > ({', '.join('?' * len(key))})"
        batch = await tx.fetch(
            f"SELECT {cols} FROM {table}{where} ORDER BY {order} LIMIT {BATCH}", last or ()
        )
        if not batch:
            return
        yield batch
        last = tuple(batch[-1][k] for k in key)
        if len(batch) < BATCH:
            return


def _canonical(row: Row, width: int) -> bytes:
    # a double reads back as the same float on both engines; an integer as an int
    values = [row[i] for i in range(width)]
    return json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


async def checksums(db: Database) -> dict[str, TableSum]:
    """Row count and SHA-256 of every table, in one snapshot of the database."""
    out: dict[str, TableSum] = {}
    async with db._engine.transaction(write=False) as tx:
        for table, key in TABLES:
            digest = hashlib.sha256()
            count = 0
            width = len(COLUMNS[table])
            async for batch in _rows(tx, table, key):
                for row in batch:
                    digest.update(_canonical(row, width))
                count += len(batch)
            out[table] = TableSum(count, digest.hexdigest())
    return out


async def copy_database(
    source: Database,
    destination: Database,
    *,
    replace: bool = False,
    progress: Callable[[str], None] = lambda _: None,
) -> CopyResult:
    """Copy every row of ``source`` into ``destination`` (see the module's text).

    Raises :class:`DestinationNotEmpty` when the destination holds other rows and
    ``replace`` is not given."""
    before = await checksums(source)
    held = await checksums(destination)
    if held == before:
        progress("The destination already holds the same rows: nothing to copy.")
        return CopyResult(False, before, held)
    differing = {t: s.rows for t, s in held.items() if s.rows}
    if differing and not replace:
        raise DestinationNotEmpty(differing)
    async with (
        source._engine.transaction(write=False) as src,
        destination._engine.transaction(write=True) as dst,
    ):
        if differing:
            for table, _ in reversed(TABLES):
                await dst.execute(f"DELETE FROM {table}")
        for table, key in TABLES:
            cols = COLUMNS[table]
            insert = (
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
            )
            count = 0
            async for batch in _rows(src, table, key):
                await dst.executemany(
                    insert, [tuple(r[i] for i in range(len(cols))) for r in batch]
                )
                count += len(batch)
            progress(f"{table}: {count} rows")
        if destination.engine == "postgresql":
            # the identity column hands out ids past the copied games'
            await dst.fetch(
                "SELECT setval(pg_get_serial_sequence('games', 'game_id'),"
                " coalesce(max(game_id), 0) + 1, false) FROM games"
            )
    return CopyResult(True, await checksums(source), await checksums(destination))


#: The columns of each table at the current schema, in a fixed order.
COLUMNS: Final[dict[str, list[str]]] = {
    "games": [
        "game_id",
        "guild_id",
        "channel_id",
        "kind",
        "preset",
        "options_json",
        "scoring",
        "status",
        "started_at",
        "ended_at",
        "rounds_played",
        "winners_json",
        "record_json",
        "lower_is_better",
    ],
    "game_seats": ["game_id", "seat", "user_id", "display_name", "computer_level"],
    "rounds": ["game_id", "round_no", "ended_at", "rated"],
    "round_seats": ["game_id", "round_no", "seat", "position", "score", "total", "details_json"],
    "players": [
        "guild_id",
        "kind",
        "user_id",
        "display_name",
        "games_played",
        "rounds_played",
        "wins",
        "position_sum",
        "mu",
        "sigma",
        "ordinal",
        "rated_rounds",
        "last_played_at",
        "details_json",
    ],
    "player_points": ["guild_id", "kind", "user_id", "scheme", "points", "rounds"],
    "player_stats": ["guild_id", "kind", "user_id", "stat", "value"],
    "live_games": ["game_id", "version", "meta_json", "updated_at"],
    "live_snapshots": ["game_id", "seq", "header_json", "snapshot_json"],
    "live_deals": ["game_id", "seq", "deal_json"],
    "live_log": ["game_id", "seq", "player", "decision"],
    "guild_settings": [
        "guild_id",
        "kind",
        "preset",
        "options_json",
        "turn_seconds",
        "computer_level",
    ],
    "channel_settings": [
        "channel_id",
        "kind",
        "guild_id",
        "preset",
        "options_json",
        "turn_seconds",
        "computer_level",
    ],
    "dm_channels": ["user_id", "channel_id"],
}
