import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import make_deck
from engine.errors import EngineError, NotationError
from engine.president import Card, Give, Play, parse_cards, parse_decision

ALL_CARDS = sorted(set(make_deck(1, 2, False)))


@given(st.sampled_from(ALL_CARDS))
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card


@given(st.integers(0, 13), st.integers(1, 8))
def test_play_notation_round_trips(rank: int, count: int) -> None:
    play = Play(rank, count)
    assert Play.parse(str(play)) is play
    assert parse_decision(str(play)) is play


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=4))
def test_give_notation_round_trips(cards: list[Card]) -> None:
    give = Give(cards)
    assert parse_decision(str(give)) == give


def test_ten_is_written_t_and_read_either_way() -> None:
    assert str(Card.parse("10d")) == "TD"
    assert Play.parse("1010") is Play.parse("TT")
    assert Card.parse("TD").pretty() == "10♦"


@pytest.mark.parametrize("text", ["", "Z", "1C", "TX", "X3", "XC"])
def test_bad_card_notation_is_a_value_error(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)
    assert issubclass(NotationError, ValueError) and issubclass(NotationError, EngineError)


@pytest.mark.parametrize("text", ["", "KQ", "KKKKKKKKK", "pas", "give"])
def test_bad_play_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        if text == "give":
            Give.parse("gift 3C")
        else:
            Play.parse(text)


def test_decks() -> None:
    assert len(make_deck(1, 0, False)) == 52
    assert len(make_deck(2, 4, False)) == 108
    short = make_deck(1, 0, True)
    assert len(short) == 40 and not {c.rank for c in short} & {1, 2, 3}
    assert parse_cards("X1 X2") == (Card.parse("X1"), Card.parse("X2"))
