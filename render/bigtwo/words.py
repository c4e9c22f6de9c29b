"""Words and orders Big Two's pictures and messages share: how a hand is
sorted under the suit order in force, which cards are playable, and the name
of a combination as players say it ("Full house, 9s").

Pure functions of the engine's public types, so the bot's text
(``cogs/bigtwo``) and the pictures say the same thing.

    >>> from engine.bigtwo import Combo, preset
    >>> combo_name(Combo.parse("9C 9D 9S 4H 4S"))
    'Full house, 9s'
    >>> combo_name(Combo.parse("AS 2D 3C 4C 5H"))
    'Straight, A to 5'
    >>> [str(c) for c in sort_hand(Combo.parse("3C 3D 2S").cards, preset("standard"))]
    ['3D', '3C', '2S']
    >>> [str(c) for c in sort_hand(Combo.parse("3C 3D 2S").cards, preset("pusoy_dos"))]
    ['3C', '3D', '2S']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.bigtwo import Combo, Decision, Options
from engine.bigtwo.combos import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    PAIR,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    rules_for,
)
from engine.cards import RANK_NAMES, SUIT_SYMBOLS, Card

PLURALS: Final = (
    "3s",
    "4s",
    "5s",
    "6s",
    "7s",
    "8s",
    "9s",
    "10s",
    "jacks",
    "queens",
    "kings",
    "aces",
    "2s",
)
KIND_TITLES: Final = {
    SINGLE: "Single",
    PAIR: "Pair",
    TRIPLE: "Triple",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    FULL_HOUSE: "Full house",
    FOUR_OF_A_KIND: "Four of a kind",
    STRAIGHT_FLUSH: "Straight flush",
}
SUIT_ORDER_TEXT: Final = {
    "standard": "♦ < ♣ < ♥ < ♠",
    "pusoy_dos": "♣ < ♠ < ♥ < ♦",
    "bridge": "♣ < ♦ < ♥ < ♠",
}


def strength(card: Card, options: Options) -> int:
    """How strong a single card is under ``options`` (rank, then suit)."""
    rules = rules_for(options.suit_order, options.straights, options.flush_compare)
    return rules.strength[card.rank * 4 + card.suit]


def sort_hand(cards: Iterable[Card], options: Options) -> list[Card]:
    """Weakest first in the suit order in force, so pairs sit together and
    the card a first lead must include comes first."""
    rules = rules_for(options.suit_order, options.straights, options.flush_compare)
    return sorted(cards, key=lambda c: rules.strength[c.rank * 4 + c.suit])


def playable_cards(legal: Iterable[Decision]) -> frozenset[Card]:
    """The cards that appear in at least one legal play."""
    out: set[Card] = set()
    for d in legal:
        if isinstance(d, Combo):
            out.update(d.cards)
    return frozenset(out)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _straight_ends(ranks: list[int]) -> tuple[int, int]:
    """The low and high rank of a straight in straight order (the 2 sits
    below the 3, the ace at either end)."""
    s = set(ranks)
    if s == {11, 12, 0, 1, 2}:
        return 11, 2
    if s == {12, 0, 1, 2, 3}:
        return 12, 3
    return min(ranks), max(ranks)


def combo_name(combo: Combo) -> str:
    """What players call a combination: ``9♠``, ``Pair of 9s``, ``Flush ♠, K high``.

    >>> combo_name(Combo.parse("9S")), combo_name(Combo.parse("9C 9D"))
    ('9♠', 'Pair of 9s')
    >>> combo_name(Combo.parse("3H 7H 9H JH KH")), combo_name(Combo.parse("3S 4S 5S 6S 7S"))
    ('Flush ♥, K high', 'Straight flush ♠, 3 to 7')
    >>> combo_name(Combo.parse("5C 5D 5H 5S 3D"))
    'Four 5s'
    """
    cards = combo.cards
    kind = combo.kind
    ranks = [c.rank for c in cards]
    if kind == SINGLE:
        return cards[0].pretty()
    if kind == PAIR:
        return f"Pair of {PLURALS[ranks[0]]}"
    if kind == TRIPLE:
        return f"Three {PLURALS[ranks[0]]}"
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        low, high = _straight_ends(ranks)
        span = f"{RANK_NAMES[low]} to {RANK_NAMES[high]}"
        if kind == STRAIGHT:
            return f"Straight, {span}"
        return f"Straight flush {SUIT_SYMBOLS[cards[0].suit]}, {span}"
    if kind == FLUSH:
        return f"Flush {SUIT_SYMBOLS[cards[0].suit]}, {RANK_NAMES[max(ranks)]} high"
    if kind == FULL_HOUSE:
        triple = next(r for r in ranks if ranks.count(r) == 3)
        return f"Full house, {PLURALS[triple]}"
    if kind == FOUR_OF_A_KIND:
        quad = next(r for r in ranks if ranks.count(r) == 4)
        return f"Four {PLURALS[quad]}"
    return "Not a combination"


def combo_text(combo: Combo) -> str:
    """The name and the exact cards: ``Pair of 9s (9♣ 9♦)``; a single is its card."""
    if combo.kind == SINGLE:
        return combo_name(combo)
    return f"{combo_name(combo)} ({cards_text(combo.cards)})"


def suit_order_text(options: Options) -> str:
    return SUIT_ORDER_TEXT.get(options.suit_order, options.suit_order)


PRESET_LABELS: Final = {"standard": "Standard", "hong_kong": "Hong Kong", "pusoy_dos": "Pusoy Dos"}


def preset_label(options: Options) -> str:
    return PRESET_LABELS.get(options.preset, options.preset.replace("_", " ").title())


def session_text(options: Options, deal: int) -> str:
    """``Deal 2 of 4`` or ``Deal 2 · to 50 penalty points``."""
    parts = [f"Deal {max(1, deal)}" + (f" of {options.deals}" if options.deals else "")]
    if options.threshold is not None:
        parts.append(f"ends at {options.threshold} penalty")
    return " · ".join(parts)


__all__ = [
    "KIND_TITLES",
    "cards_text",
    "combo_name",
    "combo_text",
    "playable_cards",
    "preset_label",
    "session_text",
    "sort_hand",
    "strength",
    "suit_order_text",
]
