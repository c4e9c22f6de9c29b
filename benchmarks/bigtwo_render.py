"""Benchmark of Big Two's table picture in each language.

    python -m benchmarks.bigtwo_render [--runs 60] [--format png|webp|jpeg]

Draws and encodes the same table (four players, a five-card hand to beat with
earlier plays of the trick, a bot and a timed-out seat) ``--runs`` times per
language with warm caches, interleaving the languages run by run so that they
share the machine's noise, and prints each language's median and p95
milliseconds and its median's ratio to English. Target (issue 42): Japanese
and Chinese within 1.2x of English. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from engine.bigtwo import preset
from locales import reading
from render import DEFAULT_FORMAT, Format, encode
from render.bigtwo import warm_cache
from render.bigtwo.gallery import play_until
from render.bigtwo.table import draw_table

LANGUAGES = ("en", "fr", "es-ES", "ja", "zh-TW", "zh-CN")
NAMES = ("Alice", "Bartholomew the Magnificent", "Chloé", "Zoë")


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(runs: int, fmt: Format) -> dict[str, dict[str, float]]:
    game = play_until(
        preset("standard"), lambda v: v.top is not None and v.top.size == 5 and len(v.trick) >= 3
    )
    view = game.public_view()
    computer, timed = [False, True, False, False], [False, False, True, False]

    def once(locale: str) -> float:
        with reading(locale):
            t0 = time.perf_counter()
            img = draw_table(view, NAMES, computer=computer, timed_out=timed)
            encode(img, "bench", fmt)
            return (time.perf_counter() - t0) * 1000

    warm_cache()
    for locale in LANGUAGES:  # each language's fonts and label runs, once
        once(locale)
    times: dict[str, list[float]] = {locale: [] for locale in LANGUAGES}
    for _ in range(runs):
        for locale in LANGUAGES:
            times[locale].append(once(locale))
    english = statistics.median(times["en"])
    return {
        locale: {
            "median_ms": round(statistics.median(t), 2),
            "p95_ms": round(_p95(t), 2),
            "ratio_to_en": round(statistics.median(t) / english, 3),
        }
        for locale, t in times.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--format", default=DEFAULT_FORMAT, choices=("png", "webp", "jpeg"))
    args = parser.parse_args()
    figures = measure(args.runs, args.format)
    for locale, f in figures.items():
        print(
            f"{locale:6} median {f['median_ms']:7.2f} ms  p95 {f['p95_ms']:7.2f} ms  "
            f"x{f['ratio_to_en']:.3f} of English"
        )
    print(json.dumps({"bigtwo_table_by_language": figures, "runs": args.runs}))


if __name__ == "__main__":
    main()
