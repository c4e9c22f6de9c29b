"""Private messages: each player's hand and turn controls, through their
latest interaction at the table or by DM, or, where neither reaches them, as
an answer only they see (My hand).

A player who clicked at the table in the last 14 minutes gets their next
messages as followups of that click (ephemeral when it came from the table's
channel, so a hand stays private): an interaction's token answers outside
Discord's global limit for 15 minutes. Otherwise, and when the token turns out
to be invalid, the message goes by DM as it always did.

A player's DMs show one live hand: a new one reduces the older ones of the
same game to a line, and after a restart the old ones lose their buttons.

DMs go by channel id: each player's DM channel is opened once and its id kept
(in memory and in the database), because with the members intent off
discord.py keeps no users, and sending "to a user" would cost a user fetch
and a channel open, both under Discord's global limit, before every DM.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.budget import Priority, priority
from cogs.limits import fit_message
from cogs.replies import send
from data.errors import DatabaseError
from locales import _, reading

from .context import TableContext, game_title
from .ids import is_control_of
from .images import to_file
from .models import Reach, Table
from .notices import ChannelNotices
from .text import countdown
from .views import hint_button

log = logging.getLogger("cardtable.game")


class PrivateMessages:
    def __init__(
        self,
        ctx: TableContext,
        notices: ChannelNotices,
        save_meta: Callable[[Table], Awaitable[None]],
    ) -> None:
        self.ctx = ctx
        self.notices = notices
        self.save_meta = save_meta
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id

    async def dm_channel(self, user_id: int) -> discord.PartialMessageable:
        """The user's DM channel, opened (one request) only the first time ever."""
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            db = self.ctx.bot.db
            try:
                channel_id = await db.dm_channel(user_id)
            except (DatabaseError, sqlite3.Error) as exc:
                log.warning("the DM channel of user %s could not be read: %s", user_id, exc)
            if channel_id is None:
                data = await self.ctx.bot.http.start_private_message(user_id)
                channel_id = int(data["id"])
                try:
                    await db.remember_dm_channel(user_id, channel_id)
                except (DatabaseError, sqlite3.Error) as exc:
                    # kept in memory: only a restart would open it again
                    log.warning("the DM channel of user %s could not be stored: %s", user_id, exc)
            self._dm_channels[user_id] = channel_id
        return self.ctx.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]:
        """The player's private message (drawn in a thread: it holds a picture),
        in the language they last used (:mod:`.language`)."""
        with reading(self.ctx.private(t, p)):
            return await self._hand_payload(t, p, controls=controls)

    async def _hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]:
        message = await self.ctx.draw(t, t.adapter.hand_message, t.snapshot(), p, controls=controls)
        lines = list(message.lines)
        if controls and t.state.current_player == p and t.deadline is not None:
            lines.append(_("Time runs out {when}.").format(when=countdown(t.deadline)))
        payload: dict[str, Any] = {"content": "\n".join(lines)[:2000]}
        f = to_file(message.picture)
        if f is not None:
            payload["file"] = f
        view = message.view
        if controls and t.meta.hints and t.state.current_player == p and not t.is_computer(p):
            view = with_hint(view, t.game_id, t.version)
        if view is not None:
            payload["view"] = view
        return payload

    def heard(self, t: Table, interaction: discord.Interaction) -> None:
        """A player's interaction at this table was answered: its token sends them
        their next messages (see the module's docstring)."""
        t.reach[interaction.user.id] = Reach(
            interaction.followup, self.ctx.clock.now(), interaction.guild_id is not None
        )

    def _fresh(self, reach: Reach | None) -> bool:
        return (
            reach is not None
            and not reach.refused
            and self.ctx.clock.now() - reach.at < self.ctx.timings.token_life
        )

    async def tell(
        self, t: Table, p: int, *, notify: bool = False, **kwargs: Any
    ) -> discord.Message | None:
        """Privately to a seated human: through their latest interaction while its
        token is fresh, else by DM; None when neither reaches them. ``notify``: a
        message for someone who may be away (a warning), so not an ephemeral
        one, which Discord shows only to whoever looks at the channel."""
        msg, _ = await self._send(t, p, kwargs, notify=notify)
        return msg

    async def _send(
        self, t: Table, p: int, kwargs: dict[str, Any], *, notify: bool = False
    ) -> tuple[discord.Message | None, Reach | None]:
        """The message, and the interaction it went through (None: by DM)."""
        uid = t.seats[p].user_id
        reach = t.reach.get(uid) if uid is not None else None
        if reach is not None and self._fresh(reach) and not (notify and reach.in_guild):
            try:
                msg = await reach.webhook.send(
                    wait=True, ephemeral=reach.in_guild, **fit_message(kwargs)
                )
                return msg, reach
            except discord.HTTPException as exc:
                # an expired or unknown token (401, 404), or Discord failing: the
                # message goes by DM, and the token is not tried again
                log.info("game %s: followup to seat %s failed (%s); by DM", t.game_id, p, exc)
                reach.refused = True
                f = kwargs.get("file")
                if isinstance(f, discord.File):
                    f.reset()  # read by the failed request
        return await self.dm(t, p, **kwargs), None

    async def dm(self, t: Table, p: int, **kwargs: Any) -> discord.Message | None:
        """DM a seated human; None when their DMs are closed (they use My hand)."""
        uid = t.seats[p].user_id
        if uid is None or t.meta.dm_closed[p]:
            return None
        try:
            with priority(Priority.URGENT):  # a player waits for it
                return await send(await self.dm_channel(uid), **kwargs)
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("game %s: DM to seat %s refused: %s", t.game_id, p, exc)
            t.meta.dm_closed[p] = True
            await self.save_meta(t)
            with reading(self.ctx.public(t)):
                text = _(
                    "{player}, I can't send you direct messages, so press **My hand** on the "
                    "table to see your cards and play."
                ).format(player=f"<@{uid}>")
            await self.notices.say(t, text)
            return None
        except discord.HTTPException as exc:
            log.warning("game %s: DM to seat %s failed: %s", t.game_id, p, exc)
            return None

    async def deal_messages(self, t: Table) -> None:
        """Each human gets their new hand (and what the exchange moved) privately."""
        st = t.state
        for p in t.humans():
            if st.current_player == p and not t.is_computer(p):
                continue  # their turn message follows at once
            payload = await self.hand_payload(t, p, controls=False)
            await self.hand_dm(t, p, payload, turn=False)

    async def hand_dm(
        self, t: Table, p: int, payload: dict[str, Any], *, turn: bool = True
    ) -> discord.Message | None:
        """A new hand or turn DM; then the player's earlier live ones of this game
        are reduced to a line, so their DMs show one live hand. The new one goes
        first: a slow edit of an old message must not delay a turn's notice.
        A plain hand (a new deal) that arrives after the player's turn was
        announced is not sent: the turn message has it."""
        async with t.dm_lock:
            if not turn and t.notified is not None and t.notified[1] == p:
                return None
            older = list(t.meta.hand_dms[p])
            msg, reach = await self._send(t, p, payload)
            if msg is not None and reach is not None:
                t.sent_through[msg.id] = reach
            t.meta.hand_dms[p] = [msg.id] if msg is not None else []
            if turn and (msg is not None or older):
                # a restart must find it to take its buttons away
                async with t.lock:
                    await self.save_meta(t)
        if older:
            self.ctx.spawn(self._reduce_dms(t, p, older), f"reduce-{t.game_id}-{p}")
        return msg

    async def _reduce_dms(self, t: Table, p: int, message_ids: list[int]) -> None:
        for message_id in message_ids:
            await self._reduce_dm(t, p, message_id)

    async def _reduce_dm(self, t: Table, p: int, message_id: int) -> None:
        """The message shows a line instead of a hand: edited through the token it
        was sent with while that is fresh, else in the player's DMs."""
        with reading(self.ctx.private(t, p)):
            text = _("*An earlier hand of this {game} game: your latest is below.*").format(
                game=game_title(t.adapter)
            )
        reduced: dict[str, Any] = {
            "content": text,
            "embed": None,
            "attachments": [],
            "view": None,
        }
        reach = t.sent_through.pop(message_id, None)
        if reach is not None:
            if self._fresh(reach):
                try:
                    await reach.webhook.edit_message(message_id, **reduced)
                    return
                except discord.HTTPException as exc:
                    if exc.code == 10008:
                        return  # deleted by the player: nothing to reduce
                    reach.refused = True  # expired early: by the DM channel if it is there
            if reach.in_guild:
                return  # ephemeral: only its token edits it, and the player's client drops it
        uid = t.seats[p].user_id
        if uid is None:
            return
        try:
            channel = await self.dm_channel(uid)
            await channel.get_partial_message(message_id).edit(**reduced)
        except discord.HTTPException:
            pass  # deleted by the player, or gone: nothing to reduce

    def acted_on(self, t: Table, p: int, message_id: int | None) -> None:
        """A player answered through this message: it no longer shows a hand."""
        if message_id is not None and message_id in t.meta.hand_dms[p]:
            t.meta.hand_dms[p].remove(message_id)
            t.sent_through.pop(message_id, None)

    async def after_restart(self, t: Table) -> None:
        """The turn messages sent before a restart lose their buttons (the player
        to act gets a fresh one), including one sent in the moment before the
        bot stopped, which the stored meta may miss."""
        for p in t.humans():
            if t.meta.dm_closed[p]:
                continue
            uid = t.seats[p].user_id
            assert uid is not None
            ids = set(t.meta.hand_dms[p])
            with contextlib.suppress(discord.HTTPException):
                channel = await self.dm_channel(uid)
                async for m in channel.history(limit=10):
                    controls = [
                        c
                        for row in m.components
                        for c in getattr(row, "children", [row])
                        if is_control_of(str(getattr(c, "custom_id", "")), t.game_id)
                    ]
                    if controls:
                        ids.add(m.id)
            t.meta.hand_dms[p] = []
            for message_id in ids:
                await self._reduce_dm(t, p, message_id)


def with_hint(view: discord.ui.View | None, game_id: int, version: int) -> discord.ui.View:
    """The turn controls with 💡 Hint added (left out where the view is full),
    labelled for the current reader."""
    view = view or discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):  # five full rows: the controls come first
        view.add_item(hint_button(game_id, version))
    return view
