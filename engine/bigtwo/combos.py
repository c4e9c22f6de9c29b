"""Combinations (bigtwo.md §2), their notation, comparison and generation.

A combination is the exact cards played. It is written as its cards,
space separated, lowest rank first (clubs, diamonds, hearts, spades within a
rank, whatever the suit order in force), and the pass as ``pass``::

    >>> c = Combo.parse("4d 3D 5S 6H 7C")
    >>> str(c), c.kind_name
    ('3D 4D 5S 6H 7C', 'straight')
    >>> Combo.parse(str(c)) == c, parse_decision("pass") is PASS
    (True, True)
    >>> Combo.parse("3D 5S").kind_name
    'not a combination'

Internally a set of cards is an int mask: bit ``4 * rank + suit`` (ranks
``3 … 2`` are 0 … 12, suits ``C D H S`` are 0 … 3, as in ``engine.cards``).
How strong a combination is depends on the options (suit order, straights,
``flush_compare``), so a :class:`Combo` made by the engine carries its
comparison key for the options of the game that made it; a parsed one does
not (``key == -1``) until a game classifies it. Equality and hashing look at
the cards only.

Where the rules are silent:

- Notation lists the cards lowest rank first and, within a rank, clubs,
  diamonds, hearts, spades, whatever the suit order in force, so a
  combination is written the same way under every option.
- J-Q-K-A-2 (and the wrap-arounds) is no straight under either order of
  straights; five such cards of one suit are a flush.
- ``flush_compare = rank_first``: the highest card's rank, then its suit,
  then the next highest ranks (two flushes of one suit cannot share their
  top card, so the last step only makes the order total).
- ``suit_first``: the suit, then the ranks from the highest down.

Generation works by structure, never by testing subsets: a hand is read one
rank at a time as a four-bit "nibble" of suits, small combinations come from
tables indexed by rank and nibble, straights walk the ten windows of ranks,
flushes choose five ranks of one suit, full houses pair triples with pairs,
and four of a kind takes each other card as the fifth.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import ClassVar, Final

from ..cards import RANK_CHARS, RANK_NAMES, SUIT_CHARS, SUIT_SYMBOLS, Card
from ..errors import NotationError

INVALID: Final = 0
SINGLE: Final = 1
PAIR: Final = 2
TRIPLE: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8

KIND_NAMES: Final = (
    "not a combination",
    "single",
    "pair",
    "triple",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
KIND_SIZES: Final = (0, 1, 2, 3, 5, 5, 5, 5, 5)
_FIVE_SHIFT: Final = 24
"""Five-card keys are ``(kind - STRAIGHT) << 24 | key within the kind``."""

TWO: Final = 12
ALL_CARDS: Final = (1 << 52) - 1
RANK_MASKS: Final = tuple(15 << 4 * r for r in range(13))
SUIT_MASKS: Final = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))
CARDS: Final = tuple(Card(code >> 2, code & 3) for code in range(52))
"""The card of each bit (``Card(rank, suit)``)."""

# the ten windows of five ranks that are straights, by their lowest rank in
# the order where the 2 sits below the 3: A-2-3-4-5, 2-3-4-5-6, 3-4-5-6-7 …
WINDOWS: Final = (
    (11, 12, 0, 1, 2),
    (12, 0, 1, 2, 3),
    *tuple(tuple(range(k, k + 5)) for k in range(8)),
)
_WINDOW_OF: Final = {sum(1 << r for r in w): i for i, w in enumerate(WINDOWS)}
"""The window of a set of five ranks (a 13-bit mask), if it is a straight."""

_ONES: Final = sum(1 << 4 * r for r in range(13))
_POP: Final = tuple(bin(n).count("1") for n in range(16))
_BITS: Final = tuple(tuple(s for s in range(4) if n >> s & 1) for n in range(16))
_LOW_SUIT: Final = tuple(_BITS[n][0] if n else -1 for n in range(16))


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest rank first (clubs first within a rank).

    >>> [str(c) for c in cards_of(0b1001)]
    ['3C', '3S']
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some cards; raises :class:`NotationError` for a card
    given twice or a joker."""
    mask = 0
    for c in cards:
        if c.is_joker:
            raise NotationError(f"{c} is not a card of the Big Two pack: {_CARD_HELP}")
        bit = 1 << (c.rank * 4 + c.suit)
        if mask & bit:
            raise NotationError(f"{c} is given twice")
        mask |= bit
    return mask


_CARD_HELP: Final = "write rank then suit, like TD (ranks 3-9 T J Q K A 2, suits C D H S)"


def parse_card(text: str) -> Card:
    """One card of the 52 (``TD``, ``10d``); the shared parser's errors
    offer jokers as an example, which Big Two does not have.

    >>> parse_card("10d")
    Card.parse('TD')
    """
    try:
        card = Card.parse(text)
    except NotationError:
        card = None
    if card is None or card.is_joker:
        raise NotationError(f"{text.strip()!r} is not a card: {_CARD_HELP}")
    return card


def parse_mask(text: str) -> int:
    """The mask of cards written like ``3D 4D`` (spaces or commas)."""
    parts = text.replace(",", " ").split()
    if not parts:
        raise NotationError("no cards given: write cards like 3D 4D, or pass")
    return mask_of(parse_card(p) for p in parts)


def format_mask(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask))


def kind_of(mask: int) -> int:
    """The kind of combination some cards make (``INVALID`` when none);
    it does not depend on the options (only the order of straights does).

    >>> [KIND_NAMES[kind_of(parse_mask(t))] for t in ("2S", "9C 9D", "JC QD KH AS 2C")]
    ['single', 'pair', 'not a combination']
    """
    n = popcount(mask)
    if n > 5 or n == 4 or n == 0:
        return INVALID
    counts = []
    rankmask = 0
    for r in range(13):
        k = _POP[mask >> 4 * r & 15]
        if k:
            counts.append(k)
            rankmask |= 1 << r
    if len(counts) == 1:
        return (INVALID, SINGLE, PAIR, TRIPLE, INVALID, INVALID)[n]
    if n != 5:
        return INVALID
    if len(counts) == 2:
        return FOUR_OF_A_KIND if max(counts) == 4 else FULL_HOUSE
    if len(counts) != 5:
        return INVALID
    flush = any(mask & m == mask for m in SUIT_MASKS)
    if rankmask in _WINDOW_OF:
        return STRAIGHT_FLUSH if flush else STRAIGHT
    return FLUSH if flush else INVALID


class Combo(tuple[int, int, int]):
    """The exact cards of a play: ``(mask, kind, key)``; compares and hashes
    by its cards only. A tuple, so the engine makes thousands cheaply."""

    __slots__ = ()

    @property
    def mask(self) -> int:
        return self[0]

    @property
    def kind(self) -> int:
        return self[1]

    @property
    def key(self) -> int:
        """How strong it is among combinations of its size under the
        options of the game that made it (``-1``: not classified)."""
        return self[2]

    @property
    def size(self) -> int:
        return popcount(self[0])

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self[1]]

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards_of(self[0])

    is_pass: ClassVar[bool] = False

    @classmethod
    def parse(cls, text: str) -> Combo:
        """Cards like ``9C 9D``; any set of distinct cards parses (a set
        that is no combination has kind ``INVALID``: the game refuses it)."""
        mask = parse_mask(text)
        return tuple.__new__(cls, (mask, kind_of(mask), -1))

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Combo:
        mask = mask_of(cards)
        return tuple.__new__(cls, (mask, kind_of(mask), -1))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Combo) and other[0] == self[0]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self[0])

    def __str__(self) -> str:
        return format_mask(self[0])

    def __repr__(self) -> str:
        return f"Combo.parse({str(self)!r})"

    def pretty(self) -> str:
        """Human text: ``pair 9♣ 9♦``, ``straight 3♦ 4♦ 5♠ 6♥ 7♣``."""
        cards = " ".join(c.pretty() for c in cards_of(self[0]))
        return cards if self[1] == SINGLE else f"{KIND_NAMES[self[1]]} {cards}"


class Pass:
    """The pass (one instance, :data:`PASS`)."""

    __slots__ = ()
    is_pass: ClassVar[bool] = True
    size: ClassVar[int] = 0

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"

    def pretty(self) -> str:
        return "pass"

    def __reduce__(self) -> str:
        return "PASS"


PASS: Final = Pass()
Decision = Combo | Pass


def parse_decision(text: str) -> Decision:
    """A decision from its notation: ``pass`` or cards (``str`` inverts it)."""
    if text.strip().lower() == "pass":
        return PASS
    return Combo.parse(text)


def _make(mask: int, kind: int, key: int) -> Combo:
    return tuple.__new__(Combo, (mask, kind, key))


def card_name(code: int) -> str:
    """``3♦`` for a bit index."""
    return RANK_NAMES[code >> 2] + SUIT_SYMBOLS[code & 3]


def card_text(code: int) -> str:
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


_Tables = tuple[tuple[tuple[Combo, ...], ...], ...]


class Rules:
    """Comparison keys and generation tables for one setting of the three
    options that decide strength; shared (see :func:`rules_for`), never
    mutated after construction."""

    above: tuple[int, ...]
    flush_compare: str
    leads_small: _Tables
    pairs: _Tables
    singles: tuple[Combo, ...]
    singles_by_nib: _Tables
    srank: tuple[int, ...]
    straights: str
    strength: tuple[int, ...]
    suit_order: str
    triples: _Tables
    window_key: tuple[int, ...]
    window_top: tuple[int, ...]

    __slots__ = (
        "above",
        "flush_compare",
        "leads_small",
        "pairs",
        "singles",
        "singles_by_nib",
        "srank",
        "straights",
        "strength",
        "suit_order",
        "triples",
        "window_key",
        "window_top",
    )

    SUITS_BY_ORDER: ClassVar[dict[str, tuple[int, ...]]] = {
        # natural suit indices (C D H S) from lowest to highest
        "standard": (1, 0, 2, 3),
        "pusoy_dos": (0, 3, 2, 1),
        "bridge": (0, 1, 2, 3),
    }

    def __init__(self, suit_order: str, straights: str, flush_compare: str) -> None:
        self.suit_order = suit_order
        self.straights = straights
        self.flush_compare = flush_compare
        order = self.SUITS_BY_ORDER[suit_order]
        srank = [0] * 4
        for i, s in enumerate(order):
            srank[s] = i
        self.srank = tuple(srank)
        self.strength = tuple((c >> 2) * 4 + srank[c & 3] for c in range(52))
        self.singles = tuple(_make(1 << c, SINGLE, self.strength[c]) for c in range(52))
        # cards stronger than a single of each key
        self.above = tuple(
            sum(1 << c for c in range(52) if self.strength[c] > k) for k in range(52)
        )
        singles_by_nib: list[tuple[tuple[Combo, ...], ...]] = []
        pairs: list[tuple[tuple[Combo, ...], ...]] = []
        triples: list[tuple[tuple[Combo, ...], ...]] = []
        leads: list[tuple[tuple[Combo, ...], ...]] = []
        for r in range(13):
            s_row, p_row, t_row, l_row = [], [], [], []
            for nib in range(16):
                suits = sorted(_BITS[nib], key=lambda s: srank[s])
                sing = tuple(self.singles[4 * r + s] for s in suits)
                pr = tuple(
                    sorted(
                        (
                            _make(
                                (1 << 4 * r + a) | (1 << 4 * r + b),
                                PAIR,
                                r * 4 + max(srank[a], srank[b]),
                            )
                            for a, b in itertools.combinations(suits, 2)
                        ),
                        key=lambda c: c[2],
                    )
                )
                tr = tuple(
                    _make(sum(1 << 4 * r + s for s in trio), TRIPLE, r)
                    for trio in itertools.combinations(suits, 3)
                )
                s_row.append(sing)
                p_row.append(pr)
                t_row.append(tr)
                l_row.append(sing + pr + tr)
            singles_by_nib.append(tuple(s_row))
            pairs.append(tuple(p_row))
            triples.append(tuple(t_row))
            leads.append(tuple(l_row))
        self.singles_by_nib = tuple(singles_by_nib)
        self.pairs = tuple(pairs)
        self.triples = tuple(triples)
        self.leads_small = tuple(leads)
        # the place of each window in the order of straights, and the rank
        # of its top card (whose suit breaks ties)
        if straights == "hong_kong":
            places = [9, 8, *range(8)]
            tops = [TWO, TWO, *(k + 4 for k in range(8))]
        else:
            places = list(range(10))
            tops = [2, 3, *(k + 4 for k in range(8))]
        self.window_key = tuple(places)
        self.window_top = tuple(tops)

    # -- keys ---------------------------------------------------------------

    def flush_key(self, ranks_desc: tuple[int, ...], suit: int) -> int:
        """Within flushes: suit then ranks (``suit_first``), or the highest
        rank, then suit, then the other ranks (``rank_first``)."""
        s = self.srank[suit]
        r0, r1, r2, r3, r4 = ranks_desc
        if self.flush_compare == "suit_first":
            return (((((s * 13 + r0) * 13 + r1) * 13 + r2) * 13 + r3) * 13) + r4
        return (((((r0 * 4 + s) * 13 + r1) * 13 + r2) * 13 + r3) * 13) + r4

    def key(self, mask: int, kind: int) -> int:
        """The comparison key of cards of a known valid ``kind``."""
        if kind == SINGLE:
            return self.strength[mask.bit_length() - 1]
        if kind == PAIR:
            low = mask & -mask
            return max(self.strength[low.bit_length() - 1], self.strength[mask.bit_length() - 1])
        if kind == TRIPLE:
            return (mask.bit_length() - 1) >> 2
        base = (kind - STRAIGHT) << _FIVE_SHIFT
        counts = [_POP[mask >> 4 * r & 15] for r in range(13)]
        if kind in (STRAIGHT, STRAIGHT_FLUSH):
            rankmask = sum(1 << r for r in range(13) if counts[r])
            w = _WINDOW_OF[rankmask]
            top = self.window_top[w]
            suit = _BITS[mask >> 4 * top & 15][0]
            return base | self.window_key[w] * 4 + self.srank[suit]
        if kind == FLUSH:
            ranks = tuple(r for r in range(12, -1, -1) if counts[r])
            suit = _BITS[mask >> 4 * ranks[0] & 15][0]
            return base | self.flush_key(ranks, suit)
        want = 3 if kind == FULL_HOUSE else 4
        return base | counts.index(want)

    def combo(self, mask: int) -> Combo:
        """The classified combination of some cards (kind ``INVALID`` when
        they make none)."""
        kind = kind_of(mask)
        return _make(mask, kind, self.key(mask, kind) if kind else -1)

    # -- generation -----------------------------------------------------------

    def all_plays(self, hand: int) -> list[Combo]:
        """Every combination in a hand: singles, pairs, triples (rank by
        rank, weakest first), then the five-card hands."""
        out: list[Combo] = []
        leads = self.leads_small
        for r in range(13):
            nib = hand >> 4 * r & 15
            if nib:
                out += leads[r][nib]
        self.fives(hand, -1, out)
        return out

    def beating(self, hand: int, top: Combo) -> list[Combo]:
        """The combinations in a hand that beat ``top`` (same size, higher key)."""
        kind = top[1]
        topkey = top[2]
        out: list[Combo] = []
        if kind == SINGLE:
            bits = hand & self.above[topkey]
            table = self.singles_by_nib
            for r in range(topkey >> 2, 13):
                nib = bits >> 4 * r & 15
                if nib:
                    out += table[r][nib]
        elif kind == PAIR:
            tr = topkey >> 2
            nib = hand >> 4 * tr & 15
            if _POP[nib] >= 2:
                out += [c for c in self.pairs[tr][nib] if c[2] > topkey]
            pairs = self.pairs
            for r in range(tr + 1, 13):
                nib = hand >> 4 * r & 15
                if _POP[nib] >= 2:
                    out += pairs[r][nib]
        elif kind == TRIPLE:
            triples = self.triples
            for r in range(topkey + 1, 13):
                nib = hand >> 4 * r & 15
                if _POP[nib] >= 3:
                    out += triples[r][nib]
        else:
            self.fives(hand, topkey, out)
        return out

    def fives(self, hand: int, above: int, out: list[Combo]) -> None:
        """Append the five-card hands of ``hand`` whose key is above ``above``
        (``-1``: all of them)."""
        nibs = [hand >> 4 * r & 15 for r in range(13)]
        min_kind = above >> _FIVE_SHIFT if above >= 0 else 0
        srank = self.srank
        if min_kind <= STRAIGHT_FLUSH - STRAIGHT:
            wkey = self.window_key
            wtop = self.window_top
            sf_only = min_kind > 0
            for w, ranks in enumerate(WINDOWS):
                a, b, c, d, e = ranks
                na, nb, nc, nd, ne = nibs[a], nibs[b], nibs[c], nibs[d], nibs[e]
                if not (na and nb and nc and nd and ne):
                    continue
                top = wtop[w]
                base_key = wkey[w] * 4
                if sf_only:
                    common = na & nb & nc & nd & ne
                    for s in _BITS[common]:
                        key = 4 << _FIVE_SHIFT | base_key + srank[s]
                        if key > above:
                            m = (1 << 4 * a + s) | (1 << 4 * b + s) | (1 << 4 * c + s)
                            m |= (1 << 4 * d + s) | (1 << 4 * e + s)
                            out.append(_make(m, STRAIGHT_FLUSH, key))
                    continue
                for sa in _BITS[na]:
                    ma = 1 << 4 * a + sa
                    for sb in _BITS[nb]:
                        mb = ma | 1 << 4 * b + sb
                        for sc in _BITS[nc]:
                            mc = mb | 1 << 4 * c + sc
                            for sd in _BITS[nd]:
                                md = mc | 1 << 4 * d + sd
                                for se in _BITS[ne]:
                                    m = md | 1 << 4 * e + se
                                    st = srank[_LOW_SUIT[m >> 4 * top & 15]]
                                    if sa == sb == sc == sd == se:
                                        key = 4 << _FIVE_SHIFT | base_key + st
                                        kind = STRAIGHT_FLUSH
                                    else:
                                        key = base_key + st
                                        kind = STRAIGHT
                                    if key > above:
                                        out.append(_make(m, kind, key))
        if min_kind <= FLUSH - STRAIGHT:
            for s in range(4):
                if (hand >> s & _ONES).bit_count() < 5:
                    continue
                in_suit = [r for r in range(12, -1, -1) if nibs[r] >> s & 1]
                base = 1 << _FIVE_SHIFT
                for five in itertools.combinations(in_suit, 5):
                    rankmask = (1 << five[0]) | (1 << five[1]) | (1 << five[2])
                    rankmask |= (1 << five[3]) | (1 << five[4])
                    if rankmask in _WINDOW_OF:
                        continue  # a straight flush, listed with the straights
                    key = base | self.flush_key(five, s)
                    if key > above:
                        m = 0
                        for r in five:
                            m |= 1 << 4 * r + s
                        out.append(_make(m, FLUSH, key))
        if min_kind <= FULL_HOUSE - STRAIGHT:
            base = 2 << _FIVE_SHIFT
            trips = [r for r in range(13) if _POP[nibs[r]] >= 3 and base | r > above]
            if trips:
                pair_ranks = [r for r in range(13) if _POP[nibs[r]] >= 2]
                for t in trips:
                    for tri in self.triples[t][nibs[t]]:
                        for p in pair_ranks:
                            if p != t:
                                for pr in self.pairs[p][nibs[p]]:
                                    out.append(_make(tri[0] | pr[0], FULL_HOUSE, base | t))
        if min_kind <= FOUR_OF_A_KIND - STRAIGHT:
            base = 3 << _FIVE_SHIFT
            for q in range(13):
                if nibs[q] == 15 and base | q > above:
                    quad = 15 << 4 * q
                    rest = hand & ~quad
                    while rest:
                        low = rest & -rest
                        out.append(_make(quad | low, FOUR_OF_A_KIND, base | q))
                        rest ^= low


@functools.cache
def rules_for(suit_order: str, straights: str, flush_compare: str) -> Rules:
    """The shared tables of one setting (built once per process)."""
    return Rules(suit_order, straights, flush_compare)
