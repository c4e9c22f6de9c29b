"""Typed errors raised by the persistence layer.

Every error the bot may need to tell apart derives from :class:`DatabaseError`.
Errors that stop start-up (:class:`CorruptDatabase`, :class:`UnknownDatabase`,
:class:`SchemaTooNew`) carry a message written for the operator: what happened and
what to do. The database file is never reset or overwritten to get past them.
"""

from __future__ import annotations

from pathlib import Path


class DatabaseError(Exception):
    """Base class of every error raised by :mod:`data`."""


class BadDatabaseUrl(DatabaseError, ValueError):
    """``DATABASE_URL`` (or a URL given to ``python -m data``) names no database this
    bot can use."""

    def __init__(self, url: str, detail: str) -> None:
        self.url = url
        super().__init__(
            f"DATABASE_URL={url!r} {detail}: use sqlite:///relative/path.sqlite3, "
            "sqlite:////absolute/path.sqlite3 or postgresql://user:password@host:port/database"
        )


def _name(where: Path | str) -> str:
    """How a message names the database: a file's path, or a PostgreSQL URL (shown
    without its password)."""
    return f"database file {where}" if isinstance(where, Path) else f"PostgreSQL database {where}"


class CorruptDatabase(DatabaseError):
    """The file is not a SQLite database, or SQLite reports it damaged."""

    def __init__(self, path: Path, detail: str) -> None:
        self.path = path
        self.detail = detail
        super().__init__(
            f"The database file {path} is not a readable SQLite database ({detail}). "
            "The bot stopped without touching it. Restore the file from a backup, or move "
            "it aside (keep it for investigation) to start with an empty database."
        )


class CannotOpenDatabase(DatabaseError):
    """The database cannot be opened: SQLite cannot open or read the file (missing
    folder, permissions, lock, I/O), or the PostgreSQL server cannot be reached, refuses
    the login or has no such database."""

    def __init__(self, path: Path | str, detail: str, *, hint: str | None = None) -> None:
        self.path = path
        self.detail = detail
        if hint is None:
            hint = (
                "Check that its folder exists and is writable, that the disk is not full, "
                "and that no other program holds the file locked."
                if isinstance(path, Path)
                else "Check that the server is running and that DATABASE_URL names its "
                "host, port and database."
            )
        verb = "opened" if isinstance(path, Path) else "reached"
        super().__init__(f"The {_name(path)} could not be {verb} ({detail}). {hint}")


class UnknownDatabase(DatabaseError):
    """The database already holds tables, but not ones this bot created."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        what = "a SQLite database" if isinstance(path, Path) else "a database"
        check = "database path" if isinstance(path, Path) else "DATABASE_URL"
        super().__init__(
            f"The {_name(path)} is {what} that this bot did not create "
            "(it already holds tables but no President schema version). The bot stopped "
            f"without touching it. Check the configured {check}."
        )


class SchemaTooNew(DatabaseError):
    """The database was written by a newer version of the bot."""

    def __init__(self, path: Path | str, found: int, known: int) -> None:
        self.path = path
        self.found = found
        self.known = known
        super().__init__(
            f"The {_name(path)} has schema version {found}, but this version of the "
            f"bot only knows versions up to {known}: it was written by a newer release. "
            "The bot stopped without touching it. Run the newer release, or restore a "
            "backup made by this one."
        )


class GameNotFound(DatabaseError):
    """No game with this id exists."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} does not exist")


class GameNotLive(DatabaseError):
    """The game exists but is no longer in progress (finished or abandoned)."""

    def __init__(self, game_id: int, status: str) -> None:
        self.game_id = game_id
        self.status = status
        super().__init__(f"game {game_id} is not in progress (status: {status})")


class StaleVersion(DatabaseError):
    """Optimistic concurrency conflict: the stored live-table version is not the expected one.

    Nothing was written. The caller should reload the table (``Database.live_table``)
    and decide again.
    """

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"game {game_id}: expected live-table version {expected}, found {actual}; "
            "another writer applied a decision first"
        )


class InvalidRound(DatabaseError, ValueError):
    """A round result that cannot be recorded as given (seats that are not the
    game's, places that break the ranking rule); nothing was written."""

    def __init__(self, game_id: int, detail: str) -> None:
        self.game_id = game_id
        self.detail = detail
        super().__init__(f"game {game_id}: round not recorded: {detail}")


class RoundAlreadyRecorded(DatabaseError):
    """A round with this number was already recorded for the game (nothing was written)."""

    def __init__(self, game_id: int, number: int) -> None:
        self.game_id = game_id
        self.number = number
        super().__init__(f"game {game_id}: round {number} is already recorded")
