"""President's rules text: every preset fits an embed and says what it changes."""

from __future__ import annotations

import pytest

from cogs.president.rules_text import DESCRIPTION_LIMIT, FIELD_LIMIT, rules_text
from engine.president import PRESETS, Options, preset


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


def test_rules_text_says_how_a_play_is_made_on_discord() -> None:
    one_deck = _section(preset("classic"), "Your turn on Discord")
    assert "every play you may make" in one_deck and "plays it at once" in one_deck
    assert "**Pass**" in one_deck and "rank" not in one_deck
    assert "**Give back**" in one_deck  # the President gives cards back, and confirms
    two_decks = _section(preset("house", decks=2, players=4), "Your turn on Discord")
    assert "choose a rank, then how many cards, then press **Play**" in two_decks
    assert "Give back" not in _section(preset("ladder"), "Your turn on Discord")  # no choices
