"""Custom ids: built from declared parts, checked in one place, and the ids of
buttons sent by earlier releases still parse as they did."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.table import ids
from cogs.table.server_views import HOUSE, REMATCH, house_view, rematch_view
from cogs.table.views import CONTROL, LOBBY, TABLE, ControlItem, control_button, lobby_view

# ids exactly as earlier releases sent them (and their regexes matched them)
OLD_IDS = {
    CONTROL: [
        "pres:c:123:4:pass",
        "pres:c:123:4:gok:c.7d.8h",
        "pres:c:9999999999999999999:999999999:go:joker_hocus-pocus",
        "pres:c:1:2:play:",
    ],
    TABLE: ["pres:t:5:hand", "pres:t:5:take"],
    LOBBY: ["pres:l:77:join", "pres:l:77:rules"],
    HOUSE: ["pres:h:77:opt", "pres:h:77:tog:jokers"],
    REMATCH: ["pres:r:5:60:normal"],
}


@pytest.mark.parametrize(
    ("template", "custom_id"), [(t, i) for t, sent in OLD_IDS.items() for i in sent]
)
def test_ids_sent_by_earlier_releases_still_parse(template: str, custom_id: str) -> None:
    assert re.fullmatch(template, custom_id)


def test_a_control_builds_its_own_id_from_its_parts() -> None:
    item = ControlItem(control_button("Pass"), 12, 3, "pass", "")
    assert item.item.custom_id == "pres:c:12:3:pass"
    item = ControlItem(control_button("Play"), 12, 3, "play", "7d.8h")
    assert item.item.custom_id == "pres:c:12:3:play:7d.8h"
    assert ids.CONTROL.parse(item.item.custom_id) == {
        "gid": "12",
        "ver": "3",
        "kind": "play",
        "arg": "7d.8h",
    }


@pytest.mark.parametrize(
    ("kind", "arg"),
    [("Play", ""), ("play", "7♦"), ("play", "a:b"), ("x" * 17, ""), ("go", "x" * 65)],
)
def test_a_part_out_of_its_alphabet_or_length_is_refused_when_built(kind: str, arg: str) -> None:
    with pytest.raises(ValueError):
        ControlItem(control_button("Play"), 12, 3, kind, arg)


def test_an_id_longer_than_discord_allows_is_refused() -> None:
    long = ids.IdKind("c", (ids.arg("a", 99), ids.arg("b", 99)))
    with pytest.raises(ValueError, match="longer than 100"):
        long.build("x" * 60, "y" * 60)


def test_every_id_the_table_sends_parses_back() -> None:
    from cogs.table.models import Lobby
    from tests.takeaway.adapter import ADAPTER

    lobby = Lobby(
        lobby_id=77,
        guild_id=1,
        channel_id=2,
        adapter=ADAPTER,
        host_id=3,
        preset=ADAPTER.game.default_preset,
        options=ADAPTER.game.make_options(ADAPTER.game.default_preset, {}),
        seats=2,
        level="normal",
        turn_seconds=60,
        players=[],
        computers=0,
        last_activity=0.0,
    )
    views: list[discord.ui.View] = [
        lobby_view(77),
        house_view(lobby, selected="stones"),
        rematch_view(5, 60, "normal"),
    ]
    templates = [CONTROL, TABLE, LOBBY, HOUSE, REMATCH, ids.FORGET.template]
    for view in views:
        for child in view.children:
            custom_id = getattr(child, "custom_id", None)
            assert any(re.fullmatch(t, custom_id) for t in templates), custom_id
