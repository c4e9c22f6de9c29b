"""Cluster coordination (data/cluster.py) on both engines: shard leases that refuse a
second live holder and free a killed one's shards at once, and a relay whose payloads
reach the owner of a shard exactly once or come back to their sender."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from data import MIGRATIONS, Database
from data.cluster import Cluster, ShardHeld, open_cluster

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import asyncio, sys
from data.cluster import open_cluster

async def main():
    cluster = await open_cluster(sys.argv[1], "holder", [int(s) for s in sys.argv[2:]], 4)
    await cluster.claim()
    print("held", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


@pytest.fixture(params=["sqlite", "postgresql"])
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database of each engine (PostgreSQL: a new database on the tests' server),
    migrated by the store as the bot does before it joins the cluster."""
    if request.param == "sqlite":
        path = tmp_path / "cluster.sqlite3"
        async with await Database.open(path):
            pass
        yield str(path)
        return
    server: str = request.getfixturevalue("postgres_url")
    name = f"cluster_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = server.replace("/postgres?", f"/{name}?", 1)
    async with await Database.open_url(url):
        pass
    yield url
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


async def member(url: str, name: str, shards: list[int]) -> Cluster:
    return await open_cluster(url, name, shards, 4)


async def test_a_second_member_claiming_a_held_shard_is_refused_naming_the_holder(
    url: str,
) -> None:
    first = await member(url, "alpha:1", [0, 1])
    await first.claim()
    second = await member(url, "beta:2", [1, 2])
    try:
        with pytest.raises(ShardHeld) as refused:
            await second.claim()
        line = str(refused.value)
        assert line.startswith("shard 1 is held by alpha:1 since ")
        assert "\n" not in line
        # a member with other shards starts beside it
        third = await member(url, "gamma:3", [2, 3])
        await third.claim()
        assert sorted((x.shard_id, x.member) for x in await third.leases()) == [
            (0, "alpha:1"),
            (1, "alpha:1"),
            (2, "gamma:3"),
            (3, "gamma:3"),
        ]
        await third.close()
    finally:
        await second.close(release=False)
        await first.close()


async def test_a_member_of_another_shard_count_is_refused(url: str) -> None:
    first = await member(url, "alpha:1", [0, 1])
    await first.claim()
    other = await open_cluster(url, "beta:2", [5], 8)
    try:
        with pytest.raises(ShardHeld) as refused:
            await other.claim()
        assert str(refused.value) == (
            "SHARD_COUNT=8 differs from the cluster's 4 (alpha:1 runs shard 0 of 4): give "
            "every member the same SHARD_COUNT."
        )
    finally:
        await other.close(release=False)
        await first.close()


async def test_a_cleanly_stopped_member_frees_its_shards(url: str) -> None:
    first = await member(url, "alpha:1", [0, 1])
    await first.claim()
    await first.close()
    again = await member(url, "alpha:1", [0, 1])
    await again.claim()
    await again.close()


async def test_a_killed_holder_does_not_block_its_replacement(url: str) -> None:
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER,
        url,
        "2",
        "3",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 30) == b"held\n"
    replacement = await member(url, "replacement", [2, 3])
    try:
        with pytest.raises(ShardHeld, match="shard 2 is held by holder since"):
            await replacement.claim()
        os.kill(holder.pid, signal.SIGKILL)
        await holder.wait()
        await asyncio.wait_for(replacement.claim(), 5)
        assert {x.member for x in await replacement.leases()} == {"replacement"}
    finally:
        await replacement.close()


async def test_relayed_payloads_reach_the_owner_once_or_come_back(url: str) -> None:
    owner = await member(url, "owner", [1])
    sender = await member(url, "sender", [0])
    await owner.claim()
    await sender.claim()
    got: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
    owner.start(lambda relay_id, payload: got.put_nowait((relay_id, payload)))
    sender.start(lambda relay_id, payload: pytest.fail("the sender owns no such shard"))
    try:
        big = json.dumps({"custom_id": "pres:c:1:2:play", "pad": "x" * 20000})  # > NOTIFY's 8000
        relay_id = await sender.send(1, big)
        assert await asyncio.wait_for(got.get(), 5) == (relay_id, big)
        # taken by the owner: the sender can no longer take it back
        assert not await sender.withdraw(relay_id)
        # a payload for a shard nobody runs stays waiting, and its sender gets it back
        lost = await sender.send(3, "nobody")
        await asyncio.sleep(0.1)
        assert got.empty()
        assert await sender.withdraw(lost)
    finally:
        await sender.close()
        await owner.close()


async def test_a_member_that_lost_its_leases_is_told_so(
    url: str,
) -> None:
    first = await member(url, "alpha:1", [0, 1])
    await first.claim()
    assert await first.renew()
    if url.startswith("postgresql"):
        # its connection to the server is cut (a network failure): the locks go with it
        admin = await asyncpg.connect(url)
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_locks"
            " WHERE locktype = 'advisory' AND classid = $1",
            0x63617264,
        )
        await admin.close()
    else:
        # a member on another host took the shards while this one hung
        async with aiosqlite.connect(url) as conn:
            await conn.execute("UPDATE cluster_leases SET host = 'elsewhere'")
            await conn.commit()
    try:
        assert not await first.renew()
        if url.startswith("postgresql"):
            second = await member(url, "beta:2", [0, 1])
            await second.claim()
            await second.close()
    finally:
        await first.close(release=False)


async def _drop(server: str, name: str) -> None:
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


RELEASE_BEFORE_DDL = """
CREATE TABLE cluster_leases (
    shard_id INTEGER PRIMARY KEY, shard_count INTEGER NOT NULL, member TEXT NOT NULL,
    host TEXT NOT NULL, pid INTEGER NOT NULL, since DOUBLE PRECISION NOT NULL,
    heartbeat DOUBLE PRECISION NOT NULL
);
CREATE TABLE cluster_relay (
    relay_id {serial}, shard_id INTEGER NOT NULL, sender TEXT NOT NULL,
    payload TEXT NOT NULL, state INTEGER NOT NULL DEFAULT 0, created DOUBLE PRECISION NOT NULL
);
CREATE INDEX cluster_relay_waiting ON cluster_relay (shard_id, state);
"""
"""The tables as the members of the release before schema 7 created them themselves."""


@pytest.mark.parametrize("clustered", [False, True], ids=["plain", "clustered"])
@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
async def test_a_schema_6_database_gets_the_cluster_tables_and_members_work_on_it(
    request: pytest.FixtureRequest, tmp_path: Path, engine: str, clustered: bool
) -> None:
    """A host's database of schema 6, plain or already used by a cluster of the release
    before (whose members created the tables), is migrated by the store; then members
    claim shards and relay through it."""
    if engine == "sqlite":
        from tests.data.test_migrations import create_at_version

        path = tmp_path / "v6.sqlite3"
        create_at_version(path, 6)
        url = str(path)
        if clustered:
            async with aiosqlite.connect(path) as conn:
                await conn.executescript(
                    RELEASE_BEFORE_DDL.format(serial="INTEGER PRIMARY KEY AUTOINCREMENT")
                )
    else:
        server: str = request.getfixturevalue("postgres_url")
        name = f"cluster_{secrets.token_hex(4)}"
        admin = await asyncpg.connect(server)
        await admin.execute(f"CREATE DATABASE {name}")
        await admin.close()
        request.addfinalizer(lambda: asyncio.run(_drop(server, name)))
        url = server.replace("/postgres?", f"/{name}?", 1)
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(
                "CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1),"
                " version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1, 6)"
            )
            for m in MIGRATIONS[:6]:
                await conn.execute(m.postgres)
            if clustered:
                await conn.execute(RELEASE_BEFORE_DDL.format(serial="BIGSERIAL PRIMARY KEY"))
        finally:
            await conn.close()
    async with await Database.open_url(url if engine == "postgresql" else f"sqlite:///{url}") as db:
        assert await db.schema_version() == 7
    owner = await member(url, "owner", [1])
    sender = await member(url, "sender", [0])
    await owner.claim()
    await sender.claim()
    got: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
    owner.start(lambda relay_id, payload: got.put_nowait((relay_id, payload)))
    try:
        third = await member(url, "third", [1])
        with pytest.raises(ShardHeld, match="shard 1 is held by owner"):
            await third.claim()
        await third.close(release=False)
        relay_id = await sender.send(1, "click")
        assert await asyncio.wait_for(got.get(), 5) == (relay_id, "click")
    finally:
        await sender.close()
        await owner.close()
