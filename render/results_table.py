"""A ranked results table any game can fill: one row per player, best first.

Each row shows the player's place (a medal chip), badge and name, then the
columns the game names — President shows title, points, total and
promotion; a penalty game would show penalty and total. Rows with a
``score`` are ordered by it (``lower_is_better`` for penalty games) and
equal scores share a place; rows without one keep the order given (e.g. a
round's finishing order) and take places 1, 2, 3 …
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, ImageDraw

from locales import _p

from . import sprites, theme
from .drawing import medal_colour, ordinal, paste, paste_panel, player_name, text
from .felt import background
from .fonts import draw_runs, fit_label
from .theme import RGB

W: Final = 920
MARGIN: Final = 28
HEADER: Final = 104
ROW_H: Final = 66
ROW_GAP: Final = 8
BADGE: Final = 46
COL_PLACE: Final = MARGIN + 30
COL_NAME: Final = MARGIN + 130
RIGHT: Final = W - MARGIN - 14
"""Right edge of the last column."""


@dataclass(frozen=True, slots=True)
class Column:
    """A column after the name: ``width`` px, laid out from the right edge
    leftwards in the order given (the first column sits nearest the name)."""

    label: str
    width: int
    align: Literal["left", "right"] = "right"
    size: int = 22
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Cell:
    """One value; ``icon`` (a small RGBA sprite) goes before the text in a
    left-aligned column."""

    text: str
    colour: RGB = theme.TEXT
    icon: Image.Image | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """A player's row. ``highlight`` marks a winner (gold, with a star);
    ``computer`` adds a BOT chip after the name."""

    player: int
    cells: Sequence[Cell]
    score: float | None = None
    highlight: bool = False
    computer: bool = False


def placed(rows: Sequence[Row], lower_is_better: bool = False) -> list[tuple[int, Row]]:
    """``rows`` best first with their places (1 = first); equal scores share
    a place and the next place skips (1, 1, 3). Rows without a score keep
    their order.

    >>> rs = [Row(0, (), 10), Row(1, (), 4), Row(2, (), 10)]
    >>> [(place, r.player) for place, r in placed(rs)]
    [(1, 0), (1, 2), (3, 1)]
    >>> [(place, r.player) for place, r in placed(rs, lower_is_better=True)]
    [(1, 1), (2, 0), (2, 2)]
    """
    if any(r.score is None for r in rows):
        return [(i + 1, r) for i, r in enumerate(rows)]
    sign = 1 if lower_is_better else -1
    ordered = sorted(rows, key=lambda r: sign * (r.score or 0))
    out: list[tuple[int, Row]] = []
    for i, r in enumerate(ordered):
        same = bool(out) and out[-1][1].score == r.score
        out.append((out[-1][0] if same else i + 1, r))
    return out


def table_size(rows: int) -> tuple[int, int]:
    return W, HEADER + rows * (ROW_H + ROW_GAP) + 34


def _column_edges(columns: Sequence[Column]) -> list[tuple[int, int]]:
    """(left, right) of each column, laid out from :data:`RIGHT` leftwards."""
    edges: list[tuple[int, int]] = []
    right = RIGHT
    for col in reversed(columns):
        edges.append((right - col.width, right))
        right -= col.width
    return edges[::-1]


def draw_results_table(
    title: str,
    subtitle: str,
    columns: Sequence[Column],
    rows: Sequence[Row],
    names: Sequence[str],
    *,
    lower_is_better: bool = False,
    footer: str = "",
) -> Image.Image:
    """The table as an RGB image; ``names`` are indexed by player."""
    img = background(*table_size(len(rows))).copy()
    draw = ImageDraw.Draw(img)
    edges = _column_edges(columns)
    name_end = edges[0][0] if edges else RIGHT

    text(draw, (MARGIN, 46), title, 32, theme.TEXT, True, "ls")
    text(draw, (W - MARGIN, 46), subtitle, 20, theme.TEXT_MUTED, False, "rs")
    y = HEADER - 14
    # Translators: the heading of the players' column of a results table (capitals)
    text(draw, (COL_NAME, y), _p("results heading", "PLAYER"), 16, theme.TEXT_DIM, True, "ls")
    for col, (left, right) in zip(columns, edges, strict=True):
        if col.align == "left":
            text(draw, (left, y), col.label, 16, theme.TEXT_DIM, True, "ls")
        else:
            text(draw, (right, y), col.label, 16, theme.TEXT_DIM, True, "rs")

    for i, (place, row) in enumerate(placed(rows, lower_is_better)):
        _row(img, draw, i, place, row, names, columns, edges, name_end)
    if footer:
        text(draw, (MARGIN, img.height - 12), footer, 18, theme.GOLD, True, "ls")
    return img


def _row(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    i: int,
    place: int,
    row: Row,
    names: Sequence[str],
    columns: Sequence[Column],
    edges: Sequence[tuple[int, int]],
    name_end: int,
) -> None:
    y = HEADER + i * (ROW_H + ROW_GAP)
    w = W - 2 * MARGIN
    if row.highlight:
        sprite = sprites.panel(w, ROW_H, 16, theme.PANEL_ACTIVE, (*theme.GOLD, 255), theme.GOLD)
    else:
        sprite = sprites.panel(w, ROW_H, 16, theme.PANEL, (255, 255, 255, 40))
    paste_panel(img, sprite, MARGIN, y)
    cy = y + ROW_H // 2
    medal = sprites.chip(ordinal(place), medal_colour(place - 1), 34)
    paste(img, medal, COL_PLACE + 20 - medal.width / 2, cy - 17)
    # leave room for the BOT chip and the winner's star, which follow the name
    room = name_end - COL_NAME - BADGE - 30 - (70 if row.computer else 0)
    room -= 30 if row.highlight else 0
    fitted = player_name(names, row.player, 24, room)
    b = sprites.badge(fitted.initial, theme.badge_colour(row.player), BADGE)
    paste(img, b, COL_NAME - 3, cy - b.height / 2)
    nx = COL_NAME + BADGE + 12
    draw_runs(draw, (nx, cy), fitted, theme.GOLD if row.highlight else theme.TEXT, "lm")
    if row.computer:
        chip = sprites.chip(computer_chip(), theme.BLUE_CHIP, 24)
        paste(img, chip, nx + fitted.width + 10, cy - 12)
    for col, (left, right), cell in zip(columns, edges, row.cells, strict=False):
        if col.align == "left":
            x = left
            if cell.icon is not None:
                paste(img, cell.icon, x, cy - cell.icon.height / 2)
                x += cell.icon.width + 8
            label = fit_label(cell.text, col.size, right - x, col.bold)
            text(draw, (x, cy), label, col.size, cell.colour, col.bold, "lm")
        else:
            text(draw, (right, cy), cell.text, col.size, cell.colour, col.bold, "rm")
    if row.highlight:
        text(draw, (name_end - 14, cy), "★", 26, theme.GOLD, True, "rm")


def computer_chip() -> str:
    """The chip after a computer player's name."""
    # Translators: the chip after a computer player's name, short, in capitals
    # where the script has them
    return _p("chip", "BOT")


__all__ = [
    "Cell",
    "Column",
    "Row",
    "computer_chip",
    "draw_results_table",
    "placed",
    "table_size",
]
