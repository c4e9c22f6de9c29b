"""Whole sessions of Big Two on the emulator: lobby, DMs, suggested plays,
computers in empty seats, results stored, leaderboards, and the 2- and
3-player deals."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database
from tests.e2e.bigtwo_support import (
    assert_hands_private,
    one_deal,
    open_lobby,
    play_until_over,
    public_texts,
)
from tests.e2e.emulator import Emulator
from tests.e2e.table_support import running, start, wait_text


async def test_two_humans_and_two_computers_play_a_session(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    users = {alice.id: alice, bob.id: bob}
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        await one_deal(bot, channel, guild.id)
        h = await emulator.slash(alice, channel, "bigtwo rules", {"preset": "hong_kong"})
        assert h.ephemeral and h.message is not None
        rules = h.message.text()
        assert "Hong Kong" in rules and "single 2 cannot be the play that wins" in rules
        lobby = await open_lobby(emulator, alice, channel, [bob], seats=4, turn_time=600)
        assert "Big Two" in lobby.text() and "1 deal" in lobby.text()
        h = await emulator.slash(bob, channel, "bigtwo rules", {})
        assert h.message is not None and "after 1 deal" in h.message.text()
        t = await start(emulator, bot, alice, lobby, channel)
        game_id = t.game_id
        assert sum(1 for s in t.seats if s.user_id is None) == 2
        done = await play_until_over(emulator, bot, channel, users)
        assert any(d != "pass" for d in done)
        final = await wait_text(emulator, channel, "Final standings")
        assert final.images() and "lower is better" in final.text()
        public = "\n".join(public_texts(emulator, channel))
        assert "Deal 1 results" in public or "Last deal" in public
        assert " played " in public  # the exact cards of each play are public
        assert_hands_private(emulator, channel, t.state)
        for board, title in (("wins", "Games won"), ("mean-standard", "Mean penalty per deal")):
            h = await emulator.slash(
                alice, channel, "leaderboard", {"game": "bigtwo", "board": board}
            )
            assert h.message is not None
            text = h.message.text()
            assert f"Big Two leaderboard — {title}" in text, text
            assert "alice" in text and "bob" in text
        h = await emulator.slash(alice, channel, "leaderboard", {"game": "bigtwo"})
        assert h.message is not None and "alice" in h.message.text()  # rated: two humans
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
        assert details.summary.kind == "bigtwo" and details.summary.rounds_played == 1
        (deal,) = details.rounds
        assert deal.rated
        assert sum(1 for s in deal.seats if s.details["won_deal"]) == 1
        assert all(s.details["cards_left"] == 0 or s.score > 0 for s in deal.seats)
        assert await db.live_tables() == []


@pytest.mark.parametrize("players", [2, 3])
async def test_two_and_three_players(emulator: Emulator, tmp_path: Path, players: int) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await one_deal(bot, channel, guild.id)
        lobby = await open_lobby(
            emulator, alice, channel, [], seats=players, bots=players - 1, turn_time=600
        )
        t = await start(emulator, bot, alice, lobby, channel)
        sizes = t.state.sizes
        view = t.state.public_view()
        if players == 3:
            # the 52nd card, face up, went to the holder of the lowest card, who leads
            assert view.face_up is not None and sorted(sizes) == [17, 17, 18]
            holder, card = view.face_up
            assert t.state.current_player == holder
            await wait_text(emulator, channel, f"The 52nd card, {card.pretty()}, went face up")
        else:
            assert view.face_up is None and sizes == [17, 17]
        me = t.seat_of_user(alice.id)
        assert me is not None
        first = await play_until_over(emulator, bot, channel, {alice.id: alice})
        assert first, "alice played"
        await wait_text(emulator, channel, "Final standings")
        dm = "\n".join(r.content for m in emulator.dms(alice) for r in m.revisions)
        assert f"Your hand ({sizes[me]})" in dm
        assert_hands_private(emulator, channel, t.state)


async def test_house_rules_from_the_schema_refuse_impossible_combinations(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, channel, [], rules="pusoy_dos", seats=3)
        h = await emulator.click(alice, lobby, label="House rules")
        assert h.ephemeral and h.message is not None
        panel = str(h.message.all_components())
        for option in ("suit_order", "straights", "flush_compare", "later_leader", "threshold"):
            assert option in panel or option in h.message.text(), option
        h = await emulator.slash(alice, channel, "bigtwo set", {"option": "deals", "value": "none"})
        assert h.message is not None and "a session needs an end" in h.message.text()
        for option, value in (("threshold", "50"), ("deals", "none"), ("scoring", "doubled_twos")):
            h = await emulator.slash(
                alice, channel, "bigtwo set", {"option": option, "value": value}
            )
            assert h.message is not None and "went wrong" not in h.message.text(), h.message.text()
        await emulator.wait_for(lambda: "doubled_twos" in lobby.text(), 5.0, "the lobby to show it")
        assert "until someone reaches 50 penalty points" in lobby.text()
        h = await emulator.slash(alice, channel, "bigtwo rules", {})
        assert h.message is not None
        rules = h.message.text()
        assert "doubles for every 2" in rules and "reaches 50" in rules and "♣ < ♠ < ♥ < ♦" in rules
        t = await start(emulator, bot, alice, lobby, channel)
        assert t.state.options.threshold == 50 and t.state.options.deals is None
        assert t.state.options.suit_order == "pusoy_dos" and t.state.n == 3
