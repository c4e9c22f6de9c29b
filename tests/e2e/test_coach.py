"""The coach on Discord: 💡 Hint on a player's turn (by DM, and by My hand
where DMs are closed) and the review of a finished game (Review under the
final standings, ``/<game> review``), in each game."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from data import Database, Settings
from engine import load_record
from tests.e2e import bigtwo_support, president_support, sixty_support
from tests.e2e.emulator import Emulator
from tests.e2e.emulator.state import Message, User
from tests.e2e.table_support import (
    controls_of,
    hand_of,
    open_game_lobby,
    running,
    seat_of,
    start,
    wait_text,
)

Play = Callable[..., Awaitable[list[str]]]
GAMES: dict[str, tuple[dict[str, Any], Play]] = {
    # one round each: a whole game in a few seconds
    "president": ({"rounds": 1}, president_support.play_until_over),
    "bigtwo": ({"deals": 1}, bigtwo_support.play_until_over),
    "sixty": ({"rounds": 1}, sixty_support.play_sixty),
}


def hint_button(msg: Message) -> dict[str, Any] | None:
    return next((b for b in msg.buttons() if b.get("label") == "Hint"), None)


async def ask_hint(emulator: Emulator, user: User, msg: Message) -> str:
    button = hint_button(msg)
    assert button is not None, [b.get("label") for b in msg.buttons()]
    h = await emulator.click(user, msg, button["custom_id"])
    assert h.ephemeral  # only the asker sees it, in a DM as in the channel
    answer = await h.wait_message(lambda m: "Hint" in m.text() or "hint" in m.text(), 15.0)
    return answer.text()


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_hint_and_a_review_in_each_game(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    options, play = GAMES[game]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        await bot.db.set_channel_settings(channel.id, guild.id, game, Settings(options=options))
        lobby = await open_game_lobby(
            emulator, game, alice, channel, [], seats=4, bots=3, level="easy", turn_time=600
        )
        assert "hints on" in lobby.text()
        t = await start(emulator, bot, alice, lobby, channel)
        p = seat_of(t, alice)
        await wait_text(emulator, channel, "hints on", since=lobby.id)  # the table says so
        controls = await emulator.wait_for(
            lambda: controls_of(emulator, alice, channel, t), 20.0, "alice's turn"
        )
        hinted_round = t.state.round_number
        hinted_index = len(json.loads(t.state.record().to_json())["rounds"][-1]["decisions"])
        text = await ask_hint(emulator, alice, controls)
        assert text.startswith("💡 **Hint**") and "1. **" in text, text
        assert t.meta.hinted[p] == [[hinted_round, hinted_index]]
        # the hint is alice's alone: nothing of it reached the channel
        public = [m.text() for m in emulator.messages(channel, include_ephemeral=False)]
        assert not any("Hint**" in x for x in public)
        await play(emulator, bot, channel, {alice.id: alice}, timeout=120.0)
        final = await wait_text(emulator, channel, "Final standings")
        review = next(b for b in final.buttons() if b.get("label") == "Review my game")
        # only those who sat in the game may review it
        refused = await emulator.click(bob, final, review["custom_id"])
        await refused.wait_response()
        assert "Only the players who sat" in refused.message.text()  # type: ignore[union-attr]
        h = await emulator.click(alice, final, review["custom_id"])
        assert h.ephemeral
        done = await h.wait_message(lambda m: "Accuracy" in m.text(), timeout=60.0)
        assert f"Review of {t.adapter.game.title} game {t.game_id}" in done.text()
        # progress was shown as the review went
        assert any(" done." in r.content for r in done.revisions), done.revisions
        # each costly decision comes with the picture of alice's hand then
        costly = [e for e in done.revisions[-1].embeds if "cost ≈" in str(e.get("title"))]
        assert costly, done.text()
        assert len(done.images()) == len(costly)
        assert all("Your hand then: " in str(e.get("description")) for e in costly)
        h = await emulator.slash(alice, channel, f"{game} review", {})
        done = await h.wait_message(lambda m: "Accuracy" in m.text(), timeout=60.0)
        assert "Review of" in done.text()
        h = await emulator.slash(alice, channel, "profile", {"game": game})
        assert h.message is not None and "1 hint used" in h.message.text(), h.message.text()
        # the record marks the hinted decision, and it is alice's; it still replays
        h = await emulator.slash(alice, channel, f"{game} record", {})
        assert h.message is not None and h.message.attachments
        record = json.loads(h.message.attachments[0].data)
        assert record["hinted"] == [[hinted_round, p, hinted_index]]
        assert record["rounds"][hinted_round - 1]["decisions"][hinted_index][0] == p
        assert load_record(json.dumps(record)).kind == game
    async with await Database.open(db_path) as db:
        details = await db.game(t.game_id)
        assert details is not None
        assert sum(r.seats[p].details.get("hints", 0) for r in details.rounds) == 1


async def test_a_hint_by_my_hand_when_dms_are_closed(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice", dms_closed=True)
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_game_lobby(
            emulator, "president", alice, channel, [], seats=4, bots=3, level="easy"
        )
        t = await start(emulator, bot, alice, lobby, channel)
        await emulator.wait_for(
            lambda: t.state.current_player == seat_of(t, alice), 20.0, "alice's turn"
        )
        hand = await hand_of(emulator, alice, t)
        text = await ask_hint(emulator, alice, hand)
        assert text.startswith("💡 **Hint**"), text
        assert emulator.dms(alice) == []


async def test_no_hint_button_when_the_host_turned_hints_off(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await bot.db.set_channel_settings(
            channel.id, guild.id, "sixty", Settings(options={"rounds": 1})
        )
        lobby = await open_game_lobby(
            emulator, "sixty", alice, channel, [], seats=2, bots=1, level="easy"
        )
        h = await emulator.slash(alice, channel, "sixty set", {"option": "hints", "value": "off"})
        assert "Hints are now **off**" in h.message.text()  # type: ignore[union-attr]
        await emulator.wait_for(lambda: "hints off" in lobby.text(), 5.0, "the lobby redrawn")
        t = await start(emulator, bot, alice, lobby, channel)
        controls = await emulator.wait_for(
            lambda: controls_of(emulator, alice, channel, t), 20.0, "alice's turn"
        )
        assert hint_button(controls) is None
        await sixty_support.play_sixty(emulator, bot, channel, {alice.id: alice}, timeout=120.0)
        final = await wait_text(emulator, channel, "Final standings")
        # a rematch keeps the host's choice
        h = await emulator.click(alice, final, label="Rematch")
        await h.wait_response()
        again = await wait_text(emulator, channel, "hints off", since=final.id)
        assert "seats" in again.text()
