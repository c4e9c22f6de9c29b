"""Deals consistent with one seat's observation (determinizations).

The unseen cards are the pack minus the seat's hand and every card played
this round (public history events carry the cards of each play). They are
shared among the opponents by their public card counts, respecting what the
seat learnt in the exchange:

- cards the seat gave (tribute, give-back or swap) are still in the
  receiver's hand unless the receiver has played them since;
- a player who gave the seat their *highest* cards (tribute, the upward
  swap) held nothing stronger in the base order (jokers highest) than the
  weakest card given, apart from what they received afterwards;
- a player who gave the seat their *lowest* cards (the downward swap, or
  any give-back under ``exchange_return = lowest``) held nothing weaker
  than the strongest card given, apart from what they received.

With those rules at most one opponent's hand is restricted to a range of
ranks; drawing that hand uniformly from the cards it may hold and dealing
the rest at random gives every consistent deal the same chance.
"""

from __future__ import annotations

import random
from collections import Counter

from ...cards import Card
from ..state import _deck
from ..views import ExchangeEvent, Observation
from .knowledge import strength_tables


def _sorted(cards: Counter[Card]) -> list[Card]:
    return sorted(cards.elements(), key=lambda c: (c.rank, c.suit))


class Sampler:
    """Everything an observation says about the hidden hands, precomputed so
    that :meth:`sample` is cheap. Raises ``ValueError`` if the observation
    cannot be satisfied (a position whose pack is not fully dealt is fine:
    extra unseen cards are simply left out)."""

    __slots__ = ("base", "bounds", "must", "need", "players", "pool")

    def __init__(self, obs: Observation) -> None:
        pub = obs.public
        o = pub.options
        me = obs.player
        sizes = pub.hand_sizes
        unseen: Counter[Card] = Counter(_deck(o.decks, o.jokers, o.rank_order == "short_pack"))
        unseen.subtract(Counter(obs.hand))
        played: dict[int, Counter[Card]] = {p: Counter() for p in range(pub.players)}
        for e in pub.history:
            if e.kind == "play" and e.cards:
                unseen.subtract(Counter(e.cards))
                played[e.player].update(e.cards)
        unseen = +unseen  # drop zero and negative entries
        base = strength_tables(o.rank_order)[0]
        order = pub.previous_order
        must: dict[int, Counter[Card]] = {p: Counter() for p in range(pub.players)}
        # (low, high) base-strength range a player's other cards lie in
        bounds: dict[int, tuple[int, int]] = {}
        lowest_returns = o.exchange_return == "lowest"
        for x in obs.exchange:
            if x.cards is None:
                continue
            if x.giver == me and x.receiver != me:
                must[x.receiver].update(x.cards)
            elif x.receiver == me and x.giver != me and x.cards:
                direction = _direction(x, order, lowest_returns)
                lo, hi = bounds.get(x.giver, (-(10**6), 10**6))
                if direction > 0:  # gave their highest: the rest is no stronger
                    hi = min(hi, min(base[c.rank] for c in x.cards))
                elif direction < 0:  # gave their lowest: the rest is no weaker
                    lo = max(lo, max(base[c.rank] for c in x.cards))
                if direction:
                    bounds[x.giver] = (lo, hi)
        self.players = [p for p in range(pub.players) if p != me and sizes[p] > 0]
        self.need: dict[int, int] = {}
        self.must: dict[int, list[Card]] = {}
        for p in self.players:
            held = must[p] - played[p]
            held &= unseen  # only cards still unseen can be in a hand
            unseen -= held
            cards = _sorted(held)[: sizes[p]]
            self.must[p] = cards
            self.need[p] = sizes[p] - len(cards)
        self.pool = _sorted(unseen)
        if sum(self.need.values()) > len(self.pool):
            raise ValueError("the observation leaves too few unseen cards for the hands")
        self.base = base
        self.bounds = [
            (p, lo, hi) for p, (lo, hi) in sorted(bounds.items()) if self.need.get(p, 0) > 0
        ]

    def sample(self, rng: random.Random) -> dict[int, list[Card]]:
        """One consistent assignment of the hidden cards: opponent → hand."""
        hands = {p: list(self.must[p]) for p in self.players}
        rest = list(self.pool)
        base = self.base
        for p, lo, hi in self.bounds:
            allowed = [i for i, c in enumerate(rest) if lo <= base[c.rank] <= hi]
            # too few allowed cards means inconsistent bookkeeping: relax
            chosen = sorted(rng.sample(allowed, min(len(allowed), self.need[p])), reverse=True)
            for i in chosen:
                hands[p].append(rest.pop(i))
        rng.shuffle(rest)
        i = 0
        for p in self.players:
            k = self.need[p] - (len(hands[p]) - len(self.must[p]))
            hands[p].extend(rest[i : i + k])
            i += k
        return hands

    def full(self, obs: Observation, hidden: dict[int, list[Card]]) -> list[list[Card]]:
        """Every player's hand (by player) with the observer's own."""
        out: list[list[Card]] = [[] for _ in range(obs.public.players)]
        out[obs.player] = list(obs.hand)
        for p, cards in hidden.items():
            out[p] = cards
        return out


def _direction(e: ExchangeEvent, order: tuple[int, ...] | None, lowest_returns: bool) -> int:
    """+1 if the giver gave their highest cards, -1 their lowest, 0 a choice."""
    if e.kind == "tribute":
        return 1
    if e.kind == "return":
        return -1 if lowest_returns else 0
    if e.kind == "swap" and order is not None:
        # the lower-placed player sends up their highest cards
        return 1 if order.index(e.giver) > order.index(e.receiver) else -1
    return 0
