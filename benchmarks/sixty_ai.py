"""Sixty's computer players against each other, seat-rotated.

``python -m benchmarks.sixty_ai [--games N] [--until 0.03] [--workers W]
[--pairing hero:villain ...]`` plays four-player games of three rounds: one
``hero`` against three copies of a ``villain``. Each deal seed is played
four times with the hero in each seat (the deck orders of every round are
the same: they come from the seed and the round number), so the luck of
the cards cancels. Prints, per pairing, how often the hero has the lowest
total (a tie for the lowest counts as a share), the hero's mean total and
each villain seat's (by distance from the hero), the paired difference
hero minus villains, 95% intervals, and the hero's decision times (median,
p95); the last line is JSON. ``--until H`` plays batches until the
interval of the lowest-total share is within ±H.

Targets (the Sixty task): normal vs 3 random: lowest total in at least 50%
of games; hard vs 3 normal: lowest in at least 33%, a lower mean total than
each normal player, median decision ≤ 200 ms, p95 ≤ 1 s.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.sixty import GAME_OVER, ROUND_OVER, Sixty, preset
from engine.sixty.ai import make_player

PAIRINGS = (("normal", "random"), ("hard", "normal"))
TARGETS = {("normal", "random"): 0.50, ("hard", "normal"): 0.33}


def play_deal(hero: str, villain: str, seed: int) -> list[dict[str, Any]]:
    """The four seat rotations of one deal seed."""
    out = []
    for seat in range(4):
        players = [
            make_player(hero if p == seat else villain, seed * 16 + p * 4 + seat) for p in range(4)
        ]
        g = Sixty.new_game(preset("standard", players=4), seed)
        times: list[float] = []
        while True:
            if g.phase == ROUND_OVER:
                g.start_round()
                continue
            if g.phase == GAME_OVER:
                break
            p = g.current_player
            assert p is not None
            start = time.perf_counter()
            d = players[p].decide(g.observation(p))
            if p == seat:
                times.append(time.perf_counter() - start)
            g.apply_unchecked(d)
        totals = g.totals
        best = min(totals)
        share = 1 / totals.count(best) if totals[seat] == best else 0.0
        villains = [totals[(seat + k) % 4] for k in (1, 2, 3)]
        out.append({"share": share, "hero": totals[seat], "villains": villains, "times": times})
    return out


def _interval(xs: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, half


def summarise(hero: str, villain: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    share, share_h = _interval([g["share"] for g in games])
    hero_mean, hero_h = _interval([float(g["hero"]) for g in games])
    seats = []
    for k in range(3):
        m, h = _interval([float(g["villains"][k]) for g in games])
        d, dh = _interval([float(g["hero"] - g["villains"][k]) for g in games])
        seats.append(
            {"mean": round(m, 1), "ci": round(h, 1), "diff": round(d, 1), "diff_ci": round(dh, 1)}
        )
    times = sorted(t for g in games for t in g["times"])
    median = times[len(times) // 2] if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    target = TARGETS.get((hero, villain))
    return {
        "hero": hero,
        "villain": villain,
        "games": len(games),
        "lowest_share": round(share, 4),
        "lowest_ci": round(share_h, 4),
        "hero_mean": round(hero_mean, 1),
        "hero_ci": round(hero_h, 1),
        "villain_seats": seats,
        "median_ms": round(median * 1000, 2),
        "p95_ms": round(p95 * 1000, 2),
        "target_share": target,
    }


def run(
    games: int = 200,
    until: float | None = None,
    workers: int = 1,
    pairings: tuple[tuple[str, str], ...] = PAIRINGS,
    first_seed: int = 1,
    max_games: int = 20_000,
    progress: bool = False,
) -> dict[str, Any]:
    """Play every pairing; returns the figures (see the module docstring)."""
    results = []
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for hero, villain in pairings:
            played: list[dict[str, Any]] = []
            seed = first_seed
            target = max(4, games)
            while True:
                deals = list(range(seed, seed + (target - len(played) + 3) // 4))
                seed += len(deals)
                if pool is None:
                    for s in deals:
                        played.extend(play_deal(hero, villain, s))
                else:
                    for batch in pool.map(
                        play_deal, [hero] * len(deals), [villain] * len(deals), deals
                    ):
                        played.extend(batch)
                summary = summarise(hero, villain, played)
                if progress:
                    print(
                        f"  {hero} vs {villain}: {len(played)} games, lowest "
                        f"{summary['lowest_share']:.1%} ±{summary['lowest_ci']:.1%}, mean "
                        f"{summary['hero_mean']:.1f} vs "
                        f"{[v['mean'] for v in summary['villain_seats']]}",
                        file=sys.stderr,
                        flush=True,
                    )
                if until is None or summary["lowest_ci"] <= until or len(played) >= max_games:
                    break
                target = len(played) + max(40, min(200, len(played) // 2))
            results.append(summary)
    finally:
        if pool is not None:
            pool.shutdown()
    return {"benchmark": "sixty_ai", "pairings": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (x4 rotations)")
    parser.add_argument("--until", type=float, help="play until the share's interval is ±this")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--pairing", action="append", help="hero:villain (default: both targets)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    args = parser.parse_args()
    pairings = PAIRINGS
    if args.pairing:
        pairings = tuple(tuple(p.split(":", 1)) for p in args.pairing)  # type: ignore[misc]
    r = run(args.games, args.until, args.workers, pairings, args.seed, progress=True)
    for s in r["pairings"]:
        seats = ", ".join(
            f"+{k + 1}: {v['mean']:.1f} (hero {v['diff']:+.1f} ±{v['diff_ci']:.1f})"
            for k, v in enumerate(s["villain_seats"])
        )
        target = "" if s["target_share"] is None else f" [target {s['target_share']:.0%}]"
        print(
            f"{s['hero']} vs 3 {s['villain']}: {s['games']} games, lowest total "
            f"{s['lowest_share']:.1%} ±{s['lowest_ci']:.1%}{target}; mean total "
            f"{s['hero_mean']:.1f} ±{s['hero_ci']:.1f} vs {seats}; decisions median "
            f"{s['median_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms"
        )
    print(json.dumps(r))


if __name__ == "__main__":
    main()
