"""Sixty's cards and decisions, and their notation (sixty.md §1, §3, §4).

A card is written as its number (``3`` … ``30``) or a joker's two letters:
``AB`` (Abracadabra), ``HP`` (Hocus-pocus), ``ZP`` (Zap); the joker's full
name (``abracadabra``, ``hocus-pocus``, ``zap``) is read too. Cards in a list
are separated by spaces.

A decision is one of::

    attack 4x2          two 4s against the next player holding cards
    pass 4x1            pass the attack on with one more 4
    fight 10x1          fight back with one 10 (then attack: a second decision)
    joker abracadabra   (or hocus-pocus, zap)
    take                take the attack's cards as penalty cards

``4`` alone means ``4x1``. ``parse(str(x)) == x`` for cards and decisions:

>>> Card.parse("AB"), str(Card.TWENTY), Card.parse("hocus-pocus").points
(<Card.ABRACADABRA: 61>, '20', 60)
>>> d = parse_decision("attack 4x2")
>>> d, str(d), d.sum
(Decision(kind='attack', card=4, count=2), 'attack 4x2', 8)
>>> str(parse_decision("joker ZP")), str(parse_decision("pass 5"))
('joker zap', 'pass 5x1')
>>> format_cards(parse_cards("30 AB 3 3"))
'3 3 30 AB'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final, NamedTuple

from ..errors import NotationError


class Card(IntEnum):
    """A card; its value is its number (jokers: 61, 62, 63)."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    TEN = 10
    TWELVE = 12
    FIFTEEN = 15
    TWENTY = 20
    THIRTY = 30
    ABRACADABRA = 61
    HOCUS_POCUS = 62
    ZAP = 63

    def __str__(self) -> str:
        return _TEXT[self.value]

    @property
    def is_joker(self) -> bool:
        return self.value > 60

    @property
    def points(self) -> int:
        """Penalty points: the number, 60 for a joker."""
        return 60 if self.value > 60 else self.value

    @property
    def name_for_people(self) -> str:
        return _NAMES.get(self.value, str(self.value))

    @classmethod
    def parse(cls, text: str) -> Card:
        face = _FACE.get(text.strip().lower())
        if face is None:
            raise NotationError(
                f"{text!r} is not a Sixty card: write a number (3 4 5 6 10 12 15 20 30) "
                "or a joker (AB, HP, ZP)"
            )
        return cls(face)


NUMBERS: Final = (3, 4, 5, 6, 10, 12, 15, 20, 30)
COPIES: Final = (20, 15, 12, 10, 6, 5, 4, 3, 2)
JOKERS: Final = (61, 62, 63)
ABRACADABRA: Final = 61
HOCUS_POCUS: Final = 62
ZAP: Final = 63
FACES: Final = NUMBERS + JOKERS
"""Every kind of card, in the engine's order (type index 0 … 11)."""
TYPE_COPIES: Final = (*COPIES, 2, 2, 2)
DECK_SIZE: Final = 83
POINTS: Final = (*NUMBERS, 60, 60, 60)
"""Penalty points by type index."""
INDEX: Final[tuple[int, ...]] = tuple(FACES.index(f) if f in FACES else -1 for f in range(64))
"""Type index of a face value (``-1`` for no card)."""
CARDS: Final = tuple(Card(f) for f in FACES)
"""The :class:`Card` of each type index."""

_TEXT: Final = {f: str(f) for f in NUMBERS} | {61: "AB", 62: "HP", 63: "ZP"}
_NAMES: Final = {61: "Abracadabra", 62: "Hocus-pocus", 63: "Zap"}
_JOKER_WORDS: Final = {61: "abracadabra", 62: "hocus-pocus", 63: "zap"}
_FACE: Final = (
    {str(f): f for f in NUMBERS}
    | {"ab": 61, "hp": 62, "zp": 63}
    | {w: f for f, w in _JOKER_WORDS.items()}
    | {"hocus_pocus": 62, "hocuspocus": 62}
)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from text separated by spaces (or an iterable of card texts)."""
    items = text.split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(t) for t in items)


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, sorted (numbers up, then jokers)."""
    return " ".join(_TEXT[c] for c in sorted(cards))


ATTACK: Final = "attack"
PASS: Final = "pass"
FIGHT: Final = "fight"
JOKER: Final = "joker"
TAKE: Final = "take"
KINDS: Final = (ATTACK, PASS, FIGHT, JOKER, TAKE)


class Decision(NamedTuple):
    """One decision: ``kind`` with a card face and a count.

    ``card`` is the number played (``attack``, ``pass``, ``fight``), the
    joker's face (``joker``, count 1) or 0 (``take``, count 0). A named
    tuple: the engine makes thousands per second and compares them.
    """

    kind: str
    card: int = 0
    count: int = 0  # type: ignore[assignment]  # a field, shadowing tuple.count

    def __str__(self) -> str:
        if self.kind == JOKER:
            return f"joker {_JOKER_WORDS[self.card]}"
        if self.kind == TAKE:
            return TAKE
        return f"{self.kind} {_TEXT.get(self.card, self.card)}x{self.count}"

    @property
    def sum(self) -> int:
        """The sum of the numbers put down (0 for a joker or a take)."""
        return self.card * self.count if self.kind in (ATTACK, PASS, FIGHT) else 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards taken from the hand."""
        if self.kind == TAKE:
            return ()
        return (Card(self.card),) * self.count

    @classmethod
    def parse(cls, text: str) -> Decision:
        return parse_decision(text)


TAKE_DECISION: Final = Decision(TAKE)


def attack(card: int, count: int = 1) -> Decision:
    return Decision(ATTACK, int(card), count)


def pass_on(card: int, count: int = 1) -> Decision:
    return Decision(PASS, int(card), count)


def fight(card: int, count: int = 1) -> Decision:
    return Decision(FIGHT, int(card), count)


def joker(card: int) -> Decision:
    return Decision(JOKER, int(card), 1)


def parse_decision(text: str) -> Decision:
    """A decision from its notation (see the module docstring)."""
    words = str(text).strip().lower().split()
    if words == [TAKE]:
        return TAKE_DECISION
    if len(words) == 2 and words[0] == JOKER:
        face = _FACE.get(words[1])
        if face is None or face < 61:
            raise NotationError(f"{text!r}: name a joker: abracadabra, hocus-pocus or zap")
        return Decision(JOKER, face, 1)
    if len(words) == 2 and words[0] in (ATTACK, PASS, FIGHT):
        number, x, count = words[1].partition("x")
        face = _FACE.get(number)
        if face is None:  # jokers parse, so the engine can say that jokers cannot attack
            raise NotationError(f"{text!r}: {number!r} is not a card")
        if not x:
            return Decision(words[0], face, 1)
        if not count.isdigit() or int(count) < 1:
            raise NotationError(f"{text!r}: write the count after x, like {words[0]} {face}x2")
        return Decision(words[0], face, int(count))
    raise NotationError(
        f"{text!r} is not a Sixty decision: write attack 4x2, pass 4x1, fight 10x1, "
        "joker abracadabra|hocus-pocus|zap, or take"
    )


def full_deck() -> list[int]:
    """The 83 cards as type indices, in order."""
    return [t for t, k in enumerate(TYPE_COPIES) for _ in range(k)]


def counts_of(cards: Sequence[int]) -> list[int]:
    """Type-index counts (12) of cards given as faces."""
    out = [0] * 12
    for c in cards:
        t = INDEX[int(c)] if 0 <= int(c) < 64 else -1
        if t < 0:
            raise NotationError(f"{c!r} is not a Sixty card")
        out[t] += 1
    return out
