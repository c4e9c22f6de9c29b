"""The error cog: expired interactions are warnings, user mistakes get replies."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs.errors import Errors
from engine.president import IllegalPlay
from locales.pseudo import untranslated


class _Response:
    status = 404
    reason = "Not Found"


class _Interaction:
    """Just enough of discord.Interaction for the handler and reply()."""

    def __init__(self) -> None:
        self.command = None
        self.data = {"custom_id": "president:play"}
        self.sent: list[str] = []
        self.response = SimpleNamespace(is_done=lambda: False, send_message=self._send)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str = "", **_: Any) -> None:
        self.sent.append(content)


def _cog() -> Errors:
    bot = SimpleNamespace(tree=SimpleNamespace(on_error=None, interaction_check=None))
    return Errors(bot)  # type: ignore[arg-type]


async def test_expired_interaction_is_a_warning_not_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    error = discord.NotFound(_Response(), {"code": 10062, "message": "Unknown interaction"})  # type: ignore[arg-type]
    interaction = _Interaction()
    with caplog.at_level(logging.WARNING, logger="cardtable.errors"):
        await _cog().handle(interaction, error)  # type: ignore[arg-type]
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert interaction.sent == [], "nothing can be sent through an expired interaction"


async def test_engine_errors_are_explained_to_the_user(caplog: pytest.LogCaptureFixture) -> None:
    interaction = _Interaction()
    await _cog().handle(interaction, IllegalPlay("pair of 5 does not beat pair of 9"))  # type: ignore[arg-type]
    assert interaction.sent == ["pair of 5 does not beat pair of 9"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_refusal_is_in_the_language_of_the_one_who_clicked() -> None:
    """The error cog answers in the user's own language, whatever the server's."""
    cog = _cog()
    french, japanese, pseudo = _Interaction(), _Interaction(), _Interaction()
    french.locale, japanese.locale, pseudo.locale = "fr", "ja", "qps-ploc"  # type: ignore[attr-defined]
    await cog.handle(french, app_commands.NoPrivateMessage())  # type: ignore[arg-type]
    await cog.handle(japanese, app_commands.MissingPermissions(["manage_channels"]))  # type: ignore[arg-type]
    await cog.handle(pseudo, app_commands.CheckFailure())  # type: ignore[arg-type]
    assert french.sent == ["Cela ne marche que dans un salon de serveur."]
    assert japanese.sent == ["それには「チャンネルの管理」権限が必要です。"]
    assert pseudo.sent[0].startswith("[") and untranslated(pseudo.sent[0]) == []
