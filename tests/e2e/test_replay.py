"""``/<game> replay`` on the emulator: a finished game of each game is posted
in the channel as an animation that Discord accepts and Pillow decodes, one
frame for the deal and one per decision; and every replay that cannot be
drawn is refused to the asker alone."""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import CardTableBot
from data import Settings
from tests.e2e import bigtwo_support, president_support, sixty_support
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.table_support import open_game_lobby, running, start, wait_text

Play = Callable[[Emulator, CardTableBot, Channel, dict[int, User]], Awaitable[Any]]

# How each game plays one short game: its channel settings, its seats, and the
# support module that acts for the human.
GAMES: dict[str, tuple[Settings, dict[str, Any], Play, str]] = {
    "president": (
        Settings(options={"rounds": 1}),
        {"seats": 4, "bots": 3},
        president_support.play_until_over,
        "**President**, game {id} · round 1 of 1",
    ),
    "bigtwo": (
        Settings(options={"deals": 1}),
        {"seats": 4, "bots": 3},
        bigtwo_support.play_until_over,
        "**Big Two**, game {id} · deal 1 of 1",
    ),
    "sixty": (
        Settings(preset="quick", options={}),
        {"seats": 3, "bots": 2, "level": "easy"},
        sixty_support.play_sixty,
        "**Sixty**, game {id} · round 1 of 1",
    ),
}

MIB = 1024 * 1024


async def finish_a_game(
    emulator: Emulator, bot: CardTableBot, channel: Channel, host: User, game: str
) -> int:
    """One short game of ``game`` by ``host`` and computers, played to its end."""
    settings, seats, play, _ = GAMES[game]
    await bot.db.set_channel_settings(channel.id, channel.guild_id or 0, game, settings)
    lobby = await open_game_lobby(emulator, game, host, channel, [], turn_time=600, **seats)
    t = await start(emulator, bot, host, lobby, channel)
    await play(emulator, bot, channel, {host.id: host})
    await wait_text(emulator, channel, "Final standings")
    return t.game_id


async def posted_replay(h: InteractionHandle) -> Message:
    """The replay the command posted: its deferred public answer, once it
    carries the picture."""
    assert h.response_type == 5 and not h.ephemeral, h
    return await h.wait_message(lambda m: bool(m.attachments), timeout=60.0)


async def refusal(
    emulator: Emulator, user: User, channel: Channel, command: str, **opts: Any
) -> str:
    h = await emulator.slash(user, channel, command, opts)
    assert h.ephemeral and h.message is not None, h
    return h.message.text()


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_finished_game_is_posted_as_an_animation_of_its_last_round(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        game_id = await finish_a_game(emulator, bot, channel, alice, game)
        record = await bot.db.game_record(game_id)
        details = await bot.db.game(game_id)
        assert record is not None and details is not None
        decisions = len(json.loads(record)["rounds"][-1]["decisions"])
        # anyone in the channel may post it, not only the players
        msg = await posted_replay(await emulator.slash(bob, channel, f"{game} replay", {}))
    (replay,) = msg.attachments
    assert replay.filename == "replay.gif" and replay.size <= 8 * MIB
    with Image.open(io.BytesIO(replay.data)) as img:
        assert img.format == "GIF" and img.width <= 1280
        assert img.n_frames == decisions + 1  # the deal, then one frame per decision
    text = msg.text()
    assert GAMES[game][3].format(id=game_id) in text, text
    names = [s.display_name for s in details.summary.seats]
    assert "alice" in names and all(name in text for name in names), text
    assert not msg.ephemeral and msg.channel_id == channel.id


async def test_replays_that_cannot_be_drawn_are_refused_to_the_asker(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob], channels=("cards", "other"))
    channel, other = guild.channels[0], guild.channels[1]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        text = await refusal(emulator, bob, channel, "president replay")
        assert "No President game has finished in this channel yet" in text, text
        done = await finish_a_game(emulator, bot, channel, alice, "president")
        text = await refusal(emulator, bob, channel, "bigtwo replay")
        assert "No Big Two game has finished in this channel yet" in text, text
        text = await refusal(emulator, bob, channel, "bigtwo replay", game=done)
        assert f"Game {done} is a President game: use /president replay." in text, text
        text = await refusal(emulator, bob, channel, "president replay", game=done, round=2)
        assert f"Game {done} had 1 round: choose a round from 1 to 1." in text, text
        text = await refusal(emulator, bob, other, "president replay", game=done)
        assert f"Game {done} was played in <#{channel.id}>: ask for its replay there." in text
        text = await refusal(emulator, bob, channel, "president replay", game=done + 100)
        assert f"There is no game {done + 100} in this server." in text, text
        # a modified client sends numbers out of the declared ranges
        emulator.client_checks = False
        text = await refusal(emulator, bob, channel, "president replay", game=0)
        assert "There is no game with that number." in text, text
        text = await refusal(emulator, bob, channel, "president replay", game=done, round=0)
        assert f"Game {done} had 1 round: choose a round from 1 to 1." in text, text
        emulator.client_checks = True
        # a game still being played, then one ended before it finished
        lobby = await open_game_lobby(
            emulator, "president", alice, channel, [], seats=4, bots=3, turn_time=600
        )
        live = (await start(emulator, bot, alice, lobby, channel)).game_id
        text = await refusal(emulator, bob, channel, "president replay", game=live)
        assert f"Game {live} is still being played: only a finished game" in text, text
        await emulator.slash(alice, channel, "president end", {})
        await wait_text(emulator, channel, "Game ended")
        text = await refusal(emulator, bob, channel, "president replay", game=live)
        assert f"Game {live} was ended before it finished" in text, text
        # the default is still the last game that finished here
        msg = await posted_replay(await emulator.slash(bob, channel, "president replay", {}))
        assert f"game {done} · round 1 of 1" in msg.text()
    public = emulator.messages(channel, include_ephemeral=False)
    assert [m for m in public if m.attachments and m.attachments[0].filename == "replay.gif"] == [
        msg
    ]
