"""Computer players for Big Two.

    >>> from engine.bigtwo import BigTwo, preset
    >>> from engine.bigtwo.ai import make_player
    >>> g = BigTwo.new_game(preset("standard"), seed=3)
    >>> bot = make_player("normal", seed=1)
    >>> p = g.current_player
    >>> events = g.apply(bot.decide(g.observation(p)), p)
    >>> levels()
    ('random', 'easy', 'normal', 'hard')

Levels: ``random`` (uniform over the legal decisions), ``easy`` (a
beginner), ``normal`` (a sound heuristic, see :mod:`.normal`) and ``hard``
(determinized Monte Carlo over normal playouts, see :mod:`.hard`). Every
level decides from one seat's observation only, with its own seeded
generator.
"""

from __future__ import annotations

from .base import Player, PlayerFactory, levels, make_player, register_level
from .hard import HardPlayer
from .normal import NormalPlayer
from .simple import EasyPlayer, RandomPlayer

register_level("random", RandomPlayer)
register_level("easy", EasyPlayer)
register_level("normal", NormalPlayer)
register_level("hard", HardPlayer)

__all__ = [
    "EasyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "levels",
    "make_player",
    "register_level",
]
