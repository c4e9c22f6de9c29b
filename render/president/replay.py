"""President's replay frames: its table, its cards, its captions
(:mod:`render.replay` draws the rest). Captions are built here only, so a
translation has one place to go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.president import Give, President
from locales import _

from ..cards import card_sprite
from ..drawing import ordinal
from ..replay import Caption, GameReplay, Parts
from ..sprites import Sprite
from .hand import sort_hand
from .labels import card_text, play_text, players_in, title_text
from .table import draw_table


def _table(state: Any, names: Sequence[str]) -> Image.Image:
    return draw_table(state.public_view(), names)


def _hand(state: Any, player: int, card_w: int) -> list[Sprite]:
    cards = sort_hand(state.hand(player), state.options)
    return [card_sprite(c.rank, c.suit, card_w) for c in cards]


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(card_text(c) for c in cards)


def caption(decision: Any, events: Sequence[Any]) -> Caption:
    """What a decision did, from its public events: ``Bob passes``,
    ``Ada plays 9♠ 9♥ · Ada is out (1st)``."""
    parts = Parts()
    add = parts.add

    for ev in events:
        k, p = ev.kind, ev.player
        if k == "play":
            shown = _cards(ev.cards) if ev.cards else play_text(ev.play)
            said = _("{name} plays {cards}").format(name="{name}", cards=shown)
        elif k == "pass":
            said = _("{name} passes")
        elif k == "give":
            given = decision.cards if isinstance(decision, Give) else ()
            if given:
                said = _("{name} gives back {cards}").format(name="{name}", cards=_cards(given))
            else:
                said = _("{name} gives cards")
        elif k == "skip":
            said = _("{name} is skipped")
        elif k == "revolution":
            said = _("{name} starts a revolution")
        elif k == "trick":
            said = _("{name} takes the trick")
        elif k == "finish":
            place = ordinal((ev.position or 0) + 1)
            said = _("{name} is out ({place})").format(name="{name}", place=place)
        else:
            continue
        add(*players_in(said, 0, name=p))
    return parts.caption()


def result(state: Any) -> Caption:
    r = state.results[-1]
    first = r.order[0]
    last = r.order[-1]
    # Translators: a replay's last caption: "Ann is President, Bo is Scum"
    said = _("{first} is {title}, {last} is {last_title}").format(
        first="{first}",
        title=title_text(r.titles[first]),
        last="{last}",
        last_title=title_text(r.titles[last]),
    )
    return players_in(said, 0, first=first, last=last)


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
