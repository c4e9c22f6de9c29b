"""One click, one answer: the common play in President and Big Two.

Each click costs Discord one request (its answer), so a play is one choice on
one menu: President's select of every legal play, Big Two's suggested plays.
President keeps rank → count → Play where a hand has more legal plays than a
select holds (two decks), and every legal play stays reachable there. A
one-click option left on an older message (a **My hand** copy) after the turn
moved on is refused with the usual words and changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from cogs.table.models import Table
from data import Settings
from engine.bigtwo import BigTwo, Combo
from engine.president import Play, President
from tests.e2e import bigtwo_support as b2
from tests.e2e import president_support as pres
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.table_support import controls_of, hand_of, seat_of


def _answers(emulator: Emulator, h: InteractionHandle) -> int:
    """Requests the bot made with the click's own token: its answers."""
    token = h.interaction.token
    return sum(1 for r in emulator.requests if token in r.path and r.status < 400)


def _clicks(emulator: Emulator, user: User) -> int:
    return sum(1 for i in emulator.state.interactions.values() if i.user.id == user.id)


async def _fresh_controls(
    emulator: Emulator, user: User, channel: Channel, t: Table, since: int
) -> Message:
    def newer() -> Message | None:
        m = controls_of(emulator, user, channel, t)
        return m if m is not None and m.id > since else None

    return await emulator.wait_for(newer, 10.0, f"new controls for {user.name}")


def _refusal(h: InteractionHandle) -> str:
    msg = h.message
    assert h.ephemeral and msg is not None, h
    return str(msg.content)


async def _president(
    emulator: Emulator, bot: object, channel: Channel, people: list[User], **rules: object
) -> Table:
    # a given leader (not the holder of the 3♣) leads the positions below
    assert channel.guild_id is not None
    await bot.db.set_channel_settings(  # type: ignore[attr-defined]
        channel.id,
        channel.guild_id,
        "president",
        Settings(options={"first_lead": "random", **rules}),
    )
    host, *others = people
    lobby = await pres.open_lobby(emulator, host, channel, others, seats=len(people), turn_time=600)
    return await pres.start(emulator, bot, host, lobby, channel)  # type: ignore[arg-type]


async def _president_position(
    emulator: Emulator, t: Table, people: list[User], alice_holds: str, channel: Channel
) -> Message:
    """Alice leads with ``alice_holds``; the others hold a card or two each.
    Her fresh turn message."""
    a = seat_of(t, people[0])
    others = iter(["3H 4H", "5H 6H", "7H 8H", "9H TH"])
    hands = [alice_holds if p == a else next(others) for p in range(t.state.n)]
    since = emulator.mark()
    await pres.set_position(t, President.from_hands(t.state.options, hands, leader=a))
    return await _fresh_controls(emulator, people[0], channel, t, since)


async def test_a_president_play_is_one_click_and_one_answer(
    emulator: Emulator, tmp_path: Path
) -> None:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol")]
    alice = people[0]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with pres.running(emulator, tmp_path / "db.sqlite3") as bot:
        t = await _president(emulator, bot, channel, people)
        msg = await _president_position(emulator, t, people, "5C 5D 9S KH", channel)
        menu = pres.play_menu(msg)
        assert menu is not None and "played at once" in menu["placeholder"]
        assert [o["label"] for o in menu["options"]] == ["Single 5", "Pair of 5", "Single 9",
                                                         "Single K"]  # fmt: skip
        a, version, clicks = seat_of(t, alice), t.version, _clicks(emulator, alice)
        since = emulator.mark()
        h = await emulator.select(alice, msg, menu["custom_id"], ["55"])
        assert h.response_type == 7 and msg.content.startswith("You played pair of 5.")
        assert not msg.all_components()  # the turn message is retired by its answer
        assert t.state.record().rounds[-1].decisions[-1] == (a, Play.parse("55"))
        assert t.version == version + 1 and _clicks(emulator, alice) == clicks + 1
        # the next player's turn has come: nothing more was sent through the click
        nxt = next(u for u in people if seat_of(t, u) == t.state.current_player)
        await _fresh_controls(emulator, nxt, channel, t, since)
        assert _answers(emulator, h) == 1


async def test_beyond_25_president_plays_rank_then_count_reach_every_play(
    emulator: Emulator, tmp_path: Path
) -> None:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol", "dan")]
    alice = people[0]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with pres.running(emulator, tmp_path / "db.sqlite3") as bot:
        t = await _president(emulator, bot, channel, people, decks=2, jokers=2)
        # two decks: 27 cards, 27 legal leads, more than one select holds
        big = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD JC JD QC QD KC KD AC AD 2C 2D X1"
        msg = await _president_position(emulator, t, people, big, channel)
        legal = {str(p) for p in t.state.legal_list() if not p.is_pass}
        assert len(legal) > 25 and pres.play_menu(msg) is None
        assert "Choose a rank, then how many cards, then **Play**." in msg.content
        ranks = next(s for s in msg.selects() if s["custom_id"].endswith(":rank"))
        offered: set[str] = set()
        for option in ranks["options"]:
            h = await emulator.select(alice, msg, ranks["custom_id"], [option["value"]])
            assert h.response_type == 7
            counts = next((s for s in msg.selects() if ":count:" in s["custom_id"]), None)
            for c in counts["options"] if counts is not None else [None]:
                if c is not None:
                    assert counts is not None
                    h = await emulator.select(alice, msg, counts["custom_id"], [c["value"]])
                    assert h.response_type == 7
                play = b2.button_of(msg, "play")
                assert play is not None and play["label"].startswith("Play ")
                offered.add(str(play["custom_id"]).split(":")[-1])
        assert offered == legal
        assert t.state.current_player == seat_of(t, alice)  # choosing decided nothing
        # the last rank chosen is the joker: Play plays it
        play = b2.button_of(msg, "play")
        assert play is not None
        h = await emulator.click(alice, msg, play["custom_id"])
        assert h.response_type == 7 and msg.content.startswith("You played Joker.")
        assert t.state.record().rounds[-1].decisions[-1] == (seat_of(t, alice), Play.parse("X"))


async def test_a_stale_president_option_is_refused_and_changes_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    people = [emulator.create_user(n) for n in ("alice", "bob", "carol")]
    alice = people[0]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with pres.running(emulator, tmp_path / "db.sqlite3") as bot:
        t = await _president(emulator, bot, channel, people)
        dm = await _president_position(emulator, t, people, "5C 5D 9S KH", channel)
        copy = await hand_of(emulator, alice, t)  # the same controls by My hand
        assert pres.play_menu(copy) is not None
        h = await emulator.select(alice, dm, pres.play_menu(dm)["custom_id"], ["5"])  # type: ignore[index]
        assert h.response_type == 7
        state, version = t.state.to_json(), t.version
        stale = pres.play_menu(copy)
        assert stale is not None
        again = await emulator.select(alice, copy, stale["custom_id"], ["9"])
        assert again.response_type == 4
        assert "earlier turn, so nothing changed" in _refusal(again)
        assert (t.state.to_json(), t.version) == (state, version)


async def _bigtwo(emulator: Emulator, bot: object, channel: Channel, people: list[User]) -> Table:
    assert channel.guild_id is not None
    await b2.one_deal(bot, channel, channel.guild_id)  # type: ignore[arg-type]
    host, *others = people
    lobby = await b2.open_lobby(emulator, host, channel, others, seats=len(people), turn_time=600)
    return await pres.start(emulator, bot, host, lobby, channel)  # type: ignore[arg-type]


async def _bigtwo_position(
    emulator: Emulator, t: Table, alice: User, bob: User, channel: Channel
) -> Message:
    a, b = seat_of(t, alice), seat_of(t, bob)
    hands = ["", ""]
    hands[a], hands[b] = "3D 4C 5H 6S 7D KC", "4D 5C 6H 7S 8D 9C"
    since = emulator.mark()
    await b2.set_position(t, BigTwo.from_hands(t.state.options, hands))
    return await _fresh_controls(emulator, alice, channel, t, since)


async def test_a_big_two_suggested_play_is_one_click_and_one_answer(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    channel = emulator.create_guild("Club", members=[alice, bob]).channels[0]
    async with pres.running(emulator, tmp_path / "db.sqlite3") as bot:
        t = await _bigtwo(emulator, bot, channel, [alice, bob])
        msg = await _bigtwo_position(emulator, t, alice, bob, channel)
        sugg = b2.select_of(msg, "sugg")
        assert sugg is not None and "plays it at once" in sugg["placeholder"]
        assert "Choose a suggested play to play it at once" in msg.content
        straight = "3D.4C.5H.6S.7D"
        assert straight in [o["value"] for o in sugg["options"]]
        a, version, clicks = seat_of(t, alice), t.version, _clicks(emulator, alice)
        since = emulator.mark()
        h = await emulator.select(alice, msg, sugg["custom_id"], [straight])
        assert h.response_type == 7 and msg.content.startswith("You played Straight")
        assert not msg.all_components()
        assert t.state.record().rounds[-1].decisions[-1] == (a, Combo.parse("3D 4C 5H 6S 7D"))
        assert t.version == version + 1 and _clicks(emulator, alice) == clicks + 1
        await _fresh_controls(emulator, bob, channel, t, since)
        assert _answers(emulator, h) == 1


async def test_a_stale_big_two_suggestion_is_refused_and_changes_nothing(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    channel = emulator.create_guild("Club", members=[alice, bob]).channels[0]
    async with pres.running(emulator, tmp_path / "db.sqlite3") as bot:
        t = await _bigtwo(emulator, bot, channel, [alice, bob])
        dm = await _bigtwo_position(emulator, t, alice, bob, channel)
        copy = await hand_of(emulator, alice, t)
        h = await b2.play_suggestion(emulator, alice, dm)  # the 3♦ alone
        assert h.response_type == 7
        state, version = t.state.to_json(), t.version
        stale = b2.select_of(copy, "sugg")
        assert stale is not None
        again = await emulator.select(
            alice, copy, stale["custom_id"], [stale["options"][1]["value"]]
        )
        assert again.response_type == 4
        assert "earlier turn, so nothing changed" in _refusal(again)
        assert (t.state.to_json(), t.version) == (state, version)
