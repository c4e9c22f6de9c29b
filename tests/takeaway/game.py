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
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from engine.errors import IllegalDecision, NotationError, NotYourTurn, OptionsError, RecordError
from engine.game import (
    GameOutcome,
    GameType,
    OptionSpec,
    PresetSpec,
    ReplayStep,
    RoundScore,
)
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
    if preset not in PRESETS:
        raise OptionsError("preset", f"preset: choose one of {', '.join(PRESETS)}")
    values = {**_PRESET_VALUES[preset], **overrides, "preset": preset}
    names = {f.name for f in dataclasses.fields(Options)}
    for name in values:
        if name not in names:
            raise OptionsError(name, f"{name}: there is no such option")
    opts = Options(**values)
    for spec in SCHEMA:
        value = getattr(opts, spec.name)
        if spec.kind == "int" and not (spec.minimum or 0) <= value <= (spec.maximum or 0):
            raise OptionsError(spec.name, f"{spec.name}: choose {spec.minimum}–{spec.maximum}")
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


@dataclass
class Record:
    kind: ClassVar[str] = "takeaway"
    options: Options
    seed: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(
            {
                "game": "takeaway",
                "format": "takeaway-record",
                "version": 1,
                "options": self.options.to_dict(),
                "seed": self.seed,
                "rounds": self.rounds,
            },
            indent=indent,
        )


def load_record(text: str) -> Record:
    try:
        data = json.loads(text)
        # records written before the seed was kept replay as seed 0
        record = Record(options_from_dict(data["options"]), int(data.get("seed", 0)))
        for r in data["rounds"]:
            decisions = [[int(p), str(parse_decision(d))] for p, d in r["decisions"]]
            record.rounds.append(
                {"pile": int(r["pile"]), "first": int(r["first"]), "decisions": decisions}
            )
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(f"malformed take-away record: {exc}") from None
    return record


class TakeAway:
    kind: ClassVar[str] = "takeaway"

    def __init__(self, options: Options, seed: int) -> None:
        self.options = options
        self.n = options.players
        self.seed = seed
        self.round_number = 0
        self.stones = 0
        self.turn: int | None = None
        self.scores = [0] * self.n
        self.results: list[RoundScore] = []
        self._record = Record(options, seed)
        self._round_over = False
        self._over = False

    # -- construction ------------------------------------------------------------

    @classmethod
    def new_game(cls, options: Options, seed: int) -> TakeAway:
        state = cls(options, seed)
        state._deal(first=0)
        return state

    def _deal(self, first: int) -> None:
        rng = random.Random(self.seed * 1000 + self.round_number)
        extra = rng.randrange(4) if self.options.random_pile else 0
        self.round_number += 1
        self.stones = self.options.stones + extra
        self.turn = first
        self._round_over = False
        self._record.rounds.append({"pile": self.stones, "first": first, "decisions": []})

    def start_round(self) -> None:
        if not self._round_over or self._over:
            raise IllegalDecision("the round is not over", "wrong_phase")
        loser = 1 - self.results[-1].positions.index(0)
        self._deal(first=loser)

    # -- the protocol ------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._round_over or self._over else self.turn

    def legal_actions(self) -> Iterator[Take]:
        if self.current_player is None:
            return
        for k in range(1, min(self.options.take_max, self.stones) + 1):
            yield Take(k)

    def apply(self, decision: Any, player: int | None = None) -> tuple[Event, ...]:
        if isinstance(decision, str):
            decision = parse_decision(decision)
        p = self.current_player
        if p is None:
            raise IllegalDecision("nobody is to act now", "wrong_phase")
        if player is not None and player != p:
            raise NotYourTurn(player, p)
        if not isinstance(decision, Take) or not 1 <= decision.count <= self.options.take_max:
            raise IllegalDecision(f"take from 1 to {self.options.take_max} stones", "wrong_size")
        if decision.count > self.stones:
            raise IllegalDecision(f"only {self.stones} stones are left", "not_enough")
        self.stones -= decision.count
        self._record.rounds[-1]["decisions"].append([p, str(decision)])
        events = [Event("take", p, decision.count)]
        if self.stones == 0:
            self.scores[p] += 1
            positions = tuple(0 if q == p else 1 for q in range(self.n))
            self.results.append(
                RoundScore(
                    self.round_number,
                    positions,
                    tuple(1 if q == p else 0 for q in range(self.n)),
                    tuple(self.scores),
                    tuple({} for _ in range(self.n)),
                )
            )
            self._round_over = True
            self._over = self.round_number >= self.options.rounds
            events.append(Event("round_won", p))
        else:
            self.turn = 1 - p
        return tuple(events)

    def default_decision(self) -> Take:
        return Take(1)

    def is_terminal(self) -> bool:
        return self._over

    def is_round_over(self) -> bool:
        return self._round_over and not self._over

    def round_results(self) -> Sequence[RoundScore]:
        return list(self.results)

    def outcome(self) -> GameOutcome | None:
        if not self._over:
            return None
        best = max(self.scores)
        winners = tuple(p for p in range(self.n) if self.scores[p] == best)
        standings = tuple(sorted(range(self.n), key=lambda p: -self.scores[p]))
        return GameOutcome(winners, tuple(self.scores), standings, self.round_number)

    def returns(self) -> list[float]:
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * self.n
        return [1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(self.n)]

    def hand(self, player: int) -> Sequence[Any]:
        return ()  # nothing is hidden in this game

    def observation(self, player: int) -> dict[str, Any]:
        return {**self.public_view(), "player": player, "legal": list(self.legal_actions())}

    def public_view(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.current_player, "scores": list(self.scores)}

    def copy(self) -> TakeAway:
        return from_json(self.to_json())

    def record(self) -> Record:
        return load_record(self._record.to_json())

    def to_json(self, include_record: bool = True) -> str:
        return json.dumps(
            {
                "game": "takeaway",
                "options": self.options.to_dict(),
                "seed": self.seed,
                "round": self.round_number,
                "stones": self.stones,
                "turn": self.turn,
                "scores": self.scores,
                "results": [dataclasses.asdict(r) for r in self.results],
                "round_over": self._round_over,
                "over": self._over,
                "record": json.loads(self._record.to_json()) if include_record else None,
            }
        )


def from_json(text: str, record: Record | None = None) -> TakeAway:
    try:
        d = json.loads(text)
        state = TakeAway(options_from_dict(d["options"]), int(d["seed"]))
        state.round_number = int(d["round"])
        state.stones = int(d["stones"])
        state.turn = d["turn"]
        state.scores = [int(x) for x in d["scores"]]
        state.results = [
            RoundScore(
                r["number"],
                tuple(r["positions"]),
                tuple(r["scores"]),
                tuple(r["totals"]),
                tuple(r["details"]),
            )
            for r in d["results"]
        ]
        state._round_over = bool(d["round_over"])
        state._over = bool(d["over"])
        if d["record"] is not None:
            record = load_record(json.dumps(d["record"]))
        if record is None:
            raise RecordError("this state was stored without its record: give the record")
        state._record = load_record(record.to_json())
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(f"not a take-away state: {exc}") from None
    return state


def replay(record: Any) -> Iterator[ReplayStep]:
    state = TakeAway.new_game(record.options, record.seed)
    for i, rnd in enumerate(record.rounds):
        if i > 0:
            state.start_round()
        for player, text in rnd["decisions"]:
            decision = parse_decision(text)
            try:
                state.apply(decision, player)
            except IllegalDecision as exc:
                yield ReplayStep(state, state.round_number, player, decision, str(exc))
                return
            yield ReplayStep(state, state.round_number, player, decision, None)


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
    from_json=from_json,
    load_record=load_record,
    replay=replay,
    parse_decision=parse_decision,
    levels=lambda: ("random",),
    make_player=lambda level, seed: _Random(seed),
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
