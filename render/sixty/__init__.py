"""Sixty's pictures: table, hand, round results, final standings.

Pure functions from the engine's views to encoded image bytes, on the
shared pieces of :mod:`render` (felt, badges, chips, panels, hand layout,
results table, fonts, theme) with Sixty's own cards (:mod:`.cards`).
Names and per-player flags are not in the engine, so callers pass them,
indexed by player number.

    >>> from engine.sixty import Sixty, preset
    >>> from render.sixty import render_table
    >>> game = Sixty.new_game(preset("standard"), seed=1)
    >>> image = render_table(game.public_view(), ["Ann", "Bo", "Cy", "Di"])
    >>> image.filename, image.width, image.height
    ('table.png', 1080, 760)
"""

from __future__ import annotations

import time

from .hand import render_hand
from .results import render_final_standings, render_round_results
from .table import render_table


def warm_cache() -> float:
    """Draw every card at the sizes the pictures use and fit the table's
    palette, so the first real picture is as fast as the rest; returns the
    seconds it took."""
    from .. import hand, theme
    from . import cards, table

    start = time.perf_counter()
    for face in cards.FACES:
        cards.card_sprite(face, table.ATTACK_CARD_W)
        cards.card_sprite(face, hand.CARD_W)
        cards.card_sprite(face, hand.CARD_W, False, theme.GOLD)
        cards.card_sprite(face, hand.CARD_W, True)
    table.table_palette()
    return time.perf_counter() - start


__all__ = [
    "render_final_standings",
    "render_hand",
    "render_round_results",
    "render_table",
    "warm_cache",
]
