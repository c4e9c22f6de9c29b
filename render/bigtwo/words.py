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

import re
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
from locales import N_, _, current, format_number

PAIRS: Final = (
    # Translators: a pair in Big Two, named by its rank (3, 4 … 10, jack, queen,
    # king, ace, 2) as card players say it
    N_("Pair of 3s"),
    N_("Pair of 4s"),
    N_("Pair of 5s"),
    N_("Pair of 6s"),
    N_("Pair of 7s"),
    N_("Pair of 8s"),
    N_("Pair of 9s"),
    N_("Pair of 10s"),
    N_("Pair of jacks"),
    N_("Pair of queens"),
    N_("Pair of kings"),
    N_("Pair of aces"),
    N_("Pair of 2s"),
)
TRIPLES: Final = (
    # Translators: three cards of one rank (a triple) in Big Two
    N_("Three 3s"),
    N_("Three 4s"),
    N_("Three 5s"),
    N_("Three 6s"),
    N_("Three 7s"),
    N_("Three 8s"),
    N_("Three 9s"),
    N_("Three 10s"),
    N_("Three jacks"),
    N_("Three queens"),
    N_("Three kings"),
    N_("Three aces"),
    N_("Three 2s"),
)
FULL_HOUSES: Final = (
    # Translators: a full house in Big Two, named by the rank of its three cards
    N_("Full house, 3s"),
    N_("Full house, 4s"),
    N_("Full house, 5s"),
    N_("Full house, 6s"),
    N_("Full house, 7s"),
    N_("Full house, 8s"),
    N_("Full house, 9s"),
    N_("Full house, 10s"),
    N_("Full house, jacks"),
    N_("Full house, queens"),
    N_("Full house, kings"),
    N_("Full house, aces"),
    N_("Full house, 2s"),
)
FOURS: Final = (
    # Translators: four of a kind in Big Two (played with one more card), named by its rank
    N_("Four 3s"),
    N_("Four 4s"),
    N_("Four 5s"),
    N_("Four 6s"),
    N_("Four 7s"),
    N_("Four 8s"),
    N_("Four 9s"),
    N_("Four 10s"),
    N_("Four jacks"),
    N_("Four queens"),
    N_("Four kings"),
    N_("Four aces"),
    N_("Four 2s"),
)
KIND_TITLES: Final = {
    # Translators: the types of play in Big Two, as players call them (a menu shows them)
    SINGLE: N_("Single"),
    PAIR: N_("Pair"),
    TRIPLE: N_("Triple"),
    STRAIGHT: N_("Straight"),
    FLUSH: N_("Flush"),
    FULL_HOUSE: N_("Full house"),
    FOUR_OF_A_KIND: N_("Four of a kind"),
    STRAIGHT_FLUSH: N_("Straight flush"),
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
        return _(PAIRS[ranks[0]])
    if kind == TRIPLE:
        return _(TRIPLES[ranks[0]])
    if kind in (STRAIGHT, STRAIGHT_FLUSH):
        low, high = _straight_ends(ranks)
        if kind == STRAIGHT:
            # Translators: a straight from its lowest card to its highest: "Straight, 3 to 7"
            return _("Straight, {low} to {high}").format(low=RANK_NAMES[low], high=RANK_NAMES[high])
        # Translators: a straight flush, its suit (a symbol) and its ends:
        # "Straight flush ♠, 3 to 7"
        return _("Straight flush {suit}, {low} to {high}").format(
            suit=SUIT_SYMBOLS[cards[0].suit], low=RANK_NAMES[low], high=RANK_NAMES[high]
        )
    if kind == FLUSH:
        # Translators: a flush, its suit (a symbol) and its highest card: "Flush ♥, K high"
        return _("Flush {suit}, {rank} high").format(
            suit=SUIT_SYMBOLS[cards[0].suit], rank=RANK_NAMES[max(ranks)]
        )
    if kind == FULL_HOUSE:
        triple = next(r for r in ranks if ranks.count(r) == 3)
        return _(FULL_HOUSES[triple])
    if kind == FOUR_OF_A_KIND:
        quad = next(r for r in ranks if ranks.count(r) == 4)
        return _(FOURS[quad])
    return _("Not a combination")


def kind_title(kind: int) -> str:
    """The type of a play as a menu names it: ``Full house``."""
    return _(KIND_TITLES[kind]) if kind in KIND_TITLES else _("Not a combination")


def combo_text(combo: Combo) -> str:
    """The name and the exact cards: ``Pair of 9s (9♣ 9♦)``; a single is its card."""
    if combo.kind == SINGLE:
        return combo_name(combo)
    # Translators: a play's name, then its exact cards: "Pair of 9s (9♣ 9♦)"
    return _("{name} ({cards})").format(name=combo_name(combo), cards=cards_text(combo.cards))


def suit_order_text(options: Options) -> str:
    return SUIT_ORDER_TEXT.get(options.suit_order, options.suit_order)


PRESET_LABELS: Final = {
    # Translators: the names of Big Two's presets (rule sets) as shown; players type
    # standard, hong_kong and pusoy_dos to choose them
    "standard": N_("Standard"),
    "hong_kong": N_("Hong Kong"),
    "pusoy_dos": N_("Pusoy Dos"),
}


def preset_label(options: Options) -> str:
    label = PRESET_LABELS.get(options.preset)
    return _(label) if label is not None else options.preset.replace("_", " ").title()


def session_text(options: Options, deal: int) -> str:
    """``Deal 2 of 4`` or ``Deal 2 · to 50 penalty points``."""
    loc = current()
    number = format_number(loc, max(1, deal))
    if options.deals:
        deals = format_number(loc, options.deals)
        parts = [_("Deal {number} of {deals}").format(number=number, deals=deals)]
    else:
        parts = [_("Deal {number}").format(number=number)]
    if options.threshold is not None:
        # Translators: the session ends when someone's penalty total reaches this many points
        parts.append(
            _("ends at {points} penalty").format(points=format_number(loc, options.threshold))
        )
    return " · ".join(parts)


def with_names(line: str, **players: int) -> list[str | int]:
    """A translated ``line`` cut at its name placeholders, each replaced by the
    player's number, so the names are drawn with their own fonts (a replay's
    caption): ``with_names("{name} passes", name=2)`` is ``[2, " passes"]``.

    >>> with_names("{winner} wins, {loser} scores 5", winner=0, loser=3)
    [0, ' wins, ', 3, ' scores 5']
    """
    keys = "|".join(re.escape("{" + k + "}") for k in players)
    parts: list[str | int] = []
    at = 0
    for m in re.finditer(keys, line):
        if m.start() > at:
            parts.append(line[at : m.start()])
        parts.append(players[m.group()[1:-1]])
        at = m.end()
    if at < len(line):
        parts.append(line[at:])
    return parts


__all__ = [
    "KIND_TITLES",
    "cards_text",
    "combo_name",
    "combo_text",
    "kind_title",
    "playable_cards",
    "preset_label",
    "session_text",
    "sort_hand",
    "strength",
    "suit_order_text",
    "with_names",
]
