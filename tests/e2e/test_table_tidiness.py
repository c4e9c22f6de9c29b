"""A tidy table: results posted once across a restart, game records on request,
and a channel that keeps one table message and one results post per round."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from data import Database, Settings
from tests.e2e.emulator import Emulator
from tests.e2e.president_support import (
    FAST_TIMINGS,
    open_lobby,
    play_until_over,
    running,
    start,
    table_of,
    wait_text,
)
from tests.e2e.table_support import cog


async def test_a_restart_in_the_pause_between_rounds_posts_the_results_once(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    db_path = tmp_path / "db.sqlite3"
    # a long pause between rounds, so the restart lands in it
    timings = dataclasses.replace(FAST_TIMINGS, round_pause=3000.0)
    async with running(emulator, db_path, timings=timings) as bot:
        await bot.db.set_channel_settings(
            channel.id, channel.guild_id or 0, "president", Settings(options={"rounds": 2})
        )
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        await play_until_over(
            emulator, bot, channel, {alice.id: alice}, stop=lambda t: t.state.is_round_over()
        )
        await wait_text(emulator, channel, "Round 1 results")
    async with running(emulator, db_path) as bot:
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        await emulator.wait_for(lambda: t.state.round_number == 2, 10.0, "round 2 dealt")
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
    posts = [
        m
        for m in emulator.messages(channel)
        if any("Round 1 results" in str(e.get("title", "")) for e in m.embeds)
    ]
    assert len(posts) == 1, "the results of round 1 went out once"


async def test_a_game_started_while_the_stored_tables_are_read_is_not_resumed_again(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game started while the start-up pass still reads the stored tables (a slow
    disk; a busy evening's first lobbies) is in what it reads, and must not be taken
    for a table to resume: no second table message, no "The bot restarted" there."""
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice], channels=["old", "new"])
    old, new = guild.channels
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        lobby = await open_lobby(emulator, alice, old, [], seats=3, bots=2, turn_time=600)
        await start(emulator, bot, alice, lobby, old)
    read = asyncio.Event()
    real = Database.live_tables

    async def slow_read(self: Database) -> Any:
        await read.wait()
        return await real(self)

    monkeypatch.setattr(Database, "live_tables", slow_read)
    async with running(emulator, db_path) as bot:
        lobby = await open_lobby(emulator, alice, new, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, new)
        read.set()
        runtime = cog(bot)
        await emulator.wait_for(
            lambda: runtime.clicks.loaded.is_set() and not runtime.clicks.resuming,
            10.0,
            "every stored table resumed or passed over",
        )
        await wait_text(emulator, old, "The bot restarted")
        assert table_of(bot, new) is t
        await asyncio.sleep(0.5)  # a second table message would be posted by now
    tables = [m for m in emulator.messages(new) if m.embeds and m.id == t.meta.table_message_id]
    assert len(tables) == 1
    assert len([m for m in emulator.messages(new) if m.embeds and m.components]) == 1
    assert not any("The bot restarted" in m.text() for m in emulator.messages(new))


async def test_players_get_the_record_of_their_game_and_others_do_not(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, eve = emulator.create_user("alice"), emulator.create_user("eve")
    channel = emulator.create_guild("Club", members=[alice, eve]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, channel.guild_id or 0, "president", Settings(options={"rounds": 1})
        )
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        game_id = t.game_id
        live = await emulator.slash(alice, channel, "president record", {"game_id": game_id})
        assert live.ephemeral and "still being played" in live.message.content  # type: ignore[union-attr]
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
        h = await emulator.slash(alice, channel, "president record", {})
        msg = h.message
        assert h.ephemeral and msg is not None and "python -m engine replay" in msg.content
        (file,) = msg.attachments
        assert file.filename == f"president-{game_id}.json"
        record = json.loads(file.data)
        assert record["game"] == "president" and record["rounds"][0]["decisions"]
        nope = await emulator.slash(eve, channel, "president record", {"game_id": game_id})
        assert nope.ephemeral and "a game you played" in nope.message.content  # type: ignore[union-attr]
        assert not nope.message.attachments  # type: ignore[union-attr]
        none = await emulator.slash(eve, channel, "president record", {})
        assert none.ephemeral and "no finished President game" in none.message.content  # type: ignore[union-attr]


async def test_the_channel_keeps_one_table_and_one_results_post_per_round(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Closed DMs: every turn pings, and the pings neither bury the table nor stay."""
    alice = emulator.create_user("alice", dms_closed=True)
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, channel.guild_id or 0, "president", Settings(options={"rounds": 2})
        )
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        await start(emulator, bot, alice, lobby, channel)
        await play_until_over(emulator, bot, channel, {alice.id: alice}, via_hand={alice.id})
        await wait_text(emulator, channel, "Final standings")
    live = [m for m in emulator.messages(channel, include_ephemeral=False) if not m.deleted]
    tables = [m for m in live if any("round" in str(e.get("title", "")) for e in m.embeds)]
    results = [m for m in live if any("results" in str(e.get("title", "")) for e in m.embeds)]
    pings = [m for m in live if "it's your turn" in m.content]
    assert len(results) == 1 and not pings, [m.text()[:60] for m in live]
    assert len(tables) <= 2, "one table per round at most (each round starts a fresh one)"
    assert not [m for m in live if "table moved" in m.content], "no stubs"
