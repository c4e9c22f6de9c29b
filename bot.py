"""Entry point of the President Discord bot.

``python bot.py`` reads the configuration from the environment or ``.env``
and runs the bot. ``create_bot(settings, clock=...)`` builds the very same
bot for the end-to-end tests, which give it a temporary database and a fast
clock.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands
from dotenv import dotenv_values

from cogs.clock import Clock, SystemClock
from data import Database, DatabaseError

log = logging.getLogger("president.bot")

EXTENSIONS: tuple[str, ...] = ("cogs.errors", "cogs.table.extension", "cogs.stats")


class ConfigError(Exception):
    """The configuration is unusable; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    """What the bot needs from its environment."""

    token: str = field(repr=False)  # never printed, never logged
    database_path: Path = Path("var/president.sqlite3")
    log_level: str = "INFO"
    dev_guild_id: int | None = None


@dataclass(frozen=True)
class Timings:
    """Game pacing in clock seconds (a fast test clock shrinks them all)."""

    computer_pause: float = 1.2
    """Pause before a computer move, so people can follow the play."""
    round_pause: float = 8.0
    """Between the results of a round and the next deal."""
    table_edit_interval: float = 1.0
    """At most one edit of a table message per this many seconds."""
    lobby_idle: float = 15 * 60
    warn_before: float = 10.0
    """A turn warning goes out this long before the time runs out."""
    table_max_age: float = 3600.0
    """Discord caps edits of messages older than an hour (30046): repost."""
    bury_limit: int = 6
    """Repost the table once this many messages were posted under it."""


def load_settings(
    environ: Mapping[str, str] | None = None, *, dotenv_path: str | os.PathLike[str] = ".env"
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the ``.env`` file."""
    values: dict[str, str | None] = {}
    if Path(dotenv_path).is_file():
        values.update(dotenv_values(dotenv_path))
    values.update(os.environ if environ is None else environ)

    token = (values.get("DISCORD_TOKEN") or "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set. Copy .env.example to .env and paste your bot's token "
            "(Discord Developer Portal → your application → Bot → Reset Token)."
        )
    level = (values.get("LOG_LEVEL") or "INFO").strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"LOG_LEVEL={level!r}: use DEBUG, INFO, WARNING, ERROR or CRITICAL")
    guild_text = (values.get("DEV_GUILD_ID") or "").strip()
    dev_guild: int | None = None
    if guild_text:
        if not guild_text.isdigit():
            raise ConfigError(f"DEV_GUILD_ID={guild_text!r} is not a server id (digits only)")
        dev_guild = int(guild_text)
    db_path = (values.get("DATABASE_PATH") or "").strip() or "var/president.sqlite3"
    return Settings(
        token=token, database_path=Path(db_path), log_level=level, dev_guild_id=dev_guild
    )


class PresidentBot(commands.Bot):
    """The bot: settings, clock, pacing and the database shared by the cogs."""

    def __init__(self, settings: Settings, *, clock: Clock, timings: Timings) -> None:
        intents = discord.Intents.default()
        # Message events (not their content) tell when a table message gets buried.
        intents.message_content = False
        intents.presences = False
        intents.members = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.clock = clock
        self.timings = timings
        self._db: Database | None = None
        self.table_runtime: Any = None
        """The table runtime (``cogs.table``) once loaded: components reach it here."""

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is not open yet")
        return self._db

    async def setup_hook(self) -> None:
        path = self.settings.database_path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await Database.open(path)
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.settings.dev_guild_id is not None:
            # Guild commands appear at once; global ones can take a while to propagate.
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await super().close()  # unloads the cogs first: they stop their tasks
        if self._db is not None:
            await self._db.close()
            self._db = None


def create_bot(
    settings: Settings, *, clock: Clock | None = None, timings: Timings | None = None
) -> PresidentBot:
    """The bot, used by ``main()`` and by the end-to-end tests."""
    return PresidentBot(settings, clock=clock or SystemClock(), timings=timings or Timings())


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    bot = create_bot(settings)
    try:
        # log_handler=None: logging is already set up (and never prints the token).
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN (it may have been reset)")
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error("Discord refused the gateway intents requested by the bot")
        return 1
    except DatabaseError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
