"""Leaderboards and profiles end to end in the readers' languages: what is
posted for the channel reads in the server's language (Discord's guild locale,
until a server setting exists), what only the asker sees in their own."""

from __future__ import annotations

from pathlib import Path

from data import Database, NewGame, Seat, SeatResult
from data import RoundResult as StoredRound
from engine import game_type
from tests.e2e.emulator import Emulator
from tests.e2e.table_support import running


async def _one_game(db_path: Path, guild_id: int, channel_id: int, *users: tuple[int, str]) -> None:
    seats = [Seat.human(uid, name) for uid, name in users]
    async with await Database.open(db_path) as db:
        gid = await db.create_game(
            NewGame(guild_id, channel_id, "president", "classic", "{}", "classic", seats,
                    '{"game": "president"}', "{}", "{}")
        )  # fmt: skip
        n = len(seats)
        results = [
            SeatResult(p, p, n - p, n - p, {"title": "Citizen", "promotion": 0}) for p in range(n)
        ]
        stored = StoredRound(1, results, game_type("president").statistics)
        await db.append_decision(gid, 0, 0, "pass", round_result=stored, winners=[0])


async def test_a_french_server_reads_the_board_a_japanese_player_their_refusals(
    emulator: Emulator, tmp_path: Path
) -> None:
    aiko = emulator.create_user("aiko", locale="ja")
    bruno = emulator.create_user("bruno", locale="fr")
    eve = emulator.create_user("eve", locale="es-ES")
    guild = emulator.create_guild("Club", members=[aiko, bruno, eve])
    guild.locale = "fr"
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    await _one_game(db_path, guild.id, channel.id, (aiko.id, "aiko"), (bruno.id, "bruno"))
    async with running(emulator, db_path):
        # the Japanese player's leaderboard is the channel's: in French
        h = await emulator.slash(aiko, channel, "leaderboard", {"board": "wins"})
        board = h.message
        assert board is not None and not board.ephemeral
        assert board.embeds[0]["title"] == "🏆 Classement Président — Parties gagnées"
        assert board.embeds[0]["footer"]["text"] == "Page 1/1 · 2 joueurs"
        assert "Votre place" in board.text() and "1 partie" in board.text()
        # someone else's click: their own copy, in their own language
        other = await emulator.select(
            eve, board, None, ["rating"], placeholder="Choisir un classement"
        )
        assert other.ephemeral and "Clasificación" in other.message.text()  # type: ignore[union-attr]
        assert "Parties gagnées" in board.text()  # the channel's message did not move
        # her refusal is only hers: in Japanese
        nope = await emulator.slash(aiko, channel, "profile", {"game": "chess"})
        assert nope.message is not None and nope.message.ephemeral
        assert nope.message.content.startswith("ゲームを選んでください：")
        # the profile is posted for the channel: in French
        prof = await emulator.slash(aiko, channel, "profile", {"user": bruno})
        fields = {f["name"] for f in prof.message.embeds[0]["fields"]}  # type: ignore[union-attr]
        assert {"Cote", "Parties", "Places à l’arrivée", "Parties récentes"} <= fields
