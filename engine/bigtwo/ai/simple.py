"""The two weak levels: ``random`` (the measuring stick) and ``easy`` (a
beginner who knows the rules but not the strategy)."""

from __future__ import annotations

import random

from ..combos import PASS, Combo, Decision
from ..views import Observation


class RandomPlayer:
    """Uniform over the legal decisions."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        return self.rng.choice(obs.legal)


class EasyPlayer:
    """A beginner: leads its lowest card or set, beats with its lowest play
    (2s and all, breaking pairs freely) and passes now and then."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        plays = [d for d in obs.legal if isinstance(d, Combo)]
        if not plays:
            return PASS
        rng = self.rng
        if obs.public.top is None:
            if rng.random() < 0.2:
                return rng.choice(plays)
            low = min(plays, key=lambda c: c.mask & -c.mask)
            lows = [c for c in plays if c.mask & -c.mask == low.mask & -low.mask and c.size < 5]
            return rng.choice(lows or [low])
        if rng.random() < 0.2:
            return PASS
        return min(plays, key=lambda c: c.key)
