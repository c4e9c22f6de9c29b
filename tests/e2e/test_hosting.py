"""Hosting: the bot stopped the way a service manager stops it, and a host
upgrading from a release that kept its database under the old default name.

Both run ``bot.main`` in a child process (``BotProcess``), as a host runs it.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from data import Database, Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.president_support import open_lobby, wait_text
from tests.e2e.process_support import (
    BotProcess,
    Human,
    assert_ledger,
    game_ids,
    play_channel,
)

# At 1/20 speed a 600 s turn lasts 30 s: no turn times out while the bot is
# stopped and started again; a computer move takes 0.1 s.
CHILD: dict[str, Any] = {
    "scale": 0.05,
    "timings": {"computer_pause": 2.0, "round_pause": 2.0},
}


async def one_round_games(db_path: Path, guild_id: int, channel: Channel) -> None:
    async with await Database.open(db_path) as db:
        await db.set_channel_settings(
            channel.id, guild_id, "president", Settings(options={"rounds": 1})
        )


def over(emulator: Emulator, channel: Channel, since: int) -> Callable[[], bool]:
    """True once the channel shows final standings newer than ``since``."""
    return lambda: any(
        m.id > since and any("Game over" in str(e.get("title", "")) for e in m.embeds)
        for m in emulator.messages(channel)
    )


async def start_game(emulator: Emulator, alice: User, channel: Channel) -> Message:
    """Alice and two computers: the table message once it is posted."""
    lobby = await open_lobby(
        emulator, alice, channel, [], rules="classic", seats=3, bots=2, turn_time=600
    )
    since = emulator.mark()
    click = await emulator.click(alice, lobby, label="Start")
    assert click.response_type == 6, click
    return await emulator.wait_for_message(
        channel, lambda m: bool(m.buttons()), since=since, timeout=15.0
    )


async def test_sigterm_stops_the_bot_cleanly_and_the_game_resumes(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    await one_round_games(db_path, guild.id, channel)
    log = tmp_path / "bot.log"
    first = await BotProcess(emulator, db_path, log, **CHILD).start()
    human = Human(alice, channel)
    since = emulator.mark()
    try:
        await start_game(emulator, alice, channel)
        await emulator.wait_for(lambda: human.controls(emulator) is not None, 30.0, "a turn")
        # what systemd, docker stop or kill send
        os.kill(first.pid, signal.SIGTERM)
        assert first.proc is not None
        code = await asyncio.wait_for(first.proc.wait(), 20.0)
    finally:
        await first.stop()
    assert code == 0, first.log()[-3000:]
    assert first.errors() == [], first.log()[-3000:]
    assert "SIGTERM" in first.log()
    (game_id,) = (await game_ids(db_path)).values()  # still live

    restart = emulator.mark()
    second = await BotProcess(emulator, db_path, log, **CHILD).start()
    try:
        await wait_text(emulator, channel, "restarted", since=restart, timeout=20.0)
        await play_channel(emulator, [human], done=over(emulator, channel, since), timeout=180.0)
    finally:
        await second.stop()
    assert second.errors() == [], second.log()[-3000:]
    async with await Database.open(db_path) as db:
        assert await db.live_tables() == []
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
    await assert_ledger(db_path, game_id, [human])


async def test_a_host_upgrading_with_the_old_default_database_keeps_everything(
    emulator: Emulator, tmp_path: Path
) -> None:
    checkout = tmp_path / "checkout"
    old = checkout / "var" / "president.sqlite3"
    old.parent.mkdir(parents=True)
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    await one_round_games(old, guild.id, channel)
    human = Human(alice, channel)

    # The previous release, on its default file: one game played to the end and
    # one still going when the host stops the bot to upgrade.
    before = await BotProcess(emulator, old, tmp_path / "before.log", **CHILD).start()
    try:
        since = emulator.mark()
        await start_game(emulator, alice, channel)
        await play_channel(emulator, [human], done=over(emulator, channel, since), timeout=180.0)
        since = emulator.mark()
        await start_game(emulator, alice, channel)
        await emulator.wait_for(lambda: human.controls(emulator) is not None, 30.0, "a turn")
        stopped = await before.stop()  # Ctrl-C
    finally:
        await before.stop()
    assert stopped == 0, before.log()[-3000:]
    async with await Database.open(old) as db:
        stats = await db.profile(guild.id, alice.id, kind="president")
        (live,) = await db.live_tables()
    assert stats is not None and stats.stats.games_played == 1

    # This release, started as a host starts it: no DATABASE_PATH, and the
    # checkout holds the old default file only.
    restart = emulator.mark()
    after = BotProcess(
        emulator,
        old,
        tmp_path / "after.log",
        extra_env={"DATABASE_PATH": "", "E2E_CHECKOUT": str(checkout)},
        **CHILD,
    )
    await after.start()
    try:
        await wait_text(emulator, channel, "restarted", since=restart, timeout=20.0)
        await play_channel(emulator, [human], done=over(emulator, channel, since), timeout=180.0)
    finally:
        await after.stop()
    assert after.errors() == [], after.log()[-3000:]
    notes = [line for line in after.log().splitlines() if "president.sqlite3" in line]
    assert len(notes) == 1 and "[INFO" in notes[0], notes
    assert not (checkout / "var" / "cardtable.sqlite3").exists()
    async with await Database.open(old) as db:
        assert await db.live_tables() == []
        now = await db.profile(guild.id, alice.id, kind="president")
        resumed = await db.game(live.game_id)
    assert now is not None and now.stats.games_played == 2
    assert now.stats.rounds_played == stats.stats.rounds_played + 1
    assert {g.game_id for g in stats.recent_games} < {g.game_id for g in now.recent_games}
    assert resumed is not None and resumed.summary.status == "finished"
