"""President's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, so a
translation has one place to go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.president import Give, President

from ..cards import card_sprite
from ..drawing import ordinal
from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .hand import sort_hand
from .table import draw_table


def _table(state: Any, names: Sequence[str]) -> Image.Image:
    return draw_table(state.public_view(), names)


def _hand(state: Any, player: int, card_w: int) -> list[Sprite]:
    cards = sort_hand(state.hand(player), state.options)
    return [card_sprite(c.rank, c.suit, card_w) for c in cards]


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(c.pretty() for c in cards)


def caption(decision: Any, events: Sequence[Any]) -> Caption:
    """What a decision did, from its public events: ``Bob passes``,
    ``Ada plays 9♠ 9♥ · Ada is out (1st)``."""
    parts = Parts()
    add = parts.add

    for ev in events:
        k, p = ev.kind, ev.player
        if k == "play":
            shown = _cards(ev.cards) if ev.cards else ev.play.pretty()
            add(p, f" plays {shown}")
        elif k == "pass":
            add(p, " passes")
        elif k == "give":
            given = decision.cards if isinstance(decision, Give) else ()
            n = len(given)
            add(p, f" gives back {_cards(given)}" if n else " gives cards")
        elif k == "skip":
            add(p, " is skipped")
        elif k == "revolution":
            add(p, " starts a revolution")
        elif k == "trick":
            add(p, " takes the trick")
        elif k == "finish":
            add(p, f" is out ({ordinal((ev.position or 0) + 1)})")
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    first = r.order[0]
    return [first, f" is {r.titles[first]}", ", ", r.order[-1], f" is {r.titles[r.order[-1]]}"]


def quiet(events: Sequence[Any]) -> bool:
    return all(ev.kind in ("pass", "lead") for ev in events)


REPLAY = GameReplay(
    state_class=President,
    draw_table=_table,
    hand_sprites=_hand,
    caption=caption,
    result=result,
    quiet=quiet,
)
