"""The coach in the reader's language: a hint and a review read in French and
Japanese in every game, nothing left in English under the pseudo-locale, and
English exactly as the engine writes it (the terminal and the stored reviews
read that)."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

from cogs.bigtwo.adapter import ADAPTER as BIGTWO
from cogs.president.adapter import ADAPTER as PRESIDENT
from cogs.sixty.adapter import ADAPTER as SIXTY
from cogs.table.coach import hint_text, review_embeds
from cogs.table.coach_words import number, worded
from cogs.table.coach_work import ReviewResult
from engine.coach import Suggestion, Words, hint, review
from locales import reading
from locales.pseudo import untranslated
from tests.engine.coach.helpers import midgame, played_game

ADAPTERS: dict[str, Any] = {"president": PRESIDENT, "bigtwo": BIGTWO, "sixty": SIXTY}
PRESETS = {"president": "revolution", "bigtwo": "standard", "sixty": "standard"}
SHORT = {"president": {"rounds": 1}, "bigtwo": {"deals": 1}, "sixty": {"rounds": 1}}
games = pytest.mark.parametrize("game", list(PRESETS))

# what each game's estimate says, in each language
ESTIMATES = {
    ("president", "fr"): "première moitié",
    ("president", "ja"): "上位半分",
    ("bigtwo", "fr"): "pénalité attendue",
    ("bigtwo", "ja"): "予想失点",
    ("sixty", "fr"): "points attendus cette manche",
    ("sixty", "ja"): "このラウンドの予想失点",
}


@functools.cache
def _hints(game: str) -> tuple[Suggestion, ...]:
    """Hints from several positions of ``game`` (a small budget: the words, not the play)."""
    tips: list[Suggestion] = []
    for seed, moves in ((1, 0), (2, 5), (3, 11), (4, 2), (5, 9), (6, 20)):
        state = midgame(game, PRESETS[game], seed, moves)
        tips += hint(game, state.observation(state.current_player), seed=7, budget_s=0.05)
    return tuple(tips)


@functools.cache
def _review(game: str) -> ReviewResult:
    state = played_game(game, PRESETS[game], 3, SHORT[game])
    result = review(game, state.record().to_json(), 1, seed=5)
    assert result.costliest, "a review with no costly decision shows no reason"
    hands = tuple(("3D", "4S") for _ in result.costliest)
    return ReviewResult(result, hands)


def _review_text(game: str) -> str:
    embeds, _files = review_embeds(ADAPTERS[game], 12, "alice", _review(game))
    return "\n".join(f"{e.title}\n{e.description}" for e in embeds)


def _hint(game: str, tips: list[Suggestion]) -> str:
    """The hint as the bot sends it: each decision named by the game's adapter."""
    return hint_text(game, tips, ADAPTERS[game].decision_text)


@games
def test_english_reads_exactly_as_the_engine_writes_it(game: str) -> None:
    words: list[Words] = [w for t in _hints(game) for w in (t.estimate, t.reason)]
    words += [
        w
        for d in _review(game).review.decisions
        for w in (d.played_estimate, d.coach_estimate, d.coach_reason)
    ]
    assert words and all(worded(w) == str(w) for w in words)
    tips = list(_hints(game)[:3])
    text = hint_text(game, tips)
    assert f"1. **{tips[0].notation}** — {tips[0].estimate}. {tips[0].reason}" in text


@games
@pytest.mark.parametrize("locale", ["fr", "ja"])
def test_a_hint_reads_in_the_readers_language(game: str, locale: str) -> None:
    tips = list(_hints(game))
    with reading(locale):
        texts = [_hint(game, tips[i : i + 3]) for i in range(0, len(tips), 3)]
        reasons = {worded(t.reason) for t in tips}
    for text in texts:
        assert ESTIMATES[game, locale] in text, text
    english = {str(t.reason) for t in tips}
    assert not reasons & english, reasons & english


@games
@pytest.mark.parametrize("locale", ["fr", "ja"])
def test_a_review_reads_in_the_readers_language(game: str, locale: str) -> None:
    r = _review(game).review
    with reading(locale):
        text = _review_text(game)
    assert ESTIMATES[game, locale] in text, text
    for d in r.costliest:
        assert str(d.coach_reason) not in text
        assert str(d.coach_estimate) not in text


def _nodes(w: Words) -> list[Words]:
    """``w`` and every phrase nested in it."""
    return [w] + [n for v in w.params.values() if isinstance(v, Words) for n in _nodes(v)]


@games
def test_no_english_is_left_in_the_coachs_words(game: str) -> None:
    allowed = ("alice", "3D", "4S")
    tips = list(_hints(game))
    words = [w for t in tips for w in (t.estimate, t.reason)]
    words += [
        w
        for d in _review(game).review.costliest
        for w in (d.played_estimate, d.coach_estimate, d.coach_reason)
    ]
    with reading("qps-ploc"):
        texts = [_hint(game, tips[i : i + 3]) for i in range(0, len(tips), 3)]
        texts.append(_review_text(game))
        # a value inside a message sits inside its brackets, where the detector
        # does not look: each phrase is checked on its own, nested ones too
        texts += [worded(n) for w in words for n in _nodes(w)]
    for text in texts:
        assert untranslated(text, allowed) == [], text


def test_figures_are_written_as_the_reader_writes_numbers() -> None:
    w = Words(
        "expected penalty {penalty:.1f}, out first {chance:.0%}", {"penalty": 3.25, "chance": 0.5}
    )
    assert str(w) == "expected penalty 3.2, out first 50%"
    with reading("fr"):
        assert worded(w) == "pénalité attendue 3,2, premier sorti 50\xa0%"
        assert [number(x, "+.0f") for x in (2.4, -0.3, -7.6)] == ["+2", "-0", "-8"]


def test_plural_forms_are_the_readers_own() -> None:
    from engine.coach import _n

    text = "takes control with a 2, leaving you {n} cards"
    one, three = (_n(text, text, k) for k in (1, 3))
    assert str(one) == "takes control with a 2, leaving you 1 cards"  # as English read before
    with reading("fr"):
        assert worded(one) == "prend la main avec un 2, il vous reste 1 carte"
        assert worded(three) == "prend la main avec un 2, il vous reste 3 cartes"


def test_a_nested_phrase_is_worded_in_the_readers_language_too() -> None:
    sevens = Words("a pair of {ranks}", {"ranks": Words("{rank}s", {"rank": "7"})})
    queens = Words("a pair of {ranks}", {"ranks": Words("Qs", context="ranks")})
    w = Words("beats the trick with {what} and keeps your 2s to regain the lead", {"what": sevens})
    assert str(w) == "beats the trick with a pair of 7s and keeps your 2s to regain the lead"
    assert str(queens) == "a pair of Qs"
    with reading("fr"):
        assert worded(w) == "bat le pli avec une paire de 7 et garde vos 2 pour reprendre la main"
        assert worded(queens) == "une paire de Dames"
    with reading("ja"):
        assert re.search("7のペアで", worded(w))


def test_the_coachs_decisions_are_named_in_the_readers_language() -> None:
    from engine.game import game_type

    named = {
        "president": ("pass", "KK", "give 3C"),
        "bigtwo": ("pass", "9C 9D"),
        "sixty": ("attack 5x2", "pass 3x1", "fight 10x2", "take"),
    }
    with reading("fr"):
        said = {
            game: [ADAPTERS[game].decision_text(game_type(game).parse_decision(n)) for n in notes]
            for game, notes in named.items()
        }
    assert said == {
        "president": ["passe", "paire de Rois", "Rendre 3♣"],
        "bigtwo": ["Passer", "Paire de 9 (9♣ 9♦)"],
        "sixty": [
            "attaquer avec 5 ×2 = 10",
            "renvoyer avec 3 ×1 = 3",
            "riposter avec 10 ×2 = 20",
            "ramasser les cartes",
        ],
    }
