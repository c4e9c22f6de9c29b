"""The coach's words are kept as English templates and values, so the bot can
word them for each reader: ``str()`` is the English sentence, a review's JSON
stores that, and every game's rule states the margin its coach uses."""

from __future__ import annotations

import json
import pickle

import pytest

from engine.coach import Words, _n, hook, review

from .helpers import played_game


@pytest.mark.parametrize(
    ("game", "said"),
    (
        ("president", "at most {:g} percentage points below"),
        ("bigtwo", "is at most {:g} point above"),
        ("sixty", "at most {:g} points more"),
    ),
)
def test_each_accuracy_rule_states_the_margin_its_coach_uses(game: str, said: str) -> None:
    assert said.format(hook(game).MARGIN) in hook(game).RULE


def test_a_sentence_reads_in_english_with_its_figures_as_before() -> None:
    pair = Words("a pair of {ranks}", {"ranks": Words("{rank}s", {"rank": "7"})})
    w = _n("beats the trick with {what} ({n} cards left)", "…", 1, what=pair)
    assert str(w) == "beats the trick with a pair of 7s (1 cards left)"
    assert str(Words("{x:+.0f} and {y:.0%}", {"x": -0.3, "y": 0.375})) == "-0 and 38%"
    assert pickle.loads(pickle.dumps(w)) == w and hash(w) == hash(pickle.loads(pickle.dumps(w)))


def test_a_reviews_json_keeps_its_english_sentences() -> None:
    state = played_game("bigtwo", "standard", 3, {"deals": 1})
    result = review("bigtwo", state.record(), 1, seed=5)
    stored = json.loads(json.dumps(result.to_dict()))
    for d, kept in zip(result.costliest, stored["costliest"], strict=True):
        assert kept["coach_reason"] == str(d.coach_reason)
        assert kept["played_estimate"].startswith("expected penalty ")
