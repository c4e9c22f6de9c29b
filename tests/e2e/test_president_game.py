"""Whole games of President on the emulator, through lobby, DMs and buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database, Settings
from engine.president import PRESETS
from tests.e2e.emulator import Emulator
from tests.e2e.president_support import (
    assert_channel_private,
    open_lobby,
    play_until_over,
    running,
    start,
    wait_text,
)


@pytest.mark.parametrize("preset", list(PRESETS))
async def test_four_humans_play_a_game_of_each_preset(
    emulator: Emulator, tmp_path: Path, preset: str
) -> None:
    users = [emulator.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    guild = emulator.create_guild("Club", members=users)
    channel = guild.channels[0]
    db_path = tmp_path / "president.sqlite3"
    async with running(emulator, db_path) as bot:
        # Two rounds keep CI fast; the channel settings are the bot's own mechanism.
        await bot.db.set_channel_settings(
            channel.id, guild.id, "president", Settings(options={"rounds": 2})
        )
        lobby = await open_lobby(
            emulator, users[0], channel, users[1:], rules=preset, seats=4, turn_time=600
        )
        assert "alice" in lobby.text() or str(users[0].id) in lobby.text()
        t = await start(emulator, bot, users[0], lobby, channel)
        game_id = t.game_id
        actions = await play_until_over(emulator, bot, channel, {u.id: u for u in users})
        assert "play" in actions
        final = await wait_text(emulator, channel, "Final standings")
        assert "Final standings" in final.text() and final.images()
        # The exchange: cards only in the two players' DMs, counts in the channel.
        # (what players read at the time: their older hand DMs are later reduced)
        dms = "\n".join(r.content for u in users for m in emulator.dms(u) for r in m.revisions)
        assert "You gave" in dms and "You received" in dms
        public = "\n".join(str(r.embeds) for m in emulator.messages(channel) for r in m.revisions)
        assert " card to " in public or " cards to " in public
        assert_channel_private(emulator, channel)
        assert "Round 1 results" in public
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None
        assert details.summary.status == "finished"
        assert details.summary.rounds_played == 2
        assert all(r.rated for r in details.rounds)
        assert await db.live_tables() == []
