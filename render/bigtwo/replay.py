"""Big Two's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, so a
translation has one place to go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.bigtwo import BigTwo

from ..cards import card_sprite
from ..drawing import ordinal
from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .table import draw_table
from .words import sort_hand


def _table(state: Any, names: Sequence[str]) -> Image.Image:
    return draw_table(state.public_view(), names)


def _hand(state: Any, player: int, card_w: int) -> list[Sprite]:
    cards = sort_hand(state.hand(player), state.options)
    return [card_sprite(c.rank, c.suit, card_w) for c in cards]


def caption(decision: Any, events: Sequence[Any]) -> Caption:
    """What a decision did: ``Bob passes``, ``Ada: flush 3♦ 6♦ 9♦ J♦ K♦``."""
    parts = Parts()
    add = parts.add

    for ev in events:
        k, p = ev.kind, ev.player
        if k == "play" and ev.combo is not None:
            add(p, f": {ev.combo.pretty()}")
        elif k == "pass":
            add(p, " passes")
        elif k == "trick":
            add(p, " takes the trick")
        elif k == "finish":
            add(p, f" is out ({ordinal((ev.position or 0) + 1)})")
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    winner = r.positions.index(0)
    worst = max(range(state.n), key=lambda p: r.scores[p])
    out: list[str | int] = [winner, " wins the deal"]
    if r.scores[worst] > 0:
        out += [", ", worst, f" scores {r.scores[worst]}"]
    return out


def quiet(events: Sequence[Any]) -> bool:
    return all(ev.kind in ("pass", "lead") for ev in events)


REPLAY = GameReplay(
    state_class=BigTwo,
    draw_table=_table,
    hand_sprites=_hand,
    caption=caption,
    result=result,
    quiet=quiet,
)
