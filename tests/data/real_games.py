"""Real games stored through the API, as the bot stores them (engine in, JSON out).

The data layer never imports the engine; these helpers do the bot's side: a new game
is stored with its header, round 1's deal and the state written without its record;
every accepted decision is appended (with the round's result when it ended one, and
the winners when it ended the game); every later deal starts a round.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from data import Database, LiveTable, NewGame, RoundResult, Seat, SeatResult
from engine.game import GameState, game_type


def new_state(kind: str, seed: int, players: int, preset: str | None = None) -> GameState:
    game = game_type(kind)
    options = game.make_options(preset or game.default_preset, {"players": players})
    return game.new_game(options, seed)


def header_and_deal(state: GameState) -> tuple[str, str]:
    """The record's header (without rounds) and its last deal (without decisions)."""
    record = json.loads(state.record().to_json())
    deal = dict(record.pop("rounds")[-1])
    deal.pop("decisions")
    return json.dumps(record), json.dumps(deal)


def new_game(
    state: GameState,
    seats: Sequence[Seat],
    *,
    guild_id: int = 1,
    channel_id: int = 100,
    preset: str = "classic",
) -> NewGame:
    header, deal = header_and_deal(state)
    options = state.options.to_dict()
    return NewGame(
        guild_id=guild_id,
        channel_id=channel_id,
        kind=state.kind,
        preset=preset,
        options_json=json.dumps(options),
        scoring=str(options.get("scoring", state.kind)),
        seats=list(seats),
        header_json=header,
        snapshot_json=state.to_json(include_record=False),
        deal_json=deal,
        lower_is_better=game_type(state.kind).lower_is_better,
    )


def round_result(state: GameState) -> RoundResult:
    """The last finished round of ``state`` in the storage's shape."""
    r = state.round_results()[-1]
    return RoundResult(
        number=r.number,
        seats=[
            SeatResult(
                seat=p,
                position=r.positions[p],
                score=r.scores[p],
                total=r.totals[p],
                details=r.details[p] if r.details else {},
            )
            for p in range(state.n)
        ],
        statistics=game_type(state.kind).statistics,
    )


async def step(db: Database, game_id: int, version: int, state: GameState, rng: Any) -> int:
    """One move of a stored game (a decision, or the next deal); returns the new version."""
    if state.is_round_over():
        state.start_round()
        _, deal = header_and_deal(state)
        return await db.start_round(game_id, version, state.to_json(include_record=False), deal)
    player = state.current_player
    assert player is not None
    decision = rng.choice(list(state.legal_actions()))
    rounds = len(state.round_results())
    state.apply(decision, player)
    ended = len(state.round_results()) > rounds
    outcome = state.outcome() if state.is_terminal() else None
    return await db.append_decision(
        game_id,
        version,
        player,
        str(decision),
        round_result=round_result(state) if ended else None,
        winners=outcome.winners if outcome is not None else None,
    )


def resume(table: LiveTable) -> GameState:
    """The state a stored live table resumes to, as the bot resumes it."""
    game = game_type(table.kind)
    state = game.from_json(table.snapshot_json, game.load_record(table.record_json))
    for player, text in table.decisions:
        state.apply(game.parse_decision(text), player)
    return state


def replay(kind: str, record_json: str) -> GameState | None:
    """The state a whole record replays to; None before its first decision (a replay
    yields the state after each decision, so a record without one gives none)."""
    game = game_type(kind)
    state: GameState | None = None
    for s in game.replay(game.load_record(record_json)):
        assert s.error is None, s.error
        state = s.state
    return state


def same_state(a: GameState | None, b: GameState) -> bool:
    return a is not None and bool(json.loads(a.to_json()) == json.loads(b.to_json()))


def rng(seed: int) -> random.Random:
    return random.Random(seed)
