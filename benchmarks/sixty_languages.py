"""Sixty's table picture in each language: draw and encode times.

``python -m benchmarks.sixty_languages [--runs 60]`` draws and encodes
(PNG, the table's fitted palette) the same table — four players, an attack
passed on in flight, computer and timed-out chips — for an English, French,
Japanese and Traditional Chinese reader, with warm caches, the languages
interleaved run by run so that the machine's load falls on all alike, timed
in CPU milliseconds of this process (a shared machine's load stretches
wall-clock times, not these). It prints each language's median and p95 and
its median against English; the last line is JSON. Target (issue 42): a Japanese table within
1.2× of the English one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from locales import reading
from render.sixty import render_table, warm_cache
from render.sixty.gallery import in_flight

LANGUAGES = ("en", "fr", "ja", "zh-TW")
NAMES = ["Ada", "Bartholomew", "Chloé", "محمد"]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(runs: int) -> dict[str, dict[str, float]]:
    view = in_flight().public_view()
    warm_cache()

    def draw(lang: str) -> float:
        with reading(lang):
            t0 = time.process_time()
            render_table(view, NAMES, computer=(False, True), timed_out=(True,), fmt="png")
            return (time.process_time() - t0) * 1000

    for lang in LANGUAGES:  # fonts, label runs and the jokers' cards of each language
        draw(lang)
    times: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
    for _run in range(runs):
        for lang in LANGUAGES:
            times[lang].append(draw(lang))
    english = statistics.median(times["en"])
    return {
        lang: {
            "median_ms": round(statistics.median(t), 2),
            "p95_ms": round(_p95(t), 2),
            "vs_english": round(statistics.median(t) / english, 3),
        }
        for lang, t in times.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    figures = measure(args.runs)
    for lang, f in figures.items():
        print(
            f"{lang:6} table drawn and encoded: median {f['median_ms']:.1f} ms CPU, "
            f"p95 {f['p95_ms']:.1f} ms, {f['vs_english']:.2f}× English"
        )
    print(json.dumps({"sixty_table_by_language": figures}))


if __name__ == "__main__":
    main()
