"""Whole games of Sixty on the emulator: lobby, DMs, the answer controls,
round results, final standings, stored scores and the leaderboards."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import Database, Settings
from tests.e2e.emulator import Emulator
from tests.e2e.sixty_support import assert_channel_private, open_sixty, play_sixty, start
from tests.e2e.table_support import running, wait_text


async def test_a_game_of_three_rounds_with_humans_and_computers(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        lobby = await open_sixty(
            emulator, alice, channel, [bob], seats=4, bots=2, level="normal", turn_time=600
        )
        assert "Sixty — standard" in lobby.text()
        t = await start(emulator, bot, alice, lobby, channel)
        game_id = t.game_id
        codes = await play_sixty(emulator, bot, channel, {alice.id: alice, bob.id: bob})
        assert any(c.startswith("attack_") for c in codes)
        assert any(c.startswith(("fight_", "pass_", "take")) for c in codes)
        final = await wait_text(emulator, channel, "Final standings")
        assert final.images() and "lower is better" in final.text()
        public = "\n".join(str(r.embeds) for m in emulator.messages(channel) for r in m.revisions)
        assert "Round 1 results" in public and "Round 2 results" in public
        assert "Round 3, the last" in final.text() or "Tie-break round" in final.text()
        assert "Penalty totals (lower is better)" in public
        assert_channel_private(emulator, channel)
        # Each player's turn message said what was asked of them at the top.
        dms = [r.content for u in (alice, bob) for m in emulator.dms(u) for r in m.revisions]
        assert any(text.startswith("⚔️ **") and "attacks you" in text for text in dms)
        assert any(text.startswith("You fought back") for text in dms)
        # Leaderboards of Sixty: rating, games won, mean penalty per deal.
        for board in ("rating", "wins", "mean-standard"):
            h = await emulator.slash(
                alice, channel, "leaderboard", {"game": "sixty", "board": board}
            )
            assert h.message is not None
            text = h.message.text()
            assert "Sixty leaderboard" in text and "alice" in text and "bob" in text, text
        h = await emulator.slash(alice, channel, "profile", {"game": "sixty"})
        assert h.message is not None and "Mean penalty per deal" in h.message.text()
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
        assert details.summary.kind == "sixty" and details.summary.rounds_played >= 3
        assert all(r.rated for r in details.rounds)
        last = details.rounds[-1]
        assert [s.total for s in last.seats] == [
            sum(r.seats[p].score for r in details.rounds) for p in range(4)
        ]
        assert await db.live_tables() == []


@pytest.mark.parametrize("seats", [2, 6])
async def test_two_and_six_seats_play_a_round(
    emulator: Emulator, tmp_path: Path, seats: int
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, guild.id, "sixty", Settings(preset="quick", options={})
        )
        lobby = await open_sixty(emulator, alice, channel, [], seats=seats, level="easy")
        assert f"1/{seats} seats" in lobby.text() and "One round, ties shared" in lobby.text()
        t = await start(emulator, bot, alice, lobby, channel)
        assert t.state.n == seats and sum(t.is_computer(p) for p in range(seats)) == seats - 1
        await play_sixty(emulator, bot, channel, {alice.id: alice})
        final = await wait_text(emulator, channel, "Final standings")
        assert final.images()
        assert t.state.is_terminal() and t.state.round_number >= 1


async def test_lobby_house_rules_and_the_rules_text(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice], owner=alice)
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3"):
        with pytest.raises(AssertionError, match="max"):  # the command declares 2–6 seats
            await emulator.slash(alice, channel, "sixty new", {"seats": 7})
        lobby = await open_sixty(emulator, alice, channel, [], seats=3)
        bad = await emulator.slash(alice, channel, "sixty set", {"option": "rounds", "value": "0"})
        assert bad.message is not None and "from 1 to 20" in bad.message.content
        bad = await emulator.slash(
            alice, channel, "sixty set", {"option": "tiebreak", "value": "coin"}
        )
        assert bad.message is not None and "one_round, until_broken, shared" in bad.message.content
        ok = await emulator.slash(
            alice, channel, "sixty set", {"option": "voluntary_take", "value": "off"}
        )
        assert ok.message is not None and "**voluntary_take** is now **off**" in ok.message.content
        # the lobby shows the change too (redrawn after the answer): the test must
        # not end, and stop the bot, in the middle of that redraw
        await emulator.wait_for(
            lambda: "voluntary_take" in emulator.state.messages[lobby.id].text(),
            10.0,
            "the lobby showing the changed rule",
        )
        h = await emulator.slash(alice, channel, "sixty rules", {})
        assert h.message is not None and h.message.ephemeral
        rules = h.message.text()
        assert "Sixty — standard rules (this lobby)" in rules
        assert "only when nothing else is possible" in rules and "Hocus-pocus" in rules
