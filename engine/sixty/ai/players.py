"""The ``random``, ``easy`` and ``normal`` computer players.

Each decides only from its seat's :class:`~engine.sixty.views.Observation`
and keeps its own seeded ``random.Random``, so a seed gives the same
decisions.
"""

from __future__ import annotations

import random

from ..cards import INDEX, Decision
from ..views import Observation
from .policy import easy_choice, normal_choice


def hand_counts(obs: Observation) -> list[int]:
    counts = [0] * 12
    for c in obs.hand:
        counts[INDEX[c]] += 1
    return counts


def attack_context(obs: Observation) -> tuple[int, int, int]:
    """``(attack type index or -1, attack count, the defender's hand size)``."""
    pub = obs.public
    if pub.attack is not None:
        return INDEX[pub.attack.card], pub.attack.count, 0
    sizes = pub.hand_sizes
    n = len(sizes)
    q = obs.player
    for _ in range(n - 1):
        q = (q + pub.direction) % n
        if sizes[q]:
            return -1, 0, sizes[q]
    return -1, 0, 0


class RandomPlayer:
    """Uniformly among the legal decisions (a yardstick)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError("not this player's turn")
        return obs.legal[int(self.rng.random() * len(obs.legal))]


class EasyPlayer:
    """Legal and plausible but wasteful: a beginner (see ``policy``)."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError("not this player's turn")
        at, count, _ = attack_context(obs)
        return easy_choice(self.rng, obs.legal, hand_counts(obs), at, count, obs.public.deck_count)


class NormalPlayer:
    """Sound heuristics (see ``policy``); deterministic."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError("not this player's turn")
        at, count, target = attack_context(obs)
        return normal_choice(obs.legal, hand_counts(obs), obs.public.deck_count, at, count, target)
