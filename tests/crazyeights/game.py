"""Crazy Eights on the engine kit: how much a new game of this size must write.

Standard rules: 2–5 players, seven cards each with two players and five with
more (or as the ``hand`` option says); a card is turned up to start the
discard pile (an eight is buried in the stock and another turned). In turn,
play a card of the suit or rank of the top card, or an eight, which is wild
and names the suit to follow. A player who cannot play draws: under
``draw = until_play`` until they can, under ``draw = one`` one card, and
then plays it or passes. An empty stock is made again from the discard pile
(all but its top card), shuffled. The first player out wins the round; the
others score penalty points for the cards they hold (an eight 50, a court
card 10, an ace 1, any other card its number); when nobody can play or draw
the round is blocked and everyone scores what they hold. After ``rounds``
rounds the lowest total wins; ties share.

Cards are two characters, rank then suit (``8S``, ``TD``); an eight names
its suit after an equals sign (``8S=H``).

>>> g = GAME_TYPE.new_game(GAME_TYPE.make_options("standard", {"players": 3}), 4)
>>> g.hand(0), g.current_player, g.turn_up
(('4C', '6H', 'JH', 'QD', 'QS'), 0, 'JS')
>>> [str(d) for d in g.legal_actions()]
['JH', 'QS']
>>> g.apply("6H", 0)
Traceback (most recent call last):
...
engine.errors.IllegalDecision: play a card of suit S, a J or an eight
>>> [e.kind for e in g.apply("QS", 0)], g.suit, g.current_player
(['play'], 'S', 1)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from engine import kit
from engine.errors import IllegalDecision, NotationError, NotYourTurn, OptionsError, RecordError
from engine.game import GameType, OptionSpec, PresetSpec, RoundScore, places
from engine.options import from_schema

RANKS = "A23456789TJQK"
SUITS = "CDHS"
PACK = tuple(r + s for s in SUITS for r in RANKS)
# -- options ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    players: int = 4
    hand: int = 0
    """Cards dealt to each player; 0: seven with two players, five with more."""
    draw: str = "until_play"
    rounds: int = 3
    preset: str = "standard"

    @property
    def hand_size(self) -> int:
        return self.hand or (7 if self.players == 2 else 5)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


SCHEMA = (
    OptionSpec("players", "int", 4, "Players (2 to 5)", minimum=2, maximum=5),
    OptionSpec(
        "hand", "int", 0, "Cards each (0: 7 for two, else 5)", minimum=0, maximum=7, menu=(0, 5, 7)
    ),
    OptionSpec(
        "draw", "choice", "until_play", "Draw until able / one", choices=("until_play", "one")
    ),
    OptionSpec("rounds", "int", 3, "Rounds in a game", minimum=1, maximum=10),
)
PRESETS = {
    "standard": PresetSpec("standard", "Draw until you can play; three rounds", 2, 5, 4),
    "draw_one": PresetSpec("draw_one", "Draw one card, then play it or pass", 2, 5, 4),
    "long_hands": PresetSpec("long_hands", "Seven cards each, five rounds", 2, 5, 3),
}
_PRESET_VALUES: dict[str, dict[str, Any]] = {
    "standard": {},
    "draw_one": {"draw": "one"},
    "long_hands": {"hand": 7, "rounds": 5},
}


def make_options(preset: str, overrides: Mapping[str, Any]) -> Options:
    opts = from_schema(Options, SCHEMA, _PRESET_VALUES, preset, overrides)
    if opts.hand not in (0, 5, 7):
        raise OptionsError("hand", "hand: deal 5 or 7 cards (0: by the number of players)")
    return opts


def options_from_dict(data: Mapping[str, Any]) -> Options:
    values = dict(data)
    return make_options(str(values.pop("preset", "standard")), values)


# -- decisions ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """``card`` played (``names`` the suit an eight calls), or ``draw``/``pass``."""

    card: str
    names: str = ""

    def __str__(self) -> str:
        return f"{self.card}={self.names}" if self.names else self.card


DRAW = Decision("draw")
PASS = Decision("pass")


def parse_decision(text: str) -> Decision:
    t = str(text).strip().upper()
    if t in ("DRAW", "PASS"):
        return Decision(t.lower())
    card, _, names = t.partition("=")
    if card not in PACK or (card[0] == "8") != bool(names) or (names and names not in SUITS):
        raise NotationError(f"not a Crazy Eights decision: {text!r}")
    return Decision(card, names)


def penalty(card: str) -> int:
    """Points for a card left in hand: an eight 50, a court card 10, others their number."""
    return 50 if card[0] == "8" else min(10, RANKS.index(card[0]) + 1)


class Event(NamedTuple):
    kind: str
    player: int | None
    card: str = ""


# -- the record ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's chance outcome: hands, the stock in drawing order, the
    discard pile as turned up (top last), who plays first, and the random
    numbers after the deal (so that later reshuffles replay alike)."""

    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    discard: tuple[str, ...]
    first: int
    rng: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [" ".join(h) for h in self.hands],
            "stock": " ".join(self.stock),
            "discard": " ".join(self.discard),
            "first": self.first,
            "rng": self.rng,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Deal:
        return cls(
            tuple(tuple(str(h).split()) for h in d["hands"]),
            tuple(str(d["stock"]).split()),
            tuple(str(d["discard"]).split()),
            int(d["first"]),
            int(d["rng"]),
        )


@dataclass(slots=True)
class Record(kit.Record[Deal, Decision]):
    kind: ClassVar[str] = "crazyeights"
    title: ClassVar[str] = "Crazy Eights"
    deal_type: ClassVar[Any] = Deal
    parse_decision = staticmethod(parse_decision)
    read_options = staticmethod(options_from_dict)
    options: Options
    rounds: list[kit.RoundRecord[Deal, Decision]] = field(default_factory=list)


# -- the state ----------------------------------------------------------------------


class CrazyEights(kit.SplitMix, kit.KitState[Record]):
    kind: ClassVar[str] = "crazyeights"
    title: ClassVar[str] = "Crazy Eights"
    lower_is_better: ClassVar[bool] = True
    record_type: ClassVar[Any] = Record

    def __init__(self, options: Options, seed: int = 0) -> None:
        self.options = options
        self.n = options.players
        self._rng = seed & kit.MASK64
        self.round_number = 0
        self.phase = kit.ROUND_OVER
        self.turn: int | None = None
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.stock: list[str] = []
        self.discard: list[str] = []
        self.suit = ""
        self.drawn = False
        """Whether the player to act drew this turn (``draw = one``: they may pass)."""
        self.passes = 0
        self.totals = [0] * self.n
        self.results: list[RoundScore] = []
        self._record = Record(options, [])
        self._decisions: list[tuple[int, Decision]] = []

    @classmethod
    def new_game(cls, options: Options, seed: int) -> CrazyEights:
        state = cls(options, seed)
        state.start_round()
        return state

    @classmethod
    def replay_begin(cls, record: Record) -> CrazyEights:
        state = cls(record.options)
        state.start_round(record.rounds[0].deal)
        return state

    def random_deal(self) -> Deal:
        cards = list(PACK)
        self._shuffle(cards)
        size = self.options.hand_size
        hands = tuple(tuple(sorted(cards[p * size : (p + 1) * size])) for p in range(self.n))
        stock = cards[self.n * size :]
        discard = [stock.pop()]
        while discard[-1][0] == "8":  # an eight turned up is buried in the stock
            stock.insert(self._rand(len(stock) + 1), discard.pop())
            discard.append(stock.pop())
        first = self.round_number % self.n  # the first player moves on each round
        return Deal(hands, tuple(stock), tuple(discard), first, self._rng)

    def start_round(self, deal: Deal | None = None) -> None:
        if self.phase != kit.ROUND_OVER:
            raise IllegalDecision("the round is still being played", "wrong_phase")
        if deal is None:
            deal = self.random_deal()
        if len(deal.hands) != self.n or not deal.discard:
            raise RecordError("the deal does not fit the number of players")
        self._rng = deal.rng
        self.round_number += 1
        self.hands = [list(h) for h in deal.hands]
        self.stock = list(deal.stock)
        self.discard = list(deal.discard)
        self.suit = self.discard[-1][1]
        self.turn = deal.first
        self.drawn = False
        self.passes = 0
        self.phase = "play"
        self._start_recording(deal)

    # -- decisions ------------------------------------------------------------------

    @property
    def turn_up(self) -> str:
        return self.discard[-1]

    def _playable(self, card: str) -> bool:
        return card[0] == "8" or card[1] == self.suit or card[0] == self.discard[-1][0]

    def legal_list(self) -> list[Decision]:
        p = self.turn
        if p is None:
            return []
        out: list[Decision] = []
        for card in self.hands[p]:
            if not self._playable(card):
                continue
            if card[0] == "8":
                out.extend(Decision(card, s) for s in SUITS)
            else:
                out.append(Decision(card))
        if self.drawn and self.options.draw == "one":
            return [*out, PASS]
        if out:
            return out
        return [DRAW] if self.stock or len(self.discard) > 1 else [PASS]

    def legal_actions(self) -> Iterator[Decision]:
        return iter(self.legal_list())

    def default_decision(self) -> Decision:
        """Out of time: draw or pass when that is all there is, otherwise the
        costliest card that is not an eight (an eight names the suit held most)."""
        legal = self.legal_list()
        plays = [d for d in legal if d not in (DRAW, PASS)]
        if not plays:
            return legal[0]
        hand = self.hands[self.turn or 0]
        most = max(SUITS, key=lambda s: (sum(c[1] == s for c in hand if c[0] != "8"), s))
        return max(plays, key=lambda d: (d.card[0] != "8", penalty(d.card), d.names == most))

    def apply(self, decision: Any, player: int | None = None) -> tuple[Event, ...]:
        if isinstance(decision, str):
            decision = parse_decision(decision)
        p = self.turn
        if p is None:
            raise IllegalDecision("nobody is to act now", "wrong_phase")
        if player is not None and player != p:
            raise NotYourTurn(player, p)
        if decision not in self.legal_list():
            raise IllegalDecision(self._why_not(decision), "illegal")
        self._decisions.append((p, decision))
        if decision == DRAW:
            return self._draw(p)
        if decision == PASS:
            self.passes += 1
            events = [Event("pass", p)]
            if self.passes >= self.n and not self.drawn:
                return (*events, *self._end_round(None))
            self._next(p)
            return tuple(events)
        self.hands[p].remove(decision.card)
        self.discard.append(decision.card)
        self.suit = decision.names or decision.card[1]
        self.passes = 0
        events = [Event("play", p, str(decision))]
        if not self.hands[p]:
            return (*events, *self._end_round(p))
        self._next(p)
        return tuple(events)

    def _why_not(self, d: Any) -> str:
        if not isinstance(d, Decision) or d in (DRAW, PASS):
            return f"you cannot {d} now"
        if d.card not in self.hands[self.turn or 0]:
            return f"you do not hold {d.card}"
        return f"play a card of suit {self.suit}, a {self.discard[-1][0]} or an eight"

    def _draw(self, p: int) -> tuple[Event, ...]:
        events = []
        if not self.stock:
            self.stock = self.discard[:-1]
            self._shuffle(self.stock)
            self.discard = self.discard[-1:]
            events.append(Event("reshuffle", None))
        card = self.stock.pop()
        self.hands[p].append(card)
        self.hands[p].sort()
        self.drawn = True
        self.passes = 0
        return (*events, Event("draw", p))

    def _next(self, p: int) -> None:
        self.turn = (p + 1) % self.n
        self.drawn = False

    def _end_round(self, winner: int | None) -> tuple[Event, ...]:
        scores = tuple(sum(map(penalty, h)) for h in self.hands)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.results.append(
            RoundScore(
                self.round_number,
                places(scores, lower_is_better=True),
                scores,
                tuple(self.totals),
                tuple({"cards": len(h)} for h in self.hands),
            )
        )
        self.turn = None
        over = self.round_number >= self.options.rounds
        self.phase = kit.GAME_OVER if over else kit.ROUND_OVER
        return (Event("out" if winner is not None else "blocked", winner),)

    # -- views ----------------------------------------------------------------------

    def hand(self, player: int) -> tuple[str, ...]:
        return tuple(self.hands[player])

    def unseen_zones(self, player: int) -> list[tuple[str, int | None]]:
        return [*super().unseen_zones(player), ("stock", None)]

    def public_view(self) -> dict[str, Any]:
        return {
            "top": self.discard[-1] if self.discard else None,
            "suit": self.suit,
            "turn": self.turn,
            "sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "discards": len(self.discard),
            "totals": list(self.totals),
            "round": self.round_number,
        }

    def observation(self, player: int) -> dict[str, Any]:
        mine = self.turn == player
        return {
            **self.public_view(),
            "player": player,
            "hand": self.hand(player),
            "drawn": self.drawn and mine,
            "legal": self.legal_list() if mine else [],
        }

    # -- JSON -----------------------------------------------------------------------

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        return {
            **self._envelope(include_record),
            "rng": self._rng,
            "round": self.round_number,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [" ".join(h) for h in self.hands],
            "stock": " ".join(self.stock),
            "discard": " ".join(self.discard),
            "suit": self.suit,
            "drawn": self.drawn,
            "passes": self.passes,
            "totals": list(self.totals),
            "results": [kit.score_to_dict(r) for r in self.results],
        }

    @classmethod
    def from_dict(cls, d: Any, record: Record | None = None) -> CrazyEights:
        d, rec = cls._opened(d, record)
        try:
            state = cls(rec.options)
            state._adopt_record(rec)
            state._rng = int(d["rng"])
            state.round_number = int(d["round"])
            state.phase = str(d["phase"])
            state.turn = None if d["turn"] is None else int(d["turn"])
            state.hands = [sorted(str(h).split()) for h in d["hands"]]
            state.stock = str(d["stock"]).split()
            state.discard = str(d["discard"]).split()
            state.suit = str(d["suit"])
            state.drawn = bool(d["drawn"])
            state.passes = int(d["passes"])
            state.totals = [int(x) for x in d["totals"]]
            state.results = [kit.score_from_dict(r) for r in d["results"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a Crazy Eights state: {exc}") from None
        return state


# -- computer players ---------------------------------------------------------------


class Computer:
    """``random``: any legal decision. ``easy``: sheds its costliest card,
    keeps its eights for last and names the suit it holds most."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self._rng = random.Random(seed)

    def decide(self, obs: Mapping[str, Any]) -> Decision:
        legal: list[Decision] = obs["legal"]
        if self.level == "random":
            return legal[self._rng.randrange(len(legal))]
        plays = [d for d in legal if d not in (DRAW, PASS)]
        if not plays:
            return legal[0]
        hand = [c for c in obs["hand"] if c[0] != "8"]
        most = max(SUITS, key=lambda s: (sum(c[1] == s for c in hand), self._rng.random()))
        return max(plays, key=lambda d: (d.card[0] != "8", penalty(d.card), d.names == most))


GAME_TYPE = GameType(
    name="crazyeights",
    title="Crazy Eights",
    summary="Match the suit or rank; eights are wild. Shed your hand first.",
    min_players=2,
    max_players=5,
    default_players=4,
    presets=PRESETS,
    default_preset="standard",
    option_schema=SCHEMA,
    lower_is_better=True,
    make_options=make_options,
    options_from_dict=options_from_dict,
    new_game=CrazyEights.new_game,
    from_json=CrazyEights.from_json,
    load_record=Record.from_json,
    replay=CrazyEights.replay_iter,
    parse_decision=parse_decision,
    levels=lambda: ("random", "easy"),
    make_player=Computer,
    level_seconds={"random": 0.05, "easy": 0.05},
)
