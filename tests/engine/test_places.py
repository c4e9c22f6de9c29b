"""A round's places: one rule (standard competition ranking) computed by the
engine for every game and checked by the storage before it records a round."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data import are_places
from engine import GameType, RoundScore, game_types, places
from engine.stats import check_places

CANNOT_TIE = {"president": "places are the order in which the players went out"}
"""Games whose rounds never tie, and why; every other game must reach a tie."""

MAX_ROUNDS = 400
"""Random rounds a game may take to tie (the games here tie within a few dozen)."""


def test_a_tie_shares_a_place_and_skips_the_next() -> None:
    assert places([0, 5, 5, 9], lower_is_better=True) == (0, 1, 1, 3)
    assert places([9, 5, 5, 0], lower_is_better=False) == (0, 1, 1, 3)
    assert places([2, 2, 2], lower_is_better=True) == (0, 0, 0)
    assert places([], lower_is_better=True) == ()


@pytest.mark.parametrize("n", range(1, 6))
def test_storage_accepts_exactly_the_places_the_engine_computes(n: int) -> None:
    # every vector of candidate places: the storage's rule holds for it exactly
    # when it is its own ranking under the engine's rule
    for positions in itertools.product(range(n), repeat=n):
        ranked = places(positions, lower_is_better=True)
        assert are_places(positions) == (ranked == positions), positions
        # and the check the table asks before storing agrees with both
        try:
            check_places(positions, n)
        except ValueError:
            assert not are_places(positions), positions
        else:
            assert are_places(positions), positions


@given(st.lists(st.integers(-20, 20), max_size=8), st.booleans())
def test_the_storage_accepts_every_ranking_of_scores(scores: list[int], lower: bool) -> None:
    assert are_places(places(scores, lower_is_better=lower))


def _better_or_equal(a: int, b: int, game: GameType) -> bool:
    return a <= b if game.lower_is_better else a >= b


def _rounds_until_a_tie(game: GameType) -> tuple[list[RoundScore], bool]:
    """Random rounds of every preset and table size in turn, until one ties."""
    played: list[RoundScore] = []
    configs = [
        (name, n)
        for name, info in game.presets.items()
        for n in range(info.min_players, info.max_players + 1)
    ]
    seed = 0
    while len(played) < MAX_ROUNDS:
        name, n = configs[seed % len(configs)]
        state: Any = game.new_game(game.make_options(name, {"players": n}), seed)
        rng = random.Random(seed)
        seed += 1
        while not state.is_terminal():
            if state.is_round_over():
                state.start_round()
                continue
            state.apply(rng.choice(list(state.legal_actions())), state.current_player)
        for result in state.round_results():
            played.append(result)
            if len(set(result.positions)) < len(result.positions):
                return played, True
    return played, False


@pytest.mark.parametrize("game", game_types(), ids=lambda g: g.name)
def test_every_game_reports_places_the_storage_records(game: GameType) -> None:
    played, tied = _rounds_until_a_tie(game)
    assert tied or game.name in CANNOT_TIE, f"{game.name}: no tie in {len(played)} rounds"
    for r in played:
        pos, scores = r.positions, r.scores
        assert are_places(pos) and places(pos, lower_is_better=True) == pos, r
        for p, q in itertools.permutations(range(len(pos)), 2):
            if pos[p] < pos[q]:  # a better place never scored worse
                assert _better_or_equal(scores[p], scores[q], game), r
            if pos[p] == pos[q]:  # a shared place is an equal score
                assert scores[p] == scores[q], r
