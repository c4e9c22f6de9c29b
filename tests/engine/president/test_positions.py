"""Positions with their expected number of legal plays, counted by hand as
distinct (rank, number of cards) plus the pass, like perft counts in chess."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.president import President, preset

from .helpers import play

POSITIONS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "fixtures" / "positions.json").read_text()
)


@pytest.mark.parametrize("pos", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_legal_play_counts(pos: dict[str, Any]) -> None:
    g = President.from_hands(preset(pos["preset"], **pos["options"]), pos["hands"])
    play(g, *pos["moves"])
    plays = list(g.legal_plays())
    assert len(plays) == pos["legal"], [str(p) for p in plays]
    assert len(set(plays)) == len(plays), "no duplicates"
