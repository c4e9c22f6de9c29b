"""Persistence: the only part of the bot that speaks SQL, to a SQLite file (aiosqlite,
the default) or a PostgreSQL database several processes share (asyncpg).

The statistics each game declares (place counts, kept details), points per scoring
scheme, skill ratings, leaderboards, game history, settings (all per game kind), and
the live games that survive a crash. A game is known
here only by its ``kind`` string and the record envelope every game writes; states and
options arrive as opaque JSON text; nothing here imports the engine or Discord. The
rating and statistics rules are plain Python (:mod:`data.ratings`,
:mod:`data.stats_rules`), outside the SQL.
"""

from .database import Database
from .engines import parse_url, redact
from .errors import (
    BadDatabaseUrl,
    CannotOpenDatabase,
    CorruptDatabase,
    DatabaseError,
    GameNotFound,
    GameNotLive,
    InvalidRound,
    RoundAlreadyRecorded,
    SchemaTooNew,
    StaleVersion,
    UnknownDatabase,
)
from .models import (
    DELETED_PLAYER,
    Board,
    ForgetResult,
    GameDetails,
    GameSummary,
    LeaderboardPage,
    LeaderboardRow,
    LiveTable,
    NewGame,
    PlayerStats,
    Profile,
    Rating,
    RoundRecord,
    RoundResult,
    Seat,
    SeatResult,
    Settings,
    are_places,
)
from .ratings import DEFAULT_MU, DEFAULT_SIGMA
from .schema import MIGRATIONS, SCHEMA_VERSION, Migration
from .stats_rules import HINTS_DETAIL, Statistics, place_kind

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "DELETED_PLAYER",
    "HINTS_DETAIL",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "BadDatabaseUrl",
    "Board",
    "CannotOpenDatabase",
    "CorruptDatabase",
    "Database",
    "DatabaseError",
    "ForgetResult",
    "GameDetails",
    "GameNotFound",
    "GameNotLive",
    "GameSummary",
    "InvalidRound",
    "LeaderboardPage",
    "LeaderboardRow",
    "LiveTable",
    "Migration",
    "NewGame",
    "PlayerStats",
    "Profile",
    "Rating",
    "RoundAlreadyRecorded",
    "RoundRecord",
    "RoundResult",
    "SchemaTooNew",
    "Seat",
    "SeatResult",
    "Settings",
    "StaleVersion",
    "Statistics",
    "UnknownDatabase",
    "are_places",
    "parse_url",
    "place_kind",
    "redact",
]
