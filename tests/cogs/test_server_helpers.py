"""Pure helpers of the server features: rules text, house-rule parsing, menus, boards."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime

import pytest

from cogs.president.rules_text import DESCRIPTION_LIMIT, FIELD_LIMIT, rules_text
from cogs.president.server_views import house_view
from cogs.president.settings import (
    MAX_CHOICES,
    OPTION_HELP,
    OPTION_NAMES,
    SETTABLE,
    apply_setting,
    defaults_overrides,
    option_matches,
    parse_lobby_setting,
    parse_value,
    value_choices,
    value_matches,
)
from cogs.stats import BOARDS, board_query, leaderboard_embed, leaderboard_view, profile_embed
from data import (
    Board,
    GameSummary,
    LeaderboardPage,
    LeaderboardRow,
    PlayerStats,
    Profile,
    Rating,
    Seat,
)
from engine.president import PRESETS, Options, OptionsError, preset


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_text_of_every_preset_fits_an_embed(name: str) -> None:
    text = rules_text(preset(name))
    assert text.title == f"President — {name} rules"
    assert PRESETS[name].summary in text.description
    assert "Changed" not in text.description
    assert 1 <= len(text.sections) <= 25
    total = len(text.title) + len(text.description)
    for heading, body in text.sections:
        assert 0 < len(body) <= FIELD_LIMIT and len(heading) <= 256
        total += len(heading) + len(body)
    assert len(text.description) <= DESCRIPTION_LIMIT and total <= 6000  # embed total


def _section(options: Options, heading: str) -> str:
    return dict(rules_text(options).sections)[heading]


def test_rules_text_follows_each_preset() -> None:
    assert "No jokers" in _section(preset("classic"), "Jokers and the top rank")
    assert "trumps" in _section(preset("house"), "Jokers and the top rank")
    assert "one card fewer" in _section(preset("house"), "Jokers and the top rank")
    assert "Off" in _section(preset("classic"), "Revolution")
    assert "flips" in _section(preset("revolution"), "Revolution")
    assert "sit out" in _section(preset("revolution"), "What beats what")
    assert "50 credits" in _section(preset("revolution"), "Scoring and end of game")
    assert "after 5 rounds" in _section(preset("ladder"), "Scoring and end of game")
    assert "swapped" in _section(preset("ladder"), "Exchange")
    assert "highest card" in _section(preset("classic"), "Exchange")
    assert "2 highest" in _section(preset("house"), "Exchange")
    assert "reach" not in _section(preset("classic"), "Scoring and end of game")
    assert "has 11" in _section(preset("classic"), "Scoring and end of game")


def test_rules_text_shows_option_changes() -> None:
    o = preset("classic", jokers=2, revolution=True, skip_on_equal=True, exchange="none")
    text = rules_text(o)
    assert "Changed from classic" in text.description
    assert "jokers = 2" in text.description and "revolution = on" in text.description
    assert "skips the next player" in _section(o, "What beats what")
    assert "No exchange" in _section(o, "Exchange")
    assert "2 jokers" in _section(o, "Cards")
    o = preset("house", twos="single_wins", rank_order="aces_high", rounds=3)
    assert "single A beats" in _section(o, "Jokers and the top rank")
    assert "after 3 rounds" in _section(o, "Scoring and end of game")
    o = preset("classic", compulsory=True, single_round=True, first_lead="three_of_clubs")
    assert "must play" in _section(o, "What beats what")
    assert "one turn" in _section(o, "What beats what")
    assert "3♣" in _section(o, "Titles and seats")
    o = preset("house", advantage=1, exchange_return="lowest", butthead=True)
    exchange = _section(o, "Exchange")
    assert "highest card" in exchange and "lowest" in exchange and "one card more" in exchange


def test_every_option_can_be_set_by_name() -> None:
    assert len(OPTION_NAMES) == 25 and set(OPTION_HELP) == set(OPTION_NAMES)
    assert SETTABLE[:3] == ("preset", "turn_time", "level") and len(SETTABLE) == 28
    assert all(len(h) <= 100 for h in OPTION_HELP.values())
    base = preset("classic", players=5)
    for name in OPTION_NAMES:
        choices = value_choices(name, getattr(base, name))
        assert 1 <= len(choices) <= MAX_CHOICES
        # At least one menu value is accepted by the engine (from a fitting base).
        ok = []
        for _label, value in choices:
            with contextlib.suppress(OptionsError):
                ok.append(apply_setting(base, name, value))
        assert ok, name


def test_parse_value_and_engine_refusals() -> None:
    assert parse_value("revolution", "ON") is True and parse_value("butthead", "no") is False
    assert parse_value("rounds", "none") is None and parse_value("target", "21") == 21
    assert parse_value("pass_rule", "out until next trick") == "out_until_next_trick"
    with pytest.raises(OptionsError, match="on or off"):
        parse_value("revolution", "maybe")
    with pytest.raises(OptionsError, match="not a whole number"):
        parse_value("target", "ten")
    with pytest.raises(OptionsError, match="no such option"):
        parse_value("colour", "red")
    # An impossible combination: the engine's own message.
    with pytest.raises(OptionsError) as info:
        apply_setting(preset("classic", players=3), "decks", "2")
    assert str(info.value).startswith("decks: 2 decks need at least 4 players")
    house = apply_setting(preset("classic", jokers=2), "preset", "house")
    assert house == preset("house", players=4)


def test_lobby_settings_parse_or_refuse_clearly() -> None:
    assert parse_lobby_setting("turn_time", "45s") == 45
    assert parse_lobby_setting("level", " EXPERT ") == "expert"
    for name, text, words in [
        ("turn_time", "10", "from 15 to 600"),
        ("turn_time", "601", "from 15 to 600"),
        ("turn_time", "soon", "whole seconds"),
        ("level", "godlike", "choose one of random, easy, normal, hard, expert"),
    ]:
        with pytest.raises(OptionsError) as info:
            parse_lobby_setting(name, text)
        assert words in str(info.value) and info.value.option == name


def test_autocomplete_suggestions() -> None:
    assert option_matches("")[:3] == ["preset", "turn_time", "level"]
    assert len(option_matches("")) <= 25
    assert option_matches("lev") == ["level"]
    assert value_matches("turn_time", "12") == ["12", "120"]  # any number may be typed
    assert value_matches("level", "e") == ["easy", "expert"]
    assert option_matches("skip") == ["skip_on_equal"]
    assert value_matches("twos", "one") == ["one_less"]
    assert value_matches("target", "37")[0] == "37"  # any number may be typed
    assert value_matches("revolution", "") == ["on", "off"]
    assert value_matches("nonsense", "") == []


def test_defaults_overrides_rebuild_the_lobby_options() -> None:
    o = preset("house", players=5, target=5, revolution=True)
    saved = defaults_overrides(o)
    assert saved == {"target": 5, "revolution": True, "players": 5}
    # Under a server default that changes jokers, the channel keeps its own value.
    saved = defaults_overrides(preset("classic"), below={"jokers": 2})
    assert saved["jokers"] == 0
    merged = {**{"jokers": 2}, **saved}
    rebuilt = preset("classic", **{k: v for k, v in merged.items() if k != "players"})
    assert rebuilt == preset("classic")


def test_house_view_within_discord_limits() -> None:
    for selected in (None, "target", "rounds", "players"):
        rows = house_view(123, preset("classic", target=99), selected).to_components()
        assert len(rows) <= 5
        for row in rows:
            comps = row["components"]
            assert len(comps) <= 5
            for c in comps:
                assert len(c["custom_id"]) <= 100 and len(c.get("label", "")) <= 80
                assert len(c.get("options", [])) <= 25
                for opt in c.get("options", []):
                    assert len(opt["label"]) <= 100 and len(opt.get("description", "")) <= 100
    rows = house_view(1, preset("classic", target=99), "target").to_components()
    value = next(c for r in rows for c in r["components"] if c["custom_id"].endswith(":target"))
    assert any(o["value"] == "99" and o.get("default") for o in value["options"])


def _row(rank: int, uid: int, value: float) -> LeaderboardRow:
    return LeaderboardRow(rank, uid, f"user{uid}", value, Rating(25.0, 8.0), 2, 6, 1, 3)


def test_leaderboard_embed_pages_and_own_place() -> None:
    assert board_query("points-classic") == (Board.POINTS, "classic")
    assert board_query("wins") == (Board.WINS, None)
    rows = tuple(_row(i + 1, i + 1, 30.0 - i) for i in range(10))
    page = LeaderboardPage(Board.RATING, None, 0, 10, 23, rows, _row(17, 99, 5.0))
    embed = leaderboard_embed("rating", page, viewer=99)
    assert embed.description is not None and embed.description.count("\n") == 9
    assert "`# 1` **user1** — 30.0" in embed.description
    assert "#17" in embed.fields[0].value and "page 2" in embed.fields[0].value  # type: ignore[operator]
    assert embed.footer.text == "Page 1/3 · 23 players"
    rows = leaderboard_view("rating", page, owner=99).to_components()
    ids = [c["custom_id"] for r in rows for c in r["components"]]
    assert ids == ["lb:prev:rating:0:99", "lb:next:rating:1:99", "lb:board:rating:0:99"]
    assert len(set(ids)) == len(ids)
    assert len(BOARDS) <= 25
    empty = LeaderboardPage(Board.WINS, None, 0, 10, 0, (), None)
    assert "not on this board" in str(leaderboard_embed("wins", empty, 5).fields[0].value)


def test_profile_embed() -> None:
    when = datetime(2024, 1, 1, tzinfo=UTC)
    stats = PlayerStats(
        1, 7, "alice", "President", 3, 9, 2, 4, 2, 1, 1, 1, 2.0, Rating(27.0, 6.0), 9,
        {"classic": 14, "position": 5}, when,
    )  # fmt: skip
    game = GameSummary(
        5, 1, 2, "president", "classic", "classic", "finished",
        (Seat.human(7, "alice"), Seat.computer("easy")), (0,), 2, when, when,
    )  # fmt: skip
    embed = profile_embed(Profile(stats, 1, (game,)))
    fields = {f.name: str(f.value) for f in embed.fields}
    assert embed.title == "alice — President"
    assert "9.0" in fields["Rating"] and "#1" in fields["Rating"]
    assert "3 finished · 2 won" in fields["Games"]
    assert "1st 4" in fields["Finishing places"] and "2.00" in fields["Finishing places"]
    assert fields["Points by scoring"] == "classic 14 · position 5"
    assert "🏆 won" in fields["Recent games"]
