"""The private hand image: a player's cards, what can be played now stands out.

Cards are sorted weakest to strongest in the *current* order (a revolution
flips it), so the cards a player will usually play together sit together.
Up to 14 cards make one overlapping row; more make two rows, so each card's
visible strip — and its rank index — stays wide enough to read at Discord's
~550 px preview.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.president import Card, Decision, Observation, Options, Play

from . import sprites, theme
from .common import DEFAULT_FORMAT, Format, RenderedImage, encode, paste, paste_card, text

W: Final = 920
MARGIN: Final = 20
HEADER: Final = 62
CARD_W: Final = 110
ROW_MAX: Final = 14
RAISE: Final = 16
"""How far playable cards stand up from the row."""
SELECT_RAISE: Final = 28
ROW_GAP: Final = 14


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
    return sorted(cards, key=lambda c: (strength[c.rank], c.suit))


def playable_ranks(legal: Iterable[Decision]) -> frozenset[int]:
    """Ranks of the legal plays (e.g. ``observation.legal``); passes and
    give-backs are ignored."""
    return frozenset(d.rank for d in legal if isinstance(d, Play) and d.count > 0)


def _rows(n: int) -> list[int]:
    if n <= ROW_MAX:
        return [n]
    top = (n + 1) // 2
    return [top, n - top]


def _step(count: int) -> float:
    if count <= 1:
        return 0.0
    return min(CARD_W + 14.0, (W - 2 * MARGIN - CARD_W) / (count - 1))


def hand_size(n: int) -> tuple[int, int]:
    """Image size for ``n`` cards."""
    rows = len(_rows(n))
    card_h = sprites.card_height(CARD_W)
    return W, HEADER + RAISE + rows * card_h + (rows - 1) * (ROW_GAP + RAISE) + 22


def card_positions(n: int) -> list[tuple[float, int]]:
    """Top-left corner of each of ``n`` cards (before playable cards are
    raised), row by row: the hand's whole layout, kept separate so tests can
    check that 28 cards fit in two rows."""
    out: list[tuple[float, int]] = []
    y = HEADER + RAISE
    for count in _rows(n):
        step = _step(count)
        x = (W - (CARD_W + step * (count - 1))) / 2
        out.extend((x + k * step, y) for k in range(count))
        y += sprites.card_height(CARD_W) + ROW_GAP + RAISE
    return out


def draw_hand(
    cards: Sequence[Card],
    *,
    playable: Collection[int] | None = None,
    selected: Sequence[Card] = (),
    options: Options | None = None,
    revolution: bool = False,
    title: str = "Your hand",
) -> Image.Image:
    """:func:`render_hand` before encoding."""
    ordered = sort_hand(cards, options, revolution)
    w, h = hand_size(len(ordered))
    img = sprites.background(w, h, glow=False).copy()
    draw = ImageDraw.Draw(img)
    n = len(ordered)
    label = f"{title} · {n} card" + ("" if n == 1 else "s")
    text(draw, (MARGIN, 42), label, 28, theme.TEXT, True, "ls")
    right = W - MARGIN
    if playable is not None:
        legend = "can be played now" if playable else "nothing to play: pass"
        lw = text(draw, (right, 40), legend, 21, theme.TEXT_MUTED, False, "rs")
        if playable:
            dot = sprites.chip("", theme.GOLD, 18)
            paste(img, dot, right - lw - 10 - dot.width, 24)
            right -= round(lw) + 10 + dot.width + 24
        else:
            right -= round(lw) + 24
    if revolution:
        c = sprites.chip("REVOLUTION", theme.RED_ALERT, 30)
        paste(img, c, right - c.width, 18)

    want = Counter(selected)
    for card, (x, y) in zip(ordered, card_positions(n), strict=True):
        is_selected = want[card] > 0
        if is_selected:
            want[card] -= 1
        can = playable is None or card.rank in playable
        lift = SELECT_RAISE if is_selected else RAISE if (playable and can) else 0
        glow = theme.BLUE_CHIP if is_selected else theme.GOLD if (playable and can) else None
        sprite = sprites.card_sprite(card.rank, card.suit, CARD_W, not can, glow)
        paste_card(img, sprite, x, y - lift)
    return img


def render_hand(
    cards: Sequence[Card],
    *,
    playable: Collection[int] | None = None,
    selected: Sequence[Card] = (),
    options: Options | None = None,
    revolution: bool = False,
    title: str = "Your hand",
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
    "card_positions",
    "draw_hand",
    "hand_size",
    "playable_ranks",
    "render_hand",
    "render_observation_hand",
    "sort_hand",
    "strength_table",
]
