"""One channel, three games: a game's commands act only on a table of their own
kind, and records and rematches only in the channel their game was played in."""

from __future__ import annotations

import json
from pathlib import Path

import discord

from bot import CardTableBot
from cogs.table.server_views import rematch_view
from cogs.table.views import table_view
from data import Database, NewGame, Seat, SeatResult
from data import RoundResult as StoredRound
from engine import game_type
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message
from tests.e2e.president_support import cog, open_lobby, running, start, table_of


def _refused(h: InteractionHandle, words: str) -> str:
    msg = h.message
    assert h.ephemeral and msg is not None, h
    assert "went wrong" not in msg.content and words in msg.content, msg.content
    return msg.content


async def _finished_game(db_path: Path, guild_id: int, channel_id: int, user_id: int) -> int:
    """A finished Big Two game of ``user_id`` against a computer, stored as the bot stores one."""
    game = game_type("bigtwo")
    options = game.make_options(game.default_preset, {})
    async with await Database.open(db_path) as db:
        gid = await db.create_game(
            NewGame(
                guild_id,
                channel_id,
                "bigtwo",
                options.preset,
                json.dumps(options.to_dict()),
                "standard",
                [Seat.human(user_id, "alice"), Seat.computer("normal", "Ada (computer)")],
                '{"game": "bigtwo"}',
                "{}",
                "{}",
                lower_is_better=True,
            )
        )
        results = [SeatResult(0, 0, 0, 0, {}), SeatResult(1, 1, 5, 5, {})]
        await db.append_decision(
            gid,
            0,
            0,
            "pass",
            round_result=StoredRound(1, results, game_type("bigtwo").statistics),
            winners=[0],
        )
    return gid


async def test_a_games_commands_act_only_on_its_own_kind_of_table(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, channel, [], seats=4, bots=3, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        for command in ("bigtwo end", "sixty hand", "bigtwo leave", "sixty end"):
            h = await emulator.slash(alice, channel, command)
            text = _refused(h, "This channel's table is a President game: use /president ")
            assert text.split("/president ")[1].startswith(command.split()[1]), text
        assert table_of(bot, channel) is t and not t.closed
        assert t.seat_of_user(alice.id) is not None
        # its own commands still work
        h = await emulator.slash(alice, channel, "president hand")
        assert h.ephemeral
        await h.wait_message(lambda m: "Your hand" in m.content)


async def test_records_and_rematches_check_kind_and_channel(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    here = guild.channels[0]
    there = emulator.create_channel(guild, "elsewhere")
    db_path = tmp_path / "db.sqlite3"
    gid = await _finished_game(db_path, guild.id, here.id, alice.id)
    async with running(emulator, db_path) as bot:
        h = await emulator.slash(alice, here, "president record", {"game_id": gid})
        _refused(h, f"Game {gid} is a Big Two game: use /bigtwo record")
        h = await emulator.slash(alice, there, "bigtwo record", {"game_id": gid})
        _refused(h, f"<#{here.id}>")
        h = await emulator.slash(alice, here, "bigtwo record", {"game_id": gid})
        assert h.message is not None and f"The record of game {gid}" in h.message.content
        # A Rematch button that turns up in another channel opens no lobby there.
        carried = await _post(emulator, bot, there, rematch_view(gid, 60, "normal"))
        h = await emulator.click(alice, carried, label="Rematch")
        _refused(h, f"<#{here.id}>")
        assert not cog(bot).lobbies
        # where the game was played, it does
        original = await _post(emulator, bot, here, rematch_view(gid, 60, "normal"))
        h = await emulator.click(alice, original, label="Rematch")
        await h.wait_message(lambda m: bool(m.buttons()))
        assert cog(bot).lobbies[here.id].kind == "bigtwo" and there.id not in cog(bot).lobbies


async def test_table_buttons_act_only_in_their_own_channel(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    here = guild.channels[0]
    there = emulator.create_channel(guild, "elsewhere")
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, here, [], seats=4, bots=3, turn_time=600)
        t = await start(emulator, bot, alice, lobby, here)
        carried = await _post(emulator, bot, there, table_view(t.game_id, take_seat=True))
        for label in ("Take seat", "My hand", "Leave"):
            user = bob if label == "Take seat" else alice
            _refused(await emulator.click(user, carried, label=label), f"<#{here.id}>")
        assert t.seat_of_user(bob.id) is None and t.seat_of_user(alice.id) is not None


async def _post(emulator: Emulator, bot: CardTableBot, channel: Channel, view: object) -> Message:
    """A bot message with ``view``'s buttons in ``channel``: how a control would
    look if it ever turned up outside its own channel."""
    target = bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    sent = await target.send("Controls", view=view)  # type: ignore[arg-type]
    return emulator.state.messages[sent.id]
