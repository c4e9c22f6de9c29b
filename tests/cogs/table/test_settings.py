"""House rules from a game's option schema: parsing, menus, autocomplete, defaults.

Written against President's schema, the richest of the three games.
"""

from __future__ import annotations

import contextlib

import pytest

from cogs.president.adapter import ADAPTER
from cogs.table.models import Lobby
from cogs.table.server_views import house_view
from cogs.table.settings import (
    MAX_CHOICES,
    apply_setting,
    defaults_overrides,
    option_matches,
    option_names,
    parse_lobby_setting,
    parse_value,
    settable,
    value_choices,
    value_matches,
)
from engine.president import Options, OptionsError, preset

G = ADAPTER.game


def _lobby(options: Options) -> Lobby:
    return Lobby(
        lobby_id=123,
        guild_id=1,
        channel_id=2,
        adapter=ADAPTER,
        host_id=3,
        preset=options.preset,
        options=options,
        seats=options.players,
        level="normal",
        turn_seconds=60,
        players=[(3, "host")],
        computers=0,
        last_activity=0.0,
    )


def test_every_option_can_be_set_by_name() -> None:
    assert len(option_names(G)) == 25
    assert all(spec.help for spec in G.option_schema)
    assert settable(G)[:4] == ("preset", "turn_time", "level", "hints")
    assert len(settable(G)) == 29
    assert all(len(spec.help) <= 100 for spec in G.option_schema)
    base = preset("classic", players=5)
    for name in option_names(G):
        choices = value_choices(G, name, getattr(base, name))
        assert 1 <= len(choices) <= MAX_CHOICES
        # At least one menu value is accepted by the engine (from a fitting base).
        ok = []
        for _label, value in choices:
            with contextlib.suppress(OptionsError):
                ok.append(apply_setting(G, base, name, value))
        assert ok, name


def test_parse_value_and_engine_refusals() -> None:
    assert parse_value(G, "revolution", "ON") is True and parse_value(G, "butthead", "no") is False
    assert parse_value(G, "rounds", "none") is None and parse_value(G, "target", "21") == 21
    assert parse_value(G, "pass_rule", "out until next trick") == "out_until_next_trick"
    with pytest.raises(OptionsError, match="on or off"):
        parse_value(G, "revolution", "maybe")
    with pytest.raises(OptionsError, match="not a whole number"):
        parse_value(G, "target", "ten")
    with pytest.raises(OptionsError, match="no such option"):
        parse_value(G, "colour", "red")
    # An impossible combination: the engine's own message.
    with pytest.raises(OptionsError) as info:
        apply_setting(G, preset("classic", players=3), "decks", "2")
    assert str(info.value).startswith("decks: 2 decks need at least 4 players")
    house = apply_setting(G, preset("classic", jokers=2), "preset", "house")
    assert house == preset("house", players=4)


def test_lobby_settings_parse_or_refuse_clearly() -> None:
    assert parse_lobby_setting(G, "turn_time", "45s") == 45
    assert parse_lobby_setting(G, "level", " EXPERT ") == "expert"
    for name, text, words in [
        ("turn_time", "10", "from 15 to 600"),
        ("turn_time", "601", "from 15 to 600"),
        ("turn_time", "soon", "whole seconds"),
        ("level", "godlike", "choose one of random, easy, normal, hard, expert"),
    ]:
        with pytest.raises(OptionsError) as info:
            parse_lobby_setting(G, name, text)
        assert words in str(info.value) and info.value.option == name


def test_autocomplete_suggestions() -> None:
    assert option_matches(G, "")[:3] == ["preset", "turn_time", "level"]
    assert len(option_matches(G, "")) <= 25
    assert option_matches(G, "lev") == ["level"]
    assert value_matches(G, "turn_time", "12") == ["12", "120"]  # any number may be typed
    assert value_matches(G, "level", "e") == ["easy", "expert"]
    assert option_matches(G, "skip") == ["skip_on_equal"]
    assert value_matches(G, "twos", "one") == ["one_less"]
    assert value_matches(G, "target", "37")[0] == "37"  # any number may be typed
    assert value_matches(G, "revolution", "") == ["on", "off"]
    assert value_matches(G, "nonsense", "") == []


def test_defaults_overrides_rebuild_the_lobby_options() -> None:
    o = preset("house", players=5, target=5, revolution=True)
    saved = defaults_overrides(G, o)
    assert saved == {"target": 5, "revolution": True, "players": 5}
    # Under a server default that changes jokers, the channel keeps its own value.
    saved = defaults_overrides(G, preset("classic"), below={"jokers": 2})
    assert saved["jokers"] == 0
    merged = {**{"jokers": 2}, **saved}
    rebuilt = preset("classic", **{k: v for k, v in merged.items() if k != "players"})
    assert rebuilt == preset("classic")


def test_house_view_within_discord_limits() -> None:
    for selected in (None, "target", "rounds", "players"):
        rows = house_view(_lobby(preset("classic", target=99)), selected).to_components()
        assert len(rows) <= 5
        for row in rows:
            comps = row["components"]
            assert len(comps) <= 5
            for c in comps:
                assert len(c["custom_id"]) <= 100 and len(c.get("label", "")) <= 80
                assert len(c.get("options", [])) <= 25
                for opt in c.get("options", []):
                    assert len(opt["label"]) <= 100 and len(opt.get("description", "")) <= 100
    rows = house_view(_lobby(preset("classic", target=99)), "target").to_components()
    value = next(c for r in rows for c in r["components"] if c["custom_id"].endswith(":target"))
    assert any(o["value"] == "99" and o.get("default") for o in value["options"])
