"""Take-away: players in turn take 1 to ``take_max`` stones from a pile; who
takes the last stone wins the round (1 point). A game is ``rounds`` rounds;
the loser of a round starts the next. Most points wins; ties share.

Just enough rules to exercise every part of the game protocol: options with
a schema and presets, seeded deals (the pile size varies with the seed when
``random_pile`` is on), a record in the shared envelope, states stored
without their record, refusals with reason codes, public events, rounds.

>>> g = GAME_TYPE.new_game(GAME_TYPE.make_options("standard", {}), 1)
>>> g.current_player, g.stones
(0, 7)
>>> [e.kind for e in g.apply(Take(3), 0)]
['take']
>>> GAME_TYPE.parse_decision(str(Take(2)))
Take(count=2)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from engine import kit
from engine.errors import IllegalDecision, NotationError, NotYourTurn, OptionsError, RecordError
from engine.game import GameType, OptionSpec, PresetSpec, RoundScore, places
from engine.options import from_schema
from engine.stats import RATING_BOARD, WINS_BOARD, BoardSpec, Category, StatsSpec


@dataclass(frozen=True, slots=True)
class Options:
    players: int = 2
    stones: int = 7
    take_max: int = 3
    rounds: int = 2
    random_pile: bool = False
    preset: str = "standard"

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


SCHEMA = (
    OptionSpec("players", "int", 2, "Players (2)", minimum=2, maximum=2, menu=(2,)),
    OptionSpec("stones", "int", 7, "Stones in the pile", minimum=1, maximum=50),
    OptionSpec("take_max", "int", 3, "Most stones a turn may take", minimum=1, maximum=5),
    OptionSpec("rounds", "int", 2, "Rounds in a game", minimum=1, maximum=9),
    OptionSpec("random_pile", "bool", False, "Add 0–3 stones to each pile at random"),
)
PRESETS = {
    "standard": PresetSpec("standard", "Seven stones, take one to three", 2, 2, 2),
    "long": PresetSpec("long", "Fifteen stones, three rounds", 2, 2, 2),
}
_PRESET_VALUES: dict[str, dict[str, Any]] = {"standard": {}, "long": {"stones": 15, "rounds": 3}}


def make_options(preset: str, overrides: Mapping[str, Any]) -> Options:
    opts = from_schema(Options, SCHEMA, _PRESET_VALUES, preset, overrides)
    if opts.take_max >= opts.stones and not opts.random_pile:
        raise OptionsError("take_max", "take_max: the first player would take the whole pile")
    return opts


def options_from_dict(data: Mapping[str, Any]) -> Options:
    values = dict(data)
    return make_options(str(values.pop("preset", "standard")), values)


@dataclass(frozen=True, slots=True)
class Take:
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


def parse_decision(text: str) -> Take:
    word, _, number = str(text).strip().partition(" ")
    if word != "take" or not number.isdigit():
        raise NotationError(f"not a take-away decision: {text!r}")
    return Take(int(number))


class Event(NamedTuple):
    kind: str
    player: int | None
    count: int = 0


@dataclass(frozen=True, slots=True)
class Pile:
    """A round's chance outcome: the pile's size, and who takes first."""

    pile: int
    first: int

    def to_dict(self) -> dict[str, Any]:
        return {"pile": self.pile, "first": self.first}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Pile:
        return cls(int(d["pile"]), int(d["first"]))


@dataclass(slots=True)
class Record(kit.Record[Pile, Take]):
    kind: ClassVar[str] = "takeaway"
    title: ClassVar[str] = "Take-away"
    deal_type: ClassVar[Any] = Pile
    parse_decision = staticmethod(parse_decision)
    options: Options
    rounds: list[kit.RoundRecord[Pile, Take]] = field(default_factory=list)
    seed: int = 0

    read_options = staticmethod(options_from_dict)

    def header(self) -> dict[str, Any]:
        return {"seed": self.seed}

    @classmethod
    def read_header(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        # records written before the seed was kept replay as seed 0
        return {"seed": int(data.get("seed", 0))}


def load_record(text: str) -> Record:
    return Record.from_json(text)


class TakeAway(kit.SplitMix, kit.KitState[Record]):
    kind: ClassVar[str] = "takeaway"
    title: ClassVar[str] = "Take-away"
    lower_is_better: ClassVar[bool] = False
    record_type: ClassVar[Any] = Record

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.n = options.players
        self.seed = seed
        self._rng = seed & kit.MASK64
        self.round_number = 0
        self.stones = 0
        self.turn: int | None = None
        self.phase = kit.ROUND_OVER
        self.scores = [0] * self.n
        self.results: list[RoundScore] = []
        self._record = Record(options, [], seed)
        self._decisions: list[tuple[int, Take]] = []

    # -- rounds --------------------------------------------------------------------

    @classmethod
    def new_game(cls, options: Options, seed: int) -> TakeAway:
        state = cls(options, seed)
        state.start_round()
        return state

    @classmethod
    def replay_begin(cls, record: Record) -> TakeAway:
        state = cls(record.options, record.seed)
        state.start_round(record.rounds[0].deal)
        return state

    def start_round(self, deal: Pile | None = None) -> None:
        if self.phase != kit.ROUND_OVER:
            raise IllegalDecision("the round is not over", "wrong_phase")
        if deal is None:
            # the loser of a round starts the next
            first = 1 - self.results[-1].positions.index(0) if self.results else 0
            extra = self._rand(4) if self.options.random_pile else 0
            deal = Pile(self.options.stones + extra, first)
        self.round_number += 1
        self.stones = deal.pile
        self.turn = deal.first
        self.phase = "play"
        self._start_recording(deal)

    # -- decisions -----------------------------------------------------------------

    def legal_actions(self) -> Iterator[Take]:
        if self.turn is None:
            return
        for k in range(1, min(self.options.take_max, self.stones) + 1):
            yield Take(k)

    def apply(self, decision: Any, player: int | None = None) -> tuple[Event, ...]:
        if isinstance(decision, str):
            decision = parse_decision(decision)
        p = self.turn
        if p is None:
            raise IllegalDecision("nobody is to act now", "wrong_phase")
        if player is not None and player != p:
            raise NotYourTurn(player, p)
        if not isinstance(decision, Take) or not 1 <= decision.count <= self.options.take_max:
            raise IllegalDecision(f"take from 1 to {self.options.take_max} stones", "wrong_size")
        if decision.count > self.stones:
            raise IllegalDecision(f"only {self.stones} stones are left", "not_enough")
        self.stones -= decision.count
        self._decisions.append((p, decision))
        events = [Event("take", p, decision.count)]
        if self.stones == 0:
            self._score_round(p)
            events.append(Event("round_won", p))
        else:
            self.turn = 1 - p
        return tuple(events)

    def _score_round(self, winner: int) -> None:
        won = [1 if q == winner else 0 for q in range(self.n)]
        self.scores = [s + w for s, w in zip(self.scores, won, strict=True)]
        positions = places(won, lower_is_better=False)
        self.results.append(
            RoundScore(
                self.round_number,
                positions,
                tuple(won),
                tuple(self.scores),
                tuple({} for _ in range(self.n)),
            )
        )
        self.turn = None
        over = self.round_number >= self.options.rounds
        self.phase = kit.GAME_OVER if over else kit.ROUND_OVER

    def default_decision(self) -> Take:
        return Take(1)

    # -- scoring and views -----------------------------------------------------------

    def totals_now(self) -> Sequence[int]:
        return self.scores

    def hand(self, player: int) -> Sequence[Any]:
        return ()  # nothing is hidden in this game

    def unseen_zones(self, player: int) -> Sequence[tuple[str, int | None]]:
        return ()

    def observation(self, player: int) -> dict[str, Any]:
        return {**self.public_view(), "player": player, "legal": list(self.legal_actions())}

    def public_view(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "scores": list(self.scores)}

    # -- JSON ----------------------------------------------------------------------

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        return {
            **self._envelope(include_record),
            "seed": self.seed,
            "rng": self._rng,
            "round": self.round_number,
            "phase": self.phase,
            "stones": self.stones,
            "turn": self.turn,
            "scores": self.scores,
            "results": [kit.score_to_dict(r) for r in self.results],
        }

    @classmethod
    def from_dict(cls, d: Any, record: Record | None = None) -> TakeAway:
        d, rec = cls._opened(d, record)
        try:
            state = cls(rec.options, int(d["seed"]))
            state._adopt_record(rec)
            state._rng = int(d["rng"])
            state.round_number = int(d["round"])
            state.phase = str(d["phase"])
            state.stones = int(d["stones"])
            state.turn = None if d["turn"] is None else int(d["turn"])
            state.scores = [int(x) for x in d["scores"]]
            state.results = [kit.score_from_dict(r) for r in d["results"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a take-away state: {exc}") from None
        return state


class _Random:
    level = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def decide(self, obs: dict[str, Any]) -> Take:
        # the winning move when there is one: leave a multiple of take_max + 1
        return obs["legal"][self._rng.randrange(len(obs["legal"]))]


GAME_TYPE = GameType(
    name="takeaway",
    title="Take-away",
    summary="Take one to three stones; who takes the last one wins the round.",
    min_players=2,
    max_players=2,
    default_players=2,
    presets=PRESETS,
    default_preset="standard",
    option_schema=SCHEMA,
    lower_is_better=False,
    make_options=make_options,
    options_from_dict=options_from_dict,
    new_game=TakeAway.new_game,
    from_json=TakeAway.from_json,
    load_record=load_record,
    replay=TakeAway.replay_iter,
    parse_decision=parse_decision,
    levels=lambda: ("random",),
    make_player=lambda level, seed: _Random(seed),
    level_seconds={"random": 0.05},
    # its own boards and places: the leaderboards need no code for a new game
    statistics=StatsSpec(
        boards=(
            BoardSpec("rounds-won", "Rounds won", "count", stat="firsts"),
            RATING_BOARD,
            WINS_BOARD,
            BoardSpec("stones", "Points", "points", stat="standard"),
        ),
        categories=(Category("firsts", "won", "first"), Category("lasts", "lost", "last")),
    ),
)
