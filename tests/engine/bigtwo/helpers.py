"""Building Big Two positions for tests, and a plain reference of the rules."""

from __future__ import annotations

import itertools
from typing import Any

from engine.bigtwo import PASS, BigTwo, preset
from engine.bigtwo.combos import Combo
from engine.cards import Card

RANKS = "3456789TJQKA2"
SUIT_ORDERS = {"standard": "DCHS", "pusoy_dos": "CSHD", "bridge": "CDHS"}
WINDOWS = ["A2345", "23456", "34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]


def game(
    hands: list[str],
    moves: tuple[str, ...] | list[str] = (),
    rules: str = "standard",
    **options: Any,
) -> BigTwo:
    """A deal from given hands (player 0 first) after some moves, each
    ``"cards"`` or ``"pass"`` by the player to act."""
    g = BigTwo.from_hands(preset(rules, players=len(hands), **options), hands)
    for m in moves:
        g.apply(m, g.current_player)
    return g


def strs(decisions: Any) -> list[str]:
    return [str(d) for d in decisions]


def value(cards: tuple[Card, ...], opts: Any) -> tuple[int, int, tuple[int, ...]] | None:
    """How strong some cards are as a combination, written plainly from
    bigtwo.md §2 and §5: (size, kind, tie-breaks), or None for no combination.
    Comparable only between equal sizes."""
    suits = SUIT_ORDERS[opts.suit_order]
    rank = [RANKS.index(str(c)[0]) for c in cards]
    suit = [suits.index(str(c)[1]) for c in cards]
    n = len(cards)
    if n in (1, 2, 3) and len(set(rank)) == 1:
        return (n, 0, (rank[0], max(suit)) if n < 3 else (rank[0],))
    if n != 5:
        return None
    counts = sorted((rank.count(r) for r in set(rank)), reverse=True)
    if counts == [4, 1]:
        return (5, 3, (max(set(rank), key=rank.count),))
    if counts == [3, 2]:
        return (5, 2, (max(set(rank), key=rank.count),))
    flush = len(set(suit)) == 1
    letters = {RANKS[r] for r in rank}
    window = next((w for w in WINDOWS if set(w) == letters), None)
    if window is not None:
        if opts.straights == "hong_kong":
            order = [*WINDOWS[2:], "23456", "A2345"]
            top = "2" if window in ("A2345", "23456") else window[-1]
        else:
            order = WINDOWS
            top = window[-1]
        top_suit = suit[[RANKS[r] for r in rank].index(top)]
        return (5, 4 if flush else 0, (order.index(window), top_suit))
    if flush:
        desc = tuple(sorted(rank, reverse=True))
        if opts.flush_compare == "suit_first":
            return (5, 1, (suit[0], *desc))
        return (5, 1, (desc[0], suit[0], *desc[1:]))
    return None


def reference_legal(g: BigTwo) -> set[str]:
    """The legal decisions of the player to act by brute force over every
    subset of the hand (bigtwo.md §3, §8), as notation."""
    p = g.current_player
    assert p is not None
    o = g.options
    hand = g.hand(p)
    top = g.top
    top_value = None if top is None else value(top.cards, o)
    lead_card = g.observation(p).lead_card
    out: set[str] = set()
    nobody_out = not g.public_view().finished
    lone_twos = all(
        n == 0 or (n == 1 and str(g.hand(q)[0])[0] == "2") for q, n in enumerate(g.sizes)
    )
    for k in (1, 2, 3, 5):
        for cards in itertools.combinations(hand, k):
            v = value(cards, o)
            if v is None:
                continue
            if lead_card is not None and lead_card not in cards:
                continue
            if top_value is not None and (v[0] != top_value[0] or v[1:] <= top_value[1:]):
                continue
            if (
                not o.last_single_two_wins
                and nobody_out
                and k == 1
                and len(hand) == 1
                and str(cards[0])[0] == "2"
                and not (top is None and lone_twos)
            ):
                continue
            out.add(str(Combo.of(cards)))
    if top is not None or not out:
        out.add(str(PASS))
    return out
