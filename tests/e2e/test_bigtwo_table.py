"""What every table does, with Big Two: a player whose DMs are closed plays
with **My hand**, a restart in the middle of a trick resumes with working
controls, and timeouts play the default decision, then hand the seat to the
computer until the player is back."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cogs.table.models import Table
from engine.bigtwo import Combo
from tests.e2e.bigtwo_support import (
    assert_hands_private,
    control_ids,
    controls_for,
    one_deal,
    open_lobby,
    play_suggestion,
    play_until_over,
    press,
    public_texts,
    seat_of,
    select_of,
)
from tests.e2e.emulator import Emulator
from tests.e2e.table_support import FAST_TIMINGS, running, start, table_of, wait_text


async def test_closed_dms_play_with_my_hand(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice", dms_closed=True)
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_deal(bot, channel, guild.id)
        lobby = await open_lobby(emulator, alice, channel, [], seats=3, bots=2, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        done = await play_until_over(
            emulator, bot, channel, {alice.id: alice}, via_hand=frozenset({alice.id})
        )
        assert done
        await wait_text(emulator, channel, "Final standings")
        assert not emulator.dms(alice)
        assert any("press **My hand**" in text for text in public_texts(emulator, channel))
        mine = [m for m in emulator.messages(channel) if m.visible_to == alice.id]
        assert any("Your hand" in r.content for m in mine for r in m.revisions)
        assert_hands_private(emulator, channel, t.state)


def _mid_trick(t: Table, user_seat: int) -> bool:
    st = t.state
    return st.top is not None and st.current_player == user_seat and st.top_player != user_seat


async def test_a_restart_in_the_middle_of_a_trick(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        await one_deal(bot, channel, guild.id)
        lobby = await open_lobby(emulator, alice, channel, [], seats=4, bots=3, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        a = seat_of(t, alice)
        await play_until_over(
            emulator, bot, channel, {alice.id: alice}, stop=lambda t: _mid_trick(t, a)
        )
        assert _mid_trick(t, a), "the deal ended before alice faced a trick"
        before = await emulator.wait_for(
            controls_for(emulator, alice, channel, t), 10.0, "alice's controls"
        )
        state, version, game_id = t.state.to_json(), t.version, t.game_id
    async with running(emulator, db_path) as bot:
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        assert (t.game_id, t.version, t.state.to_json()) == (game_id, version, state)
        await wait_text(emulator, channel, "restarted")
        # the turn message from before the restart loses its buttons; a fresh one works
        fresh = await emulator.wait_for(
            lambda: (
                (m := controls_for(emulator, alice, channel, t)()) is not None
                and m.id != before.id
                and m
            ),
            10.0,
            "fresh controls",
        )
        assert not control_ids(emulator.state.messages[before.id])
        if select_of(fresh, "sugg") is not None:
            h = await play_suggestion(emulator, alice, fresh)
            assert h.response_type == 7 and "You played" in fresh.content
        else:  # the deal (seats are shuffled at random) left her nothing that beats it
            h = await press(emulator, alice, fresh, "pass")
            assert h.response_type == 7 and "You passed" in fresh.content
        assert t.version == version + 1
        player, decision = t.state.record().rounds[-1].decisions[-1]
        assert player == a and (decision.is_pass or isinstance(decision, Combo))
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")


async def test_timeouts_then_the_computer_then_back(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    # computers a little slower (0.1 s), so the game is still on when alice is back
    timings = dataclasses.replace(FAST_TIMINGS, computer_pause=10.0)
    async with running(emulator, tmp_path / "db.sqlite3", timings=timings) as bot:
        await one_deal(bot, channel, guild.id)
        lobby = await open_lobby(emulator, alice, channel, [], seats=2, bots=1, turn_time=15)
        t = await start(emulator, bot, alice, lobby, channel)
        a = seat_of(t, alice)
        expected = []
        for _ in range(2):  # alice lets her time run out twice
            await emulator.wait_for(
                lambda: t.state.current_player == a and not t.meta.auto[a], 10.0, "alice's turn"
            )
            expected.append(str(t.state.default_decision()))
            version = t.version
            await emulator.wait_for(lambda v=version: t.version != v, 10.0, "the timeout")
        mine = [str(d) for p, d in t.state.record().rounds[-1].decisions if p == a]
        assert mine[:2] == expected
        assert t.meta.auto[a]
        await wait_text(emulator, alice, "ran out of time twice")
        await wait_text(emulator, channel, "timed out twice")
        back = next(m for m in reversed(emulator.dms(alice)) if "I'm back" in str(m.buttons()))
        h = await emulator.click(alice, back, label="I'm back")
        assert h.response_type == 7 and not t.meta.auto[a]
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
