"""Big Two's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, so a
translation has one place to go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from PIL import Image

from engine.bigtwo import BigTwo, Combo
from engine.bigtwo.combos import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    PAIR,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
)
from locales import N_, _, current, format_number

from ..cards import card_sprite
from ..drawing import ordinal
from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .table import draw_table
from .words import cards_text, sort_hand, with_names

PLAYS: Final = {
    # Translators: a play in a replay's caption, after the player's name: its type
    # (lower case) and its exact cards ("Ada: flush 3♦ 6♦ 9♦ J♦ K♦")
    PAIR: N_("pair {cards}"),
    TRIPLE: N_("triple {cards}"),
    STRAIGHT: N_("straight {cards}"),
    FLUSH: N_("flush {cards}"),
    FULL_HOUSE: N_("full house {cards}"),
    FOUR_OF_A_KIND: N_("four of a kind {cards}"),
    STRAIGHT_FLUSH: N_("straight flush {cards}"),
}


def play_words(combo: Combo) -> str:
    """A play as a caption writes it: ``flush 3♦ 6♦ 9♦ J♦ K♦``; a single is its card."""
    cards = cards_text(combo.cards)
    if combo.kind == SINGLE or combo.kind not in PLAYS:
        return cards
    return _(PLAYS[combo.kind]).format(cards=cards)


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
            # Translators: a replay's caption: a player and the play they made
            line = _("{name}: {play}").format(name="{name}", play=play_words(ev.combo))
        elif k == "pass":
            line = _("{name} passes")
        elif k == "trick":
            line = _("{name} takes the trick")
        elif k == "finish":
            # Translators: a replay's caption: a player has played their last card;
            # the place is short ("1st")
            line = _("{name} is out ({place})").format(
                name="{name}", place=ordinal((ev.position or 0) + 1)
            )
        else:
            continue
        add(*with_names(line, name=p))
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    winner = r.positions.index(0)
    worst = max(range(state.n), key=lambda p: r.scores[p])
    if r.scores[worst] > 0:
        # Translators: a replay's last caption: who won the deal, and who scored the
        # highest penalty
        line = _("{winner} wins the deal, {name} scores {points}").format(
            winner="{winner}", name="{name}", points=format_number(current(), r.scores[worst])
        )
        return with_names(line, winner=winner, name=worst)
    return with_names(_("{winner} wins the deal"), winner=winner)


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
