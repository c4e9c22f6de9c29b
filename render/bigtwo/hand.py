"""Big Two's private hand picture: the cards in the suit order in force,
the ones that appear in at least one legal play raised with a gold glow.

Drawn from the owner's observation only (their hand and legal plays); the
layout is the shared :mod:`render.hand`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

from engine.bigtwo import Observation, Options
from engine.cards import Card
from locales import _

from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..hand import draw_hand as draw_cards
from .words import playable_cards, sort_hand, suit_order_text


def draw_hand(
    cards: Sequence[Card],
    options: Options,
    *,
    playable: Collection[Card] | None = None,
    selected: Sequence[Card] = (),
    title: str | None = None,
) -> Image.Image:
    """:func:`render_hand` before encoding."""
    ordered = sort_hand(cards, options)
    if playable is None:
        highlighted = None
        # Translators: the hand picture's legend when it is not your turn: the suit
        # order in force, weakest first, as symbols ("suits ♦ < ♣ < ♥ < ♠")
        legend = _("suits {order}").format(order=suit_order_text(options))
    else:
        highlighted = [c in playable for c in ordered]
        # Translators: the hand picture's legend on your turn, after a gold dot that
        # marks the raised cards; or, when no card can be played, that you must pass
        legend = _("in a legal play now") if playable else _("nothing beats it: pass")
    if title is None:  # the shared hand picture names itself ("Your hand")
        return draw_cards(ordered, highlighted=highlighted, selected=selected, legend=legend)
    return draw_cards(
        ordered, highlighted=highlighted, selected=selected, title=title, legend=legend
    )


def render_hand(
    cards: Sequence[Card],
    options: Options,
    *,
    playable: Collection[Card] | None = None,
    selected: Sequence[Card] = (),
    title: str | None = None,
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """One player's hand (private). ``playable``: the cards of the legal
    plays on this player's turn (``None``: not their turn, every card plain)."""
    img = draw_hand(cards, options, playable=playable, selected=selected, title=title)
    return encode(img, "hand", fmt)


def render_observation_hand(obs: Observation, *, fmt: Format = DEFAULT_FORMAT) -> RenderedImage:
    """:func:`render_hand` for a seat's observation (playable cards on its turn)."""
    mine = obs.public.turn == obs.player and obs.public.phase == "play"
    playable = playable_cards(obs.legal) if mine else None
    return render_hand(obs.hand, obs.public.options, playable=playable, fmt=fmt)
