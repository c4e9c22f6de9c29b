"""A player's hand of French-suited cards, for any game played with them.

The caller decides the order (its sort key, see :func:`cards.sort_cards`)
and which cards stand out; this module only lays them out. Up to 14 cards
make one overlapping row; more make two rows, so each card's visible strip
— and its rank index — stays wide enough to read at Discord's ~550 px
preview.

Each card may be *highlighted* (raised with a gold glow: e.g. it can be
played now) or not (greyed out), or the hand drawn plainly when nothing is
to be decided; *selected* cards (a multiset) are raised higher with a blue
glow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.cards import Card
from locales import _, _n, current, format_number

from . import cards, sprites, theme
from .drawing import paste, paste_card, text
from .felt import background
from .theme import RGB

W: Final = 920
MARGIN: Final = 20
HEADER: Final = 62
CARD_W: Final = 110
ROW_MAX: Final = 14
RAISE: Final = 16
"""How far highlighted cards stand up from the row."""
SELECT_RAISE: Final = 28
ROW_GAP: Final = 14


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
    card_h = cards.card_height(CARD_W)
    return W, HEADER + RAISE + rows * card_h + (rows - 1) * (ROW_GAP + RAISE) + 22


def card_positions(n: int) -> list[tuple[float, int]]:
    """Top-left corner of each of ``n`` cards (before highlighted cards are
    raised), row by row: the hand's whole layout."""
    out: list[tuple[float, int]] = []
    y = HEADER + RAISE
    for count in _rows(n):
        step = _step(count)
        x = (W - (CARD_W + step * (count - 1))) / 2
        out.extend((x + k * step, y) for k in range(count))
        y += cards.card_height(CARD_W) + ROW_GAP + RAISE
    return out


def draw_hand(
    ordered: Sequence[Card],
    *,
    highlighted: Sequence[bool] | None = None,
    selected: Sequence[Card] = (),
    title: str | None = None,
    legend: str = "",
    chips: Sequence[tuple[str, RGB]] = (),
) -> Image.Image:
    """The hand as an RGB image, cards left to right in the order given.

    ``title`` (default: "Your hand") comes before the number of cards;
    ``highlighted`` has one flag per card (``None``: every card plain);
    ``legend`` is a short line on the right of the header, after a gold dot
    when some card is highlighted; ``chips`` are (label, colour) pills left
    of the legend (e.g. a game state that changes the order).
    """
    n = len(ordered)
    if highlighted is not None and len(highlighted) != n:
        raise ValueError(f"{len(highlighted)} highlight flags for {n} cards")
    w, h = hand_size(n)
    img = background(w, h, glow=False).copy()
    draw = ImageDraw.Draw(img)
    label = _n("{title} · {n} card", "{title} · {n} cards", n).format(
        title=_("Your hand") if title is None else title, n=format_number(current(), n)
    )
    text(draw, (MARGIN, 42), label, 28, theme.TEXT, True, "ls")
    right = W - MARGIN
    if legend:
        lw = text(draw, (right, 40), legend, 21, theme.TEXT_MUTED, False, "rs")
        if highlighted is not None and any(highlighted):
            dot = sprites.chip("", theme.GOLD, 18)
            paste(img, dot, right - lw - 10 - dot.width, 24)
            right -= round(lw) + 10 + dot.width + 24
        else:
            right -= round(lw) + 24
    for chip_label, colour in chips:
        c = sprites.chip(chip_label, colour, 30)
        paste(img, c, right - c.width, 18)
        right -= c.width + 12

    any_highlight = highlighted is not None and any(highlighted)
    want = Counter(selected)
    for k, (card, (x, y)) in enumerate(zip(ordered, card_positions(n), strict=True)):
        is_selected = want[card] > 0
        if is_selected:
            want[card] -= 1
        on = highlighted is None or highlighted[k]
        lift = SELECT_RAISE if is_selected else RAISE if (any_highlight and on) else 0
        glow = theme.BLUE_CHIP if is_selected else theme.GOLD if (any_highlight and on) else None
        sprite = cards.card_sprite(card.rank, card.suit, CARD_W, not on, glow)
        paste_card(img, sprite, x, y - lift)
    return img


__all__ = ["CARD_W", "card_positions", "draw_hand", "hand_size"]
