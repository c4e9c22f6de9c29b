"""Cards, ranks and the card notation.

A card is written as its rank character followed by its suit character::

    >>> Card.parse("TD")
    Card.parse('TD')
    >>> str(Card.parse("2c"))
    '2C'
    >>> Card.parse("X1").is_joker
    True

Ranks are ``3 4 5 6 7 8 9 T J Q K A 2`` and the joker rank ``X``; suits are
``C D H S``. Jokers are written ``X1`` and ``X2`` (the two jokers of a deck;
they are the same rank, the digit only tells them apart in pictures).
With two decks the same card exists twice; hands are multisets.

Internally a rank is a small int: its index in the *natural* order
``3 … 2`` (0 … 12) and 13 for jokers. How strong a rank is depends on the
options (``engine.options``), never on this index alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from .errors import NotationError

RANK_CHARS: Final = "3456789TJQKA2X"
SUIT_CHARS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "Joker")

THREE: Final = 0
FOUR: Final = 1
FIVE: Final = 2
SIX: Final = 3
SEVEN: Final = 4
TEN: Final = 7
ACE: Final = 11
TWO: Final = 12
JOKER: Final = 13
NUM_RANKS: Final = 14
NATURAL_RANKS: Final = tuple(range(13))

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3


def rank_char(rank: int) -> str:
    """The one-character notation of a rank.

    >>> rank_char(7), rank_char(13)
    ('T', 'X')
    """
    return RANK_CHARS[rank]


def parse_rank(text: str) -> int:
    """Parse a rank character (``10`` is accepted for ``T``).

    >>> parse_rank("t"), parse_rank("10"), parse_rank("X")
    (7, 7, 13)
    """
    t = text.strip().upper()
    if t == "10":
        return TEN
    if len(t) == 1 and t in RANK_CHARS:
        return RANK_CHARS.index(t)
    raise NotationError(f"{text!r} is not a rank: use one of 3 4 5 6 7 8 9 T J Q K A 2 X")


class Card:
    """An immutable playing card: a rank and a suit, or a joker.

    For a joker ``suit`` is 0 or 1 (``X1`` or ``X2``).
    Cards are interned: ``Card(r, s) is Card(r, s)``.
    """

    __slots__ = ("_key", "rank", "suit")
    _cache: ClassVar[dict[tuple[int, int], Card]] = {}

    rank: int
    suit: int
    _key: int

    def __new__(cls, rank: int, suit: int) -> Card:
        cached = cls._cache.get((rank, suit))
        if cached is not None:
            return cached
        if not 0 <= rank < NUM_RANKS:
            raise NotationError(f"rank {rank} out of range")
        if not 0 <= suit < (2 if rank == JOKER else 4):
            raise NotationError(f"suit {suit} out of range for rank {rank_char(rank)}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_key", rank * 4 + suit)
        cls._cache[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"TD"``, ``"10d"``, ``"X1"``; the inverse of ``str``."""
        t = text.strip().upper()
        if t in ("X1", "X2"):
            return cls(JOKER, int(t[1]) - 1)
        if len(t) < 2:
            raise NotationError(f"{text!r} is not a card: write rank then suit, like TD or X1")
        rank = parse_rank(t[:-1])
        if rank == JOKER or t[-1] not in SUIT_CHARS:
            raise NotationError(f"{text!r} is not a card: write rank then suit, like TD or X1")
        return cls(rank, SUIT_CHARS.index(t[-1]))

    def __str__(self) -> str:
        if self.rank == JOKER:
            return f"X{self.suit + 1}"
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def pretty(self) -> str:
        """Human text: ``10♦``, ``Joker``."""
        if self.rank == JOKER:
            return "Joker"
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    def __hash__(self) -> int:
        return self._key


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, sorted by natural rank.

    >>> format_cards(parse_cards("2S 3C,x1"))
    '3C 2S X1'
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(sorted(Card.parse(p) for p in parts))


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space separated (``parse_cards`` inverts it)."""
    return " ".join(str(c) for c in cards)


def make_deck(decks: int, jokers: int, short_pack: bool) -> list[Card]:
    """The pack for the given options, in a fixed order (shuffle it yourself).

    >>> len(make_deck(1, 0, False)), len(make_deck(2, 4, False)), len(make_deck(1, 2, True))
    (52, 108, 42)
    """
    ranks = [r for r in NATURAL_RANKS if not (short_pack and r in (FOUR, FIVE, SIX))]
    cards = [Card(r, s) for _ in range(decks) for r in ranks for s in range(4)]
    cards.extend(Card(JOKER, i % 2) for i in range(jokers))
    return cards
