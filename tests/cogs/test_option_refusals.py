"""The engine's refusals of impossible rules (``/<game> set``, the House rules
panel, ``/<game> new`` with saved rules) reach players in their own language:
the engine gives a reason and its values, the bot words them. Option names
and values stay as players type them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.errors import Errors
from cogs.options import options_refusal
from cogs.table.settings import apply_setting
from engine import OptionsError, game_type
from locales import reading
from locales.pseudo import untranslated

REASONS = {
    "no_such_option",
    "no_preset",
    "not_on_off",
    "not_a_choice",
    "not_whole",
    "out_of_range",
    "at_least",
    "two_decks_players",
    "jokers_for_decks",
    "ladder_titles_players",
    "ladder_scoring_players",
    "needs_an_end",
}
"""Every reason the engine's options give (engine/errors.py)."""


def _refused(game: str, preset: str, values: dict[str, Any]) -> OptionsError:
    with pytest.raises(OptionsError) as caught:
        game_type(game).make_options(preset, values)
    return caught.value


def _set(game: str, option: str, value: str) -> OptionsError:
    g = game_type(game)
    with pytest.raises(OptionsError) as caught:
        apply_setting(g, g.make_options(g.default_preset, {}), option, value)
    return caught.value


def _every_refusal() -> list[OptionsError]:
    return [
        _refused("president", "classic", {"nope": 1}),
        _refused("bigtwo", "standard", {"nope": 1}),
        _refused("sixty", "standard", {"nope": 1}),
        _refused("president", "zzz", {}),
        _refused("sixty", "zzz", {}),
        _set("president", "revolution", "maybe"),
        _refused("sixty", "standard", {"voluntary_take": "x"}),
        _set("president", "twos", "zzz"),
        _refused("sixty", "standard", {"tiebreak": "zzz"}),
        _set("president", "rounds", "many"),
        _refused("sixty", "standard", {"rounds": "3"}),
        _set("sixty", "rounds", "25"),
        _refused("sixty", "standard", {"rounds": 25}),
        _refused("president", "classic", {"players": 9}),
        _refused("bigtwo", "standard", {"deals": 500}),
        _refused("president", "classic", {"target": 0}),
        _refused("president", "classic", {"rounds": 0}),
        _refused("president", "classic", {"decks": 2, "players": 3}),
        _refused("president", "classic", {"jokers": 3}),
        _refused("president", "classic", {"decks": 2, "players": 5, "jokers": 5}),
        _refused("president", "classic", {"titles": "ladder", "players": 5}),
        _refused("president", "classic", {"scoring": "ladder", "players": 5}),
        _refused("bigtwo", "standard", {"deals": None, "threshold": None}),
    ]


def test_every_refusal_has_a_reason_and_keeps_its_english_message() -> None:
    errors = _every_refusal()
    assert {e.reason for e in errors} == REASONS
    rounds = _refused("sixty", "standard", {"rounds": 25})
    assert str(rounds) == "rounds: choose 1 to 20 rounds, not 25"
    assert (rounds.reason, rounds.params) == (
        "out_of_range",
        {"option": "rounds", "low": 1, "high": 20, "value": 25},
    )
    ladder = _refused("president", "classic", {"titles": "ladder", "players": 5})
    assert str(ladder).startswith("players: the ladder titles need exactly 4 players")


def test_the_pseudo_locale_leaves_no_english_in_any_refusal() -> None:
    with reading("qps-ploc"):
        texts = [options_refusal(e) for e in _every_refusal()]
    left = {t: w for t in texts if (w := untranslated(t))}
    assert all(t.startswith("[") for t in texts) and left == {}, (texts, left)


def test_a_french_reader_reads_the_refusals_in_french() -> None:
    with reading("fr"):
        assert options_refusal(_set("sixty", "rounds", "25")) == (
            "rounds : choisissez un nombre de 1 à 20"
        )
        assert options_refusal(
            _refused("president", "classic", {"titles": "ladder", "players": 5})
        ) == (
            "players : les titres ladder demandent exactement 4 joueurs ; mettez players à 4 "
            "ou choisissez d’autres titles"
        )
        assert options_refusal(_refused("bigtwo", "standard", {"nope": 1})) == (
            "nope : Big Two n’a pas cette option"
        )
        assert options_refusal(_refused("president", "classic", {"jokers": 3})) == (
            "jokers : avec 1 paquet, utilisez de 0 à 2 jokers"
        )
        assert options_refusal(_set("president", "revolution", "maybe")) == (
            "revolution : dites on ou off, pas 'maybe'"
        )


def test_a_japanese_reader_reads_the_refusals_in_japanese() -> None:
    with reading("ja"):
        assert options_refusal(_set("sixty", "rounds", "25")) == (
            "rounds：1から20までの数を選んでください"
        )
        assert options_refusal(_refused("sixty", "standard", {"nope": 1})) == (
            "nope：シックスティにそのオプションはありません"
        )
        assert options_refusal(
            _refused("bigtwo", "standard", {"deals": None, "threshold": None})
        ) == (
            "deals：終わりのないセッションはできません。deals に数を設定するか、"
            "threshold を設定してください"
        )


def test_an_english_reader_reads_the_engines_own_words() -> None:
    for error in (
        _set("sixty", "rounds", "25"),
        _set("sixty", "tiebreak", "zzz"),
        _set("president", "revolution", "maybe"),
        _set("president", "rounds", "many"),
        _refused("president", "classic", {"decks": 2, "players": 3}),
        _refused("president", "classic", {"titles": "ladder", "players": 5}),
        _refused("president", "classic", {"scoring": "ladder", "players": 5}),
        _refused("bigtwo", "standard", {"deals": None, "threshold": None}),
    ):
        assert options_refusal(error) == str(error)


class _Interaction:
    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.command = None
        self.data = {"custom_id": "sixty:set"}
        self.sent: list[str] = []
        self.response = SimpleNamespace(is_done=lambda: False, send_message=self._send)
        self.followup = SimpleNamespace(send=self._send)

    async def _send(self, content: str = "", **_: Any) -> None:
        self.sent.append(content)


async def test_the_error_cog_words_a_refusal_of_set_in_the_asker_language() -> None:
    bot = SimpleNamespace(tree=SimpleNamespace(on_error=None, interaction_check=None))
    cog = Errors(bot)  # type: ignore[arg-type]
    french = _Interaction("fr")
    await cog.handle(french, _set("sixty", "rounds", "25"))  # type: ignore[arg-type]
    assert french.sent == ["rounds : choisissez un nombre de 1 à 20"]
