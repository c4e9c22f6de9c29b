"""Arena for the computer players: seat-rotated deals, levels against levels.

``--game bigtwo`` and ``--game sixty`` run those games' arenas
(``benchmarks.bigtwo_ai``, ``benchmarks.sixty_ai``, with their own options);
without it, President's:

    python -m benchmarks.ai [--quick] [--deals 500] [--rules classic,revolution]
                            [--players 4] [--workers 2] [--until 0.03 [--batch 50]]
                            [--pairs hard:normal,expert:normal,expert:hard]

One deal of one round is the unit. Each deal is replayed ``players`` times
with the line-up rotated, so the hero level plays every hand and every seat
once against the same cards: luck of the deal cancels out and the figures
measure play, not cards. Round 1 deals have no exchange, so every other deal
is started as a later round from a random previous order (exchange
included, every player owing it in turn).

Printed per pairing (one hero against ``players - 1`` copies of the
opponent level): first-place rate, top-half rate and mean position (0 =
first out) with 95% confidence intervals taken over deals (the rotations of
one deal are not independent, so each deal's mean is one sample), then each
level's decision time, median and p95. The last line is JSON.

Targets with four players: normal against three random, top half ≥ 85%;
normal against three easy, top half ≥ 70%; hard against three normal, top
half ≥ 60%, first ≥ 33%, median decision ≤ 100 ms; expert against three
normal, top half ≥ 65%; expert against three hard, top half ≥ 55%, p95
decision ≤ 1 s. Decision times are per pairing (a level's times depend on
who it plays) and on a shared machine they depend on the load.

Hard and expert playouts take time: ``--quick`` (100 deals) runs the three
search pairings on both presets in some tens of minutes on two cores.
``--until 0.03`` plays each pairing in batches of ``--batch`` deals until
its first-place and top-half intervals are both within ±3 points (or
``--deals`` are played): seat rotation cancels most of the luck of the deal,
so that takes far fewer than the 500 deals independent rounds would need.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engine.president import EXCHANGE, PLAY, President, preset
from engine.president.ai import make_player

TARGETS = {
    ("normal", "random"): 0.85,
    ("normal", "easy"): 0.70,
    ("hard", "normal"): 0.60,
    ("expert", "normal"): 0.65,
    ("expert", "hard"): 0.55,
}
FIRST_TARGETS = {("hard", "normal"): 0.33}
TIME_TARGETS = {("hard", "normal"): ("median", 100.0), ("expert", "hard"): ("p95", 1000.0)}


@dataclass
class DealResult:
    """The hero's positions on one deal, one per rotation, and decision times."""

    positions: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)


def _make_deal(rules: str, players: int, seed: int) -> tuple[Any, int, tuple[int, ...] | None]:
    opts = preset(rules, players=players)
    g = President(opts, seed)
    deal = g.random_deal()
    previous: tuple[int, ...] | None = None
    round_number = 1
    if seed % 2 and opts.exchange != "none":
        order = list(range(players))
        g._shuffle(order)  # the engine's own generator: stable across Pythons
        previous = tuple(order)
        round_number = 2
    return deal, round_number, previous


def play_deal(rules: str, players: int, hero: str, villain: str, seed: int) -> DealResult:
    """Play one deal ``players`` times, the hero in each seat in turn."""
    opts = preset(rules, players=players)
    deal, round_number, previous = _make_deal(rules, players, seed)
    out = DealResult()
    for rot in range(players):
        if previous is None:
            game = President.from_hands(
                opts,
                deal.hands,
                seats=deal.seats,
                dealer=deal.dealer,
                leader=deal.leader,
                seed=seed,
            )
        else:
            game = President.from_hands(
                opts, deal.hands, round_number=round_number, previous_order=previous, seed=seed
            )
        hero_player = rot
        bots = [
            make_player(hero if p == hero_player else villain, seed * 97 + rot * 11 + p)
            for p in range(players)
        ]
        while game.phase in (PLAY, EXCHANGE):
            p = game.current_player
            assert p is not None
            obs = game.observation(p)
            t0 = time.perf_counter()
            decision = bots[p].decide(obs)
            dt = time.perf_counter() - t0
            out.times.setdefault(bots[p].level, []).append(dt)
            game.apply(decision, p)
        out.positions.append(game.results[-1].order.index(hero_player))
    return out


def _work(args: tuple[str, int, str, str, list[int]]) -> list[DealResult]:
    rules, players, hero, villain, seeds = args
    return [play_deal(rules, players, hero, villain, s) for s in seeds]


def _ci(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def _rates(results: list[DealResult], players: int) -> tuple[list[float], list[float]]:
    """Per deal, the hero's first-place and top-half rates over its rotations."""
    half = players // 2
    first = [sum(pos == 0 for pos in r.positions) / players for r in results]
    top = [sum(pos < half for pos in r.positions) / players for r in results]
    return first, top


def _widest(results: list[DealResult], players: int) -> float:
    """The wider of the first-place and top-half 95% intervals (half-widths)."""
    first, top = _rates(results, players)
    return max(_ci(first)[1], _ci(top)[1])


def run(
    rules: str,
    players: int,
    pairs: list[tuple[str, str]],
    deals: int,
    workers: int,
    until: float | None = None,
    batch: int = 50,
) -> dict[str, Any]:
    """Play ``deals`` deals per pairing; with ``until``, stop a pairing as
    soon as both its first-place and top-half intervals are at most
    ``until`` wide (checked every ``batch`` deals, at most ``deals``)."""
    report: dict[str, Any] = {"rules": rules, "players": players, "deals": deals, "pairs": {}}
    times: dict[str, list[float]] = {}
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(workers) as pool:
        for hero, villain in pairs:
            results: list[DealResult] = []
            step = deals if until is None else batch
            while len(results) < deals:
                start = len(results) + 1
                seeds = list(range(start, min(deals, start + step - 1) + 1))
                chunk = max(1, len(seeds) // (workers * 4))
                tasks = [
                    (rules, players, hero, villain, seeds[i : i + chunk])
                    for i in range(0, len(seeds), chunk)
                ]
                results += [r for part in pool.map(_work, tasks) for r in part]
                if until is not None and len(results) >= 2 and _widest(results, players) <= until:
                    break
            first, top = _rates(results, players)
            mean_pos = [statistics.fmean(r.positions) for r in results]
            pair_times: dict[str, list[float]] = {}
            for r in results:
                for level, ts in r.times.items():
                    times.setdefault(level, []).extend(ts)
                    pair_times.setdefault(level, []).extend(ts)
            entry: dict[str, Any] = {"deals": len(results)}
            for name, vals in (("first", first), ("top_half", top), ("mean_position", mean_pos)):
                m, h = _ci(vals)
                entry[name] = round(m, 4)
                entry[name + "_ci95"] = round(h, 4)
            target = TARGETS.get((hero, villain)) if players == 4 else None
            first_target = FIRST_TARGETS.get((hero, villain)) if players == 4 else None
            hero_ts = pair_times.get(hero, [0.0])
            med, p95 = statistics.median(hero_ts) * 1000, _pct(hero_ts, 0.95) * 1000
            entry["hero_decision_ms"] = {"median": round(med, 3), "p95": round(p95, 3)}
            notes = []
            meets = True
            if target is not None:
                entry["top_half_target"] = target
                meets = meets and entry["top_half"] >= target
                notes.append(f"top half ≥ {target:.0%}")
            if first_target is not None:
                entry["first_target"] = first_target
                meets = meets and entry["first"] >= first_target
                notes.append(f"first ≥ {first_target:.0%}")
            time_target = TIME_TARGETS.get((hero, villain)) if players == 4 else None
            if time_target is not None:
                stat, limit = time_target
                entry[f"{stat}_ms_target"] = limit
                meets = meets and entry["hero_decision_ms"][stat] <= limit
                notes.append(f"{stat} ≤ {limit:.0f} ms")
            if notes:
                entry["meets_target"] = meets
            report["pairs"][f"{hero}:{villain}"] = entry
            print(
                f"{hero:>7} vs {players - 1}×{villain:<7} {len(results):4} deals  "
                f"first {entry['first']:6.1%} ±{entry['first_ci95']:.1%}  "
                f"top half {entry['top_half']:6.1%} ±{entry['top_half_ci95']:.1%}  "
                f"mean position {entry['mean_position']:.2f} ±{entry['mean_position_ci95']:.2f}  "
                f"{hero} decision median {med:.1f} ms, p95 {p95:.1f} ms"
                + (
                    f"  (targets: {', '.join(notes)}: {'met' if meets else 'NOT met'})"
                    if notes
                    else ""
                ),
                flush=True,
            )
    report["decision_ms"] = {}
    for level, ts in sorted(times.items()):
        med = statistics.median(ts) * 1000
        p95 = _pct(ts, 0.95) * 1000
        report["decision_ms"][level] = {"median": round(med, 4), "p95": round(p95, 4)}
        print(f"{level:>7} decision time: median {med:.3f} ms, p95 {p95:.3f} ms ({len(ts)} calls)")
    return report


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # the other games' arenas have their own modules and options
    if "--game" in args:
        i = args.index("--game")
        game = args[i + 1] if i + 1 < len(args) else ""
        rest = args[:i] + args[i + 2 :]
        if game == "bigtwo":
            from .bigtwo_ai import main as bigtwo

            return bigtwo(rest)
        if game == "sixty":
            from . import sixty_ai

            sys.argv = ["python -m benchmarks.ai --game sixty", *rest]
            sixty_ai.main()
            return 0
        if game != "president":
            print(f"--game: choose president, bigtwo or sixty, not {game!r}", file=sys.stderr)
            return 2
        argv = rest
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="100 deals instead of 500")
    parser.add_argument(
        "--deals", type=int, default=None, help="deals per pairing (default 500; 100 with --quick)"
    )
    parser.add_argument(
        "--rules", default="classic,revolution", help="preset names (comma-separated), or 'all'"
    )
    parser.add_argument("--players", type=int, default=4, help="players per table")
    parser.add_argument(
        "--pairs",
        default="hard:normal,expert:normal,expert:hard",
        help="HERO:OPPONENT levels, comma-separated: one hero against copies of the opponent",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes playing deals")
    parser.add_argument(
        "--until",
        type=float,
        default=None,
        help="stop a pairing once its first-place and top-half 95%% intervals are at most "
        "this wide (0.03 = ±3 points), checked every --batch deals, up to --deals",
    )
    parser.add_argument("--batch", type=int, default=50, help="deals between two checks of --until")
    args = parser.parse_args(argv)
    deals = args.deals or (100 if args.quick else 500)
    pairs: list[tuple[str, str]] = []
    for item in args.pairs.split(","):
        hero, _, villain = item.partition(":")
        pairs.append((hero, villain or hero))
    rules = (
        ["classic", "house", "revolution", "ladder"]
        if args.rules == "all"
        else args.rules.split(",")
    )
    started = time.perf_counter()
    reports = []
    for r in rules:
        print(f"== {r}, {args.players} players, {deals} deals × {args.players} rotations ==")
        reports.append(
            run(r, args.players, pairs, deals, args.workers, until=args.until, batch=args.batch)
        )
    summary = {"seconds": round(time.perf_counter() - started, 1), "runs": reports}
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
