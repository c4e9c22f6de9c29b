"""Timers, computer takeovers, leaving, closed DMs, bad input and restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from data import Database, Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.president_support import (
    assert_channel_private,
    cog,
    custom_ids,
    has_controls,
    my_hand,
    open_lobby,
    play_menu,
    play_turn,
    play_until_over,
    running,
    start,
    table_of,
    use_any_control,
    wait_text,
)


async def one_round(bot_db: Database, guild_id: int, channel: Channel) -> None:
    await bot_db.set_channel_settings(
        channel.id, guild_id, "president", Settings(options={"rounds": 1})
    )


async def test_timeouts_hand_the_seat_to_the_computer_until_the_human_is_back(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    # 15 s turns at 1/20 speed: 0.75 s of real time per turn.
    async with running(emulator, tmp_path / "db.sqlite3", scale=0.05) as bot:
        await one_round(bot.db, guild.id, channel)
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=4, bots=2, turn_time=15
        )
        t = await start(emulator, bot, alice, lobby, channel)
        a = t.seat_of_user(alice.id)
        assert a is not None
        # Bob leaves at once: a computer takes his seat, the game goes on.
        table_msg = await emulator.wait_for(
            lambda: emulator.state.messages.get(t.meta.table_message_id or 0), 10.0, "table"
        )
        left = await emulator.click(bob, table_msg, label="Leave")
        await left.wait_message(lambda m: "computer took your seat" in m.content)
        assert t.seat_of_user(bob.id) is None
        # Alice never acts: two timeouts in a row, then the computer plays for her.
        back = await wait_text(emulator, alice, "ran out of time twice", timeout=20.0)
        assert t.meta.auto[a] and t.meta.timeouts[a] == 2
        warned = [m for m in emulator.dms(alice) if "⏳" in m.content]
        assert warned, "a warning goes out before the time runs out"
        assert any("ran out of time" in n or "timed out" in n for n in t.notes)
        click = await emulator.click(alice, back, label="I'm back")
        assert click.response_type == 7
        assert not t.meta.auto[a]
        await play_until_over(emulator, bot, channel, {alice.id: alice}, timeout=60.0)
        await wait_text(emulator, channel, "Final standings")
        assert_channel_private(emulator, channel)


async def test_closed_dms_play_a_round_through_my_hand(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice", dms_closed=True)
    bob = emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_round(bot.db, guild.id, channel)
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=3, bots=1, turn_time=600
        )
        t = await start(emulator, bot, alice, lobby, channel)
        await wait_text(emulator, channel, "can't send you direct messages")
        users = {alice.id: alice, bob.id: bob}
        actions = await play_until_over(emulator, bot, channel, users, via_hand={alice.id})
        assert actions
        await wait_text(emulator, channel, "Final standings")
        a = t.seat_of_user(alice.id)
        assert a is not None and t.meta.dm_closed[a]
        assert emulator.dms(alice) == []
        # Her turns were announced with a mention in the channel (a new message notifies).
        pinged = [
            m
            for m in emulator.messages(channel, include_deleted=True)
            if alice.mention in m.content
        ]
        assert any("your turn" in m.content for m in pinged)
        hands = [m for m in emulator.messages(channel) if m.visible_to == alice.id]
        assert hands and all(m.ephemeral for m in hands)
        assert_channel_private(emulator, channel)


async def _wait_turn(emulator: Emulator, bot: object, channel: Channel, user: User) -> Message:
    """Wait until it is ``user``'s turn and their DM controls are there."""
    t = table_of(bot, channel)  # type: ignore[arg-type]
    assert t is not None

    def find() -> Message | None:
        p = t.state.current_player
        if p is None or t.seats[p].user_id != user.id:
            return None
        for m in reversed(emulator.dms(user)):
            if has_controls(m, t.game_id, t.version):
                return m
        return None

    return await emulator.wait_for(find, 10.0, f"{user.name}'s turn")


async def _play_others(
    emulator: Emulator, bot: object, channel: Channel, me: User, other: User
) -> None:
    """Let ``other`` act until it is ``me``'s turn."""
    users = {other.id: other}
    t = table_of(bot, channel)  # type: ignore[arg-type]
    assert t is not None
    await play_until_over(
        emulator,
        bot,  # type: ignore[arg-type]
        channel,
        users,
        stop=lambda t: (
            t.state.current_player is not None and t.seats[t.state.current_player].user_id == me.id
        ),
    )


async def test_bad_clicks_change_nothing_and_are_explained(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob, eve = (emulator.create_user(n) for n in ("alice", "bob", "eve"))
    guild = emulator.create_guild("Club", members=[alice, bob, eve])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_round(bot.db, guild.id, channel)
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=3, bots=1, turn_time=600
        )
        # A stranger can't start someone else's lobby.
        nope = await emulator.click(eve, lobby, label="Start")
        assert nope.ephemeral and "Only the host" in nope.message.content  # type: ignore[union-attr]
        t = await start(emulator, bot, alice, lobby, channel)
        table_msg = await emulator.wait_for(
            lambda: emulator.state.messages.get(t.meta.table_message_id or 0), 10.0, "table"
        )
        # A stranger's clicks on the table.
        for label in ("My hand", "Leave"):
            h = await emulator.click(eve, table_msg, label=label)
            assert h.ephemeral and "not playing" in h.message.content  # type: ignore[union-attr]
        # A second /president new points to the running game.
        again = await emulator.slash(eve, channel, "president new")
        assert again.ephemeral and "already running" in again.message.content  # type: ignore[union-attr]

        # Alice's turn: open My hand too, so she has two sets of the same controls.
        await _play_others(emulator, bot, channel, alice, bob)
        dm = await _wait_turn(emulator, bot, channel, alice)
        eph = await my_hand(emulator, alice, channel, bot)
        version = t.version
        assert has_controls(eph, t.game_id, version)
        # Out of turn: Bob's My hand shows no controls.
        bob_hand = await my_hand(emulator, bob, channel, bot)
        assert not any(cid.startswith("pres:c:") for cid in custom_ids(bob_hand))
        assert "Waiting for" in bob_hand.content
        # Choose the same play (or press Pass, when nothing beats the table) in both
        # messages at once: a double and a simultaneous click.
        menus = [play_menu(m) for m in (dm, eph)]
        if menus[0] is not None and menus[1] is not None:
            value = menus[0]["options"][0]["value"]
            clicks = await asyncio.gather(
                emulator.select(alice, dm, menus[0]["custom_id"], [value], wait=False),
                emulator.select(alice, eph, menus[1]["custom_id"], [value], wait=False),
            )
        else:
            passes = [next(b for b in m.buttons() if b["label"] == "Pass") for m in (dm, eph)]
            clicks = await asyncio.gather(
                emulator.click(alice, dm, passes[0]["custom_id"], wait=False),
                emulator.click(alice, eph, passes[1]["custom_id"], wait=False),
            )
        for c in clicks:
            await c.wait_response()
        kinds = sorted(c.response_type or 0 for c in clicks)
        assert kinds == [4, 7], kinds  # one play (message updated), one explanation
        refused = next(c for c in clicks if c.response_type == 4)
        assert refused.ephemeral and "earlier turn" in refused.message.content  # type: ignore[union-attr]
        assert t.version == version + 1
        # The same controls again (stale): explained, nothing changes.
        leftover = eph if eph.all_components() else dm
        assert leftover.all_components()
        version = t.version
        stale = await use_any_control(emulator, alice, leftover)
        assert stale.ephemeral and stale.response_type == 4
        assert "earlier turn" in stale.message.content or "not your turn" in stale.message.content
        assert t.version == version or t.state.current_player != t.seat_of_user(alice.id)
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        await wait_text(emulator, channel, "Final standings")
        assert_channel_private(emulator, channel)


async def test_restart_resumes_the_table_and_old_buttons_go_or_say_stale(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        await one_round(bot.db, guild.id, channel)
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        game_id = t.game_id
        dm = await _wait_turn(emulator, bot, channel, alice)
        eph = await my_hand(emulator, alice, channel, bot)  # same controls, to go stale
        await play_turn(emulator, alice, dm)
        stale_msg = eph  # the copy she did not use
        assert stale_msg.all_components()
        dm2 = await _wait_turn(emulator, bot, channel, alice)
        old_table = t.meta.table_message_id
        version_before = t.version
    # A new bot process on the same database.
    async with running(emulator, db_path) as bot2:
        note = await wait_text(emulator, channel, "bot restarted", since=old_table or 0)
        assert note.buttons()  # the fresh table message has My hand / Leave
        t2 = table_of(bot2, channel)
        assert t2 is not None and t2.game_id == game_id and t2.version == version_before
        retired = emulator.state.messages[old_table or 0]
        await emulator.wait_for(lambda: retired.deleted, 5.0, "the old table gone")
        # The stale controls say so. Her turn comes again by DM, and the turn
        # message from before the restart is reduced to a line: one live hand.
        stale = await use_any_control(emulator, alice, stale_msg)
        assert stale.ephemeral and "earlier turn" in stale.message.content
        dm3 = await _wait_turn(emulator, bot2, channel, alice)
        assert dm3.id != dm2.id and not dm2.all_components() and not dm2.attachments
        assert "earlier hand" in dm2.content
        ok = await use_any_control(emulator, alice, dm3)
        assert ok.response_type == 7
        await play_until_over(emulator, bot2, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
    assert_channel_private(emulator, channel)


async def test_a_game_started_before_the_resume_pass_reads_the_database_runs_once(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At start-up the bot resumes the live tables it finds in the database.
    A game opened in the moments before that read is live there too, and
    must not be resumed a second time (two drivers, two table messages)."""
    gate = asyncio.Event()
    read = Database.live_tables

    async def slow_live_tables(self: Database) -> Any:
        await gate.wait()
        return await read(self)

    monkeypatch.setattr(Database, "live_tables", slow_live_tables)
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_round(bot.db, guild.id, channel)
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        await emulator.wait_for(lambda: t.meta.table_message_id, 10.0, "the table")
        gate.set()
        resume = next(k for k in cog(bot)._tasks if k.get_name() == "table-resume")
        await resume
        assert table_of(bot, channel) is t
        loops = [k for k in cog(bot)._tasks if k.get_name() == f"table-{t.game_id}"]
        assert len(loops) == 1, "one table message writer per game"
        assert not any("restarted" in m.content for m in emulator.messages(channel))


def dm_version(msg: Message) -> int:
    cid = next(c for c in custom_ids(msg) if c.startswith("pres:c:"))
    return int(cid.split(":")[3])


async def test_lobby_host_handover_idle_close_permissions_and_end(
    emulator: Emulator, tmp_path: Path
) -> None:
    from tests.e2e.emulator.state import PERM_ATTACH_FILES, PERM_EMBED_LINKS

    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob], channels=("general", "quiet"))
    channel, quiet = guild.channels
    bot_role = guild.roles[1]
    # The bot may not attach files or embed links in #quiet.
    emulator_overwrite = {
        "id": str(bot_role.id),
        "type": 0,
        "allow": "0",
        "deny": str(PERM_ATTACH_FILES | PERM_EMBED_LINKS),
    }
    quiet.permission_overwrites.append(emulator_overwrite)
    async with running(emulator, tmp_path / "db.sqlite3", scale=0.004) as bot:
        refused = await emulator.slash(alice, quiet, "president new")
        assert refused.ephemeral
        text = refused.message.content  # type: ignore[union-attr]
        assert "Attach Files" in text and "Embed Links" in text

        choices = await emulator.autocomplete(
            alice, channel, "president new", {"rules": "rev"}, focused="rules"
        )
        assert [c["value"] for c in choices.choices or []] == ["revolution"]

        lobby = await open_lobby(emulator, alice, channel, [bob], seats=4)
        assert lobby.images()  # the lobby picture
        await emulator.click(bob, lobby, label="Add bot")
        await emulator.wait_for(lambda: "3/4" in lobby.text(), 5.0, "a computer seated")
        # Bob is not the host: he can't start; when Alice leaves, Bob hosts.
        h = await emulator.click(bob, lobby, label="Start")
        assert h.ephemeral
        await emulator.click(alice, lobby, label="Leave")
        await emulator.wait_for(lambda: f"<@{bob.id}> (host)" in lobby.text(), 5.0, "new host")
        # 15 idle minutes (3.6 s at this speed: long enough that a loaded machine
        # still sees the new host first) close the lobby.
        await emulator.wait_for(lambda: "without activity" in lobby.content, 20.0, "idle close")
        assert not lobby.buttons()

        lobby = await open_lobby(emulator, bob, channel, [alice], seats=3, turn_time=600)
        t = await start(emulator, bot, bob, lobby, channel)
        denied = await emulator.slash(alice, channel, "president end")
        assert denied.ephemeral and "Only the host" in denied.message.content  # type: ignore[union-attr]
        ended = await emulator.slash(bob, channel, "president end")
        assert ended.ephemeral
        await wait_text(emulator, channel, "Game ended")
        assert t.closed and table_of(bot, channel) is None
    async with await Database.open(tmp_path / "db.sqlite3") as db:
        details = await db.game(t.game_id)
        assert details is not None and details.summary.status == "abandoned"
