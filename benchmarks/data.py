"""Benchmark of the persistence layer: start-up, queries in a big guild, bytes per decision.

    python -m benchmarks.data [--players 10000] [--rounds 1000000] [--queries 50]
                              [--game-players 6] [--game-rounds 10] [--seed 1]

Builds (once, cached under the system temp directory) a database with one guild of
``--players`` players and ``--rounds`` rounds, through the real schema; then times
opening it (clean, and after an unclean shutdown, which runs the integrity check),
each leaderboard (the score boards also ranked lowest first, as penalty games rank
them) and profiles through :class:`data.Database`, median and p95 in milliseconds.

Then it stores a real President game (``--game-players`` players, ``--game-rounds``
rounds, random legal plays) through the API as the bot does, and counts the bytes
the process hands to ``write()`` (``/proc/self/io``: WAL frames and checkpoints) for
each decision: the mean over the first round against the mean over the last.

Targets: a leaderboard page or a profile under 50 ms (p95), opening under 200 ms,
and bytes per decision in the last round within 2x those of the first.

With ``--url postgresql://…`` (a scratch database: the benchmark writes into it) the
same leaderboards and profiles are timed on PostgreSQL too (the generated file copied
in by ``python -m data copy``'s code, once), and the store calls a decision makes
(``append_decision``; with a round's result, recording the round; ``start_round``)
are timed on both engines under the same load: ``--tables`` real President games
played at once, the engine's own work outside the timings. The target: PostgreSQL's
p50 and p99 within 1.5x of SQLite's.
The last line is a JSON object with the figures.
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

from data import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Board,
    Database,
    NewGame,
    RoundResult,
    Seat,
    SeatResult,
    place_kind,
    redact,
)
from data.copy import copy_database

GUILD = 1
KIND = "president"
SCORING_SCHEMES = ("classic", "position", "credits", "ladder")  # President's
#: President's place counts (its declared statistics), by the kind of place
PLACES = {
    "first": "firsts",
    "second": "seconds",
    "middle": "middles",
    "second_last": "second_lasts",
    "last": "lasts",
}
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
                0,
            )

    conn = sqlite3.connect(tmp, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("PRAGMA cache_size = -500000")
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", game_rows())

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
                details = json.dumps(
                    {"promotion": 0, "title": _title(pos, n)}, separators=(",", ":")
                )
                result_rows.append((g, r, s, pos, pts, totals[s], details))
                u = seat_users[s]
                if u is not None:
                    st = stats[u]
                    st["rounds_played"] += 1
                    st[PLACES[place_kind(pos, n)]] += 1
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
            conn.executemany("INSERT INTO round_seats VALUES (?,?,?,?,?,?,?)", result_rows)
            seats_rows.clear()
            round_rows.clear()
            result_rows.clear()
    conn.executemany("UPDATE games SET winners_json = ? WHERE game_id = ?", winners)

    def player_rows() -> Iterator[tuple[Any, ...]]:
        for u, st in stats.items():
            mu = rng.gauss(25.0, 4.0)
            sigma = rng.uniform(1.5, 8.3)
            title = titles.get(u)
            yield (
                GUILD,
                KIND,
                u,
                f"Player {u}",
                json.dumps({"title": title} if title else {}, separators=(",", ":")),
                st["games_played"],
                st["rounds_played"],
                st["wins"],
                st["position_sum"],
                mu,
                sigma,
                mu - 3 * sigma,
                st["rounds_played"],
                last_played.get(u),
            )

    conn.executemany(
        "INSERT INTO players (guild_id, kind, user_id, display_name, details_json, games_played,"
        " rounds_played, wins, position_sum, mu, sigma, ordinal, rated_rounds, last_played_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        player_rows(),
    )
    conn.executemany(
        "INSERT INTO player_stats (guild_id, kind, user_id, stat, value) VALUES (?,?,?,?,?)",
        ((GUILD, KIND, u, stat, st[stat]) for u, st in stats.items() for stat in PLACES.values()),
    )
    conn.executemany(
        "INSERT INTO player_points VALUES (?,?,?,?,?,?)",
        ((GUILD, KIND, u, scheme, p, c) for (u, scheme), (p, c) in points.items()),
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


def _mark_unclean(path: Path) -> None:
    """Leave the file as a killed process leaves it (counted as open)."""
    conn = sqlite3.connect(path)
    conn.execute("UPDATE open_state SET open_count = 1")
    conn.commit()
    conn.close()


async def _open_ms(path: Path) -> tuple[float, bool]:
    start = time.perf_counter()
    db = await Database.open(path)
    elapsed = (time.perf_counter() - start) * 1000
    checked = db.integrity_checked
    await db.close()
    return elapsed, checked


async def measure_open(path: Path, repeats: int = 5) -> dict[str, Any]:
    """Opening the big file: clean (no integrity check) and after an unclean shutdown."""
    clean = []
    for _ in range(repeats):
        ms, checked = await _open_ms(path)
        assert not checked, "a cleanly closed file was checked"
        clean.append(ms)
    _mark_unclean(path)
    unclean, checked = await _open_ms(path)
    assert checked, "the file left open was not checked"
    return {
        "open_ms": round(statistics.median(clean), 1),
        "open_max_ms": round(max(clean), 1),
        "open_after_crash_ms": round(unclean, 1),
    }


async def measure(
    path: Path, players: int, queries: int, seed: int = 2, url: str | None = None
) -> dict[str, Any]:
    rng = random.Random(seed)
    if url is None:
        results: dict[str, Any] = await measure_open(path)
        db = await Database.open(path)
    else:
        start = time.perf_counter()
        db = await Database.open_url(url)
        results = {"open_ms": round((time.perf_counter() - start) * 1000, 1)}
        async with await Database.open(path) as source:
            # a scratch database: what an earlier run's decisions left is replaced
            copied = await copy_database(source, db, replace=True)
        if copied.copied:
            print(f"  copied the generated file into {redact(url)}")
        assert copied.matches, copied.report()
    try:
        kinds: list[tuple[str, Board, str | None, bool]] = [
            ("leaderboard_rating", Board.RATING, None, False),
            ("leaderboard_wins", Board.WINS, None, False),
            ("leaderboard_firsts", Board.COUNT, "firsts", False),
            *((f"leaderboard_points_{s}", Board.POINTS, s, False) for s in SCORING_SCHEMES),
            ("leaderboard_mean_classic", Board.MEAN, "classic", False),
            ("leaderboard_points_lowest_first", Board.POINTS, "credits", True),
            ("leaderboard_mean_lowest_first", Board.MEAN, "credits", True),
        ]
        for name, board, scheme, low in kinds:
            total = (await db.leaderboard(GUILD, board, kind=KIND, stat=scheme)).total

            def page_query(
                board: Board = board,
                scheme: str | None = scheme,
                total: int = total,
                low: bool = low,
            ) -> Awaitable[object]:
                return db.leaderboard(
                    GUILD,
                    board,
                    kind=KIND,
                    stat=scheme,
                    lower_is_better=low,
                    page=rng.randrange(max(1, total // 10)),
                    page_size=10,
                    user_id=rng.randint(1, players),
                )

            results[name] = await _time(queries, page_query)

        results["profile"] = await _time(
            queries, lambda: db.profile(GUILD, rng.randint(1, players), kind=KIND, recent=5)
        )
        results["recent_games"] = await _time(
            queries, lambda: db.recent_games(100 + rng.randrange(20), kind=KIND, limit=10)
        )
    finally:
        await db.close()
    return results


def _written() -> int:
    """Bytes this process has passed to write() so far (Linux)."""
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("wchar:"):
                return int(line.split()[1])
    raise RuntimeError("no wchar in /proc/self/io")


async def measure_game(players: int, rounds: int, seed: int) -> dict[str, Any]:
    """Bytes written per decision of a real President game stored through the API."""
    from engine.game import game_type  # only the benchmark plays: data never imports it

    game = game_type("president")
    options = game.make_options("classic", {"players": players, "rounds": rounds, "target": 1000})
    state = game.new_game(options, seed)
    rng = random.Random(seed)

    def header_and_deal() -> tuple[str, str]:
        record = json.loads(state.record().to_json())
        deal = record.pop("rounds")[-1]
        deal.pop("decisions")
        return json.dumps(record), json.dumps(deal)

    per_round: dict[int, list[int]] = defaultdict(list)
    deals: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "game.sqlite3")
        header, deal = header_and_deal()
        seats = [Seat.human(1000 + p, f"Player {p}") for p in range(players)]
        game_id = await db.create_game(
            NewGame(
                guild_id=GUILD,
                channel_id=1,
                kind=KIND,
                preset="classic",
                options_json=json.dumps(options.to_dict()),
                scoring=options.scoring,
                seats=seats,
                header_json=header,
                snapshot_json=state.to_json(include_record=False),
                deal_json=deal,
                meta_json=json.dumps({"message_id": 1, "timer": 30}),
            )
        )
        version = 0
        start = time.perf_counter()
        while not state.is_terminal():
            if state.is_round_over():
                state.start_round()
                _, deal = header_and_deal()
                before = _written()
                version = await db.start_round(
                    game_id, version, state.to_json(include_record=False), deal
                )
                deals.append(_written() - before)
                continue
            player, decision, result, outcome = _random_step(state, rng, game.statistics)
            number = state.round_number
            before = _written()
            version = await db.append_decision(
                game_id,
                version,
                player,
                str(decision),
                round_result=result,
                winners=outcome.winners if outcome else None,
            )
            per_round[number].append(_written() - before)
        elapsed = time.perf_counter() - start
        await db.close()
    first, last = per_round[min(per_round)], per_round[max(per_round)]
    decisions = sum(len(v) for v in per_round.values())
    early = statistics.mean(first)
    late = statistics.mean(last)
    return {
        "game_players": players,
        "game_rounds": len(per_round),
        "decisions": decisions,
        "bytes_per_decision_first_round": round(early),
        "bytes_per_decision_last_round": round(late),
        "bytes_per_decision_median": round(
            statistics.median(b for v in per_round.values() for b in v)
        ),
        "late_to_early": round(late / early, 2),
        "bytes_per_deal": round(statistics.mean(deals)) if deals else 0,
        "bytes_whole_game": sum(sum(v) for v in per_round.values()) + sum(deals),
        "ms_per_decision": round(elapsed * 1000 / decisions, 2),
    }


def _random_step(
    state: Any, rng: random.Random, statistics: Any
) -> tuple[int, Any, RoundResult | None, Any]:
    """One random legal decision applied: who made it, what it was, the round it
    ended (as the store records it) and the game's outcome if it ended the game."""
    player = state.current_player
    assert player is not None
    decision = rng.choice(list(state.legal_actions()))
    n_results = len(state.round_results())
    state.apply(decision, player)
    result = None
    if len(state.round_results()) > n_results:
        r = state.round_results()[-1]
        seats = [
            SeatResult(p, r.positions[p], r.scores[p], r.totals[p], r.details[p])
            for p in range(state.n)
        ]
        result = RoundResult(r.number, seats, statistics)
    outcome = state.outcome() if state.is_terminal() else None
    return player, decision, result, outcome


def _percentiles(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)

    def at(q: float) -> float:
        return round(samples[min(len(samples) - 1, int(q * len(samples)))], 3)

    return {"n": len(samples), "p50_ms": at(0.50), "p99_ms": at(0.99), "max_ms": at(1.0)}


async def measure_decisions(
    db: Database, tables: int, players: int, rounds: int, seed: int
) -> dict[str, dict[str, float]]:
    """Store latency of the calls decisions make, ``tables`` games played at once."""
    from engine.game import game_type  # only the benchmark plays: data never imports it

    game = game_type("president")
    samples: dict[str, list[float]] = defaultdict(list)

    async def timed(op: str, call: Awaitable[int]) -> int:
        start = time.perf_counter()
        version = await call
        samples[op].append((time.perf_counter() - start) * 1000)
        return version

    async def play(table: int) -> None:
        options = game.make_options(
            "classic", {"players": players, "rounds": rounds, "target": 1000}
        )
        state = game.new_game(options, seed + table)
        rng = random.Random(seed + table)
        record = json.loads(state.record().to_json())
        deal = record.pop("rounds")[-1]
        deal.pop("decisions")
        game_id = await db.create_game(
            NewGame(
                guild_id=GUILD + 1_000_000 + table,
                channel_id=table,
                kind=KIND,
                preset="classic",
                options_json=json.dumps(options.to_dict()),
                scoring=options.scoring,
                seats=[Seat.human(5000 + table * 10 + p, f"P{p}") for p in range(players)],
                header_json=json.dumps(record),
                snapshot_json=state.to_json(include_record=False),
                deal_json=json.dumps(deal),
                meta_json=json.dumps({"message_id": 1, "timer": 30}),
            )
        )
        version = 0
        while not state.is_terminal():
            await asyncio.sleep(0)  # the other tables' turn, as a bot's event loop interleaves
            if state.is_round_over():
                state.start_round()
                new_deal = json.loads(state.record().to_json())["rounds"][-1]
                new_deal.pop("decisions")
                version = await timed(
                    "start_round",
                    db.start_round(
                        game_id,
                        version,
                        state.to_json(include_record=False),
                        json.dumps(new_deal),
                    ),
                )
                continue
            player, decision, result, outcome = _random_step(state, rng, game.statistics)
            op = "finish_game" if outcome else "record_round" if result else "append_decision"
            version = await timed(
                op,
                db.append_decision(
                    game_id,
                    version,
                    player,
                    str(decision),
                    meta_json='{"message_id": 1, "timer": 30}',
                    round_result=result,
                    winners=outcome.winners if outcome else None,
                ),
            )

    start = time.perf_counter()
    await asyncio.gather(*(play(t) for t in range(tables)))
    elapsed = time.perf_counter() - start
    out: dict[str, dict[str, float]] = {op: _percentiles(v) for op, v in sorted(samples.items())}
    calls = sum(len(v) for v in samples.values())
    # the load as a whole: store calls and games' own work, per second of wall time
    out["all"] = {"calls": calls, "seconds": round(elapsed, 2), "per_s": round(calls / elapsed)}
    return out


async def compare_decisions(
    url: str | None, tables: int, players: int, rounds: int, seed: int
) -> dict[str, Any]:
    """The decision calls on SQLite (a new file) and, with ``url``, on that database."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        async with await Database.open(Path(folder) / "decisions.sqlite3") as db:
            out["sqlite"] = await measure_decisions(db, tables, players, rounds, seed)
    if url is not None:
        async with await Database.open_url(url) as db:
            out[db.engine] = await measure_decisions(db, tables, players, rounds, seed)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--regenerate", action="store_true", help="ignore the cached file")
    parser.add_argument("--game-players", type=int, default=6)
    parser.add_argument("--game-rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--url",
        help="also measure this database (postgresql://…, a scratch one: it is written to)",
    )
    parser.add_argument("--tables", type=int, default=8, help="games played at once")
    args = parser.parse_args()

    timings = asyncio.run(
        compare_decisions(args.url, args.tables, args.game_players, args.game_rounds, args.seed)
    )
    print(f"store calls of decisions, {args.tables} games at once (ms):")
    for engine, ops in timings.items():
        whole = ops["all"]
        print(f"  {engine:10} {whole['calls']} calls in {whole['seconds']} s: {whole['per_s']}/s")
        for op, t in ops.items():
            if op == "all":
                continue
            print(
                f"  {engine:10} {op:16} n={t['n']:<6} p50 {t['p50_ms']:7.3f}"
                f"  p99 {t['p99_ms']:7.3f}  max {t['max_ms']:7.3f}"
            )
    ratios: dict[str, float] = {}
    if "postgresql" in timings:
        for op in ("append_decision", "record_round"):
            for q in ("p50_ms", "p99_ms"):
                sq, pg = timings["sqlite"][op][q], timings["postgresql"][op][q]
                ratios[f"{op}_{q}"] = round(pg / sq, 2) if sq else float("inf")
        print("  PostgreSQL / SQLite:", ", ".join(f"{k} x{v}" for k, v in ratios.items()))

    game = asyncio.run(measure_game(args.game_players, args.game_rounds, args.seed))
    print(
        f"a {game['game_players']}-player {game['game_rounds']}-round President game,"
        f" {game['decisions']} decisions: bytes written per decision"
        f" {game['bytes_per_decision_first_round']} in round 1,"
        f" {game['bytes_per_decision_last_round']} in the last round"
        f" (x{game['late_to_early']}); {game['bytes_per_deal']} per deal;"
        f" {game['bytes_whole_game'] / 2**20:.1f} MiB in all; {game['ms_per_decision']} ms each"
    )

    path = cache_path(args.players, args.rounds)
    if args.regenerate or not path.exists():
        print(f"generating {args.players} players / {args.rounds} rounds into {path} ...")
        start = time.perf_counter()
        generate(path, args.players, args.rounds)
        print(f"  generated in {time.perf_counter() - start:.1f} s")
    else:
        print(f"using cached database {path}")
    print(f"  size {path.stat().st_size / 2**20:.0f} MiB")
    results = asyncio.run(measure(path, args.players, args.queries, url=args.url))
    results = {"players": args.players, "rounds": args.rounds, "queries": args.queries, **results}
    if args.url is None:
        print(
            f"open: {results['open_ms']} ms (max {results['open_max_ms']});"
            f" after an unclean shutdown (integrity check): {results['open_after_crash_ms']} ms"
        )
    else:
        print(f"open ({redact(args.url)}): {results['open_ms']} ms")
    worst = 0.0
    for key, value in results.items():
        if isinstance(value, dict):
            worst = max(worst, value["p95_ms"])
            print(f"{key:32} median {value['median_ms']:8.3f} ms   p95 {value['p95_ms']:8.3f} ms")
    results["worst_p95_ms"] = worst
    results["target_ms"] = 50
    results["open_target_ms"] = 200
    results.update(game)
    results["decision_calls"] = timings
    results["ok"] = worst < 50 and results["open_ms"] < 200 and game["late_to_early"] <= 2
    if ratios:
        results["postgresql_to_sqlite"] = ratios
        results["decisions_within_1_5x"] = all(v <= 1.5 for v in ratios.values())
    print(json.dumps(results))


if __name__ == "__main__":
    main()
