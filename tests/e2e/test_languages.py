"""The bot registers its commands in the players' languages (the translator
``bot.py`` sets), and Discord accepts them."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.emulator import Emulator
from tests.e2e.table_support import running


async def test_the_commands_are_synced_with_their_translations(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running(emulator, tmp_path / "db.sqlite3"):
        synced = {name: c.data for name, c in emulator.commands().items()}
    assert synced["president"]["name_localizations"]["fr"] == "président"
    assert synced["bigtwo"]["name_localizations"]["zh-TW"] == "大老二"
    assert synced["bigtwo"]["name_localizations"]["zh-CN"] == "锄大地"
    assert (
        synced["sixty"]["description_localizations"]["ja"] == "カードゲーム「シックスティ」で遊ぶ"
    )
    new = next(o for o in synced["president"]["options"] if o["name"] == "new")
    assert new["name_localizations"]["es-ES"] == "nueva"
    seats = next(o for o in new["options"] if o["name"] == "seats")
    assert seats["description_localizations"]["zh-TW"] == "座位數（3–8，在玩法的限制內）"
    assert "en-US" not in synced["president"]["name_localizations"]
