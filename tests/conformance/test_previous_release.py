"""Records and stored states written by the previous release (before the
engine kit) still load, resume and replay, byte for byte.

Each fixture in ``previous_release/`` was written by that release: a state
forty decisions in (with and without its record), and the final state and
record of the same game played on by random decisions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import game_type

HERE = Path(__file__).parent / "previous_release"
FIXTURES = sorted(HERE.glob("*.json"))


def _game(path: Path) -> Any:
    return game_type(path.stem.split("-")[0])


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_stored_state_loads_and_writes_the_same_json(path: Path) -> None:
    game = _game(path)
    data = json.loads(path.read_text())
    assert game.from_json(data["state"]).to_json() == data["state"]
    record = game.load_record(data["record"])
    assert record.to_json() == data["record"]
    resumed = game.from_json(data["bare_state"], record)
    assert resumed.to_json() == data["state"]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_stored_record_replays_to_the_final_state(path: Path) -> None:
    game = _game(path)
    data = json.loads(path.read_text())
    record = game.load_record(data["final_record"])
    assert record.to_json() == data["final_record"]
    steps = list(game.replay(record))
    assert all(s.error is None for s in steps)
    assert steps[-1].state.to_json(include_record=False) == data["final_state"]
    assert steps[-1].state.is_terminal() == data["terminal"]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_stored_game_resumes_and_plays_on_to_the_same_end(path: Path) -> None:
    game = _game(path)
    data = json.loads(path.read_text())
    final = game.load_record(data["final_record"])
    state = game.from_json(data["bare_state"], game.load_record(data["record"]))
    done = sum(len(r.decisions) for r in game.load_record(data["record"]).rounds)
    later = [(p, d) for r in final.rounds for p, d in r.decisions][done:]
    deals = iter(r.deal for r in final.rounds[len(game.load_record(data["record"]).rounds) :])
    for player, decision in later:
        if state.is_round_over():
            state.start_round(next(deals))  # the deal the stored game had
        state.apply(decision, player)
    assert state.to_json(include_record=False) == data["final_state"]
