"""Errors meant for users, and the helper that answers them.

Kept apart from the extension modules: ``load_extension`` executes an
extension's module afresh for each bot, which would make two different
``UserFacingError`` classes and break ``isinstance`` checks between cogs.
"""

from __future__ import annotations

import logging

import discord

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
