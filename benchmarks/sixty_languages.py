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
import time

from benchmarks.languages import by_language
from render.sixty import render_table, warm_cache
from render.sixty.gallery import in_flight

LANGUAGES = ("en", "fr", "ja", "zh-TW")
NAMES = ["Ada", "Bartholomew", "Chloé", "محمد"]


def measure(runs: int) -> dict[str, dict[str, float]]:
    view = in_flight().public_view()
    warm_cache()

    def once() -> float:
        t0 = time.process_time()
        render_table(view, NAMES, computer=(False, True), timed_out=(True,), fmt="png")
        return (time.process_time() - t0) * 1000

    return by_language(once, LANGUAGES, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    figures = measure(args.runs)
    for lang, f in figures.items():
        print(
            f"{lang:6} table drawn and encoded: median {f['median_ms']:.1f} ms CPU, "
            f"p95 {f['p95_ms']:.1f} ms, {f['ratio_to_en']:.2f}× English"
        )
    print(json.dumps({"sixty_table_by_language": figures}))


if __name__ == "__main__":
    main()
