"""The table message moves down when chat buries it.

A table pushed up by chat is out of sight, so the bot posts a fresh table
and turns the old one into a pointer to it. (Tables older than Discord's
one-hour edit limit take the same path; that trigger has no e2e test yet.)
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

from bot import PresidentBot, Timings
from cogs.president.models import Table
from data import Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.president_support import (
    FAST_TIMINGS,
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
) -> AsyncIterator[tuple[PresidentBot, User, Channel, Table, int]]:
    """alice against three computers, two rounds: (bot, alice, channel, table,
    id of the first table message)."""
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3", timings=timings) as bot:
        # two rounds: the game must not end (and close its table) mid-test
        await bot.db.set_channel_settings(guild.id, channel.id, Settings(options={"rounds": 2}))
        lobby = await open_lobby(emulator, alice, channel, [], rules="classic", bots=3, seats=4)
        t = await start(emulator, bot, alice, lobby, channel)
        first = await emulator.wait_for(lambda: t.meta.table_message_id, 10.0, "a table")
        yield bot, alice, channel, t, first


async def test_a_buried_table_is_posted_again_and_the_old_one_points_to_it(
    emulator: Emulator, tmp_path: Path
) -> None:
    timings = dataclasses.replace(FAST_TIMINGS, bury_limit=3)
    async with _solo_game(emulator, tmp_path, timings) as (bot, alice, channel, t, first):
        controls = await emulator.wait_for(lambda: _controls(emulator, alice), 20.0, "a turn")
        for i in range(3):
            await emulator.send_message(alice, channel, f"chat {i}")
        await play_turn(emulator, alice, controls)
        moved = await emulator.wait_for(
            lambda: t.meta.table_message_id != first and t.meta.table_message_id, 10.0, "a repost"
        )
        old = emulator.state.messages[first]
        await emulator.wait_for(lambda: "The table moved" in old.content, 10.0, "the pointer")
        assert not old.buttons() and not old.attachments, "the old table has no controls left"
        new = emulator.state.messages[moved]
        assert new.buttons() and new.attachments
        assert table_of(bot, channel) is t
