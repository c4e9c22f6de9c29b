"""Clicks on a table: which table a click is for (waiting for it right after a
restart), whose seat, and a turn control made into a decision.

A turn control's ``kind`` and ``arg`` mean something only to the table's
game: the adapter parses them strictly, against a snapshot of the table; a
decision goes to the session, which validates and stores it before the
player is answered.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from cogs.replies import UserFacingError, edit_original, update
from locales import _, current, reading, resolve

from .adapter import Aftermath, Decide
from .context import TableContext
from .images import to_file
from .models import Table
from .private import PrivateMessages
from .session import STALE_CONTROLS, Stale, TableSession

log = logging.getLogger("cardtable.game")

ANSWER_GRACE = 1.5
"""Real seconds a click's work may take before its answer is deferred: Discord
drops an interaction that is not answered within three."""


class Restarting(UserFacingError):
    """A click on a table that is being resumed after a restart; nothing changed."""


def seat_for(t: Table, user: discord.abc.User) -> int:
    p = t.seat_of_user(user.id)
    if p is None:
        raise UserFacingError(_("You're not playing at this table."))
    return p


class Clicks:
    def __init__(self, ctx: TableContext, session: TableSession, private: PrivateMessages) -> None:
        self.ctx = ctx
        self.session = session
        self.private = private
        self.loaded = asyncio.Event()
        """Set once the live tables stored before a restart are known."""
        self.resuming: dict[int, asyncio.Event] = {}
        """By game id, the stored tables not yet running again; each event is set
        when its table runs (or was given up), so a click can wait for it."""

    def resumed(self, game_id: int) -> None:
        event = self.resuming.pop(game_id, None)
        if event is not None:
            event.set()

    def running(self, game_id: int) -> Table:
        t = self.ctx.tables_by_game.get(game_id)
        if t is None or t.closed:
            raise Stale(_("This game is over; its buttons no longer do anything."))
        return t

    async def table(self, game_id: int) -> Table:
        """The table a click acts on. Right after a restart its table may not run
        yet: the click waits for it, as long as its answer can wait, and is then
        told that the table is restarting (never that the game is over)."""
        if game_id not in self.ctx.tables_by_game or game_id in self.resuming:
            try:
                async with asyncio.timeout(ANSWER_GRACE):
                    await self.loaded.wait()
                    event = self.resuming.get(game_id)
                    if event is not None:
                        await event.wait()
            except TimeoutError:
                raise Restarting(
                    _(
                        "The bot just restarted and this game is still starting up again, so "
                        "nothing changed. Try again in a few seconds (your turn message, if it "
                        "is your turn, comes again)."
                    )
                ) from None
        return self.running(game_id)

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        t = await self.table(game_id)
        p = seat_for(t, interaction.user)
        if await self.session.reclaim(t, p) and t.version != version:
            raise Stale(_("Welcome back: your seat is yours again. These controls are old."))
        if t.version != version:
            raise Stale(_(STALE_CONTROLS))
        if t.state.current_player != p:
            raise Stale(_("It's not your turn."))
        started = time.thread_time()
        action = t.adapter.on_control(t.snapshot(), p, kind, arg, values)
        cpu = time.thread_time() - started
        if not isinstance(action, Decide):
            extra: dict[str, Any] = {}
            if action.picture is not None:
                extra["attachments"] = [to_file(action.picture)]
            await update(interaction, content=action.content, view=action.view, **extra)
            self.private.heard(t, interaction)
            return
        storing = asyncio.ensure_future(
            self.session.apply(t, p, action.decision, version, by="human")
        )
        # a paused table stores the decision once storage works again: the
        # answer is deferred meanwhile rather than lost
        done, _pending = await asyncio.wait({storing}, timeout=ANSWER_GRACE)
        if not done:
            await interaction.response.defer()
        before = await storing
        started = time.thread_time()
        self.private.acted_on(t, p, interaction.message.id if interaction.message else None)
        after: Aftermath = t.adapter.aftermath(t.snapshot(), p, action.decision, before)
        cpu += time.thread_time() - started + t.loop_cpu
        # read by benchmarks.e2e: the event loop's CPU for this human decision
        log.debug("game %s: human decision loop_cpu_ms=%.3f", game_id, cpu * 1000)
        for other, text in after.private:
            text = self._note_for(t, other, p, action.decision, before) or text
            self.ctx.spawn(self.private.tell(t, other, content=text), f"note-{game_id}")
        answer = update if not interaction.response.is_done() else edit_original
        await answer(interaction, content=after.text, view=None, attachments=[])
        self.private.heard(t, interaction)

    def _note_for(self, t: Table, other: int, p: int, decision: Any, before: Any) -> str | None:
        """A decision's private note for another player, in that player's language
        (the decider's aftermath was composed in the decider's)."""
        locale = self.ctx.private(t, other)
        if resolve(locale) == current():
            return None
        with reading(locale):
            after: Aftermath = t.adapter.aftermath(t.snapshot(), p, decision, before)
        return next((text for o, text in after.private if o == other), None)
