"""Random Big Two deals through the engine's public API.

``python -m benchmarks.bigtwo_engine [--seconds S]`` prints random
four-player deals per second, decisions per second and peak memory for each
preset; the last line is JSON. Random players choose uniformly among all
legal decisions (``legal_list``, the fast list) and apply them on the
unchecked fast path (``apply_unchecked``), as the computer players'
playouts do; ``checked`` repeats the standard preset through the validating
``apply``. Target: at least 500 random four-player deals per second on one
core. Beside wall-clock rates it prints deals per CPU second of the process
(unchanged when other programs share the cores) and the load average.
:func:`run` is what ``benchmarks.engine`` imports.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
import tracemalloc
from typing import Any

from engine.bigtwo import GAME_OVER, PLAY, PRESETS, ROUND_OVER, BigTwo, preset


def _play_deals(name: str, deals: int, seed: int, checked: bool = False) -> tuple[int, int]:
    """Play ``deals`` deals (starting new sessions as sessions end)."""
    rng = random.Random(seed)
    rand = rng.random
    opts = preset(name, deals=100)
    done = decisions = 0
    game = BigTwo.new_game(opts, seed=seed)
    while done < deals:
        phase = game.phase
        if phase == PLAY:
            plays = game.legal_list()
            choice = plays[int(rand() * len(plays))]
            if checked:
                game.apply(choice, game.turn)
            else:
                game.apply_unchecked(choice)
            decisions += 1
        elif phase == ROUND_OVER:
            done += 1
            game.start_round()
        elif phase == GAME_OVER:
            done += 1
            game = BigTwo.new_game(opts, seed=rng.getrandbits(32))
    return done, decisions


def measure(name: str, seconds: float, windows: int = 5, checked: bool = False) -> dict[str, float]:
    """Deals and decisions per second over ``windows`` equal windows (the
    median is the figure; the best window shows what a quiet core does)."""
    _play_deals(name, 50, 0, checked)  # warm the tables
    rates: list[tuple[float, float, int, int]] = []
    cpu_rates: list[float] = []
    seed = 1
    for _ in range(windows):
        deals = decisions = 0
        start = time.perf_counter()
        cpu_start = time.process_time()
        while time.perf_counter() - start < seconds / windows:
            d, k = _play_deals(name, 20, seed, checked)
            deals += d
            decisions += k
            seed += 1
        elapsed = time.perf_counter() - start
        rates.append((deals / elapsed, decisions / elapsed, deals, decisions))
        cpu_rates.append(deals / max(1e-9, time.process_time() - cpu_start))
    rates.sort()
    cpu_rates.sort()
    median = rates[len(rates) // 2]
    tracemalloc.start()
    _play_deals(name, 100, 0, checked)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "deals_per_s": round(median[0], 1),
        "deals_per_s_best": round(rates[-1][0], 1),
        "deals_per_cpu_s": round(cpu_rates[len(cpu_rates) // 2], 1),
        "decisions_per_s": round(median[1], 1),
        "decisions_per_deal": round(sum(r[3] for r in rates) / max(1, sum(r[2] for r in rates)), 1),
        "peak_kib_100_deals": round(peak / 1024, 1),
    }


def run(seconds: float = 5.0) -> dict[str, Any]:
    """Every preset for ``seconds`` each (and the checked path for a fifth
    of that); returns the figures, printing a line per preset."""
    results: dict[str, dict[str, float]] = {}
    for name in PRESETS:
        results[name] = measure(name, seconds)
    results["standard_checked"] = measure("standard", max(0.5, seconds / 5), checked=True)
    for name, r in results.items():
        print(
            f"{name:17} {r['deals_per_s']:6.0f} deals/s (best {r['deals_per_s_best']:.0f}, "
            f"{r['deals_per_cpu_s']:.0f} per CPU second) "
            f"{r['decisions_per_s']:8.0f} decisions/s "
            f"{r['decisions_per_deal']:5.1f} decisions/deal  "
            f"peak {r['peak_kib_100_deals']:.0f} KiB",
            flush=True,
        )
    return {
        "benchmark": "bigtwo_engine",
        "target_deals_per_s": 500,
        "load_average": round(os.getloadavg()[0], 2),
        "presets": results,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bigtwo_engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per preset")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
