"""President's round results and final standings, on the shared
:mod:`render.results_table`: the winner in gold.

Round results: title, points this round, total and the promotion since the
last round, in finishing order. Final standings: the last title (or
"Winner"), rounds won and total; equal totals share a place.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.president import Options, Outcome, RoundResult

from .. import theme
from ..drawing import flag
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..results_table import Cell, Column, Row, draw_results_table
from .chairs import chair, seat_for
from .labels import preset_label

ROUND_COLUMNS = (
    Column("TITLE", 200, "left", size=20),
    Column("POINTS", 80),
    Column("TOTAL", 80, size=26, bold=True),
    Column("MOVE", 62),
)
CHAIR_H = 56
"""Each title's chair in the round results (34 px at Discord's preview)."""
STANDINGS_COLUMNS = (
    Column("TITLE", 160, "left", size=20),
    Column("WINS", 148),
    Column("TOTAL", 100, size=26, bold=True),
)


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("±0" if v == 0 else f"−{-v}")


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
            Cell(title, theme.TEXT_MUTED, icon),
            Cell(_signed(pts), pts_colour),
            Cell(str(result.totals[p])),
            move,
        )
        rows.append(Row(p, cells, highlight=i == 0, computer=flag(computer, p)))
    sub = preset_label(options) if options is not None else ""
    return draw_results_table(
        f"Round {result.round_number} results", sub, ROUND_COLUMNS, rows, names
    )


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
        title = "Winner" if winner else (last.titles[p] if last is not None else "")
        cells = (
            Cell(title, theme.TEXT_MUTED),
            Cell(str(wins), theme.TEXT_MUTED),
            Cell(str(outcome.totals[p])),
        )
        rows.append(
            Row(p, cells, score=outcome.totals[p], highlight=winner, computer=flag(computer, p))
        )
    rounds = f"{outcome.rounds} round" + ("" if outcome.rounds == 1 else "s")
    sub = f"{preset_label(options)} · {rounds}" if options is not None else rounds
    footer = "Tied for first" if len(outcome.winners) > 1 else ""
    return draw_results_table("Final standings", sub, STANDINGS_COLUMNS, rows, names, footer=footer)


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
