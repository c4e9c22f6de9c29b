"""The ``normal`` level: a solid rule-of-thumb player.

How it thinks, in order of priority:

1. **Go out.** A play that empties the hand is made at once. Otherwise, if
   some play cannot be beaten (card counting from the public history) and
   leaves a hand that can be led out — every remaining set unbeatable but at
   most one — it makes that play: it keeps the lead to the end.
2. **Lead** whole sets from the bottom of the current order, keeping the top
   rank (2s, or A, 3, … depending on the options and a revolution) and jokers
   back. Under ``revolution`` a hand with more low than high cards leads its
   four of a kind to turn the order round; a hand that would lose from it
   never plays four cards of a rank together.
3. **Follow** with the lowest play that does not break a set; break a set only
   with low cards or when the hand is small; spend top-rank cards, one-less
   plays and jokers only when they matter: to win a trick and then finish,
   when the hand has more such cards than weak sets to get rid of, or on a
   trick that is already high. Otherwise pass (unless ``compulsory``).
4. **Give back** in the exchange the least useful cards: the lowest singles
   first, then low cards that break the fewest sets; never the top rank or a
   joker while something else is left.

Every choice is made from the observation alone; the random generator only
breaks exact ties, so the level is close to deterministic and cheap (well
under a millisecond per decision).
"""

from __future__ import annotations

import random

from ...cards import JOKER
from ..plays import PASS, Decision, Play
from ..views import Observation
from .base import exchange_due, give_cards
from .knowledge import Knowledge

_LOW = 0.5
"""Ranks at or below this level (0 = weakest, 1 = top rank) count as low."""
_HIGH_TRICK = 0.7
"""A trick topped at or above this level is worth a top-rank card."""


class NormalPlayer:
    """Solid heuristic play under every option (see the module docstring)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # -- entry point --------------------------------------------------------

    def decide(self, obs: Observation) -> Decision:
        due = exchange_due(obs)
        if due:
            return self.give_back(Knowledge(obs), due)
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        if len(obs.legal) == 1:
            return obs.legal[0]
        plays = [d for d in obs.legal if isinstance(d, Play) and not d.is_pass]
        if not plays:
            return PASS
        k = Knowledge(obs)
        for p in plays:
            if p.count == k.hand_size:
                return p
        trick = obs.public.trick
        size = trick.size if trick.top is not None else 0
        finish = self._finish(k, plays, size)
        if finish is not None:
            return finish
        if trick.top is None:
            return self._lead(k, plays)
        return self._follow(k, plays, trick.top, PASS in obs.legal)

    # -- helpers ------------------------------------------------------------

    @staticmethod
    def _control(k: Knowledge, p: Play) -> bool:
        """Cards worth keeping for when they matter: the top rank and jokers."""
        return p.rank == JOKER or p.rank == k.top_rank

    @staticmethod
    def _hurts(k: Knowledge, p: Play) -> bool:
        """A play that would start a revolution this hand loses from."""
        return k.revolution_option and p.rank != JOKER and p.count >= 4 and k.revolution_gain() <= 0

    @staticmethod
    def _gains(k: Knowledge, p: Play) -> bool:
        return (
            k.revolution_option and p.rank != JOKER and p.count >= 4 and k.revolution_gain() > 0.1
        )

    def _finish(self, k: Knowledge, plays: list[Play], size: int) -> Play | None:
        """A play that keeps the lead until the hand is out, if there is one."""
        best: Play | None = None
        best_key: tuple[int, int, int, float] | None = None
        for p in plays:
            if self._gains(k, p) or self._hurts(k, p):
                continue  # the order turns: the counting below would be wrong
            if not k.unbeatable(p, size or p.count):
                continue
            loose = k.loose_groups(k.after(p))
            if len(loose) > 1:
                continue
            # keep the cheapest winners for later: natural before jokers
            key = (
                len(loose),
                int(p.rank == JOKER),
                int(p.count < k.counts[p.rank]),
                k.level[p.rank],
            )
            if best_key is None or key < best_key:
                best, best_key = p, key
        return best

    # -- leading --------------------------------------------------------------

    def _lead(self, k: Knowledge, plays: list[Play]) -> Play:
        cnt = k.counts
        legal = set(plays)
        for p in sorted(plays, key=lambda p: -p.count):
            if self._gains(k, p):
                return p
        candidates: list[Play] = []
        for r in k.order:
            if not cnt[r] or r == k.top_rank:
                continue
            n = cnt[r]
            if k.revolution_option and n >= 4 and k.revolution_gain() <= 0:
                n = 2  # split the four: pairs do not turn the order
            p = Play(r, n)
            if p in legal:
                candidates.append(p)
        if candidates:
            return candidates[0]
        # only controls left (or the lead is forced): the weakest, whole
        return min(
            plays,
            key=lambda p: (
                self._hurts(k, p),
                p.rank == JOKER,
                k.level[p.rank],
                p.count != cnt[p.rank],
            ),
        )

    # -- following ------------------------------------------------------------

    def _follow(self, k: Knowledge, plays: list[Play], top: Play, can_pass: bool) -> Decision:
        cnt = k.counts
        level = k.level
        normal = [p for p in plays if not self._control(k, p) and not self._hurts(k, p)]
        for p in normal:
            if self._gains(k, p):
                return p
        whole = [p for p in normal if p.count == cnt[p.rank]]
        if whole:
            return min(whole, key=lambda p: level[p.rank])
        if normal:
            b = min(normal, key=lambda p: (level[p.rank], -p.count))
            if level[b.rank] <= _LOW or k.hand_size <= 6 or not can_pass:
                return b
        controls = [p for p in plays if self._control(k, p) and not self._hurts(k, p)]
        if controls:
            c = min(
                controls,
                key=lambda p: (p.rank == JOKER, p.count != cnt[p.rank], p.count, level[p.rank]),
            )
            if self._worth_spending(k, c, top):
                return c
        if can_pass:
            return PASS
        return min(plays, key=lambda p: (self._control(k, p), level[p.rank], p.count))

    def _worth_spending(self, k: Knowledge, p: Play, top: Play) -> bool:
        """Whether winning this trick with a top-rank card or a joker pays."""
        rest = k.after(p)
        loose = k.loose_groups(rest)
        if len(loose) <= 2:
            return True
        controls_left = sum(rest[r] for r in (k.top_rank, JOKER))
        low_sets = sum(1 for g in loose if k.level[g.rank] <= _LOW)
        if controls_left >= max(1, low_sets):
            return True
        return k.level[top.rank] >= _HIGH_TRICK and controls_left >= 1

    # -- exchange -------------------------------------------------------------

    def give_back(self, k: Knowledge, due: int) -> Decision:
        """The ``due`` least useful cards, chosen one at a time."""
        cnt = list(k.counts)
        ranks: list[int] = []
        for _ in range(min(due, k.hand_size)):

            def cost(r: int) -> float:
                if r == JOKER or r == k.top_rank:
                    return 10.0 + k.level[r]
                n = cnt[r]
                penalty = {1: 0.0, 2: 0.5, 3: 0.3}.get(n, 0.6 if k.revolution_option else 0.3)
                return k.level[r] + penalty

            r = min((r for r in range(len(cnt)) if cnt[r]), key=cost)
            ranks.append(r)
            cnt[r] -= 1
        return give_cards(k.obs.hand, ranks)
