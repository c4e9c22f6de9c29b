"""Sixty when things go wrong: closed DMs, a restart with an attack in
flight, and players who run out of time."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from cogs.table.runtime import UNPAUSED
from data import Database
from engine.sixty import parse_decision, replay
from tests.e2e.emulator import Emulator, Message, User
from tests.e2e.process_support import BotProcess
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
        # ten minutes a turn (six real seconds): a loaded machine must not let
        # a turn time out between the attack and alice's answer
        lobby = await open_sixty(
            emulator, bob, channel, [alice], rules="quick", seats=2, turn_time=600
        )
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


def _turn_message(emulator: Emulator, users: list[User], since: int) -> tuple[User, Message] | None:
    """The newest DM (after ``since``) with answer buttons, and whom it went to."""
    for user in users:
        for m in reversed(emulator.dms(user)):
            if m.id > since and options_of(m):
                return user, m
    return None


async def test_a_click_sent_before_a_sigkill_is_not_told_the_game_is_over(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    db_path, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    child = {"scale": 0.05, "timings": {"computer_pause": 2.0, "round_pause": 2.0}}
    proc = await BotProcess(emulator, db_path, log, **child).start()
    try:
        lobby = await open_sixty(
            emulator, alice, channel, [bob], rules="quick", seats=2, turn_time=600
        )
        click = await emulator.click(alice, lobby, label="Start")
        assert click.response_type == 6, click
        attacker, msg = await emulator.wait_for(
            lambda: _turn_message(emulator, [alice, bob], 0), 15.0, "the first turn"
        )
        attack = next(o["value"] for o in options_of(msg) if o["value"].startswith("attack_"))
        assert (await answer(emulator, attacker, msg, attack)).response_type == 7
        defender = bob if attacker is alice else alice
        before = await emulator.wait_for(
            lambda: _turn_message(emulator, [defender], msg.id), 15.0, "the attack's answer"
        )
        await proc.kill()
        # the bot's gateway is back before its tables are: the defender's click
        # on the message from before the kill arrives in that moment
        proc = await BotProcess(emulator, db_path, log, **child).start()
        code = options_of(before[1])[0]["value"]
        button = next(b for b in before[1].buttons() if str(b["custom_id"]).endswith(f":go:{code}"))
        early = await emulator.click(defender, before[1], button["custom_id"], timeout=10.0)
        said = early.message.content if early.message is not None else ""
        assert "over" not in said, said
        # answered: either it waited for the table and the answer counts, or it
        # was told that the table is restarting
        assert early.response_type == 7 or "restarted" in said, (early.response_type, said)
        await wait_text(emulator, channel, "restarted", timeout=15.0)
    finally:
        await proc.stop()
    assert proc.errors() == [], proc.log()[-3000:]


async def test_storage_refusing_a_round_pauses_the_table_then_it_goes_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    emulator.expect_failure("log", "storage failed")
    async with running(emulator, db_path) as bot:
        refusals = {"left": 3}
        real = bot.db.append_decision

        async def append_decision(*args: Any, **kwargs: Any) -> int:
            # the data layer fails on the decision that ends a round, three times
            if kwargs.get("round_result") is not None and refusals["left"]:
                refusals["left"] -= 1
                raise sqlite3.OperationalError("disk I/O error")
            return await real(*args, **kwargs)

        bot.db.append_decision = append_decision  # type: ignore[method-assign]
        lobby = await open_sixty(emulator, alice, channel, [], rules="quick", seats=2, bots=1)
        t = await start(emulator, bot, alice, lobby, channel)
        await play_sixty(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
        game_id = t.game_id
    assert refusals["left"] == 0
    errors = [f.detail for f in emulator.failures_of("log")]
    assert len(errors) == 1 and "storage failed" in errors[0], errors  # one ERROR
    notes = [m for m in emulator.messages(channel) if "paused" in m.text()]
    assert [m.content for m in notes] == [UNPAUSED]  # one message, told it goes on
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        record = await db.game_record(game_id)
    assert details is not None and details.summary.status == "finished" and record is not None
    final = replay(record)  # every decision once, each legal
    assert final.is_terminal() and details.summary.rounds_played == len(final.round_results())


async def test_a_click_stored_during_a_long_pause_is_answered_when_it_is_stored(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    emulator.expect_failure("log", "storage failed")
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        # two humans: nothing moves after alice's decision until bob acts
        lobby = await open_sixty(
            emulator, alice, channel, [bob], rules="quick", seats=2, turn_time=600
        )
        t = await start(emulator, bot, alice, lobby, channel)
        msg = await wait_controls(emulator, alice, channel, t)
        refusals = {"left": 8}  # retried for about 1.8 s: longer than an answer may wait
        real = bot.db.append_decision

        async def append_decision(*args: Any, **kwargs: Any) -> int:
            if refusals["left"]:
                refusals["left"] -= 1
                raise sqlite3.OperationalError("database is locked")
            return await real(*args, **kwargs)

        bot.db.append_decision = append_decision  # type: ignore[method-assign]
        version = t.version
        code = options_of(msg)[0]["value"]
        click = await answer(emulator, alice, msg, code)
        assert click.response_type == 6  # deferred: the answer waits for the decision
        await emulator.wait_for(lambda: not options_of(msg), 10.0, "the answer")
        assert msg.content.startswith("You "), msg.content
        assert refusals["left"] == 0 and t.version == version + 1
        last = t.state.record().rounds[-1].decisions[-1]
        assert tuple(last) == (seat(t, alice), parse_decision(code.replace("_", " ")))
        await wait_text(emulator, channel, UNPAUSED)
