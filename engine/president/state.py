"""The President game state: deal, exchange, tricks, finishing, scoring.

Implements ``president.md``. The state is mutable; :meth:`President.apply`
validates a decision and leaves the state unchanged when it raises.
:meth:`President.apply_unchecked` is the fast path for decisions the engine
generated itself (computer players, playouts, replays already checked).

Players are numbered ``0 … n-1`` for the whole game; seats are places at the
table and can change between rounds (``reseat``). ``current_player`` is a
player, never a seat.

Decisions the rules leave open, and what this engine does:

- Which of several cards of equal rank moves (plays, tribute, give-backs by
  the engine): clubs first, then diamonds, hearts, spades. A play of 3s by the
  holder of the 3♣ therefore always contains it.
- ``first_lead = three_of_clubs`` when no 3♣ is in play (positions started
  from given hands): the seat left of the dealer leads, with any play.
- The leader of a trick may not pass.
- ``compulsory`` never forbids passing when the player has no legal play.
- Under ``single_round``, a revolution that reverses the direction does not
  give anyone a second turn: players who had their turn are passed over.
- ``default_decision()`` (a timed-out player): pass when the rules allow it,
  otherwise the lowest legal play: the weakest rank in the current order
  (jokers and one-less or single-wins top-rank plays count as strongest), with
  the fewest cards; in the exchange, the lowest cards.
- An exchange gives ``min(k, cards held)`` cards when a hand is short.
- The round 1 dealer is random; with ``first_lead = random`` the first leader is
  a random player, chosen at the deal and kept in the record.
- Winners: all players sharing the best total (most points, most credits).
  Standings break ties by the last round's finishing position.

>>> from engine.president import President, preset
>>> g = President.new_game(preset("classic"), seed=1)
>>> g.phase, g.round_number, sum(len(g.hand(p)) for p in range(4))
('play', 1, 52)
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import kit
from ..cards import (
    CLUBS,
    JOKER,
    NUM_RANKS,
    RANK_NAMES,
    THREE,
    Card,
    format_cards,
    make_deck,
    parse_cards,
)
from ..errors import IllegalPlay, NotYourTurn, RecordError, WrongPhase
from ..game import RoundScore, places
from .options import Options, preset
from .plays import PASS, Decision, Give, Play, parse_decision
from .views import (
    Event,
    ExchangeEvent,
    Observation,
    PublicView,
    RoundResult,
    SeatView,
    TrickState,
)

_CARD_KEY = operator.attrgetter("_key")
_RANK = operator.attrgetter("rank")


def _stacks(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """A hand as one tuple of cards per rank, clubs first: a play takes the
    first cards of its rank (see the module docstring), by slicing."""
    hand: list[tuple[Card, ...]] = [()] * NUM_RANKS
    for r, group in itertools.groupby(sorted(cards, key=_CARD_KEY), _RANK):
        hand[r] = tuple(group)
    return hand


@functools.lru_cache(maxsize=256)  # reseating makes a new seating every round
def _successors(seats: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """For each player, the other players in turn order, clockwise and
    counter-clockwise, ending with the player themself. Shared: never mutate."""
    n = len(seats)
    seat_of = {p: s for s, p in enumerate(seats)}
    cw = [tuple(seats[(seat_of[p] + i) % n] for i in range(1, n + 1)) for p in range(n)]
    ccw = [tuple(seats[(seat_of[p] - i) % n] for i in range(1, n + 1)) for p in range(n)]
    return cw, ccw


_new_event = tuple.__new__  # an Event without the Python-level NamedTuple constructor


@functools.cache
def _deck(decks: int, jokers: int, short_pack: bool) -> tuple[Card, ...]:
    return tuple(make_deck(decks, jokers, short_pack))


_PASS_EVENTS = [Event("pass", p, PASS) for p in range(8)]
"""Events are immutable, so every pass of a player can share one (and so can
every trick won, lead, skip and revolution)."""
_TRICK_EVENTS = [Event("trick", p) for p in range(8)]
_LEAD_EVENTS = [Event("lead", p) for p in range(8)]
_SKIP_EVENTS = [Event("skip", p) for p in range(8)]
_REVOLUTION_EVENTS = [Event("revolution", p) for p in range(8)]

_PLAYS: list[list[Play]] = [[Play(r, c) if c else PASS for c in range(9)] for r in range(NUM_RANKS)]

EXCHANGE = "exchange"
PLAY = "play"
ROUND_OVER = "round_over"
GAME_OVER = "game_over"

_JOKER_STRENGTH = 100


def N_(message: str) -> str:
    """Marks a word players read for the bot's catalogs (``pybabel extract``
    reads the engine too) and returns it unchanged: the engine stays free of
    the bot's packages, and the titles stay English in records; the bot
    translates them where it shows them."""
    return message


TITLE_NAMES: dict[str, tuple[str, str, str, str, str]] = {
    # position 0, 1, middle, n-2, n-1
    # Translators: the titles of President's finishing places (Japanese: 大富豪, 富豪,
    # 平民, 貧民, 大貧民)
    "classic": (N_("President"), N_("Vice-President"), N_("Citizen"), N_("Vice-Scum"), N_("Scum")),
    "house": (
        N_("President"),
        N_("Vice-President"),
        N_("Citizen"),
        N_("Vice-Beggar"),
        N_("Beggar"),
    ),
    "revolution": (
        N_("President"),
        N_("Prime Minister"),
        N_("Citizen"),
        N_("Peasant"),
        N_("Beggar"),
    ),
    "ladder": (N_("President"), N_("Vice-President"), "—", N_("Secretary"), N_("Janitor")),
}


def title_for(titles: str, players: int, position: int) -> str:
    """The title of a finishing position (§5).

    >>> [title_for("classic", 3, p) for p in range(3)]
    ['President', 'Citizen', 'Scum']
    >>> [title_for("revolution", 5, p) for p in range(5)]
    ['President', 'Prime Minister', 'Citizen', 'Peasant', 'Beggar']
    """
    names = TITLE_NAMES[titles]
    if position == 0:
        return names[0]
    if position == players - 1:
        return names[4]
    if players == 3:
        return names[2]
    if position == 1:
        return names[1]
    if position == players - 2:
        return names[3]
    return names[2]


def points_for(options: Options, players: int, position: int, risen: int) -> int:
    """Points one round gives a position (§7); ``risen`` is the promotion.

    >>> o = preset("revolution")
    >>> [points_for(o, 4, p, 0) for p in range(4)]
    [5, 0, -10, -15]
    >>> [points_for(preset("revolution", players=3, decks=1), 3, p, 0) for p in range(3)]
    [5, -5, -15]
    """
    scheme = options.scoring
    n = players
    if scheme == "classic":
        return 2 if position == 0 else 1 if position == 1 else 0
    if scheme == "position":
        return n - position - 1
    if scheme == "credits":
        if position == 0:
            return 5
        if position == n - 1:
            return -15
        if n > 3 and position == n - 2:
            return -10
        if n > 3 and position == 1:
            return 0
        return -5
    # ladder (exactly 4 players)
    base = {0: 100, 1: 50, n - 2: 25, n - 1: 0}.get(position, 0)
    bonus = {1: 25, 2: 50, 3: 100}.get(risen, 0)
    return base + bonus


def _strength_tables(options: Options) -> tuple[list[int], list[int]]:
    """Rank strength in the base order and under a revolution."""
    if options.rank_order == "normal":
        base = list(range(13))
    elif options.rank_order == "aces_high":
        base = [r + 1 for r in range(12)] + [0]
    else:  # short_pack: 7 low … A, 2, 3 high; 4, 5, 6 are not in the pack
        base = [12, -1, -1, -1, *range(9)]
    base.append(_JOKER_STRENGTH)
    rev = [-s if s >= 0 else s - 100 for s in base[:13]] + [_JOKER_STRENGTH]
    return base, rev


def _order(strength: list[int], short_pack: bool) -> list[int]:
    ranks = [r for r in range(NUM_RANKS) if not (short_pack and r in (1, 2, 3))]
    return sorted(ranks, key=lambda r: strength[r])


_RankTables = tuple[
    list[int],
    list[int],
    list[int],
    list[int],
    list[tuple[int, ...]],
    list[tuple[int, ...]],
    int,
    int,
]


@functools.cache
def _rank_tables(rank_order: str) -> _RankTables:
    """Strengths, orders (weakest first), the natural ranks stronger than
    each rank, and the top rank, in the base order and under a revolution.
    Shared by every state with the same rank order: never mutate them."""
    base, rev = _strength_tables(Options(rank_order=rank_order))
    short = rank_order == "short_pack"
    order_base, order_rev = _order(base, short), _order(rev, short)
    stronger: list[list[tuple[int, ...]]] = []
    for order in (order_base, order_rev):
        nat = [r for r in order if r != JOKER]
        stronger.append([tuple(nat[nat.index(r) + 1 :]) if r in nat else () for r in range(13)])
    top_base = max(range(13), key=lambda r: base[r])
    top_rev = max(range(13), key=lambda r: rev[r])
    return base, rev, order_base, order_rev, stronger[0], stronger[1], top_base, top_rev


# Hand counts packed four bits per rank (rank r in bits 4r…4r+3), so the
# follows of a hand are found with one addition and one mask instead of a
# loop over ranks: adding 8 - s to every field sets a field's top bit exactly
# when that rank holds at least s cards (counts are at most 8: two decks).
_AT_LEAST = [0] + [sum((8 - s) << 4 * r for r in range(NUM_RANKS)) for s in range(1, 9)]
_UNIT = [1 << 4 * r for r in range(NUM_RANKS)]


def _pack(counts: Sequence[int]) -> int:
    # map and sum run in C: this is on every deal's path
    return sum(map(operator.mul, counts, _UNIT))


class _PlayTables:
    """Plays of packed hands, built on first use and shared by every state
    with the same rank order and joker mode: never mutate what they hold.

    ``follows[rev][s]`` maps the top bits of the natural ranks holding at least
    ``s`` cards (and stronger than the top play) to those plays, weakest first.
    ``leads[rev]`` splits the order into a few groups of ranks; each group maps
    its part of a packed hand to the leads it offers, so a lead list is the
    concatenation of a few lookups (a whole-hand key would rarely repeat)."""

    __slots__ = ("follows", "leads", "orders", "stronger_tops", "trump")

    def __init__(self, rank_order: str, trump: bool) -> None:
        tables = _rank_tables(rank_order)
        self.trump = trump
        self.orders = (tables[2], tables[3])
        self.stronger_tops = tuple(
            [sum(8 << 4 * r for r in stronger[tr]) for tr in range(13)]
            for stronger in (tables[4], tables[5])
        )
        self.follows: tuple[list[dict[int, tuple[Play, ...]]], ...] = tuple(
            [{} for _ in range(9)] for _ in range(2)
        )
        self.leads: tuple[list[tuple[int, dict[int, tuple[Play, ...]], tuple[int, ...]]], ...]
        self.leads = tuple(
            [
                (sum(15 << 4 * r for r in order[i : i + 5]), {}, tuple(order[i : i + 5]))
                for i in range(0, len(order), 5)
            ]
            for order in self.orders
        )

    def follow(self, rev: bool, s: int, key: int) -> tuple[Play, ...]:
        plays = tuple(_PLAYS[r][s] for r in self.orders[rev] if key >> 4 * r & 8)
        self.follows[rev][s][key] = plays
        return plays

    def lead(
        self, cache: dict[int, tuple[Play, ...]], ranks: tuple[int, ...], key: int
    ) -> tuple[Play, ...]:
        plays: list[Play] = []
        for r in ranks:
            k = key >> 4 * r & 15
            if k:
                plays += _PLAYS[r][1 : (2 if r == JOKER and self.trump else k + 1)]
        cache[key] = t = tuple(plays)
        return t


@functools.cache
def _play_tables(rank_order: str, trump: bool) -> _PlayTables:
    return _PlayTables(rank_order, trump)


_NextTable = list[list[int] | None]


@functools.lru_cache(maxsize=256)
def _next_tables(seats: tuple[int, ...]) -> tuple[_NextTable, _NextTable]:
    """Clockwise and counter-clockwise, ``table[mask][p]``: the first player
    after p whose bit is set in ``mask`` (p itself last; -1 when none is),
    the turn order when only finished players are skipped. Rows are filled
    on first use (:meth:`President._next_row`): a round visits only a few
    masks, and eight players have 256 of them per seating and direction."""
    size = 1 << len(seats)
    return [None] * size, [None] * size


@dataclass(frozen=True, slots=True)
class Deal:
    """How a round starts: the hands (by player), the seating (players in
    clockwise seat order), the dealer (a seat) and, for a random first lead,
    the leader. Stored in records so a replay needs no random numbers."""

    hands: tuple[tuple[Card, ...], ...]
    seats: tuple[int, ...]
    dealer: int
    leader: int | None = None
    rng: int | None = None
    """The random-number state after this deal, so a replay ends in the very
    same state (it is never used to re-create the deal)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "dealer": self.dealer,
            "leader": self.leader,
            "hands": [format_cards(h) for h in self.hands],
            "rng": self.rng,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deal:
        try:
            return cls(
                hands=tuple(parse_cards(h) for h in d["hands"]),
                seats=tuple(int(s) for s in d["seats"]),
                dealer=int(d["dealer"]),
                leader=None if d.get("leader") is None else int(d["leader"]),
                rng=None if d.get("rng") is None else int(d["rng"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad deal in record: {exc}") from exc


@dataclass(slots=True)
class Record(kit.Record[Deal, Decision]):
    """A whole game: options, each round's deal and every decision in order.

    JSON format (``Record.to_json``)::

        {"game": "president", "format": "president-record", "version": 1,
         "options": {... every option ...},
         "start": {"round": 1, "scores": null, "previous_order": null},
         "rounds": [{"seats": [2, 0, 3, 1], "dealer": 1, "leader": null,
                     "hands": ["3C 5D …", …],          # by player, as dealt
                     "decisions": [[0, "33"], [1, "pass"], [3, "give 4C"], …]}]}

    Players are indices, never Discord ids. ``start`` describes a game
    started from a position in a later round (puzzles, bug reports).
    """

    kind: ClassVar[str] = "president"
    title: ClassVar[str] = "President"
    deal_type: ClassVar[Any] = Deal
    parse_decision = staticmethod(parse_decision)
    options: Options
    rounds: list[kit.RoundRecord[Deal, Decision]]
    start_round: int = 1
    start_scores: tuple[int, ...] | None = None
    start_previous_order: tuple[int, ...] | None = None

    read_options = staticmethod(Options.from_dict)

    def header(self) -> dict[str, Any]:
        return {
            "start": {
                "round": self.start_round,
                "scores": kit.optional_list(self.start_scores),
                "previous_order": kit.optional_list(self.start_previous_order),
            }
        }

    @classmethod
    def read_header(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        start = data.get("start") or {}
        return {
            "start_round": int(start.get("round", 1)),
            "start_scores": kit.optional_ints(start.get("scores")),
            "start_previous_order": kit.optional_ints(start.get("previous_order")),
        }


class President(kit.SplitMix, kit.KitState[Record]):
    """A game of President in progress (the OpenSpiel-style ``State``)."""

    game_name: ClassVar[str] = "president"
    kind: ClassVar[str] = "president"
    # Translators: the game's name (French: Président; Japanese and Chinese: 大富豪)
    title: ClassVar[str] = N_("President")
    lower_is_better: ClassVar[bool] = False
    record_type: ClassVar[Any] = Record

    # slots: attribute reads and writes are the engine's commonest operations,
    # and a slot is the fastest place CPython keeps an attribute
    __slots__ = (
        "_after_ccw",
        "_after_cw",
        "_compulsory",
        "_equal",
        "_follow_tops",
        "_follows",
        "_lead_groups",
        "_next_ccw",
        "_next_cw",
        "_one_less",
        "_order_base",
        "_order_rev",
        "_out_until",
        "_over",
        "_packed",
        "_plain_follow",
        "_plain_turns",
        "_revolution_on",
        "_rng",
        "_single_round",
        "_single_wins",
        "_skip_on_equal",
        "_special_twos",
        "_strength_base",
        "_strength_rev",
        "_stronger_base",
        "_stronger_rev",
        "_tables",
        "_top_base",
        "_top_rev",
        "_trump",
        "active_mask",
        "counts",
        "dealer",
        "direction",
        "exchange_events",
        "finished",
        "had_turn",
        "hands",
        "history",
        "lead_3c",
        "passed",
        "pending",
        "previous_order",
        "revolution",
        "round_number",
        "scores",
        "seat_of",
        "seats",
        "since_top",
        "sizes",
        "top",
        "top_player",
        "trick_size",
        "trick_start",
    )

    # -- construction -------------------------------------------------------

    def __init__(self, options: Options, seed: int = 0) -> None:
        self.options = options
        self.n = options.players
        self._rng = seed & kit.MASK64
        (
            self._strength_base,
            self._strength_rev,
            self._order_base,
            self._order_rev,
            self._stronger_base,
            self._stronger_rev,
            self._top_base,
            self._top_rev,
        ) = _rank_tables(options.rank_order)
        self._trump = options.joker_mode == "trump"
        self._out_until = options.pass_rule == "out_until_next_trick"
        self._single_round = options.single_round
        # option flags read on every decision, kept as plain attributes
        self._equal = options.equal_plays
        self._compulsory = options.compulsory
        self._one_less = options.twos == "one_less"
        self._single_wins = options.twos == "single_wins"
        self._special_twos = options.twos != "normal"
        self._revolution_on = options.revolution
        self._skip_on_equal = options.skip_on_equal
        tables = _play_tables(options.rank_order, self._trump)
        self._tables = tables
        self._follow_tops = tables.stronger_tops
        self._follows = tables.follows
        self._lead_groups = tables.leads
        # no option adds follows beyond "the same count, stronger"
        self._plain_follow = not (
            self._equal or self._special_twos or self._compulsory or options.jokers
        )
        # only finished players are skipped: the next player is a table lookup
        self._plain_turns = not (self._out_until or self._single_round)
        n = self.n
        self.round_number = 0
        self.phase = ROUND_OVER
        self.seats: list[int] = list(range(n))
        self.seat_of: list[int] = list(range(n))
        self._after_cw: list[tuple[int, ...]] = []
        self._after_ccw: list[tuple[int, ...]] = []
        self._next_cw: _NextTable = []
        self._next_ccw: _NextTable = []
        self._seat_players(range(n))
        self.dealer = n - 1
        self.hands: list[list[tuple[Card, ...]]] = [[()] * NUM_RANKS for _ in range(n)]
        self.sizes: list[int] = [0] * n
        self.counts: list[list[int]] = [[0] * NUM_RANKS for _ in range(n)]
        self._packed: list[int] = [0] * n
        """``counts`` four bits per rank (see ``_pack``), kept in step with it."""
        self.direction = 1
        self.revolution = False
        self.finished: list[int] = []
        self.active_mask = 0
        self.turn: int | None = None
        self.top: Play | None = None
        self.top_player: int | None = None
        self.trick_size = 0
        self.trick_start = 0
        """Index in ``history`` where the trick in progress starts."""
        self.since_top = 0
        self.passed = 0
        self.had_turn = 0
        self.lead_3c = False
        self.history: list[Event] = []
        self.exchange_events: list[ExchangeEvent] = []
        self.pending: list[tuple[int, int, int]] = []
        self.scores: list[int] = [options.start_credits if options.scoring == "credits" else 0] * n
        self.previous_order: tuple[int, ...] | None = None
        self.results: list[RoundResult] = []
        self._record = Record(options, [])
        self._decisions: list[tuple[int, Decision]] = []
        self._over = False

    @classmethod
    def new_game(cls, options: Options | None = None, seed: int = 0) -> President:
        """A new game with round 1 dealt from ``seed`` (shuffled seats,
        random dealer)."""
        state = cls(options if options is not None else preset("classic"), seed)
        state.start_round()
        return state

    @classmethod
    def replay_begin(cls, record: Record) -> President:
        """The game a record starts from, its first round dealt."""
        return cls._from_deal(
            record.options,
            record.rounds[0].deal,
            round_number=record.start_round,
            previous_order=record.start_previous_order,
            scores=record.start_scores,
        )

    @classmethod
    def from_hands(
        cls,
        options: Options,
        hands: Sequence[str | Sequence[Card]],
        *,
        seats: Sequence[int] | None = None,
        dealer: int | None = None,
        leader: int | None = None,
        round_number: int = 1,
        previous_order: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        seed: int = 0,
    ) -> President:
        """A round started from given hands (by player), like a FEN.

        The hands need not use the whole pack. By default seats follow player
        numbers and the dealer sits before player 0, so player 0 leads
        round 1. From round 2 on, ``previous_order`` (players by position in
        the previous round) drives the exchange, seating and leader.

        >>> g = President.from_hands(preset("classic"), ["3C 3D", "4C", "KH"])
        >>> g.current_player, [str(p) for p in g.legal_plays()]
        (0, ['3', '33'])
        """
        parsed = tuple(parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands)
        if len(parsed) != options.players:
            options = options.replace(players=len(parsed))
        n = options.players
        seat_t = tuple(seats) if seats is not None else None
        dl = dealer if dealer is not None else n - 1
        if options.first_lead == "random" and round_number == 1 and leader is None:
            leader = (seat_t or tuple(range(n)))[(dl + 1) % n]
        return cls._from_deal(
            options,
            Deal(parsed, seat_t or (), dl, leader),
            round_number=round_number,
            previous_order=previous_order,
            scores=scores,
            seed=seed,
        )

    @classmethod
    def _from_deal(
        cls,
        options: Options,
        deal: Deal,
        *,
        round_number: int,
        previous_order: Sequence[int] | None,
        scores: Sequence[int] | None,
        seed: int = 0,
    ) -> President:
        """A game whose first round is ``deal``; empty ``deal.seats`` means
        "seat by the rules" (round 1: by player number)."""
        state = cls(options, seed)
        n = state.n
        if round_number > 1:
            if previous_order is None:
                raise RecordError("a position after round 1 needs previous_order")
            state.previous_order = tuple(previous_order)
            if sorted(state.previous_order) != list(range(n)):
                raise RecordError("previous_order must list every player once")
        if scores is not None:
            state.scores = list(scores)
        state.round_number = round_number - 1
        state._record.start_round = round_number
        state._record.start_scores = None if scores is None else tuple(scores)
        state._record.start_previous_order = state.previous_order
        if not deal.seats:
            if round_number == 1:
                deal = Deal(deal.hands, tuple(range(n)), deal.dealer, deal.leader, deal.rng)
            else:
                seat_t, dl = state._next_seating()
                deal = Deal(deal.hands, seat_t, dl, deal.leader, deal.rng)
        state.start_round(deal)
        return state

    # -- rounds -------------------------------------------------------------

    def _next_seating(self) -> tuple[tuple[int, ...], int]:
        n = self.n
        if self.options.reseat and self.previous_order is not None:
            # position 0 first, then clockwise; the last position deals
            return tuple(self.previous_order), n - 1
        return tuple(self.seats), (self.dealer + 1) % n

    def random_deal(self) -> Deal:
        """The deal of the next round, drawn from the state's random numbers."""
        n = self.n
        o = self.options
        if self.round_number == 0:
            seats = list(range(n))
            self._shuffle(seats)
            seat_t = tuple(seats)
            dealer = self._rand(n)
        else:
            seat_t, dealer = self._next_seating()
        deck = list(_deck(o.decks, o.jokers, o.rank_order == "short_pack"))
        self._shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(n)]
        first = (dealer + 1) % n
        for k in range(n):
            # one card at a time from the seat after the dealer: every n-th card
            hands[seat_t[(first + k) % n]] = deck[k::n]
        leader = None
        if self.round_number == 0 and o.first_lead == "random":
            leader = self._rand(n)
        return Deal(
            tuple(tuple(sorted(h, key=_CARD_KEY)) for h in hands), seat_t, dealer, leader, self._rng
        )

    def deal_from_hands(self, hands: Sequence[str | Sequence[Card]]) -> Deal:
        """A deal of the next round with the given hands (by player) and the
        seating the rules give: for puzzles and tests of later rounds."""
        parsed = tuple(parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands)
        if self.round_number == 0:
            return Deal(parsed, tuple(range(self.n)), self.n - 1, None)
        seats, dealer = self._next_seating()
        return Deal(parsed, seats, dealer, None)

    def start_round(self, deal: Deal | None = None) -> None:
        """Deal the next round (from ``deal``, or at random) and run the
        automatic parts of the exchange."""
        if self._over:
            raise WrongPhase("the game is over")
        if self.phase not in (ROUND_OVER,):
            raise WrongPhase("the current round is not over")
        if deal is None:
            deal = self.random_deal()
        else:
            # a deal from outside (a record, a puzzle): refuse now what the pack
            # cannot hold, not at the play that happens to touch it
            self._check_pack(deal.hands)
        n = self.n
        if len(deal.hands) != n or sorted(deal.seats) != list(range(n)) or not 0 <= deal.dealer < n:
            raise RecordError("the deal does not fit the number of players")
        if self.round_number >= 1 and self._record.rounds:
            expected = self._next_seating()
            if (tuple(deal.seats), deal.dealer) != expected:
                raise RecordError(
                    f"round {self.round_number + 1}: seats {list(deal.seats)} and dealer "
                    f"{deal.dealer} do not follow the rules (expected {list(expected[0])}, "
                    f"{expected[1]})"
                )
        self.round_number += 1
        if deal.rng is not None:
            self._rng = deal.rng
        self._start_recording(deal)
        self._seat_players(deal.seats)
        self.dealer = deal.dealer
        self.hands = [_stacks(cards) for cards in deal.hands]
        for p, cards in enumerate(deal.hands):
            hand = self.hands[p]
            self.sizes[p] = len(cards)
            self.counts[p] = list(map(len, hand))
            self._packed[p] = _pack(self.counts[p])
        self.direction = 1
        self.revolution = False
        self.finished = []
        self.active_mask = 0
        for p in range(n):
            if self.sizes[p]:
                self.active_mask |= 1 << p
            else:
                # an empty hand in a given position is already out
                self.finished.append(p)
        self.history = []
        self.exchange_events = []
        self.pending = []
        self._reset_trick()
        self.lead_3c = False
        self.turn = None
        self.phase = PLAY
        if self._check_round_end():
            return
        if self.round_number > 1 and self.previous_order is not None:
            self._begin_exchange()
            if self.pending:
                self.phase = EXCHANGE
                self.turn = self.pending[0][0]
                return
            self._begin_play()
        else:
            self._begin_play(deal.leader)

    def _check_pack(self, hands: Sequence[Sequence[Card]]) -> None:
        """Raise :class:`RecordError` when ``hands`` hold a card more often
        than the options' pack has it (hands need not use the whole pack)."""
        o = self.options
        pack: dict[Card, int] = {}
        for c in _deck(o.decks, o.jokers, o.rank_order == "short_pack"):
            pack[c] = pack.get(c, 0) + 1
        held: dict[Card, int] = {}
        for hand in hands:
            for c in hand:
                held[c] = held.get(c, 0) + 1
        # the two jokers are one rank (§10): only their number matters
        jokers = sum(v for c, v in held.items() if c.rank == JOKER)
        if jokers > o.jokers:
            if not o.jokers:
                raise RecordError("the hands hold a joker but the rules have none (jokers = 0)")
            raise RecordError(f"the hands hold {jokers} jokers but the rules have {o.jokers}")
        for c, k in held.items():
            have = pack.get(c, 0)
            if k <= have or c.rank == JOKER:
                continue
            if not have:
                raise RecordError(f"the hands hold {c} but the short pack has no 4s, 5s or 6s")
            pack_text = "once in one deck" if o.decks == 1 else f"{have} times in {o.decks} decks"
            raise RecordError(f"the hands hold {c} {k} times, but it is only {pack_text}")

    def _first_leader(self, given: int | None) -> int:
        o = self.options
        n = self.n
        left = (self.dealer + 1) % n
        if self.round_number > 1 and self.previous_order is not None:
            order = self.previous_order
            return order[0] if o.leader == "president" else order[-1]
        if o.first_lead == "random" and given is not None:
            return given
        if o.first_lead == "three_of_clubs":
            for i in range(n):
                p = self.seats[(left + i) % n]
                if any(c.suit == CLUBS for c in self.hands[p][THREE]):
                    self.lead_3c = True
                    return p
        return self.seats[left]

    def _begin_play(self, given_leader: int | None = None) -> None:
        self.phase = PLAY
        leader = self._first_leader(given_leader)
        if not self.active_mask >> leader & 1:
            leader = self._next_active(leader)
        self.turn = leader
        self.history.append(_LEAD_EVENTS[leader])

    # -- exchange -----------------------------------------------------------

    def _low_first(self, p: int) -> list[Card]:
        """Player p's cards from lowest to highest in the base order (jokers
        highest), clubs first within a rank."""
        out: list[Card] = []
        for r in self._order_base:
            out.extend(self.hands[p][r])
        return out

    def _move(self, giver: int, receiver: int, cards: Sequence[Card]) -> None:
        gh = self.hands[giver]
        rh = self.hands[receiver]
        for c in cards:
            r = c.rank
            left = list(gh[r])
            left.remove(c)
            gh[r] = tuple(left)
            rh[r] = tuple(sorted((*rh[r], c), key=_CARD_KEY))
            self.counts[giver][c.rank] -= 1
            self.counts[receiver][c.rank] += 1
        self._packed[giver] = _pack(self.counts[giver])
        self._packed[receiver] = _pack(self.counts[receiver])
        self.sizes[giver] -= len(cards)
        self.sizes[receiver] += len(cards)

    def _begin_exchange(self) -> None:
        o = self.options
        order = self.previous_order
        assert order is not None
        n = self.n
        extra = 1 if o.butthead else 0
        pairs: list[tuple[int, int, int]] = []  # (low position, high position, k)
        if o.exchange == "classic":
            pairs = [(n - 1, 0, 1)]
        elif o.exchange == "house":
            pairs = [(n - 1, 0, o.advantage)]
            if o.advantage == 2 and n > 3:
                pairs.append((n - 2, 1, 1))
        elif o.exchange == "revolution":
            pairs = [(n - 1, 0, 2)]
            if n > 3:
                pairs.append((n - 2, 1, 1))
        elif o.exchange == "ladder":
            pairs = [(n - 1, 0, 2)]
            if n > 3:
                pairs.append((n - 2, 1, 1))
            swaps = []
            for lo, hi, k in pairs:
                giver, receiver = order[lo], order[hi]
                up = self._low_first(giver)[::-1][:k]
                down = self._low_first(receiver)[: k + extra]
                swaps.append((giver, receiver, up, down))
            for giver, receiver, up, down in swaps:
                self._move(giver, receiver, up)
                self._move(receiver, giver, down)
                self.exchange_events.append(
                    ExchangeEvent("swap", giver, receiver, len(up), tuple(sorted(up)))
                )
                self.exchange_events.append(
                    ExchangeEvent("swap", receiver, giver, len(down), tuple(sorted(down)))
                )
            return
        else:
            return
        for lo, hi, k in pairs:
            giver, receiver = order[lo], order[hi]
            cards = self._low_first(giver)[::-1][:k]
            self._move(giver, receiver, cards)
            self.exchange_events.append(
                ExchangeEvent("tribute", giver, receiver, len(cards), tuple(sorted(cards)))
            )
        for lo, hi, k in pairs:
            giver, receiver = order[hi], order[lo]
            count = min(k + extra, self.sizes[giver])
            if count:
                self.pending.append((giver, receiver, count))
        if o.exchange_return == "lowest":
            while self.pending:
                giver, _, count = self.pending[0]
                self._give_back(Give(self._low_first(giver)[:count]))

    def _give_back(self, give: Give) -> None:
        giver, receiver, _ = self.pending.pop(0)
        self._move(giver, receiver, give.cards)
        self.exchange_events.append(
            ExchangeEvent("return", giver, receiver, len(give.cards), give.cards)
        )

    def _legal_gives(self, p: int, count: int) -> Iterator[Give]:
        """Every distinct give-back by ranks, lowest first (clubs first within
        a rank)."""
        hand = self.hands[p]
        ranks = [r for r in self._order_base if hand[r]]
        # rank multisets in order, then those the hand holds enough cards for
        for combo in itertools.combinations_with_replacement(ranks, count):
            cards: list[Card] = []
            prev = -1
            used = 0
            for r in combo:
                used = used + 1 if r == prev else 0
                have = hand[r]
                if used >= len(have):
                    break
                cards.append(have[used])
                prev = r
            else:
                yield Give(cards)

    # -- strength helpers ---------------------------------------------------

    @property
    def top_rank(self) -> int:
        """The top natural rank of the current order (§1)."""
        return self._top_rev if self.revolution else self._top_base

    def strength(self, rank: int) -> int:
        """How strong a rank is in the current order (higher beats lower)."""
        return (self._strength_rev if self.revolution else self._strength_base)[rank]

    def _reset_trick(self) -> None:
        self.top = None
        self.top_player = None
        self.trick_size = 0
        self.trick_start = len(self.history)
        self.since_top = 0
        self.passed = 0
        self.had_turn = 0

    # -- legal decisions ----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    def legal_actions(self) -> Iterator[Decision]:
        """The game-protocol name of :meth:`legal_plays`."""
        return self.legal_plays()

    def round_results(self) -> list[RoundScore]:
        """Every finished round in the shape all games share."""
        return [
            RoundScore(
                number=r.round_number,
                positions=places([r.order.index(p) for p in range(self.n)], lower_is_better=True),
                scores=r.points,
                totals=r.totals,
                details=tuple(
                    {"title": r.titles[p], "promotion": r.promotions[p]} for p in range(self.n)
                ),
            )
            for r in self.results
        ]

    def legal_plays(self) -> Iterator[Decision]:
        """The legal decisions of the player to act, generated lazily.

        Plays come weakest first (pass first when allowed); in the exchange,
        every distinct give-back by ranks.
        """
        if self.phase == EXCHANGE:
            giver, _, count = self.pending[0]
            yield from self._legal_gives(giver, count)
        elif self.phase == PLAY:
            yield from self.legal_list()

    def legal_list(self) -> list[Play]:
        """The legal plays (not give-backs) as a list, pass first when
        allowed, then roughly weakest first: the fast path."""
        if self.phase != PLAY:
            return []
        turn = self.turn
        assert turn is not None  # someone always acts in the play phase
        top = self.top
        rev = self.revolution
        if top is None:
            if self.lead_3c:
                return _PLAYS[THREE][1 : self.counts[turn][THREE] + 1]
            packed = self._packed[turn]
            out: list[Play] = []
            for mask, cache, ranks in self._lead_groups[rev]:
                key = packed & mask
                if key:
                    part = cache.get(key)
                    out += part if part is not None else self._tables.lead(cache, ranks, key)
            return out
        s = self.trick_size
        tr = top.rank
        if tr == JOKER:
            return self._follow_joker(turn, top, s)
        key = (self._packed[turn] + _AT_LEAST[s]) & self._follow_tops[rev][tr]
        stronger = self._follows[rev][s].get(key)
        if stronger is None:
            stronger = self._tables.follow(rev, s, key)
        if self._plain_follow:
            return [PASS, *stronger]
        cnt = self.counts[turn]
        P = _PLAYS
        tc = top.count
        out = [PASS, P[tr][tc]] if self._equal and cnt[tr] >= tc else [PASS]
        out += stronger
        if self._special_twos:
            toprank = self._top_rev if rev else self._top_base
            if cnt[toprank]:
                if self._one_less:
                    if s >= 2 and tr != toprank and cnt[toprank] >= s - 1:
                        out.append(P[toprank][s - 1])
                elif s != 1:
                    out.append(P[toprank][1])
        if cnt[JOKER]:
            if self._trump:
                out.append(P[JOKER][1])
            elif cnt[JOKER] >= s:
                out.append(P[JOKER][s])
        if self._compulsory and len(out) > 1:
            del out[0]
        return out

    def _follow_joker(self, turn: int, top: Play, s: int) -> list[Play]:
        # only high jokers lead a trick on: nothing natural beats them
        cnt = self.counts[turn]
        out = [PASS]
        if self._single_wins and cnt[self.top_rank]:
            out.append(_PLAYS[self.top_rank][1])
        if self._equal and cnt[JOKER] >= top.count:
            out.append(_PLAYS[JOKER][top.count])
        if self._compulsory and len(out) > 1:
            del out[0]
        return out

    def default_decision(self) -> Decision:
        """The automatic decision for a player whose time ran out."""
        if self.phase == EXCHANGE:
            giver, _, count = self.pending[0]
            return Give(self._low_first(giver)[:count])
        plays = self.legal_list()
        if not plays:
            raise WrongPhase("nobody is to act")
        if plays[0] is PASS:
            return PASS
        return min(plays, key=self._play_weight)

    def _play_weight(self, play: Play) -> tuple[int, int]:
        r = play.rank
        strong = r == JOKER or (
            r == self.top_rank
            and self.top is not None
            and (play.count < self.trick_size or self.options.twos == "single_wins")
        )
        return (1000 if strong else self.strength(r), play.count)

    # -- applying decisions -------------------------------------------------

    def apply(self, decision: Decision | str, player: int | None = None) -> tuple[Event, ...]:
        """Validate and apply a decision of the player to act; returns the
        public events it caused (a play, a trick won, a player out …).

        ``player`` (when given) must be the player to act. Raises
        :class:`NotYourTurn`, :class:`WrongPhase` or :class:`IllegalPlay`
        (with the reason and its code) and then leaves the state unchanged.
        """
        if isinstance(decision, str):
            decision = parse_decision(decision)
        if self.phase not in (PLAY, EXCHANGE) or self.turn is None:
            raise WrongPhase(
                "the game is over" if self._over else "the round is over: deal the next one"
            )
        if player is not None and player != self.turn:
            raise NotYourTurn(player, self.turn)
        if self.phase == EXCHANGE:
            if not isinstance(decision, Give):
                raise WrongPhase("it is the exchange: give cards back before anyone plays")
            self._check_give(decision)
        else:
            if not isinstance(decision, Play):
                raise WrongPhase("the exchange is over: play or pass")
            if decision not in self.legal_list():
                raise IllegalPlay(*self._why_illegal(decision))
        history = self.history
        start = len(history)
        giver = self.turn
        self.apply_unchecked(decision)
        if isinstance(decision, Give) and giver is not None:
            # a give-back is public as a fact, not as cards
            return (Event("give", giver), *history[start:])
        return tuple(history[start:])

    def _check_give(self, give: Give) -> None:
        giver, _, count = self.pending[0]
        if len(give.cards) != count:
            raise IllegalPlay(
                f"give back exactly {count} card(s), not {len(give.cards)}", "wrong_size"
            )
        need: dict[Card, int] = {}
        for c in give.cards:
            need[c] = need.get(c, 0) + 1
        for c, k in need.items():
            if self.hands[giver][c.rank].count(c) < k:
                raise IllegalPlay(
                    f"you do not hold {c.pretty()}" + (f" ×{k}" if k > 1 else ""), "not_held"
                )

    def _why_illegal(self, play: Play) -> tuple[str, str]:
        """The message and reason code of a refused play."""
        p = self.turn
        assert p is not None
        if play.is_pass:
            if self.top is None:
                return "you lead this trick: play any set, you cannot pass", "must_lead"
            return (
                "passing is not allowed: under compulsory play you must play when you can",
                "must_play",
            )
        have = len(self.hands[p][play.rank])
        if have < play.count:
            return f"you have {have} card(s) of that rank, not {play.count}", "not_held"
        if play.rank == JOKER and self._trump and play.count > 1:
            return "jokers are played alone", "wrong_size"
        if self.top is None:
            if self.lead_3c:
                return "the first lead must contain the 3♣", "must_include_lowest"
            return "that is not a play", "illegal"
        one_less = self.options.twos == "one_less"
        if play.count != self.trick_size and not (
            one_less and play.count == self.trick_size - 1 and play.rank == self.top_rank
        ):
            # §4.2: only the top rank may be one card short, so any other
            # short set is the wrong size, whatever its rank
            if one_less and play.count == self.trick_size - 1:
                return (
                    f"this trick needs {self.trick_size} card(s); only "
                    f"{RANK_NAMES[self.top_rank]}s may be played one card short",
                    "wrong_size",
                )
            return f"this trick needs {self.trick_size} card(s)", "wrong_size"
        return f"{play.pretty()} does not beat the {self.top.pretty()}", "not_higher"

    def apply_unchecked(self, decision: Decision) -> None:
        """Apply a decision known to be legal (no validation: the fast path).

        Written for speed: playouts of the computer players spend most of
        their time here, so the common pass and play paths are inlined.
        """
        p = self.turn
        assert p is not None
        self._decisions.append((p, decision))
        bit = 1 << p
        history = self.history
        if decision is PASS:  # plays are interned: the one pass is PASS
            history.append(_PASS_EVENTS[p])
            since = self.since_top | bit
            self.since_top = since
            top_player = self.top_player
            assert top_player is not None
            if self._plain_turns:
                # passes and turns taken matter only to the other pass rules
                active = self.active_mask
                if active & ~(1 << top_player) & ~since == 0:
                    self._end_trick(top_player)
                else:
                    row = (self._next_cw if self.direction == 1 else self._next_ccw)[active]
                    self.turn = (row or self._next_row(active))[p]
                return
            passed = self.passed | bit
            self.passed = passed
            self.had_turn |= bit
            if self._single_round:
                over = self.active_mask & ~self.had_turn == 0
            else:
                over = self.active_mask & ~(1 << top_player) & ~(since | passed) == 0
            if over:
                self._end_trick(top_player)
            else:
                self._advance(p)
            return
        if isinstance(decision, Give):
            self._give_back(decision)
            if self.pending:
                self.turn = self.pending[0][0]
            else:
                self._begin_play()
            return
        count = decision.count
        rank = decision.rank
        rev = self.revolution
        top = self.top
        hand = self.hands[p]
        stack = hand[rank]
        history.append(_new_event(Event, ("play", p, decision, None, stack[:count])))
        hand[rank] = stack[count:]
        self.counts[p][rank] -= count
        self._packed[p] -= _UNIT[rank] * count
        left = self.sizes[p] - count
        self.sizes[p] = left
        if self.lead_3c:
            self.lead_3c = False
        wins_now = (rank == JOKER and self._trump) or (
            self._single_wins and count == 1 and rank == (self._top_rev if rev else self._top_base)
        )
        if count >= 4 and self._revolution_on and rank != JOKER:
            self.revolution = not self.revolution
            if self.options.revolution_reverses_direction:
                self.direction = -self.direction
            history.append(_REVOLUTION_EVENTS[p])
        if left == 0:
            self._finish(p)
            if self.phase != PLAY:
                return
        if wins_now:
            self._end_trick(p)
            return
        if top is None:
            self.trick_size = count
        self.top = decision
        self.top_player = p
        self.since_top = 0
        plain = self._plain_turns
        if not plain:
            self.had_turn |= bit
        cursor = p
        if (
            self._skip_on_equal
            and top is not None
            and rank == top.rank
            and count == top.count
            and rank != (self._top_rev if rev else self._top_base)
            and rank != JOKER
        ):
            victim = self._next_player(p)
            if victim is not None and victim != p:
                vbit = 1 << victim
                self.since_top |= vbit
                if not plain:
                    self.had_turn |= vbit
                history.append(_SKIP_EVENTS[victim])
                cursor = victim
                if plain and self.active_mask & ~bit & ~vbit == 0:
                    self._end_trick(p)  # the skipped player was the only other one left
                    return
        if plain:
            # someone else is still in (else the round would be over) and
            # nobody has passed on this play yet: the trick goes on
            active = self.active_mask
            row = (self._next_cw if self.direction == 1 else self._next_ccw)[active]
            self.turn = (row or self._next_row(active))[cursor]
            return
        if self._single_round:
            over = self.active_mask & ~self.had_turn == 0
        else:
            over = self.active_mask & ~bit & ~(self.since_top | self.passed) == 0
        if over:
            self._end_trick(p)
        else:
            self._advance(cursor)

    def _next_row(self, active: int) -> list[int]:
        """Fill the turn-order row of the active players ``active`` in the
        current direction (see ``_next_tables``)."""
        cw = self.direction == 1
        row = [
            next((q for q in after if active >> q & 1), -1)
            for after in (self._after_cw if cw else self._after_ccw)
        ]
        (self._next_cw if cw else self._next_ccw)[active] = row
        return row

    def _advance(self, p: int) -> None:
        """Give the turn to the next player after p who may act in this trick."""
        q = self._next_player(p)
        if q is None:
            raise AssertionError("nobody can act in an unfinished trick")
        self.turn = q

    def position_key(self) -> tuple[object, ...]:
        """A hashable key of everything that decides the rest of the round's
        play: hand counts, the trick, the turn, who is still in and the rank
        order. Suits and the history are left out (no rule reads them once
        the cards are dealt), so positions reached by different move orders
        share a key: for transposition tables in searches."""
        return (
            tuple(self._packed),
            self.turn,
            self.top,
            self.trick_size,
            self.top_player,
            self.since_top,
            self.active_mask,
            self.direction,
            self.revolution,
            self.passed,
            self.had_turn,
            self.lead_3c,
        )

    @property
    def trick(self) -> list[tuple[int, Play]]:
        """The plays and passes of the trick in progress, in order."""
        return [(e.player, e.play) for e in self.history[self.trick_start :] if e.play is not None]

    @property
    def trick_cards(self) -> list[tuple[Card, ...]]:
        """The cards of each entry of :attr:`trick` (empty for a pass)."""
        return [e.cards or () for e in self.history[self.trick_start :] if e.play is not None]

    def _next_player(self, p: int) -> int | None:
        """The next player in the current direction who may act in this trick."""
        blocked = ~self.active_mask
        if self._out_until:
            blocked |= self.passed
        if self._single_round:
            blocked |= self.had_turn
        for q in (self._after_cw if self.direction == 1 else self._after_ccw)[p]:
            if not blocked >> q & 1:
                return q
        return None

    def _seat_players(self, seats: Sequence[int]) -> None:
        self.seats = list(seats)
        for s, p in enumerate(self.seats):
            self.seat_of[p] = s
        self._after_cw, self._after_ccw = _successors(tuple(self.seats))
        self._next_cw, self._next_ccw = _next_tables(tuple(self.seats))

    def _next_active(self, p: int) -> int:
        for q in (self._after_cw if self.direction == 1 else self._after_ccw)[p]:
            if self.active_mask >> q & 1:
                return q
        raise AssertionError("no active player")

    def _end_trick(self, winner: int) -> None:
        history = self.history
        history.append(_TRICK_EVENTS[winner])
        # _reset_trick inlined: a trick ends every few decisions
        self.top = None
        self.top_player = None
        self.trick_size = 0
        self.trick_start = len(history)
        self.since_top = 0
        self.passed = 0
        self.had_turn = 0
        self.turn = winner if self.active_mask >> winner & 1 else self._next_active(winner)

    def _finish(self, p: int) -> None:
        self.active_mask &= ~(1 << p)
        self.finished.append(p)
        self.history.append(Event("finish", p, position=len(self.finished) - 1))
        self._check_round_end()

    def _check_round_end(self) -> bool:
        if self.active_mask & (self.active_mask - 1):
            return False
        # one (or, in a given position, no) active player left: the round ends
        if self.active_mask:
            last = self.active_mask.bit_length() - 1
            self.active_mask = 0
            self.finished.append(last)
            self.history.append(Event("finish", last, position=len(self.finished) - 1))
        if self.trick:  # the round ended mid-trick
            self.history.append(Event("abandoned", self.finished[-1]))
        self._reset_trick()
        self.turn = None
        self._score_round()
        return True

    def _score_round(self) -> None:
        o = self.options
        n = self.n
        order = tuple(self.finished)
        prev = self.previous_order
        points = [0] * n
        promotions = [0] * n
        titles = [""] * n
        for pos, p in enumerate(order):
            risen = prev.index(p) - pos if prev is not None and self.round_number > 1 else 0
            promotions[p] = risen
            points[p] = points_for(o, n, pos, risen if self.round_number > 1 else 0)
            titles[p] = title_for(o.titles, n, pos)
        for p in range(n):
            self.scores[p] += points[p]
        self.results.append(
            RoundResult(
                self.round_number,
                order,
                tuple(titles),
                tuple(points),
                tuple(self.scores),
                tuple(promotions),
            )
        )
        self.previous_order = order
        limit = o.game_rounds
        ended = limit is not None and self.round_number >= limit
        if o.scoring in ("classic", "position") and max(self.scores) >= o.target:
            ended = True
        if o.scoring == "credits" and min(self.scores) <= 0:
            ended = True
        self._over = ended
        self.phase = GAME_OVER if ended else ROUND_OVER

    # -- outcome ------------------------------------------------------------

    def totals_now(self) -> list[int]:
        return self.scores

    def standing_key(self, player: int) -> int:
        # equal scores: the better place in the last round first
        last = self.previous_order or tuple(range(self.n))
        return last.index(player)

    def rounds_played(self) -> int:
        return self.round_number

    # -- views --------------------------------------------------------------

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards, sorted by natural rank (for that player only)."""
        return tuple(sorted(c for stack in self.hands[player] for c in stack))

    def _title(self, player: int) -> str | None:
        if self.previous_order is None or not self.results:
            return None
        return self.results[-1].titles[player]

    def public_view(self) -> PublicView:
        """What a spectator sees: no hidden card is reachable from it."""
        n = self.n
        seats = []
        done = self.since_top | self.passed if self._out_until else self.since_top
        for s, p in enumerate(self.seats):
            seats.append(
                SeatView(
                    player=p,
                    seat=s,
                    cards=self.sizes[p],
                    title=self._title(p),
                    position=self.finished.index(p) if p in self.finished else None,
                    passed=bool(done >> p & 1),
                    to_act=self.turn == p,
                    score=self.scores[p],
                    earned_title=title_for(self.options.titles, self.n, self.finished.index(p))
                    if p in self.finished
                    else None,
                )
            )
        public_exchange = tuple(
            ExchangeEvent(e.kind, e.giver, e.receiver, e.count, None) for e in self.exchange_events
        )
        return PublicView(
            options=self.options,
            round_number=self.round_number,
            phase=self.phase,
            seats=tuple(seats),
            dealer=self.dealer,
            turn=self.turn,
            trick=TrickState(
                self.top,
                self.top_player,
                self.trick_size,
                tuple(self.trick),
                tuple(self.trick_cards),
                self.since_top,
                self.passed,
                self.had_turn,
                self.lead_3c,
            ),
            history=tuple(self.history),
            revolution=self.revolution,
            direction=self.direction,
            finished=tuple(self.finished),
            scores=tuple(self.scores),
            exchange=public_exchange,
            pending_exchange=tuple(self.pending),
            previous_order=self.previous_order,
            results=tuple(self.results),
            is_over=self._over,
            winners=self.winners(),
            top_rank=self.top_rank,
            players=n,
        )

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: the public view, their own hand, the
        exchange cards they gave or received, and their legal decisions."""
        public = self.public_view()
        mine = tuple(
            e
            if player in (e.giver, e.receiver)
            else ExchangeEvent(e.kind, e.giver, e.receiver, e.count, None)
            for e in self.exchange_events
        )
        legal: tuple[Decision, ...] = ()
        if self.turn == player and self.phase == PLAY:
            legal = tuple(self.legal_list())
        return Observation(player, public, self.hand(player), mine, legal)

    # -- copying, serialisation, records ------------------------------------

    @classmethod
    def from_observation(
        cls, obs: Observation, hands: Sequence[Sequence[Card]], seed: int = 0
    ) -> President:
        """A full state consistent with ``obs`` in which the players hold
        ``hands`` (by player; the observer's entry must be their own hand).

        This is a *determinization* for computer players' searches: sample
        the unseen cards, build the state, play it out. Its record holds the
        sampled hands as a deal and no earlier decisions.
        """
        pub = obs.public
        if tuple(sorted(hands[obs.player])) != tuple(sorted(obs.hand)):
            raise RecordError("the observer's hand must be their own")
        state = cls(pub.options, seed)
        n = state.n
        for p in range(n):
            if len(hands[p]) != pub.hand_sizes[p]:
                raise RecordError(
                    f"player {p} holds {pub.hand_sizes[p]} cards, not {len(hands[p])}"
                )
        state.round_number = pub.round_number
        state.phase = pub.phase
        state._seat_players([sv.player for sv in pub.seats])
        state.dealer = pub.dealer
        parsed = tuple(tuple(sorted(h, key=_CARD_KEY)) for h in hands)
        state._start_recording(Deal(parsed, tuple(state.seats), pub.dealer))
        for p, cards in enumerate(parsed):
            state.hands[p] = _stacks(cards)
            state.counts[p] = [len(x) for x in state.hands[p]]
            state._packed[p] = _pack(state.counts[p])
            state.sizes[p] = len(cards)
        state.direction = pub.direction
        state.revolution = pub.revolution
        state.finished = list(pub.finished)
        state.active_mask = 0
        for p in range(n):
            if p not in pub.finished and state.sizes[p]:
                state.active_mask |= 1 << p
        state.turn = pub.turn
        t = pub.trick
        state.top = t.top
        state.top_player = t.top_player
        state.trick_size = t.size
        state.since_top = t.since_top
        state.passed = t.passed
        state.had_turn = t.had_turn
        state.lead_3c = t.lead_needs_three_of_clubs
        state.history = list(pub.history)
        state.trick_start = len(state.history) - sum(1 for e in _trick_events(pub.history))
        state.exchange_events = list(obs.exchange)
        state.pending = list(pub.pending_exchange)
        state.scores = list(pub.scores)
        state.previous_order = pub.previous_order
        state.results = list(pub.results)
        state._over = pub.is_over
        return state

    def copy(self) -> President:
        """An independent copy (cheap: for searches and playouts)."""
        new = object.__new__(President)
        # immutable values and tables never mutated are shared
        new.options, new.n, new._rng = self.options, self.n, self._rng
        new._strength_base, new._strength_rev = self._strength_base, self._strength_rev
        new._order_base, new._order_rev = self._order_base, self._order_rev
        new._stronger_base, new._stronger_rev = self._stronger_base, self._stronger_rev
        new._top_base, new._top_rev, new._trump = self._top_base, self._top_rev, self._trump
        new._out_until, new._single_round = self._out_until, self._single_round
        new._equal, new._compulsory, new._one_less = self._equal, self._compulsory, self._one_less
        new._single_wins, new._special_twos = self._single_wins, self._special_twos
        new._revolution_on, new._skip_on_equal = self._revolution_on, self._skip_on_equal
        new._tables, new._follow_tops, new._follows = self._tables, self._follow_tops, self._follows
        new._lead_groups, new._plain_follow = self._lead_groups, self._plain_follow
        new._plain_turns, new.round_number = self._plain_turns, self.round_number
        new.phase, new._after_cw, new._after_ccw = self.phase, self._after_cw, self._after_ccw
        new._next_cw, new._next_ccw, new.dealer = self._next_cw, self._next_ccw, self.dealer
        new.direction, new.revolution = self.direction, self.revolution
        new.active_mask, new.turn, new.top = self.active_mask, self.turn, self.top
        new.top_player, new.trick_size = self.top_player, self.trick_size
        new.trick_start, new.since_top, new.passed = self.trick_start, self.since_top, self.passed
        new.had_turn, new.lead_3c = self.had_turn, self.lead_3c
        new.previous_order, new._over = self.previous_order, self._over
        new.hands = [list(hand) for hand in self.hands]
        new.sizes = list(self.sizes)
        new.counts = [list(c) for c in self.counts]
        new._packed = list(self._packed)
        new.seats = list(self.seats)
        new.seat_of = list(self.seat_of)
        new.finished = list(self.finished)
        new.history = list(self.history)
        new.exchange_events = list(self.exchange_events)
        new.pending = list(self.pending)
        new.scores = list(self.scores)
        new.results = list(self.results)
        new._record = self._record.copy()
        if new._record.rounds:
            new._decisions = new._record.rounds[-1].decisions
        return new

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        """The whole state as JSON-ready data (``from_dict`` inverts it).

        Without the record the size no longer grows with the game: the bot
        stores the record as it goes and gives it back to ``from_dict``.
        """
        return {
            **self._envelope(include_record),
            "rng": self._rng,
            "round": self.round_number,
            "phase": self.phase,
            "seats": list(self.seats),
            "dealer": self.dealer,
            "hands": [format_cards(self.hand(p)) for p in range(self.n)],
            "direction": self.direction,
            "revolution": self.revolution,
            "finished": list(self.finished),
            "active": self.active_mask,
            "turn": self.turn,
            "top": None if self.top is None else str(self.top),
            "top_player": self.top_player,
            "trick_size": self.trick_size,
            "trick_start": self.trick_start,
            "since_top": self.since_top,
            "passed": self.passed,
            "had_turn": self.had_turn,
            "lead_3c": self.lead_3c,
            "history": [
                [
                    e.kind,
                    e.player,
                    None if e.play is None else str(e.play),
                    e.position,
                    None if e.cards is None else format_cards(e.cards),
                ]
                for e in self.history
            ],
            "exchange": [
                [e.kind, e.giver, e.receiver, e.count, format_cards(e.cards or ())]
                for e in self.exchange_events
            ],
            "pending": [list(x) for x in self.pending],
            "scores": list(self.scores),
            "previous_order": None if self.previous_order is None else list(self.previous_order),
            "results": [
                {
                    "round": r.round_number,
                    "order": list(r.order),
                    "titles": list(r.titles),
                    "points": list(r.points),
                    "totals": list(r.totals),
                    "promotions": list(r.promotions),
                }
                for r in self.results
            ],
            "over": self._over,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], record: Record | None = None) -> President:
        """The state ``to_dict`` wrote. A state written without its record
        (``include_record=False``) needs ``record``: the game's record up to
        the moment the state was written."""
        d, rec = cls._opened(d, record)
        try:
            state = cls(rec.options, 0)
            state._adopt_record(rec)
            state._rng = int(d["rng"])
            state.round_number = int(d["round"])
            state.phase = str(d["phase"])
            state._seat_players([int(x) for x in d["seats"]])
            state.dealer = int(d["dealer"])
            for p, text in enumerate(d["hands"]):
                state.hands[p] = _stacks(parse_cards(text))
                state.counts[p] = [len(x) for x in state.hands[p]]
                state._packed[p] = _pack(state.counts[p])
                state.sizes[p] = sum(state.counts[p])
            state.direction = int(d["direction"])
            state.revolution = bool(d["revolution"])
            state.finished = [int(x) for x in d["finished"]]
            state.active_mask = int(d["active"])
            state.turn = d["turn"]
            state.top = None if d["top"] is None else Play.parse(d["top"])
            state.top_player = d["top_player"]
            state.trick_size = int(d["trick_size"])
            state.trick_start = int(d["trick_start"])
            state.since_top = int(d["since_top"])
            state.passed = int(d["passed"])
            state.had_turn = int(d["had_turn"])
            state.lead_3c = bool(d["lead_3c"])
            state.history = [
                Event(
                    k,
                    int(p),
                    None if pl is None else Play.parse(pl),
                    pos,
                    None if cards is None else parse_cards(cards),
                )
                for k, p, pl, pos, cards in d["history"]
            ]
            state.exchange_events = [
                ExchangeEvent(k, int(g), int(r), int(c), parse_cards(cards))
                for k, g, r, c, cards in d["exchange"]
            ]
            state.pending = [(int(a), int(b), int(c)) for a, b, c in d["pending"]]
            state.scores = [int(x) for x in d["scores"]]
            prev = d["previous_order"]
            state.previous_order = None if prev is None else tuple(int(x) for x in prev)
            state.results = [
                RoundResult(
                    int(r["round"]),
                    tuple(r["order"]),
                    tuple(r["titles"]),
                    tuple(r["points"]),
                    tuple(r["totals"]),
                    tuple(r["promotions"]),
                )
                for r in d["results"]
            ]
            state._over = bool(d["over"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed state: {exc}") from exc
        return state

    def __repr__(self) -> str:
        return (
            f"<President round {self.round_number} {self.phase} turn={self.turn} "
            f"top={self.top} sizes={self.sizes}>"
        )


replay_iter = President.replay_iter
replay = President.replay


def _trick_events(history: Sequence[Event]) -> list[Event]:
    """The events of the trick in progress: those after the last trick end
    (or lead) in ``history``."""
    out: list[Event] = []
    for e in reversed(history):
        if e.kind in ("trick", "lead"):
            break
        out.append(e)
    return out
