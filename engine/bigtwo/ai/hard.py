"""The ``hard`` level: determinized Monte Carlo search.

For each decision it deals the cards it has not seen at random to the other
players (as many as each holds; a three-player deal's face-up card stays
with whoever received it until it is played), and plays every candidate
out to the end of the deal on each of these deals, with every seat played
by the ``normal`` policy. Every candidate is tried on the same deals. The
candidate with the best mean value wins; the value of a deal is ``win``
(4) for winning it minus a tenth of the penalty paid: going out first is
what a session rewards most, and the penalty still ranks the losing lines.

Candidates are normal's own choice, the pass when allowed and the next
best plays by normal's yardsticks (at most ``width``, 6). The budget is
counted in playouts (``playouts`` in all, 512, shared among the
candidates), so a seed gives the same decision on any machine. A decision
with one legal choice is made at once.

It reads nothing into the opponents' passes and plays (no inference): every
deal of the unseen cards with the right hand sizes is equally likely.

Tuning, on the same 100 seat-rotated standard deals against three normal
players (2 workers on this 2-core machine): 96 playouts over 4 candidates
won 31–33% of deals (median decision 21–28 ms); 256 over 5, 35.2% ±3.5
(31 ms); 512 over 6, 37.0% ±3.5 (median 79 ms, p95 414 ms), the default.
``python -m benchmarks.bigtwo_ai --until 0.03`` then measured 37.5% ±3.0 over
160 deals, mean penalty 2.81 against 4.24–4.98 for the normal seats.
"""

from __future__ import annotations

import random

from ..combos import ALL_CARDS, PASS, Combo, Decision, mask_of, rules_for
from ..state import PLAY, BigTwo
from ..views import Observation
from .normal import choose, ranked


def playout(state: BigTwo, me: int, win: float = 2.0) -> float:
    """Play the deal out with the normal policy; ``me``'s value of the end:
    ``win`` for going out first, minus a tenth of the penalty paid."""
    finish_deal(state)
    result = state.results[-1]
    won = win if state.finished and state.finished[0] == me else 0.0
    return won - result.scores[me] / 10


def finish_deal(state: BigTwo) -> None:
    """Play the deal to its end with the normal policy in every seat."""
    rules = state.rules
    hands = state.hands
    sizes = state.sizes
    while state.phase == PLAY:
        p = state.turn
        assert p is not None
        legal = state.legal_list()
        if len(legal) == 1:
            d = legal[0]
        else:
            hand = hands[p]
            d = choose(rules, hand, legal, state.top, p, sizes, ALL_CARDS & ~hand & ~state.played)
        state.apply_unchecked(d)
        hands = state.hands
        sizes = state.sizes


class HardPlayer:
    """Determinized Monte Carlo over normal playouts (module docstring)."""

    level = "hard"

    def __init__(
        self, seed: int = 0, playouts: int = 512, width: int = 6, win: float = 4.0
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.width = width
        self.win = win

    def candidates(self, obs: Observation, hand: int) -> list[Decision]:
        pub = obs.public
        o = pub.options
        rules = rules_for(o.suit_order, o.straights, o.flush_compare)
        legal = list(obs.legal)
        plays = [c for c in legal if isinstance(c, Combo)]
        unseen = ALL_CARDS & ~hand & ~mask_of(pub.played)
        first = choose(rules, hand, legal, pub.top, obs.player, list(pub.hand_sizes), unseen)
        out: list[Decision] = [first]
        if PASS in legal and first is not PASS:
            out.append(PASS)
        for c in ranked(rules, hand, plays, pub.top):
            if len(out) >= self.width:
                break
            if c not in out:
                out.append(c)
        return out

    def sample(self, obs: Observation, hand: int) -> list[int]:
        """The other hands of one deal consistent with what the seat saw."""
        pub = obs.public
        pool = ALL_CARDS & ~hand & ~mask_of(pub.played)
        hands = [0] * pub.players
        hands[obs.player] = hand
        need = list(pub.hand_sizes)
        need[obs.player] = 0
        if pub.face_up is not None:
            holder, card = pub.face_up
            bit = mask_of((card,))
            if holder != obs.player and pool & bit:
                hands[holder] |= bit
                need[holder] -= 1
                pool &= ~bit
        cards = []
        m = pool
        while m:
            low = m & -m
            cards.append(low)
            m ^= low
        self.rng.shuffle(cards)
        i = 0
        for q in range(pub.players):
            for c in cards[i : i + need[q]]:
                hands[q] |= c
            i += need[q]
        return hands

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        if len(obs.legal) == 1:
            return obs.legal[0]
        hand = mask_of(obs.hand)
        cands = self.candidates(obs, hand)
        if len(cands) == 1:
            return cands[0]
        me = obs.player
        totals = [0.0] * len(cands)
        deals = max(1, self.playouts // len(cands))
        for _ in range(deals):
            base = BigTwo.from_observation(obs, self.sample(obs, hand))
            for j, c in enumerate(cands):
                state = base.playout_copy()
                state.apply_unchecked(c)
                totals[j] += playout(state, me, self.win)
        best = max(range(len(cands)), key=lambda j: (totals[j], -j))
        return cands[best]
