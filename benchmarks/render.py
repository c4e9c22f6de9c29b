"""Benchmark of the image renderers: the table and a 28-card hand.

    python -m benchmarks.render [--runs 60] [--format png|webp|jpeg]

Builds the sprite cache first (timed: it is what a fresh bot process pays
once), then draws and encodes each image ``--runs`` times with a warm cache
and prints the median and p95 milliseconds to draw, to encode and in total,
and the byte sizes. The last line is a JSON object with the figures.
Targets: table ≤ 30 ms median and ≤ 50 ms p95 drawn and encoded, ≤ 120 KB;
hand ≤ 15 ms median, ≤ 40 KB; sprite cache built in ≤ 1 s.

Then the animated replays (:mod:`render.replay`): for a finished round of
each game, in each animation format, frames per CPU second and bytes per
frame; and for a 100-decision President round the CPU seconds and bytes of
the whole replay (target ≤ 5 s CPU, ≤ 8 MiB).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from engine.cards import make_deck
from engine.president import President, preset
from render import DEFAULT_FORMAT, Format, encode
from render.president import warm_cache
from render.president.gallery import NAMES, play_until
from render.president.hand import draw_hand, playable_ranks
from render.president.table import draw_table, table_palette
from render.replay import encode_frames, frames, round_palette

REPLAY_NAMES = ["Ada", "Bartholomew", "Chloé", "محمد", "Ωmega", "Zoë", "Player 7", "Hal"]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _measure(
    draw: Callable[[], Image.Image],
    fmt: Format,
    runs: int,
    palette: Image.Image | None = None,
) -> dict[str, float | int]:
    draws: list[float] = []
    encodes: list[float] = []
    totals: list[float] = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        img = draw()
        t1 = time.perf_counter()
        size = len(encode(img, "bench", fmt, palette=palette).data)
        t2 = time.perf_counter()
        draws.append((t1 - t0) * 1000)
        encodes.append((t2 - t1) * 1000)
        totals.append((t2 - t0) * 1000)
    return {
        "draw_median_ms": round(statistics.median(draws), 2),
        "draw_p95_ms": round(_p95(draws), 2),
        "encode_median_ms": round(statistics.median(encodes), 2),
        "encode_p95_ms": round(_p95(encodes), 2),
        "total_median_ms": round(statistics.median(totals), 2),
        "total_p95_ms": round(_p95(totals), 2),
        "bytes": size,
    }


def _finished_round(kind: str, players: int, seed: int) -> Any:
    from engine.game import game_type

    gt = game_type(kind)
    state = gt.new_game(gt.make_options(gt.default_preset, {"players": players}), seed)
    rng = random.Random(seed)
    while not state.is_round_over():
        state.apply(rng.choice(list(state.legal_actions())), state.current_player)
    return state.record()


def president_round(decisions: int = 100) -> Any:
    """A first round of President with ``decisions`` decisions or a few more
    (random legal decisions, 4 players: the search is over seeds)."""
    for seed in range(1, 500):
        record = _finished_round("president", 4, seed)
        if decisions <= len(record.rounds[0].decisions) <= decisions + 4:
            return record
    raise RuntimeError("no President round of that length")


def _replay(record: Any, fmt: str) -> dict[str, float | int]:
    # what render_replay does, timed in two parts
    t0 = time.process_time()
    drawn = frames(record, REPLAY_NAMES, 1, palette=round_palette(record, REPLAY_NAMES, 1))
    t1 = time.process_time()
    data = encode_frames(drawn, fmt)  # type: ignore[arg-type]
    t2 = time.process_time()
    n = len(drawn)
    return {
        "frames": n,
        "draw_cpu_s": round(t1 - t0, 2),
        "encode_cpu_s": round(t2 - t1, 2),
        "cpu_s": round(t2 - t0, 2),
        "frames_per_s": round(n / (t2 - t0), 1),
        "bytes": len(data),
        "bytes_per_frame": len(data) // n,
        "width": drawn[0].image.width,
        "height": drawn[0].image.height,
    }


def replays() -> dict[str, Any]:
    rounds = {
        "president": _finished_round("president", 5, 5),
        "bigtwo": _finished_round("bigtwo", 4, 5),
        "sixty": _finished_round("sixty", 4, 5),
    }
    # one untimed replay: the card sprites and name layouts are cached
    for record in rounds.values():
        frames(record, REPLAY_NAMES, 1)
    out: dict[str, Any] = {}
    for kind, record in rounds.items():
        for fmt in ("gif", "webp"):
            out[f"{kind}_{fmt}"] = figures = _replay(record, fmt)
            print(
                f"replay {kind:9} {fmt:4} {figures['frames']:4} frames"
                f"  {figures['frames_per_s']:6.1f} frames/s"
                f"  {figures['bytes_per_frame'] / 1000:6.1f} KB/frame"
                f"  {figures['width']}x{figures['height']}"
            )
    record = president_round(100)
    for fmt in ("gif", "webp"):
        out[f"president_100_{fmt}"] = figures = _replay(record, fmt)
        print(
            f"President round of {figures['frames'] - 1} decisions, {fmt:4}:"
            f" {figures['cpu_s']:.2f} s CPU (draw {figures['draw_cpu_s']:.2f},"
            f" encode {figures['encode_cpu_s']:.2f}), {figures['bytes'] / 2**20:.2f} MiB"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Render benchmark")
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--format", choices=("png", "webp", "jpeg"), default=DEFAULT_FORMAT)
    args = parser.parse_args()
    fmt: Format = args.format

    warm_s = warm_cache()
    print(f"sprite cache built in {warm_s * 1000:.0f} ms")

    opts = preset("revolution", players=8, decks=2, jokers=4, revolution_reverses_direction=True)

    def busy(v: Any) -> bool:
        plays = [p for p in v.trick.plays if p[1].count]
        return len(plays) >= 3 and len(v.finished) >= 2 and v.revolution

    game = play_until(opts, busy, seed=11)
    view = game.public_view()
    bots = [p in (1, 6) for p in range(game.n)]
    timed = [p == 3 for p in range(game.n)]
    # one untimed draw so name layouts of this table are cached, as in a live game
    draw_table(view, NAMES, computer=bots, timed_out=timed)
    # tables are mapped onto one palette fitted at start-up, as render_table does
    table = _measure(
        lambda: draw_table(view, NAMES, computer=bots, timed_out=timed),
        fmt,
        args.runs,
        palette=table_palette(),
    )

    deck = make_deck(2, 4, False)
    random.Random(28).shuffle(deck)
    hands = [deck[0:28], deck[28:55], deck[55:82], deck[82:108]]
    g = President.from_hands(preset("house", players=4, decks=2, jokers=4), hands)
    obs = g.observation(0)
    some = {r for r in playable_ranks(obs.legal) if r % 3 == 0}
    hand = _measure(lambda: draw_hand(obs.hand, playable=some, options=g.options), fmt, args.runs)

    animations = replays()
    for name, figures in (("table (8 seats)", table), ("hand (28 cards)", hand)):
        print(
            f"{name:16} draw {figures['draw_median_ms']:6.2f} / {figures['draw_p95_ms']:6.2f} ms"
            f"  encode {figures['encode_median_ms']:6.2f} / {figures['encode_p95_ms']:6.2f} ms"
            f"  total {figures['total_median_ms']:6.2f} / {figures['total_p95_ms']:6.2f} ms"
            f"  (median / p95)  {figures['bytes'] / 1000:6.1f} KB"
        )
    print(
        json.dumps(
            {
                "format": fmt,
                "sprite_cache_ms": round(warm_s * 1000, 1),
                "table": table,
                "hand": hand,
                "replay": animations,
            }
        )
    )


if __name__ == "__main__":
    main()
