"""Sixty's round results and final standings on the shared
:mod:`render.results_table`: penalty points, lower is better.

Round results: the round's penalty and the running total, best first (the
lowest penalty in gold). Final standings: rounds won (lowest penalty of a
round, ties included) and the total; the winners in gold. A tie-break round
is named as such.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.game import GameOutcome, RoundScore
from engine.sixty import PublicView
from locales import _, _n

from .. import theme
from ..drawing import flag
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..results_table import Cell, Column, Row, draw_results_table


def round_columns() -> tuple[Column, ...]:
    """The round results' columns, headed in the reader's language."""
    # Translators: column headings of Sixty's results pictures (short capitals).
    return (Column(_("PENALTY"), 140), Column(_("TOTAL"), 120, size=26, bold=True))


def standings_columns() -> tuple[Column, ...]:
    """The final standings' columns, headed in the reader's language."""
    return (Column(_("ROUNDS WON"), 170), Column(_("TOTAL"), 120, size=26, bold=True))


def is_tiebreak(result: RoundScore) -> bool:
    return bool(result.details and result.details[0].get("tiebreak"))


def round_title(result: RoundScore) -> str:
    if is_tiebreak(result):
        return _("Tie-break round")
    return _("Round {number} results").format(number=result.number)


def draw_round_results(
    result: RoundScore, names: Sequence[str], *, preset: str = "", computer: Sequence[bool] = ()
) -> Image.Image:
    best = min(result.scores)
    rows = [
        Row(
            p,
            (
                Cell(
                    f"+{result.scores[p]}",
                    theme.GREEN_OK if result.scores[p] == best else theme.RED_ALERT,
                ),
                Cell(str(result.totals[p])),
            ),
            score=result.scores[p],
            highlight=result.scores[p] == best,
            computer=flag(computer, p),
        )
        for p in range(len(result.scores))
    ]
    sub = _("penalty points · lower is better")
    return draw_results_table(
        round_title(result), sub, round_columns(), rows, names, lower_is_better=True
    )


def render_round_results(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The last finished round of ``view``."""
    img = draw_round_results(view.results[-1], names, computer=computer)
    return encode(img, "results", fmt)


def draw_final_standings(
    outcome: GameOutcome,
    results: Sequence[RoundScore],
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
) -> Image.Image:
    rows = []
    for p in outcome.standings:
        won = sum(1 for r in results if r.positions[p] == 0)
        rows.append(
            Row(
                p,
                (Cell(str(won), theme.TEXT_MUTED), Cell(str(outcome.totals[p]))),
                score=outcome.totals[p],
                highlight=p in outcome.winners,
                computer=flag(computer, p),
            )
        )
    sub = _n("{n} round · lowest total wins", "{n} rounds · lowest total wins", outcome.rounds)
    notes = []
    if any(is_tiebreak(r) for r in results):
        notes.append(_("A tie-break round was played"))
    if len(outcome.winners) > 1:
        notes.append(_("Tied for first: a shared win"))
    return draw_results_table(
        _("Final standings"),
        sub.format(n=outcome.rounds),
        standings_columns(),
        rows,
        names,
        lower_is_better=True,
        footer=" · ".join(notes),
    )


def render_final_standings(
    view: PublicView,
    outcome: GameOutcome,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    img = draw_final_standings(outcome, view.results, names, computer=computer)
    return encode(img, "standings", fmt)


__all__ = [
    "draw_final_standings",
    "draw_round_results",
    "render_final_standings",
    "render_round_results",
    "round_columns",
    "round_title",
    "standings_columns",
]
