"""Reviews: an accuracy in [0, 1] and the costliest decisions, all the
player's own, replayed from the record."""

from __future__ import annotations

import pickle

import pytest

from engine.coach import hook, review
from engine.game import game_type

from .helpers import played_game

SHORT = {"president": {"rounds": 1}, "bigtwo": {"deals": 1}, "sixty": {"rounds": 1}}


@pytest.mark.parametrize(
    ("name", "preset"), (("president", "revolution"), ("bigtwo", "standard"), ("sixty", "standard"))
)
def test_review_of_a_game(name: str, preset: str) -> None:
    state = played_game(name, preset, 3, SHORT[name])
    record = state.record()
    seen: list[tuple[int, int]] = []
    result = review(name, record.to_json(), 1, seed=5, progress=lambda d, t: seen.append((d, t)))
    assert 0.0 <= result.accuracy <= 1.0
    assert result.decisions, "a whole round gave the player no choice at all"
    own = {
        (i + 1, k): str(d)
        for i, rnd in enumerate(record.rounds)
        for k, (p, d) in enumerate(rnd.decisions, 1)
        if p == 1
    }
    for d in result.decisions:
        assert own[(d.round, d.number)] == d.played
        assert d.cost >= 0
    assert len(result.costliest) <= 3
    assert all(c in result.decisions and c.cost > 0 for c in result.costliest)
    assert [c.cost for c in result.costliest] == sorted(
        (c.cost for c in result.costliest), reverse=True
    )
    assert seen[-1] == (len(own), len(own))
    good = sum(1 for d in result.decisions if d.good or d.cost <= result.margin)
    assert result.accuracy == good / len(result.decisions)
    assert pickle.loads(pickle.dumps(result)) == result
    assert review(name, record, 1, seed=5) == result  # a seed repeats


def test_only_a_player_who_sat_can_be_reviewed() -> None:
    state = played_game("bigtwo", "standard", 4, {"deals": 1})
    with pytest.raises(ValueError, match="player 4 did not sit in this game"):
        review("bigtwo", state.record(), 4)


@pytest.mark.parametrize(("name", "preset"), (("bigtwo", "standard"), ("president", "classic")))
def test_the_coachs_alternatives_are_the_players_own_legal_decisions(
    name: str, preset: str
) -> None:
    # the review names only decisions the player could make from their own hand
    # then, never a card another player held hidden
    g = game_type(name)
    state = played_game(name, preset, 6, SHORT[name])
    record = state.record()
    result = review(name, record, 2, seed=1)
    wanted = {(d.round, d.number): d.coach for d in result.decisions}
    cls = hook(name).STATE
    s = cls.replay_begin(record)
    for i, rnd in enumerate(record.rounds):
        if i:
            s.start_round(rnd.deal)
        for k, (p, d) in enumerate(rnd.decisions, 1):
            if (i + 1, k) in wanted:
                legal = {g.decision_key(x) for x in s.legal_actions()}
                assert g.decision_key(g.parse_decision(wanted[i + 1, k])) in legal
            s.apply(d, p)
