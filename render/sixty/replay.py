"""Sixty's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, so a
translation has one place to go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.sixty import Sixty

from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .cards import card_sprite
from .table import draw_table

JOKER_NAMES = {"abracadabra": "Abracadabra", "hocus_pocus": "Hocus-pocus", "zap": "Zap"}


def _table(state: Any, names: Sequence[str]) -> Image.Image:
    return draw_table(state.public_view(), names)


def _hand(state: Any, player: int, card_w: int) -> list[Sprite]:
    return [card_sprite(int(c), card_w) for c in sorted(state.hand(player), key=int)]


def _cards(count: int, card: int) -> str:
    return f"{count}× {card}" if count > 1 else f"a {card}"


def caption(decision: Any, events: Sequence[Any]) -> Caption:
    """What a decision did: ``Ada attacks Bob with a 5 (5)``, ``Cy plays Zap:
    2 cards to their penalty, 15 on to Di``."""
    parts = Parts()
    add = parts.add

    for ev in events:
        k, p = ev.kind, ev.player
        target: int | None = ev.target
        if k == "attack" and target is not None:
            add(p, " attacks ", target, f" with {_cards(ev.count, ev.card)} ({ev.total})")
        elif k == "pass_on" and target is not None:
            add(p, f" adds {_cards(ev.count, ev.card)}, passes {ev.total} on to ", target)
        elif k == "joker":
            name = JOKER_NAMES.get(ev.which.lower().replace("-", "_"), ev.which.title())
            if name == "Zap" and ev.count and target is not None:
                n = ev.count
                kept = f"{n} card{'' if n == 1 else 's'} to their penalty"
                add(p, f" plays Zap: {kept}, {ev.total} on to ", target)
            elif target is not None:
                add(p, f" plays {name}: {ev.total} to ", target)
            else:
                add(p, f" plays {name}")
        elif k == "fight":
            add(p, f" fights back with {_cards(ev.count, ev.card)} ({ev.total})")
        elif k == "take":
            n = ev.count
            add(p, f" takes {n} card{'' if n == 1 else 's'} ({ev.total} points)")
        elif k == "skip":
            add(p, " holds only jokers and is skipped")
        elif k == "direction":
            add("the direction turns")
        elif k == "out":
            add(p, " is out of cards")
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    best = r.positions.index(0)
    worst = max(range(state.n), key=lambda p: r.scores[p])
    return [
        best,
        f" has the fewest points ({r.scores[best]}), ",
        worst,
        f" the most ({r.scores[worst]})",
    ]


def quiet(events: Sequence[Any]) -> bool:
    return False


REPLAY = GameReplay(
    state_class=Sixty,
    draw_table=_table,
    hand_sprites=_hand,
    caption=caption,
    result=result,
    quiet=quiet,
)
