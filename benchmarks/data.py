"""Benchmark of the persistence layer: leaderboard pages and profiles in a big guild.

    python -m benchmarks.data [--players 10000] [--rounds 1000000] [--queries 50]

Builds (once, cached under the system temp directory) a database with one guild of
``--players`` players and ``--rounds`` rounds, through the real schema; then times
each leaderboard kind and profiles through :class:`data.Database` and prints the
median and p95 in milliseconds. The last line is a JSON object with the figures.
The target is under 50 ms for a leaderboard page and a profile.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from data import MIGRATIONS, SCHEMA_VERSION, SCORING_SCHEMES, Board, Database, position_category

GUILD = 1
ROUNDS_PER_GAME = 10
POINTS = {
    "classic": lambda pos, n: 2 if pos == 0 else 1 if pos == 1 else 0,
    "position": lambda pos, n: n - pos - 1,
    "credits": lambda pos, n: [5, 0, -5, -10, -15][{0: 0, 1: 1, n - 2: 3, n - 1: 4}.get(pos, 2)],
    "ladder": lambda pos, n: [100, 50, 0, 25, 0][{0: 0, 1: 1, n - 2: 3, n - 1: 4}.get(pos, 2)],
}
TITLES = ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"]


def _title(pos: int, n: int) -> str:
    return TITLES[{0: 0, 1: 1, n - 2: 3, n - 1: 4}.get(pos, 2)]


def cache_path(players: int, rounds: int) -> Path:
    folder = Path(tempfile.gettempdir()) / "president-bench"
    folder.mkdir(parents=True, exist_ok=True)
    schema = hashlib.sha256("".join(m.sql for m in MIGRATIONS).encode()).hexdigest()[:8]
    return folder / f"data-v{SCHEMA_VERSION}-{schema}-p{players}-r{rounds}.sqlite3"


def generate(path: Path, players: int, rounds: int, seed: int = 1) -> None:
    """Write the benchmark database to ``path`` (atomically: a temp file, then rename)."""
    tmp = path.with_suffix(".partial")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)

    async def create_schema() -> None:
        async with await Database.open(tmp):
            pass

    asyncio.run(create_schema())
    rng = random.Random(seed)
    stats: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    points: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    titles: dict[int, str] = {}
    last_played: dict[int, float] = {}
    games = max(1, rounds // ROUNDS_PER_GAME)
    t0 = 1_600_000_000.0

    def game_rows() -> Iterator[tuple[Any, ...]]:
        for g in range(1, games + 1):
            scheme = SCORING_SCHEMES[g % len(SCORING_SCHEMES)]
            yield (
                g,
                GUILD,
                100 + g % 20,
                "president",
                scheme,
                "{}",
                scheme,
                "finished",
                t0 + g * 60,
                t0 + g * 60 + 50,
                ROUNDS_PER_GAME,
                None,
                "{}",
            )

    conn = sqlite3.connect(tmp, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("PRAGMA cache_size = -500000")
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", game_rows())

    seats_rows: list[tuple[Any, ...]] = []
    round_rows: list[tuple[Any, ...]] = []
    result_rows: list[tuple[Any, ...]] = []
    winners: list[tuple[str, int]] = []
    done = 0
    for g in range(1, games + 1):
        scheme = SCORING_SCHEMES[g % len(SCORING_SCHEMES)]
        n = rng.choice((3, 4, 4, 4, 5, 6))
        humans = rng.sample(range(1, players + 1), n - rng.choice((0, 0, 1)))
        seat_users: list[int | None] = [*humans, *([None] * (n - len(humans)))]
        for s, u in enumerate(seat_users):
            seats_rows.append((g, s, u, f"Player {u}" if u else "Computer", None if u else "easy"))
        totals = [0] * n
        end = t0 + g * 60
        count = min(ROUNDS_PER_GAME, rounds - done)
        for r in range(1, count + 1):
            order = list(range(n))
            rng.shuffle(order)
            round_rows.append((g, r, end, int(len(humans) >= 2)))
            for pos, s in enumerate(order):
                pts = POINTS[scheme](pos, n)
                totals[s] += pts
                result_rows.append((g, r, s, pos, _title(pos, n), pts, totals[s], 0))
                u = seat_users[s]
                if u is not None:
                    st = stats[u]
                    st["rounds_played"] += 1
                    st[position_category(pos, n)] += 1
                    st["position_sum"] += pos
                    acc = points[(u, scheme)]
                    acc[0] += pts
                    acc[1] += 1
                    titles[u] = _title(pos, n)
                    last_played[u] = end
        done += count
        best = max(totals)
        won = [s for s in range(n) if totals[s] == best]
        winners.append((json.dumps(won), g))
        for s, u in enumerate(seat_users):
            if u is not None:
                stats[u]["games_played"] += 1
                stats[u]["wins"] += s in won
        if len(result_rows) > 200_000 or g == games:
            conn.executemany("INSERT INTO game_seats VALUES (?,?,?,?,?)", seats_rows)
            conn.executemany("INSERT INTO rounds VALUES (?,?,?,?)", round_rows)
            conn.executemany("INSERT INTO round_seats VALUES (?,?,?,?,?,?,?,?)", result_rows)
            seats_rows.clear()
            round_rows.clear()
            result_rows.clear()
    conn.executemany("UPDATE games SET winners_json = ? WHERE game_id = ?", winners)

    def player_rows() -> Iterator[tuple[Any, ...]]:
        for u, st in stats.items():
            mu = rng.gauss(25.0, 4.0)
            sigma = rng.uniform(1.5, 8.3)
            yield (
                GUILD,
                u,
                f"Player {u}",
                titles.get(u),
                st["games_played"],
                st["rounds_played"],
                st["wins"],
                st["firsts"],
                st["seconds"],
                st["middles"],
                st["second_lasts"],
                st["lasts"],
                st["position_sum"],
                mu,
                sigma,
                mu - 3 * sigma,
                st["rounds_played"],
                last_played.get(u),
            )

    conn.executemany(
        "INSERT INTO players VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", player_rows()
    )
    conn.executemany(
        "INSERT INTO player_points VALUES (?,?,?,?,?)",
        ((GUILD, u, scheme, p, c) for (u, scheme), (p, c) in points.items()),
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    os.replace(tmp, path)


async def _time(n: int, query: Callable[[], Awaitable[object]]) -> dict[str, float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        await query()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return {
        "median_ms": round(statistics.median(samples), 3),
        "p95_ms": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))], 3),
        "max_ms": round(samples[-1], 3),
    }


async def measure(path: Path, players: int, queries: int, seed: int = 2) -> dict[str, Any]:
    rng = random.Random(seed)
    start = time.perf_counter()
    db = await Database.open(path)
    open_ms = (time.perf_counter() - start) * 1000
    results: dict[str, Any] = {"open_ms": round(open_ms, 1)}
    try:
        kinds: list[tuple[str, Board, str | None]] = [
            ("leaderboard_rating", Board.RATING, None),
            ("leaderboard_wins", Board.WINS, None),
            ("leaderboard_firsts", Board.FIRSTS, None),
            *((f"leaderboard_points_{s}", Board.POINTS, s) for s in SCORING_SCHEMES),
        ]
        for name, board, scheme in kinds:
            total = (await db.leaderboard(GUILD, board, scheme=scheme)).total

            def page_query(board: Board = board, scheme: str | None = scheme, total: int = total):
                return db.leaderboard(
                    GUILD,
                    board,
                    scheme=scheme,
                    page=rng.randrange(max(1, total // 10)),
                    page_size=10,
                    user_id=rng.randint(1, players),
                )

            results[name] = await _time(queries, page_query)

        results["profile"] = await _time(
            queries, lambda: db.profile(GUILD, rng.randint(1, players), recent=5)
        )
        results["recent_games"] = await _time(
            queries, lambda: db.recent_games(100 + rng.randrange(20), limit=10)
        )
    finally:
        await db.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--regenerate", action="store_true", help="ignore the cached file")
    args = parser.parse_args()

    path = cache_path(args.players, args.rounds)
    if args.regenerate or not path.exists():
        print(f"generating {args.players} players / {args.rounds} rounds into {path} ...")
        start = time.perf_counter()
        generate(path, args.players, args.rounds)
        print(f"  generated in {time.perf_counter() - start:.1f} s")
    else:
        print(f"using cached database {path}")
    print(f"  size {path.stat().st_size / 2**20:.0f} MiB")
    results = asyncio.run(measure(path, args.players, args.queries))
    results = {"players": args.players, "rounds": args.rounds, "queries": args.queries, **results}
    print(f"open (migrations + quick_check): {results['open_ms']} ms")
    worst = 0.0
    for key, value in results.items():
        if isinstance(value, dict):
            worst = max(worst, value["p95_ms"])
            print(f"{key:32} median {value['median_ms']:8.3f} ms   p95 {value['p95_ms']:8.3f} ms")
    results["worst_p95_ms"] = worst
    results["target_ms"] = 50
    results["ok"] = worst < 50
    print(json.dumps(results))


if __name__ == "__main__":
    main()
