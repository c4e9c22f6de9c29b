"""A particle filter over the opponents' hands, kept for one round.

Sampling fresh deals at every decision and weighing each by ``ε **
mismatches`` (:mod:`engine.ai.inference`) wastes most of the work late in a
round: with many opponent decisions on record, hardly any uniform deal
explains them all. :class:`DealPool` keeps ``size`` deals through the round
(the player object persists across a game's decisions) and, at each
decision,

1. removes from every kept deal the cards the opponents have played since
   and drops the deals that cannot have held them (or that no longer hold
   what the exchange pins down);
2. weighs the survivors by ``ε ** mismatches`` over the opponents' *new*
   decisions only;
3. when fewer than a quarter survive (and at the start of a round), adds
   ``refill × size`` uniformly sampled deals
   (:class:`~engine.ai.sampling.Sampler`), weighed by every decision so far;
4. resamples ``size`` deals in proportion to the weights;
5. moves each by ``moves`` Metropolis steps that swap a card between two
   opponents, accepted with probability ``min(1, ε ** Δmismatches)``, which
   keeps the target (uniform deals times ``ε ** mismatches``) and spreads
   the duplicates resampling made.

Deals are kept as cards per rank: suits matter to no decision the
inference replays, so a deal that held *a* seven where the opponent played
the seven of spades is as good as one that held that very card. ``ε`` is ``epsilon``
(0.05) for an opponent some kept deal explains perfectly; for one whom even
the best deal leaves with mismatches — a human, a search level — it is set
from the rate at which they evidently deviate from ``normal``, so their
plays are read more loosely instead of forcing the deals to explain every
deviation. Weights are relative to the best deal and never all zero: the
pool never runs dry. Everything is drawn from the player's seeded generator: the same seed
and the same observations give the same deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from ...cards import NUM_RANKS, Card
from ..state import President
from ..views import Observation
from .inference import History
from .sampling import Sampler


class DealPool:
    """Deals for one player's decisions in one round, drawn in proportion to
    ``epsilon ** mismatches`` (see the module docstring)."""

    __slots__ = (
        "adapt",
        "checked",
        "deals",
        "epsilon",
        "key",
        "mm",
        "moves",
        "prefix",
        "refill",
        "size",
    )

    def __init__(
        self,
        size: int,
        *,
        moves: int = 6,
        epsilon: float = 0.05,
        refill: int = 4,
        adapt: bool = True,
    ) -> None:
        self.size = size
        self.adapt = adapt
        self.moves = moves
        self.epsilon = epsilon
        self.refill = refill
        self.key: object = None
        self.prefix: tuple[object, ...] = ()
        self.checked = 0
        self.deals: list[list[list[int]]] = []
        """Per deal, cards per rank by player (the observer's entry unused)."""
        self.mm: list[list[int]] = []
        """Per deal, by player, the decisions ``normal`` would have made otherwise."""

    def update(self, obs: Observation, rng: random.Random) -> Sampler:
        """Bring the pool up to ``obs``. Raises ``ValueError`` if the
        observation cannot be satisfied."""
        pub = obs.public
        me = obs.player
        n = pub.players
        sampler = Sampler(obs)
        key = (pub.round_number, me, n, pub.options, obs.exchange)
        n0 = len(self.prefix)
        history = pub.history
        if key != self.key or len(history) < n0 or tuple(history[:n0]) != self.prefix:
            self.key = key
            self.deals, self.mm, self.checked = [], [], 0
            n0 = 0
        self.prefix = tuple(history)
        inference = History(obs, limit=None)
        # 1. remove the cards played since; keep what the exchange pins down
        played: list[tuple[int, int, int]] = []
        for e in history[n0:]:
            if e.kind == "play" and e.play is not None and e.play.count and e.player != me:
                played.append((e.player, e.play.rank, e.play.count))
        pin = [[0] * NUM_RANKS for _ in range(n)]
        for q, cards in sampler.must.items():
            for c in cards:
                pin[q][c.rank] += 1
        pinned = [(q, r, k) for q in range(n) for r, k in enumerate(pin[q]) if k]
        deals: list[list[list[int]]] = []
        mm: list[list[int]] = []
        for d, bad in zip(self.deals, self.mm, strict=True):
            ok = True
            for q, r, k in played:
                d[q][r] -= k
                if d[q][r] < 0:
                    ok = False
                    break
            if ok and all(d[q][r] >= k for q, r, k in pinned):
                deals.append(d)
                mm.append(bad)
        # 2. the survivors' mismatches over the opponents' new decisions
        start = self.checked
        self.checked = len(inference.decisions)
        movers = sorted({d.player for d in inference.decisions[start:]})
        news: list[list[int]] = []
        for d, bad in zip(deals, mm, strict=True):
            new = [0] * n
            for q in movers:
                x = inference.player_mismatches(q, d[q], start)
                bad[q] += x
                new[q] = x
            news.append(new)
        # 3. too few left: fresh deals, weighed by all the decisions
        refill = len(deals) < max(1, self.size // 4)
        if refill:
            for _ in range(self.refill * self.size):
                hands = sampler.sample(rng)
                d = [[0] * NUM_RANKS for _ in range(n)]
                for q, cards in hands.items():
                    row = d[q]
                    for c in cards:
                        row[c.rank] += 1
                deals.append(d)
                mm.append([inference.player_mismatches(q, d[q]) for q in range(n)])
        eps = self._epsilons(inference, mm, n)
        if refill:
            news = mm
        logs = [math.log(e) for e in eps]
        lw = [sum(x * lq for x, lq in zip(new, logs, strict=True)) for new in news]
        top = max(lw, default=0.0)
        weights = [math.exp(x - top) for x in lw]  # relative to the best: no underflow to all zero
        # 4. resample ``size`` deals in proportion to their weights
        total = sum(weights)
        step = total / self.size
        u = rng.random() * step
        acc = 0.0
        i = 0
        kept: list[list[list[int]]] = []
        kept_mm: list[list[int]] = []
        for d, bad, w in zip(deals, mm, weights, strict=True):
            acc += w
            while i < self.size and u + i * step < acc:
                i += 1
                kept.append([list(row) for row in d])
                kept_mm.append(list(bad))
        # 5. move each deal by swapping cards between opponents (Metropolis)
        if inference.decisions and len(sampler.players) > 1:
            self._move(kept, kept_mm, sampler, pin, inference, eps, rng)
        self.deals, self.mm = kept, kept_mm
        return sampler

    def _epsilons(self, inference: History, mm: list[list[int]], n: int) -> list[float]:
        """Per player, the weight of one mismatch: ``epsilon``, unless even the
        deal that explains the player best leaves mismatches, in which case
        the player does not play like ``normal`` and the estimate of how often
        they deviate, (fewest mismatches + ½) / (decisions + 1), sets it."""
        out = [self.epsilon] * n
        if not self.adapt or not mm:
            return out
        for q, ds in inference.by_player.items():
            low = min(bad[q] for bad in mm)
            if low:
                rate = (low + 0.5) / (len(ds) + 1)
                out[q] = min(1.0, max(self.epsilon, rate / (1.0 - rate) if rate < 1.0 else 1.0))
        return out

    def _move(
        self,
        deals: list[list[list[int]]],
        mm: list[list[int]],
        sampler: Sampler,
        pin: list[list[int]],
        inference: History,
        eps: list[float],
        rng: random.Random,
    ) -> None:
        """``moves`` Metropolis steps per deal: swap a card (not pinned by the
        exchange) between two opponents, accepted with probability
        ``min(1, epsilon ** Δmismatches)``. Choosing the cards uniformly makes
        the proposal symmetric among the deals of cards, so the chain keeps
        the uniform prior times the weight."""
        players = sampler.players
        base = sampler.base
        bounds = {p: (lo, hi) for p, lo, hi in sampler.bounds}
        free_total = {q: sampler.need[q] for q in players}
        ranks = range(NUM_RANKS)
        for d, bad in zip(deals, mm, strict=True):
            for _ in range(self.moves):
                q1, q2 = rng.sample(players, 2)
                f1, f2 = free_total[q1], free_total[q2]
                if not f1 or not f2:
                    continue
                i1, i2 = rng.randrange(f1), rng.randrange(f2)
                r = s = 0
                for r in ranks:
                    i1 -= d[q1][r] - pin[q1][r]
                    if i1 < 0:
                        break
                for s in ranks:
                    i2 -= d[q2][s] - pin[q2][s]
                    if i2 < 0:
                        break
                if r == s:
                    continue
                b = bounds.get(q1)
                if b is not None and not b[0] <= base[s] <= b[1]:
                    continue
                b = bounds.get(q2)
                if b is not None and not b[0] <= base[r] <= b[1]:
                    continue
                d[q1][r] -= 1
                d[q2][r] += 1
                d[q2][s] -= 1
                d[q1][s] += 1
                n1 = inference.player_mismatches(q1, d[q1])
                n2 = inference.player_mismatches(q2, d[q2])
                ratio = eps[q1] ** (n1 - bad[q1]) * eps[q2] ** (n2 - bad[q2])
                if ratio >= 1.0 or rng.random() < ratio:
                    bad[q1], bad[q2] = n1, n2
                else:
                    d[q1][r] += 1
                    d[q2][r] -= 1
                    d[q2][s] += 1
                    d[q1][s] -= 1

    def source(self, obs: Observation, rng: random.Random) -> Callable[[int], Iterator[President]]:
        """Like :meth:`~engine.ai.search.SearchPlayer.deal_source`: the pool
        brought up to ``obs``, then a function giving that many of its deals
        (in a shuffled order, again from the start when all are used)."""
        sampler = self.update(obs, rng)
        deals = self.deals
        if not deals:
            raise ValueError("no deal fits the observation")
        me = obs.player
        free: list[list[Card]] = [[] for _ in range(NUM_RANKS)]
        for c in sampler.pool:
            free[c.rank].append(c)
        pinned: dict[int, list[list[Card]]] = {}
        for q, cards in sampler.must.items():
            row: list[list[Card]] = [[] for _ in range(NUM_RANKS)]
            for c in cards:
                row[c.rank].append(c)
            pinned[q] = row
        players = sampler.players
        n = obs.public.players

        def hands(d: list[list[int]]) -> list[list[Card]]:
            out: list[list[Card]] = [[] for _ in range(n)]
            out[me] = list(obs.hand)
            for r in range(NUM_RANKS):
                pool = free[r]
                i = 0
                for q in players:
                    k = d[q][r]
                    if not k:
                        continue
                    got = pinned[q][r]
                    out[q] += got
                    k -= len(got)
                    out[q] += pool[i : i + k]
                    i += k
            return out

        order: list[int] = []

        def draw(count: int) -> Iterator[President]:
            for _ in range(count):
                if not order:
                    order.extend(range(len(deals)))
                    rng.shuffle(order)
                d = deals[order.pop()]
                yield President.from_observation(obs, hands(d), rng.getrandbits(32))

        return draw
