"""The table runtime with a game that is not President: the take-away game of
``tests/takeaway``, played end to end on the emulator (lobby, a whole game
across a restart, results stored, leaderboard). It proves the runtime needs
no President code."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cogs.table.manifest import register_manifest, unregister_manifest
from data import Database
from engine.game import register, unregister
from tests.e2e.emulator import Emulator, Message, User
from tests.e2e.table_support import running, table_of, visible_to, wait_text
from tests.takeaway.adapter import ADAPTER
from tests.takeaway.manifest import MANIFEST


@pytest.fixture
def takeaway() -> Iterator[None]:
    register(ADAPTER.game)
    register_manifest(MANIFEST)
    try:
        yield
    finally:
        unregister_manifest(MANIFEST.name)
        unregister(ADAPTER.game.name)


def _controls(
    emulator: Emulator, user: User, channel: object, game_id: int, version: int
) -> Message | None:
    prefix = f"pres:c:{game_id}:{version}:take:"
    for m in reversed(visible_to(emulator, user, channel)):  # type: ignore[arg-type]
        if any(str(b.get("custom_id", "")).startswith(prefix) for b in m.buttons()):
            return m
    return None


async def _take_turns(
    emulator: Emulator,
    bot: object,
    channel: object,
    users: dict[int, User],
    *,
    turns: int | None = None,
) -> int:
    """Take one stone whenever a human is to act; stop after ``turns`` turns or
    when the game is over. Returns the turns taken."""
    taken = 0
    while turns is None or taken < turns:
        t = table_of(bot, channel)  # type: ignore[arg-type]
        if t is None or t.closed:
            return taken
        p = t.state.current_player
        uid = t.seats[p].user_id if p is not None else None
        if p is None or uid not in users or t.is_computer(p):
            version = t.version
            await emulator.wait_for(
                lambda t=t, v=version: t.closed or t.version != v, 20.0, "the next turn"
            )
            continue
        user = users[uid]
        msg = await emulator.wait_for(
            lambda t=t, user=user: _controls(emulator, user, channel, t.game_id, t.version),
            10.0,
            "take-away controls",
        )
        button = next(b for b in msg.buttons() if b.get("label") == "Take 1")
        h = await emulator.click(user, msg, button["custom_id"])
        assert h.response_type == 7, h
        taken += 1
    return taken


async def test_a_game_without_president_code_plays_through_a_restart(
    emulator: Emulator, tmp_path: Path, takeaway: None
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    users = {alice.id: alice, bob.id: bob}
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        h = await emulator.slash(alice, channel, "takeaway new", {"turn_time": 600})
        lobby = await h.wait_message(lambda m: bool(m.buttons()))
        assert "Take-away" in lobby.text() and "7 stones" in lobby.text()
        assert (await emulator.click(bob, lobby, label="Join")).response_type == 6
        assert (await emulator.click(alice, lobby, label="Start")).response_type == 6
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to start")
        game_id = t.game_id
        # seats were shuffled at Start; colours stay those of the lobby's order
        assert t.meta.colours[t.seat_of_user(alice.id) or 0] == 0
        assert t.meta.colours[t.seat_of_user(bob.id) or 0] == 1
        assert await _take_turns(emulator, bot, channel, users, turns=3) == 3
        stones, version = t.state.stones, t.version
    # the bot stops mid-round and comes back: the game goes on where it was
    async with running(emulator, db_path) as bot:
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        assert t.game_id == game_id and t.state.stones == stones and t.version == version
        assert t.meta.colours[t.seat_of_user(alice.id) or 0] == 0, "kept across a restart"
        await wait_text(emulator, channel, "restarted")
        await _take_turns(emulator, bot, channel, users)
        final = await wait_text(emulator, channel, "Game over")
        assert "Round 1 results" in "\n".join(str(m.embeds) for m in emulator.messages(channel))
        h = await emulator.slash(alice, channel, "leaderboard", {"game": "takeaway"})
        assert h.message is not None
        board = h.message.text()
        # the boards it declares, its first one by default: no stats code names it
        assert "Take-away leaderboard — Rounds won" in board, board
        assert "alice" in board and "bob" in board
        components = str(h.message.all_components())
        assert "takeaway~rounds-won" in components
        assert all(f"'{title}'" in components for title in ("Rating", "Games won", "Points"))
        h = await emulator.slash(bob, channel, "profile", {"game": "takeaway"})
        assert h.message is not None
        fields = {f["name"]: f["value"] for f in h.message.embeds[0]["fields"]}
        places = re.match(r"won (\d) · lost (\d)\n", fields["Finishing places"])
        assert places is not None and sum(map(int, places.groups())) == 2, fields
        assert final is not None
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
        assert details.summary.kind == "takeaway" and details.summary.rounds_played == 2
        assert all(r.rated for r in details.rounds)
        assert await db.live_tables() == []
        record = await db.game_record(game_id)
        assert record is not None
        replayed = list(ADAPTER.game.replay(ADAPTER.game.load_record(record)))
        assert replayed and replayed[-1].error is None and replayed[-1].state.is_terminal()


async def test_strong_computers_think_in_worker_processes(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Hard computers decide in the worker pool (not holding the bot's
    interpreter while clicks wait), and the game plays to its end."""
    from data import Settings
    from tests.e2e.president_support import cog, open_lobby, play_until_over, start

    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, channel.guild_id or 0, "president", Settings(options={"rounds": 1})
        )
        lobby = await open_lobby(
            emulator, alice, channel, [], seats=3, bots=2, level="hard", turn_time=600
        )
        await start(emulator, bot, alice, lobby, channel)
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
        pids = cog(bot).computers.pids()
        assert pids and all(pid != __import__("os").getpid() for pid in pids)
