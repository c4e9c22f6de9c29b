"""Sixty's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, each
a whole sentence in the reader's language cut at the players' names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.sixty import Sixty
from locales import _, _n

from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .cards import card_sprite
from .table import draw_table
from .words import joker_name, player, with_names

JOKERS_BY_WORD = {"abracadabra": 61, "hocus_pocus": 62, "zap": 63}


def _table(state: Any, names: Sequence[str]) -> Image.Image:
    return draw_table(state.public_view(), names)


def _hand(state: Any, seat: int, card_w: int) -> list[Sprite]:
    return [card_sprite(int(c), card_w) for c in sorted(state.hand(seat), key=int)]


def _event(ev: Any) -> list[str | int] | None:
    """One event as caption parts, translated whole (``None``: no words)."""
    k = ev.kind
    values = {
        "player": player(ev.player) if ev.player is not None else "",
        "target": player(ev.target) if ev.target is not None else "",
        "card": ev.card,
        "count": ev.count,
        "total": ev.total,
    }
    if k == "attack" and ev.target is not None:
        if ev.count > 1:
            text = _("{player} attacks {target} with {count}× {card} ({total})")
        else:
            text = _("{player} attacks {target} with a {card} ({total})")
    elif k == "pass_on" and ev.target is not None:
        if ev.count > 1:
            text = _("{player} adds {count}× {card}, passes {total} on to {target}")
        else:
            text = _("{player} adds a {card}, passes {total} on to {target}")
    elif k == "joker":
        face = JOKERS_BY_WORD.get(str(ev.which).lower().replace("-", "_"))
        values["joker"] = joker_name(face) if face is not None else str(ev.which).title()
        if face == 63 and ev.count and ev.target is not None:
            text = _n(
                "{player} plays Zap: {count} card to their penalty, {total} on to {target}",
                "{player} plays Zap: {count} cards to their penalty, {total} on to {target}",
                ev.count,
            )
        elif ev.target is not None:
            text = _("{player} plays {joker}: {total} to {target}")
        else:
            text = _("{player} plays {joker}")
    elif k == "fight":
        if ev.count > 1:
            text = _("{player} fights back with {count}× {card} ({total})")
        else:
            text = _("{player} fights back with a {card} ({total})")
    elif k == "take":
        text = _n(
            "{player} takes {count} card ({total} points)",
            "{player} takes {count} cards ({total} points)",
            ev.count,
        )
    elif k == "skip":
        text = _("{player} holds only jokers and is skipped")
    elif k == "direction":
        text = _("the direction turns")
    elif k == "out":
        text = _("{player} is out of cards")
    else:
        return None
    return with_names(text, **values)


def caption(decision: Any, events: Sequence[Any]) -> Caption:
    """What a decision did: ``Ada attacks Bob with a 5 (5)``, ``Cy plays Zap:
    2 cards to their penalty, 15 on to Di``, in the reader's language."""
    parts = Parts()
    for ev in events:
        words = _event(ev)
        if words is not None:
            parts.add(*words)
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    best = r.positions.index(0)
    worst = max(range(state.n), key=lambda p: r.scores[p])
    text = _("{best} has the fewest points ({low}), {worst} the most ({high})")
    return with_names(
        text, best=player(best), low=r.scores[best], worst=player(worst), high=r.scores[worst]
    )


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
