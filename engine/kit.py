"""The engine kit: what every game's state shares, so that a game writes only
its rules.

In OpenSpiel's spirit a game's history is chance outcomes and decisions: a
round's *deal* (the chance outcome, with whatever the random numbers did)
followed by ``[player, notation]`` decisions. The kit owns that record and
its JSON envelope, the state's JSON envelope and restoring a state from it
with or without its record, replay, the seeded random numbers, outcomes and
places, and the protocol basics. A game writes its options, its deal (a
class with ``to_dict``/``from_dict``), its legal decisions and ``apply``,
scoring, and its observations. ``tests/takeaway/game.py`` is the smallest
complete example; ``docs/engine.md`` lists every contract.

A game's state class mixes in :class:`KitState` and its record class is a
dataclass deriving from :class:`Record`:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pile:
...     stones: int
...     def to_dict(self): return {"stones": self.stones}
...     @classmethod
...     def from_dict(cls, d): return cls(int(d["stones"]))
>>> @dataclass
... class Opts:
...     players: int = 2
...     def to_dict(self): return {"players": self.players}
>>> @dataclass(slots=True)
... class PileRecord(Record[Pile, int]):
...     kind = "pile"
...     title = "Pile"
...     deal_type = Pile
...     options: Opts
...     rounds: list[RoundRecord[Pile, int]]
...     parse_decision = staticmethod(int)
...     @staticmethod
...     def read_options(d): return Opts(**d)
>>> rec = PileRecord(Opts(), [RoundRecord(Pile(7), [(0, 3), (1, 4)])])
>>> rec.to_json()
'{"game": "pile", "format": "pile-record", "version": 1, "options": {"players": 2}, \
"rounds": [{"stones": 7, "decisions": [[0, "3"], [1, "4"]]}]}'
>>> PileRecord.from_json(rec.to_json()) == rec
True
>>> PileRecord.from_json('{"format": "pile-record", "version": 1, "options": {}, '
...                      '"rounds": [{"stones": 7, "decisions": [[0]]}]}')
Traceback (most recent call last):
...
engine.errors.RecordError: a decision must be a [player, decision] pair, not [0]
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import IllegalDecision, NotationError, OptionsError, RecordError
from .game import (
    GameOutcome,
    GameRecord,
    GameState,
    GameType,
    ReplayStep,
    RoundScore,
    lazy,
    load_json,
)

ROUND_OVER = "round_over"
"""The phase between rounds: a round ended, the state's ``start_round``
deals the next."""
GAME_OVER = "game_over"

MASK64 = (1 << 64) - 1


class DealLike(Protocol):
    """A round's chance outcome as the record keeps it (and ``from_dict``)."""

    def to_dict(self) -> dict[str, Any]: ...


DealT = TypeVar("DealT", bound=DealLike)
DecisionT = TypeVar("DecisionT")
RecordT = TypeVar("RecordT", bound="Record[Any, Any]")
StateT = TypeVar("StateT", bound="KitState[Any]")


# -- the record -----------------------------------------------------------------


@dataclass(slots=True)
class RoundRecord(Generic[DealT, DecisionT]):
    """One round of a record: its deal (the chance outcome) and the decisions
    made in it, in order. The state appends to ``decisions`` as it plays."""

    deal: DealT
    decisions: list[tuple[int, DecisionT]]


class Record(Generic[DealT, DecisionT]):
    """A whole game: options, a header, each round's deal and decisions.

    Every game's record JSON is this envelope (storage keeps a record as it
    grows and puts it back together without knowing the game)::

        {"game": KIND, "format": "KIND-record", "version": 1,
         "options": {...}, ...header()...,
         "rounds": [{...deal.to_dict()..., "decisions": [[player, "notation"], ...]}]}

    A game's record is a dataclass deriving from this one whose first two
    fields are ``options`` and ``rounds``; the fields after them are its
    header (where a game that starts from a later round starts), written by
    :meth:`header` and read back by :meth:`read_header`.
    """

    __slots__ = ()

    kind: ClassVar[str]
    title: ClassVar[str]
    """The game's name for people, in error messages."""
    version: ClassVar[int] = 1
    deal_type: ClassVar[Any]
    """The deal class: ``to_dict()`` and ``from_dict(mapping)``."""

    options: Any
    rounds: list[RoundRecord[DealT, DecisionT]]

    @staticmethod
    def parse_decision(text: str) -> Any:
        """A decision from its notation; raises :class:`NotationError`."""
        raise NotImplementedError

    @staticmethod
    def read_options(data: Any) -> Any:
        """The options from their ``to_dict()``; may raise :class:`OptionsError`."""
        raise NotImplementedError

    def header(self) -> dict[str, Any]:
        """The JSON keys between ``options`` and ``rounds`` (none by default)."""
        return {}

    @classmethod
    def read_header(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """The header fields (constructor keywords) from the record's JSON."""
        return {}

    @classmethod
    def format_name(cls) -> str:
        return f"{cls.kind}-record"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.kind,
            "format": self.format_name(),
            "version": self.version,
            "options": self.options.to_dict(),
            **self.header(),
            "rounds": [
                {**r.deal.to_dict(), "decisions": [[p, str(d)] for p, d in r.decisions]}
                for r in self.rounds
            ],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls: type[RecordT], d: Any) -> RecordT:
        name = cls.format_name()
        if not isinstance(d, dict) or d.get("format") != name:
            raise RecordError(f"not a {cls.title} game record (missing format: {name})")
        if d.get("version") != cls.version:
            raise RecordError(
                f"record version {d.get('version')!r} is not supported (expected {cls.version})"
            )
        try:
            options = cls.read_options(d["options"])
            rounds = [
                RoundRecord(
                    cls.deal_type.from_dict(r),
                    [decision_pair(x, cls.parse_decision) for x in r["decisions"]],
                )
                for r in d["rounds"]
            ]
            header = cls.read_header(d)
        except RecordError:
            raise
        except OptionsError as exc:
            raise RecordError(f"the record's options are impossible: {exc}") from exc
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"malformed record: {_describe(exc)}") from exc
        return cls(options, rounds, **header)  # type: ignore[call-arg]

    @classmethod
    def from_json(cls: type[RecordT], text: str) -> RecordT:
        return cls.from_dict(load_json(text, "record"))

    @classmethod
    def read(cls: type[RecordT], record: RecordT | GameRecord | str) -> RecordT:
        """This game's record from its JSON, or from any record object
        (the storage's, another process's) through its JSON."""
        if isinstance(record, cls):
            return record
        return cls.from_json(record if isinstance(record, str) else record.to_json())

    def copy(self: RecordT) -> RecordT:
        """A copy whose decision lists the original's state no longer appends to."""
        rounds = [RoundRecord(r.deal, list(r.decisions)) for r in self.rounds]
        return dataclasses.replace(self, rounds=rounds)  # type: ignore[type-var]


def _describe(exc: Exception) -> str:
    """An exception as words: a bare ``KeyError`` shows only the key."""
    if isinstance(exc, KeyError):
        return f"missing {exc}"
    return str(exc)


def decision_pair(item: Any, parse: Callable[[str], DecisionT]) -> tuple[int, DecisionT]:
    """One ``[player, notation]`` entry of a record's round, read back."""
    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise RecordError(f"a decision must be a [player, decision] pair, not {item!r}")
    player, text = item
    if isinstance(player, bool) or not isinstance(player, int):
        raise RecordError(f"a decision's player must be a number, not {player!r}")
    if not isinstance(text, str):
        raise RecordError(f"a decision must be written as text, not {text!r}")
    try:
        return player, parse(text)
    except NotationError as exc:
        raise RecordError(f"player {player}'s decision {text!r} cannot be read: {exc}") from exc


def optional_ints(value: Any) -> tuple[int, ...] | None:
    """A header's list of numbers, or ``None``."""
    return None if value is None else tuple(int(x) for x in value)


def optional_list(value: Sequence[int] | None) -> list[int] | None:
    return None if value is None else list(value)


# -- round results in state JSON --------------------------------------------------


def score_to_dict(r: RoundScore, number_key: str = "number") -> dict[str, Any]:
    return {
        number_key: r.number,
        "positions": list(r.positions),
        "scores": list(r.scores),
        "totals": list(r.totals),
        "details": [dict(x) for x in r.details],
    }


def score_from_dict(d: Mapping[str, Any], number_key: str = "number") -> RoundScore:
    return RoundScore(
        int(d[number_key]),
        tuple(int(x) for x in d["positions"]),
        tuple(int(x) for x in d["scores"]),
        tuple(int(x) for x in d["totals"]),
        tuple(dict(x) for x in d["details"]),
    )


# -- random numbers ----------------------------------------------------------------


@functools.cache
def _log2_factorial(n: int) -> int:
    return math.factorial(n).bit_length()


class SplitMix:
    """Seeded random numbers kept in the state as one integer (``_rng``), so
    that a state's JSON carries them and a copy continues them: splitmix64,
    stable across Python versions."""

    # ``_rng`` is in the game's slots: Python cannot combine two bases that both
    # have slots of their own, and KitState has
    __slots__ = ()
    _rng: int

    def _rand(self, bound: int) -> int:
        self._rng = (self._rng + 0x9E3779B97F4A7C15) & MASK64  # type: ignore[misc]
        z = self._rng
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (z ^ (z >> 31)) % bound

    def _shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates driven by one big random integer: its digits in the
        factorial number system are the swap positions. Dealing is on the
        playout path, and a few 64-bit draws with big-int divmods are several
        times faster than one draw per card. Bias: below 2**-64."""
        n = len(items)
        words = (_log2_factorial(n) + 64) // 64 + 1
        x = 0
        for _ in range(words):
            x = (x << 64) | self._rand(1 << 64)
        for i in range(n, 1, -1):
            x, j = divmod(x, i)
            items[i - 1], items[j] = items[j], items[i - 1]


# -- the state ---------------------------------------------------------------------


class KitState(Generic[RecordT]):
    """The protocol basics of a game state. A game's state class sets
    ``phase`` (:data:`ROUND_OVER` between rounds, :data:`GAME_OVER` at the
    end), ``turn``, ``results`` (:class:`RoundScore` or a subclass) and
    ``_record``, appends ``(player, decision)`` to ``_decisions`` for every
    decision, keeps running totals in ``totals`` (or says where in
    :meth:`totals_now`), and writes :meth:`to_dict`, ``from_dict`` and
    :meth:`replay_begin`."""

    # what the kit reads and writes; a game's class lists the rest (slots are
    # the fastest place CPython keeps an attribute)
    __slots__ = ("_decisions", "_record", "n", "options", "phase", "results", "turn")

    kind: ClassVar[str]
    title: ClassVar[str]
    lower_is_better: ClassVar[bool]
    record_type: ClassVar[Any]
    round_word: ClassVar[str] = "round"
    """What the game calls a round, in messages (``deal`` in Big Two)."""

    n: int
    turn: int | None
    phase: str
    results: list[Any]
    totals: list[int]
    _record: RecordT
    _decisions: list[Any]

    # -- what a game writes --------------------------------------------------------

    def totals_now(self) -> Sequence[int]:
        """The running totals (points or penalty points) by player."""
        return self.totals

    def standing_key(self, player: int) -> Any:
        """How equal totals are broken in the standings (after the totals)."""
        return player

    def rounds_played(self) -> int:
        return len(self.results)

    def to_dict(self, include_record: bool = True) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls: type[StateT], d: Any, record: Any = None) -> StateT:
        raise NotImplementedError

    def unseen_zones(self, player: int) -> Sequence[tuple[str, int | None]]:
        """Where the cards ``player`` cannot see lie in :meth:`to_dict`, each
        written as card names separated by spaces: ``(key, index)`` for
        ``to_dict()[key][index]``, ``(key, None)`` for ``to_dict()[key]``. By
        default the other players' ``hands``; a game with a stock adds it."""
        return [("hands", q) for q in range(self.n) if q != player]

    def unseen_elsewhere(self, player: int) -> Sequence[str]:
        """Cards ``player`` cannot see that lie in no zone of the state (a
        pack not dealt out in full): a redeal may deal them in instead."""
        return ()

    @classmethod
    def replay_begin(cls: type[StateT], record: Any) -> StateT:
        """The state a record starts from, its first round dealt."""
        raise NotImplementedError

    # -- the protocol basics -----------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The player to act, or ``None`` between rounds and at the end."""
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def is_round_over(self) -> bool:
        """A round ended and ``start_round`` has not dealt the next."""
        return self.phase == ROUND_OVER

    def round_results(self) -> list[Any]:
        return list(self.results)

    def winners(self) -> tuple[int, ...]:
        """Everyone sharing the best total, once the game is over."""
        if self.phase != GAME_OVER:
            return ()
        totals = self.totals_now()
        best = min(totals) if self.lower_is_better else max(totals)
        return tuple(p for p in range(self.n) if totals[p] == best)

    def outcome(self) -> GameOutcome | None:
        """Winners (ties share), totals and standings once the game is over."""
        if self.phase != GAME_OVER:
            return None
        totals = self.totals_now()
        sign = 1 if self.lower_is_better else -1
        standings = sorted(range(self.n), key=lambda p: (sign * totals[p], self.standing_key(p)))
        return GameOutcome(self.winners(), tuple(totals), tuple(standings), self.rounds_played())

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: 1 shared among the winners, 0 otherwise."""
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.n)]

    def redeal_unseen(self: StateT, player: int, rng: random.Random) -> StateT:
        """A copy in which the cards ``player`` cannot see are dealt again
        at random, each place keeping its number of cards: what ``player``
        observes must not change (the conformance suite checks it)."""
        d = self.to_dict()
        zones = self.unseen_zones(player)
        texts = [str(d[key] if i is None else d[key][i]) for key, i in zones]
        cards = [c for text in texts for c in text.split()]
        cards += self.unseen_elsewhere(player)
        rng.shuffle(cards)
        at = 0
        for (key, i), text in zip(zones, texts, strict=True):
            size = len(text.split())
            part = " ".join(cards[at : at + size])
            at += size
            if i is None:
                d[key] = part
            else:
                d[key][i] = part
        return type(self).from_dict(d)

    # -- the record, JSON, copies ------------------------------------------------

    def record(self) -> RecordT:
        """The game record so far (options, deals, decisions): a copy."""
        rec: RecordT = self.record_type.from_dict(self._record.to_dict())
        return rec

    def _start_recording(self, deal: Any) -> None:
        """Open a round of the record (from ``start_round``)."""
        self._decisions = []
        self._record.rounds.append(RoundRecord(deal, self._decisions))

    def _adopt_record(self, record: RecordT) -> None:
        self._record = record
        self._decisions = record.rounds[-1].decisions if record.rounds else []

    def _envelope(self, include_record: bool) -> dict[str, Any]:
        """The first keys of the state's JSON: format, version, the record."""
        return {
            "format": f"{self.kind}-state",
            "version": 1,
            "record": self._record.to_dict() if include_record else None,
        }

    @classmethod
    def _opened(cls, d: Any, record: RecordT | None) -> tuple[dict[str, Any], RecordT]:
        """Check a state's envelope; its record, or a copy of the one given
        when the state was stored without it (the state appends to its own)."""
        if not isinstance(d, dict) or d.get("format") != f"{cls.kind}-state":
            raise RecordError(f"not a serialised {cls.title} state")
        if d.get("record") is None:
            if record is None:
                raise RecordError("this state was stored without its record: give the record")
            return d, record.copy()
        return d, cls.record_type.from_dict(d["record"])

    def to_json(self, include_record: bool = True) -> str:
        """The whole state. Without the record its size does not grow with
        the game: ``from_json(text, record)`` takes the record back."""
        return json.dumps(self.to_dict(include_record), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls: type[StateT], text: str, record: Any = None) -> StateT:
        return cls.from_dict(load_json(text, "state"), record)

    def copy(self: StateT) -> StateT:
        """An independent copy (games on a search path write a faster one)."""
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # -- replay ---------------------------------------------------------------

    @classmethod
    def replay_iter(cls: type[StateT], record: Any) -> Iterator[ReplayStep]:
        """Replay a record (or its JSON) step by step: a :class:`ReplayStep`
        per decision; ``error`` says why a decision was refused and the
        replay stops there."""
        rec = cls.record_type.read(record)
        word = cls.round_word
        if not rec.rounds:
            raise RecordError(f"the record has no {word}s")
        # Any: a game's start_round and apply take its own deal and decisions
        state: Any = cls.replay_begin(rec)
        for i, rnd in enumerate(rec.rounds):
            if i:
                if not state.is_round_over():
                    raise RecordError(
                        f"{word} {state.round_number} did not end before the next deal"
                    )
                state.start_round(rnd.deal)
            for player, decision in rnd.decisions:
                error: str | None = None
                try:
                    state.apply(decision, player)
                except IllegalDecision as exc:
                    error = str(exc)
                yield ReplayStep(state, state.round_number, player, decision, error)
                if error is not None:
                    return

    @classmethod
    def replay(cls: type[StateT], record: Any) -> StateT:
        """The state a record leads to; :class:`RecordError` at the first
        illegal decision."""
        rec = cls.record_type.read(record)
        state: StateT | None = None
        for step in cls.replay_iter(rec):
            state = step.state
            if step.error is not None:
                raise RecordError(
                    f"{cls.round_word} {step.round}: player {step.player} "
                    f"{step.decision}: {step.error}"
                )
        return state if state is not None else cls.replay_begin(rec)


# -- the game type ------------------------------------------------------------------


def describe(
    state: type[GameState],
    *,
    preset: Callable[..., Any] | None = None,
    options: Any = None,
    ai: str | None = None,
    terminal: str | None = None,
    **fields: Any,
) -> GameType:
    """The :class:`GameType` of a game built on the kit. Its name, title,
    scoring direction, constructors, JSON, records and replay come from the
    state class; ``preset(name, **overrides)`` and ``options.from_dict`` make
    the options (or give ``make_options`` and ``options_from_dict``);
    ``ai`` and ``terminal`` name modules imported on first use (their
    ``levels``/``make_player`` and ``main``); ``fields`` are the rest
    (summary, players, presets, schema, ``level_seconds`` …).

    Taking the state class as a ``type[GameState]`` lets ``mypy --strict``
    check that it implements the protocol the table runtime uses.
    """
    cls: Any = state
    if ai is not None:
        fields.setdefault("levels", lazy(ai, "levels"))
        fields.setdefault("make_player", lazy(ai, "make_player"))
    if terminal is not None:
        fields["terminal"] = lazy(terminal, "main")
    if preset is not None:
        make = preset  # bound now: mypy does not narrow inside the function below

        def make_options(name: str, overrides: Mapping[str, Any]) -> Any:
            return make(name, **dict(overrides))

        fields["make_options"] = make_options
    if options is not None:

        def options_from_dict(data: Mapping[str, Any]) -> Any:
            return options.from_dict(dict(data))

        fields["options_from_dict"] = options_from_dict
    return GameType(
        name=cls.kind,
        title=cls.title,
        lower_is_better=cls.lower_is_better,
        new_game=cls.new_game,
        from_json=cls.from_json,
        load_record=cls.record_type.from_json,
        replay=cls.replay_iter,
        parse_decision=cls.record_type.parse_decision,
        **fields,
    )


def _a_kit_record_is_a_game_record(record: Record[Any, Any]) -> GameRecord:
    """Lets ``mypy --strict`` check that every kit record is what storage reads."""
    return record
