"""Hints: legal, ranked, in the game's own terms, and honest: computed from
the player's observation, never from cards they cannot see."""

from __future__ import annotations

import pickle
import random

import pytest

from engine.coach import hint
from engine.game import game_type

from .helpers import GAMES, midgame


@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_hints_are_legal_ranked_and_worded(name: str, preset: str) -> None:
    g = game_type(name)
    words = {"president": "top half", "bigtwo": "expected penalty", "sixty": "expected points"}
    for seed, moves in ((1, 0), (2, 5), (3, 11)):
        state = midgame(name, preset, seed, moves)
        p = state.current_player
        tips = hint(name, state.observation(p), seed=7)
        assert 1 <= len(tips) <= 3
        legal = {g.decision_key(d) for d in state.legal_actions()}
        for tip in tips:
            assert g.decision_key(tip.decision) in legal
            assert g.decision_key(g.parse_decision(tip.notation)) == g.decision_key(tip.decision)
            assert words[name] in tip.estimate
            assert tip.reason
        costs = [t.cost for t in tips]
        assert costs[0] == 0 and costs == sorted(costs)
        state.copy().apply(tips[0].decision, p)  # the first choice is playable as it stands


@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_hints_ignore_cards_the_player_cannot_see(name: str, preset: str) -> None:
    for seed, moves in ((4, 2), (5, 9)):
        state = midgame(name, preset, seed, moves)
        p = state.current_player
        other = state.redeal_unseen(p, random.Random(seed))
        assert other.to_dict() != state.to_dict(), "the redeal moved no hidden card"
        mine = hint(name, state.observation(p), seed=11)
        theirs = hint(name, other.observation(p), seed=11)
        assert [t.text() for t in mine] == [t.text() for t in theirs]
        assert [t.value for t in mine] == [t.value for t in theirs]


def test_a_hint_goes_to_a_worker_process_and_back() -> None:
    state = midgame("bigtwo", "standard", 6, 3)
    obs = state.observation(state.current_player)
    tips = hint("bigtwo", pickle.loads(pickle.dumps(obs)), seed=2)
    assert pickle.loads(pickle.dumps(tips)) == tips


def test_the_budget_chooses_playouts_so_a_seed_repeats() -> None:
    state = midgame("sixty", "standard", 8, 4)
    obs = state.observation(state.current_player)
    assert hint("sixty", obs, seed=3, budget_s=0.5) == hint("sixty", obs, seed=3, budget_s=0.5)


def test_no_hint_when_nothing_to_decide() -> None:
    state = midgame("bigtwo", "standard", 9, 0)
    waiting = next(q for q in range(4) if q != state.current_player)
    assert hint("bigtwo", state.observation(waiting)) == []
