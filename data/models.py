"""Dataclasses that go in and out of :class:`data.Database`.

Game state, options and the bot's table metadata are opaque JSON text here. The
persistence layer knows a game only by its ``kind`` string and the record envelope
every game writes (``{"game": kind, ...header..., "rounds": [{...deal...,
"decisions": [[player, "text"], ...]}, ...]}``), which it keeps piece by piece and
puts back together; it reads option overrides only to merge them in
:meth:`data.Database.effective_settings`.

Points of different scoring schemes, or of different game kinds, are never added
together; each game names its own schemes.

Conventions: ``seat`` is a player index in the game (0-based); ``position`` is the
finishing place in a round, 0 = best, tied players sharing the smaller place
(competition ranking: 0, 0, 2, 3); timestamps are timezone-aware UTC
:class:`datetime.datetime` values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from .stats_rules import Statistics

#: Display name given to the seats of a user whose data was deleted.
DELETED_PLAYER = "Deleted player"


class Board(StrEnum):
    """What a leaderboard ranks by."""

    RATING = "rating"  #: skill rating ordinal (mu - 3 sigma); only players with a rated round
    POINTS = "points"  #: lifetime points of one scoring scheme (``stat``: the scheme)
    MEAN = "mean"  #: points per round of one scoring scheme (``stat``: the scheme)
    WINS = "wins"  #: games won (ties shared)
    COUNT = "count"  #: a counted statistic (``stat``: its name, e.g. a place counted)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player index of a game: a human (``user_id`` set) or a computer (``computer_level``)."""

    display_name: str
    user_id: int | None = None
    computer_level: str | None = None

    @classmethod
    def human(cls, user_id: int, display_name: str) -> Seat:
        return cls(display_name=display_name, user_id=user_id)

    @classmethod
    def computer(cls, level: str, display_name: str | None = None) -> Seat:
        return cls(display_name=display_name or f"Computer ({level})", computer_level=level)

    @property
    def is_human(self) -> bool:
        """True for a human seat, also one whose user was forgotten (``user_id`` None)."""
        return self.computer_level is None


@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything needed to start a game (see :meth:`data.Database.create_game`).

    ``header_json`` is the game's record without ``"rounds"``; ``snapshot_json`` the
    state written without its record, as dealt for round 1; ``deal_json`` round 1's
    deal (the record's ``rounds[0]`` without ``"decisions"``). ``lower_is_better``:
    the kind counts penalties (the lowest total wins).
    """

    guild_id: int
    channel_id: int
    kind: str
    preset: str
    options_json: str
    scoring: str
    seats: Sequence[Seat]
    header_json: str
    snapshot_json: str
    deal_json: str
    meta_json: str = "{}"
    lower_is_better: bool = False


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's result in a round.

    ``position`` is 0-based, tied players sharing the smaller place; ``score`` is
    what the round added (points or penalty points) and ``total`` the running total.
    ``details`` holds the game's own JSON-able facts (President: ``{"title":
    "President", "promotion": 1}``); the game's statistics say which it keeps.
    Whether the seat is human (and which user) comes from the game's seats; a
    ``display_name`` given here refreshes the name last seen.
    """

    seat: int
    position: int
    score: int
    total: int
    details: Mapping[str, Any] = field(default_factory=dict)
    display_name: str | None = None


def are_places(positions: Sequence[int]) -> bool:
    """Whether ``positions`` are a round's places as every game reports them:
    standard competition ranking, each place being the number of players placed
    strictly better (tied players share a place; the places after a tie are
    skipped). The engine computes them by the same rule (``engine.game.places``);
    a test checks that the two agree.

    >>> are_places([1, 0, 1, 3]), are_places([0, 1, 1, 2]), are_places([0, 0, 0])
    (True, False, True)
    """
    return all(p == sum(q < p for q in positions) for p in positions)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: its number (1-based), one :class:`SeatResult` per seat, and
    the game's declared statistics (``GameType.statistics``: what the round counts
    and keeps for each human, by :mod:`data.stats_rules`)."""

    number: int
    seats: Sequence[SeatResult]
    statistics: Statistics


@dataclass(frozen=True, slots=True)
class LiveTable:
    """A game in progress as stored: read back on start-up to resume it.

    Resume with ``from_json(snapshot_json, load_record(record_json))`` and then apply
    ``decisions`` in order. ``record_json`` is the record as of the snapshot (every
    deal and decision stored before it; the snapshot's round with no decisions yet);
    ``decisions`` are the ``(player, text)`` decisions stored since, at most a round.
    """

    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    preset: str
    options_json: str
    seats: tuple[Seat, ...]
    version: int
    snapshot_json: str
    record_json: str
    decisions: tuple[tuple[int, str], ...]
    meta_json: str
    started_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as listed in recent games."""

    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    preset: str
    scoring: str
    status: str  #: 'live', 'finished' or 'abandoned'
    seats: tuple[Seat, ...]
    winners: tuple[int, ...]  #: seats (player indices); empty unless finished
    rounds_played: int
    started_at: datetime
    ended_at: datetime | None
    lower_is_better: bool = False  #: the kind counts penalties (lowest total wins)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A stored round of a game."""

    number: int
    ended_at: datetime
    rated: bool  #: whether it changed skill ratings (at least two humans)
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class GameDetails:
    """A game with its options, rounds and record (the live record while in progress)."""

    summary: GameSummary
    options_json: str
    rounds: tuple[RoundRecord, ...]
    record_json: str | None


@dataclass(frozen=True, slots=True)
class Rating:
    """An openskill PlackettLuce rating. ``ordinal`` (mu - 3 sigma) is what is displayed."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's aggregated statistics of one game kind in one guild."""

    guild_id: int
    kind: str
    user_id: int
    display_name: str
    games_played: int  #: finished games
    rounds_played: int
    wins: int
    average_position: float | None  #: 1-based average finishing place (1.0 = always first)
    rating: Rating
    rated_rounds: int
    points: Mapping[str, int]  #: lifetime points per scoring scheme played
    last_played_at: datetime | None
    #: points per round per scoring scheme played (the mean board's value)
    means: Mapping[str, float] = field(default_factory=dict)
    #: the game's counted statistics (places counted: ``{"firsts": 4, ...}``)
    counts: Mapping[str, int] = field(default_factory=dict)
    #: the details kept from the last recorded round in this guild (``{"title": ...}``)
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's profile: statistics, rank by rating and recent games."""

    stats: PlayerStats
    rating_rank: int | None  #: rank on the rating board; None before any rated round
    recent_games: tuple[GameSummary, ...]


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int  #: competition ranking: tied values share a rank ("1224")
    user_id: int
    display_name: str
    value: float  #: the ranked value (ordinal, points, mean, wins or a count)
    rating: Rating
    games_played: int
    rounds_played: int
    wins: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    board: Board
    kind: str
    stat: str | None  #: the scheme (points, mean) or statistic (count) ranked
    page: int  #: 0-based
    page_size: int
    total: int  #: players on this board
    rows: tuple[LeaderboardRow, ...]
    me: LeaderboardRow | None  #: the caller's row, also when it is off the page

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size))


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-guild or per-channel settings of one game kind; ``None`` means "not set here"."""

    preset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)  #: option overrides
    turn_seconds: int | None = None
    computer_level: str | None = None


@dataclass(frozen=True, slots=True)
class ForgetResult:
    players_deleted: int
    seats_anonymised: int
