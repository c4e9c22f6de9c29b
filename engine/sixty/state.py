"""The Sixty game state: deals, attacks, jokers, fights, takes and scoring.

Implements ``sixty.md`` (§1-§7). The state is mutable; :meth:`Sixty.apply`
validates a decision and leaves the state unchanged when it refuses one.
:meth:`Sixty.apply_unchecked` is the fast path for decisions the engine
generated itself (computer players, playouts, replays already checked).

Players are ``0 … n-1``; clockwise is increasing numbers (direction +1).

Phases: ``attack`` (the player to act attacks the next player holding
cards), ``defend`` (the player to act is the defender of the attack in
flight), ``round_over`` (waiting for :meth:`Sixty.start_round`) and
``game_over``.

Where the rules are silent, this engine decides:

- Fight back is two decisions of the same player: ``fight`` (the attack's
  and the fighter's cards go to the discard pile, the fighter draws), then
  the fighter's normal ``attack`` (``current_player`` stays the fighter).
  A fighter left with no number card misses that attack like anyone else.
- Pass-ons, fights and attacks may use any number of cards; ``pass 4x2``
  names the number although it must be the attack's (records read better).
- After Abracadabra the new defender is the nearest earlier player holding
  cards; the flipped direction then sends a pass-on back towards the joker
  player.
- Hocus-pocus and Zap pass the attack to the next player holding cards
  after the joker player; they are refused when nobody else holds cards
  (the last-holder ban covers exactly that case).
- Nobody draws after a take (no card was put down). A player whose hand
  runs out while the deck is empty is ``out`` and never acts again in the
  round.
- The "joker left in hand counts 60" and "number cards in hand count their
  number" rules both apply at the end of the round (§5, §7).
- Round scores: positions by the round's penalty (lower is better, tied
  players share the place: competition ranking). The game's winners are
  all players sharing the lowest total after the regular rounds and any
  tie-break; standings break ties by the last round's penalty, then by
  player number.
- ``tiebreak = one_round``: a tie for the lowest total after the regular
  rounds plays one more round for everyone, added to the totals; a tie
  after it is a shared win. ``until_broken`` plays more rounds until the
  lowest total is one player's; ``shared`` never plays one.
- Round 1's starter is random (drawn after the deal, kept in the record);
  later rounds follow §7 (most penalty points so far; ties go to the first
  clockwise from the previous starter, counting that starter).
- Deals: the deck is shuffled by a random-number generator seeded from the
  game's seed and the round number, so a state stores one seed. A deal of
  five jokers to one player is dealt again from the same generator.
- ``deck`` in a deal lists the cards in the order they are drawn: the
  first card is drawn first. Positions from given hands (:meth:`Sixty.from_hands`)
  put the cards in neither the hands nor the deck on the discard pile.
- Refusals carry ``reason`` codes: ``not_your_turn``, ``wrong_phase``,
  ``not_held``, ``jokers_cannot_attack`` (a joker in an attack, pass-on or
  fight), ``mixed_numbers`` (a pass-on with another number: an attack holds
  one number), ``same_number_cannot_fight``, ``sum_not_greater``,
  ``not_in_discard``, ``no_joker_for_last_holder``, ``nobody_to_pass_to``,
  ``take_not_allowed``, ``not_a_joker``, ``no_cards``.
- ``default_decision()`` (a timed-out player): take when allowed;
  otherwise, defending, pass on with one card, else the fight with the
  smallest sum (fewest cards among equal sums), else a joker (Hocus-pocus,
  then Zap, then Abracadabra: the ones that keep the attack moving away);
  attacking, one card of the lowest number held.

>>> from engine.sixty import Sixty, preset
>>> g = Sixty.new_game(preset("standard"), seed=1)
>>> g.phase, g.round_number, sum(g.sizes), g.deck_count
('attack', 1, 20, 63)
>>> d = g.default_decision()
>>> str(d), [e.kind for e in g.apply(d)]
('attack 3x1', ['attack', 'draw'])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from .. import kit
from ..errors import IllegalDecision, NotYourTurn, RecordError, WrongPhase
from ..game import RoundScore, places
from .cards import (
    ABRACADABRA,
    ATTACK,
    CARDS,
    DECK_SIZE,
    FACES,
    FIGHT,
    HOCUS_POCUS,
    INDEX,
    JOKER,
    PASS,
    POINTS,
    TAKE,
    TAKE_DECISION,
    TYPE_COPIES,
    ZAP,
    Card,
    Decision,
    full_deck,
    parse_cards,
    parse_decision,
)
from .options import N_, Options
from .views import AttackView, Event, Observation, PublicView

ATTACK_PHASE: Final = "attack"
DEFEND: Final = "defend"
ROUND_OVER: Final = "round_over"
GAME_OVER: Final = "game_over"

HAND: Final = 5
_AB, _HP, _ZP = INDEX[ABRACADABRA], INDEX[HOCUS_POCUS], INDEX[ZAP]
_SHIFT: Final = tuple(1 << 3 * t for t in range(12))

# Legal decisions depend on little: the hand (packed three bits per kind)
# and, defending, the attack and four flags. Random playouts and the
# computer players revisit the same keys constantly, so lists are cached.
_ATTACK_CACHE: dict[int, tuple[Decision, ...]] = {}
_DEFEND_CACHE: dict[int, tuple[Decision, ...]] = {}
_CACHE_LIMIT: Final = 300_000

_ATTACKS: Final = [
    [Decision(ATTACK, f, k) for k in range(HAND + 1)] for f in FACES
]  # indexed [type][count]; a hand never holds more than five cards
_JOKER_DECISIONS: Final = {t: Decision(JOKER, FACES[t], 1) for t in (_AB, _HP, _ZP)}


def _attack_list(packed: int) -> tuple[Decision, ...]:
    out: list[Decision] = []
    for t in range(9):
        c = packed >> 3 * t & 7
        if c:
            row = _ATTACKS[t]
            out.extend(row[1 : c + 1])
    result = tuple(out)
    if len(_ATTACK_CACHE) > _CACHE_LIMIT:
        _ATTACK_CACHE.clear()
    _ATTACK_CACHE[packed] = result
    return result


def _defend_list(key: int) -> tuple[Decision, ...]:
    """Legal defences for a cache key (see :meth:`Sixty._defend_key`)."""
    packed = key & 0xFFFFFFFFF
    at = key >> 36 & 15
    k = key >> 40 & 255
    hp_ok = key >> 48 & 1
    alone = key >> 49 & 1  # the defender is the last player holding cards
    voluntary = key >> 50 & 1
    face = FACES[at]
    total = face * k
    out: list[Decision] = []
    held = packed >> 3 * at & 7
    if held and not alone:
        out.extend(Decision(PASS, face, m) for m in range(1, held + 1))
    for t in range(9):
        if t == at:
            continue
        c = packed >> 3 * t & 7
        if not c:
            continue
        f = FACES[t]
        need = total // f + 1
        for m in range(need, c + 1):
            out.append(Decision(FIGHT, f, m))
    if not alone:
        if packed >> 3 * _AB & 7:
            out.append(_JOKER_DECISIONS[_AB])
        if hp_ok and packed >> 3 * _HP & 7:
            out.append(_JOKER_DECISIONS[_HP])
        if packed >> 3 * _ZP & 7:
            out.append(_JOKER_DECISIONS[_ZP])
    if voluntary or not out:
        out.append(TAKE_DECISION)
    result = tuple(out)
    if len(_DEFEND_CACHE) > _CACHE_LIMIT:
        _DEFEND_CACHE.clear()
    _DEFEND_CACHE[key] = result
    return result


def _cards_text(types: Sequence[int]) -> str:
    return " ".join(str(CARDS[t]) for t in types)


def _types(cards: str | Sequence[int]) -> list[int]:
    parsed = parse_cards(cards) if isinstance(cards, str) else cards
    return [INDEX[int(c)] for c in parsed]


@dataclass(frozen=True, slots=True)
class Deal:
    """How a round starts: the hands by player, the deck in drawing order
    (first card drawn first), the discard pile (empty in a real deal), the
    starter, and how many times the deal was redone for five jokers.
    Stored in records, so a replay needs no random numbers."""

    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    starter: int
    discard: tuple[Card, ...] = ()
    redeals: int = 0

    @classmethod
    def of(
        cls,
        hands: Sequence[str | Sequence[int]],
        deck: str | Sequence[int] | None = None,
        starter: int = 0,
        seed: int = 0,
    ) -> Deal:
        """A deal from given hands (at most five cards each) and the deck in
        drawing order; without a deck the other cards are shuffled from
        ``seed`` into it, with one the cards left over start on the
        discard pile.

        >>> d = Deal.of(["4 4", "AB"], deck="30")
        >>> len(d.deck), len(d.discard), d.hands[1]
        (1, 79, (<Card.ABRACADABRA: 61>,))
        """
        hand_types = [_types(h) for h in hands]
        left = list(TYPE_COPIES)
        for h in hand_types:
            if len(h) > HAND:
                raise ValueError(f"a hand holds at most {HAND} cards")
            for t in h:
                left[t] -= 1
        if deck is None:
            rest = [t for t in range(12) for _ in range(max(0, left[t]))]
            random.Random(seed).shuffle(rest)
            deck_types = rest
        else:
            deck_types = _types(deck)
        for t in deck_types:
            left[t] -= 1
        if min(left) < 0:
            raise ValueError("more copies of a card than the game has")
        discard = [t for t in range(12) for _ in range(left[t])]
        return cls(
            tuple(tuple(CARDS[t] for t in sorted(h)) for h in hand_types),
            tuple(CARDS[t] for t in deck_types),
            starter,
            tuple(CARDS[t] for t in discard),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [" ".join(map(str, h)) for h in self.hands],
            "deck": " ".join(map(str, self.deck)),
            "discard": " ".join(map(str, self.discard)),
            "starter": self.starter,
            "redeals": self.redeals,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Deal:
        try:
            return cls(
                tuple(parse_cards(str(h)) for h in d["hands"]),
                parse_cards(str(d["deck"])),
                int(d["starter"]),
                parse_cards(str(d.get("discard", ""))),
                int(d.get("redeals", 0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad deal in record: {exc}") from exc


@dataclass(slots=True)
class Record(kit.Record[Deal, Decision]):
    """A whole game: options, each round's deal and every decision in order.

    JSON (``Record.to_json``), in the envelope every game shares::

        {"game": "sixty", "format": "sixty-record", "version": 1,
         "options": {"players": 4, "rounds": 3, ...},
         "seed": 7, "start": {"round": 1, "totals": null},
         "rounds": [{"hands": ["3 4 4 12 AB", ...], "deck": "5 3 30 ...",
                     "discard": "", "starter": 2, "redeals": 0,
                     "decisions": [[2, "attack 4x2"], [3, "pass 4x1"], ...]}]}
    """

    kind: ClassVar[str] = "sixty"
    title: ClassVar[str] = N_("Sixty")
    deal_type: ClassVar[Any] = Deal
    parse_decision = staticmethod(parse_decision)
    options: Options
    rounds: list[kit.RoundRecord[Deal, Decision]]
    seed: int = 0
    start_round: int = 1
    start_totals: tuple[int, ...] | None = None

    read_options = staticmethod(Options.from_dict)

    def header(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "start": {"round": self.start_round, "totals": kit.optional_list(self.start_totals)},
        }

    @classmethod
    def read_header(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        start = data.get("start") or {}
        return {
            "seed": int(data.get("seed", 0)),
            "start_round": int(start.get("round", 1)),
            "start_totals": kit.optional_ints(start.get("totals")),
        }


class Sixty(kit.KitState[Record]):
    """A game of Sixty in progress (the OpenSpiel-style ``State``)."""

    kind: ClassVar[str] = "sixty"
    title: ClassVar[str] = N_("Sixty")
    lower_is_better: ClassVar[bool] = True
    record_type: ClassVar[Any] = Record

    __slots__ = (
        "at_attacker",
        "at_count",
        "at_last",
        "at_type",
        "deck",
        "direction",
        "discard",
        "dpos",
        "hands",
        "packed",
        "pen",
        "round_number",
        "round_penalties",
        "seed",
        "sizes",
        "starter",
        "tiebreak_round",
        "totals",
    )

    def __init__(self, options: Options, seed: int = 0) -> None:
        n = options.players
        self.options = options
        self.n = n
        self.seed = seed
        self.hands: list[list[int]] = [[0] * 12 for _ in range(n)]
        self.packed = [0] * n
        self.sizes = [0] * n
        self.deck: tuple[int, ...] = ()
        self.dpos = 0
        self.discard = [0] * 12
        self.pen: list[list[int]] = [[0] * 12 for _ in range(n)]
        self.direction = 1
        self.phase = ROUND_OVER
        self.turn: int | None = None
        self.at_type = -1
        self.at_count = 0
        self.at_attacker = -1
        self.at_last = -1
        self.round_number = 0
        self.starter = 0
        self.totals = [0] * n
        self.results: list[RoundScore] = []
        self.round_penalties: tuple[int, ...] | None = None
        self.tiebreak_round = False
        self._record = Record(options, [], seed)
        self._decisions: list[tuple[int, Decision]] = []

    # -- construction -------------------------------------------------------

    @classmethod
    def new_game(cls, options: Options | None = None, seed: int = 0) -> Sixty:
        """A new game; the first round is dealt from ``seed``."""
        state = cls(options or Options(), seed)
        state.start_round()
        return state

    @classmethod
    def replay_begin(cls, record: Record) -> Sixty:
        """The game a record starts from, its first round dealt."""
        state = cls(record.options, record.seed)
        state._record.start_round = record.start_round
        state.round_number = record.start_round - 1
        if record.start_totals is not None:
            state.totals = list(record.start_totals)
            state._record.start_totals = record.start_totals
        state.start_round(record.rounds[0].deal)
        return state

    @classmethod
    def from_hands(
        cls,
        options: Options | None,
        hands: Sequence[str | Sequence[int]],
        deck: str | Sequence[int] | None = None,
        *,
        starter: int = 0,
        seed: int = 0,
        round_number: int = 1,
        totals: Sequence[int] | None = None,
    ) -> Sixty:
        """A game from given hands (any sizes up to five) and, optionally, the
        deck in drawing order. Without a deck the other cards are shuffled
        from ``seed`` into it; with one, the cards in neither the hands nor
        the deck start on the discard pile. ``starter`` attacks first.

        >>> g = Sixty.from_hands(None, ["4 4", "10 3 3 3", "5", "AB"], deck="")
        >>> g.phase, g.current_player, g.discard_count
        ('attack', 0, 75)
        """
        opts = options or Options()
        if len(hands) != opts.players:
            raise ValueError(f"{len(hands)} hands for {opts.players} players")
        deal = Deal.of(hands, deck, starter, seed)
        state = cls(opts, seed)
        state._record.start_round = round_number
        state.round_number = round_number - 1
        if totals is not None:
            state.totals = [int(x) for x in totals]
            state._record.start_totals = tuple(state.totals)
        state.start_round(deal)
        return state

    def _rng_for(self, round_number: int) -> random.Random:
        return random.Random(f"sixty/{self.seed}/{round_number}")

    def random_deal(self, round_number: int, starter: int | None) -> Deal:
        """The deal of a round from the game's seed (five jokers: deal again)."""
        rng = self._rng_for(round_number)
        cards = full_deck()
        n = self.n
        redeals = 0
        while True:
            rng.shuffle(cards)
            hands = [sorted(cards[p * HAND : (p + 1) * HAND]) for p in range(n)]
            if all(h[0] < 9 for h in hands):  # sorted: a hand of five jokers starts at 9
                break
            redeals += 1
        if starter is None:
            starter = rng.randrange(n)
        return Deal(
            tuple(tuple(CARDS[t] for t in h) for h in hands),
            tuple(CARDS[t] for t in cards[n * HAND :]),
            starter,
            (),
            redeals,
        )

    def _next_starter(self) -> int:
        best = max(self.totals)
        prev = self.starter
        for i in range(self.n):
            q = (prev + i) % self.n
            if self.totals[q] == best:
                return q
        return prev  # pragma: no cover - max is always found

    def start_round(self, deal: Deal | None = None) -> None:
        """Deal the next round (the state must be waiting between rounds).

        With ``deal`` (a replay, a test position) that deal is used as given.
        """
        if self.phase != ROUND_OVER:
            raise WrongPhase("the round is still being played", "wrong_phase")
        number = self.round_number + 1
        if deal is None:
            starter = None if number == self._record.start_round else self._next_starter()
            deal = self.random_deal(number, starter)
        n = self.n
        if len(deal.hands) != n or not 0 <= deal.starter < n:
            raise RecordError("the deal does not fit the number of players")
        count = sum(len(h) for h in deal.hands) + len(deal.deck) + len(deal.discard)
        if count != DECK_SIZE:
            raise RecordError(f"the deal holds {count} cards, not {DECK_SIZE}")
        self.round_number = number
        self.tiebreak_round = number > self.options.rounds
        self.hands = [[0] * 12 for _ in range(n)]
        self.packed = [0] * n
        for p, h in enumerate(deal.hands):
            row = self.hands[p]
            for c in h:
                t = INDEX[c]
                row[t] += 1
                self.packed[p] += _SHIFT[t]
        self.sizes = [len(h) for h in deal.hands]
        self.deck = tuple(INDEX[c] for c in deal.deck)
        self.dpos = 0
        self.discard = [0] * 12
        for c in deal.discard:
            self.discard[INDEX[c]] += 1
        self.pen = [[0] * 12 for _ in range(n)]
        self.direction = 1
        self.round_penalties = None
        self._clear_attack()
        self.starter = deal.starter
        self._start_recording(deal)
        self.phase = ATTACK_PHASE
        self._begin_attack(deal.starter, None)

    # -- queries ------------------------------------------------------------

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.dpos

    @property
    def discard_count(self) -> int:
        return sum(self.discard)

    @property
    def attack_sum(self) -> int:
        return FACES[self.at_type] * self.at_count if self.at_type >= 0 else 0

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards, numbers up then jokers (for that player only)."""
        row = self.hands[player]
        return tuple(CARDS[t] for t in range(12) for _ in range(row[t]))

    def penalty_cards(self, player: int) -> tuple[Card, ...]:
        """A penalty pile's cards (face down: not in any view)."""
        row = self.pen[player]
        return tuple(CARDS[t] for t in range(12) for _ in range(row[t]))

    def penalty_points(self, player: int) -> int:
        """The points in a player's penalty pile so far (hidden in views)."""
        return sum(k * POINTS[t] for t, k in enumerate(self.pen[player]) if k)

    def card_count(self) -> int:
        """Every card the state holds: hands, deck, discard pile, penalty
        piles and the attack (always 83)."""
        total = sum(self.sizes) + self.deck_count + sum(self.discard)
        total += sum(sum(p) for p in self.pen)
        return total + (self.at_count if self.at_type >= 0 else 0)

    def holders(self) -> list[int]:
        return [p for p in range(self.n) if self.sizes[p]]

    def _next_holder(self, p: int) -> int:
        """The next player after ``p`` in the direction holding cards, or -1."""
        n = self.n
        sizes = self.sizes
        step = self.direction
        q = p
        for _ in range(n - 1):
            q = (q + step) % n
            if sizes[q]:
                return q
        return -1

    def _prev_holder(self, p: int) -> int:
        n = self.n
        sizes = self.sizes
        step = -self.direction
        q = p
        for _ in range(n - 1):
            q = (q + step) % n
            if sizes[q]:
                return q
        return -1

    def _defend_key(self, p: int) -> int:
        t = self.at_type
        alone = 1 if self._next_holder(p) < 0 else 0
        return (
            self.packed[p]
            | t << 36
            | self.at_count << 40
            | (1 if self.discard[t] else 0) << 48
            | alone << 49
            | (1 if self.options.voluntary_take else 0) << 50
        )

    def legal_list(self) -> tuple[Decision, ...]:
        """The legal decisions of the player to act (a shared tuple: attacks
        by number then count; defending: pass-ons, fights by number and
        count, jokers, take)."""
        phase = self.phase
        if phase == ATTACK_PHASE:
            packed = self.packed[self.turn]  # type: ignore[index]
            got = _ATTACK_CACHE.get(packed)
            return got if got is not None else _attack_list(packed)
        if phase == DEFEND:
            key = self._defend_key(self.turn)  # type: ignore[arg-type]
            got = _DEFEND_CACHE.get(key)
            return got if got is not None else _defend_list(key)
        return ()

    def legal_actions(self) -> Iterator[Decision]:
        return iter(self.legal_list())

    def legal_plays(self) -> Iterator[Decision]:
        return iter(self.legal_list())

    def default_decision(self) -> Decision:
        """What a timed-out player does (see the module docstring)."""
        legal = self.legal_list()
        if not legal:
            raise WrongPhase("nobody is to act: the round is over", "wrong_phase")
        if TAKE_DECISION in legal:
            return TAKE_DECISION
        if self.phase == ATTACK_PHASE:
            return legal[0]  # the lowest number, one card
        passes = [d for d in legal if d.kind == PASS]
        if passes:
            return passes[0]
        fights = [d for d in legal if d.kind == FIGHT]
        if fights:
            return min(fights, key=lambda d: (d.card * d.count, d.count))
        jokers = {d.card: d for d in legal}
        for face in (HOCUS_POCUS, ZAP, ABRACADABRA):
            if face in jokers:
                return jokers[face]
        return legal[0]  # pragma: no cover - take is always legal when nothing else is

    # -- applying decisions -------------------------------------------------

    def apply(self, decision: Decision | str, player: int | None = None) -> tuple[Event, ...]:
        """Validate and apply ``decision`` (or its notation) for ``player``
        (default: the player to act). Returns the public events it caused;
        raises :class:`~engine.errors.IllegalDecision` (with a ``reason``)
        and leaves the state unchanged when the rules refuse it."""
        if isinstance(decision, str):
            decision = parse_decision(decision)
        if self.phase in (ROUND_OVER, GAME_OVER):
            raise WrongPhase(
                "the round is over: wait for the next deal"
                if self.phase == ROUND_OVER
                else "the game is over",
                "wrong_phase",
            )
        if player is not None and player != self.turn:
            raise NotYourTurn(player, self.turn)
        if decision not in self.legal_list():
            raise self._why_illegal(decision)
        events: list[Event] = []
        self._do(decision, events)
        return tuple(events)

    def apply_unchecked(self, decision: Decision) -> None:
        """Apply a decision known to be legal (no validation, no events)."""
        self._do(decision, None)

    def _why_illegal(self, d: Decision) -> IllegalDecision:
        kind, face, count = d
        p = self.turn
        assert p is not None
        hand = self.hands[p]
        t = INDEX[face] if 0 <= face < 64 else -1
        if kind not in (ATTACK, PASS, FIGHT, JOKER, TAKE):
            return IllegalDecision(f"{kind!r} is not a decision in Sixty", "unknown")
        if self.phase == ATTACK_PHASE and kind != ATTACK:
            return WrongPhase(
                "there is no attack to answer: it is your turn to attack", "wrong_phase"
            )
        if self.phase == DEFEND and kind == ATTACK:
            return WrongPhase(
                "you are being attacked: pass it on, play a joker, fight back or take",
                "wrong_phase",
            )
        if kind == TAKE:
            return IllegalDecision(
                "you may only take the cards when you cannot pass them on, play a joker "
                "or fight back",
                "take_not_allowed",
            )
        if t < 0:
            return IllegalDecision(f"{face} is not a Sixty card", "not_held")
        if kind != JOKER and t >= 9:
            return IllegalDecision(
                "jokers cannot attack, be passed on or fight: play a joker on its own",
                "jokers_cannot_attack",
            )
        if kind == JOKER and t < 9:
            return IllegalDecision(f"{face} is not a joker", "not_a_joker")
        if count < 1:
            return IllegalDecision("put down at least one card", "no_cards")
        if hand[t] < count:
            name = CARDS[t].name_for_people
            if not hand[t]:
                return IllegalDecision(f"you hold no {name}", "not_held")
            return IllegalDecision(f"you hold only {hand[t]} of {name}, not {count}", "not_held")
        at = self.at_type
        if kind == PASS:
            if t != at:
                return IllegalDecision(
                    f"pass it on with {FACES[at]}s: an attack holds one number only",
                    "mixed_numbers",
                )
            return IllegalDecision(
                "nobody else holds cards: you cannot pass it on", "nobody_to_pass_to"
            )
        if kind == FIGHT:
            if t == at:
                return IllegalDecision(
                    f"fighting back needs a number other than the attack's {FACES[at]}: "
                    "pass it on instead",
                    "same_number_cannot_fight",
                )
            return IllegalDecision(
                f"{face}x{count} makes {face * count}; fighting back needs more than "
                f"{self.attack_sum}",
                "sum_not_greater",
            )
        if kind == JOKER:
            if self._next_holder(p) < 0:
                return IllegalDecision(
                    "the last player holding cards cannot play a joker",
                    "no_joker_for_last_holder",
                )
            if t == _HP and not self.discard[at]:
                return IllegalDecision(
                    f"Hocus-pocus needs a {FACES[at]} on the discard pile", "not_in_discard"
                )
        return IllegalDecision(f"{d} is not allowed now", "illegal")  # pragma: no cover

    def _remove(self, p: int, t: int, k: int) -> None:
        self.hands[p][t] -= k
        self.sizes[p] -= k
        self.packed[p] -= k * _SHIFT[t]

    def _draw(self, p: int, ev: list[Event] | None) -> None:
        size = self.sizes[p]
        deck = self.deck
        pos = self.dpos
        if size < HAND and pos < len(deck):
            take = min(HAND - size, len(deck) - pos)
            row = self.hands[p]
            packed = self.packed[p]
            for t in deck[pos : pos + take]:
                row[t] += 1
                packed += _SHIFT[t]
            self.packed[p] = packed
            self.dpos = pos + take
            self.sizes[p] = size + take
            if ev is not None:
                ev.append(Event("draw", p, 0, take))
        elif size == 0 and ev is not None:
            ev.append(Event("out", p))

    def _clear_attack(self) -> None:
        self.at_type = -1
        self.at_count = 0
        self.at_attacker = -1
        self.at_last = -1

    def _do(self, d: Decision, ev: list[Event] | None) -> None:
        kind, face, k = d
        p: int = self.turn  # type: ignore[assignment]
        self._decisions.append((p, d))
        t = INDEX[face]
        if kind == TAKE:
            at, c = self.at_type, self.at_count
            self.pen[p][at] += c
            if ev is not None:
                ev.append(Event("take", p, FACES[at], c, FACES[at] * c))
            self._clear_attack()
            nxt = self._next_holder(p)
            self._begin_attack(p if nxt < 0 else nxt, ev)
            return
        if kind == ATTACK:
            self._remove(p, t, k)
            self.at_type = t
            self.at_count = k
            self.at_attacker = p
            self.at_last = p
            target = self._next_holder(p)
            if ev is not None:
                ev.append(Event("attack", p, face, k, face * k, target))
            self._draw(p, ev)
            self.turn = target
            self.phase = DEFEND
            return
        if kind == PASS:
            self._remove(p, t, k)
            self.at_count += k
            self.at_last = p
            target = self._next_holder(p)
            if ev is not None:
                ev.append(Event("pass_on", p, face, k, face * self.at_count, target))
            self._draw(p, ev)
            self.turn = target
            return
        if kind == FIGHT:
            self._remove(p, t, k)
            self.discard[t] += k
            self.discard[self.at_type] += self.at_count
            if ev is not None:
                ev.append(Event("fight", p, face, k, face * k))
            self._clear_attack()
            self._draw(p, ev)
            self._begin_attack(p, ev)
            return
        # a joker
        self._remove(p, t, 1)
        self.discard[t] += 1
        at = self.at_type
        moved = 0
        if t == _AB:
            target = self._prev_holder(p)
            self.direction = -self.direction
        else:
            if t == _HP:
                self.discard[at] -= 1
                self.at_count += 1
                moved = 1
            else:
                moved = self.at_count // 2
                self.pen[p][at] += moved
                self.at_count -= moved
            target = self._next_holder(p)
        self.at_last = p
        if ev is not None:
            ev.append(Event("joker", p, face, moved, FACES[at] * self.at_count, target))
            if t == _AB:
                ev.append(Event("direction", p, 0, 0, self.direction))
        self._draw(p, ev)
        self.turn = target

    def _begin_attack(self, p: int, ev: list[Event] | None) -> None:
        """An attack turn would begin at ``p``: end the round (§7) or find the
        first player from ``p`` on holding a number card."""
        sizes = self.sizes
        hands = self.hands
        holders = 0
        armed = False
        for q in range(self.n):
            if sizes[q]:
                holders += 1
                h = hands[q]
                if sizes[q] > h[9] + h[10] + h[11]:
                    armed = True
        if holders < 2 or not armed:
            self._end_round(ev)
            return
        n = self.n
        step = self.direction
        q = p
        for _ in range(n):
            if sizes[q]:
                h = hands[q]
                if sizes[q] > h[9] + h[10] + h[11]:
                    self.turn = q
                    self.phase = ATTACK_PHASE
                    return
                if ev is not None:
                    ev.append(Event("skip", q))
            q = (q + step) % n
        raise AssertionError("an armed player exists")  # pragma: no cover

    def _end_round(self, ev: list[Event] | None) -> None:
        n = self.n
        penalties = []
        for p in range(n):
            pile, hand = self.pen[p], self.hands[p]
            penalties.append(sum((pile[t] + hand[t]) * POINTS[t] for t in range(12)))
        self.round_penalties = tuple(penalties)
        totals = self.totals
        for p in range(n):
            totals[p] += penalties[p]
        positions = places(penalties, lower_is_better=True)
        details: tuple[Mapping[str, Any], ...] = tuple(
            {"tiebreak": self.tiebreak_round} for _ in range(n)
        )
        self.results.append(
            RoundScore(self.round_number, positions, tuple(penalties), tuple(totals), details)
        )
        self.turn = None
        if ev is not None:
            ev.append(Event("round_over", None))
        self.phase = GAME_OVER if self._game_ends() else ROUND_OVER

    def _game_ends(self) -> bool:
        o = self.options
        if self.round_number < o.rounds:
            return False
        best = min(self.totals)
        if self.totals.count(best) == 1 or o.tiebreak == "shared":
            return True
        if o.tiebreak == "one_round":
            return self.round_number > o.rounds
        return False  # until_broken

    # -- outcome ------------------------------------------------------------

    def standing_key(self, player: int) -> tuple[int, int]:
        # equal totals: fewer penalty points in the last round first
        last = self.results[-1].scores if self.results else (0,) * self.n
        return last[player], player

    def rounds_played(self) -> int:
        return self.round_number

    # -- views --------------------------------------------------------------

    def public_view(self) -> PublicView:
        """What a spectator sees: no hidden card is reachable from it."""
        attack = None
        if self.at_type >= 0 and self.turn is not None:
            attack = AttackView(
                CARDS[self.at_type], self.at_count, self.at_attacker, self.at_last, self.turn
            )
        return PublicView(
            options=self.options,
            players=self.n,
            round_number=self.round_number,
            phase=self.phase,
            turn=self.turn,
            direction=self.direction,
            starter=self.starter,
            hand_sizes=tuple(self.sizes),
            deck_count=self.deck_count,
            discard=tuple(self.discard),
            penalty_counts=tuple(sum(p) for p in self.pen),
            penalty_points=self.round_penalties if self.phase in (ROUND_OVER, GAME_OVER) else None,
            attack=attack,
            totals=tuple(self.totals),
            results=tuple(self.results),
            tiebreak_round=self.tiebreak_round,
            outcome=self.outcome(),
        )

    def unseen_zones(self, player: int) -> list[tuple[str, int | None]]:
        return [*super().unseen_zones(player), ("deck", None)]

    def unseen(self, player: int) -> tuple[int, ...]:
        """Cards ``player`` has not seen (other hands and the deck), by kind."""
        seen = [self.hands[player][t] + self.discard[t] for t in range(12)]
        for pile in self.pen:
            for t in range(12):
                seen[t] += pile[t]
        if self.at_type >= 0:
            seen[self.at_type] += self.at_count
        return tuple(TYPE_COPIES[t] - seen[t] for t in range(12))

    def observation(self, player: int) -> Observation:
        """What ``player`` may know, with the legal decisions on their turn."""
        return Observation(
            player=player,
            public=self.public_view(),
            hand=self.hand(player),
            own_penalty=self.penalty_points(player),
            unseen=self.unseen(player),
            legal=self.legal_list() if player == self.turn else (),
        )

    # -- copies and serialisation --------------------------------------------

    def copy(self) -> Sixty:
        new = self._clone()
        new._adopt_record(self._record.copy())
        return new

    def playout_copy(self) -> Sixty:
        """A copy without the record (computer players' playouts): decisions
        applied to it are not recorded."""
        new = self._clone()
        new._record = Record(self.options, [], self.seed)
        new._decisions = _Sink()
        return new

    def _clone(self) -> Sixty:
        new = Sixty.__new__(Sixty)
        new.options = self.options
        new.n = self.n
        new.seed = self.seed
        new.hands = [list(h) for h in self.hands]
        new.packed = list(self.packed)
        new.sizes = list(self.sizes)
        new.deck = self.deck
        new.dpos = self.dpos
        new.discard = list(self.discard)
        new.pen = [list(p) for p in self.pen]
        new.direction = self.direction
        new.phase = self.phase
        new.turn = self.turn
        new.at_type = self.at_type
        new.at_count = self.at_count
        new.at_attacker = self.at_attacker
        new.at_last = self.at_last
        new.round_number = self.round_number
        new.starter = self.starter
        new.totals = list(self.totals)
        new.results = list(self.results)
        new.round_penalties = self.round_penalties
        new.tiebreak_round = self.tiebreak_round
        return new

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        """The whole state as JSON-ready data (``from_dict`` inverts it)."""
        return {
            **self._envelope(include_record),
            "seed": self.seed,
            "round": self.round_number,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [_cards_text([t for t in range(12) for _ in range(h[t])]) for h in self.hands],
            "deck": _cards_text(self.deck[self.dpos :]),
            "discard": _cards_text([t for t in range(12) for _ in range(self.discard[t])]),
            "penalties": [
                _cards_text([t for t in range(12) for _ in range(p[t])]) for p in self.pen
            ],
            "direction": self.direction,
            "attack": None
            if self.at_type < 0
            else [FACES[self.at_type], self.at_count, self.at_attacker, self.at_last],
            "starter": self.starter,
            "totals": list(self.totals),
            "round_penalties": None if self.round_penalties is None else list(self.round_penalties),
            "tiebreak_round": self.tiebreak_round,
            "results": [kit.score_to_dict(r, "round") for r in self.results],
        }

    @classmethod
    def from_dict(cls, d: Any, record: Record | None = None) -> Sixty:
        """The state ``to_dict`` wrote. A state written without its record
        needs ``record``: the game's record as it was when the state was
        written."""
        d, rec = cls._opened(d, record)
        try:
            state = cls(rec.options, int(d["seed"]))
            state._adopt_record(rec)
            state.round_number = int(d["round"])
            state.phase = str(d["phase"])
            state.turn = None if d["turn"] is None else int(d["turn"])
            for p, text in enumerate(d["hands"]):
                row = [0] * 12
                for t in _types(text):
                    row[t] += 1
                state.hands[p] = row
                state.sizes[p] = sum(row)
                state.packed[p] = sum(row[t] * _SHIFT[t] for t in range(12))
            state.deck = tuple(_types(d["deck"]))
            state.dpos = 0
            for t in _types(d["discard"]):
                state.discard[t] += 1
            for p, text in enumerate(d["penalties"]):
                for t in _types(text):
                    state.pen[p][t] += 1
            state.direction = int(d["direction"])
            if d["attack"] is not None:
                face, count, attacker, last = d["attack"]
                state.at_type = INDEX[int(face)]
                state.at_count = int(count)
                state.at_attacker = int(attacker)
                state.at_last = int(last)
            state.starter = int(d["starter"])
            state.totals = [int(x) for x in d["totals"]]
            rp = d["round_penalties"]
            state.round_penalties = None if rp is None else tuple(int(x) for x in rp)
            state.tiebreak_round = bool(d["tiebreak_round"])
            state.results = [kit.score_from_dict(r, "round") for r in d["results"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"malformed state: {exc}") from exc
        if state.card_count() != DECK_SIZE:
            raise RecordError(f"the state holds {state.card_count()} cards, not {DECK_SIZE}")
        return state

    def position_key(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the game (not the record)."""
        return (
            self.phase,
            self.turn,
            tuple(map(tuple, self.hands)),
            self.deck[self.dpos :],
            tuple(self.discard),
            tuple(map(tuple, self.pen)),
            self.direction,
            self.at_type,
            self.at_count,
            self.at_attacker,
            self.at_last,
            self.round_number,
            self.starter,
            tuple(self.totals),
            tuple(self.results),
            self.tiebreak_round,
        )

    def __repr__(self) -> str:
        return (
            f"<Sixty round {self.round_number} {self.phase} turn={self.turn} "
            f"sizes={self.sizes} deck={self.deck_count}>"
        )


class _Sink(list[tuple[int, Decision]]):
    """A decision list that forgets (playout copies keep no record)."""

    def append(self, item: tuple[int, Decision]) -> None:
        pass


replay_iter = Sixty.replay_iter
replay = Sixty.replay
