"""The server's side, end to end: house rules and saved defaults, leaderboards and
profiles after a real game, rematch, taking over a computer seat, forget-me."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cogs.table.settings import TURN_TIME_RANGE
from data import Database, NewGame, Seat, SeatResult, Settings
from data import RoundResult as StoredRound
from engine import game_type
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.president_support import (
    open_lobby,
    play_until_over,
    running,
    start,
    table_of,
    wait_text,
)


def _lobby_message(emulator: Emulator, bot: object, channel: Channel) -> Message:
    from tests.e2e.president_support import cog

    lobby = cog(bot).lobbies[channel.id]  # type: ignore[arg-type]
    msg = emulator.state.messages[lobby.message_id or 0]
    return msg


async def test_house_rules_and_saved_defaults_shape_the_next_game(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    # The owner has Manage Server; bob is a plain member.
    guild = emulator.create_guild("Club", members=[alice, bob], owner=alice)
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=3, bots=1, turn_time=600
        )
        # Only the host may open the House rules panel or use /president set.
        nope = await emulator.click(bob, lobby, label="House rules")
        assert nope.ephemeral and "Only the host" in nope.message.content  # type: ignore[union-attr]
        nope = await emulator.slash(
            bob, channel, "president set", {"option": "jokers", "value": "2"}
        )
        assert nope.ephemeral and "Only the host" in nope.message.content  # type: ignore[union-attr]

        h = await emulator.click(alice, lobby, label="House rules")
        panel = h.message
        assert panel is not None and panel.ephemeral and "House rules" in panel.content
        pick = next(s for s in panel.selects() if s["custom_id"].endswith(":opt"))
        assert len(pick["options"]) == 25
        await emulator.select(alice, panel, pick["custom_id"], ["target"])
        value = next(s for s in panel.selects() if s["custom_id"].endswith(":val:target"))
        r = await emulator.select(alice, panel, value["custom_id"], ["3"])
        assert r.response_type == 7
        r = await emulator.click(alice, panel, label="Revolution: off")
        assert r.response_type == 7 and panel.button(label="Revolution: on")
        # /president set with autocomplete for names and values.
        ac = await emulator.autocomplete(
            alice, channel, "president set", {"option": "rou"}, focused="option"
        )
        assert [c["value"] for c in ac.choices or []] == ["rounds", "single_round"]
        ac = await emulator.autocomplete(
            alice, channel, "president set", {"option": "rounds", "value": ""}, focused="value"
        )
        assert "none" in [c["value"] for c in ac.choices or []]
        ok = await emulator.slash(
            alice, channel, "president set", {"option": "rounds", "value": "1"}
        )
        assert ok.ephemeral and "**rounds** is now **1**" in ok.message.content  # type: ignore[union-attr]
        # The turn time and the computers' level are set the same way.
        ok = await emulator.slash(
            alice, channel, "president set", {"option": "turn_time", "value": "90"}
        )
        assert "Turns now last **90 s**" in ok.message.content  # type: ignore[union-attr]
        # /president new takes exactly the turn times /president set accepts
        lo, hi = TURN_TIME_RANGE
        for wrong, bound in ((lo - 1, "min"), (hi + 1, "max")):
            with pytest.raises(AssertionError, match=bound):
                await emulator.slash(alice, channel, "president new", {"turn_time": wrong})
        ok = await emulator.slash(
            alice, channel, "president set", {"option": "level", "value": "Hard"}
        )
        assert "level **hard**" in ok.message.content  # type: ignore[union-attr]
        bad = await emulator.slash(
            alice, channel, "president set", {"option": "turn_time", "value": "5"}
        )
        assert bad.ephemeral and "from 15 to 600" in bad.message.content  # type: ignore[union-attr]
        ac = await emulator.autocomplete(
            alice, channel, "president set", {"option": "level", "value": ""}, focused="value"
        )
        assert "expert" in [c["value"] for c in ac.choices or []]
        # An impossible combination is refused with the engine's message.
        bad = await emulator.slash(
            alice, channel, "president set", {"option": "decks", "value": "2"}
        )
        assert bad.ephemeral
        assert bad.message.content.startswith("decks: 2 decks need at least 4 players")  # type: ignore[union-attr]
        msg = _lobby_message(emulator, bot, channel)
        await emulator.wait_for(lambda: "rounds = 1" in msg.text(), 5.0, "the lobby to update")
        assert "target = 3" in msg.text() and "revolution = on" in msg.text()
        assert "Turn time 90 s" in msg.text() and "level hard" in msg.text()
        assert "decks" not in msg.text()
        rules = await emulator.slash(alice, channel, "president rules")
        text = rules.message.text()  # type: ignore[union-attr]
        assert "(this lobby)" in text and "Changed from classic" in text and "flips" in text

        # Defaults need Manage Server.
        nope = await emulator.slash(bob, channel, "president defaults", {"scope": "channel"})
        assert nope.ephemeral and "Manage Server" in nope.message.content  # type: ignore[union-attr]
        saved = await emulator.slash(alice, channel, "president defaults", {"scope": "channel"})
        assert "Saved as the President default for this channel" in saved.message.content  # type: ignore[union-attr]
        stored = await bot.db.channel_settings(channel.id, "president")
        assert stored.preset == "classic" and stored.turn_seconds == 90
        assert stored.computer_level == "hard"
        assert stored.options == {"target": 3, "revolution": True, "rounds": 1, "players": 3}
        await emulator.click(alice, lobby, label="Cancel")

        # The next /president new starts from the saved rules.
        lobby2 = await open_lobby(emulator, alice, channel, [bob])
        assert "target = 3" in lobby2.text() and "3 seats" in lobby2.text()
        t = await start(emulator, bot, alice, lobby2, channel)
        assert t.options.target == 3 and t.options.revolution and t.options.rounds == 1
        assert t.meta.turn_seconds == 90 and t.meta.level == "hard" and t.state.n == 3
        assert [s.computer_level for s in t.seats if s.user_id is None] == ["hard"]
        # A running game's rules can't change.
        late = await emulator.slash(
            alice, channel, "president set", {"option": "jokers", "value": "1"}
        )
        assert "before Start" in late.message.content  # type: ignore[union-attr]
        await emulator.slash(alice, channel, "president end")
        await emulator.wait_for(lambda: table_of(bot, channel) is None, 5.0, "the game to end")
        # The server scope saves under the guild.
        lobby3 = await open_lobby(emulator, alice, channel, [], rules="house", seats=4)
        assert lobby3 is not None
        await emulator.slash(alice, channel, "president defaults", {"scope": "server"})
        assert (await bot.db.guild_settings(guild.id, "president")).preset == "house"


def _stats_module() -> object:
    # load_extension put the bot's own module object in sys.modules.
    return sys.modules["cogs.stats"]


async def _play_one(
    emulator: Emulator, bot: object, channel: Channel, host: User, others: list[User], bots: int
) -> int:
    lobby = await open_lobby(
        emulator, host, channel, others, rules="classic", seats=len(others) + 1 + bots,
        bots=bots, turn_time=600,
    )  # fmt: skip
    t = await start(emulator, bot, host, lobby, channel)  # type: ignore[arg-type]
    users = {u.id: u for u in [host, *others]}
    await play_until_over(emulator, bot, channel, users)  # type: ignore[arg-type]
    return t.game_id


async def test_leaderboard_profile_rematch_and_forget_me(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob, eve = (emulator.create_user(n) for n in ("alice", "bob", "eve"))
    guild = emulator.create_guild("Club", members=[alice, bob, eve])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, guild.id, "president", Settings(options={"rounds": 1})
        )
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=3, bots=1, turn_time=600
        )
        t = await start(emulator, bot, alice, lobby, channel)
        # Forget-me is refused while seated in a running game.
        busy = await emulator.slash(bob, channel, "president forget-me")
        assert "running game" in busy.message.content  # type: ignore[union-attr]
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        final = await wait_text(emulator, channel, "Final standings")
        details = await bot.db.game(t.game_id)
        assert details is not None and details.summary.status == "finished"
        (round1,) = details.rounds
        place = {s.seat: s.position for s in round1.seats}
        a, b = t.seat_of_user(alice.id), t.seat_of_user(bob.id)
        assert a is not None and b is not None
        first = alice if place[a] < place[b] else bob

        # Leaderboard by rating: both humans, better place = higher rating (2 humans rated).
        h = await emulator.slash(eve, channel, "leaderboard")
        board = h.message
        assert board is not None and not board.ephemeral
        lines = board.embeds[0]["description"].splitlines()
        assert len(lines) == 2 and first.name in lines[0]
        assert "not on this board" in board.text()  # eve has not played
        wins = await emulator.slash(alice, channel, "leaderboard", {"board": "points-classic"})
        assert "Points (classic scoring)" in wins.message.text()  # type: ignore[union-attr]
        # Profiles: places, points and a rating moved from the start.
        prof = await emulator.slash(eve, channel, "profile", {"user": alice})
        fields = {f["name"]: f["value"] for f in prof.message.embeds[0]["fields"]}  # type: ignore[union-attr]
        stats = (await bot.db.profile(guild.id, alice.id, kind="president")).stats  # type: ignore[union-attr]
        assert stats.rounds_played == 1 and stats.games_played == 1
        assert (stats.counts["firsts"] == 1) == (place[a] == 0)
        assert f"{stats.rating.ordinal:.1f}" in fields["Rating"]
        assert stats.rating.mu != 25.0
        points = {s.seat: s.score for s in round1.seats}
        assert fields["Points by scoring"] == f"classic {points[a]}"
        assert "classic · 3 players · 1 round" in fields["Recent games"]

        # Paging (one row a page): the caller's own place shows though off the page;
        # a stranger's click gets their own copy.
        _stats_module().PAGE_SIZE = 1  # type: ignore[attr-defined]
        second = bob if first is alice else alice
        h = await emulator.slash(second, channel, "leaderboard")
        msg = h.message
        assert msg is not None and "Page 1/2" in msg.text() and "`# 2`" in msg.text()
        assert "(page 2)" in msg.text()
        r = await emulator.click(second, msg, label="Next ▶")
        assert r.response_type == 7 and "Page 2/2" in msg.text()
        other = await emulator.click(eve, msg, label="◀ Prev")
        assert other.ephemeral and "Page 1/2" in other.message.text()  # type: ignore[union-attr]
        assert "Page 2/2" in msg.text()
        r = await emulator.select(second, msg, None, ["wins"], placeholder="Choose a board")
        assert r.response_type == 7 and "Games won" in msg.text()
        _stats_module().PAGE_SIZE = 10  # type: ignore[attr-defined]

        # Rematch: a stranger can't; a player opens a lobby with the same seats.
        nope = await emulator.click(eve, final, label="Rematch")
        assert nope.ephemeral and "Only the players" in nope.message.content  # type: ignore[union-attr]
        r = await emulator.click(bob, final, label="Rematch")
        relobby = await r.wait_message(lambda m: bool(m.buttons()))
        assert "Rematch called by" in relobby.content and "3/3 seats" in relobby.text()
        from tests.e2e.president_support import cog

        lob = cog(bot).lobbies[channel.id]
        assert lob.host_id == bob.id and {u for u, _ in lob.players} == {alice.id, bob.id}
        assert lob.computers == 1 and lob.options == t.options and lob.turn_seconds == 600
        await emulator.click(bob, relobby, label="Cancel")

        # Forget me: Cancel keeps everything, Confirm removes bob from the boards.
        ask = await emulator.slash(bob, channel, "president forget-me")
        r = await emulator.click(bob, ask.message, label="Cancel")  # type: ignore[arg-type]
        assert "Nothing was deleted" in ask.message.content  # type: ignore[union-attr]
        assert await bot.db.profile(guild.id, bob.id, kind="president") is not None
        ask = await emulator.slash(bob, channel, "president forget-me")
        r = await emulator.click(bob, ask.message, label="Delete my data")  # type: ignore[arg-type]
        assert r.response_type == 7 and "deleted" in ask.message.content  # type: ignore[union-attr]
        h = await emulator.slash(alice, channel, "leaderboard")
        assert "bob" not in h.message.text() and "alice" in h.message.text()  # type: ignore[union-attr]
        gone = await emulator.slash(alice, channel, "profile", {"user": bob})
        assert gone.ephemeral and "no finished rounds" in gone.message.content  # type: ignore[union-attr]
    async with await Database.open(tmp_path / "db.sqlite3") as db:
        details = await db.game(t.game_id)
        assert details is not None
        assert [s.user_id for s in details.summary.seats].count(bob.id) == 0


async def test_take_over_a_computer_seat_mid_game(emulator: Emulator, tmp_path: Path) -> None:
    alice, bob, eve = (emulator.create_user(n) for n in ("alice", "bob", "eve"))
    guild = emulator.create_guild("Club", members=[alice, bob, eve])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, guild.id, "president", Settings(options={"rounds": 1})
        )
        lobby = await open_lobby(
            emulator, alice, channel, [], rules="classic", seats=3, bots=2, turn_time=600
        )
        t = await start(emulator, bot, alice, lobby, channel)

        def table_with_take() -> Message | None:
            m = emulator.state.messages.get(t.meta.table_message_id or 0)
            return (
                m
                if m is not None and any(b.get("label") == "Take seat" for b in m.buttons())
                else None
            )

        table_msg = await emulator.wait_for(table_with_take, 10.0, "Take seat on the table")
        # A seated player can't take a second seat.
        nope = await emulator.click(alice, table_msg, label="Take seat")
        assert "already playing" in nope.message.content  # type: ignore[union-attr]
        r = await emulator.click(bob, table_msg, label="Take seat")
        assert r.ephemeral
        hand = await r.wait_message(lambda m: "You took over" in m.content)
        assert "Your hand" in hand.content and hand.ephemeral
        b = t.seat_of_user(bob.id)
        assert b is not None and not t.is_computer(b)
        live = await bot.db.live_table(t.game_id)
        assert live is not None and live.seats[b].user_id == bob.id
        assert any("took over" in n for n in t.notes)
        await play_until_over(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        await wait_text(emulator, channel, "Final standings")
        assert table_of(bot, channel) is None
        prof = await bot.db.profile(guild.id, bob.id, kind="president")
        assert prof is not None and prof.stats.games_played == 1 and prof.stats.rated_rounds == 1


async def test_leaderboard_pages_survive_a_restart(emulator: Emulator, tmp_path: Path) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    # Twelve players of one finished game, stored through the data layer: alice last.
    others = [Seat.human(1000 + i, f"player{i:02}") for i in range(11)]
    seats = [*others, Seat.human(alice.id, "alice")]
    async with await Database.open(db_path) as db:
        gid = await db.create_game(
            NewGame(
                guild.id,
                channel.id,
                "president",
                "classic",
                "{}",
                "classic",
                seats,
                '{"game": "president"}',
                "{}",
                "{}",
            )
        )
        n = len(seats)
        results = [
            SeatResult(p, p, n - p, n - p, {"title": "Citizen", "promotion": 0}) for p in range(n)
        ]
        await db.append_decision(
            gid,
            0,
            0,
            "pass",
            round_result=StoredRound(1, results, game_type("president").statistics),
            winners=[0],
        )
    async with running(emulator, db_path) as bot:
        h = await emulator.slash(alice, channel, "leaderboard", {"board": "points-classic"})
        msg = h.message
        assert msg is not None and "Page 1/2 · 12 players" in msg.text()
        assert "alice" in msg.embeds[0]["fields"][0]["value"]  # her place, off the page
        assert "`#12` **alice** — 1 · 1 game (page 2)" in msg.text()
        assert bot.is_ready()
    # After a restart the same message still pages (its buttons carry their state).
    async with running(emulator, db_path):
        r = await emulator.click(alice, msg, label="Next ▶")
        assert r.response_type == 7 and "Page 2/2" in msg.text()
        lines = msg.embeds[0]["description"].splitlines()
        assert len(lines) == 2 and "alice" in lines[-1]


async def test_a_seat_is_taken_once_and_never_again_after_leaving(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Take seat shows a hand at once, so it must not be a peephole: whoever left
    the game, or holds a seat in it, takes no seat there again, across a restart."""
    alice, bob, carol, dave = (emulator.create_user(n) for n in ("alice", "bob", "carol", "dave"))
    channel = emulator.create_guild("Club", members=[alice, bob, carol, dave]).channels[0]
    db_path = tmp_path / "db.sqlite3"

    async def take(bot: object, user: User) -> str:
        t = table_of(bot, channel)  # type: ignore[arg-type]
        assert t is not None

        def table_with_take() -> Message | None:
            m = emulator.state.messages.get(t.meta.table_message_id or 0)
            labels = [b.get("label") for b in m.buttons()] if m is not None else []
            return m if "Take seat" in labels else None

        msg = await emulator.wait_for(table_with_take, 10.0, "Take seat on the table")
        h = await emulator.click(user, msg, label="Take seat")
        assert h.ephemeral
        answer = await h.wait_message(lambda m: bool(m.content))
        return answer.content

    async with running(emulator, db_path) as bot:
        lobby = await open_lobby(emulator, alice, channel, [], seats=4, bots=3, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        assert "You took over" in await take(bot, bob)
        h = await emulator.slash(bob, channel, "president leave")
        await h.wait_message(lambda m: "You left" in m.content)
        assert t.seat_of_user(bob.id) is None
        assert "You left this game" in await take(bot, bob)  # no second look
        assert t.seat_of_user(bob.id) is None
        assert "You took over" in await take(bot, carol)
        assert "already playing" in await take(bot, carol)  # one seat each
        assert "already playing" in await take(bot, alice)
    async with running(emulator, db_path) as bot:
        await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        assert "You left this game" in await take(bot, bob)
        assert "You took over" in await take(bot, dave)
        t = table_of(bot, channel)
        assert t is not None and t.seat_of_user(bob.id) is None
