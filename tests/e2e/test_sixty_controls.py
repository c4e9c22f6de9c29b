"""Sixty's answers through the UI, from given positions: each joker, the
Hocus-pocus and last-holder refusals, a fight back followed by the
fighter's attack (also for a fighter whose DMs are closed), a take, and
stale or foreign clicks that change nothing."""

from __future__ import annotations

from pathlib import Path

from bot import CardTableBot
from cogs.table.models import Table
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.sixty_support import (
    answer,
    open_sixty,
    options_of,
    play_sixty,
    position,
    refused_of,
    seat,
    set_position,
    start,
    wait_controls,
)
from tests.e2e.table_support import has_controls, my_hand, running, table_of, wait_text


async def _three(
    emulator: Emulator, bot: CardTableBot, channel: Channel, users: list[User]
) -> tuple[Table, list[User]]:
    """A one-round game of three humans; returns the table and the users by seat."""
    lobby = await open_sixty(emulator, users[0], channel, users[1:], rules="quick", seats=3)
    t = await start(emulator, bot, users[0], lobby, channel)
    by_seat = [next(u for u in users if u.id == s.user_id) for s in t.seats]
    return t, by_seat


async def _forge(emulator: Emulator, user: User, msg: Message, cid: str) -> InteractionHandle:
    """A click on one of the message's own buttons, even a disabled one (what
    a modified client can send)."""
    assert cid in [str(b.get("custom_id")) for b in msg.buttons()]
    return await emulator.forge(user, msg, cid)


def _labels(msg: object) -> list[str]:
    return [o["label"] for o in options_of(msg)]  # type: ignore[arg-type]


async def test_each_joker_and_its_refusals_through_the_ui(
    emulator: Emulator, tmp_path: Path
) -> None:
    users = [emulator.create_user(n) for n in ("alice", "bob", "carol")]
    guild = emulator.create_guild("Club", members=users)
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        t, (p0, p1, p2) = await _three(emulator, bot, channel, users)
        # Every 4 but the three in hands waits in the deck: none on the discard pile.
        fours = " ".join(["4"] * 12)
        await set_position(
            bot, t, position(t, {0: "4 4 3 3 5", 1: "HP AB ZP 10 3", 2: "4 12 6 AB 5"}, fours)
        )
        msg = await wait_controls(emulator, p0, channel, t)
        await answer(emulator, p0, msg, "attack_4x2")
        msg = await wait_controls(emulator, p1, channel, t)
        assert msg.content.startswith(f"⚔️ **{p0.name} attacks you** with 2 cards of 4 = **8**")
        assert refused_of(msg) == ["Hocus-pocus needs a 4 on the discard pile"]
        labels = _labels(msg)
        assert not any(label.startswith("Hocus") for label in labels)
        assert f"Zap: 1 card to your penalty (+4), 1 on to {p2.name}" in labels
        # A modified client sends Hocus-pocus anyway: refused with the reason.
        version = t.version
        forged = await _forge(
            emulator, p1, msg, f"pres:c:{t.game_id}:{version}:no:joker_hocus-pocus"
        )
        assert forged.message is not None and forged.message.ephemeral
        assert "Hocus-pocus needs a 4 on the discard pile" in forged.message.content
        assert t.version == version
        # Zap: one 4 to Bob's penalty pile, one goes on to Carol.
        await answer(emulator, p1, msg, "joker_zap")
        assert msg.content.startswith("You played Zap.")
        assert t.state.public_view().penalty_counts[1] == 1
        msg = await wait_controls(emulator, p2, channel, t)
        assert msg.content.startswith(f"⚔️ **{p1.name} sent you an attack** of 1 card of 4 = **4**")
        assert f"Abracadabra: back to {p1.name}, direction flips" in _labels(msg)
        await answer(emulator, p2, msg, "joker_abracadabra")
        assert t.state.direction == -1 and t.state.current_player == 1
        await wait_text(emulator, channel, "counter-clockwise")
        # Hocus-pocus with 4s on the discard pile, then the joker ban for the last holder.
        await set_position(bot, t, position(t, {0: "4", 1: "HP", 2: "ZP 10"}))
        msg = await wait_controls(emulator, p0, channel, t)
        await answer(emulator, p0, msg, "attack_4x1")
        msg = await wait_controls(emulator, p1, channel, t)
        assert f"Hocus-pocus: +1 4 from the discard, 8 to {p2.name}" in _labels(msg)
        await answer(emulator, p1, msg, "joker_hocus-pocus")
        msg = await wait_controls(emulator, p2, channel, t)
        assert "= **8**" in msg.content.splitlines()[0]
        assert refused_of(msg) == ["Zap: the last player holding cards cannot play a joker"]
        assert _labels(msg) == ["Fight back with 10 ×1 = 10 > 8", "Take the 2 cards: +8 penalty"]
        forged = await _forge(emulator, p2, msg, f"pres:c:{t.game_id}:{t.version}:no:joker_zap")
        assert forged.message is not None
        assert "the last player holding cards cannot play a joker" in forged.message.content
        await answer(emulator, p2, msg, "fight_10x1")
        await wait_text(emulator, channel, "Final standings")


async def test_fight_back_then_attack_a_take_and_clicks_that_change_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    users = [emulator.create_user(n) for n in ("alice", "bob", "carol")]
    guild = emulator.create_guild("Club", members=users)
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        t, (p0, p1, p2) = await _three(emulator, bot, channel, users)
        # The dealt state's first player got controls; they go stale with the position.
        dealt = t.version
        first = await emulator.wait_for(
            lambda: next(
                (m for u in users for m in emulator.dms(u) if has_controls(m, t.game_id, dealt)),
                None,
            ),
            10.0,
            "the first turn's controls",
        )
        state = position(
            t, {0: "4 4 3", 1: "10 10 5 5 3", 2: "6 6 6"}, "3 3 3 3 5 5 5 5 12 12 12 12"
        )
        await set_position(bot, t, state)
        owner = next(u for u in users if emulator.state.messages[first.id] in emulator.dms(u))
        value = options_of(first)[0]["value"]
        stale = await emulator.click(owner, first, f"pres:c:{t.game_id}:{dealt}:go:{value}")
        assert stale.message is not None and "earlier turn" in stale.message.content
        msg = await wait_controls(emulator, p0, channel, t)
        await answer(emulator, p0, msg, "attack_4x2")
        msg = await wait_controls(emulator, p1, channel, t)
        version = t.version
        # A modified client sends a button's id as a select with values, and an
        # answer the message does not offer: answered, and nothing changes.
        fight = f"pres:c:{t.game_id}:{version}:go:fight_10x1"
        forged = await emulator.forge(p1, msg, fight, component_type=3, values=["take"])
        assert forged.message is not None and "nothing happened" in forged.message.content
        offered = f"pres:c:{t.game_id}:{version}:go:fight_12x1"
        forged = await emulator.forge(p1, msg, offered)
        assert forged.message is not None and "nothing happened" in forged.message.content
        assert t.version == version and t.state.current_player == 1
        # Fight back: then the same player attacks, with new controls.
        assert "Fight back with 10 ×1 = 10 > 8" in _labels(msg)
        await answer(emulator, p1, msg, "fight_10x1")
        assert msg.content.startswith(
            "You fought back with 10 ×1 = 10 against 8. Now you attack: your controls are in a "
            "new message."
        )
        attack = await wait_controls(emulator, p1, channel, t)
        assert attack.id != msg.id and "**Your turn:** attack" in attack.content
        labels = _labels(attack)
        assert labels and all(label.startswith(f"Attack {p2.name} with") for label in labels)
        await answer(emulator, p1, attack, "attack_5x2")
        # Carol takes: +10 on her penalty pile, and the next player attacks.
        take = await wait_controls(emulator, p2, channel, t)
        assert "Take the 2 cards: +10 penalty" in _labels(take)
        await answer(emulator, p2, take, "take")
        assert take.content.startswith("You took the 2 cards: +10 penalty.")
        assert t.state.public_view().penalty_counts == (0, 0, 2)
        assert t.state.current_player == 0 and t.state.phase == "attack"
        await wait_text(emulator, channel, f"{p2.name} takes 2 cards (+10)")
        assert table_of(bot, channel) is t


async def test_a_fighter_whose_dms_are_closed_gets_the_controls_through_the_click(
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
        await wait_text(emulator, channel, f"{alice.mention}, it's your turn")
        hand = await my_hand(emulator, alice, channel, bot)
        await answer(emulator, alice, hand, "fight_10x1")
        assert hand.content.startswith(
            "You fought back with 10 ×1 = 10 against 8. Now you attack: your controls are in "
            "a new message."
        ), hand.content
        # no DM can bring her controls: her click's token does, for her eyes
        # only, and a ping notifies her
        attack = await wait_controls(emulator, alice, channel, t)
        assert attack.channel_id == channel.id and attack.visible_to == alice.id
        ping = await wait_text(emulator, channel, f"{alice.mention}, it's your turn (to attack")
        assert "press **My hand**" in ping.content
        assert t.meta.dm_closed[a] and emulator.dms(alice) == []
        await play_sixty(
            emulator, bot, channel, {alice.id: alice, bob.id: bob}, via_hand={alice.id}
        )
        await wait_text(emulator, channel, "Final standings")
