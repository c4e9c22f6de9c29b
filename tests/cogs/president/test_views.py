"""President's turn controls: one click plays any legal set; beyond one
select's 25 options, rank → count → Play still reaches every legal play."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.president.adapter import ADAPTER
from cogs.replies import UserFacingError
from cogs.table.adapter import Decide, Redraw
from cogs.table.models import Table, TableMeta
from cogs.table.snapshot import TableSnapshot
from cogs.table.text import STALE_CHOICE
from data import Seat
from engine.president import PASS, Play, President, preset


def _snapshot(state: President) -> TableSnapshot:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, f"p{p}") for p in range(n)]
    return Table(1, 2, 3, ADAPTER, state, 7, seats, meta, seed=1).snapshot()


def _items(view: Any) -> list[Any]:
    return [child.item for child in view.children]


def _kind(item: Any) -> str:
    return str(item.custom_id).split(":")[4]


def _select(view: Any, kind: str) -> Any:
    return next((i for i in _items(view) if _kind(i) == kind and hasattr(i, "options")), None)


def _arg(item: Any) -> str:
    parts = str(item.custom_id).split(":", 5)
    return parts[5] if len(parts) > 5 else ""


def _turn_view(t: TableSnapshot) -> Any:
    p = t.state.current_player
    view = ADAPTER.hand_message(t, p, controls=True).view
    assert view is not None
    return view


def _limits(view: Any) -> None:
    for item in _items(view):
        assert len(item.custom_id) <= 100
        options = getattr(item, "options", None)
        if options is None:
            assert len(item.label) <= 80
            continue
        assert 1 <= len(options) <= 25 and len(item.placeholder) <= 150
        for o in options:
            assert len(o.label) <= 100 and len(o.value) <= 100
            assert o.description is None or len(o.description) <= 100


def test_every_legal_play_is_one_option_and_one_click_plays_it() -> None:
    state = President.from_hands(
        preset("classic"), ["3C 3D 3H 7C 7D KS 2H", "4C 5C", "6C 8C", "9C TC"]
    )
    t = _snapshot(state)
    view = _turn_view(t)
    _limits(view)
    menu = _select(view, "set")
    assert menu is not None and "at once" in menu.placeholder
    assert _select(view, "rank") is None  # no rank → count → Play steps
    legal = [p for p in state.legal_list() if not p.is_pass]
    assert [o.value for o in menu.options] == ["3", "33", "333", "7", "77", "K", "2"]
    assert {o.value for o in menu.options} == {str(p) for p in legal}
    assert [o.label for o in menu.options][:3] == ["Single 3", "Pair of 3", "Three 3s"]
    for option in menu.options:
        action = ADAPTER.on_control(t, 0, "set", "", [option.value])
        assert isinstance(action, Decide) and action.decision == Play.parse(option.value)
    # leading: nothing to pass
    assert "Pass" not in [getattr(i, "label", None) for i in _items(view)]


def test_pass_stays_a_button_beside_the_plays() -> None:
    state = President.from_hands(preset("classic"), ["5C", "7C 7D 9H", "6C 8C", "TC JC"])
    state.apply(Play.parse("5"), 0)
    t = _snapshot(state)
    view = _turn_view(t)
    menu = _select(view, "set")
    assert [o.value for o in menu.options] == ["7", "9"]
    passing = next(i for i in _items(view) if getattr(i, "label", None) == "Pass")
    assert ADAPTER.on_control(t, 1, _kind(passing), "", []) == Decide(PASS)


def test_options_say_what_the_engine_will_make_of_the_play() -> None:
    revolution = President.from_hands(
        preset("revolution"), ["3C 3D 3H 3S 4C X1", "5C 6C", "7C 8C", "9C TC"]
    )
    menu = _select(_turn_view(_snapshot(revolution)), "set")
    said = {o.value: o.description for o in menu.options}
    assert "revolution" in (said["3333"] or "")
    assert "wins the trick" in (said["X"] or "")  # a trump joker
    assert said["3"] is None

    skip = President.from_hands(
        preset("classic", equal_plays=True, skip_on_equal=True), ["5C", "5D 9H", "6C 8C", "TC JC"]
    )
    skip.apply(Play.parse("5"), 0)
    said = {o.value: o.description for o in _select(_turn_view(_snapshot(skip)), "set").options}
    assert "skips p2" in (said["5"] or "")

    one_less = President.from_hands(preset("house"), ["5C 5D", "2C 9H 9D", "6C 8C", "TC JC"])
    one_less.apply(Play.parse("55"), 0)
    said = {o.value: o.description for o in _select(_turn_view(_snapshot(one_less)), "set").options}
    assert "one card fewer" in (said["2"] or "")

    last = President.from_hands(preset("classic"), ["KC KD", "4C 5C", "6C 8C", "9C TC"])
    said = {o.value: o.description for o in _select(_turn_view(_snapshot(last)), "set").options}
    assert "you go out" in (said["KK"] or "") and said["K"] is None


# Two decks, four players: a 27-card hand leads with 27 legal plays.
BIG = (
    "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD JC JD QC QD KC KD AC AD 2C 2D X1",
    "3H 4H",
    "5H 6H",
    "7H 8H",
)


def _big() -> President:
    return President.from_hands(preset("house", decks=2, jokers=2), list(BIG))


def test_beyond_25_plays_rank_then_count_reaches_every_legal_play() -> None:
    state = _big()
    t = _snapshot(state)
    legal = {str(p) for p in state.legal_list() if not p.is_pass}
    assert len(legal) > 25
    view = _turn_view(t)
    _limits(view)
    assert _select(view, "set") is None
    ranks = _select(view, "rank")
    reached = set()
    for option in ranks.options:
        step = ADAPTER.on_control(t, 0, "rank", "", [option.value])
        assert isinstance(step, Redraw)
        _limits(step.view)
        counts = _select(step.view, "count")
        views = []
        if counts is None:
            views.append(step.view)
        else:
            for c in counts.options:
                chosen = ADAPTER.on_control(t, 0, "count", _arg(counts), [c.value])
                assert isinstance(chosen, Redraw)
                views.append(chosen.view)
        for v in views:
            play = next(i for i in _items(v) if _kind(i) == "play")
            decided = ADAPTER.on_control(t, 0, "play", _arg(play), [])
            assert isinstance(decided, Decide)
            reached.add(str(decided.decision))
    assert reached == legal


def test_clicks_off_the_current_menu_are_refused_and_change_nothing() -> None:
    small = President.from_hands(preset("classic"), ["3C 3D 7C", "4C 5C", "6C 8C", "9C TC"])
    big = _big()
    for state, kind, arg, values in [
        (small, "set", "", ["4"]),  # not held
        (small, "set", "", ["3", "33"]),
        (small, "set", "", []),
        (small, "set", "3", ["3"]),
        (small, "set", "", ["3c"]),
        (small, "set", "", ["pass"]),
        (small, "rank", "", ["3"]),  # the one-click menu is on show, not the rank select
        (small, "count", "3", ["2"]),
        (small, "play", "33", []),
        (big, "set", "", ["3"]),  # beyond 25 plays there is no one-click menu
        (big, "play", "3x", []),
        (big, "play", "ttt", []),
        (big, "play", "33", ["33"]),  # a button carries no values
    ]:
        before = state.to_json()
        with pytest.raises(UserFacingError) as refused:
            ADAPTER.on_control(_snapshot(state), 0, kind, arg, values)
        assert str(refused.value) == STALE_CHOICE, (kind, arg, values)
        assert state.to_json() == before
