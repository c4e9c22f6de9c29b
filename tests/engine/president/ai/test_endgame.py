"""The expert's exact endgame search: right answers, a sound transposition
table, a budget it keeps, and a fall-back to playouts past it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.president import PLAY, Options, President, preset
from engine.president.ai import ExpertPlayer, make_player
from engine.president.ai.endgame import EndgameSolver, OverBudget
from engine.president.plays import Play

from ..test_properties import options


def _naive(state: President, me: int) -> tuple[int, ...]:
    """The same max^n search without a transposition table."""
    p = state.turn
    assert p is not None
    best: tuple[int, ...] | None = None
    for play in state.legal_list():
        res = _naive_after(state, play, me)
        if best is None or res[p] < best[p] or (res[p] == best[p] and res[me] > best[me]):
            best = res
    assert best is not None
    return best


def _naive_after(state: President, play: Play, me: int) -> tuple[int, ...]:
    """Everyone's finishing position once ``play`` is made and the round is
    searched out without a table."""
    child = state.copy()
    child.apply_unchecked(play)
    pos = list(_naive(child, me)) if child.phase == PLAY else [-1] * state.n
    for i, q in enumerate(child.finished):
        pos[q] = i
    return tuple(pos)


def _endgame(opts: Options, seed: int, cards: int) -> President | None:
    """A position of a random round once its active players hold at most
    ``cards`` cards in all (normal players up to there)."""
    g = President.new_game(opts, seed=seed)
    bots = [make_player("normal", seed + p) for p in range(g.n)]
    while g.phase != PLAY or sum(g.sizes[q] for q in range(g.n) if g.active_mask >> q & 1) > cards:
        if g.phase == PLAY or g.current_player is not None:
            p = g.current_player
            assert p is not None
            g.apply(bots[p].decide(g.observation(p)), p)
        else:
            return None
    return g


def test_a_pair_that_lets_an_opponent_out_is_avoided() -> None:
    g = President.from_hands(preset("classic"), ["3C 3D KH", "4C 5C", "QC QD"])
    assert str(make_player("normal", 1).decide(g.observation(0))) == "33"
    solver = EndgameSolver(me=0, limit=10_000)
    assert {str(p): solver.position_after(g, p) for p in g.legal_list()} == {
        "3": 0,
        "33": 1,
        "K": 0,
    }
    # the expert, shown the true hands, plays the line that goes out first
    expert = ExpertPlayer(1, endgame=52)

    def truth(count: int) -> Iterator[President]:
        for _ in range(count):
            yield g.copy()

    obs = g.observation(0)
    base = Play.parse("33")
    candidates = [d for d in obs.legal if isinstance(d, Play)]
    choice = expert.solve_endgame(obs, candidates, base, truth)
    assert choice is not None and str(choice) in ("3", "K")


@settings(max_examples=25, deadline=None)
@given(options(), st.integers(0, 2**32))
def test_the_transposition_table_changes_no_answer(opts: Options, seed: int) -> None:
    g = _endgame(opts, seed % 1000, cards=7)
    if g is None:
        return
    me = g.current_player
    assert me is not None
    solver = EndgameSolver(me=me, limit=1_000_000)
    for play in g.legal_list():
        assert solver.position_after(g, play) == _naive_after(g, play, me)[me]


def test_the_node_budget_is_kept() -> None:
    g = _endgame(preset("classic"), 4, cards=12)
    assert g is not None
    solver = EndgameSolver(me=g.current_player or 0, limit=50)
    with pytest.raises(OverBudget):
        for play in g.legal_list():
            solver.position_after(g, play)
    assert solver.nodes == 51


@pytest.mark.parametrize("rules", ["classic", "revolution"])
def test_the_expert_endgame_is_legal_reproducible_and_falls_back(rules: str) -> None:
    for seed in range(6):
        g = _endgame(preset(rules), seed, cards=10)
        if g is None:
            continue
        p = g.current_player
        assert p is not None
        obs = g.observation(p)
        exact = [ExpertPlayer(seed, playouts=16, endgame=10).decide(obs) for _ in range(2)]
        assert exact[0] == exact[1] and exact[0] in obs.legal
        # a budget of one position always gives up: the playouts decide
        tight = ExpertPlayer(seed, playouts=16, endgame=10, endgame_nodes=1).decide(obs)
        assert tight in obs.legal


def test_random_endgames_end_with_a_legal_expert_decision() -> None:
    rng = random.Random(5)
    for _ in range(4):
        opts = preset(rng.choice(["house", "ladder"]))
        g = _endgame(opts, rng.randrange(1000), cards=9)
        if g is None:
            continue
        while g.phase == PLAY:
            p = g.current_player
            assert p is not None
            bot = ExpertPlayer(p, playouts=8, endgame=9, endgame_deals=4)
            g.apply(bot.decide(g.observation(p)), p)
