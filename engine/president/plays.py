"""Decisions: plays, the pass, and give-backs in the exchange.

A play is identified by its rank and its number of cards (which cards of
that rank move is the engine's choice, clubs first, so a play of 3s by the
holder of 3♣ always contains it). Notation: the rank character repeated,
``pass`` for the pass, and ``give`` followed by cards for a give-back::

    >>> Play.parse("KK"), Play.parse("X"), Play.parse("pass")
    (Play.parse('KK'), Play.parse('X'), Play.parse('pass'))
    >>> Play.parse("TTT").count, str(Play(7, 3))
    (3, 'TTT')
    >>> str(parse_decision("give 3C 4D"))
    'give 3C 4D'
    >>> Play(0, 2) is Play.parse("33")
    True
"""

from __future__ import annotations

import operator
from collections.abc import Hashable
from typing import ClassVar

from ..cards import JOKER, NUM_RANKS, RANK_CHARS, RANK_NAMES, Card, format_cards, parse_cards
from ..errors import NotationError


class Play:
    """A set of ``count`` cards of ``rank``, or the pass (``count == 0``).

    Instances are interned, so generated plays cost no allocation and compare
    by identity as well as by value.
    """

    __slots__ = ("count", "rank")
    _table: ClassVar[list[list[Play | None]]] = [[None] * 9 for _ in range(NUM_RANKS)]
    PASS: ClassVar[Play]

    rank: int
    count: int

    def __new__(cls, rank: int, count: int) -> Play:
        if count == 0:
            rank = 0
        if not (0 <= rank < NUM_RANKS and 0 <= count <= 8):
            raise NotationError(f"no play of {count} cards of rank {rank}")
        cached = cls._table[rank][count]
        if cached is None:
            cached = object.__new__(cls)
            object.__setattr__(cached, "rank", rank)
            object.__setattr__(cached, "count", count)
            cls._table[rank][count] = cached
        return cached

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Play is immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[int, int]]:
        return (Play, (self.rank, self.count))

    @property
    def is_pass(self) -> bool:
        return self.count == 0

    @classmethod
    def parse(cls, text: str) -> Play:
        t = text.strip().upper()
        if t == "PASS":
            return PASS
        t = t.replace("10", "T")
        if not t or len(t) > 8 or any(ch != t[0] for ch in t) or t[0] not in RANK_CHARS:
            raise NotationError(
                f"{text!r} is not a play: repeat the rank once per card (KK, 333, X) or say pass"
            )
        return cls(RANK_CHARS.index(t[0]), len(t))

    def __str__(self) -> str:
        return "pass" if self.count == 0 else RANK_CHARS[self.rank] * self.count

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    def pretty(self) -> str:
        """Human text: ``pair of K``, ``three 10s``, ``Joker``, ``pass``."""
        if self.count == 0:
            return "pass"
        name = RANK_NAMES[self.rank]
        if self.rank == JOKER:
            return "Joker" if self.count == 1 else f"{self.count} Jokers"
        if self.count == 1:
            return f"single {name}"
        words = {2: "pair of", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
        plural = f"{name}s" if self.count > 2 else name
        return f"{words[self.count]} {plural}"

    def __lt__(self, other: Play) -> bool:
        return (self.count, self.rank) < (other.count, other.rank)


PASS = Play(0, 0)
Play.PASS = PASS


_CARD_ORDER = operator.attrgetter("_key")


class Give:
    """Cards a receiver gives back in the exchange."""

    __slots__ = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...] | list[Card]) -> None:
        # sorted by a key in C rather than by Card.__lt__ in Python (same order):
        # an exchange lists up to a few hundred gives
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_CARD_ORDER)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Give is immutable")

    @classmethod
    def parse(cls, text: str) -> Give:
        t = text.strip()
        if not t.lower().startswith("give"):
            raise NotationError(
                f"{text!r} is not a give-back: write give and the cards, like give 3C 4D"
            )
        return cls(parse_cards(t[4:]))

    def __str__(self) -> str:
        return "give " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Give.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Give) and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(c.rank for c in self.cards)


Decision = Play | Give


def parse_decision(text: str) -> Decision:
    """Parse any decision from its notation (``str`` inverts it)."""
    if text.strip().lower().startswith("give"):
        return Give.parse(text)
    return Play.parse(text)


def decision_key(decision: Decision) -> Hashable:
    """The same key for decisions that are the same one: suits never matter
    in President, so a give-back is its ranks (the legal decisions offer one
    give-back per set of ranks, and any cards of those ranks are it).

    >>> decision_key(Give(parse_cards("4C 9H"))) == decision_key(Give(parse_cards("9S 4D")))
    True
    """
    if isinstance(decision, Give):
        return ("give", tuple(sorted(c.rank for c in decision.cards)))
    return str(decision)
