"""Errors meant for users, and the helpers every answer to a user goes through.

Kept apart from the extension modules: ``load_extension`` executes an
extension's module afresh for each bot, which would make two different
``UserFacingError`` classes and break ``isinstance`` checks between cogs.

Every reply, edit and followup of an interaction, every channel message and
DM of a table, and every autocomplete answer passes through the helpers below,
which fit it to Discord's limits (:mod:`cogs.limits`): Discord refuses a whole
message when one part is too long, and the player would get no answer at all.
``tests/cogs/test_limits.py`` checks that no cog answers an interaction
another way.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from locales import reading

from .limits import fit_choices, fit_message

log = logging.getLogger("cardtable.errors")

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])
S = TypeVar("S")
P = ParamSpec("P")
R = TypeVar("R")


class UserFacingError(Exception):
    """An expected refusal whose message is meant for the user as is (composed
    in their language: inside ``reading(interaction.locale)``)."""


async def public_locale(interaction: discord.Interaction) -> object:
    """The language of what the bot posts for everyone in the interaction's
    channel (a leaderboard, a profile, a lobby): the server's.

    The language a manager chose with ``/language`` (kept by the table runtime,
    ``bot.table_runtime.languages``), else Discord's server language
    (``guild_locale``: Community servers set it, others report ``en-US``)."""
    runtime = getattr(getattr(interaction, "client", None), "table_runtime", None)
    if runtime is not None and interaction.guild_id is not None:
        chosen = await runtime.languages.load(interaction.guild_id)
        if chosen is not None:
            return chosen
    return interaction.guild_locale


def in_asker_language(
    method: Callable[Concatenate[S, discord.Interaction, P], Awaitable[R]],
) -> Callable[Concatenate[S, discord.Interaction, P], Awaitable[R]]:
    """Decorates a method answering ``interaction`` only to the one who clicked or
    typed (an ephemeral answer, a refusal): what it composes is in their language.
    A public part inside opens ``reading(await public_locale(interaction))`` itself."""

    async def answer(self: S, interaction: discord.Interaction, *a: P.args, **k: P.kwargs) -> R:
        with reading(interaction.locale):
            return await method(self, interaction, *a, **k)

    functools.update_wrapper(answer, method)
    return answer


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    try:
        await respond(interaction, text, ephemeral=True)
    except discord.HTTPException as exc:  # expired token, deleted message: nothing to do
        log.warning("could not send an error reply: %s", exc)


async def respond(interaction: discord.Interaction, content: Any = None, **kwargs: Any) -> None:
    """The answer to an interaction (a followup when it was answered already)."""
    fitted = fit_message({"content": content, **kwargs})
    if interaction.response.is_done():
        if fitted.get("content") is None:
            del fitted["content"]
        await interaction.followup.send(**fitted)
    else:
        await interaction.response.send_message(**fitted)


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Answer a click by editing the message it came from."""
    await interaction.response.edit_message(**fit_message(kwargs))


async def followup(interaction: discord.Interaction, **kwargs: Any) -> discord.WebhookMessage:
    """A further message after the interaction was answered (or deferred)."""
    return await interaction.followup.send(wait=True, **fit_message(kwargs))


async def edit_original(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the interaction's first answer (or the message a deferred click came from)."""
    await interaction.edit_original_response(**fit_message(kwargs))


async def send(target: discord.abc.Messageable, **kwargs: Any) -> discord.Message:
    """A message in a channel or a DM."""
    return await target.send(**fit_message(kwargs))


async def edit(message: discord.Message | discord.PartialMessage, **kwargs: Any) -> None:
    """Edit one of the bot's messages."""
    await message.edit(**fit_message(kwargs))


async def no_suggestions(interaction: discord.Interaction) -> None:
    """Answer an autocomplete with nothing to suggest."""
    await interaction.response.autocomplete([])


def suggestions(callback: F) -> F:
    """Decorates an autocomplete callback: what it suggests is fitted to Discord's
    limits, and what the user typed reaches it as text, whatever a client sent."""

    @functools.wraps(callback)
    async def fitted(*args: Any) -> list[Any]:
        *head, current = args
        typed = current if isinstance(current, str) else str(current or "")
        return fit_choices(await callback(*head, typed))

    fitted.fits_discord = True  # type: ignore[attr-defined]
    return fitted  # type: ignore[return-value]
