"""What every game's table picture draws the same way: the seats' layout
around the felt, a seat's panel, its hand count and chips, the headline, the
"played by" line, the earlier plays of a trick, and the sheet a table's
palette is fitted to.

Each game's ``table`` module keeps what is its own (what a seat's lines say,
the centre of the table, the header's words) and calls these for the rest,
so a change to how a seat looks reaches every game at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from PIL import Image, ImageDraw

from locales import _p

from . import cards, sprites, theme
from .drawing import medal_colour, ordinal, paste, paste_card, paste_panel, player_name, text
from .fonts import FittedText, draw_label, draw_runs, font, label_length
from .results_table import computer_chip
from .theme import RGB

T = TypeVar("T")

W: Final = 1080
H: Final = 760
TABLE_BOX: Final = (70, 128, W - 70, H - 60)
PANEL_H: Final = 110
CHIP_H: Final = 28

SIDES: Final[dict[int, tuple[int, int, int, int]]] = {
    1: (1, 0, 0, 0),
    2: (1, 0, 1, 0),
    3: (1, 0, 2, 0),
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (2, 1, 2, 1),
    7: (2, 1, 3, 1),
    8: (3, 1, 3, 1),
}
"""How many seats go on each side: (bottom, left, top, right)."""


def seat_centres(n: int, panel_w: int, max_seats: int) -> list[tuple[int, int]]:
    """Centre of each seat's panel, in seat order, going clockwise as seen
    from above: bottom row right to left, up the left side, top row left to
    right, down the right side, so the order of play reads around the table."""
    bottom, left, top, right = SIDES[max(1, min(max_seats, n))]
    _, y0, _, y1 = TABLE_BOX
    row_top = y0 + 6
    row_bottom = y1 - 10  # the state chips straddle the panel's bottom edge
    side_y = (y0 + y1) // 2
    side_x = 20 + panel_w // 2

    def row(k: int) -> list[int]:
        if k == 1:
            return [W // 2]
        span = W - 2 * 40 - panel_w
        return [40 + panel_w // 2 + round(span * i / (k - 1)) for i in range(k)]

    out: list[tuple[int, int]] = []
    out += [(x, row_bottom) for x in reversed(row(bottom))]
    out += [(side_x, side_y)] * left
    out += [(x, row_top) for x in row(top)]
    out += [(W - side_x, side_y)] * right
    return out[:n]


def seat_panel(
    img: Image.Image, centre: tuple[int, int], panel_w: int, active: bool, faded: bool
) -> tuple[int, int]:
    """Paste a seat's panel (gold when the seat is to act, dim when faded);
    returns its top-left corner."""
    cx, cy = centre
    x, y = cx - panel_w // 2, cy - PANEL_H // 2
    if active:
        sprite = sprites.panel(
            panel_w, PANEL_H, 18, theme.PANEL_ACTIVE, (*theme.GOLD, 255), theme.GOLD
        )
    elif faded:
        sprite = sprites.panel(panel_w, PANEL_H, 18, theme.PANEL_FADED, (255, 255, 255, 30))
    else:
        sprite = sprites.panel(panel_w, PANEL_H, 18, theme.PANEL, (255, 255, 255, 46))
    paste_panel(img, sprite, x, y)
    return x, y


def hand_count(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    back: sprites.Sprite,
    back_w: int,
    back_h: float,
    bx: float,
    cy: float,
    count: int,
    size: int,
    stroke: RGB,
) -> None:
    """A card back at ``bx``, a little above the panel's middle ``cy``, with
    the number of cards held written on it."""
    by = cy - back_h / 2 - 4
    paste_card(img, back, bx, by)
    draw.text(
        (bx + back_w / 2, by + back_h / 2),
        str(count),
        font=font(size, True),
        fill=theme.TEXT,
        anchor="mm",
        stroke_width=3,
        stroke_fill=stroke,
    )


def pack_hand_count(
    img: Image.Image, draw: ImageDraw.ImageDraw, back_w: int, bx: float, cy: float, count: int
) -> None:
    """:func:`hand_count` on the standard pack's back (a smaller figure from 10 cards)."""
    back, back_h = cards.back_sprite(back_w), cards.card_height(back_w)
    size = 21 if count >= 10 else 24
    hand_count(img, draw, back, back_w, back_h, bx, cy, count, size, (30, 10, 12))


def trick_chips(
    position: int | None, to_act: bool, passed: bool, to_act_label: str
) -> list[tuple[str, RGB]]:
    """The seat's state in a shedding game: out (with its place, in medal
    colours), to act, or passed in this trick."""
    if position is not None:
        # Translators: a chip on a seat that has played all its cards, with its place
        # ("OUT · 1st"); chips are short, in capitals where the script has them
        out = _p("chip", "OUT · {place}").format(place=ordinal(position + 1))
        return [(out, medal_colour(position))]
    if to_act:
        return [(to_act_label, theme.GOLD)]
    if passed:
        # Translators: a chip on a seat that passed in this trick
        return [(_p("chip", "PASSED"), theme.GREY_CHIP)]
    return []


def player_chips(computer: bool, timed_out: bool) -> list[tuple[str, RGB]]:
    """The chip saying the computer plays the seat: after a timeout, or for good."""
    if timed_out:
        # Translators: a chip on a seat the computer plays after its player ran out of time
        return [(_p("chip", "AUTO-PLAYED"), theme.ORANGE_CHIP)]
    if computer:
        return [(computer_chip(), theme.BLUE_CHIP)]
    return []


def draw_chips(img: Image.Image, chips: Sequence[tuple[str, RGB]], x: float, y: float) -> None:
    """A row of chips from (x, y), straddling a panel's bottom edge at ``y``."""
    for label, bg in chips:
        c = sprites.chip(label, bg, CHIP_H)
        paste(img, c, x, y - CHIP_H // 2)
        x += c.width + 6


def title_line(draw: ImageDraw.ImageDraw, title: str, sub: str) -> None:
    """The header's title and, after it in a smaller muted face, its subtitle."""
    x = 28 + text(draw, (28, 40), title, 30, theme.TEXT, True, "ls") + 16
    text(draw, (x, 40), sub, 20, theme.TEXT_MUTED, False, "ls")


def direction(
    draw: ImageDraw.ImageDraw, right: int, clockwise: bool, size: int, arrow: int, arrow_y: int
) -> float:
    """ "Clockwise" (muted) or "Counter-clockwise" (gold) with its arrow, ending
    at ``right``; returns the label's width."""
    # Translators: the direction of play, in a table picture's header
    label = _p("direction", "Clockwise") if clockwise else _p("direction", "Counter-clockwise")
    colour = theme.TEXT_MUTED if clockwise else theme.GOLD
    width = text(draw, (right, 40), label, size, colour, True, "rs")
    text(draw, (right - width - 8, arrow_y), "↻" if clockwise else "↺", arrow, colour, True, "rs")
    return width


def headline(draw: ImageDraw.ImageDraw, cx: int, y: int, what: str, how: str) -> None:
    """A centred line: ``what`` in bold, then ``how`` muted."""
    w1 = label_length(what, 28, True)
    w2 = label_length(how, 22, False) if how else 0
    gap = 14 if how else 0
    x = cx - (w1 + gap + w2) / 2
    draw_label(draw, (x, y), what, 28, theme.TEXT, True, "ls")
    if how:
        draw_label(draw, (x + w1 + gap, y), how, 22, theme.TEXT_MUTED, False, "ls")


def mixed(
    draw: ImageDraw.ImageDraw,
    cx: float,
    y: float,
    parts: Sequence[str | int],
    colour: RGB,
    names: Sequence[str],
    size: int,
    *,
    bold: bool = False,
    name_colour: RGB | None = None,
) -> None:
    """A centred line of fixed text and player names (ints): names go through
    :func:`player_name` so they keep their fallback fonts and right-to-left
    shaping instead of being drawn as plain label text. Names are drawn in
    ``name_colour`` (default: ``colour``)."""
    items: list[tuple[str | FittedText, float]] = []
    for part in parts:
        if isinstance(part, int):
            fitted = player_name(names, part, size, 220)
            items.append((fitted, fitted.width))
        else:
            items.append((part, label_length(part, size, bold)))
    x = cx - sum(w for _item, w in items) / 2
    for item, width in items:
        if isinstance(item, str):
            draw_label(draw, (x, y), item, size, colour, bold, "ls")
        else:
            draw_runs(draw, (x, y), item, colour if name_colour is None else name_colour)
        x += width


def by_line(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    names: Sequence[str],
    player: int,
    cx: int,
    y: int,
    size: int,
    prefix: str = "",
) -> None:
    """Who made the play on top: ``prefix``, the player's badge and name, centred."""
    fitted = player_name(names, player, size, 300)
    pw = label_length(prefix, 20, False) if prefix else 0
    dot = sprites.badge(fitted.initial, theme.badge_colour(player), 24)
    total = pw + dot.width + 6 + fitted.width
    x = cx - total / 2
    if prefix:
        text(draw, (x, y), prefix, 20, theme.TEXT_MUTED, False, "ls")
    paste(img, dot, x + pw, y - dot.height + 5)
    draw_runs(draw, (x + pw + dot.width + 6, y), fitted, theme.TEXT)


def earlier(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    plays: Sequence[tuple[int, T]],
    names: Sequence[str],
    cx: int,
    y: int,
    room: int,
    *,
    card_w: int,
    fan_max: int,
    gap: int,
    size: Callable[[T], int],
    fan: Callable[[T, float, float], object],
) -> None:
    """Earlier plays of the trick, oldest on the left, each with its player's
    badge; the oldest are dropped (with a ``+N`` marker) when they do not fit
    in ``room``. ``fan(play, cx, top)`` draws a play's cards ``card_w`` wide."""
    card_h = cards.card_height(card_w)
    groups = [(p, play, cards.fan_width(size(play), card_w, fan_max)[0]) for p, play in plays]
    dropped = 0
    while groups and sum(g[2] for g in groups) + gap * (len(groups) - 1) > room:
        groups.pop(0)
        dropped += 1
    total = sum(g[2] for g in groups) + gap * (len(groups) - 1)
    x = cx - total / 2
    if dropped:
        marker = (x - gap + 8, y + card_h / 2 + 8)
        text(draw, marker, f"+{dropped}", 22, theme.TEXT_MUTED, True, "rs")
    for p, play, width in groups:
        fan(play, x + width / 2, y)
        fitted = player_name(names, p, 20, 60)
        dot = sprites.badge(fitted.initial, theme.badge_colour(p), 26)
        paste(img, dot, x + width / 2 - dot.width / 2, y + card_h - 10)
        x += width + gap


def empty_slot(img: Image.Image, cx: int, y: int, card_w: int) -> None:
    """The outline of a card where the next lead will go."""
    w, h = card_w, cards.card_height(card_w)
    slot = sprites.panel(w, h, 10, (255, 255, 255, 18), (255, 255, 255, 70))
    paste_panel(img, slot, cx - w / 2, y)


def palette_sheet(samples: Sequence[Image.Image], strip: Image.Image) -> Image.Image:
    """256 colours fitted once to sample tables stacked above ``strip`` (what
    the samples may miss), so each table maps onto them instead of fitting a
    palette of its own."""
    sheet = Image.new("RGB", (W, H * len(samples) + strip.height))
    for i, img in enumerate(samples):
        sheet.paste(img, (0, i * H))
    sheet.paste(strip, (0, H * len(samples)))
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)
