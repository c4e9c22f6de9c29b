"""Benchmark of the results picture in Japanese against English.

    python -m benchmarks.results_languages [--runs 60]

Draws and encodes (the default format) two pictures ``--runs`` times for an
English reader and a Japanese one, in alternating batches of five with warm
caches, and prints the medians of the batches' median and p95 milliseconds and
the ratio Japanese / English (target: within 1.2×):

- ``shared``: the shared results table (:mod:`render.results_table`) with every
  word in the reader's language: its own (heading, places, computer chip) and a
  game's title, subtitle, column headings and cells as a translated game gives them;
- ``president``: President's round results as its renderer draws them today.

The last line is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable

from PIL import Image

from benchmarks.render import _measure
from engine.president import President, preset
from locales import reading
from render import DEFAULT_FORMAT
from render import results_table as rt
from render.president.results import draw_round_results

NAMES = ["Ada", "Bartholomew", "Chloé", "Dai", "Emi"]
WORDS = {
    "en": ("Round 3 results", "President · classic", ("TITLE", "POINTS", "TOTAL"),
           ("President", "Vice-President", "Citizen", "Vice-Scum", "Scum")),
    "ja": ("ラウンド3の結果", "大富豪 · クラシック", ("称号", "得点", "合計"),
           ("大富豪", "富豪", "平民", "貧民", "大貧民")),
}  # fmt: skip


def _shared(code: str) -> Callable[[], Image.Image]:
    title, subtitle, headings, titles = WORDS[code]
    columns = (rt.Column(headings[0], 230, "left"), rt.Column(headings[1], 110),
               rt.Column(headings[2], 110, size=26, bold=True))  # fmt: skip
    rows = [
        rt.Row(p, (rt.Cell(titles[p]), rt.Cell(f"+{5 - p}"), rt.Cell(str(20 - 3 * p))),
               20 - 3 * p, highlight=p == 0, computer=p == 4)
        for p in range(5)
    ]  # fmt: skip
    return lambda: rt.draw_results_table(title, subtitle, columns, rows, NAMES)


def _finished() -> President:
    g = President.new_game(preset("classic", players=5), seed=4)
    while not g.is_over:
        if g.phase == "round_over":
            g.start_round()
        else:
            g.apply(g.default_decision())
    return g


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.results_languages")
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    game = _finished()
    pictures: dict[str, Callable[[str], Callable[[], Image.Image]]] = {
        "shared": _shared,
        "president": lambda code: (
            lambda: draw_round_results(
                game.results[-1], NAMES, options=game.options, computer=[False] * 4 + [True]
            )
        ),
    }
    figures: dict[str, dict[str, object]] = {}
    for name, picture in pictures.items():
        out: dict[str, object] = {}
        runs: dict[str, list[dict[str, float | int]]] = {"en": [], "ja": []}
        for i in range(args.runs // 5 + 1):  # interleaved: a busy machine slows both alike
            for code in ("en", "ja"):
                with reading(code):
                    draw = picture(code)
                    figures_5 = _measure(draw, DEFAULT_FORMAT, 5)
                if i:  # the first round warms the caches
                    runs[code].append(figures_5)
        for code, measured in runs.items():
            out[code] = {
                key: round(statistics.median(float(m[key]) for m in measured), 2)
                for key in measured[0]
            }
        en, ja = out["en"], out["ja"]
        assert isinstance(en, dict) and isinstance(ja, dict)
        out["ratio_total_median"] = round(ja["total_median_ms"] / en["total_median_ms"], 3)
        out["ratio_draw_median"] = round(ja["draw_median_ms"] / en["draw_median_ms"], 3)
        figures[name] = out
        print(
            f"{name:9} en {en['total_median_ms']:7.2f} ms (p95 {en['total_p95_ms']:.2f})  "
            f"ja {ja['total_median_ms']:7.2f} ms (p95 {ja['total_p95_ms']:.2f})  "
            f"ja/en {out['ratio_total_median']}× total, {out['ratio_draw_median']}× draw"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
