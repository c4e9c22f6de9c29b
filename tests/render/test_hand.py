"""The shared hand layout: any game's hand of French-suited cards."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from engine.cards import make_deck
from render import cards, hand


def test_28_cards_fit_in_two_rows_readable_at_phone_width() -> None:
    pos = hand.card_positions(28)
    assert len({y for _, y in pos}) == 2
    w, h = hand.hand_size(28)
    card_h = cards.card_height(hand.CARD_W)
    for x, y in pos:
        assert x >= 0 and x + hand.CARD_W <= w
        assert y - hand.SELECT_RAISE >= hand.HEADER - 20 and y + card_h <= h
    # each card shows a strip wide enough for its corner index at 550 px
    step = pos[1][0] - pos[0][0]
    assert step * 550 / w >= 30
    assert len(hand.card_positions(13)) == 13 and len({y for _, y in hand.card_positions(13)}) == 1


def _column_top(img: Image.Image, x: int) -> int:
    """The first row from the top where a card's face (bright, or greyed
    out) shows at ``x``."""
    for y in range(hand.HEADER - 20, img.height):
        r, g, b = img.getpixel((x, y))  # type: ignore[misc]
        if min(r, g, b) > 90 and max(r, g, b) - min(r, g, b) < 40:
            return y
    raise AssertionError("no card face in this column")


def test_highlighted_cards_stand_up_and_the_order_is_the_callers() -> None:
    deck = make_deck(1, 0, False)
    random.Random(3).shuffle(deck)
    some = deck[:6]
    img = hand.draw_hand(some, highlighted=[True, False, True, False, False, False])
    pos = hand.card_positions(6)
    # sample inside each card's visible strip, below its corner index
    tops = [_column_top(img, round(x) + 20) for x, _ in pos]
    assert tops[0] == tops[2] and tops[1] == tops[3] == tops[4]
    assert tops[1] - tops[0] == hand.RAISE
    with pytest.raises(ValueError):
        hand.draw_hand(some, highlighted=[True])


def test_sort_cards_takes_the_games_order() -> None:
    from engine.cards import parse_cards

    hand_cards = parse_cards("2C 3S 3C AD X1")
    aces_high = [
        str(c)
        for c in cards.sort_cards(hand_cards, lambda c: 99 if c.is_joker else (c.rank + 1) % 13)
    ]
    assert aces_high == ["2C", "3C", "3S", "AD", "X1"]
    natural = [str(c) for c in cards.sort_cards(hand_cards, lambda c: c.rank)]
    assert natural == ["3C", "3S", "AD", "2C", "X1"]
