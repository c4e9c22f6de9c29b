"""Messages in a table's channel besides the table message: notes, pings that
notify the player to act (one at a time), and the pause notice."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from cogs.replies import send
from locales import N_, _, reading

from .context import TableContext
from .models import Table

log = logging.getLogger("cardtable.game")

PAUSED = N_(
    "**The game is paused**: I can't save it right now. It goes on by itself as soon "
    "as saving works again, and nothing played is lost."
)
UNPAUSED = N_("▶️ The game was paused for a moment (saving failed) and goes on.")
"""The pause notices (constants: translated in the server's language when sent)."""


class ChannelNotices:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    async def say(self, t: Table, text: str, **kwargs: Any) -> discord.Message | None:
        channel = await self.ctx.channel(t)
        if channel is None:
            return None
        try:
            return await send(channel, content=text, **kwargs)
        except discord.HTTPException as exc:
            log.warning("game %s: channel message failed: %s", t.game_id, exc)
            return None

    async def ping(self, t: Table, text: str) -> None:
        """A short channel message that notifies someone; the previous ping goes away."""
        await self.clear_ping(t)
        msg = await self.say(t, text)
        t.ping_message_id = msg.id if msg is not None else None

    async def clear_ping(self, t: Table) -> None:
        if t.ping_message_id is None:
            return
        channel = await self.ctx.channel(t)
        mid, t.ping_message_id = t.ping_message_id, None
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(mid).delete()  # type: ignore[attr-defined]

    async def paused(self, t: Table) -> None:
        with reading(self.ctx.public(t)):
            text = "⏸️ " + _(PAUSED)
        msg = await self.say(t, text)
        t.pause_message_id = msg.id if msg is not None else None

    def unpaused(self, t: Table) -> None:
        mid, t.pause_message_id = t.pause_message_id, None
        if mid is not None:
            self.ctx.spawn(self._unpause_note(t, mid), f"unpause-{t.game_id}")

    async def _unpause_note(self, t: Table, message_id: int) -> None:
        channel = await self.ctx.channel(t)
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                with reading(self.ctx.public(t)):
                    text = _(UNPAUSED)
                await channel.get_partial_message(message_id).edit(content=text)  # type: ignore[attr-defined]
