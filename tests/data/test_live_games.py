"""Real President games stored as the bot stores them: resuming gives the live state.

At every step of a game the stored :class:`LiveTable` (snapshot, record as of the
snapshot, decisions since) resumes to the very state the engine holds, the assembled
record replays to it, and the finished game keeps a record that replays to the end.
``HYPOTHESIS_PROFILE=thorough`` plays more games.
"""

from __future__ import annotations

import json
import random

import pytest

from data import Database, Seat
from tests.data.real_games import new_game, new_state, replay, resume, same_state, step
from tests.sizes import THOROUGH, sized

GAMES = [(seed, 3 + seed % 4) for seed in range(sized(2, ci=2, thorough=24))]


@pytest.mark.parametrize(("seed", "players"), GAMES)
async def test_stored_game_resumes_to_the_live_state(db: Database, seed: int, players: int) -> None:
    state = new_state("president", seed, players)
    seats = [Seat.human(10 + p, f"P{p}") for p in range(players - 1)] + [Seat.computer("easy")]
    game_id = await db.create_game(new_game(state, seats))
    rng = random.Random(seed)
    version = 0
    steps = 0
    every = 1 if THOROUGH else 11
    while not state.is_terminal():
        dealt = state.is_round_over()
        version = await step(db, game_id, version, state, rng)
        steps += 1
        if state.is_terminal():
            break
        if dealt or steps % every == 0:
            table = await db.live_table(game_id)
            assert table is not None and table.version == version
            assert same_state(resume(table), state), f"step {steps}"
            # at most the current round is replayed on resume
            last_round = json.loads(state.record().to_json())["rounds"][-1]
            assert len(table.decisions) <= len(last_round["decisions"])
            if dealt:
                assert table.decisions == ()
                assert json.loads(table.record_json)["rounds"][-1]["decisions"] == []
        if steps % (every * 5) == 0:
            record = await db.game_record(game_id)
            assert record is not None
            assert json.loads(record) == json.loads(state.record().to_json())
    details = await db.game(game_id)
    assert details is not None and details.summary.status == "finished"
    outcome = state.outcome()
    assert outcome is not None and details.summary.winners == tuple(sorted(outcome.winners))
    assert details.record_json is not None
    assert same_state(replay("president", details.record_json), state)
    assert len(details.rounds) == len(state.round_results())
    assert await db.live_tables() == []


async def test_abandoned_game_keeps_a_record_that_replays(db: Database) -> None:
    state = new_state("president", 5, 4)
    seats = [Seat.human(1, "A"), Seat.human(2, "B"), Seat.human(3, "C"), Seat.computer("easy")]
    game_id = await db.create_game(new_game(state, seats))
    rng = random.Random(5)
    version = 0
    while state.round_number < 2:
        version = await step(db, game_id, version, state, rng)
    for _ in range(5):
        version = await step(db, game_id, version, state, rng)
    await db.abandon_game(game_id)
    record = await db.game_record(game_id)
    assert record is not None and same_state(replay("president", record), state)
    assert (await db.game(game_id)).summary.status == "abandoned"  # type: ignore[union-attr]
