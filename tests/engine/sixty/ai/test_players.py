"""The computer players: legal, reproducible, and normal's heuristics."""

from __future__ import annotations

import pytest

from engine.sixty import GAME_TYPE, Sixty, preset
from engine.sixty.ai import Player, levels, make_player
from engine.sixty.ai.hard import HardPlayer

from ..helpers import position


def _bot(level: str, seed: int) -> Player:
    if level == "hard":  # a small search: the same code, quicker tests
        return HardPlayer(seed, playouts=24, min_worlds=3)
    return make_player(level, seed)


def _play(level_by_seat: list[str], seed: int, rounds: int = 1) -> list[str]:
    g = Sixty.new_game(preset("standard", players=len(level_by_seat), rounds=rounds), seed)
    bots = [_bot(level, seed + p) for p, level in enumerate(level_by_seat)]
    made: list[str] = []
    while not g.is_terminal():
        if g.is_round_over():
            g.start_round()
            continue
        p = g.current_player
        assert p is not None
        d = bots[p].decide(g.observation(p))
        assert d in g.legal_list()
        made.append(str(d))
        g.apply(d, p)
    return made


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_each_level_plays_legal_reproducible_games(level: str) -> None:
    assert _play([level] * 4, 11, rounds=3) == _play([level] * 4, 11, rounds=3)


def test_hard_plays_legal_reproducible_decisions() -> None:
    seats = ["hard", "normal", "random"]
    assert _play(seats, 5) == _play(seats, 5)


def test_levels_and_unknown_levels() -> None:
    assert GAME_TYPE.levels() == levels() == ("random", "easy", "normal", "hard")
    assert GAME_TYPE.make_player("hard", 1).level == "hard"
    with pytest.raises(ValueError):
        make_player("genius", 1)


def _normal(g: Sixty) -> str:
    p = g.current_player
    assert p is not None
    return str(make_player("normal", 0).decide(g.observation(p)))


def test_normal_keeps_high_numbers_and_attacks_with_its_largest_low_group() -> None:
    five = "6 6 12 12 15"
    g = position(["30 20 4 4 3", five, five, "6"], deck="5 5 5 5 5 5")
    assert _normal(g) == "attack 4x2"


def test_normal_passes_on_cheaply_and_fights_big_attacks() -> None:
    g = position(["3", "3 3 10 12", "6", "6"], deck="5 5 5 5 5 5")
    g.apply("attack 3x1")
    assert _normal(g) == "pass 3x1"
    g = position(["5 5 5 5", "5 30 12 12", "6", "6"], deck="3 3 3 3 3 3")
    g.apply("attack 5x4")
    assert _normal(g) == "fight 12x2"  # 20 is large: the smallest winning fight (24)


def test_normal_spends_jokers_on_large_attacks_and_takes_small_ones() -> None:
    g = position(["10 10", "AB 3", "6", "6"], deck="5 5 5 5 5 5")
    g.apply("attack 10x2")
    assert _normal(g) == "joker abracadabra"
    g = position(["4", "AB 3", "6", "6"], deck="5 5 5 5 5 5")
    g.apply("attack 4x1")
    assert _normal(g) == "take"


def test_normal_dumps_its_biggest_sum_once_the_deck_is_empty() -> None:
    g = position(["30 4 4 3", "6", "6", "6"])
    assert _normal(g) == "attack 30x1"


def test_hard_decides_from_its_seat_only() -> None:
    """Deals that differ only in cards seat 0 cannot see give the same decision."""
    mine = "3 3 4 20 AB"
    a = position([mine, "5 5 6 10 12", "3 4 15 15 30", "6 6 6 ZP HP"], deck="", starter=0)
    b = position([mine, "3 4 6 6 6", "5 5 15 12 ZP", "10 15 30 6 HP"], deck="", starter=0)
    assert a.observation(0) == b.observation(0)
    da = HardPlayer(7, playouts=48).decide(a.observation(0))
    db = HardPlayer(7, playouts=48).decide(b.observation(0))
    assert da == db and da in a.legal_list()
