"""The one place that turns errors into messages for users.

Engine errors (``engine.EngineError``, a ``ValueError``) are the user's
mistake and get a short ephemeral explanation; anything else is logged with
its traceback and the user gets a plain apology. Slash command options that
are not what their command declares (a modified client) are refused here
too, before the command runs (:mod:`cogs.options`).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine import EngineError, OptionsError
from locales import N_, _, reading

from .options import options_refusal, refusal
from .replies import UserFacingError, edit, no_suggestions, reply, respond

log = logging.getLogger("cardtable.errors")

EXPIRED_CODES = frozenset({10062, 40060})
"""Unknown interaction (answered too late) and interaction already acknowledged."""


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        self._previous_check = bot.tree.interaction_check
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        bot.tree.interaction_check = self.check_options  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]
        self.bot.tree.interaction_check = self._previous_check  # type: ignore[method-assign]

    async def check_options(self, interaction: discord.Interaction) -> bool:
        """Every slash command and autocomplete passes here first: options whose
        type or length is not what the command declares are refused by name."""
        if not await self._previous_check(interaction):
            return False
        with reading(interaction.locale):  # only the one who typed it reads why
            problem = refusal(interaction)
        if problem is None:
            return True
        log.info("%s refused: %s", describe(interaction), problem)
        if interaction.type is discord.InteractionType.autocomplete:
            with contextlib.suppress(discord.HTTPException):
                await no_suggestions(interaction)
        else:
            await reply(interaction, problem)
        return False

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """No click goes unanswered: a component that no handler claims (a
        message from an older release, an altered id) gets a short answer, and
        the bot's own message loses its dead buttons."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if claimed(self.bot, int(data.get("component_type", 0) or 0), custom_id, interaction):
            return
        log.info("unclaimed control %r answered as stale", custom_id[:100])
        with reading(interaction.locale), contextlib.suppress(discord.HTTPException):
            await respond(interaction, _(STALE_CONTROL), ephemeral=True)
        message = interaction.message
        me = self.bot.user
        if message is None or me is None or message.author.id != me.id:
            return
        # only when every control on it is dead: a forged id must not strip a
        # live message of its buttons
        ids = _components(message)
        if ids and not any(claimed(self.bot, t, cid, interaction) for t, cid in ids):
            with contextlib.suppress(discord.HTTPException):
                await edit(message, view=None)

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
        # every answer here is only the user's; the error path must answer even
        # an interaction that lacks its locale
        with reading(getattr(interaction, "locale", None)):
            await reply(interaction, self._answer(interaction, error))

    @staticmethod
    def _answer(interaction: discord.Interaction, error: BaseException) -> str:
        """What the user reads about ``error``, in the reader's language (a
        refusal's own text was composed in it where it was raised)."""
        if isinstance(error, OptionsError):
            return options_refusal(error)
        if isinstance(error, UserFacingError | EngineError):
            return str(error)
        if isinstance(error, app_commands.MissingPermissions):
            return _("You need the Manage Channel permission for that.")
        if isinstance(error, app_commands.NoPrivateMessage):
            return _("That only works in a server channel.")
        if isinstance(error, app_commands.CheckFailure):
            return _("You can't use that here.")
        log.error("unexpected error in %s", describe(interaction), exc_info=error)
        return _("Something went wrong on my side; it has been logged.")

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.handle(interaction, error)


STALE_CONTROL = N_(
    "That control is from an older message or no longer valid, so nothing happened. "
    "Use the latest message (or **My hand** on the table)."
)


def claimed(
    bot: commands.Bot, component_type: int, custom_id: str, interaction: discord.Interaction
) -> bool:
    """Whether a handler of the bot takes this component: a dynamic item whose
    template matches, or a view stored for the message. discord.py exposes no
    public look-up, so this reads its view store (pinned discord.py version)."""
    store = getattr(getattr(bot, "_connection", None), "_view_store", None)
    if store is None:
        return True  # cannot tell: leave it to whoever handles it
    # discord.py calls a dynamic item only when the message really carries a
    # component of that type and id: anything else would go unanswered
    if (component_type, custom_id) in _components(interaction.message) and any(
        pattern.fullmatch(custom_id) for pattern in getattr(store, "_dynamic_items", {})
    ):
        return True
    views = getattr(store, "_views", {})
    key = (component_type, custom_id)
    message_id = interaction.message.id if interaction.message is not None else None
    return key in views.get(message_id, {}) or key in views.get(None, {})


def _components(message: discord.Message | None) -> set[tuple[int, str]]:
    """(type, custom id) of every control on a message."""
    if message is None:
        return set()
    return {
        (int(c.type.value), str(c.custom_id))
        for row in message.components
        for c in getattr(row, "children", [row])
        if getattr(c, "custom_id", None)
    }


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
