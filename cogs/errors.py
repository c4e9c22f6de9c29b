"""The one place that turns errors into messages for users.

Engine errors (``engine.EngineError``, a ``ValueError``) are the user's
mistake and get a short ephemeral explanation; anything else is logged with
its traceback and the user gets a plain apology.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from engine import EngineError

log = logging.getLogger("president.errors")


class UserFacingError(Exception):
    """An expected refusal whose message is meant for the user as is."""


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:  # expired token, deleted message: nothing to do
        log.warning("could not send an error reply: %s", exc)


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
    data = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"


async def handle_error(
    bot: commands.Bot, interaction: discord.Interaction, error: BaseException
) -> None:
    """Route an error from a component callback to the error cog."""
    cog = bot.get_cog("Errors")
    if isinstance(cog, Errors):
        await cog.handle(interaction, error)
    else:
        log.error("error in %s", describe(interaction), exc_info=error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
