"""The computer-player interface and the level registry of Big Two.

A computer player sees exactly what a person in its seat would: an
:class:`~engine.bigtwo.views.Observation`. Nothing here takes a game state,
so a player cannot peek at another hand even by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..combos import Decision
from ..views import Observation


@runtime_checkable
class Player(Protocol):
    """One decision per call, from one seat's observation (``obs.legal`` is
    filled: the player is to act). Implementations keep their own seeded
    ``random.Random`` so a seed gives the same decisions."""

    level: str

    def decide(self, obs: Observation) -> Decision: ...


PlayerFactory = Callable[[int], Player]

_REGISTRY: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory) -> None:
    """Make a level available to :func:`make_player` (the last registration
    of a name wins)."""
    _REGISTRY[name] = factory


def levels() -> tuple[str, ...]:
    """The registered level names, weakest first."""
    return tuple(_REGISTRY)


def make_player(level: str, seed: int = 0) -> Player:
    """A fresh computer player of ``level`` whose choices depend only on
    ``seed`` and the observations it is given."""
    factory = _REGISTRY.get(level)
    if factory is None:
        raise ValueError(
            f"no computer level {level!r}; choose one of {', '.join(_REGISTRY) or '(none)'}"
        )
    return factory(seed)
