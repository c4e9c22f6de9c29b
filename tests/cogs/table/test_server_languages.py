"""The server's side of a table in the reader's language: house rules, saved
defaults, the menus' labels, forget-me and its refusals."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.replies import UserFacingError
from cogs.table.rules import describe_options, make_rules_text
from cogs.table.server import ServerFeatures
from cogs.table.server_text import forgotten, panel_text, saved_text, seats_taken
from cogs.table.settings import hints_text, parse_turn_time, value_choices
from engine import OptionsError, game_type
from locales import current, reading
from locales.pseudo import untranslated

PRESIDENT = game_type("president")


def _texts() -> list[str]:
    lobby = SimpleNamespace(preset="classic", seats=5, turn_seconds=90, level="hard")
    with pytest.raises(OptionsError) as slow:
        parse_turn_time(5)
    return [
        seats_taken(4, 3),
        panel_text("classic", "president", "", True),
        saved_text("server", PRESIDENT, lobby, ""),
        saved_text("channel", PRESIDENT, lobby, "jokers = 2"),
        forgotten(1),
        forgotten(12),
        hints_text(False),
        str(slow.value),
        *(label for label, _value in value_choices(PRESIDENT, "turn_time")),
        *(label for label, _value in value_choices(PRESIDENT, "hints")),
        make_rules_text("T", "D", "classic", "jokers = 2", ()).description,
        describe_options(PRESIDENT, "nonesuch", "jokers = 2"),
    ]


def test_a_french_reader_reads_the_house_rules_and_defaults_in_french() -> None:
    with reading("fr"):
        texts = _texts()
    assert texts[0] == (
        "4 places sont prises ; retirez des joueurs ou des bots avant de descendre à 3 joueurs."
    )
    assert texts[1].startswith("**Règles maison** de cette table (classic).")
    assert "aucun" in texts[1] and "indices activés" in texts[1]
    assert "avec 5 places (aucun changement), tours de 90 s" in texts[2]
    assert texts[4].endswith("dans 1 partie passée indiquent désormais « Joueur supprimé ».")
    assert "dans 12 parties passées" in texts[5]
    assert texts[8] == "15 s"
    assert texts[-1].endswith("**Règles maison :** jokers = 2")


def test_a_japanese_reader_reads_them_in_japanese() -> None:
    with reading("ja"):
        texts = _texts()
    assert texts[0] == "4席が埋まっています。3人に減らす前にプレイヤーかCPUを外してください。"
    assert "この募集の**ローカルルール**" in texts[1]
    assert "持ち時間90秒" in texts[2] and "5席（変更なし）" in texts[2]
    assert texts[7] == "turn_time：15～600の整数の秒数を指定してください"
    assert texts[8] == "15秒"
    assert "ヒント：" not in texts[6] and texts[6] == "ヒントなし"


def test_the_pseudo_locale_leaves_no_english_in_the_servers_texts() -> None:
    with reading("qps-ploc"):
        texts = _texts()
    # the preset, option and command names are what players type: not translated
    typed = ("classic", "president", "jokers", "turn_time", "hard", "nonesuch", "T", "D")
    left = {w for t in texts for w in untranslated(t, allowed=typed)}
    assert left == set(), left


class _Interaction:
    def __init__(self, user_id: int, locale: str) -> None:
        self.user = SimpleNamespace(id=user_id)
        self.locale = locale
        self.edited: list[dict[str, Any]] = []
        self.response = SimpleNamespace(edit_message=self._edit)

    async def _edit(self, **kwargs: Any) -> None:
        self.edited.append(kwargs)


async def test_forget_me_answers_the_one_who_clicked_in_their_language() -> None:
    server = ServerFeatures(SimpleNamespace())  # type: ignore[arg-type]
    japanese = _Interaction(5, "ja")
    await server.on_forget(japanese, 5, "cancel")  # type: ignore[arg-type]
    assert japanese.edited[0]["content"] == "何も削除していません。"
    with pytest.raises(UserFacingError, match="Ces boutons sont à quelqu’un d’autre"):
        await server.on_forget(_Interaction(6, "fr"), 5, "cancel")  # type: ignore[arg-type]


async def test_a_lobby_a_japanese_host_changes_is_redrawn_in_the_servers_language() -> None:
    composed: list[str] = []
    edited: list[dict[str, Any]] = []

    async def lobby_payload(lobby: Any) -> tuple[discord.Embed, None]:
        composed.append(current())
        return discord.Embed(title="lobby"), None

    async def edit(**kwargs: Any) -> None:
        edited.append(kwargs)

    message = SimpleNamespace(edit=edit)
    channel = SimpleNamespace(get_partial_message=lambda _id: message)

    async def channel_of(_lobby: Any) -> Any:
        return channel

    server = ServerFeatures(SimpleNamespace(channel=channel_of, lobby_payload=lobby_payload))  # type: ignore[arg-type]
    lobby = SimpleNamespace(message_id=1, closed=False, lobby_id=7)
    host = SimpleNamespace(locale="ja", guild_locale="fr")
    with reading(host.locale):  # what a decorated command of the host opens
        await server.refresh_lobby(lobby, host)  # type: ignore[arg-type]
    assert composed == ["fr"] and len(edited) == 1
