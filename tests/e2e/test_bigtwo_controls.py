"""Big Two's controls on the emulator, in positions set from given hands
(``set_position``: two humans, no computer): building a five-card hand from a
17-card hand, an illegal combination refused with its reason, stale and
foreign clicks, and the Hong Kong ruling that a single 2 cannot end a deal
(also when it is the card the first lead must include)."""

from __future__ import annotations

from pathlib import Path

from bot import CardTableBot
from cogs.table.models import Table
from engine.bigtwo import PASS, BigTwo, Combo
from tests.e2e.bigtwo_support import (
    button_of,
    controls_for,
    has_controls,
    my_hand,
    one_deal,
    open_lobby,
    play_suggestion,
    play_until_over,
    press,
    seat_of,
    select_of,
    set_position,
)
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.table_support import running, start, wait_text


async def _two_humans(
    emulator: Emulator, bot: CardTableBot, alice: User, bob: User, channel: Channel, rules: str
) -> Table:
    lobby = await open_lobby(emulator, alice, channel, [bob], rules=rules, seats=2, turn_time=600)
    return await start(emulator, bot, alice, lobby, channel)


async def _fresh_controls(
    emulator: Emulator, user: User, channel: Channel, t: Table, since: int
) -> Message:
    """Controls for the current version in a message newer than ``since``."""
    find = controls_for(emulator, user, channel, t)

    def newer() -> Message | None:
        m = find()
        return m if m is not None and m.id > since else None

    return await emulator.wait_for(newer, 10.0, f"new controls for {user.name}")


def _refusal(h: object) -> str:
    msg = h.message  # type: ignore[attr-defined]
    assert h.ephemeral and msg is not None, h  # type: ignore[attr-defined]
    return str(msg.content)


ALICE_17 = "3D 3C 3H 4D 4C 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2H"
BOB_17 = "5H 7H 9H JH KH 6C 6D 6H 2C 2D 4H 4S 8C 8D 9C TC QD"


async def test_build_a_five_card_hand_and_refusals_with_reasons(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_deal(bot, channel, guild.id)
        t = await _two_humans(emulator, bot, alice, bob, channel, "standard")
        a, b = seat_of(t, alice), seat_of(t, bob)
        hands = ["", ""]
        hands[a], hands[b] = ALICE_17, BOB_17
        since = emulator.mark()
        await set_position(t, BigTwo.from_hands(t.state.options, hands))
        msg = await _fresh_controls(emulator, alice, channel, t, since)
        cards = select_of(msg, "cards")
        assert cards is not None and len(cards["options"]) == 17 and cards["max_values"] == 5
        assert len(select_of(msg, "sugg")["options"]) <= 25  # type: ignore[index]
        # a full house built from the 17 cards: one pick, then Play
        house = ["3D", "3C", "3H", "4D", "4C"]
        # a copy of her controls by My hand, which her play below makes stale
        ephemeral = await my_hand(emulator, alice, channel, t)
        assert has_controls(ephemeral, t.game_id, t.version)
        h = await emulator.select(alice, msg, cards["custom_id"], house)
        assert h.response_type == 7 and "Full house, 3s" in msg.content, msg.content
        h = await press(emulator, alice, msg, "play")
        assert h.response_type == 7 and "You played Full house, 3s" in msg.content
        assert t.state.top == Combo.parse(" ".join(house)) and t.state.current_player == b

        since = emulator.mark()
        msg = await _fresh_controls(emulator, bob, channel, t, since)
        assert "beat Full house, 3s (3♣ 3♦ 3♥ 4♣ 4♦) by alice" in msg.content
        cards = select_of(msg, "cards")
        assert cards is not None
        await emulator.select(bob, msg, cards["custom_id"], ["5H", "7H", "9H", "JH", "KH"])
        assert "A flush does not beat a full house." in msg.content, msg.content
        assert button_of(msg, "play") is None  # only legal plays can be submitted
        before = t.state.to_json(), t.version
        base = f"pres:c:{t.game_id}:{t.version}"
        # a modified client's Play for the flush: refused (the unit tests check
        # the adapter's reason; Discord only routes ids that are on the message)
        forged = await emulator.forge(bob, msg, f"{base}:play:5H.7H.9H.JH.KH")
        assert "went wrong" not in _refusal(forged)
        # alice's stale controls and someone not seated change nothing
        stale_select = select_of(ephemeral, "cards")
        assert stale_select is not None
        stale = await emulator.select(alice, ephemeral, stale_select["custom_id"], ["2S"])
        assert "earlier turn" in _refusal(stale)
        carol = emulator.create_user("carol")
        emulator.add_member(guild, carol)
        table_msg = emulator.state.messages[t.meta.table_message_id or 0]
        foreign = await emulator.click(carol, table_msg, label="My hand")
        assert "not playing at this table" in _refusal(foreign)
        assert (t.state.to_json(), t.version) == before
        # a legal full house from the picker, then Clear, then the suggestion
        await emulator.select(bob, msg, cards["custom_id"], ["6C", "6D", "6H", "2C", "2D"])
        assert button_of(msg, "play") is not None and "Full house, 6s" in msg.content
        await press(emulator, bob, msg, "clear")
        assert button_of(msg, "play") is None and button_of(msg, "pass") is not None
        sugg = select_of(msg, "sugg")
        assert sugg is not None
        assert sugg["options"][0]["label"].startswith("Full house, 6s")  # the cheapest first
        await play_suggestion(emulator, bob, msg)  # one click plays it
        assert "You played Full house, 6s" in msg.content
        assert t.state.top is not None and t.state.top.kind_name == "full house"
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        await wait_text(emulator, channel, "Final standings")


async def _hong_kong_deal(
    emulator: Emulator,
    bot: CardTableBot,
    alice: User,
    bob: User,
    channel: Channel,
    alice_holds: str,
    bob_holds: str,
) -> tuple[Table, int, int, Message]:
    """A one-deal Hong Kong table of alice and bob holding the given cards:
    the table, their seats and alice's fresh controls."""
    assert channel.guild_id is not None
    await one_deal(bot, channel, channel.guild_id)
    t = await _two_humans(emulator, bot, alice, bob, channel, "hong_kong")
    a, b = seat_of(t, alice), seat_of(t, bob)
    hands = ["", ""]
    hands[a], hands[b] = alice_holds, bob_holds
    since = emulator.mark()
    await set_position(t, BigTwo.from_hands(t.state.options, hands))
    return t, a, b, await _fresh_controls(emulator, alice, channel, t, since)


async def test_hong_kong_a_single_two_cannot_end_the_deal(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        t, a, b, msg = await _hong_kong_deal(
            emulator, bot, alice, bob, channel, "3D 2S", "4C 5C 6C"
        )
        await play_suggestion(emulator, alice, msg)  # the 3♦, as the first lead must
        since = emulator.mark()
        msg = await _fresh_controls(emulator, bob, channel, t, since)
        await play_suggestion(emulator, bob, msg)  # 4♣
        # alice holds only the 2♠: it would win the deal, so she may only pass
        since = emulator.mark()
        msg = await _fresh_controls(emulator, alice, channel, t, since)
        assert select_of(msg, "sugg") is None and button_of(msg, "pass") is not None
        assert (
            "A single 2 cannot be the play that wins the deal under these rules: pass."
            in msg.content
        )
        cards = select_of(msg, "cards")
        assert cards is not None
        await emulator.select(alice, msg, cards["custom_id"], ["2S"])
        assert "single 2 cannot be the play that wins the deal" in msg.content, msg.content
        assert button_of(msg, "play") is None
        forged = await emulator.forge(alice, msg, f"pres:c:{t.game_id}:{t.version}:play:2S")
        assert "went wrong" not in _refusal(forged)
        assert t.state.hand(a) == Combo.parse("2S").cards
        await press(emulator, alice, msg, "pass")
        assert t.state.record().rounds[-1].decisions[-1] == (a, PASS)
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        final = await wait_text(emulator, channel, "Final standings")
        assert "bob" in final.text()
        assert t.state.totals[a] == 1 and t.state.totals[b] == 0  # the 2♠ stayed in hand


async def test_hong_kong_a_lone_two_on_the_first_lead_passes_the_lead_on(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        # the 2♦ is the lowest card dealt, so alice leads and the lead must
        # include it; but alone it would win the deal
        t, a, b, msg = await _hong_kong_deal(emulator, bot, alice, bob, channel, "2D", "2C 2S")
        assert select_of(msg, "sugg") is None and button_of(msg, "pass") is not None
        assert (
            "**Your turn:** you lead, but a single 2 cannot be the play that wins the deal "
            "under these rules, and it is your only card: pass the lead on." in msg.content
        )
        assert "Press **Pass**: bob leads instead." in msg.content
        since = emulator.mark()
        await press(emulator, alice, msg, "pass")
        assert msg.content.startswith("You passed the lead on.")
        assert t.state.record().rounds[-1].decisions[-1] == (a, PASS)
        # bob leads anything: the 2♦ rule lapsed with alice's pass
        msg = await _fresh_controls(emulator, bob, channel, t, since)
        assert "**Your turn:** you lead — play any combination." in msg.content
        await play_suggestion(emulator, bob, msg)
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        await wait_text(emulator, channel, "Final standings")
        assert t.state.totals[a] == 1 and t.state.totals[b] == 0  # the 2♦ stayed in hand
