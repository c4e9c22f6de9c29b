"""Big Two's deal results and final standings: penalties, lower is better.

Both are the shared :mod:`render.results_table` filled from the engine's
public results (``RoundScore``: positions, penalties, totals and the cards
each player had left), so no hidden card can appear.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.bigtwo import Options
from engine.game import GameOutcome, RoundScore
from locales import _, _n, _p, current, format_number

from .. import theme
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..results_table import Cell, Column, Row, draw_results_table
from .words import preset_label


def _left(result: RoundScore, p: int) -> str:
    details = result.details[p] if p < len(result.details) else {}
    left = details.get("cards_left") if isinstance(details, dict) else None
    return "—" if left is None else format_number(current(), left)


def draw_deal_results(
    result: RoundScore,
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """One deal: the winner first, then by penalty (equal penalties share a place)."""
    columns = (
        # Translators: headings of the columns of a Big Two deal's results (capitals
        # where the script has them): cards left in hand, this deal's penalty, the total
        Column(_p("results heading", "CARDS LEFT"), 150),
        Column(_p("results heading", "PENALTY"), 130),
        Column(_p("results heading", "TOTAL"), 120, bold=True),
    )
    loc = current()
    rows = []
    for p in range(len(result.scores)):
        won = result.positions[p] == 0 and result.scores[p] == min(result.scores)
        rows.append(
            Row(
                p,
                (
                    Cell(_left(result, p), theme.TEXT_MUTED),
                    Cell(
                        f"+{format_number(loc, result.scores[p])}",
                        theme.GOLD if won else theme.TEXT,
                    ),
                    Cell(format_number(loc, result.totals[p])),
                ),
                score=float(result.positions[p]),
                highlight=won,
                computer=p < len(computer) and computer[p],
            )
        )
    # Translators: the subtitle of a Big Two deal's results: the preset's name, then
    # that the lower penalty is the better one
    sub = _("{preset} · lower is better").format(preset=preset_label(options))
    title = _("Deal {number} results").format(number=format_number(loc, result.number))
    return draw_results_table(title, sub, columns, rows, names, lower_is_better=True)


def draw_final_standings(
    outcome: GameOutcome,
    results: Sequence[RoundScore],
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """The session: total penalty (lowest wins, ties share) and deals won."""
    columns = (
        # Translators: headings of the columns of Big Two's final standings (capitals
        # where the script has them)
        Column(_p("results heading", "DEALS WON"), 150),
        Column(_p("results heading", "TOTAL PENALTY"), 200, bold=True),
    )
    loc = current()
    rows = []
    for p in outcome.standings:
        won = sum(1 for r in results if r.positions[p] == 0 and r.scores[p] == 0)
        rows.append(
            Row(
                p,
                (
                    Cell(format_number(loc, won), theme.TEXT_MUTED),
                    Cell(format_number(loc, outcome.totals[p])),
                ),
                score=float(outcome.totals[p]),
                highlight=p in outcome.winners,
                computer=p < len(computer) and computer[p],
            )
        )
    # Translators: the subtitle of Big Two's final standings: the preset's name, the
    # number of deals played, and that the lowest total penalty wins
    sub = _n(
        "{preset} · {n} deal · lowest wins", "{preset} · {n} deals · lowest wins", outcome.rounds
    ).format(preset=preset_label(options), n=format_number(loc, outcome.rounds))
    return draw_results_table(
        _("Final standings"),
        sub,
        columns,
        rows,
        names,
        lower_is_better=True,
    )


def render_deal_results(
    result: RoundScore,
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    img = draw_deal_results(result, names, options, computer=computer)
    return encode(img, "results", fmt)


def render_final_standings(
    outcome: GameOutcome,
    results: Sequence[RoundScore],
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    img = draw_final_standings(outcome, results, names, options, computer=computer)
    return encode(img, "standings", fmt)
