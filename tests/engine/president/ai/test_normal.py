"""Scenarios for the ``normal`` level's rules of thumb.

Positions are built with ``President.from_hands``: player 0 leads, and the
hero (the player whose decision is checked) is whoever is to act after the
scripted moves. Other hands are filler that keeps opponents' counts real.
"""

from __future__ import annotations

from typing import Any

from engine.president import (
    EXCHANGE,
    PASS,
    Decision,
    Give,
    Options,
    Play,
    President,
    parse_cards,
    preset,
)
from engine.president.ai import make_player

FILL_A = "5H 6H 7S 8S TH QH"
FILL_B = "5S 6S JS 8H TS QS"


def decide(opts: Options, hands: list[str], *moves: str) -> Decision:
    game = President.from_hands(opts, hands)
    for move in moves:
        game.apply(move)
    p = game.current_player
    assert p is not None
    return make_player("normal", 0).decide(game.observation(p))


def test_beats_a_pair_with_its_lowest_pair_without_breaking_a_triple() -> None:
    hands = ["5C 5D 9H", "7C 7D 7H 8C 8D QC QD KS", FILL_A, FILL_B]
    assert decide(preset("classic"), hands, "55") == Play.parse("88")


def test_does_not_waste_a_two_on_a_low_single_lead_early() -> None:
    hands = ["3C 4S 9S", "2S TC TD JC JD KC KD AC AD", FILL_A, FILL_B]
    assert decide(preset("classic"), hands, "3") is PASS
    # with a low pair to break it follows cheaply instead
    hands = ["3C 4S 9S", "2S 4C 4D JC JD KC KD AC AD", FILL_A, FILL_B]
    assert decide(preset("classic"), hands, "3") == Play.parse("4")


def test_spends_its_two_when_it_then_goes_out() -> None:
    hands = ["3C KC 9S", "2S 9C 9D", FILL_A, FILL_B]
    assert decide(preset("classic"), hands, "K") == Play.parse("2")


def test_leads_its_lowest_whole_set() -> None:
    hands = ["4C 4D 4H 6C 9S JC JD 2H", "3C 5C", FILL_A, FILL_B]
    assert decide(preset("classic"), hands) == Play.parse("444")


def test_plays_out_with_unbeatable_sets_first() -> None:
    """2-2 cannot be beaten (the other two 2s make at most a pair): lead it,
    keep the lead, then the 5 goes out."""
    hands = ["2S 2H 5C", "3C 3D", FILL_A, FILL_B]
    assert decide(preset("classic"), hands) == Play.parse("22")


def test_plays_a_trump_joker_to_win_and_finish() -> None:
    hands = ["3C KC 9S", "X1 7C 7D", FILL_A, FILL_B]
    assert decide(preset("house", first_lead="left_of_dealer"), hands, "K") == Play.parse("X")


def test_one_less_two_beats_a_pair_near_the_end() -> None:
    hands = ["KC KD 9S", "2S 4C 4D", FILL_A, FILL_B]
    assert decide(preset("house", first_lead="left_of_dealer"), hands, "KK") == Play.parse("2")


def test_keeps_the_top_rank_under_aces_high() -> None:
    """Under aces_high 2 is the lowest rank and A the top: lead the 2s."""
    hands = ["2C 2D 5D KH AS", "3C 4C", FILL_A, FILL_B]
    opts = preset("classic", rank_order="aces_high")
    assert decide(opts, hands) == Play.parse("22")
    # and it does not throw its ace on a low single early
    hands = ["3C 9S TC", "AS 9C 9D JC JD KC KD QC QD", FILL_A, FILL_B]
    assert decide(opts, hands, "3") is PASS


def test_starts_a_revolution_with_a_weak_hand() -> None:
    opts = preset("revolution", first_lead="left_of_dealer")
    weak = ["3C 3D 3H 3S 4C 5D 6C 7H 8D", "9C TC", FILL_A, FILL_B]
    assert decide(opts, weak) == Play.parse("3333")


def test_does_not_turn_the_order_against_a_strong_hand() -> None:
    opts = preset("revolution", first_lead="left_of_dealer")
    strong = ["3C 3D 3H 3S KC AD AH 2C 2S", "9C TC", FILL_A, FILL_B]
    decision = decide(opts, strong)
    assert isinstance(decision, Play) and decision.count < 4


def test_reads_the_reversed_order_during_a_revolution() -> None:
    """After 4-4-4-4 turns the order, a 3 is high and a K low: on a single 9
    the lowest beat is now the 8, not the 10."""
    opts = preset("revolution", first_lead="left_of_dealer", jokers=0)
    hands = ["4C 4D 4H 4S 9C", "5C 5D 5H 8S TD KH AS", "6C 6D", "7C 7D"]
    game = President.from_hands(opts, hands)
    game.apply("4444")
    for _ in range(3):
        game.apply("pass")
    game.apply("9")
    assert game.current_player == 1 and game.revolution
    assert make_player("normal", 0).decide(game.observation(1)) == Play.parse("8")


def _exchange_give(opts: Options, hands: list[str], order: list[int]) -> Give:
    game = President.from_hands(opts, hands, round_number=2, previous_order=order)
    assert game.phase == EXCHANGE
    giver = game.pending[0][0]
    decision = make_player("normal", 0).decide(game.observation(giver))
    assert isinstance(decision, Give)
    return decision


def test_gives_back_lowest_singles_without_breaking_pairs() -> None:
    opts = preset("house", jokers=0)
    hands = [
        "3C 3D 4H 7S 9C 9D JC QH KS",  # President: receives TH 8H, gives back 2
        "AC AD 2C",
        "5H 6S 6D",
        "5C 5D 6H 8H TH",
    ]
    give = _exchange_give(opts, hands, [0, 1, 2, 3])
    assert give.cards == parse_cards("4H 7S")


def test_gives_back_never_a_two_or_joker_while_it_has_other_cards() -> None:
    opts: Any = preset("classic", jokers=1)
    hands = ["9C 9D 2S 2H X1", "AC AD", "6S 6D", "5C 5D 3H"]
    give = _exchange_give(opts, hands, [0, 1, 2, 3])
    assert all(c.rank not in (12, 13) for c in give.cards)
