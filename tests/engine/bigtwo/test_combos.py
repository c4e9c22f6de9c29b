"""Combinations: notation, kinds and every comparison of bigtwo.md §2, §5 and §7."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bigtwo import PASS, Combo, parse_decision, preset
from engine.bigtwo.combos import CARDS, KIND_NAMES, rules_for
from engine.cards import Card
from engine.errors import NotationError

from .helpers import value


def beats(a: str, b: str, rules: str = "standard", **options: object) -> bool:
    """Whether combination ``a`` beats ``b`` (same size) under the options."""
    o = preset(rules, **options)
    r = rules_for(o.suit_order, o.straights, o.flush_compare)
    ca, cb = r.combo(Combo.parse(a).mask), r.combo(Combo.parse(b).mask)
    assert ca.size == cb.size
    return ca.key > cb.key


def kind(text: str) -> str:
    return Combo.parse(text).kind_name


@given(st.integers(0, 51))
def test_card_notation_round_trips(code: int) -> None:
    card = CARDS[code]
    assert Card.parse(str(card)) is card
    assert str(Combo.parse(str(card))) == str(card)


@given(st.sets(st.integers(0, 51), min_size=1, max_size=5))
def test_combination_notation_round_trips(codes: set[int]) -> None:
    combo = Combo.of(CARDS[c] for c in codes)
    again = parse_decision(str(combo))
    assert again == combo and str(again) == str(combo)
    assert set(again.cards) == {CARDS[c] for c in codes}  # the exact cards, suits included


def test_pass_and_loose_spelling() -> None:
    assert parse_decision(" PASS ") is PASS and str(PASS) == "pass"
    assert Combo.parse("10d, 9c") == Combo.parse("9C TD")
    assert str(Combo.parse("2s 3d")) == "3D 2S"  # lowest rank first


@pytest.mark.parametrize("text", ["", "3D 3D", "X1", "3Z", "11C"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Combo.parse(text)


@pytest.mark.parametrize("text", ["X1", "x2", "3D X2", "3Z", "ZZ", "1", "11C", "3DX"])
def test_bad_notation_is_explained_without_jokers(text: str) -> None:
    """Big Two has no jokers: its refusals never offer one as an example."""
    with pytest.raises(NotationError) as info:
        parse_decision(text)
    message = str(info.value)
    assert "joker" not in message.lower() and "or X1" not in message
    assert message.startswith(f"{text.split()[-1]!r} is not a card: write rank then suit, like TD")
    with pytest.raises(NotationError) as info:
        Combo.of([Card.parse("X1")])
    assert "joker" not in str(info.value).lower()


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("2S", "single"),
        ("9C 9D", "pair"),
        ("9C 9D 9H", "triple"),
        ("3D 4C 5H 6S 7D", "straight"),
        ("AD 2C 3H 4S 5D", "straight"),
        ("2C 3H 4S 5D 6D", "straight"),
        ("3C 5C 9C JC KC", "flush"),
        ("9C 9D 9H 4C 4D", "full house"),
        ("3C 3D 3H 3S 2S", "four of a kind"),
        ("3D 4D 5D 6D 7D", "straight flush"),
        ("JD QD KD AD 2D", "flush"),  # J-Q-K-A-2 is no straight: a flush
        # no other sizes and no wrap-arounds (§2)
        ("3C 3D 4C 4D", "not a combination"),
        ("3C 3D 3H 3S", "not a combination"),
        ("9C 9D 4C 4D 5H", "not a combination"),
        ("QC KD AH 2S 3C", "not a combination"),
        ("JC QD KH AS 2C", "not a combination"),
        ("3C 4D", "not a combination"),
    ],
)
def test_kinds(cards: str, name: str) -> None:
    assert kind(cards) == name
    assert (name == "not a combination") == (
        value(Combo.parse(cards).cards, preset("standard")) is None
    )


def test_kind_names_cover_every_kind() -> None:
    assert len(KIND_NAMES) == 9


# -- §7: examples an implementation must get right ------------------------------


def test_straights_in_order_standard() -> None:
    chain = [
        "AD 2C 3H 4S 5D",
        "2C 3H 4S 5D 6D",
        "3D 4C 5H 6S 7D",
        "4D 5C 6H 7S 8D",
        "9D TC JH QS KD",
        "TD JC QH KS AD",
    ]
    for low, high in itertools.pairwise(chain):
        assert beats(high, low) and not beats(low, high)


def test_pairs_by_rank_then_higher_suit() -> None:
    assert beats("9S 9H", "9C 9D")
    assert beats("QC QD", "JH JS")  # whatever the suits


def test_five_card_hand_types() -> None:
    assert beats("3C 5C 9C JC KC", "TD JC QH KS AS")  # any flush beats any straight
    assert beats("9C 9D 9H 4C 4D", "8C 8D 8H KC KD")
    assert beats("3C 3D 3H 3S 4D", "2C 2D 2H AC AD")  # four 3s beat every full house
    # the lowest straight flush beats four 2s and a card
    assert beats("AD 2D 3D 4D 5D", "2C 2D 2H 2S 3C")


def test_straight_flush_beats_four_of_a_kind_in_every_preset() -> None:
    for rules in ("standard", "hong_kong", "pusoy_dos"):
        lowest_sf = "3C 4C 5C 6C 7C" if rules == "hong_kong" else "AC 2C 3C 4C 5C"
        assert beats(lowest_sf, "2C 2D 2H 2S AC", rules)


# -- suit orders (§1) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "low_to_high"),
    [("standard", "DCHS"), ("pusoy_dos", "CSHD"), ("bridge", "CDHS")],
)
def test_suit_orders(order: str, low_to_high: str) -> None:
    for a, b in itertools.pairwise(low_to_high):
        assert beats(f"7{b}", f"7{a}", suit_order=order)
    lo, mid, hi, top = low_to_high
    assert beats(f"7{lo} 7{top}", f"7{mid} 7{hi}", suit_order=order)  # the higher suit in the pair
    assert not beats(f"7{lo} 7{hi}", f"7{mid} 7{top}", suit_order=order)
    assert beats("4" + low_to_high[0], "3" + low_to_high[3], suit_order=order)  # rank first


def test_straight_ties_break_on_the_top_cards_suit() -> None:
    assert beats("3D 4D 5D 6C 7S", "3S 4S 5S 6S 7H")  # 7♠ over 7♥ (not a flush: a straight)
    assert beats("AS 2S 3D 4D 5H", "AH 2H 3H 4C 5C")  # the 5 is the top card, not the 2


# -- Hong Kong straights (§5, §8) ------------------------------------------------


def test_hong_kong_straight_order() -> None:
    chain = [
        "3D 4C 5H 6S 7D",
        "9D TC JH QS KD",
        "TD JC QH KS AD",
        "2C 3H 4S 5D 6D",
        "AD 2C 3H 4S 5D",
    ]
    for low, high in itertools.pairwise(chain):
        assert beats(high, low, "hong_kong") and not beats(low, high, "hong_kong")
    assert kind("JD QC KH AS 2C") == "not a combination"


def test_hong_kong_low_straights_rank_by_their_two() -> None:
    # A-2-3-4-5 with the 2♠ beats A-2-3-4-5 with the 2♥, whatever the 5s
    assert beats("AD 2S 3H 4D 5C", "AC 2H 3D 4S 5S", "hong_kong")
    assert not beats("AD 2S 3H 4D 5C", "AC 2H 3D 4S 5S", "standard")  # standard: by the 5


# -- flush_compare (§2, §5) ---------------------------------------------------------


def test_flushes_suit_first() -> None:
    assert beats("3S 4S 5S 6S 8S", "9H JH QH KH 2H")  # suit first: spades win
    assert beats("3S 4S 5S 6S 9S", "3S 4S 5S 6S 8S")  # then the highest card


def test_flushes_rank_first() -> None:
    assert beats("9H JH QH KH 2H", "3S 4S 5S 6S 8S", flush_compare="rank_first")
    assert beats("3S 4S 5S 6S 9S", "3H 4H 5H 6H 9H", flush_compare="rank_first")  # same rank: suit
    # the 2 is high in flushes
    assert beats("3C 4C 5C 6C 2C", "9H JH QH KH AH", flush_compare="rank_first")


def test_flushes_compare_the_next_highest_cards() -> None:
    for compare in ("suit_first", "rank_first"):
        assert beats("4S 6S 7S 9S KS", "3S 5S 7S 9S KS", flush_compare=compare)
