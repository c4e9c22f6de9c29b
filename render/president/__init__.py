"""President's pictures: table, hand, lobby, round results, final standings.

Pure functions from the engine's views to encoded image bytes, built on the
shared pieces of :mod:`render`. Names and per-player flags are not in the
engine, so callers pass them, indexed by player number.

    >>> from engine.president import President, preset
    >>> from render.president import render_table
    >>> game = President.new_game(preset("classic"), seed=1)
    >>> image = render_table(game.public_view(), ["Ann", "Bo", "Cy", "Di"])
    >>> image.filename, image.width, image.height
    ('table.png', 1080, 760)
"""

from __future__ import annotations

import time

from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from .hand import playable_ranks, render_hand, render_observation_hand, sort_hand
from .lobby import render_lobby
from .results import render_final_standings, render_round_results
from .table import render_table


def warm_cache() -> float:
    """Build the card sprites President's pictures use at each size, the
    card back, the felt table and the table's palette, so the first real
    picture is as fast as the rest; returns the seconds it took. Call once at
    start-up (e.g. in a thread). Everything else fills lazily."""
    from engine.cards import JOKER

    from .. import cards, felt, hand, theme
    from . import table

    start = time.perf_counter()
    felt.felt_table(table.W, table.H, table.TABLE_BOX)
    cards.back_sprite(table.BACK_W)
    for rank in range(JOKER + 1):
        for suit in range(2 if rank == JOKER else 4):
            cards.card_sprite(rank, suit, table.TOP_CARD_W)
            cards.card_sprite(rank, suit, table.TRICK_CARD_W)
            cards.card_sprite(rank, suit, hand.CARD_W)
            cards.card_sprite(rank, suit, hand.CARD_W, False, theme.GOLD)
            cards.card_sprite(rank, suit, hand.CARD_W, True)
    table.table_palette()
    return time.perf_counter() - start


__all__ = [
    "DEFAULT_FORMAT",
    "Format",
    "RenderedImage",
    "encode",
    "playable_ranks",
    "render_final_standings",
    "render_hand",
    "render_lobby",
    "render_observation_hand",
    "render_round_results",
    "render_table",
    "sort_hand",
    "warm_cache",
]
