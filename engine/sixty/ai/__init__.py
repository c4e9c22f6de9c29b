"""Sixty's computer players: ``random``, ``easy``, ``normal`` and ``hard``.

Every level decides only from its seat's observation; searches are counted
in playouts, so a seed gives the same decision on any machine.

>>> from engine.sixty import Sixty, preset
>>> from engine.sixty.ai import levels, make_player
>>> levels()
('random', 'easy', 'normal', 'hard')
>>> game = Sixty.new_game(preset("standard"), seed=5)
>>> bot = make_player("normal", 1)
>>> p = game.current_player
>>> bot.decide(game.observation(p)) in game.legal_list()
True
"""

from __future__ import annotations

from typing import Protocol

from ..cards import Decision
from ..views import Observation
from .players import EasyPlayer, NormalPlayer, RandomPlayer


class Player(Protocol):
    level: str

    def decide(self, obs: Observation) -> Decision: ...


LEVELS = ("random", "easy", "normal", "hard")


def levels() -> tuple[str, ...]:
    return LEVELS


def make_player(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` with its own seeded generator."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        from .hard import HardPlayer

        return HardPlayer(seed)
    raise ValueError(f"no computer level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "LEVELS",
    "EasyPlayer",
    "NormalPlayer",
    "Player",
    "RandomPlayer",
    "levels",
    "make_player",
]
