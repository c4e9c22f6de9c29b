"""Game kinds, the registry, and the one protocol the table runtime uses.

Modelled on OpenSpiel: each kind of game has one static :class:`GameType`
(name, player range, presets, option schema, constructors) registered here,
and every state of every game implements :class:`GameState`. The bot's table
runtime, the storage and the command line know a game only through these
two, so a game is a folder: ``engine/<name>/`` defines ``GAME_TYPE`` and
:func:`game_types` finds it.

>>> from engine.game import game_type
>>> president = game_type("president")
>>> president.title, president.min_players, president.max_players
('President', 3, 8)
>>> state = president.new_game(president.make_options("classic", {}), 7)
>>> state.kind, state.current_player is not None, state.is_terminal()
('president', True, False)
>>> events = state.apply(state.default_decision(), state.current_player)
>>> all(isinstance(e.kind, str) for e in events)
True
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol, runtime_checkable

from .errors import OptionsError, RecordError, UnknownGame
from .stats import DEFAULT_STATISTICS, StatsSpec

OptionKind = Literal["bool", "int", "choice"]

_TRUE = ("on", "true", "yes", "1", "y")
_FALSE = ("off", "false", "no", "0", "n")
_NONE = ("none", "off", "no", "-", "")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house rule: its name, type, limits, default and a line of help.

    The bot builds its menus, autocomplete and ``set`` command from these;
    the game's own validation (``make_options``) still has the last word,
    since some limits depend on other options.

    >>> spec = OptionSpec("deals", "int", 4, "Deals per session", minimum=1,
    ...                   maximum=50, optional=True)
    >>> spec.parse("6"), spec.parse("none"), spec.format(None)
    (6, None, 'none')
    >>> OptionSpec("jokers", "bool", False, "Jokers").parse("on")
    True
    """

    name: str
    kind: OptionKind
    default: Any
    help: str
    """One line, at most 100 characters (Discord's select description)."""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    """Whether ``none`` is a value (an integer limit that can be switched off)."""
    menu: tuple[int, ...] = ()
    """Suggested integer values for menus (at most 25)."""

    def parse(self, text: str) -> Any:
        """The typed value from what a player typed; raises :class:`OptionsError`."""
        t = str(text).strip().lower()
        if self.kind == "bool":
            if t in _TRUE:
                return True
            if t in _FALSE:
                return False
            raise OptionsError(
                self.name, f"{self.name}: say on or off, not {text!r}", "not_on_off", value=text
            )
        if self.kind == "choice":
            t = t.replace(" ", "_").replace("-", "_")
            if t in self.choices:
                return t
            raise OptionsError(
                self.name,
                f"{self.name}: choose one of {', '.join(self.choices)}, not {text!r}",
                "not_a_choice",
                value=text,
                choices=self.choices,
            )
        if self.optional and t in _NONE:
            return None
        try:
            value = int(t)
        except ValueError:
            raise OptionsError(
                self.name, f"{self.name}: {text!r} is not a whole number", "not_whole", value=text
            ) from None
        lo, hi = self.minimum, self.maximum
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise OptionsError(
                self.name,
                f"{self.name}: choose a number from {lo} to {hi}",
                "out_of_range",
                low=lo,
                high=hi,
                value=value,
                none=self.optional,
            )
        return value

    def format(self, value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def values(self) -> tuple[str, ...]:
        """Values to offer in a menu, as text (at most 25)."""
        if self.kind == "bool":
            return ("on", "off")
        if self.kind == "choice":
            return self.choices[:25]
        numbers = self.menu or tuple(range(self.minimum or 0, (self.maximum or 0) + 1))
        out = (("none",) if self.optional else ()) + tuple(str(v) for v in numbers)
        return out[:25]


@dataclass(frozen=True, slots=True)
class PresetSpec:
    """A named set of options players know (``classic``, ``hong_kong`` …)."""

    name: str
    summary: str
    """One line for menus (at most 100 characters)."""
    min_players: int
    max_players: int
    default_players: int


@dataclass(frozen=True, slots=True)
class RoundScore:
    """What one finished round (a deal) did to each player, in one shape for
    every game: the storage and the leaderboards read only this.

    ``positions`` are finishing places per player (0 = best; tied players
    share a place and the places after a tie are skipped: :func:`places`).
    ``scores`` is what the round added (points or penalty points),
    ``totals`` the running totals after it. ``details`` holds the game's own
    per-player facts (a title, a promotion) as plain JSON values.
    """

    number: int
    positions: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    details: tuple[Mapping[str, Any], ...] = field(default=())


def places(scores: Sequence[float], *, lower_is_better: bool) -> tuple[int, ...]:
    """Each player's place from their scores, 0 the best: standard competition
    ranking, so a place is the number of players who did strictly better, and
    tied players share it while the places after a tie are skipped.

    Every game's :attr:`RoundScore.positions` come from here (the storage checks
    the same rule before it records a round).

    >>> places([3, 0, 3, 7], lower_is_better=True)
    (1, 0, 1, 3)
    >>> places([3, 0, 3, 7], lower_is_better=False)
    (1, 3, 1, 0)
    """
    sign = 1 if lower_is_better else -1
    keys = [sign * s for s in scores]
    return tuple(sum(other < mine for other in keys) for mine in keys)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The end of a game: winners (ties share), totals, standings best first."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    standings: tuple[int, ...]
    rounds: int


@runtime_checkable
class PublicEvent(Protocol):
    """Something a decision did that everyone may know (a trick won, a player
    out, a revolution, an attack passed on …)."""

    @property
    def kind(self) -> str: ...

    @property
    def player(self) -> int | None: ...


@runtime_checkable
class GameRecord(Protocol):
    """Every dealt hand and every decision of a game, enough to replay it.

    Every game writes its record JSON in one envelope, so that storage can
    keep a record as it grows (a header once, a deal per round, a line per
    decision) and put it back together without knowing the game::

        {"game": "<kind>", ...header keys (format, version, options ...)...,
         "rounds": [{...deal keys (hands ...)...,
                     "decisions": [[player, "<decision notation>"], ...]}, ...]}

    ``GameType.parse_decision(text)`` reads each decision's notation back.
    """

    @property
    def kind(self) -> str: ...

    def to_json(self, indent: int | None = None) -> str: ...


class ReplayStep(NamedTuple):
    """One decision of a replay: the state after it (or before it, when the
    decision was refused, ``error`` then says why)."""

    state: Any
    round: int
    player: int
    decision: Any
    error: str | None


@runtime_checkable
class GameState(Protocol):
    """A game in progress. The table runtime uses nothing else of a state.

    The state is mutable; :meth:`apply` validates and leaves it unchanged when
    it raises an :class:`~engine.errors.IllegalDecision`. Between rounds the
    state waits (:meth:`is_round_over`) until :meth:`start_round` deals the
    next one, so the bot can show the results first.
    """

    @property
    def kind(self) -> str:
        """The registry name of the game (``president``, ``bigtwo``, ``sixty``)."""
        ...

    @property
    def n(self) -> int:
        """Number of players, numbered ``0 … n-1`` for the whole game."""
        ...

    @property
    def round_number(self) -> int: ...

    @property
    def options(self) -> Any:
        """The game's options (with ``to_dict()``)."""
        ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Iterator[Any]:
        """The decisions the player to act may make, generated lazily."""
        ...

    def apply(self, decision: Any, player: int | None = None) -> Sequence[PublicEvent]:
        """Validate and apply a decision; returns its public events."""
        ...

    def default_decision(self) -> Any:
        """What a player who ran out of time does."""
        ...

    def is_terminal(self) -> bool: ...

    def is_round_over(self) -> bool:
        """A round has ended and the next is not dealt yet."""
        ...

    def start_round(self) -> None: ...

    def round_results(self) -> Sequence[RoundScore]: ...

    def outcome(self) -> GameOutcome | None: ...

    def returns(self) -> list[float]: ...

    def hand(self, player: int) -> Sequence[Any]: ...

    def observation(self, player: int) -> Any:
        """What ``player`` may know; built afresh, holding no hidden card."""
        ...

    def public_view(self) -> Any:
        """What everyone may know; no hidden card is reachable from it."""
        ...

    def copy(self) -> Any: ...

    def to_json(self, include_record: bool = True) -> str:
        """The whole state. Without the record its size does not grow with
        the game; ``GameType.from_json(text, record)`` then takes the record
        as it was when the state was written."""
        ...

    def record(self) -> GameRecord: ...


@runtime_checkable
class Player(Protocol):
    """A computer player: one decision per call, from one seat's observation.

    Implementations keep their own seeded ``random.Random`` so that a seed
    gives the same decisions.
    """

    level: str

    def decide(self, obs: Any) -> Any: ...


@dataclass(frozen=True)
class GameType:
    """The static description of one kind of game (OpenSpiel's ``GameType``
    and its factory in one)."""

    name: str
    """Registry name: lower case, no spaces (``bigtwo``)."""
    title: str
    """For people (``Big Two``)."""
    summary: str
    min_players: int
    max_players: int
    default_players: int
    presets: Mapping[str, PresetSpec]
    default_preset: str
    option_schema: tuple[OptionSpec, ...]
    lower_is_better: bool
    """Whether the lowest total wins (penalties) rather than the highest."""
    make_options: Callable[[str, Mapping[str, Any]], Any]
    """Validated options from a preset name and overrides (``players`` among
    them); raises :class:`~engine.errors.OptionsError` naming the option."""
    options_from_dict: Callable[[Mapping[str, Any]], Any]
    new_game: Callable[[Any, int], GameState]
    """A new game from options and a seed; the first round is dealt."""
    from_json: Callable[..., GameState]
    """``from_json(text, record=None)``: a state ``to_json`` wrote; ``record``
    is required when the state was written without it."""
    load_record: Callable[[str], GameRecord]
    replay: Callable[[GameRecord], Iterator[ReplayStep]]
    parse_decision: Callable[[str], Any]
    levels: Callable[[], tuple[str, ...]]
    make_player: Callable[[str, int], Player]
    from_hands: Callable[..., GameState] | None = None
    """A game from given hands (positions for tests and bug reports)."""
    terminal: Callable[[list[str]], int] | None = None
    """``python -m engine play --game NAME`` (argv after the game name)."""
    decision_key: Callable[[Any], Hashable] = str
    """Two decisions with equal keys are the same decision although they may
    be written differently (President's give-backs: suits never matter, so
    its legal decisions offer one give-back per set of ranks)."""
    level_seconds: Mapping[str, float] = field(default_factory=dict)
    """The most CPU seconds each computer level may take for one decision
    (on a two-core machine with nothing else running); every level of
    :attr:`levels` is listed. The bot's own cap is a safety net above these."""
    statistics: StatsSpec = DEFAULT_STATISTICS
    """Its leaderboards, counted places and kept details (:mod:`engine.stats`)."""

    def option(self, name: str) -> OptionSpec:
        for spec in self.option_schema:
            if spec.name == name:
                return spec
        raise OptionsError(
            name, f"{self.title} has no option {name!r}", "no_such_option", game=self.title
        )


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on first call: a game's computer players and
    terminal stay unimported until someone asks for them.

    >>> levels = lazy("engine.president.ai", "levels")
    >>> "normal" in levels()
    True
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    return call


_REGISTRY: dict[str, GameType] = {}
_DISCOVERED = False


def register(game: GameType) -> GameType:
    """Make a game kind available (the last registration of a name wins)."""
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game kind (tests that register a game of their own clean up)."""
    _REGISTRY.pop(name, None)


def _discover() -> None:
    """Import every game package of the engine: a package that defines
    ``GAME_TYPE`` registers it. Adding a game is adding a folder."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    package = importlib.import_module(__package__ or "engine")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME_TYPE", None)
        if isinstance(game, GameType):
            register(game)


def game_types() -> tuple[GameType, ...]:
    """Every registered game kind, by name."""
    _discover()
    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY, key=_order))


def _order(name: str) -> tuple[int, str]:
    # the first game stays first in menus; the others by name
    return (0 if name == "president" else 1, name)


def game_type(name: str) -> GameType:
    """The game kind called ``name``; raises :class:`UnknownGame`."""
    _discover()
    game = _REGISTRY.get(name.strip().lower())
    if game is None:
        raise UnknownGame(f"no game {name!r}; choose one of {', '.join(sorted(_REGISTRY))}")
    return game


def load_json(text: str, what: str) -> Any:
    """JSON a game reads back (a record, a state); :class:`RecordError` when it
    is not JSON.

    >>> load_json("[1]", "record")
    [1]
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not valid JSON: {exc}") from exc


def record_kind(text: str) -> str:
    """The game kind a record or state JSON says it is of.

    Records written before there were several games carry no kind: they
    are President's.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    kind = data.get("game", "president")
    if not isinstance(kind, str):
        raise RecordError("'game' must be a game name")
    return kind


def load_record(text: str) -> GameRecord:
    """A record of any registered game, by the kind it carries."""
    kind = record_kind(text)
    try:
        game = game_type(kind)
    except UnknownGame as exc:
        raise RecordError(str(exc)) from None
    return game.load_record(text)
