"""The same load on one bot process and on a cluster of N members (``docs/cluster.md``).

    python -m benchmarks.e2e --cluster N [--tables 20] [--load-seconds 30] [--level hard]

Both runs are sharded the same way (``SHARD_COUNT=N``) on one shared SQLite file and
the emulator, with the real clock and production pacing: first one process running
every shard, then N members running one shard each. ``--tables`` President tables, one
human and three computers of ``--level`` each, spread evenly over the shards' servers;
each human answers their turn after 0.3–0.6 s. Every human click is a DM click, so on
N members (N-1)/N of them are passed on by the member of shard 0 to the table's owner.

``python -m benchmarks.cluster load [--runs 3] [--tables 20] [--load-seconds 30]
[--database-url URL]`` plays the same load on one unsharded process on SQLite and on
PostgreSQL (a fresh database per run on ``--database-url``'s server, else on a
throwaway server from ``tests/pg_server.py``), the runs interleaved so that a noisy
machine weighs on both alike: decision response p50/p99 per run and per engine.
Target: PostgreSQL's p50 and p99 within 1.5x of SQLite's.

``python -m benchmarks.cluster relay [--count 500]`` measures the relay alone, on both
engines (a throwaway PostgreSQL from ``tests/pg_server.py``, or ``TEST_POSTGRES_URL``):
two members in two processes, one sending a 2 KB payload (a click's size) every 20 ms
to the other's shard; the time from the send to its delivery, p50/p99.

Figures per run: human decisions a second, the response time of a click (from the click
to the interaction response reaching the emulator) p50/p99, the CPU seconds of each
process (bot and its computer workers); for the cluster, what passing a click on adds
(from the moment the member of shard 0 read the click to the moment the owner parsed
it, both logged at DEBUG by ``cardtable.cluster``) p50/p99. Targets: a forwarded click
adds <= 20 ms at p50 and <= 100 ms at p99. The last line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.e2e.emulator import Emulator
from tests.e2e.process_support import BotProcess, Human, percentile

RELAYED = re.compile(r"click \d+ relayed in ([0-9.]+) ms")
THINK = (0.3, 0.6)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="N",
        help="the load on one process and on N cluster members (benchmarks/cluster.py)",
    )
    p.add_argument("--level", default="hard", help="with --cluster: the computers' level")


async def _human(emu: Emulator, h: Human, until: float, rng: random.Random) -> None:
    while emu.loop_time() < until:
        try:
            msg, version = await emu.wait_for(
                lambda: h.controls(emu), max(0.01, until - emu.loop_time()), "a turn"
            )
        except AssertionError:
            return
        await asyncio.sleep(rng.uniform(*THINK))
        if emu.loop_time() < until:
            await h.act(emu, msg, version)


async def _run(
    members: int,
    shards: int,
    args: argparse.Namespace,
    work: Path,
    store: Path | str | None = None,
) -> dict[str, Any]:
    """``shards`` 0: one unsharded process; ``store`` a SQLite file or a URL (default a
    new file in ``work``)."""
    from benchmarks.e2e import start_table

    emu = Emulator()
    await emu.start()
    db_path = work / f"run{members}.sqlite3" if store is None else store
    procs: list[BotProcess] = []
    try:
        humans: list[Human] = []
        guilds = []
        for t in range(args.tables):
            user = emu.create_user(f"h{t}")
            shard = (t % shards, shards) if shards else None
            guild = emu.create_guild(f"Club {t}", members=[user], shard=shard)
            guilds.append(guild)
            humans.append(Human(user, guild.channels[0]))
        split = [list(range(shards))] if members == 1 else [[i] for i in range(shards)]
        for i, ids in enumerate(split):
            env: dict[str, str] = {}
            if shards:
                env = {
                    "SHARD_COUNT": str(shards),
                    "SHARD_IDS": ",".join(map(str, ids)),
                    "CLUSTER_MEMBER": f"m{i}",
                    "LOG_LEVEL": "DEBUG",
                    "E2E_DEBUG_ONLY": "cardtable.cluster",
                }
            proc = BotProcess(emu, db_path, work / f"m{members}-{i}.log", scale=1.0, extra_env=env)
            procs.append(await proc.start(ready_timeout=60))
        for h in humans:
            await start_table(emu, h.user, h.channel, 3, args.level)
        await asyncio.sleep(5.0)  # the deals, the first turns
        for h in humans:
            h.latencies.clear()
            h.applied.clear()
        cpu_before = [p.cpu_seconds() for p in procs]
        started = emu.loop_time()
        until = started + args.load_seconds
        rng = random.Random(members)
        await asyncio.gather(*(_human(emu, h, until, random.Random(rng.random())) for h in humans))
        elapsed = emu.loop_time() - started
        cpu_after = [p.cpu_seconds() for p in procs]
        relayed = [float(ms) for p in procs for ms in RELAYED.findall(p.log())]
        errors = [e for p in procs for e in p.errors()]
    finally:
        for p in procs:
            await p.stop()
        await emu.stop()
    latencies = [x * 1000 for h in humans for x in h.latencies]
    decisions = sum(len(h.applied) for h in humans)
    return {
        "members": members,
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "human_decisions_per_s": round(decisions / elapsed, 2),
        "response_ms": {
            "n": len(latencies),
            "p50": round(percentile(latencies, 50), 1),
            "p99": round(percentile(latencies, 99), 1),
        },
        "cpu_s": [
            {
                "bot": round(after["bot"] - before["bot"], 2),
                "computers": round(after["children"] - before["children"], 2),
            }
            for before, after in zip(cpu_before, cpu_after, strict=True)
        ],
        "forwarded_ms": {
            "n": len(relayed),
            "p50": round(percentile(relayed, 50), 2) if relayed else None,
            "p99": round(percentile(relayed, 99), 2) if relayed else None,
        },
        "unanswered": sum(1 for i in emu.state.interactions.values() if not i.responded),
        "bot_errors": errors[:10],
    }


async def compare(args: argparse.Namespace) -> dict[str, Any]:
    n = max(2, args.cluster)
    with tempfile.TemporaryDirectory(prefix="bench-cluster-", dir=args.work_dir) as tmp:
        one = await _run(1, n, args, Path(tmp))
        many = await _run(n, n, args, Path(tmp))
    fwd = many["forwarded_ms"]
    return {
        "one": one,
        "cluster": many,
        "decisions_ratio": round(
            many["human_decisions_per_s"] / max(one["human_decisions_per_s"], 1e-9), 2
        ),
        "targets": {
            "forward_p50_le_20ms": None if fwd["p50"] is None else fwd["p50"] <= 20,
            "forward_p99_le_100ms": None if fwd["p99"] is None else fwd["p99"] <= 100,
        },
    }


def main_cluster(args: argparse.Namespace) -> int:
    out = asyncio.run(compare(args))
    for key in ("one", "cluster"):
        print(f"{key}: {json.dumps(out[key])}")
    print(f"targets: {json.dumps(out['targets'])}")
    print(json.dumps(out))
    return 0


RECEIVER = """
import asyncio, sys, time
from data.cluster import open_cluster

async def main():
    cluster = await open_cluster(sys.argv[1], "receiver", [1], 2)
    await cluster.claim()
    cluster.start(lambda relay_id, payload: print(payload[:40], time.time(), flush=True))
    print("ready", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


async def relay_latency(url: str, count: int) -> dict[str, Any]:
    """Send ``count`` payloads to a member in another process; delivery p50/p99 (ms)."""
    import sys

    from data.cluster import open_cluster

    receiver = await asyncio.create_subprocess_exec(
        sys.executable, "-c", RECEIVER, url, stdout=asyncio.subprocess.PIPE
    )
    assert receiver.stdout is not None
    try:
        assert (await asyncio.wait_for(receiver.stdout.readline(), 30)).strip() == b"ready"
        sender = await open_cluster(url, "sender", [0], 2)
        await sender.claim()
        sent: dict[str, float] = {}
        delays: list[float] = []
        for n in range(count):
            key = f"{n:08d}"
            sent[key] = time.time()
            await sender.send(1, key + "x" * 2000)
            await asyncio.sleep(0.020)
        while len(delays) < count:
            line = await asyncio.wait_for(receiver.stdout.readline(), 10)
            key, at = line.decode().split()
            delays.append((float(at) - sent[key[:8]]) * 1000)
        await sender.close()
    finally:
        receiver.kill()
        await receiver.wait()
    return {
        "n": len(delays),
        "p50_ms": round(percentile(delays, 50), 2),
        "p99_ms": round(percentile(delays, 99), 2),
    }


async def _migrated(url: str) -> None:
    """The cluster's tables are the schema's: the store creates them, as in the bot."""
    from data import Database

    opened = Database.open_url(url) if "://" in url else Database.open(url)
    async with await opened:
        pass


class _Postgres:
    """A server for fresh databases: ``url`` (a server's, any database) or a throwaway one."""

    def __init__(self, url: str = "") -> None:
        self.url = url
        self.folder: Path | None = None
        self.made: list[str] = []

    def __enter__(self) -> _Postgres:
        if not self.url:
            from tests import pg_server

            self.folder = Path(tempfile.mkdtemp(prefix="bench-pg-"))
            self.url = pg_server.start(self.folder).url
        return self

    async def fresh(self) -> str:
        import secrets
        from urllib.parse import urlsplit, urlunsplit

        import asyncpg

        name = f"bench_{secrets.token_hex(4)}"
        admin = await asyncpg.connect(self.url)
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        self.made.append(name)
        return urlunsplit(urlsplit(self.url)._replace(path=f"/{name}"))

    def __exit__(self, *exc: object) -> None:
        import shutil

        if self.folder is not None:
            from tests import pg_server

            pg_server.stop(self.folder)
            shutil.rmtree(self.folder, ignore_errors=True)


async def load_by_engine(args: argparse.Namespace) -> dict[str, Any]:
    """The same load on one unsharded process, SQLite and PostgreSQL runs interleaved."""
    runs: dict[str, list[dict[str, Any]]] = {"sqlite": [], "postgresql": []}
    with (
        _Postgres(args.database_url) as pg,
        tempfile.TemporaryDirectory(prefix="bench-engines-", dir=args.work_dir) as tmp,
    ):
        for n in range(args.runs):
            for engine in ("sqlite", "postgresql") if n % 2 == 0 else ("postgresql", "sqlite"):
                work = Path(tmp) / f"{engine}{n}"
                work.mkdir()
                store: Path | str = work / "bot.sqlite3" if engine == "sqlite" else await pg.fresh()
                result = await _run(1, 0, args, work, store)
                print(f"{engine} run {n}: {json.dumps(result)}", flush=True)
                runs[engine].append(result)

    def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
        p50 = sorted(r["response_ms"]["p50"] for r in results)
        p99 = sorted(r["response_ms"]["p99"] for r in results)
        return {
            "p50_ms": p50,
            "p99_ms": p99,
            "median_p50_ms": p50[len(p50) // 2],
            "median_p99_ms": p99[len(p99) // 2],
            "decisions_per_s": [r["human_decisions_per_s"] for r in results],
            "bot_cpu_s": [r["cpu_s"][0]["bot"] for r in results],
        }

    out = {engine: summary(results) for engine, results in runs.items()}
    lite, pg_ = out["sqlite"], out["postgresql"]
    out["ratio"] = {
        "p50": round(pg_["median_p50_ms"] / max(lite["median_p50_ms"], 1e-9), 2),
        "p99": round(pg_["median_p99_ms"] / max(lite["median_p99_ms"], 1e-9), 2),
    }
    out["targets"] = {"within_1_5x": out["ratio"]["p50"] <= 1.5 and out["ratio"]["p99"] <= 1.5}
    return out


async def relays(count: int) -> dict[str, Any]:
    import os
    import shutil

    from tests import pg_server

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-relay-") as tmp:
        path = str(Path(tmp) / "relay.sqlite3")
        await _migrated(path)
        out["sqlite"] = await relay_latency(path, count)
    url = os.environ.get("TEST_POSTGRES_URL", "").strip()
    folder = None
    if not url:
        folder = Path(tempfile.mkdtemp(prefix="bench-pg-"))
        url = pg_server.start(folder).url
    try:
        await _migrated(url)
        out["postgresql"] = await relay_latency(url, count)
    finally:
        if folder is not None:
            pg_server.stop(folder)
            shutil.rmtree(folder, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.cluster", description=__doc__)
    p.add_argument("what", choices=["relay", "load"])
    p.add_argument("--count", type=int, default=500, help="relay: payloads sent")
    p.add_argument("--runs", type=int, default=3, help="load: runs of each engine")
    p.add_argument("--tables", type=int, default=20, help="load: busy tables")
    p.add_argument("--load-seconds", type=float, default=30.0, help="load: seconds of play")
    p.add_argument("--level", default="hard", help="load: the computers' level")
    p.add_argument(
        "--database-url",
        default="",
        help="load: a PostgreSQL server to create the runs' databases on (default: a "
        "throwaway server, tests/pg_server.py)",
    )
    p.add_argument("--work-dir", default=None, help="load: where the runs' files go")
    args = p.parse_args(argv)
    if args.what == "load":
        out = asyncio.run(load_by_engine(args))
    else:
        out = asyncio.run(relays(args.count))
    for key, value in out.items():
        print(f"{key}: {json.dumps(value)}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
