"""Property tests: whatever a click or a command carries, each parser returns a
valid typed value or a refusal for the player, never another exception.

Written against the runtime's parsers and two games' adapters (President and
the tests' take-away game), since every game's controls go through the same
runtime.
"""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cogs.president.adapter import ADAPTER as PRESIDENT
from cogs.replies import UserFacingError
from cogs.stats import board_query
from cogs.table.adapter import Decide, Redraw
from cogs.table.models import Table, TableMeta
from cogs.table.settings import parse_lobby_setting, parse_turn_time, parse_value, settable
from data import Seat
from engine import OptionsError
from engine.president import President, preset
from tests.takeaway.adapter import ADAPTER as TAKEAWAY

TEXT = (
    st.text(max_size=12)
    | st.sampled_from(["¹", "٣"])
    | st.sampled_from(["", "3", "Q", "QQ", "pass", "3C", "3C~2", "g", "c", "X", "22"])
)
KINDS = st.sampled_from(["set", "rank", "count", "play", "pass", "give", "take", "x", ""])
VALUES = st.lists(TEXT, max_size=4)


def _table(adapter: Any, state: Any) -> Table:
    n = state.n
    meta = TableMeta(1, 60, "random", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, f"p{p}") for p in range(n)]
    return Table(1, 2, 3, adapter, state, 0, seats, meta, seed=1)


def _president(exchange: bool) -> Table:
    state = President.new_game(preset("classic"), seed=4)
    if exchange:
        while not state.is_round_over():
            state.apply(state.default_decision())
        state.start_round()
        assert state.phase == "exchange"
    return _table(PRESIDENT, state)


TABLES = [_president(False), _president(True)]


@given(st.sampled_from(TABLES), KINDS, TEXT, VALUES)
def test_president_controls_parse_or_refuse(
    t: Table, kind: str, arg: str, values: list[str]
) -> None:
    p = t.state.current_player
    before = t.state.to_json()
    try:
        action = PRESIDENT.on_control(t, p, kind, arg, values)
    except UserFacingError:
        return
    finally:
        assert t.state.to_json() == before, "parsing a click changes nothing"
    if isinstance(action, Decide):
        t.state.copy().apply(action.decision, p)  # a decision it returns is legal
    else:
        assert isinstance(action, Redraw)


@given(KINDS, TEXT, VALUES)
def test_takeaway_controls_parse_or_refuse(kind: str, arg: str, values: list[str]) -> None:
    game = TAKEAWAY.game
    t = _table(TAKEAWAY, game.new_game(game.make_options("standard", {}), 1))
    try:
        action = TAKEAWAY.on_control(t, 0, kind, arg, values)
    except UserFacingError:
        return
    assert isinstance(action, Decide)
    t.state.copy().apply(action.decision, 0)


@given(st.sampled_from([*settable(PRESIDENT.game), "colour", ""]), TEXT)
def test_settings_parse_or_refuse(name: str, text: str) -> None:
    try:
        if name in ("turn_time", "level"):
            parse_lobby_setting(PRESIDENT.game, name, text)
        else:
            parse_value(PRESIDENT.game, name, text)
    except OptionsError:
        pass


@given(st.integers() | st.text(max_size=8))
def test_turn_time_is_refused_never_clamped(value: int | str) -> None:
    try:
        seconds = parse_turn_time(value)
    except OptionsError:
        return
    assert 15 <= seconds <= 600 and str(seconds) == str(value).strip()


@given(TEXT)
def test_leaderboard_boards_parse_or_refuse(key: str) -> None:
    with contextlib.suppress(UserFacingError):
        board_query(PRESIDENT.game, key)
