"""Round results and final standings: a ranked list, the winner in gold.

One row per player: place medal, badge and name, title, points this round,
total and the promotion since the last round (round results), or total and
rounds won (final standings).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.president import Options, Outcome, RoundResult

from . import sprites, theme
from .common import (
    DEFAULT_FORMAT,
    Format,
    RenderedImage,
    encode,
    flag,
    medal_colour,
    ordinal,
    paste,
    paste_panel,
    player_name,
    preset_label,
    text,
)
from .fonts import draw_runs, fit_label

W: Final = 920
MARGIN: Final = 28
HEADER: Final = 104
ROW_H: Final = 66
ROW_GAP: Final = 8
BADGE: Final = 46

# column right edges / left edges
COL_PLACE: Final = MARGIN + 30
COL_NAME: Final = MARGIN + 130
COL_TITLE: Final = 470
COL_A: Final = 700  # right edge: points this round, or rounds won
COL_B: Final = 800  # right edge: total
COL_C: Final = W - MARGIN - 14  # right edge: promotion


def _size(rows: int) -> tuple[int, int]:
    return W, HEADER + rows * (ROW_H + ROW_GAP) + 34


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("±0" if v == 0 else f"−{-v}")


def _heading(draw: ImageDraw.ImageDraw, title: str, subtitle: str, cols: Sequence[str]) -> None:
    text(draw, (MARGIN, 46), title, 32, theme.TEXT, True, "ls")
    text(draw, (W - MARGIN, 46), subtitle, 20, theme.TEXT_MUTED, False, "rs")
    y = HEADER - 14
    text(draw, (COL_NAME, y), "PLAYER", 16, theme.TEXT_DIM, True, "ls")
    text(draw, (COL_TITLE, y), "TITLE", 16, theme.TEXT_DIM, True, "ls")
    for label, right in zip(cols, (COL_A, COL_B, COL_C), strict=False):
        text(draw, (right, y), label, 16, theme.TEXT_DIM, True, "rs")


def _row(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    i: int,
    player: int,
    names: Sequence[str],
    title: str,
    values: Sequence[tuple[str, theme.RGB]],
    winner: bool,
    computer: bool,
) -> None:
    y = HEADER + i * (ROW_H + ROW_GAP)
    w = W - 2 * MARGIN
    if winner:
        sprite = sprites.panel(w, ROW_H, 16, theme.PANEL_ACTIVE, (*theme.GOLD, 255), theme.GOLD)
    else:
        sprite = sprites.panel(w, ROW_H, 16, theme.PANEL, (255, 255, 255, 40))
    paste_panel(img, sprite, MARGIN, y)
    cy = y + ROW_H // 2
    medal = sprites.chip(ordinal(i + 1), medal_colour(i), 34)
    paste(img, medal, COL_PLACE + 20 - medal.width / 2, cy - 17)
    # leave room for the BOT chip and the winner's star, which follow the name
    room = COL_TITLE - COL_NAME - BADGE - 30 - (70 if computer else 0) - (30 if winner else 0)
    fitted = player_name(names, player, 24, room)
    b = sprites.badge(fitted.initial, theme.badge_colour(player), BADGE)
    paste(img, b, COL_NAME - 3, cy - b.height / 2)
    nx = COL_NAME + BADGE + 12
    draw_runs(draw, (nx, cy), fitted, theme.GOLD if winner else theme.TEXT, "lm")
    if computer:
        chip = sprites.chip("BOT", theme.BLUE_CHIP, 24)
        paste(img, chip, nx + fitted.width + 10, cy - 12)
    label = fit_label(title, 20, COL_A - COL_TITLE - 70)
    text(draw, (COL_TITLE, cy), label, 20, theme.TEXT_MUTED, False, "lm")
    for (value, colour), right in zip(values, (COL_A, COL_B, COL_C), strict=False):
        bold = right == COL_B
        text(draw, (right, cy), value, 26 if bold else 22, colour, bold, "rm")
    if winner:
        text(draw, (COL_TITLE - 14, cy), "★", 26, theme.GOLD, True, "rm")


def draw_round_results(
    result: RoundResult,
    names: Sequence[str],
    *,
    options: Options | None = None,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_round_results` before encoding."""
    n = len(result.order)
    img = sprites.background(*_size(n)).copy()
    draw = ImageDraw.Draw(img)
    sub = preset_label(options) if options is not None else ""
    _heading(draw, f"Round {result.round_number} results", sub, ("POINTS", "TOTAL", "MOVE"))
    for i, p in enumerate(result.order):
        pts = result.points[p]
        pts_colour = theme.GREEN_OK if pts > 0 else theme.RED_ALERT if pts < 0 else theme.TEXT_DIM
        moved = result.promotions[p]
        if result.round_number <= 1:
            move = ("–", theme.TEXT_DIM)
        elif moved > 0:
            move = (f"▲{moved}", theme.GREEN_OK)
        elif moved < 0:
            move = (f"▼{-moved}", theme.RED_ALERT)
        else:
            move = ("=", theme.TEXT_DIM)
        values = [(_signed(pts), pts_colour), (str(result.totals[p]), theme.TEXT), move]
        _row(img, draw, i, p, names, result.titles[p], values, i == 0, flag(computer, p))
    return img


def render_round_results(
    result: RoundResult,
    names: Sequence[str],
    *,
    options: Options | None = None,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """One round's finishing order: titles, points won, totals and moves
    (▲ promoted / ▼ demoted since the previous round); first place in gold."""
    img = draw_round_results(result, names, options=options, computer=computer)
    return encode(img, "results", fmt)


def draw_final_standings(
    outcome: Outcome,
    names: Sequence[str],
    *,
    results: Sequence[RoundResult] = (),
    options: Options | None = None,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_final_standings` before encoding."""
    n = len(outcome.standings)
    img = sprites.background(*_size(n)).copy()
    draw = ImageDraw.Draw(img)
    rounds = f"{outcome.rounds} round" + ("" if outcome.rounds == 1 else "s")
    sub = f"{preset_label(options)} · {rounds}" if options is not None else rounds
    _heading(draw, "Final standings", sub, ("WINS", "TOTAL"))
    last = results[-1] if results else None
    for i, p in enumerate(outcome.standings):
        wins = sum(1 for r in results if r.order and r.order[0] == p)
        winner = p in outcome.winners
        title = "Winner" if winner else (last.titles[p] if last is not None else "")
        values = [(str(wins), theme.TEXT_MUTED), (str(outcome.totals[p]), theme.TEXT)]
        _row(img, draw, i, p, names, title, values, winner, flag(computer, p))
    if len(outcome.winners) > 1:
        text(draw, (MARGIN, _size(n)[1] - 12), "Tied for first", 18, theme.GOLD, True, "ls")
    return img


def render_final_standings(
    outcome: Outcome,
    names: Sequence[str],
    *,
    results: Sequence[RoundResult] = (),
    options: Options | None = None,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The game's final standings by total, the winner(s) in gold; ``results``
    (``game.results``) adds each player's rounds won and last title."""
    img = draw_final_standings(outcome, names, results=results, options=options, computer=computer)
    return encode(img, "standings", fmt)


__all__ = [
    "draw_final_standings",
    "draw_round_results",
    "render_final_standings",
    "render_round_results",
]
