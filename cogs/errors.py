"""The one place that turns errors into messages for users.

Engine errors (``engine.EngineError``, a ``ValueError``) are the user's
mistake and get a short ephemeral explanation; anything else is logged with
its traceback and the user gets a plain apology.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.president import EngineError

from .replies import UserFacingError, reply

log = logging.getLogger("president.errors")

EXPIRED_CODES = frozenset({10062, 40060})
"""Unknown interaction (answered too late) and interaction already acknowledged."""


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def handle(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Answer ``error`` raised while handling ``interaction``."""
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        if isinstance(error, discord.HTTPException) and error.code in EXPIRED_CODES:
            # Discord gave up on this interaction (answered after 3 s, or twice):
            # nothing can be sent through it any more, and the game state is
            # unaffected, so this is worth a warning, not a traceback.
            log.warning("%s expired before the answer (%s)", describe(interaction), error.code)
            return
        if isinstance(error, UserFacingError | EngineError):
            await reply(interaction, str(error))
        elif isinstance(error, app_commands.MissingPermissions):
            await reply(interaction, "You need the Manage Channel permission for that.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            await reply(interaction, "That only works in a server channel.")
        elif isinstance(error, app_commands.CheckFailure):
            await reply(interaction, "You can't use that here.")
        else:
            log.error("unexpected error in %s", describe(interaction), exc_info=error)
            await reply(interaction, "Something went wrong on my side; it has been logged.")

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.handle(interaction, error)


def describe(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"


async def handle_error(
    bot: commands.Bot, interaction: discord.Interaction, error: BaseException
) -> None:
    """Route an error from a component callback to the error cog."""
    # By name, not isinstance: the extension module may have been loaded afresh.
    cog = bot.get_cog("Errors")
    handle = getattr(cog, "handle", None)
    if handle is not None:
        await handle(interaction, error)
    else:
        log.error("error in %s", describe(interaction), exc_info=error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
