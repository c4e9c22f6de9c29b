"""Persistence: the only part of the bot that speaks SQL (SQLite through aiosqlite).

Stats, titles, points per scoring scheme, skill ratings, leaderboards, game history,
settings (all per game kind), and the live games that survive a crash. A game is known
here only by its ``kind`` string and the record envelope every game writes; states and
options arrive as opaque JSON text; nothing here imports the engine or Discord.
"""

from .database import DEFAULT_MU, DEFAULT_SIGMA, Database, position_category
from .errors import (
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
    SCORING_SCHEMES,
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
from .schema import MIGRATIONS, SCHEMA_VERSION, Migration

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "DELETED_PLAYER",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SCORING_SCHEMES",
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
    "UnknownDatabase",
    "are_places",
    "position_category",
]
