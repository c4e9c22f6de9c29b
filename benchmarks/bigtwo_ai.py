"""Arena for Big Two's computer players: seat-rotated duplicate deals.

    python -m benchmarks.bigtwo_ai [--deals 200] [--pairs normal:random,hard:normal]
                                   [--rules standard] [--workers 2] [--until 0.03]

One deal is the unit. Each deal is replayed four times with the line-up
rotated, so the hero level plays every hand and every seat once against the
same cards: the luck of the deal cancels out. Printed per pairing (one hero
against three copies of the villain level): the share of deals the hero
wins (goes out first), its mean penalty and each villain seat's mean
penalty (seats counted from the hero: next, opposite, previous), with 95%
intervals taken over deals (a deal's four rotations are one sample), and
the hero's decision times (median, p95), in wall-clock time and in the
process's CPU time (the second does not grow when other programs share the
cores; the load average is printed beside it). The last line is JSON;
:func:`run` returns the same figures.

Targets (four players): normal against three random wins ≥ 60% of deals;
hard against three normal wins ≥ 33% of deals with a lower mean penalty
than each normal seat, median decision ≤ 200 ms and p95 ≤ 1 s.
``--until 0.03`` plays each pairing in batches of ``--batch`` deals until
its win-rate interval is within ±3 points (or ``--deals`` are played).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engine.bigtwo import PLAY, BigTwo, preset
from engine.bigtwo.ai import make_player

WIN_TARGETS = {("normal", "random"): 0.60, ("hard", "normal"): 0.33}
TIME_TARGETS = {("hard", "normal"): {"median": 200.0, "p95": 1000.0}}
PENALTY_TARGETS = {("hard", "normal")}


@dataclass
class DealResult:
    """One deal's four rotations: hero wins, penalties by seat counted from
    the hero (0 = hero), and the hero's decision times."""

    wins: int = 0
    penalties: list[float] = field(default_factory=lambda: [0.0] * 4)
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """The same decisions in CPU time of the process (other load excluded)."""


def play_deal(rules: str, players: int, hero: str, villain: str, seed: int) -> DealResult:
    opts = preset(rules, players=players, deals=1)
    deal = BigTwo(opts, seed).random_deal()
    out = DealResult(penalties=[0.0] * players)
    for rot in range(players):
        game = BigTwo(opts, seed)
        game.start_round(deal)
        bots = [
            make_player(hero if p == rot else villain, seed * 97 + rot * 11 + p)
            for p in range(players)
        ]
        while game.phase == PLAY:
            p = game.current_player
            assert p is not None
            obs = game.observation(p)
            t0, c0 = time.perf_counter(), time.process_time()
            decision = bots[p].decide(obs)
            if p == rot:
                out.times.append(time.perf_counter() - t0)
                out.cpu.append(time.process_time() - c0)
            game.apply(decision, p)
        result = game.round_results()[-1]
        out.wins += result.positions[rot] == 0 and game.finished[0] == rot
        for p in range(players):
            out.penalties[(p - rot) % players] += result.scores[p] / players
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
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def run(
    deals: int = 200,
    pairs: list[tuple[str, str]] | None = None,
    rules: str = "standard",
    players: int = 4,
    workers: int = 2,
    until: float | None = None,
    batch: int = 40,
    first_seed: int = 1,
) -> dict[str, Any]:
    """Play up to ``deals`` deals per pairing; returns the figures."""
    pairs = pairs or [("normal", "random"), ("hard", "normal")]
    report: dict[str, Any] = {"rules": rules, "players": players, "pairs": {}}
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(workers) as pool:
        for hero, villain in pairs:
            results: list[DealResult] = []
            step = deals if until is None else batch
            started = time.perf_counter()
            while len(results) < deals:
                start = first_seed + len(results)
                seeds = list(range(start, start + min(step, deals - len(results))))
                chunk = max(1, len(seeds) // (workers * 4))
                tasks = [
                    (rules, players, hero, villain, seeds[i : i + chunk])
                    for i in range(0, len(seeds), chunk)
                ]
                results += [r for part in pool.map(_work, tasks) for r in part]
                wide = _ci([r.wins / players for r in results])[1] if len(results) > 1 else 1.0
                if until is not None and wide <= until:
                    break
            wins, wins_ci = _ci([r.wins / players for r in results])
            seats = []
            for s in range(players):
                m, h = _ci([r.penalties[s] for r in results])
                seats.append({"mean": round(m, 3), "ci95": round(h, 3)})
            times = [t for r in results for t in r.times]
            med, p95 = statistics.median(times) * 1000, _pct(times, 0.95) * 1000
            cpu = [t for r in results for t in r.cpu]
            cpu_med, cpu_p95 = statistics.median(cpu) * 1000, _pct(cpu, 0.95) * 1000
            entry: dict[str, Any] = {
                "deals": len(results),
                "wins": round(wins, 4),
                "wins_ci95": round(wins_ci, 4),
                "penalty_by_seat": seats,
                "hero_decision_ms": {"median": round(med, 3), "p95": round(p95, 3)},
                "hero_decision_cpu_ms": {"median": round(cpu_med, 3), "p95": round(cpu_p95, 3)},
                "load_average": round(os.getloadavg()[0], 2),
                "seconds": round(time.perf_counter() - started, 1),
            }
            notes: list[str] = []
            meets = True
            key = (hero, villain)
            if players == 4 and key in WIN_TARGETS:
                entry["wins_target"] = WIN_TARGETS[key]
                meets = meets and wins >= WIN_TARGETS[key]
                notes.append(f"wins ≥ {WIN_TARGETS[key]:.0%}")
            if players == 4 and key in PENALTY_TARGETS:
                lower = all(seats[0]["mean"] < s["mean"] for s in seats[1:])
                entry["penalty_lower_than_each_villain"] = lower
                meets = meets and lower
                notes.append("lower penalty than each villain")
            if players == 4 and key in TIME_TARGETS:
                for stat, limit in TIME_TARGETS[key].items():
                    meets = meets and entry["hero_decision_ms"][stat] <= limit
                    notes.append(f"{stat} ≤ {limit:.0f} ms")
            if notes:
                entry["meets_targets"] = meets
            report["pairs"][f"{hero}:{villain}"] = entry
            penalties = "  ".join(f"{s['mean']:.2f}±{s['ci95']:.2f}" for s in seats)
            print(
                f"{hero:>7} vs {players - 1}×{villain:<7} {len(results):4} deals  "
                f"wins {wins:6.1%} ±{wins_ci:.1%}  penalty by seat (hero first) {penalties}  "
                f"decision median {med:.1f} ms, p95 {p95:.1f} ms "
                f"(CPU {cpu_med:.1f} / {cpu_p95:.1f} ms; load {os.getloadavg()[0]:.1f})"
                + (
                    f"  (targets: {', '.join(notes)}: {'met' if meets else 'NOT met'})"
                    if notes
                    else ""
                ),
                flush=True,
            )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bigtwo_ai", description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--pairs", default="normal:random,hard:normal")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--until", type=float, default=None)
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    pairs = []
    for item in args.pairs.split(","):
        hero, _, villain = item.partition(":")
        pairs.append((hero, villain or hero))
    started = time.perf_counter()
    report = run(
        args.deals,
        pairs,
        args.rules,
        args.players,
        args.workers,
        args.until,
        args.batch,
        args.first_seed,
    )
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
