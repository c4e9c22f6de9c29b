"""President's round results and final standings, on the shared
:mod:`render.results_table`: the winner in gold.

Round results: title, points this round, total and the promotion since the
last round, in finishing order. Final standings: the last title (or
"Winner"), rounds won and total; equal totals share a place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PIL import Image

from engine.president import Options, Outcome, RoundResult
from locales import N_, _, _n, current, format_number

from .. import theme
from ..drawing import flag
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..results_table import Cell, Column, Row, draw_results_table
from .chairs import chair, seat_for
from .labels import preset_label, title_text

ROUND_COLUMNS = (
    # Translators: column headings of the results picture, in capitals where the
    # language has them
    Column(N_("TITLE"), 200, "left", size=20),
    Column(N_("POINTS"), 80),
    Column(N_("TOTAL"), 80, size=26, bold=True),
    Column(N_("MOVE"), 62),
)
CHAIR_H = 56
"""Each title's chair in the round results (34 px at Discord's preview)."""
STANDINGS_COLUMNS = (
    Column(N_("TITLE"), 160, "left", size=20),
    Column(N_("WINS"), 148),
    Column(N_("TOTAL"), 100, size=26, bold=True),
)


def _translated(columns: Sequence[Column]) -> tuple[Column, ...]:
    """``columns`` with their headings in the reader's language."""
    return tuple(dataclasses.replace(c, label=_(c.label)) for c in columns)


def _number(v: int) -> str:
    return format_number(current(), v)


def _signed(v: int) -> str:
    return f"+{_number(v)}" if v > 0 else ("±0" if v == 0 else f"−{_number(-v)}")


def draw_round_results(
    result: RoundResult,
    names: Sequence[str],
    *,
    options: Options | None = None,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_round_results` before encoding."""
    rows: list[Row] = []
    for i, p in enumerate(result.order):
        pts = result.points[p]
        pts_colour = theme.GREEN_OK if pts > 0 else theme.RED_ALERT if pts < 0 else theme.TEXT_DIM
        moved = result.promotions[p]
        if result.round_number <= 1:
            move = Cell("–", theme.TEXT_DIM)
        elif moved > 0:
            move = Cell(f"▲{moved}", theme.GREEN_OK)
        elif moved < 0:
            move = Cell(f"▼{-moved}", theme.RED_ALERT)
        else:
            move = Cell("=", theme.TEXT_DIM)
        title = result.titles[p]
        seat = seat_for(title)
        icon = None if seat is None else chair(seat, CHAIR_H)
        cells = (
            Cell(title_text(title), theme.TEXT_MUTED, icon),
            Cell(_signed(pts), pts_colour),
            Cell(_number(result.totals[p])),
            move,
        )
        rows.append(Row(p, cells, highlight=i == 0, computer=flag(computer, p)))
    sub = preset_label(options) if options is not None else ""
    title = _("Round {n} results").format(n=_number(result.round_number))
    return draw_results_table(title, sub, _translated(ROUND_COLUMNS), rows, names)


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
    last = results[-1] if results else None
    rows: list[Row] = []
    for p in outcome.standings:
        wins = sum(1 for r in results if r.order and r.order[0] == p)
        winner = p in outcome.winners
        title = _("Winner") if winner else (title_text(last.titles[p]) if last is not None else "")
        cells = (
            Cell(title, theme.TEXT_MUTED),
            Cell(_number(wins), theme.TEXT_MUTED),
            Cell(_number(outcome.totals[p])),
        )
        rows.append(
            Row(p, cells, score=outcome.totals[p], highlight=winner, computer=flag(computer, p))
        )
    rounds = _n("{n} round", "{n} rounds", outcome.rounds).format(n=_number(outcome.rounds))
    if options is not None:
        sub = _("{preset} · {rounds}").format(preset=preset_label(options), rounds=rounds)
    else:
        sub = rounds
    footer = _("Tied for first") if len(outcome.winners) > 1 else ""
    columns = _translated(STANDINGS_COLUMNS)
    return draw_results_table(_("Final standings"), sub, columns, rows, names, footer=footer)


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
