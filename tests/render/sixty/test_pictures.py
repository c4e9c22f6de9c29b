"""Sixty's pictures: no hidden card reaches the table, sizes, what stands out."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

from engine.sixty import Sixty, preset
from render.gallery import samples
from render.sixty import render_final_standings, render_hand, render_round_results, render_table
from render.sixty.cards import FACES, card_image
from render.sixty.table import draw_table

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _pair() -> tuple[Sixty, Sixty]:
    """Two positions alike in all that is public (hand sizes, discard pile,
    attack, penalty piles) but with other cards in the hidden hands and deck."""
    a = Sixty.from_hands(
        preset("standard"),
        ["4 4 5 30 ZP", "10 10 3 AB HP", "5 12 15 20 6", "3 3 3 ZP 12"],
        deck="3 5 6 6 10 12 15 20",
    )
    b = Sixty.from_hands(
        preset("standard"),
        ["4 4 12 20 6", "3 3 3 15 15", "10 10 5 30 ZP", "AB HP ZP 5 6"],
        deck="3 3 5 6 10 12 12 20",
    )
    assert a.public_view().discard == b.public_view().discard
    for g in (a, b):
        g.apply("attack 4x2")  # Ann draws two hidden cards
    return a, b


def test_the_table_shows_no_hidden_card() -> None:
    a, b = _pair()
    assert a.hand(0) != b.hand(0) and a.hand(1) != b.hand(1)
    assert render_table(a.public_view(), NAMES).data == render_table(b.public_view(), NAMES).data
    for g in (a, b):
        g.apply("take")
    assert a.penalty_cards(1) == b.penalty_cards(1)
    assert render_table(a.public_view(), NAMES).data == render_table(b.public_view(), NAMES).data


def test_the_table_shows_the_attack_and_the_direction() -> None:
    a, _ = _pair()
    before = draw_table(a.public_view(), NAMES)
    a.apply("joker abracadabra")  # back to Ann, counter-clockwise now
    after = draw_table(a.public_view(), NAMES)
    header = (700, 0, 1080, 60)  # the direction, top right
    assert before.crop(header).tobytes() != after.crop(header).tobytes()


def test_sizes() -> None:
    for players in (2, 6):
        g = Sixty.new_game(preset("standard", players=players), seed=players)
        image = render_table(g.public_view(), [*NAMES, "Eve", "Fay"])
        assert (image.width, image.height) == (1080, 760)
        assert len(image.data) < 150_000
        hand = render_hand(g.observation(g.current_player or 0))
        assert hand.width == 920 and hand.height < 300 and len(hand.data) < 40_000


def test_the_hand_raises_the_cards_that_can_answer() -> None:
    a, _ = _pair()
    obs = a.observation(1)
    lit = Image.open(BytesIO(render_hand(obs).data)).convert("RGB")
    plain = Image.open(BytesIO(render_hand(obs, highlight=False).data)).convert("RGB")
    assert lit.size == plain.size and lit.tobytes() != plain.tobytes()


def test_every_card_is_drawn_and_each_differs() -> None:
    images = [card_image(face, 55).tobytes() for face in FACES]
    assert len(set(images)) == len(FACES) == 12


def test_results_and_standings() -> None:
    g = Sixty.new_game(preset("standard", players=3, rounds=1, tiebreak="shared"), seed=2)
    while not g.is_terminal():
        g.apply(g.default_decision())
    view = g.public_view()
    results = render_round_results(view, NAMES)
    assert results.filename == "results.png" and results.height < 500
    outcome = g.outcome()
    assert outcome is not None
    standings = render_final_standings(view, outcome, NAMES)
    assert standings.filename == "standings.png"


def test_the_gallery_draws_every_sample() -> None:
    found = samples("sixty")
    assert len(found) >= 8
    for _stem, _desc, make in found[:3]:
        assert make().data
