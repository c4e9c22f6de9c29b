"""Random full rounds through the engine's public API, per game and preset.

``python -m benchmarks.engine [--seconds S] [--game president|bigtwo|sixty|all]``
prints rounds per second, decisions per second and peak memory for each
President preset, then Big Two's deals and Sixty's games per second (their
own modules, ``benchmarks.bigtwo_engine`` and ``benchmarks.sixty_engine``,
measure them); the last line is JSON.
Random players choose uniformly among the legal decisions (``legal_list`` in
play, ``legal_plays`` in the exchange) and apply them on the unchecked fast
path, as the computer players' playouts do. Targets: at least 2,000
four-player rounds/s for ``classic`` and 1,000 for ``revolution`` on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc

from engine.president import EXCHANGE, GAME_OVER, PLAY, PRESETS, ROUND_OVER, President, preset


def _play_rounds(name: str, rounds: int, seed: int) -> tuple[int, int]:
    """Play ``rounds`` rounds (starting new games as games end)."""
    rng = random.Random(seed)
    rand = rng.random
    opts = preset(name)
    done = decisions = 0
    game = President.new_game(opts, seed=seed)
    while done < rounds:
        phase = game.phase
        if phase == PLAY:
            plays = game.legal_list()
            game.apply_unchecked(plays[int(rand() * len(plays))])
            decisions += 1
        elif phase == EXCHANGE:
            gives = list(game.legal_plays())
            game.apply_unchecked(gives[int(rand() * len(gives))])
            decisions += 1
        elif phase == ROUND_OVER:
            done += 1
            game.start_round()
        elif phase == GAME_OVER:
            done += 1
            game = President.new_game(opts, seed=rng.getrandbits(32))
    return done, decisions


def measure(name: str, seconds: float, windows: int = 5) -> dict[str, float]:
    """Rounds and decisions per second over ``windows`` equal windows: the
    median is the figure; the best window shows what a quiet core does
    (this machine is a shared VM whose speed drifts by 10-20 %)."""
    _play_rounds(name, 50, 0)  # warm caches
    rates: list[tuple[float, float, int, int]] = []
    seed = 1
    for _ in range(windows):
        rounds = decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / windows:
            r, d = _play_rounds(name, 50, seed)
            rounds += r
            decisions += d
            seed += 1
        elapsed = time.perf_counter() - start
        rates.append((rounds / elapsed, decisions / elapsed, rounds, decisions))
    rates.sort()
    median = rates[len(rates) // 2]
    tracemalloc.start()
    _play_rounds(name, 100, 0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    total_rounds = sum(r[2] for r in rates)
    total_decisions = sum(r[3] for r in rates)
    return {
        "rounds_per_s": round(median[0], 1),
        "rounds_per_s_best": round(rates[-1][0], 1),
        "decisions_per_s": round(median[1], 1),
        "decisions_per_round": round(total_decisions / max(1, total_rounds), 1),
        "peak_kib_100_rounds": round(peak / 1024, 1),
    }


TARGETS = {"classic": 2000.0, "revolution": 1000.0}
"""Four-player rounds per second each preset should reach on one core."""


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per preset")
    parser.add_argument(
        "--game",
        choices=("president", "bigtwo", "sixty", "all"),
        default="all",
        help="which game's engine to measure (default: every game)",
    )
    args = parser.parse_args()
    others: dict[str, object] = {}
    if args.game in ("bigtwo", "all"):
        from .bigtwo_engine import run as bigtwo

        print("-- Big Two (four players, random deals) --")
        others["bigtwo"] = bigtwo(args.seconds)
    if args.game in ("sixty", "all"):
        from .sixty_engine import run as sixty

        print("-- Sixty (four players, random three-round games) --")
        others["sixty"] = figures = sixty(args.seconds)
        print(json.dumps(figures))
    if args.game not in ("president", "all"):
        print(json.dumps({"benchmark": "engine", **others}))
        return
    print("-- President (four players, random rounds) --")
    results: dict[str, dict[str, float]] = {}
    for name in PRESETS:
        results[name] = r = measure(name, args.seconds)
        print(
            f"{name:10} {r['rounds_per_s']:6.0f} rounds/s (best {r['rounds_per_s_best']:.0f}) "
            f"{r['decisions_per_s']:8.0f} decisions/s "
            f"{r['decisions_per_round']:6.1f} decisions/round  "
            f"peak {r['peak_kib_100_rounds']:.0f} KiB"
        )
    targets = {
        f"{name}_ge_{limit:.0f}_rounds_per_s": results[name]["rounds_per_s"] >= limit
        for name, limit in TARGETS.items()
        if name in results
    }
    print("targets: " + ", ".join(f"{k}={'met' if v else 'MISSED'}" for k, v in targets.items()))
    print(json.dumps({"benchmark": "engine", "presets": results, "targets": targets, **others}))


if __name__ == "__main__":
    main()
