"""Which language the bot posts in for everyone: the server's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cogs.replies import public_locale


class _Languages:
    def __init__(self, chosen: dict[int, str | None]) -> None:
        self.chosen = chosen

    async def load(self, guild_id: int) -> str | None:
        return self.chosen.get(guild_id)


def _interaction(guild_id: int | None, guild_locale: str, chosen: dict[int, str | None]) -> Any:
    runtime = SimpleNamespace(languages=_Languages(chosen))
    client = SimpleNamespace(table_runtime=runtime)
    return SimpleNamespace(client=client, guild_id=guild_id, guild_locale=guild_locale)


async def test_the_language_a_manager_chose_wins_over_discords_server_language() -> None:
    assert await public_locale(_interaction(7, "en-US", {7: "fr"})) == "fr"


async def test_without_a_choice_the_server_reads_discords_server_language() -> None:
    assert await public_locale(_interaction(7, "ja", {7: None})) == "ja"
    assert await public_locale(_interaction(None, "es-ES", {})) == "es-ES"
