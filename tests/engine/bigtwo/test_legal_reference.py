"""The engine's generation by structure against a slow brute force over
every subset of the hand (``helpers.reference_legal``, written from the
rules text), on fixed positions and on random ones."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bigtwo import BigTwo, preset

from .helpers import reference_legal, strs
from .test_properties import options

POSITIONS = json.loads((Path(__file__).parent / "fixtures" / "positions.json").read_text())


@pytest.mark.parametrize("case", POSITIONS, ids=[c["name"] for c in POSITIONS])
def test_fixture_positions(case: dict[str, Any]) -> None:
    opts = preset(case["preset"], **{**case["options"], "players": len(case["hands"])})
    g = BigTwo.from_hands(opts, case["hands"], leader=case["leader"])
    for move in case["moves"]:
        g.apply(move, g.current_player)
    generated = strs(g.legal_list())
    assert len(generated) == case["legal"]
    assert set(generated) == reference_legal(g)
    assert strs(g.legal_actions()) == generated


@given(options(), st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_random_positions(opts: Any, seed: int, moves: int) -> None:
    rng = random.Random(seed)
    g = BigTwo.new_game(opts, seed=seed)
    for _ in range(moves):
        if g.current_player is None:
            break
        g.apply(rng.choice(g.legal_list()), g.current_player)
    if g.current_player is not None:
        assert set(strs(g.legal_list())) == reference_legal(g)
