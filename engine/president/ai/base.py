"""The computer-player interface, the level registry and shared helpers.

A computer player sees exactly what a human in its seat would: an
:class:`~engine.views.Observation`. Nothing here takes a game state, so a
player cannot peek at another hand even by accident; the bot and the arena
build the observation with ``President.observation(player)`` and pass it in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ...cards import Card
from ..plays import Decision, Give
from ..views import Observation


@runtime_checkable
class Player(Protocol):
    """A computer player: one decision per call, from one seat's view.

    ``decide`` is called only when the observing player is to act: on its
    turn in the play phase (``obs.legal`` is filled then) or when it owes a
    give-back in the exchange (see :func:`exchange_due`). Implementations
    keep their own ``random.Random`` so games replay from their seeds.
    """

    level: str

    def decide(self, obs: Observation) -> Decision: ...


PlayerFactory = Callable[[int], Player]
"""Builds a player from a seed."""

_REGISTRY: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory) -> None:
    """Make a level available to :func:`make_player` (the last registration
    of a name wins, so re-importing a module is harmless).

    Later levels (``hard``, ``expert``) register themselves here, so the bot,
    the terminal and the arena pick them up without being edited.
    """
    _REGISTRY[name] = factory


def levels() -> tuple[str, ...]:
    """The registered level names, in registration order (weakest first)."""
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


def exchange_due(obs: Observation) -> int:
    """How many cards the observing player must give back now (0 if none).

    In the exchange phase the engine does not list give-backs in
    ``obs.legal`` (there can be hundreds), so players build them from their
    hand with this count.
    """
    pub = obs.public
    if pub.phase != "exchange" or not pub.pending_exchange:
        return 0
    giver, _, count = pub.pending_exchange[0]
    return count if giver == obs.player else 0


def give_cards(hand: tuple[Card, ...], ranks: list[int]) -> Give:
    """A give-back of one card per entry of ``ranks`` (ranks may repeat),
    taken from ``hand``; raises ``ValueError`` if the hand lacks them."""
    pool = list(hand)
    chosen: list[Card] = []
    for r in ranks:
        for i, c in enumerate(pool):
            if c.rank == r:
                chosen.append(pool.pop(i))
                break
        else:
            raise ValueError(f"no card of rank {r} left in the hand")
    return Give(chosen)
