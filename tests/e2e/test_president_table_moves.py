"""The table message moves down when it is buried or too old to edit.

A table pushed up by chat is out of sight, and Discord caps edits of messages
older than an hour (30046): in both cases the bot posts a fresh table and
turns the old one into a pointer to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import CardTableBot, Timings
from cogs.table.models import Table
from data import Database, Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.president_support import (
    FAST_TIMINGS,
    cog,
    open_lobby,
    play_turn,
    running,
    start,
    table_of,
)


def _controls(emulator: Emulator, user: object) -> Message | None:
    for m in reversed(emulator.dms(user)):  # type: ignore[arg-type]
        if m.selects() or any(b.get("label") == "Pass" for b in m.buttons()):
            return m
    return None


@contextlib.asynccontextmanager
async def _solo_game(
    emulator: Emulator, tmp_path: Path, timings: Timings
) -> AsyncIterator[tuple[CardTableBot, User, Channel, Table, int]]:
    """alice against three computers, two rounds: (bot, alice, channel, table,
    id of the first table message)."""
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3", timings=timings) as bot:
        # two rounds and a long turn clock: the game must not end (and close its
        # table) mid-test, nor alice's turn run out on a loaded machine (FAST makes
        # the default 60 s a real 0.6 s)
        settings = Settings(options={"rounds": 2}, turn_seconds=3000)
        await bot.db.set_channel_settings(channel.id, guild.id, "president", settings)
        lobby = await open_lobby(emulator, alice, channel, [], rules="classic", bots=3, seats=4)
        t = await start(emulator, bot, alice, lobby, channel)
        first = await emulator.wait_for(lambda: t.meta.table_message_id, 10.0, "a table")
        yield bot, alice, channel, t, first


async def _bury(emulator: Emulator, alice: User, channel: Channel, t: Table) -> None:
    """Chat until the bot has seen enough messages under the table.

    The bot checks for burial when the table next changes; waiting for the
    gateway to deliver the chat first keeps a loaded machine from letting
    the table change (and the check pass) before the chat is counted."""
    for i in range(3):
        await emulator.send_message(alice, channel, f"chat {i}")
    await emulator.wait_for(lambda: t.messages_since_table >= 3, 30.0, "the chat to be seen")


async def _repost(emulator: Emulator, t: Table, first: int) -> int:
    """Wait until the table has moved from message ``first``: the new id."""
    moved = await emulator.wait_for(
        lambda: t.meta.table_message_id != first and t.meta.table_message_id, 30.0, "a repost"
    )
    return int(moved)


async def _pointer(emulator: Emulator, first: int) -> Message:
    """Wait until message ``first``, the old table, is gone: no stub is left."""
    old = emulator.state.messages[first]
    await emulator.wait_for(lambda: old.deleted, 30.0, "the old table to go")
    return old


async def test_a_buried_table_is_posted_again_and_the_old_one_goes(
    emulator: Emulator, tmp_path: Path
) -> None:
    timings = dataclasses.replace(FAST_TIMINGS, bury_limit=3)
    async with _solo_game(emulator, tmp_path, timings) as (bot, alice, channel, t, first):
        controls = await emulator.wait_for(lambda: _controls(emulator, alice), 20.0, "a turn")
        await _bury(emulator, alice, channel, t)
        await play_turn(emulator, alice, controls)
        moved = await _repost(emulator, t, first)
        await _pointer(emulator, first)
        new = emulator.state.messages[moved]
        assert new.buttons() and new.attachments
        assert table_of(bot, channel) is t


async def test_a_table_older_than_the_edit_limit_is_posted_again(
    emulator: Emulator, tmp_path: Path
) -> None:
    # Discord refuses edits of messages older than an hour (30046): the bot
    # moves the table before that. 300 clock seconds are 3 s of real time here.
    timings = dataclasses.replace(FAST_TIMINGS, table_max_age=300.0)
    async with _solo_game(emulator, tmp_path, timings) as (bot, alice, _, t, first):
        controls = await emulator.wait_for(lambda: _controls(emulator, alice), 20.0, "a turn")
        clock = cog(bot).clock
        await emulator.wait_for(
            lambda: clock.now() - t.table_posted_at > 300.0, 30.0, "the table to age"
        )
        assert t.meta.table_message_id == first, "nothing changed, so nothing was posted"
        await play_turn(emulator, alice, controls)
        moved = await _repost(emulator, t, first)
        await _pointer(emulator, first)
        assert emulator.state.messages[moved].buttons()


async def test_ending_the_game_while_the_old_table_is_retired_still_retires_it(
    emulator: Emulator, tmp_path: Path
) -> None:
    timings = dataclasses.replace(FAST_TIMINGS, bury_limit=3)
    async with _solo_game(emulator, tmp_path, timings) as (bot, alice, channel, t, first):
        controls = await emulator.wait_for(lambda: _controls(emulator, alice), 20.0, "a turn")
        # removing the first table message takes 3 s to answer ...
        emulator.delay_next(3.0, 100, method="DELETE", path=f"/messages/{first}$")
        await _bury(emulator, alice, channel, t)
        await play_turn(emulator, alice, controls)
        await _repost(emulator, t, first)
        # ... and the game ends while the one that retires it is under way, which
        # stops the table's updates
        await emulator.slash(alice, channel, "president end")
        await emulator.wait_for(lambda: table_of(bot, channel) is None, 10.0, "the end")
        await _pointer(emulator, first)
        await emulator.wait_for(
            lambda: any("Game ended" in m.text() for m in emulator.messages(channel)),
            10.0,
            "the end to be announced",
        )


async def test_a_decision_stored_during_a_repost_keeps_the_new_table(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision holds a copy of the table's bookkeeping while it is stored;
    the table moving meanwhile must not be undone when the store finishes
    (the old message would come back to life and the new one be orphaned)."""
    gate = asyncio.Event()
    gate.set()
    store = Database.append_decision

    async def gated(self: Database, *args: Any, **kwargs: Any) -> int:
        await gate.wait()
        return await store(self, *args, **kwargs)

    monkeypatch.setattr(Database, "append_decision", gated)
    timings = dataclasses.replace(FAST_TIMINGS, bury_limit=3)
    async with _solo_game(emulator, tmp_path, timings) as (bot, alice, channel, t, first):
        controls = await emulator.wait_for(lambda: _controls(emulator, alice), 20.0, "a turn")
        gate.clear()
        playing = asyncio.create_task(play_turn(emulator, alice, controls))
        await emulator.wait_for(lambda: t.lock.locked(), 10.0, "her decision being stored")
        await _bury(emulator, alice, channel, t)
        t.dirty.set()  # stands for any change that makes the table redraw now
        moved = await _repost(emulator, t, first)
        gate.set()
        await playing
        old = await _pointer(emulator, first)
        assert t.meta.table_message_id == moved
        live = await bot.db.live_table(t.game_id)
        assert live is not None and json.loads(live.meta_json)["table_message_id"] == moved
        await emulator.wait_for(lambda: _controls(emulator, alice) is not controls, 20.0, "a turn")
        assert old.deleted, "the old table stays gone"
