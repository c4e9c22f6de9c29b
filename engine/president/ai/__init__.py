"""Computer players for President.

    >>> from engine.president import President, preset
    >>> from engine.president.ai import make_player
    >>> g = President.new_game(preset("classic"), seed=3)
    >>> bot = make_player("normal", seed=1)
    >>> p = g.current_player
    >>> events = g.apply(bot.decide(g.observation(p)), p)

Levels: ``random`` (uniform over legal decisions, the measuring stick),
``easy`` (a wasteful beginner), ``normal`` (a solid heuristic), ``hard``
(Monte Carlo search over deals consistent with what the seat knows,
weighed by how well they explain the opponents' plays and passes, playing
them out with the normal policy) and ``expert`` (the same search with more
playouts, over deals kept through the round by a particle filter that
reads the opponents' plays and passes). Every
level decides from one seat's :class:`~engine.views.Observation` only and
draws randomness from its own seeded generator. New levels call
:func:`register_level`.
"""

from __future__ import annotations

from .base import Player, PlayerFactory, exchange_due, levels, make_player, register_level
from .knowledge import Knowledge
from .normal import NormalPlayer
from .search import ExpertPlayer, HardPlayer, SearchPlayer
from .simple import EasyPlayer, RandomPlayer

register_level("random", RandomPlayer)
register_level("easy", EasyPlayer)
register_level("normal", NormalPlayer)
register_level("hard", HardPlayer)
register_level("expert", ExpertPlayer)

__all__ = [
    "EasyPlayer",
    "ExpertPlayer",
    "HardPlayer",
    "Knowledge",
    "NormalPlayer",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "SearchPlayer",
    "exchange_due",
    "levels",
    "make_player",
    "register_level",
]
