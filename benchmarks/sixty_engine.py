"""Random four-player Sixty games (three rounds) through the engine's public API.

``python -m benchmarks.sixty_engine [--seconds S]`` prints games per second,
rounds and decisions per second and peak memory; the last line is JSON.
Random players choose uniformly among ``legal_list()`` and play on the
unchecked fast path ``apply_unchecked()``, as the computer players'
playouts do; a second figure plays through ``apply()`` (validation and
public events, what the bot uses). On a shared machine the wall-clock rate
follows the load: games per CPU second (``time.process_time``) shows what
one undisturbed core does. Target (the Sixty task): at least 500
random games per second on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from typing import Any

from engine.sixty import GAME_OVER, ROUND_OVER, Sixty, preset

OPTIONS = preset("standard", players=4)


def play_games(games: int, seed: int, checked: bool = False) -> tuple[int, int, int]:
    """Play ``games`` whole games; returns (games, rounds, decisions)."""
    rng = random.Random(seed)
    rand = rng.random
    rounds = decisions = 0
    for _ in range(games):
        g = Sixty.new_game(OPTIONS, rng.getrandbits(32))
        while True:
            phase = g.phase
            if phase == ROUND_OVER:
                rounds += 1
                g.start_round()
                continue
            if phase == GAME_OVER:
                rounds += 1
                break
            legal = g.legal_list()
            d = legal[int(rand() * len(legal))]
            if checked:
                g.apply(d)
            else:
                g.apply_unchecked(d)
            decisions += 1
    return games, rounds, decisions


def _rate(seconds: float, checked: bool, windows: int = 5) -> dict[str, float]:
    """Median over ``windows`` equal windows (a shared VM drifts)."""
    play_games(20, 0, checked)  # warm the caches of legal decisions
    rates: list[tuple[float, float, float, int, int, int, float]] = []
    seed = 1
    for _ in range(windows):
        g = r = d = 0
        start = time.perf_counter()
        cpu = time.process_time()
        while time.perf_counter() - start < seconds / windows:
            a, b, c = play_games(10, seed, checked)
            g, r, d = g + a, r + b, d + c
            seed += 1
        el = time.perf_counter() - start
        cpu_el = time.process_time() - cpu
        rates.append((g / el, r / el, d / el, g, r, d, g / cpu_el))
    rates.sort()
    med = rates[len(rates) // 2]
    total_g = sum(x[3] for x in rates)
    total_d = sum(x[5] for x in rates)
    return {
        "games_per_s": round(med[0], 1),
        "games_per_s_best": round(rates[-1][0], 1),
        "games_per_cpu_s": round(sorted(x[6] for x in rates)[len(rates) // 2], 1),
        "rounds_per_s": round(med[1], 1),
        "decisions_per_s": round(med[2], 1),
        "decisions_per_game": round(total_d / max(1, total_g), 1),
    }


def run(seconds: float = 5.0) -> dict[str, Any]:
    """The figures as a dict (``python -m benchmarks.engine`` includes them)."""
    fast = _rate(seconds * 0.7, checked=False)
    checked = _rate(seconds * 0.3, checked=True)
    tracemalloc.start()
    play_games(20, 99)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "benchmark": "sixty_engine",
        "players": 4,
        "unchecked": fast,
        "apply": checked,
        "peak_kib_20_games": round(peak / 1024, 1),
        "target_games_per_s": 500,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="total measuring time")
    args = parser.parse_args()
    r = run(args.seconds)
    for name in ("unchecked", "apply"):
        f = r[name]
        print(
            f"{name:9} {f['games_per_s']:7.0f} games/s (best {f['games_per_s_best']:.0f}) "
            f"{f['rounds_per_s']:7.0f} rounds/s {f['decisions_per_s']:9.0f} decisions/s "
            f"{f['decisions_per_game']:6.1f} decisions/game; "
            f"{f['games_per_cpu_s']:.0f} games per CPU second"
        )
    print(f"peak memory over 20 games: {r['peak_kib_20_games']:.0f} KiB")
    print(json.dumps(r))


if __name__ == "__main__":
    main()
