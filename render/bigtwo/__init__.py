"""Big Two's pictures: table, hand, deal results, final standings.

Pure functions from the engine's views to encoded image bytes, built on the
shared pieces of :mod:`render` (card sprites, felt, seat chips, the hand
layout and the results table). Names and per-player flags are not in the
engine, so callers pass them, indexed by player number.

    >>> from engine.bigtwo import BigTwo, preset
    >>> from render.bigtwo import render_table
    >>> game = BigTwo.new_game(preset("standard"), seed=1)
    >>> image = render_table(game.public_view(), ["Ann", "Bo", "Cy", "Di"])
    >>> image.filename, image.width, image.height
    ('table.png', 1080, 760)
"""

from __future__ import annotations

import time

from .hand import render_hand, render_observation_hand
from .results import render_deal_results, render_final_standings
from .table import render_table


def warm_cache() -> float:
    """Build the card sprites and the felt Big Two's pictures use, so the
    first real picture is as fast as the rest; returns the seconds it took."""
    from .. import cards, felt, hand, theme
    from . import table

    start = time.perf_counter()
    felt.felt_table(table.W, table.H, table.TABLE_BOX)
    cards.back_sprite(table.BACK_W)
    for rank in range(13):
        for suit in range(4):
            cards.card_sprite(rank, suit, table.TOP_CARD_W)
            cards.card_sprite(rank, suit, table.TRICK_CARD_W)
            cards.card_sprite(rank, suit, hand.CARD_W)
            cards.card_sprite(rank, suit, hand.CARD_W, False, theme.GOLD)
            cards.card_sprite(rank, suit, hand.CARD_W, True)
    return time.perf_counter() - start


__all__ = [
    "render_deal_results",
    "render_final_standings",
    "render_hand",
    "render_observation_hand",
    "render_table",
    "warm_cache",
]
