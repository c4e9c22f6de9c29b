"""Big Two's pictures: no hidden card, sizes within Discord's budget, and
what each picture must show."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.bigtwo import BigTwo, Combo, preset
from render.bigtwo import (
    render_deal_results,
    render_final_standings,
    render_hand,
    render_observation_hand,
    render_table,
)
from render.bigtwo.gallery import play_until
from render.bigtwo.table import draw_table, shown_order
from render.bigtwo.words import combo_name, playable_cards, sort_hand

NAMES = ["Ann", "Bo", "Cy", "Di"]
LIMIT = 8 * 1024 * 1024  # Discord's attachment limit; ours are far below it


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        return img.size


def _swap_hidden(state: BigTwo) -> BigTwo:
    """The same public position with two players' hidden cards exchanged
    (same counts): everything public is equal, the hands differ."""
    other = state.copy()
    a, b = 1, 2
    ha, hb = other.hands[a], other.hands[b]
    # move cards between two hands so the counts stay the same
    la, lb = ha & -ha, hb & -hb
    other.hands[a] = (ha & ~la) | lb
    other.hands[b] = (hb & ~lb) | la
    return other


def test_table_shows_no_hidden_card() -> None:
    state = BigTwo.new_game(preset("standard"), seed=8)
    for _ in range(5):
        state.apply(state.legal_list()[-1] if state.top is None else state.default_decision())
    other = _swap_hidden(state)
    assert other.hands != state.hands and other.public_view() == state.public_view()
    a = render_table(state.public_view(), NAMES, computer=[False, True, False, False])
    b = render_table(other.public_view(), NAMES, computer=[False, True, False, False])
    assert a.data == b.data
    assert _size(a.data) == (1080, 760) and len(a.data) < 200_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_table_on_the_fixed_palette_looks_as_drawn(players: int) -> None:
    """What Discord gets is mapped onto one palette fitted to sample tables: the
    colours of any table (every suit, the chips, the highlighted seat) stay close
    to the drawn ones, on average and in the worst colour channel."""
    game = play_until(preset("standard", players=players), lambda v: v.top is not None, seed=2)
    computer, timed_out = [False, True, False, False][:players], [True, False, False, False]
    view, names = game.public_view(), NAMES[:players]
    drawn = draw_table(view, names, computer=computer, timed_out=timed_out).convert("RGB")
    sent = render_table(view, names, computer=computer, timed_out=timed_out)
    got = Image.open(io.BytesIO(sent.data)).convert("RGB")
    diff = ImageStat.Stat(ImageChops.difference(got, drawn)).mean
    assert max(diff) < 4.0, diff


def test_three_players_show_the_face_up_card_and_the_lead_card() -> None:
    state = BigTwo.new_game(preset("pusoy_dos", players=3), seed=2)
    view = state.public_view()
    assert view.face_up is not None
    img = draw_table(view, NAMES[:3])
    hidden = draw_table(dataclasses.replace(view, face_up=None), NAMES[:3])
    assert img.tobytes() != hidden.tobytes()  # the 52nd card is drawn
    assert img.size == (1080, 760)


def test_the_pile_shows_its_exact_cards_in_the_way_players_lay_them() -> None:
    house = Combo.parse("3C 3S 6C 6D 6S")
    assert [str(c) for c in shown_order(house)] == ["6C", "6D", "6S", "3C", "3S"]
    assert combo_name(house) == "Full house, 6s"
    wheel = Combo.parse("AS 2D 3C 4C 5H")
    assert [str(c) for c in shown_order(wheel)] == ["AS", "2D", "3C", "4C", "5H"]


def test_hand_sorts_by_the_suit_order_and_raises_playable_cards() -> None:
    state = BigTwo.from_hands(
        preset("standard", players=2),
        ["3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D 2C 3C 4D 5D", "3S 3H"],
    )
    obs = state.observation(0)
    playable = playable_cards(obs.legal)
    assert all(any(c == x for x in playable) for c in Combo.parse("3D 4C 5H 6S 7D").cards)
    hand = render_observation_hand(obs)
    assert _size(hand.data)[0] == 920 and len(hand.data) < 120_000
    order = [str(c) for c in sort_hand(obs.hand, state.options)][:3]
    assert order == ["3D", "3C", "4D"]
    waiting = render_hand(obs.hand, state.options)
    assert waiting.data != hand.data  # nothing raised while waiting


def test_results_and_standings_fit() -> None:
    state = BigTwo.new_game(preset("standard", deals=1), seed=5)
    while not state.is_over:
        state.apply(state.default_decision() if state.top is not None else state.legal_list()[-1])
    outcome = state.outcome()
    assert outcome is not None
    deal = render_deal_results(state.results[-1], NAMES, state.options)
    final = render_final_standings(outcome, state.results, NAMES, state.options)
    for image in (deal, final):
        w, h = _size(image.data)
        assert w == 920 and h < 600 and len(image.data) < 100_000
