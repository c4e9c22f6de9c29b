"""The table message: the one message in the channel that shows a game (the
picture, recent events, whose turn, the scores) with My hand and Leave.

Each table has one writer of it, :meth:`TableMessages.loop`, which coalesces
changes into at most one edit per ``table_edit_interval``; it posts a fresh
message (and retires the old one) after a new round or a restart, when the
old one is too old to edit or buried under chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

import discord

from cogs.budget import Priority, priority
from locales import _, reading

from .context import TableContext, by_round, game_title, mention
from .images import Picture, file_kwargs, to_file
from .models import Table
from .seating import takeable_seat
from .settings import hints_text
from .text import countdown
from .views import table_view

log = logging.getLogger("cardtable.game")


class TableMessages:
    def __init__(self, ctx: TableContext, save_meta: Callable[[Table], Awaitable[None]]) -> None:
        self.ctx = ctx
        self.save_meta = save_meta
        self._shown: dict[int, tuple[int, tuple[str, bytes, str]]] = {}
        """Per game: the table message id and what it shows (to skip no-op edits)."""

    async def payload(self, t: Table) -> tuple[discord.Embed, Picture | None]:
        """The table as the server reads it (its language, :mod:`.language`)."""
        with reading(self.ctx.public(t)):
            return await self._payload(t)

    async def _payload(self, t: Table) -> tuple[discord.Embed, Picture | None]:
        adapter = t.adapter
        state = t.state
        names = t.names
        view = t.snapshot()
        lines = adapter.table_lines(view)
        lines += [f"*{n}*" for n in t.notes]
        turn = state.current_player
        if state.is_terminal():
            status = _("**Game over.**")
        elif state.is_round_over():
            status = by_round(adapter, "over")
        elif turn is None:
            status = ""
        elif t.is_computer(turn):
            status = "🤖 " + _("**{name}** is thinking…").format(name=names[turn])
        elif t.deadline is not None:
            status = _("**Turn:** {player} {what} — time runs out {when}").format(
                player=mention(t, turn),
                what=adapter.turn_text(view, turn),
                when=countdown(t.deadline),
            )
        else:
            status = _("**Turn:** {player} {what}").format(
                player=mention(t, turn), what=adapter.turn_text(view, turn)
            )
        embed = discord.Embed(
            title=by_round(adapter, "title").format(
                game=game_title(adapter), preset=state.options.preset, n=state.round_number
            ),
            description="\n".join([*lines, "", status]).strip()[:4096],
            colour=adapter.colour,
        )
        footer = " · ".join(x for x in (adapter.scores_text(view), hints_text(t.meta.hints)) if x)
        embed.set_footer(text=footer[:2048])
        picture = await self.ctx.draw(t, adapter.table_picture, view)
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return embed, picture

    async def loop(self, t: Table) -> None:
        """The only writer of the table message. A change after a quiet spell is
        drawn at once (after ``table_settle``, so a decision and the next turn
        that follows it cost one redraw); redraws start at most one per
        ``table_edit_interval`` (``table_edit_busy`` times that while the
        request budget is busy), and the changes made meanwhile go in one trailing
        redraw, so the picture is current when the table is quiet. The picture is
        drawn once the budget gave its request a turn, so it shows the table as it
        is then, not as it was when the redraw began to wait."""
        timings = self.ctx.timings
        clock = self.ctx.clock
        budget = self.ctx.bot.budget
        last: float | None = None
        while not t.closed:
            await t.dirty.wait()
            wait = timings.table_settle
            if last is not None:
                interval = timings.table_edit_interval
                if budget.busy():
                    interval *= timings.table_edit_busy
                wait = max(wait, last + interval - clock.now())
            await clock.sleep(wait)
            if t.closed:
                return
            last = clock.now()
            try:
                with priority(Priority.REDRAW):
                    async with budget.reserved(Priority.REDRAW):
                        t.dirty.clear()
                        if t.closed:
                            return
                        await self._refresh(t)
            except discord.HTTPException as exc:
                log.warning("game %s: table message not updated: %s", t.game_id, exc)

    async def _refresh(self, t: Table) -> None:
        channel = await self.ctx.channel(t)
        if channel is None:
            return
        clock, timings = self.ctx.clock, self.ctx.timings
        embed, picture = await self.payload(t)
        old = t.meta.table_message_id
        stale = (
            old is None
            or t.repost
            or clock.now() - t.table_posted_at > timings.table_max_age
            or t.messages_since_table >= timings.bury_limit
        )
        # Several changes often mark the table dirty for one state (a decision, then
        # the next turn): an edit that would change nothing is not sent.
        with reading(self.ctx.public(t)):
            view = self.view(t)
        shown = (
            json.dumps(embed.to_dict(), sort_keys=True, default=str),
            picture.data if picture is not None else b"",
            json.dumps(view.to_components(), sort_keys=True),
        )
        if not stale and old is not None and self._shown.get(t.game_id) == (old, shown):
            return
        if not stale and old is not None:
            f = to_file(picture)
            try:
                await channel.get_partial_message(old).edit(  # type: ignore[attr-defined]
                    embed=embed, attachments=[f] if f else [], view=view
                )
                self._shown[t.game_id] = (old, shown)
                return
            except discord.NotFound:
                pass  # deleted by someone: post a fresh one
        note = t.repost_note
        t.repost = False
        t.repost_note = None
        with reading(self.ctx.public(t)):
            view = self.view(t)
        msg = await channel.send(content=note, embed=embed, view=view, **file_kwargs(picture))
        t.meta.table_message_id = msg.id
        self._shown[t.game_id] = (msg.id, shown)
        t.table_posted_at = clock.now()
        t.messages_since_table = 0
        try:
            # under the table lock: a decision being stored holds a copy of the
            # meta and would otherwise write the old message id back over this
            async with t.lock:
                await self.save_meta(t)
        finally:
            # even when the game closes (and cancels this task) right now, the
            # old table must not stay behind looking like the live one: the edit
            # runs as its own task, so a cancel mid-request cannot abort it
            if old is not None:
                with reading(self.ctx.public(t)):
                    moved = _("The table moved: {link}").format(link=msg.jump_url)
                retire = self._retire(channel, old, moved)
                await asyncio.shield(self.ctx.spawn(retire, f"retire-{old}"))

    def view(self, t: Table) -> discord.ui.View:
        # Take seat shows only while a newcomer can take over a computer-played seat.
        return table_view(t.game_id, take_seat=takeable_seat(t) is not None)

    async def _retire(self, channel: discord.abc.Messageable, message_id: int, text: str) -> None:
        """The old table message goes: no stub is left in the channel. Only if it
        cannot be deleted does it become a pointer to the new one."""
        try:
            await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            return
        except discord.NotFound:
            return  # deleted meanwhile: nothing left to retire
        except discord.HTTPException as exc:
            log.info("old table message %s not deleted (%s); pointing it on", message_id, exc)
        try:
            await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                content=text, embed=None, attachments=[], view=None
            )
        except discord.NotFound:
            pass  # deleted meanwhile: nothing left to retire
        except discord.HTTPException as exc:
            # the old table keeps its (now dead) buttons; they answer "stale" when pressed
            log.warning("old table message %s not retired: %s", message_id, exc)

    def chat(self, message: discord.Message) -> None:
        """A message in a channel: people's chat buries the table under it (the
        bot's own notes and pings do not)."""
        t = self.ctx.tables.get(message.channel.id)
        me = self.ctx.bot.user
        if me is not None and message.author.id == me.id:
            return
        if t is not None and message.id != t.meta.table_message_id:
            t.messages_since_table += 1

    async def final(self, t: Table) -> None:
        """The table ended: its message shows how it ended, without buttons."""
        self._shown.pop(t.game_id, None)
        channel = await self.ctx.channel(t)
        if channel is not None and t.meta.table_message_id is not None:
            embed, picture = await self.payload(t)
            f = to_file(picture)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(t.meta.table_message_id).edit(  # type: ignore[attr-defined]
                    embed=embed, attachments=[f] if f else [], view=None
                )
