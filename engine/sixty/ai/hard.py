"""The ``hard`` computer player: determinised search with normal playouts.

For each decision it samples ``worlds`` deals of the cards its seat has not
seen (the other hands, by their public sizes, and the deck order), tries
each candidate decision on every sampled world (the same worlds for every
candidate, so their differences are not noise of the sampling) and plays
the round out with the ``normal`` policy for every player. A candidate's
value is the seat's penalty points from then to the end of the round minus
the mean of the other players'; the lowest mean value wins (ties: normal's
choice, then the legal order).

Candidates are a pruned list of the legal decisions: per number, attacks
with one card and with every copy; pass-ons with one card and with all;
per number the smallest winning fight; each joker; take; and always
normal's own choice. The budget is counted in playouts (``playouts``,
shared out over the candidates, at least ``min_worlds`` worlds each), so a
seed gives the same decision on any machine.

The sampling is uniform over the deals consistent with the counts the
seat sees: it does not read the opponents' earlier decisions (a take
suggests its taker held no card of the attack's number; that is ignored).
"""

from __future__ import annotations

import random

from ..cards import FACES, FIGHT, JOKER, TAKE, Decision
from ..state import ATTACK_PHASE, Sixty, _Sink
from ..views import Observation
from .players import attack_context, hand_counts
from .policy import normal_choice

_SHIFT = tuple(1 << 3 * t for t in range(12))


def playout(state: Sixty) -> tuple[int, ...]:
    """Play the round out with normal for everybody; the round's penalties
    (points gained from the state's start, plus hands at the end)."""
    s = state
    while True:
        p = s.turn
        if p is None:
            break
        left = len(s.deck) - s.dpos
        if s.phase == ATTACK_PHASE:
            target = s.sizes[s._next_holder(p)]
            d = normal_choice(s.legal_list(), s.hands[p], left, -1, 0, target)
        else:
            d = normal_choice(s.legal_list(), s.hands[p], left, s.at_type, s.at_count, 0)
        s._do(d, None)
    assert s.round_penalties is not None
    return s.round_penalties


def candidates(legal: tuple[Decision, ...], preferred: Decision) -> list[Decision]:
    """The decisions worth searching (see the module docstring)."""
    out: list[Decision] = [preferred]
    seen = {preferred}
    groups: dict[tuple[str, int], list[Decision]] = {}
    for d in legal:
        if d[0] in (JOKER, TAKE):
            if d not in seen:
                seen.add(d)
                out.append(d)
        else:
            groups.setdefault((d[0], d[1]), []).append(d)
    for (kind, _), ds in groups.items():
        picks = [ds[0]] if kind == FIGHT else [ds[0], ds[-1]]
        for d in picks:
            if d not in seen:
                seen.add(d)
                out.append(d)
    return out


def sample_world(obs: Observation, rng: random.Random) -> Sixty:
    """A full state consistent with what ``obs``'s seat knows: the unseen
    cards dealt at random to the other hands (by size) and the deck.
    Penalty piles start empty: the search counts points from now on."""
    pub = obs.public
    n = pub.players
    pool = [t for t in range(12) for _ in range(obs.unseen[t])]
    rng.shuffle(pool)
    s = Sixty.__new__(Sixty)
    s.options = pub.options
    s.n = n
    s.seed = 0
    mine = hand_counts(obs)
    hands: list[list[int]] = []
    pos = 0
    for p in range(n):
        if p == obs.player:
            row = list(mine)
        else:
            row = [0] * 12
            k = pub.hand_sizes[p]
            for t in pool[pos : pos + k]:
                row[t] += 1
            pos += k
        hands.append(row)
    s.hands = hands
    s.packed = [sum(r[t] * _SHIFT[t] for t in range(12)) for r in hands]
    s.sizes = list(pub.hand_sizes)
    s.deck = tuple(pool[pos:])
    s.dpos = 0
    s.discard = list(pub.discard)
    s.pen = [[0] * 12 for _ in range(n)]
    s.direction = pub.direction
    s.phase = pub.phase
    s.turn = pub.turn
    atk = pub.attack
    if atk is None:
        s.at_type, s.at_count, s.at_attacker, s.at_last = -1, 0, -1, -1
    else:
        s.at_type = FACES.index(int(atk.card))
        s.at_count = atk.count
        s.at_attacker = atk.attacker
        s.at_last = atk.last
    s.round_number = pub.round_number
    s.starter = pub.starter
    s.totals = list(pub.totals)
    s.results = []
    s.round_penalties = None
    s.tiebreak_round = pub.tiebreak_round
    s._decisions = _Sink()
    return s


class HardPlayer:
    """Search over sampled hidden hands and deck orders (see the module)."""

    level = "hard"

    def __init__(self, seed: int = 0, playouts: int = 160, min_worlds: int = 12) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.min_worlds = min_worlds

    def decide(self, obs: Observation) -> Decision:
        legal = obs.legal
        if not legal:
            raise ValueError("not this player's turn")
        at, count, target = attack_context(obs)
        preferred = normal_choice(legal, hand_counts(obs), obs.public.deck_count, at, count, target)
        if len(legal) == 1:
            return legal[0]
        cands = candidates(legal, preferred)
        if len(cands) == 1:
            return cands[0]
        worlds = max(self.min_worlds, self.playouts // len(cands))
        me = obs.player
        others = [p for p in range(obs.public.players) if p != me]
        totals = [0.0] * len(cands)
        for _ in range(worlds):
            world = sample_world(obs, self.rng)
            for i, d in enumerate(cands):
                s = world.playout_copy()
                s._do(d, None)
                pen = playout(s)
                totals[i] += pen[me] - sum(pen[q] for q in others) / len(others)
        best = min(range(len(cands)), key=lambda i: (totals[i], i))
        return cands[best]


__all__ = ["HardPlayer", "candidates", "playout", "sample_world"]
