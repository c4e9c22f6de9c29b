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

from .. import theme
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..results_table import Cell, Column, Row, draw_results_table
from .words import preset_label


def _left(result: RoundScore, p: int) -> str:
    details = result.details[p] if p < len(result.details) else {}
    left = details.get("cards_left") if isinstance(details, dict) else None
    return "—" if left is None else str(left)


def draw_deal_results(
    result: RoundScore,
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """One deal: the winner first, then by penalty (equal penalties share a place)."""
    columns = (Column("CARDS LEFT", 150), Column("PENALTY", 130), Column("TOTAL", 120, bold=True))
    rows = []
    for p in range(len(result.scores)):
        won = result.positions[p] == 0 and result.scores[p] == min(result.scores)
        rows.append(
            Row(
                p,
                (
                    Cell(_left(result, p), theme.TEXT_MUTED),
                    Cell(f"+{result.scores[p]}", theme.GOLD if won else theme.TEXT),
                    Cell(str(result.totals[p])),
                ),
                score=float(result.positions[p]),
                highlight=won,
                computer=p < len(computer) and computer[p],
            )
        )
    sub = f"{preset_label(options)} · lower is better"
    return draw_results_table(
        f"Deal {result.number} results", sub, columns, rows, names, lower_is_better=True
    )


def draw_final_standings(
    outcome: GameOutcome,
    results: Sequence[RoundScore],
    names: Sequence[str],
    options: Options,
    *,
    computer: Sequence[bool] = (),
) -> Image.Image:
    """The session: total penalty (lowest wins, ties share) and deals won."""
    columns = (Column("DEALS WON", 150), Column("TOTAL PENALTY", 200, bold=True))
    rows = []
    for p in outcome.standings:
        won = sum(1 for r in results if r.positions[p] == 0 and r.scores[p] == 0)
        rows.append(
            Row(
                p,
                (Cell(str(won), theme.TEXT_MUTED), Cell(str(outcome.totals[p]))),
                score=float(outcome.totals[p]),
                highlight=p in outcome.winners,
                computer=p < len(computer) and computer[p],
            )
        )
    deals = f"{outcome.rounds} deal" + ("" if outcome.rounds == 1 else "s")
    return draw_results_table(
        "Final standings",
        f"{preset_label(options)} · {deals} · lowest wins",
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
