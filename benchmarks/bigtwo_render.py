"""Benchmark of Big Two's table picture in each language.

    python -m benchmarks.bigtwo_render [--runs 60] [--format png|webp|jpeg]

Draws and encodes (as the bot does: PNG on the fixed table palette) the same
table (four players, a five-card hand to beat with earlier plays of the trick, a
bot and a timed-out seat) ``--runs`` times per language with warm caches,
interleaving the languages run by run so that they share the machine's noise,
and prints each language's median and p95 milliseconds and its median's ratio
to English. Target (issue 42): Japanese
and Chinese within 1.2x of English. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import time

from benchmarks.languages import by_language
from engine.bigtwo import preset
from render import DEFAULT_FORMAT, Format, encode
from render.bigtwo import warm_cache
from render.bigtwo.gallery import play_until
from render.bigtwo.table import draw_table, table_palette

LANGUAGES = ("en", "fr", "es-ES", "ja", "zh-TW", "zh-CN")
NAMES = ("Alice", "Bartholomew the Magnificent", "Chloé", "Zoë")


def measure(runs: int, fmt: Format) -> dict[str, dict[str, float]]:
    game = play_until(
        preset("standard"), lambda v: v.top is not None and v.top.size == 5 and len(v.trick) >= 3
    )
    view = game.public_view()
    computer, timed = [False, True, False, False], [False, False, True, False]

    def once() -> float:
        t0 = time.perf_counter()
        img = draw_table(view, NAMES, computer=computer, timed_out=timed)
        encode(img, "bench", fmt, palette=palette)
        return (time.perf_counter() - t0) * 1000

    warm_cache()
    palette = table_palette() if fmt == "png" else None  # as render_table encodes it
    return by_language(once, LANGUAGES, runs)


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
