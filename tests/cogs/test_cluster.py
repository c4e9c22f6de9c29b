"""What the member of shard 0 tells a player whose click's owner died before answering
it: a turn the store shows decided is not answered "nothing changed"."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.cluster import DECIDED, RESTARTING, Forwarder
from cogs.table.ids import control_id


class StoredVersion:
    def __init__(self, version: int | None) -> None:
        self.version = version

    async def game_version(self, game_id: int) -> int | None:
        return self.version


def click(custom_id: str) -> dict[str, Any]:
    return {"id": "1", "type": 3, "data": {"custom_id": custom_id, "component_type": 2}}


@pytest.mark.parametrize(
    ("stored", "told"),
    [(7, RESTARTING), (8, DECIDED), (12, DECIDED), (None, DECIDED)],
    ids=["unchanged", "decided", "moved-on", "game-over"],
)
async def test_a_turn_control_is_told_whether_its_turn_was_decided(
    stored: int | None, told: str
) -> None:
    forwarder = Forwarder.__new__(Forwarder)
    forwarder.cluster = StoredVersion(stored)  # type: ignore[assignment]
    text = await forwarder._restarting_text(click(control_id(5, 7, "go", "x")), 5)
    assert text == told


async def test_a_table_button_is_told_nothing_changed() -> None:
    forwarder = Forwarder.__new__(Forwarder)
    forwarder.cluster = StoredVersion(99)  # type: ignore[assignment]
    assert await forwarder._restarting_text(click("pres:t:5:hand"), 5) == RESTARTING


def test_a_click_answered_by_the_shard_0_member_reads_in_the_clickers_language() -> None:
    from cogs.cluster import DECIDED, RESTARTING
    from locales import _, reading

    with reading("fr"):
        assert _(RESTARTING).startswith("Le processus du bot")
    with reading("ja"):
        assert "再起動中" in _(DECIDED)
