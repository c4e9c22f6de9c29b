"""The Big Two game state: deal, tricks, going out, scoring, sessions.

Implements ``bigtwo.md``. The state is mutable; :meth:`BigTwo.apply`
validates a decision and leaves the state unchanged when it raises.
:meth:`BigTwo.apply_unchecked` is the fast path for decisions the engine
generated itself (computer players, playouts, benchmarks).

Players are numbered ``0 … n-1``; play passes from player p to p+1.

Decisions the rules leave open, and what this engine does:

- The leader of a trick may not pass (``must_lead``), except a leader barred
  by ``last_single_two_wins = off`` whose only card is a 2: their pass hands
  the lead to the next player holding cards (a ``pass`` event, then ``lead``)
  and is a pass of that trick (it stays in ``PublicView.trick``; under
  ``out_until_next_trick`` they sit the trick out even if the ban lifts in
  it). :meth:`BigTwo.forced_pass` says why such a player may only pass.
- A first lead that must include a card its holder may not play alone (a
  lone barred 2) is not legal: the holder passes the lead on as above and
  the requirement lapses, so the next leader leads anything (§8).
- ``last_single_two_wins = off`` bars only the play that would *win the
  deal*: under ``play_to_end`` players who go out after the winner may go
  out on a single 2.
- Three players: the 52nd card goes to the holder of the lowest of the 51
  dealt cards (§8); that player leads and must include the lowest card of
  the pack (§8 "must include it"), which may be the 52nd card or their own.
  The face-up card stays public (``PublicView.face_up``). The extra card is
  dealt this way in every deal, also when ``later_leader = winner``.
- ``later_leader = winner``: the winner of the previous deal (the first out)
  leads the next deal with any combination.
- Positions in :meth:`round_results`: the winner is 0; the others are placed
  by penalty, equal penalties sharing a place (standard competition
  ranking); under ``play_to_end`` by finishing order.
- Scores are a deal's penalty points: 1 per card left up to 9 cards, 2 per
  card with 10–12, 3 per card with 13 or more; ``doubled_twos`` doubles it
  once per 2 left. Under ``play_to_end`` only the last player pays.
- The session ends after the first deal at which ``deals`` deals were played
  or a running total reached ``threshold``; all players sharing the lowest
  total win. Standings break equal totals by the last deal's position.
- A deal that ends mid-trick abandons the trick (an ``abandoned`` event
  when other plays were on the table than the one that ended it).
- ``default_decision()``: pass when allowed; otherwise the lowest card alone
  (on the first lead, that is the card the lead must include).
- Given hands (:meth:`BigTwo.from_hands`) need not use the whole pack; the
  holder of the lowest card given leads and must include it, unless
  ``leader`` is given, who then leads anything. Given hands are final: no
  face-up card is dealt for three players.
- Which card the first lead must include is public only when the whole pack
  is in the hands (then it is the 3♦, or the 3♣): with two players the
  lowest card dealt is known to its holder alone (``Observation.lead_card``;
  the public view says only that the lead is restricted).
- Everyone sees every card played and every hand's size (§3); a player who
  passed is marked until the next play (``may_replay``) or the end of the
  trick (``out_until_next_trick``).

>>> from engine.bigtwo import BigTwo, preset
>>> g = BigTwo.from_hands(preset("standard"), ["3D 4C 9H", "3C 5S", "6D 7D", "8S 2S"])
>>> g.current_player, [str(c) for c in g.legal_list()]
(0, ['3D'])
>>> [e.kind for e in g.apply("3D")]
['play']
>>> [str(c) for c in g.legal_list()]
['pass', '3C', '5S']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import kit
from ..cards import Card
from ..errors import IllegalPlay, NotYourTurn, RecordError, WrongPhase
from ..game import (
    RoundScore,
    places,
)
from .combos import (
    CARDS,
    KIND_NAMES,
    KIND_SIZES,
    PASS,
    RANK_MASKS,
    SINGLE,
    TWO,
    Combo,
    Decision,
    Rules,
    card_name,
    format_mask,
    mask_of,
    parse_decision,
    parse_mask,
    popcount,
    rules_for,
)
from .options import N_, Options, preset
from .views import Event, Observation, PublicView, SeatView

_PACK = (1 << 52) - 1

PLAY = "play"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"

_MASK64 = (1 << 64) - 1
_BARRED = "single_two_cannot_end"
_TWOS = RANK_MASKS[TWO]

_PASS_EVENTS = [Event("pass", p, None) for p in range(4)]
_LEAD_EVENTS = [Event("lead", p) for p in range(4)]
_TRICK_EVENTS = [Event("trick", p) for p in range(4)]
_new_event = tuple.__new__


class PassedOut(NotYourTurn):
    """A player who passed under ``out_until_next_trick`` tried to act
    before the trick ended."""

    def __init__(self, player: int, expected: int | None) -> None:
        super().__init__(player, expected)
        self.args = (f"player {player} passed and is out until the next trick",)
        self.reason = "passed_out"


def penalty(options: Options, cards: int, twos: int) -> int:
    """The penalty of a hand of ``cards`` cards holding ``twos`` 2s (§4).

    >>> o = preset("standard")
    >>> [penalty(o, k, 0) for k in (0, 1, 9, 10, 12, 13, 17)]
    [0, 1, 9, 20, 24, 39, 51]
    >>> penalty(o.replace(scoring="doubled_twos"), 5, 2)
    20
    """
    per = 1 if cards <= 9 else 2 if cards <= 12 else 3
    points = cards * per
    if options.scoring == "doubled_twos":
        points <<= twos
    return points


@dataclass(frozen=True, slots=True)
class Deal:
    """How a deal starts: the hands as masks (by player, after a
    three-player deal's face-up card was given), that card (``-1``: none),
    the leader and the card their lead must include (``-1``: any lead)."""

    hands: tuple[int, ...]
    face_up: int = -1
    leader: int = 0
    lead_card: int = -1
    rng: int | None = None
    """The random-number state after the deal (only so a replay ends in the
    very same state)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [format_mask(h) for h in self.hands],
            "face_up": None if self.face_up < 0 else format_mask(1 << self.face_up),
            "leader": self.leader,
            "lead_card": None if self.lead_card < 0 else format_mask(1 << self.lead_card),
            "rng": self.rng,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deal:
        def card(text: Any) -> int:
            return -1 if text is None else parse_mask(str(text)).bit_length() - 1

        try:
            return cls(
                hands=tuple(parse_mask(h) if h.strip() else 0 for h in d["hands"]),
                face_up=card(d.get("face_up")),
                leader=int(d["leader"]),
                lead_card=card(d.get("lead_card")),
                rng=None if d.get("rng") is None else int(d["rng"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"bad deal in record: {exc}") from exc


@dataclass(slots=True)
class Record(kit.Record[Deal, Decision]):
    """A whole session: options, each deal and every decision in order.

    JSON (``Record.to_json``), in the envelope every game shares::

        {"game": "bigtwo", "format": "bigtwo-record", "version": 1,
         "options": {... every option ...},
         "start": {"deal": 1, "totals": null, "last_winner": null},
         "rounds": [{"hands": ["3D 5C …", …], "face_up": null, "leader": 2,
                     "lead_card": "3D", "rng": 123,
                     "decisions": [[2, "3D 4D 5S 6H 7C"], [3, "pass"], …]}]}
    """

    kind: ClassVar[str] = "bigtwo"
    title: ClassVar[str] = N_("Big Two")
    deal_type: ClassVar[Any] = Deal
    parse_decision = staticmethod(parse_decision)
    options: Options
    rounds: list[kit.RoundRecord[Deal, Decision]]
    start_deal: int = 1
    start_totals: tuple[int, ...] | None = None
    start_winner: int | None = None

    read_options = staticmethod(Options.from_dict)

    def header(self) -> dict[str, Any]:
        return {
            "start": {
                "deal": self.start_deal,
                "totals": kit.optional_list(self.start_totals),
                "last_winner": self.start_winner,
            }
        }

    @classmethod
    def read_header(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        start = data.get("start") or {}
        winner = start.get("last_winner")
        return {
            "start_deal": int(start.get("deal", 1)),
            "start_totals": kit.optional_ints(start.get("totals")),
            "start_winner": None if winner is None else int(winner),
        }


class BigTwo(kit.SplitMix, kit.KitState[Record]):
    """A session of Big Two in progress (the OpenSpiel-style ``State``)."""

    kind: ClassVar[str] = "bigtwo"
    title: ClassVar[str] = N_("Big Two")
    lower_is_better: ClassVar[bool] = True
    record_type: ClassVar[Any] = Record
    round_word: ClassVar[str] = "deal"

    __slots__ = (
        "_ban_two",
        "_out_until",
        "_over",
        "_play_to_end",
        "_rng",
        "active",
        "deal_number",
        "face_up",
        "face_up_player",
        "finished",
        "hands",
        "history",
        "last_winner",
        "lead_card",
        "passed",
        "played",
        "rules",
        "sizes",
        "top",
        "top_player",
        "totals",
        "trick_start",
    )

    def __init__(self, options: Options, seed: int = 0) -> None:
        self.options = options
        self.n = options.players
        self.rules: Rules = rules_for(options.suit_order, options.straights, options.flush_compare)
        self._rng = seed & _MASK64
        self._out_until = options.pass_rule == "out_until_next_trick"
        self._ban_two = not options.last_single_two_wins
        self._play_to_end = options.play_to_end
        n = self.n
        self.deal_number = 0
        self.phase = ROUND_OVER
        self.hands: list[int] = [0] * n
        self.sizes: list[int] = [0] * n
        self.active = 0
        """Bit mask of the players still holding cards in this deal."""
        self.finished: list[int] = []
        self.turn: int | None = None
        self.top: Combo | None = None
        self.top_player: int | None = None
        self.passed = 0
        self.lead_card = 0
        """Bit of the card the next lead must include (0: any lead)."""
        self.history: list[Event] = []
        self.trick_start = 0
        self.played = 0
        self.face_up = -1
        self.face_up_player: int | None = None
        self.totals: list[int] = [0] * n
        self.results: list[RoundScore] = []
        self.last_winner: int | None = None
        self._over = False
        self._record = Record(options, [])
        self._decisions: list[tuple[int, Decision]] = []

    # -- construction ---------------------------------------------------------

    @classmethod
    def new_game(cls, options: Options | None = None, seed: int = 0) -> BigTwo:
        """A new session with deal 1 dealt from ``seed``."""
        state = cls(options if options is not None else preset("standard"), seed)
        state.start_round()
        return state

    @classmethod
    def replay_begin(cls, record: Record) -> BigTwo:
        """The session a record starts from, its first deal dealt."""
        state = cls(record.options, 0)
        if record.start_totals is not None:
            state.totals = list(record.start_totals)
        state.deal_number = record.start_deal - 1
        state.last_winner = record.start_winner
        state._record.start_deal = record.start_deal
        state._record.start_totals = record.start_totals
        state._record.start_winner = record.start_winner
        state.start_round(record.rounds[0].deal)
        return state

    @classmethod
    def from_hands(
        cls,
        options: Options,
        hands: Sequence[str | Sequence[Card] | int],
        *,
        leader: int | None = None,
        deal_number: int = 1,
        totals: Sequence[int] | None = None,
        last_winner: int | None = None,
        seed: int = 0,
    ) -> BigTwo:
        """A deal started from given hands (by player), like a FEN.

        The number of hands sets ``players``. By default the holder of the
        lowest card given leads and must include it; with ``leader`` that
        player leads anything.

        >>> g = BigTwo.from_hands(preset("pusoy_dos"), ["3D 4S", "3C", "3S 3H"])
        >>> g.n, g.current_player, g.default_decision()
        (3, 1, Combo.parse('3C'))
        """
        masks = tuple(_hand_mask(h) for h in hands)
        if len(masks) != options.players:
            options = options.replace(players=len(masks))
        state = cls(options, seed)
        if totals is not None:
            if len(totals) != state.n:
                raise RecordError("give one total per player")
            state.totals = [int(t) for t in totals]
        state.deal_number = deal_number - 1
        state.last_winner = last_winner
        state._record.start_deal = deal_number
        state._record.start_totals = None if totals is None else tuple(state.totals)
        state._record.start_winner = last_winner
        deal = state._deal_from_masks(masks, -1, leader)
        state.start_round(deal)
        return state

    def _deal_from_masks(self, masks: tuple[int, ...], face_up: int, leader: int | None) -> Deal:
        """The deal of these hands with the leader the rules give (or
        ``leader``, who then leads freely)."""
        if len(masks) != self.n:
            raise RecordError(f"give {self.n} hands, not {len(masks)}")
        seen = 0
        for m in masks:
            if not m:
                raise RecordError("every player must hold at least one card")
            if seen & m:
                raise RecordError(f"{format_mask(seen & m)} is dealt twice")
            seen |= m
        if leader is not None:
            if not 0 <= leader < self.n:
                raise RecordError(f"no player {leader}")
            return Deal(masks, face_up, leader, -1, None)
        if (
            self.deal_number >= 1
            and self.options.later_leader == "winner"
            and self.last_winner is not None
        ):
            return Deal(masks, face_up, self.last_winner, -1, None)
        low = self._lowest(seen)
        holder = next(p for p in range(self.n) if masks[p] >> low & 1)
        return Deal(masks, face_up, holder, low, None)

    def _lowest(self, cards: int) -> int:
        """The bit of the weakest card among ``cards`` under the suit order."""
        strength = self.rules.strength
        best = -1
        m = cards
        while m:
            low = m & -m
            c = low.bit_length() - 1
            if best < 0 or strength[c] < strength[best]:
                best = c
            m ^= low
            if best >= 0 and c >= 4 * ((best >> 2) + 1):
                break  # ranks ascend: nothing weaker further on
        return best

    def random_deal(self) -> Deal:
        """The next deal, drawn from the state's random numbers (§1, §6)."""
        n = self.n
        deck = list(range(52))
        self._shuffle(deck)
        per = 13 if n == 4 else 17
        masks = [0] * n
        for p in range(n):
            m = 0
            for c in deck[p * per : (p + 1) * per]:
                m |= 1 << c
            masks[p] = m
        face_up = -1
        if n == 3:
            face_up = deck[51]
            low = self._lowest(masks[0] | masks[1] | masks[2])
            holder = next(p for p in range(3) if masks[p] >> low & 1)
            masks[holder] |= 1 << face_up
        deal = self._deal_from_masks(tuple(masks), face_up, None)
        return Deal(deal.hands, face_up, deal.leader, deal.lead_card, self._rng)

    def start_round(self, deal: Deal | None = None) -> None:
        """Deal the next deal (from ``deal``, or at random)."""
        if self._over:
            raise WrongPhase("the game is over")
        if self.phase != ROUND_OVER:
            raise WrongPhase("the current deal is not over")
        if deal is None:
            deal = self.random_deal()
        n = self.n
        if len(deal.hands) != n or not 0 <= deal.leader < n:
            raise RecordError("the deal does not fit the number of players")
        if deal.lead_card >= 0 and not deal.hands[deal.leader] >> deal.lead_card & 1:
            raise RecordError("the leader does not hold the card the lead must include")
        self.deal_number += 1
        if deal.rng is not None:
            self._rng = deal.rng
        self._start_recording(deal)
        self.hands = list(deal.hands)
        self.sizes = [popcount(h) for h in deal.hands]
        self.active = sum(1 << p for p in range(n) if self.sizes[p])
        self.finished = []
        self.face_up = deal.face_up
        self.face_up_player = (
            None
            if deal.face_up < 0
            else next(p for p in range(n) if deal.hands[p] >> deal.face_up & 1)
        )
        self.top = None
        self.top_player = None
        self.passed = 0
        self.played = 0
        self.lead_card = 0 if deal.lead_card < 0 else 1 << deal.lead_card
        self.turn = deal.leader
        self.history = [_LEAD_EVENTS[deal.leader]]
        self.trick_start = 1
        self.phase = PLAY

    # -- protocol basics ------------------------------------------------------

    @property
    def round_number(self) -> int:
        return self.deal_number

    @property
    def is_over(self) -> bool:
        return self._over

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards, lowest rank first (for that player only)."""
        return _cards(self.hands[player])

    # -- legal decisions ------------------------------------------------------

    def _barred_two(self, p: int) -> bool:
        """Whether player p holds only a single 2 that may not end the deal
        now (``last_single_two_wins = off``)."""
        if not self._ban_two or self.sizes[p] != 1 or not self.hands[p] & _TWOS:
            return False
        if self.finished:
            return False  # only the play that would win the deal is barred
        if self.top is None:
            # lifted for the leader when everyone holding cards holds a lone 2
            for q in range(self.n):
                if self.active >> q & 1 and not (self.sizes[q] == 1 and self.hands[q] & _TWOS):
                    return True
            return False
        return True

    def legal_list(self) -> list[Decision]:
        """The legal decisions of the player to act: the pass first when
        allowed, then combinations (singles, pairs, triples rank by rank,
        then five-card hands). The fast path; see :meth:`legal_actions`."""
        p = self.turn
        if p is None:
            return []
        hand = self.hands[p]
        top = self.top
        if top is None:
            # a barred 2 first: it may be the very card the lead must include
            if self._ban_two and self._barred_two(p):
                return [PASS]
            if self.lead_card:
                must = self.lead_card
                return [c for c in self.rules.all_plays(hand) if c[0] & must]
            return self.rules.all_plays(hand)  # type: ignore[return-value]
        if self._ban_two and self._barred_two(p):
            return [PASS]
        out: list[Decision] = [PASS]
        out += self.rules.beating(hand, top)
        return out

    def forced_pass(self) -> IllegalPlay | None:
        """Why the player to act may only pass although they hold a card:
        their only card is a single 2 that may not win the deal
        (``last_single_two_wins = off``). The refusal any play of theirs
        gets (reason ``single_two_cannot_end``), for a leader worded as
        passing the lead on; ``None`` when no rule bars their cards.

        >>> g = BigTwo.from_hands(preset("hong_kong"), ["2D", "2C 2S"])
        >>> why = g.forced_pass()
        >>> why.reason, str(why).endswith("it is your only card: pass the lead on")
        ('single_two_cannot_end', True)
        """
        p = self.turn
        if p is None or self.phase != PLAY or not self._barred_two(p):
            return None
        why = "a single 2 cannot be the play that wins the deal under these rules"
        if self.top is None:
            return IllegalPlay(f"{why}, and it is your only card: pass the lead on", _BARRED)
        return IllegalPlay(f"{why}: pass", _BARRED)

    def legal_actions(self) -> Iterator[Decision]:
        """The legal decisions, generated lazily (the game protocol's name)."""
        p = self.turn
        if p is None:
            return
        top = self.top
        rules = self.rules
        hand = self.hands[p]
        if self._ban_two and self._barred_two(p):
            yield PASS
            return
        if top is None:
            must = self.lead_card
            # small combinations rank by rank, then each kind of five-card hand
            for r in range(13):
                nib = hand >> 4 * r & 15
                if nib:
                    for c in rules.leads_small[r][nib]:
                        if not must or c[0] & must:
                            yield c
            if popcount(hand) >= 5:
                fives: list[Combo] = []
                rules.fives(hand, -1, fives)
                for c in fives:
                    if not must or c[0] & must:
                        yield c
            return
        yield PASS
        yield from rules.beating(hand, top)

    def legal_plays(self) -> Iterator[Decision]:
        return self.legal_actions()

    def default_decision(self) -> Decision:
        """What a player out of time does (§8): pass where allowed, otherwise
        the lowest card alone (on the first lead, the card it must include)."""
        p = self.turn
        if p is None:
            raise WrongPhase("nobody is to act")
        if self.top is not None or self._barred_two(p):
            return PASS
        if self.lead_card:
            return self.rules.singles[self.lead_card.bit_length() - 1]
        return self.rules.singles[self._lowest(self.hands[p])]

    # -- applying decisions ---------------------------------------------------

    def apply(self, decision: Decision | str, player: int | None = None) -> tuple[Event, ...]:
        """Validate and apply a decision of the player to act; returns the
        public events it caused. Raises :class:`NotYourTurn` (reason
        ``not_your_turn`` or ``passed_out``), :class:`WrongPhase` or
        :class:`IllegalPlay`, and then leaves the state unchanged."""
        if isinstance(decision, str):
            decision = parse_decision(decision)
        if self.phase != PLAY or self.turn is None:
            raise WrongPhase(
                "the game is over" if self._over else "the deal is over: deal the next one"
            )
        if player is not None and player != self.turn:
            if self._out_until and self.passed >> player & 1 and self.active >> player & 1:
                raise PassedOut(player, self.turn)
            raise NotYourTurn(player, self.turn)
        if decision is PASS or not isinstance(decision, Combo):
            if decision is not PASS:
                raise IllegalPlay(f"{decision!r} is not a decision", "illegal")
            if self.top is None and not self._barred_two(self.turn):
                raise IllegalPlay(
                    "you lead this trick: play any combination, you cannot pass", "must_lead"
                )
        else:
            decision = self._check(decision)
        start = len(self.history)
        self.apply_unchecked(decision)
        return tuple(self.history[start:])

    def _check(self, combo: Combo) -> Combo:
        """The classified combination, or :class:`IllegalPlay` saying why not."""
        p = self.turn
        assert p is not None
        mask = combo[0]
        missing = mask & ~self.hands[p]
        if missing:
            names = ", ".join(card_name(c) for c in _bits(missing))
            raise IllegalPlay(f"you do not hold {names}", "not_held")
        c = self.rules.combo(mask)
        if not c[1]:
            raise IllegalPlay(
                f"{format_mask(mask)} is not a combination: play a single, a pair, a triple "
                "or a five-card hand (straight, flush, full house, four of a kind plus one "
                "card, straight flush)",
                "not_a_combination",
            )
        if self.lead_card and not mask & self.lead_card:
            name = card_name(self.lead_card.bit_length() - 1)
            raise IllegalPlay(f"your first play must include the {name}", "must_include_lowest")
        top = self.top
        if top is not None:
            need = KIND_SIZES[top[1]]
            if KIND_SIZES[c[1]] != need:
                raise IllegalPlay(
                    f"this trick is played with {need} card(s): play {need} or pass",
                    "wrong_size",
                )
            if c[2] <= top[2]:
                if c[1] != top[1]:
                    msg = f"a {KIND_NAMES[c[1]]} does not beat a {KIND_NAMES[top[1]]}"
                else:
                    msg = f"{c.pretty()} does not beat {top.pretty()}"
                raise IllegalPlay(msg, "not_higher")
        if c[1] == SINGLE:
            barred = self.forced_pass()
            if barred is not None:
                raise barred
        return c

    def apply_unchecked(self, decision: Decision) -> None:
        """Apply a decision known to be legal (no validation: the fast path).
        A :class:`Combo` must come from this game's generators (it carries
        its comparison key), or be classified by ``rules.combo``."""
        p = self.turn
        assert p is not None
        self._decisions.append((p, decision))
        history = self.history
        if decision is PASS:
            history.append(_PASS_EVENTS[p])
            top_player = self.top_player
            if top_player is None:
                # A leader holding only a barred 2 hands the lead on (§8). That
                # is a pass of the trick now led by the next player: under
                # out_until_next_trick they sit it out even if the ban lifts in
                # it. A first lead's card requirement lapses with it, or the
                # next leader, who lacks the card, would have no decision.
                passed = self.passed | 1 << p
                self.passed = passed
                self.lead_card = 0
                nxt = self._next(p, passed if self._out_until else 0)
                self.turn = nxt
                history.append(_LEAD_EVENTS[nxt])
                return
            passed = self.passed | 1 << p
            self.passed = passed
            if self.active & ~passed & ~(1 << top_player) == 0:
                self._end_trick(top_player)
            else:
                self.turn = self._next(p, passed if self._out_until else 0)
            return
        assert isinstance(decision, Combo)
        mask = decision[0]
        if decision[2] < 0:
            decision = self.rules.combo(mask)
        history.append(_new_event(Event, ("play", p, decision, None)))
        self.hands[p] &= ~mask
        self.played |= mask
        left = self.sizes[p] - KIND_SIZES[decision[1]]
        self.sizes[p] = left
        self.lead_card = 0
        self.top = decision
        self.top_player = p
        if not self._out_until:
            self.passed = 0
        if left == 0:
            self.active &= ~(1 << p)
            self.finished.append(p)
            history.append(Event("finish", p, None, len(self.finished) - 1))
            if not self._play_to_end or self.active & (self.active - 1) == 0:
                self._end_deal()
                return
        others = self.active & ~(1 << p) & ~self.passed
        if not others:
            self._end_trick(p)
            return
        self.turn = self._next(p, self.passed if self._out_until else 0)

    def _next(self, p: int, blocked: int) -> int:
        """The next player after p who holds cards and is not ``blocked``."""
        free = self.active & ~blocked
        n = self.n
        q = p
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if free >> q & 1:
                return q
        raise AssertionError("nobody can act")

    def _end_trick(self, winner: int) -> None:
        history = self.history
        history.append(_TRICK_EVENTS[winner])
        self.top = None
        self.top_player = None
        self.passed = 0
        leader = winner if self.active >> winner & 1 else self._next(winner, 0)
        self.turn = leader
        history.append(_LEAD_EVENTS[leader])
        self.trick_start = len(history)

    def _end_deal(self) -> None:
        o = self.options
        n = self.n
        history = self.history
        if any(e.kind == "play" for e in history[self.trick_start : -2]):
            history.append(Event("abandoned", self.finished[-1]))
        winner = self.finished[0]
        penalties = [0] * n
        left = [popcount(h) for h in self.hands]
        if self._play_to_end:
            order = list(self.finished)
            order += [p for p in range(n) if p not in order]
            last = order[-1]
            penalties[last] = penalty(o, left[last], popcount(self.hands[last] & _TWOS))
            positions = places([order.index(p) for p in range(n)], lower_is_better=True)
            self.finished = order
        else:
            for p in range(n):
                penalties[p] = penalty(o, left[p], popcount(self.hands[p] & _TWOS))
            # the winner alone holds no cards, so alone has no penalty: place 0
            positions = places(penalties, lower_is_better=True)
        for p in range(n):
            self.totals[p] += penalties[p]
        self.results.append(
            RoundScore(
                number=self.deal_number,
                positions=positions,
                scores=tuple(penalties),
                totals=tuple(self.totals),
                details=tuple({"cards_left": left[p]} for p in range(n)),
            )
        )
        history.append(Event("deal_over", winner))
        self.last_winner = winner
        self.active = 0
        self.turn = None
        self.top = None
        self.top_player = None
        self.passed = 0
        ended = (o.deals is not None and self.deal_number >= o.deals) or (
            o.threshold is not None and max(self.totals) >= o.threshold
        )
        self._over = ended
        self.phase = GAME_OVER if ended else ROUND_OVER

    # -- outcome --------------------------------------------------------------

    def standing_key(self, player: int) -> tuple[int, int]:
        # equal totals: the better place in the last deal first
        last = self.results[-1].positions if self.results else (0,) * self.n
        return last[player], player

    # -- views ----------------------------------------------------------------

    def public_view(self) -> PublicView:
        """What a spectator sees: no hidden card is reachable from it."""
        n = self.n
        seats = tuple(
            SeatView(
                player=p,
                cards=self.sizes[p],
                passed=bool(self.passed >> p & 1),
                to_act=self.turn == p,
                total=self.totals[p],
                position=self.finished.index(p) if p in self.finished else None,
            )
            for p in range(n)
        )
        trick = tuple(
            (e.player, e.combo if e.combo is not None else PASS)
            for e in self.history[self.trick_start :]
            if e.kind in ("play", "pass")
        )
        lead = self.lead_card
        return PublicView(
            options=self.options,
            deal_number=self.deal_number,
            phase=self.phase,
            seats=seats,
            turn=self.turn,
            top=self.top,
            top_player=self.top_player,
            trick=trick,
            passed=self.passed,
            lead_card=CARDS[lead.bit_length() - 1] if lead and sum(self.sizes) == 52 else None,
            lead_restricted=bool(lead),
            face_up=None
            if self.face_up_player is None
            else (self.face_up_player, CARDS[self.face_up]),
            history=tuple(self.history),
            played=_cards(self.played),
            finished=tuple(self.finished),
            totals=tuple(self.totals),
            results=tuple(self.results),
            is_over=self._over,
            winners=self.winners(),
            players=n,
        )

    def unseen_elsewhere(self, player: int) -> list[str]:
        # fewer than four players: the cards not dealt are unseen too
        held = self.played
        for h in self.hands:
            held |= h
        return format_mask(_PACK & ~held).split()

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: the public view, their own hand, and
        their legal decisions when it is their turn."""
        legal: tuple[Decision, ...] = ()
        if self.turn == player and self.phase == PLAY:
            legal = tuple(self.legal_list())
        lead = self.lead_card if self.hands[player] & self.lead_card else 0
        return Observation(
            player,
            self.public_view(),
            self.hand(player),
            legal,
            CARDS[lead.bit_length() - 1] if lead else None,
        )

    # -- copying, serialisation, records --------------------------------------

    def copy(self) -> BigTwo:
        """An independent copy (cheap: for searches and playouts)."""
        new = self._clone(self.history, self.trick_start)
        new._adopt_record(self._record.copy())
        return new

    def playout_copy(self) -> BigTwo:
        """A copy for a playout: it shares the record (decisions are not
        kept) and the history is cut to the trick in progress."""
        new = self._clone(self.history[self.trick_start - 1 :], 1)
        new._record = self._record
        new._decisions = []
        return new

    def _clone(self, history: list[Event], trick_start: int) -> BigTwo:
        new = object.__new__(BigTwo)
        new.options, new.n, new.rules, new._rng = self.options, self.n, self.rules, self._rng
        new._out_until, new._ban_two = self._out_until, self._ban_two
        new._play_to_end, new.deal_number, new.phase = (
            self._play_to_end,
            self.deal_number,
            self.phase,
        )
        new.hands = list(self.hands)
        new.sizes = list(self.sizes)
        new.active, new.turn, new.top, new.top_player = (
            self.active,
            self.turn,
            self.top,
            self.top_player,
        )
        new.passed, new.lead_card, new.played = self.passed, self.lead_card, self.played
        new.finished = list(self.finished)
        new.history = list(history)
        new.trick_start = trick_start
        new.face_up, new.face_up_player = self.face_up, self.face_up_player
        new.totals = list(self.totals)
        new.results = list(self.results)
        new.last_winner, new._over = self.last_winner, self._over
        return new

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        """The whole state as JSON-ready data (``from_dict`` inverts it)."""
        return {
            "game": "bigtwo",
            **self._envelope(include_record),
            "rng": self._rng,
            "deal": self.deal_number,
            "phase": self.phase,
            "hands": [format_mask(h) for h in self.hands],
            "active": self.active,
            "finished": list(self.finished),
            "turn": self.turn,
            "top": None if self.top is None else str(self.top),
            "top_player": self.top_player,
            "passed": self.passed,
            "lead_card": None if not self.lead_card else format_mask(self.lead_card),
            "played": format_mask(self.played),
            "history": [
                [e.kind, e.player, None if e.combo is None else str(e.combo), e.position]
                for e in self.history
            ],
            "trick_start": self.trick_start,
            "face_up": None if self.face_up < 0 else format_mask(1 << self.face_up),
            "face_up_player": self.face_up_player,
            "totals": list(self.totals),
            "results": [kit.score_to_dict(r) for r in self.results],
            "last_winner": self.last_winner,
            "over": self._over,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], record: Record | None = None) -> BigTwo:
        """The state ``to_dict`` wrote. A state written without its record
        needs ``record``: the game's record as it was when the state was
        written."""
        d, rec = cls._opened(d, record)
        try:
            state = cls(rec.options, 0)
            state._adopt_record(rec)
            rules = state.rules

            def mask(text: str | None) -> int:
                return parse_mask(text) if text and text.strip() else 0

            state._rng = int(d["rng"])
            state.deal_number = int(d["deal"])
            state.phase = str(d["phase"])
            state.hands = [mask(h) for h in d["hands"]]
            state.sizes = [popcount(h) for h in state.hands]
            state.active = int(d["active"])
            state.finished = [int(x) for x in d["finished"]]
            state.turn = None if d["turn"] is None else int(d["turn"])
            state.top = None if d["top"] is None else rules.combo(parse_mask(d["top"]))
            state.top_player = None if d["top_player"] is None else int(d["top_player"])
            state.passed = int(d["passed"])
            state.lead_card = mask(d["lead_card"])
            state.played = mask(d["played"])
            state.history = [
                Event(str(k), int(p), None if c is None else rules.combo(parse_mask(c)), pos)
                for k, p, c, pos in d["history"]
            ]
            state.trick_start = int(d["trick_start"])
            fu = d["face_up"]
            state.face_up = -1 if fu is None else parse_mask(fu).bit_length() - 1
            fp = d["face_up_player"]
            state.face_up_player = None if fp is None else int(fp)
            state.totals = [int(t) for t in d["totals"]]
            state.results = [kit.score_from_dict(r) for r in d["results"]]
            lw = d["last_winner"]
            state.last_winner = None if lw is None else int(lw)
            state._over = bool(d["over"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"malformed state: {exc}") from exc
        return state

    def __repr__(self) -> str:
        return (
            f"<BigTwo deal {self.deal_number} {self.phase} turn={self.turn} "
            f"top={self.top} sizes={self.sizes}>"
        )

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[int], seed: int = 0) -> BigTwo:
        """A full state consistent with ``obs`` in which the players hold
        ``hands`` (masks by player; the observer's must be their own).

        A *determinization* for the computer players' searches: sample the
        unseen cards, build the state, play it out. It keeps no record of
        earlier decisions and only the trick in progress of the history.
        """
        pub = obs.public
        state = cls(pub.options, seed)
        if hands[obs.player] != mask_of(obs.hand):
            raise RecordError("the observer's hand must be their own")
        for p in range(state.n):
            if popcount(hands[p]) != pub.seats[p].cards:
                raise RecordError(f"player {p} holds {pub.seats[p].cards} cards")
        state.deal_number = pub.deal_number
        state.phase = pub.phase
        state.hands = list(hands)
        state.sizes = [popcount(h) for h in hands]
        state.active = sum(1 << p for p in range(state.n) if state.sizes[p])
        state.finished = list(pub.finished)
        state.turn = pub.turn
        state.top = pub.top
        state.top_player = pub.top_player
        state.passed = pub.passed
        state.lead_card = 0 if obs.lead_card is None else mask_of((obs.lead_card,))
        state.played = mask_of(pub.played)
        state.history = [_LEAD_EVENTS[pub.turn if pub.turn is not None else 0]]
        state.trick_start = 1
        state.totals = list(pub.totals)
        state.results = list(pub.results)
        state._over = pub.is_over
        state._start_recording(Deal(tuple(hands)))
        return state


def _hand_mask(h: str | Sequence[Card] | int) -> int:
    if isinstance(h, int):
        return h
    if isinstance(h, str):
        return parse_mask(h) if h.strip() else 0
    return mask_of(h)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in _bits(mask))


replay_iter = BigTwo.replay_iter
replay = BigTwo.replay
