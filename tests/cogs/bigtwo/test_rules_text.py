"""``/bigtwo rules``: the text follows every option, and the option schema
the House rules panel is built from covers every option of bigtwo.md §8."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.bigtwo.adapter import ADAPTER
from cogs.bigtwo.rules_text import FIELD_LIMIT, differences_text, rules_text
from engine.bigtwo import PRESETS, Options, preset

SECTION_8 = (
    "players",
    "suit_order",
    "straights",
    "flush_compare",
    "last_single_two_wins",
    "pass_rule",
    "play_to_end",
    "later_leader",
    "scoring",
    "deals",
    "threshold",
)


def test_the_schema_has_every_option_with_help_text() -> None:
    schema = {spec.name: spec for spec in ADAPTER.game.option_schema}
    assert set(schema) == set(SECTION_8)
    for spec in schema.values():
        assert spec.help and len(spec.help) <= 100, spec.name
    fields = {f.name for f in dataclasses.fields(Options)} - {"preset"}
    assert fields == set(SECTION_8)
    assert all(option in schema for option, _label in ADAPTER.toggles)


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_reads_within_embed_limits(name: str) -> None:
    text = rules_text(preset(name))
    assert text.sections and all(len(body) <= FIELD_LIMIT for _h, body in text.sections)
    assert "Changed from" not in text.description


def test_the_text_follows_the_options() -> None:
    hk = "\n".join(body for _h, body in rules_text(preset("hong_kong")).sections)
    assert "A-2-3-4-5 is the highest straight" in hk
    assert "A single 2 cannot be the play that wins the deal" in hk
    assert "When leading, you pass the lead on to the next player" in hk
    assert "previous deal's winner" in hk
    pd = "\n".join(body for _h, body in rules_text(preset("pusoy_dos", players=3)).sections)
    assert "♣ < ♠ < ♥ < ♦" in pd and "3♣" in pd and "52nd card" in pd
    odd = preset(
        "standard",
        players=2,
        scoring="doubled_twos",
        pass_rule="out_until_next_trick",
        play_to_end=True,
        deals=None,
        threshold=50,
    )
    text = rules_text(odd)
    body = "\n".join(b for _h, b in text.sections)
    assert "doubles for every 2" in body and "sit out until the next trick" in body
    assert "only that player pays" in body and "reaches 50" in body and "18 are set aside" in body
    assert "Changed from standard" in text.description
    assert differences_text(odd).startswith("pass_rule = out_until_next_trick")


def test_impossible_combinations_are_refused_with_the_reason() -> None:
    from engine.errors import OptionsError

    with pytest.raises(OptionsError, match="a session needs an end"):
        ADAPTER.game.make_options("standard", {"deals": None})


def test_the_text_says_how_a_play_is_made_on_discord() -> None:
    text = dict(rules_text(preset("standard")).sections)["Your turn on Discord"]
    assert "**Suggested plays**" in text and "plays it at once" in text
    assert "**Build your own**" in text and "**Play**" in text and "**Pass**" in text
