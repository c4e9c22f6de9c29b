"""Sixty's table picture: seats around the felt, the attack in flight in the
centre with its sum and the player it targets, the deck and the discard
pile with their counts, and the direction of play.

Drawn only from a :class:`engine.sixty.PublicView` (plus names and flags
the caller owns), so it cannot show a hidden card: two states that differ
only in hidden hands or the deck's order give identical images.

Seats go clockwise as seen from above (bottom row right to left, up the
left side, top row left to right, down the right side), so "clockwise"
in the header is the way the seats read. Each seat shows the name, the
cards in hand, the penalty pile (its card count during a round — the pile
is face down — and its points once the round is over) and the total of
the finished rounds.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.sixty import DEFEND, GAME_OVER, ROUND_OVER, PublicView

from .. import sprites, theme
from ..drawing import flag, paste, paste_card, paste_panel, player_name, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import felt_table
from ..fonts import FittedText, draw_runs, fit_label, font
from ..theme import RGB
from .cards import back_sprite, card_height, card_sprite

W: Final = 1080
H: Final = 760
TABLE_BOX: Final = (70, 128, W - 70, H - 60)
PANEL_W: Final = 336
PANEL_H: Final = 110
BADGE: Final = 56
BACK_W: Final = 44
CHIP_H: Final = 28
ATTACK_CARD_W: Final = 100
PILE_W: Final = 60
TEXT_ROOM: Final = PANEL_W - (4 + 80 + 8) - (10 + BACK_W + 12)

SIDES: Final[dict[int, tuple[int, int, int, int]]] = {
    1: (1, 0, 0, 0),
    2: (1, 0, 1, 0),
    3: (1, 0, 2, 0),
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (2, 1, 2, 1),
}
"""How many seats go on each side: (bottom, left, top, right)."""


def seat_centres(n: int) -> list[tuple[int, int]]:
    """Centre of each seat's panel, in player order, going clockwise."""
    bottom, left, top, right = SIDES[max(1, min(6, n))]
    _, y0, _, y1 = TABLE_BOX
    row_top, row_bottom, side_y = y0 + 6, y1 - 10, (y0 + y1) // 2
    side_x = 20 + PANEL_W // 2

    def row(k: int) -> list[int]:
        if k == 1:
            return [W // 2]
        span = W - 2 * 40 - PANEL_W
        return [40 + PANEL_W // 2 + round(span * i / (k - 1)) for i in range(k)]

    out: list[tuple[int, int]] = []
    out += [(x, row_bottom) for x in reversed(row(bottom))]
    out += [(side_x, side_y)] * left
    out += [(x, row_top) for x in row(top)]
    out += [(W - side_x, side_y)] * right
    return out[:n]


def _role(view: PublicView, p: int) -> tuple[str, RGB] | None:
    if view.phase in (ROUND_OVER, GAME_OVER):
        return None
    if view.turn == p:
        return ("DEFENDS" if view.phase == DEFEND else "ATTACKS", theme.GOLD)
    if view.hand_sizes[p] == 0:
        return ("OUT", theme.GREY_CHIP)
    return None


def seat_lines(view: PublicView, p: int) -> tuple[str, str]:
    """The penalty line and the total line of seat ``p``."""
    if view.penalty_points is not None:
        pile = f"+{view.penalty_points[p]} this round"
    else:
        k = view.penalty_counts[p]
        pile = f"Penalty: {k} card" + ("" if k == 1 else "s")
    return pile, f"Total {view.totals[p]}"


def _draw_seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    p: int,
    centre: tuple[int, int],
    names: Sequence[str],
    computer: bool,
    timed_out: bool,
) -> None:
    cx, cy = centre
    x, y = cx - PANEL_W // 2, cy - PANEL_H // 2
    active = view.turn == p and view.phase not in (ROUND_OVER, GAME_OVER)
    target = view.attack is not None and view.attack.defender == p
    out = view.hand_sizes[p] == 0 and view.phase not in (ROUND_OVER, GAME_OVER)
    if active:
        sprite = sprites.panel(
            PANEL_W, PANEL_H, 18, theme.PANEL_ACTIVE, (*theme.GOLD, 255), theme.GOLD
        )
    elif out:
        sprite = sprites.panel(PANEL_W, PANEL_H, 18, theme.PANEL_FADED, (255, 255, 255, 30))
    else:
        sprite = sprites.panel(PANEL_W, PANEL_H, 18, theme.PANEL, (255, 255, 255, 46))
    paste_panel(img, sprite, x, y)
    tx = x + 4 + 80 + 8
    fitted = player_name(names, p, 25, TEXT_ROOM)
    ring = theme.RED_ALERT if target else (theme.GOLD if active else None)
    b = sprites.badge(fitted.initial, theme.badge_colour(p), BADGE, ring)
    paste(img, b, x + 44 - b.width / 2, cy - b.height / 2)
    draw_runs(draw, (tx, y + 36), fitted, theme.TEXT_MUTED if out else theme.TEXT)
    pile, total = seat_lines(view, p)
    text(draw, (tx, y + 63), fit_label(pile, 19, TEXT_ROOM), 19, theme.TEXT_MUTED, False, "ls")
    text(draw, (tx, y + 89), total, 20, theme.TEXT, True, "ls")
    k = view.hand_sizes[p]
    if k:
        bx = x + PANEL_W - BACK_W - 12
        by = cy - card_height(BACK_W) / 2 - 4
        paste_card(img, back_sprite(BACK_W), bx, by)
        draw.text(
            (bx + BACK_W / 2, by + card_height(BACK_W) / 2),
            str(k),
            font=font(24, True),
            fill=theme.TEXT,
            anchor="mm",
            stroke_width=3,
            stroke_fill=(10, 20, 40),
        )
    chips: list[tuple[str, RGB]] = []
    role = _role(view, p)
    if role is not None:
        chips.append(role)
    if timed_out:
        chips.append(("AUTO-PLAYED", theme.ORANGE_CHIP))
    elif computer:
        chips.append(("BOT", theme.BLUE_CHIP))
    cxp = tx
    for label, bg in chips:
        c = sprites.chip(label, bg, CHIP_H)
        paste(img, c, cxp, y + PANEL_H - CHIP_H // 2)
        cxp += c.width + 6


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    o = view.options
    if view.tiebreak_round:
        title = f"Tie-break round {view.round_number}"
    else:
        title = f"Round {max(1, view.round_number)} of {o.rounds}"
    text(draw, (28, 40), title, 30, theme.TEXT, True, "ls")
    rx = 28 + draw.textlength(title, font=font(30, True)) + 16
    sub = f"Sixty · {o.preset} · {view.players} players"
    text(draw, (rx, 40), sub, 20, theme.TEXT_MUTED, False, "ls")
    clockwise = view.direction > 0
    label = "Clockwise" if clockwise else "Counter-clockwise"
    colour = theme.TEXT_MUTED if clockwise else theme.GOLD
    right = W - 24
    width = draw.textlength(label, font=font(22, True))
    text(draw, (right, 40), label, 22, colour, True, "rs")
    text(draw, (right - width - 8, 44), "↻" if clockwise else "↺", 34, colour, True, "rs")


def _mixed(
    draw: ImageDraw.ImageDraw,
    cx: float,
    y: float,
    parts: Sequence[str | int],
    colour: RGB,
    names: Sequence[str],
    size: int = 24,
) -> None:
    """A centred line of fixed text and player names (ints)."""
    items: list[tuple[str | FittedText, float]] = []
    for part in parts:
        if isinstance(part, int):
            fitted = player_name(names, part, size, 220)
            items.append((fitted, fitted.width))
        else:
            items.append((part, font(size, True).getlength(part)))
    x = cx - sum(w for _, w in items) / 2
    for item, width in items:
        if isinstance(item, str):
            draw.text((x, y), item, font=font(size, True), fill=colour, anchor="ls")
        else:
            draw_runs(draw, (x, y), item, theme.TEXT)
        x += width


def _piles(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> None:
    """The deck (face down) and the discard pile (face up), with counts."""
    cx = W // 2
    h = card_height(PILE_W)
    for i, (label, count) in enumerate((("DECK", view.deck_count), ("DISCARD", sum(view.discard)))):
        x = cx - 150 + i * 170
        if count and i == 0:
            paste_card(img, back_sprite(PILE_W), x, y)
        elif count:
            slot = sprites.panel(PILE_W, h, 8, (255, 255, 255, 60), (255, 255, 255, 120))
            paste_panel(img, slot, x, y)
            text(draw, (x + PILE_W / 2, y + h / 2 + 9), "♻", 26, theme.TEXT, True, "ms")
        else:
            slot = sprites.panel(PILE_W, h, 8, (255, 255, 255, 14), (255, 255, 255, 60))
            paste_panel(img, slot, x, y)
        text(draw, (x + PILE_W + 12, y + 32), label, 18, theme.TEXT_MUTED, True, "ls")
        text(draw, (x + PILE_W + 12, y + 64), str(count), 30, theme.TEXT, True, "ls")


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str]
) -> None:
    cx = W // 2
    top = TABLE_BOX[1] + PANEL_H // 2 + 40
    at = view.attack
    pile_y = TABLE_BOX[3] - PANEL_H // 2 - 26 - card_height(PILE_W)
    if at is not None:
        face = int(at.card)
        head = f"Attack: {face} ×{at.count} = {at.sum}"
        text(draw, (cx, top + 18), head, 30, theme.TEXT, True, "ms")
        area = 2 * (W // 2 - 20 - PANEL_W - 24)
        count = min(at.count, 12)  # a long attack still fits: its sum says the rest
        step = (
            0.0 if count == 1 else min(ATTACK_CARD_W * 0.55, (area - ATTACK_CARD_W) / (count - 1))
        )
        width = ATTACK_CARD_W + step * (count - 1)
        x = cx - width / 2
        for _ in range(count):
            paste_card(img, card_sprite(face, ATTACK_CARD_W), x, top + 34)
            x += step
        y = top + 34 + card_height(ATTACK_CARD_W) + 36
        parts: list[str | int] = [at.last, "  →  ", at.defender]
        _mixed(draw, cx, y, parts, theme.GOLD, names)
        if at.attacker != at.last:
            _mixed(draw, cx, y + 28, ["started by ", at.attacker], theme.TEXT_MUTED, names, 18)
    elif view.phase in (ROUND_OVER, GAME_OVER):
        over = view.outcome is not None
        title = "Game over" if over else f"Round {view.round_number} over"
        text(draw, (cx, top + 40), title, 34, theme.TEXT, True, "ms")
        if over and view.outcome is not None:
            parts = ["★ "]
            for i, w in enumerate(view.outcome.winners):
                parts += [", "] if i else []
                parts.append(w)
            parts.append(" wins" if len(view.outcome.winners) == 1 else " win")
            _mixed(draw, cx, top + 100, parts, theme.GOLD, names, 28)
        else:
            text(draw, (cx, top + 90), "Lowest penalty is best", 22, theme.TEXT_MUTED, False, "ms")
    elif view.turn is not None:
        text(draw, (cx, top + 40), "Next attack", 30, theme.TEXT, True, "ms")
        target = _next_holder(view, view.turn)
        parts2: list[str | int] = [view.turn]
        if target is not None:
            parts2 += ["  →  ", target]
        _mixed(draw, cx, top + 90, parts2, theme.GOLD, names, 26)
    _piles(img, draw, view, pile_y)


def _next_holder(view: PublicView, p: int) -> int | None:
    n = view.players
    q = p
    for _ in range(n - 1):
        q = (q + view.direction) % n
        if view.hand_sizes[q]:
            return q
    return None


def draw_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_table` before encoding (for tests)."""
    img = felt_table(W, H, TABLE_BOX).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, view)
    _centre(img, draw, view, names)
    for p, centre in enumerate(seat_centres(view.players)):
        _draw_seat(img, draw, view, p, centre, names, flag(computer, p), flag(timed_out, p))
    return img


@functools.cache
def table_palette() -> Image.Image:
    """256 colours fitted once to sample tables (every number's colour, both
    seat states, the piles), so each table maps onto it instead of fitting a
    palette of its own (several times faster to encode)."""
    from engine.sixty import Sixty, preset

    names = ["Ada", "Bartholomew", "Chloé", "محمد", "Ωmega", "Zoë"]
    samples = []
    for players, seed in ((6, 3), (4, 5), (3, 2)):
        game = Sixty.new_game(preset("standard", players=players), seed=seed)
        for step in range(40):
            if game.phase not in ("attack", "defend"):
                break
            if step in (1, 9, 21):
                samples.append(
                    draw_table(game.public_view(), names[:players], computer=[True, False] * 3)
                )
            game.apply(game.legal_list()[-1 if step % 2 else 0])
    strip = Image.new("RGB", (W, 160), theme.BG_BOTTOM)
    for i, face in enumerate((3, 4, 5, 6, 10, 12, 15, 20, 30, 61, 62, 63)):
        paste_card(strip, card_sprite(face, 80), 10 + i * 88, 20)
    sheet = Image.new("RGB", (W, H * len(samples) + strip.height))
    for i, img in enumerate(samples):
        sheet.paste(img, (0, i * H))
    sheet.paste(strip, (0, H * len(samples)))
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)


def render_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The shared table picture, from the public view only. ``names``,
    ``computer`` and ``timed_out`` are indexed by player."""
    img = draw_table(view, names, computer=computer, timed_out=timed_out)
    return encode(img, "table", fmt, palette=table_palette() if fmt == "png" else None)


__all__ = ["draw_table", "render_table", "seat_centres", "seat_lines", "table_palette"]
