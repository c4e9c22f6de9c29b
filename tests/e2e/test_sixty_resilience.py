"""Sixty when things go wrong: closed DMs, a restart with an attack in
flight, and players who run out of time."""

from __future__ import annotations

from pathlib import Path

from engine.sixty import parse_decision
from tests.e2e.emulator import Emulator
from tests.e2e.sixty_support import (
    answer,
    assert_channel_private,
    open_sixty,
    options_of,
    play_sixty,
    position,
    seat,
    set_position,
    start,
    wait_controls,
)
from tests.e2e.table_support import my_hand, running, table_of, wait_text


async def test_closed_dms_get_a_ping_naming_the_attack_and_play_through_my_hand(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice", dms_closed=True)
    bob = emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_sixty(emulator, bob, channel, [alice], rules="quick", seats=2)
        t = await start(emulator, bot, bob, lobby, channel)
        a, b = seat(t, alice), seat(t, bob)
        hands = {b: "4 4 3 5 6", a: "10 3 3 12 ZP"}
        await set_position(bot, t, position(t, hands, "5 5 6 6 12 15", starter=b))
        msg = await wait_controls(emulator, bob, channel, t)
        await answer(emulator, bob, msg, "attack_4x2")
        ping = await wait_text(emulator, channel, f"{alice.mention}, it's your turn")
        assert "(to answer bob's attack of 4 ×2 = 8)" in ping.content
        hand = await my_hand(emulator, alice, channel, bot)
        assert hand.ephemeral and hand.content.startswith("⚔️ **bob attacks you** with")
        assert "Fight back with 10 ×1 = 10 > 8" in [o["label"] for o in options_of(hand)]
        await answer(emulator, alice, hand, "fight_10x1")
        await play_sixty(
            emulator, bot, channel, {alice.id: alice, bob.id: bob}, via_hand={alice.id}
        )
        await wait_text(emulator, channel, "Final standings")
        assert t.meta.dm_closed[a] and emulator.dms(alice) == []
        assert_channel_private(emulator, channel)


async def test_a_restart_with_an_attack_in_flight_resumes_with_working_controls(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        lobby = await open_sixty(emulator, alice, channel, [bob], rules="quick", seats=2)
        t = await start(emulator, bot, alice, lobby, channel)
        a, b = seat(t, alice), seat(t, bob)
        hands = {a: "4 4 3 5 6", b: "10 3 3 12 AB"}
        await set_position(bot, t, position(t, hands, "5 5 6 6 12 15", starter=a))
        msg = await wait_controls(emulator, alice, channel, t)
        await answer(emulator, alice, msg, "attack_4x2")
        before = await wait_controls(emulator, bob, channel, t)
        game_id, version = t.game_id, t.version
    async with running(emulator, db_path) as bot:
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        assert t.game_id == game_id and t.version == version
        at = t.state.public_view().attack
        assert at is not None and (int(at.card), at.count, at.defender) == (4, 2, b)
        await wait_text(emulator, channel, "restarted")
        fresh = await wait_controls(emulator, bob, channel, t)
        assert fresh.id != before.id and fresh.content.startswith("⚔️ **alice attacks you**")
        # the turn message from before the restart gives way to the fresh one
        await emulator.wait_for(lambda: not options_of(before), 10.0, "the old buttons to go")
        await answer(emulator, bob, fresh, "fight_12x1")
        assert t.state.current_player == b and t.state.phase == "attack"
        await play_sixty(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        await wait_text(emulator, channel, "Final standings")


async def test_timeouts_take_the_default_and_twice_hand_the_seat_to_the_computer(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    # 15 s turns at 1/20 speed: 0.75 s of real time per turn.
    async with running(emulator, tmp_path / "db.sqlite3", scale=0.05) as bot:
        lobby = await open_sixty(
            emulator, alice, channel, [], rules="quick", seats=3, level="easy", turn_time=15
        )
        t = await start(emulator, bot, alice, lobby, channel)
        a = seat(t, alice)
        hands = {a: "4 4 3 5 10", (a + 1) % 3: "6 6 12", (a + 2) % 3: "5 5 15"}
        await set_position(bot, t, position(t, hands, "3 3 4 4 5 5 6 6", starter=a))
        await wait_text(emulator, alice, "ran out of time twice", timeout=20.0)
        assert t.meta.auto[a] and t.meta.timeouts[a] == 2
        mine = [d for p, d in t.state.record().rounds[-1].decisions if p == a]
        assert mine[0] == parse_decision("attack 3x1")  # one card of the lowest number
        assert any("⏳" in m.content for m in emulator.dms(alice))
        await wait_text(emulator, channel, "timed out twice")
        await wait_text(emulator, channel, "Final standings", timeout=20.0)
