"""The coach (:mod:`engine.coach`) measured: hint latency, review CPU, and
an arena per game.

``python -m benchmarks.coach [--positions N] [--deals N] [--workers W]
[--games president,bigtwo,sixty]`` prints, per game:

- **hint**: CPU seconds of one hint (full budget) on one core, median and
  p95, over ``--positions`` positions taken from games of normal players
  (every decision point with a choice, spread over the rounds);
- **review**: CPU seconds per reviewed decision of one player, over a
  one-round game of normal players per seed;
- **arena**: a ``normal`` player that follows the coach's first choice
  against three plain ``normal`` players, one round (deal) a game, each
  seed played with the follower in every seat (the luck of the cards
  cancels): Big Two wins, Sixty lowest total (a tie shares), President top
  half (revolution rules), with a 95% interval.

The last line is JSON. Targets (the coach issue): hint p95 ≤ 1.5 s, review
≤ 0.2 s CPU per decision; the follower at least 33% wins (Big Two), 33%
lowest total (Sixty), 60% top half (President), within the interval.

Measured on the shared two-core development machine (others working),
``--positions 30 --reviews 2 --deals 20 --workers 2`` (80 games a game;
the interval treats the four seatings of a seed as independent, which
they are not quite):

==========  ==================  =================  =========================
game        hint median / p95   review per dec.    follower vs 3 normal
==========  ==================  =================  =========================
Big Two     203 / 340 ms        10 ms              wins 42.5% ±10.9
Sixty       158 / 256 ms        9 ms               lowest total 43.8% ±10.9
President   261 / 385 ms        83 ms              top half 67.5% ±10.3
==========  ==================  =================  =========================
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

from engine.coach import hint, review
from engine.game import game_type

PRESETS = {"president": "revolution", "bigtwo": "standard", "sixty": "standard"}
ROUND = {"president": "rounds", "bigtwo": "deals", "sixty": "rounds"}
TARGETS = {"president": 0.60, "bigtwo": 0.33, "sixty": 0.33}
WHAT = {"president": "top half", "bigtwo": "wins", "sixty": "lowest total"}
HINT_P95 = 1.5
REVIEW_PER_DECISION = 0.2


def new_game(name: str, seed: int) -> Any:
    g = game_type(name)
    return g.new_game(g.make_options(PRESETS[name], {"players": 4, ROUND[name]: 1}), seed)


def hint_times(name: str, seed: int, per_game: int) -> list[float]:
    """CPU seconds of hints at up to ``per_game`` choices of one game."""
    g = game_type(name)
    state = new_game(name, seed)
    bot = g.make_player("normal", seed)
    times: list[float] = []
    k = 0
    while not state.is_terminal() and len(times) < per_game:
        if state.is_round_over():
            state.start_round()
            continue
        p = state.current_player
        obs = state.observation(p)
        if len(list(state.legal_actions())) > 1 and k % 3 == 0:
            t = time.process_time()
            hint(name, obs, seed=k)
            times.append(time.process_time() - t)
        k += 1
        state.apply(bot.decide(obs), p)
    return times


def review_cost(name: str, seed: int) -> tuple[float, int, int]:
    """CPU seconds, decisions and decisions with a choice reviewed for
    player 0 of a normal game."""
    g = game_type(name)
    state = new_game(name, seed)
    bot = g.make_player("normal", seed)
    while not state.is_terminal():
        if state.is_round_over():
            state.start_round()
            continue
        p = state.current_player
        state.apply(bot.decide(state.observation(p)), p)
    t = time.process_time()
    r = review(name, state.record(), 0, seed)
    return time.process_time() - t, len(r.decisions) + r.forced, len(r.decisions)


def arena_game(name: str, seed: int, seat: int) -> float:
    """One game with the coach's follower in ``seat``: its result (1 for a
    win / lowest total / top half, a tie for the lowest shared)."""
    g = game_type(name)
    state = new_game(name, seed)
    bot = g.make_player("normal", seed)
    k = 0
    while not state.is_terminal():
        if state.is_round_over():
            state.start_round()
            continue
        p = state.current_player
        obs = state.observation(p)
        if p == seat:
            tips = hint(name, obs, seed=seed * 1000 + k)
            decision = tips[0].decision if tips else bot.decide(obs)
        else:
            decision = bot.decide(obs)
        state.apply(decision, p)
        k += 1
    out = state.outcome()
    assert out is not None
    if name == "president":
        return 1.0 if out.standings.index(seat) < 2 else 0.0
    if seat in out.winners:
        return 1.0 / len(out.winners)
    return 0.0


def _arena_seed(args: tuple[str, int]) -> list[float]:
    name, seed = args
    return [arena_game(name, seed, seat) for seat in range(4)]


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, 1.96 * se


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.coach", description=__doc__)
    ap.add_argument("--games", default="president,bigtwo,sixty")
    ap.add_argument("--positions", type=int, default=30, help="hints timed per game")
    ap.add_argument("--reviews", type=int, default=2, help="games reviewed per game")
    ap.add_argument("--deals", type=int, default=10, help="arena seeds (×4 seats) per game")
    ap.add_argument("--workers", type=int, default=1)
    ns = ap.parse_args(argv)
    summary: dict[str, Any] = {}
    for name in ns.games.split(","):
        times: list[float] = []
        seed = 1
        while len(times) < ns.positions:
            times += hint_times(name, seed, ns.positions - len(times))
            seed += 1
        cpu = 0.0
        decisions = 0
        chosen = 0
        for s in range(1, ns.reviews + 1):
            c, d, k = review_cost(name, 100 + s)
            cpu += c
            decisions += d
            chosen += k
        per = cpu / max(1, decisions)
        per_choice = cpu / max(1, chosen)
        results: list[float] = []
        if ns.deals:
            jobs = [(name, 1000 + s) for s in range(ns.deals)]
            if ns.workers > 1:
                with ProcessPoolExecutor(ns.workers) as pool:
                    for r in pool.map(_arena_seed, jobs):
                        results += r
            else:
                for job in jobs:
                    results += _arena_seed(job)
        med, p95 = statistics.median(times), pct(times, 0.95)
        line = (
            f"{name:<9} hint CPU median {med * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
            f"({len(times)} positions; target p95 ≤ {HINT_P95} s: "
            f"{'met' if p95 <= HINT_P95 else 'NOT met'}); review {per * 1000:.0f} ms CPU "
            f"per decision ({decisions} decisions; {per_choice * 1000:.0f} ms per decision "
            f"with a choice, {chosen} of them; target ≤ {REVIEW_PER_DECISION * 1000:.0f} ms: "
            f"{'met' if per <= REVIEW_PER_DECISION else 'NOT met'})"
        )
        entry: dict[str, Any] = {
            "hint_median_s": round(med, 4),
            "hint_p95_s": round(p95, 4),
            "review_cpu_per_decision_s": round(per, 4),
            "review_cpu_per_choice_s": round(per_choice, 4),
        }
        if results:
            m, h = interval(results)
            target = TARGETS[name]
            verdict = (
                "met" if m >= target else ("within the interval" if m + h >= target else "NOT met")
            )
            line += (
                f"; arena: follower {WHAT[name]} {m:.1%} ±{h:.1%} over {len(results)} games "
                f"against three normal (target ≥ {target:.0%}: {verdict})"
            )
            entry.update(
                {"arena_share": round(m, 4), "arena_pm95": round(h, 4), "games": len(results)}
            )
        print(line, flush=True)
        summary[name] = entry
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
