"""The two weak levels: ``random`` (the measuring stick) and ``easy``
(a beginner who knows the rules but not the strategy)."""

from __future__ import annotations

import random

from ...cards import JOKER
from ..plays import PASS, Decision, Give, Play
from ..views import Observation
from .base import exchange_due, give_cards
from .knowledge import Knowledge


def _plays(obs: Observation) -> list[Play]:
    if not obs.legal:
        raise ValueError(f"player {obs.player} has nothing to decide in this observation")
    return [d for d in obs.legal if isinstance(d, Play) and not d.is_pass]


class RandomPlayer:
    """Uniform over the legal decisions: the baseline the arena measures
    against. Give-backs are a uniform sample of the hand's cards."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        due = exchange_due(obs)
        if due:
            return Give(self.rng.sample(list(obs.hand), due))
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        return self.rng.choice(obs.legal)


class EasyPlayer:
    """A beginner: always legal and plausible, but wasteful.

    It leads its lowest rank, often as a single even when it holds a pair
    (breaking sets); on someone else's play it rarely passes and often throws
    its highest beating play, 2s and jokers included; it gives back its
    lowest cards without minding pairs. Strong players beat it by saving
    their high cards for the tricks that matter.
    """

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        due = exchange_due(obs)
        if due:
            k = Knowledge(obs)
            base = k.base_strength
            ranks = sorted((c.rank for c in obs.hand), key=lambda r: base[r])
            return give_cards(obs.hand, ranks[:due])
        plays = _plays(obs)
        if not plays:
            return PASS
        rng = self.rng
        k = Knowledge(obs)
        level = k.level
        if obs.public.trick.top is None:
            if rng.random() < 0.15:
                return rng.choice(plays)
            low = min(plays, key=lambda p: level[p.rank]).rank
            same = [p for p in plays if p.rank == low]
            if rng.random() < 0.5:
                return min(same, key=lambda p: p.count)
            return max(same, key=lambda p: p.count)
        if PASS in obs.legal and rng.random() < 0.12:
            return PASS
        if rng.random() < 0.5:
            return max(plays, key=lambda p: (p.rank == JOKER, level[p.rank], p.count))
        return rng.choice(plays)
