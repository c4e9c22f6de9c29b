"""President's private hand picture: what can be played now stands out.

Cards are sorted weakest to strongest in the *current* order (a revolution
flips it), so the cards a player will usually play together sit together;
the layout is the shared :mod:`render.hand`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from PIL import Image

from engine.president import Card, Decision, Observation, Options, Play
from locales import _

from .. import theme
from ..cards import sort_cards
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..hand import draw_hand as draw_cards


def strength_table(options: Options | None, revolution: bool) -> tuple[int, ...]:
    """Strength of each rank (index = rank) in the current order.

    Mirrors the engine's rule (president.md §2, §4.3): the base order by
    ``rank_order``, natural ranks reversed during a revolution, jokers always
    on top. Ranks outside a short pack sort first (they cannot be held).
    """
    order = options.rank_order if options is not None else "normal"
    if order == "aces_high":
        base = [r + 1 for r in range(12)] + [0]
    elif order == "short_pack":
        base = [12, -1, -1, -1, *range(9)]
    else:
        base = list(range(13))
    if revolution:
        base = [-s if s >= 0 else s - 100 for s in base]
    return (*base, 100)


def sort_hand(
    cards: Iterable[Card], options: Options | None = None, revolution: bool = False
) -> list[Card]:
    """Cards weakest first in the current order, then by suit (♣ ♦ ♥ ♠)."""
    strength = strength_table(options, revolution)
    return sort_cards(cards, lambda c: strength[c.rank])


def playable_ranks(legal: Iterable[Decision]) -> frozenset[int]:
    """Ranks of the legal plays (e.g. ``observation.legal``); passes and
    give-backs are ignored."""
    return frozenset(d.rank for d in legal if isinstance(d, Play) and d.count > 0)


def draw_hand(
    cards: Sequence[Card],
    *,
    playable: Collection[int] | None = None,
    selected: Sequence[Card] = (),
    options: Options | None = None,
    revolution: bool = False,
    title: str | None = None,
) -> Image.Image:
    """:func:`render_hand` before encoding."""
    ordered = sort_hand(cards, options, revolution)
    if playable is None:
        highlighted = None
        legend = ""
    else:
        highlighted = [c.rank in playable for c in ordered]
        legend = _("can be played now") if playable else _("nothing to play: pass")
    chips = [(_("REVOLUTION"), theme.RED_ALERT)] if revolution else []
    return draw_cards(
        ordered,
        highlighted=highlighted,
        selected=selected,
        title=_("Your hand") if title is None else title,
        legend=legend,
        chips=chips,
    )


def render_hand(
    cards: Sequence[Card],
    *,
    playable: Collection[int] | None = None,
    selected: Sequence[Card] = (),
    options: Options | None = None,
    revolution: bool = False,
    title: str | None = None,
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """One player's hand (private: send it ephemerally).

    ``playable``: ranks that can be played now (see :func:`playable_ranks`);
    those cards stand up with a gold glow and the rest are greyed. ``None``
    (not this player's turn) draws every card plainly. ``selected``: cards
    picked in a selection (a multiset), raised higher with a blue glow.
    ``options``/``revolution`` give the current rank order for sorting.
    """
    img = draw_hand(
        cards,
        playable=playable,
        selected=selected,
        options=options,
        revolution=revolution,
        title=title,
    )
    return encode(img, "hand", fmt)


def render_observation_hand(
    obs: Observation, *, selected: Sequence[Card] = (), fmt: Format = DEFAULT_FORMAT
) -> RenderedImage:
    """:func:`render_hand` for one seat's observation: playable cards come
    from ``obs.legal`` when it is that player's turn to play."""
    legal = obs.legal if obs.public.turn == obs.player and obs.public.phase == "play" else None
    return render_hand(
        obs.hand,
        playable=None if legal is None else playable_ranks(legal),
        selected=selected,
        options=obs.public.options,
        revolution=obs.public.revolution,
        fmt=fmt,
    )


__all__ = [
    "draw_hand",
    "playable_ranks",
    "render_hand",
    "render_observation_hand",
    "sort_hand",
    "strength_table",
]
