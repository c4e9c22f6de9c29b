"""Big Two's turn controls: the suggestions, the card picker, Discord's
limits with 17-card hands, and the strict parser of clicks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.bigtwo.adapter import ADAPTER
from cogs.bigtwo.controls import code, parse_click, suggestions, turn_view
from cogs.bigtwo.manifest import MANIFEST
from cogs.replies import UserFacingError
from cogs.table.adapter import Decide, Redraw
from cogs.table.models import Table, TableMeta
from data import Seat
from engine.bigtwo import PASS, BigTwo, Combo, preset


def _table(state: BigTwo) -> Table:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, f"p{p}") for p in range(n)]
    return Table(7, 2, 3, ADAPTER, state, 4, seats, meta, seed=1)


def _items(view: Any) -> list[Any]:
    return [child.item for child in view.children]


def _limits(view: Any) -> None:
    """Discord's limits: 5 rows, one select or 5 buttons a row, 25 options,
    100-character labels, values and ids (80 for a button's label)."""
    rows: dict[int, list[Any]] = {}
    for item in _items(view):
        rows.setdefault(item.row, []).append(item)
        assert len(item.custom_id) <= 100
        options = getattr(item, "options", None)
        if options is not None:
            assert 1 <= len(options) <= 25
            assert item.max_values <= len(options)
            for o in options:
                assert len(o.label) <= 100 and len(o.value) <= 100
                assert o.description is None or len(o.description) <= 100
        else:
            assert len(item.label) <= 80
    assert len(rows) <= 5
    for items in rows.values():
        assert len(items) <= 5
        assert sum(1 for i in items if hasattr(i, "options")) <= 1
        assert len(items) == 1 or not any(hasattr(i, "options") for i in items)


SEVENTEEN = [
    "3D 3S 4D 5D 5S 6C 6S 7D 7C 7H 8D 8S TC TS JS KD AS",
    "3C 3H 4C 4H 4S 5C 5H 6D 6H 8C 9C 9D 9H 9S JC QC 2D",
]


def test_a_17_card_lead_fits_discord_and_offers_every_type() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), SEVENTEEN)
    p = state.current_player
    assert p == 0
    view = turn_view(7, 4, state, p)
    _limits(view)
    sugg, cards = _items(view)[:2]
    labels = [o.label for o in sugg.options]
    assert labels[0] == "3♦"  # the first lead must include the 3♦: only such plays
    assert all("3♦" in label for label in labels)
    assert any(label.startswith("Straight") for label in labels)
    assert any(label.startswith("Full house") for label in labels)
    assert len(cards.options) == 17 and cards.max_values == 5
    assert "Pass" not in [getattr(i, "label", "") for i in _items(view)]


def test_suggestions_are_grouped_cheapest_first_and_at_most_25() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), SEVENTEEN, leader=1)
    legal = state.legal_list()
    menu = suggestions(legal, state.options)
    assert len(menu) == 25 and len(legal) > 25
    kinds = [c.kind for c in menu]
    assert kinds == sorted(kinds)  # singles, pairs, triples, then five-card types
    singles = [c for c in menu if c.size == 1]
    assert [str(c) for c in singles[:3]] == ["3C", "3H", "4C"]
    assert any(c.size == 5 for c in menu) and any(c.size == 3 for c in menu)


def test_the_lowest_straight_that_beats_the_pile_is_one_click_away() -> None:
    state = BigTwo.from_hands(
        preset("standard", players=2),
        ["3D 4C 5H 6S 7D KC", "4D 5C 6H 7S 8D 9C 9D 9H 9S 5S"],
    )
    t = _table(state)
    assert isinstance(ADAPTER.on_control(t, 0, "play", "3D.4C.5H.6S.7D", []), Decide)
    state.apply(Combo.parse("3D 4C 5H 6S 7D"), 0)
    view = turn_view(7, 4, state, 1)
    sugg = _items(view)[0]
    assert "at once" in sugg.placeholder  # the player knows choosing is playing
    first = sugg.options[0].value
    assert first == "4D.5C.6H.7S.8D"  # the lowest straight that beats it comes first
    action = ADAPTER.on_control(t, 1, "sugg", "", [first])  # the only click
    assert isinstance(action, Decide) and action.decision == Combo.parse("4D 5C 6H 7S 8D")


def test_every_suggestion_is_played_by_choosing_it() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), SEVENTEEN, leader=1)
    t = _table(state)
    before = state.to_json()
    for option in _items(turn_view(7, 4, state, 1))[0].options:
        action = ADAPTER.on_control(t, 1, "sugg", "", [option.value])
        assert isinstance(action, Decide) and code(action.decision.cards) == option.value
    assert state.to_json() == before


def test_building_your_own_still_asks_for_play() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), ["3D 3C 4D", "5C 6C"])
    t = _table(state)
    picked = ADAPTER.on_control(t, 0, "cards", "", ["3D", "3C"])
    assert isinstance(picked, Redraw), "picking cards decides nothing"
    assert "then press **Play**" in ADAPTER.hand_message(t, 0, controls=True).lines[-1]
    play = next(i for i in _items(picked.view) if i.custom_id.split(":")[4] == "play")
    assert play.label.startswith("Play Pair")
    assert ADAPTER.on_control(t, 0, "play", "3D.3C", []) == Decide(Combo.parse("3D 3C"))


def test_building_a_hand_says_what_it_makes_or_why_not() -> None:
    state = BigTwo.from_hands(
        preset("standard", players=2), ["3D 3C 3H 4D 4C KC", "5H 7H 9H JH KH 6C 6D 6H 2C 2D"]
    )
    t = _table(state)
    state.apply(Combo.parse("3D 3C 3H 4D 4C"), 0)
    flush = ADAPTER.on_control(t, 1, "cards", "", ["5H", "7H", "9H", "JH", "KH"])
    assert isinstance(flush, Redraw) and flush.content is not None
    assert "A flush does not beat a full house." in flush.content
    assert not any(i.custom_id.split(":")[4] == "play" for i in _items(flush.view))
    house = ADAPTER.on_control(t, 1, "cards", "", ["6C", "6D", "6H", "2C", "2D"])
    assert isinstance(house, Redraw) and "Full house, 6s" in (house.content or "")
    assert any(":play:6C.6D.6H.2C.2D" in i.custom_id for i in _items(house.view))
    with pytest.raises(UserFacingError, match="A flush does not beat a full house"):
        ADAPTER.on_control(t, 1, "play", "5H.7H.9H.JH.KH", [])


def test_the_first_lead_must_include_the_lowest_card() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), ["3D 4C 5C", "6C 7C"])
    t = _table(state)
    with pytest.raises(UserFacingError, match="Your first play must include the 3♦"):
        ADAPTER.on_control(t, 0, "play", "4C", [])
    redraw = ADAPTER.on_control(t, 0, "cards", "", ["4C"])
    assert "Your first play must include the 3♦." in (redraw.content or "")  # type: ignore[union-attr]
    with pytest.raises(UserFacingError, match="cannot pass"):
        ADAPTER.on_control(t, 0, "pass", "", [])


def test_hong_kong_single_two_cannot_end_the_deal() -> None:
    state = BigTwo.from_hands(preset("hong_kong", players=2), ["3D 2S", "4C 5C 6C"])
    state.apply(Combo.parse("3D"), 0)
    state.apply(Combo.parse("4C"), 1)
    t = _table(state)
    assert state.legal_list() == [PASS]
    view = turn_view(7, 4, state, 0)
    assert [i.custom_id.split(":")[4] for i in _items(view)] == ["cards", "pass"]
    with pytest.raises(UserFacingError, match="single 2 cannot be the play that wins"):
        ADAPTER.on_control(t, 0, "play", "2S", [])
    assert ADAPTER.on_control(t, 0, "pass", "", []) == Decide(PASS)


def test_a_leader_whose_only_card_is_a_barred_two_is_told_why_to_pass() -> None:
    # hong_kong: the 2♦ is the lowest card dealt, p0's only card, and would win the deal
    state = BigTwo.from_hands(preset("hong_kong", players=2), ["2D", "2C 2S"])
    t = _table(state)
    lines = ADAPTER.hand_message(t, 0, controls=True).lines
    assert lines[2:] == [
        "**Your turn:** you lead, but a single 2 cannot be the play that wins the deal under "
        "these rules, and it is your only card: pass the lead on.",
        "Press **Pass**: p1 leads instead.",
    ]
    view = turn_view(7, 4, state, 0)
    assert [i.custom_id.split(":")[4] for i in _items(view)] == ["cards", "pass"]
    redraw = ADAPTER.on_control(t, 0, "cards", "", ["2D"])
    assert isinstance(redraw, Redraw)
    assert "2♦ can't be played: A single 2 cannot be the play that wins the deal" in (
        redraw.content or ""
    )
    assert ADAPTER.on_control(t, 0, "pass", "", []) == Decide(PASS)
    before = state.copy()
    state.apply(PASS, 0)
    assert ADAPTER.aftermath(t, 0, PASS, before).text.startswith("You passed the lead on.")
    # p1 now leads freely: the 2♦ rule lapsed with the pass
    assert (
        "**Your turn:** you lead — play any combination."
        in ADAPTER.hand_message(t, 1, controls=True).lines
    )


def test_sitting_out_the_trick_after_passing_the_lead_is_announced() -> None:
    state = BigTwo.from_hands(
        preset("hong_kong", players=2, pass_rule="out_until_next_trick"), ["2D", "2C 2S"]
    )
    lines = ADAPTER.hand_message(_table(state), 0, controls=True).lines
    assert lines[-1] == "Press **Pass**: p1 leads instead, and you sit out that trick."


def test_a_follower_whose_only_card_is_a_barred_two_is_told_why() -> None:
    state = BigTwo.from_hands(preset("hong_kong", players=2), ["2S", "2C 2D"])
    state.apply(Combo.parse("2D"), 1)
    lines = ADAPTER.hand_message(_table(state), 0, controls=True).lines
    assert lines[-1] == "A single 2 cannot be the play that wins the deal under these rules: pass."


def test_refusals_change_nothing_and_name_no_card_not_held() -> None:
    state = BigTwo.from_hands(preset("standard", players=2), ["3D 4C", "5C 6C"])
    t = _table(state)
    before = state.to_json()
    for kind, arg, values in (
        ("play", "5C", []),  # not held
        ("play", "3D.3D", []),
        ("play", "3d", []),
        ("sugg", "", ["4C"]),  # not on the menu (the lead must include the 3♦)
        ("sugg", "", ["3D", "3D"]),
        ("sugg", "3D", ["3D"]),
        ("sugg", "", []),
        ("cards", "", ["5C"]),
        ("cards", "", ["3D", "3D"]),
        ("pass", "x", []),
        ("play", "3D", ["3D"]),
        ("nope", "", []),
    ):
        with pytest.raises(UserFacingError):
            ADAPTER.on_control(t, 0, kind, arg, values)
    assert state.to_json() == before
    with pytest.raises(UserFacingError, match="not your turn"):
        parse_click(state, 1, "pass", "", [])


def test_codes_round_trip() -> None:
    combo = Combo.parse("TD JC QH KS AD")
    assert code(combo.cards) == "TD.JC.QH.KS.AD"
    assert len(code(combo.cards)) <= 14


CARDS = [f"{r}{s}" for r in "3456789TJQKA2" for s in "CDHS"]
TEXT = (
    st.text(max_size=16)
    | st.sampled_from(CARDS)
    | st.lists(st.sampled_from(CARDS), min_size=1, max_size=6).map(".".join)
    | st.sampled_from(["", "pass", "3D", "3D.3S", "3D..3S", "3D.3S.", "٣D", "3D.4D.5D.6C.7D"])
)
KINDS = st.sampled_from(["sugg", "cards", "play", "pass", "clear", "rank", "x", ""])
VALUES = st.lists(TEXT, max_size=6)


def _states() -> list[BigTwo]:
    lead17 = BigTwo.from_hands(preset("standard", players=2), SEVENTEEN)
    mid = BigTwo.new_game(preset("hong_kong"), seed=11)
    for _ in range(6):
        mid.apply(mid.default_decision() if mid.top is not None else mid.legal_list()[-1])
    barred = BigTwo.from_hands(preset("hong_kong", players=2), ["3D 2S", "4C 5C 6C"])
    barred.apply(Combo.parse("3D"), 0)
    barred.apply(Combo.parse("4C"), 1)
    return [lead17, mid, barred]


STATES = _states()


@given(st.sampled_from(range(len(STATES))), KINDS, TEXT, VALUES)
def test_any_click_is_a_decision_a_redraw_or_a_refusal(
    index: int, kind: str, arg: str, values: list[str]
) -> None:
    state = STATES[index]
    t = _table(state)
    p = state.current_player
    assert p is not None
    before = state.to_json()
    try:
        action = ADAPTER.on_control(t, p, kind, arg, values)
    except UserFacingError:
        return
    finally:
        assert state.to_json() == before, "parsing a click changes nothing"
    if isinstance(action, Decide):
        state.copy().apply(action.decision, p)  # a decision it returns is legal
    else:
        assert isinstance(action, Redraw)
        _limits(action.view)


def test_observations_and_decisions_cross_to_the_computer_workers() -> None:
    """Hard computers decide in worker processes: what crosses is pickled."""
    import pickle

    state = BigTwo.from_hands(preset("standard", players=2), SEVENTEEN)
    obs = pickle.loads(pickle.dumps(state.observation(0)))
    assert obs == state.observation(0)
    decision = MANIFEST.computer("normal", 3).decide(obs)
    back = pickle.loads(pickle.dumps(decision))
    assert back == decision and (back is PASS) == (decision is PASS)
    assert pickle.loads(pickle.dumps(PASS)) is PASS
    state.copy().apply(back, 0)
