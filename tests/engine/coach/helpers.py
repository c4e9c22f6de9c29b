"""Positions for the coach's tests: games part-played by normal players."""

from __future__ import annotations

from typing import Any

from engine.game import game_type

GAMES = (("president", "revolution"), ("bigtwo", "standard"), ("sixty", "standard"))


def midgame(name: str, preset: str, seed: int, moves: int) -> Any:
    """A game of ``name`` after ``moves`` decisions by normal players, with
    someone to act (exchanges and deals included)."""
    g = game_type(name)
    state = g.new_game(g.make_options(preset, {"players": 4}), seed)
    bot = g.make_player("normal", seed)
    made = 0
    while True:
        if state.is_round_over():
            state.start_round()
            continue
        p = state.current_player
        assert p is not None, "the game ended before the position was reached"
        if made >= moves and len(list(state.legal_actions())) > 1:
            return state
        state.apply(bot.decide(state.observation(p)), p)
        made += 1


def played_game(name: str, preset: str, seed: int, options: dict[str, Any]) -> Any:
    """A finished game of normal players; its state."""
    g = game_type(name)
    state = g.new_game(g.make_options(preset, {"players": 4, **options}), seed)
    bot = g.make_player("normal", seed)
    while not state.is_terminal():
        if state.is_round_over():
            state.start_round()
            continue
        p = state.current_player
        assert p is not None
        state.apply(bot.decide(state.observation(p)), p)
    return state
