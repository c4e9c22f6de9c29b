"""The computer players: legal, reproducible, blind to hidden cards, and
playing the way their level promises."""

from __future__ import annotations

import pytest

from engine.bigtwo import PASS, BigTwo, Combo, preset
from engine.bigtwo.ai import HardPlayer, levels, make_player
from engine.bigtwo.ai.base import Player


def small(level: str, seed: int) -> Player:
    """A player of ``level``; hard with a small budget to keep tests quick."""
    return HardPlayer(seed, playouts=8) if level == "hard" else make_player(level, seed)


def test_levels() -> None:
    assert levels() == ("random", "easy", "normal", "hard")
    assert all(make_player(level, 1).level == level for level in levels())
    with pytest.raises(ValueError, match="no computer level"):
        make_player("grandmaster", 1)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize(
    ("rules", "players"), [("standard", 4), ("hong_kong", 3), ("pusoy_dos", 2)]
)
def test_every_level_plays_legal_decisions_to_the_end(level: str, rules: str, players: int) -> None:
    g = BigTwo.new_game(preset(rules, players=players, deals=1), seed=players)
    bots = [small(level, p) for p in range(players)]
    while g.current_player is not None:
        p = g.current_player
        obs = g.observation(p)
        decision = bots[p].decide(obs)
        assert decision in obs.legal
        g.apply(decision, p)
    assert g.is_terminal()


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_a_seed_gives_the_same_decisions(level: str) -> None:
    def decisions(seed: int) -> list[str]:
        g = BigTwo.new_game(preset("standard", deals=1), seed=7)
        bots = [small(level, seed + p) for p in range(4)]
        out = []
        while g.current_player is not None and len(out) < 30:
            p = g.current_player
            d = bots[p].decide(g.observation(p))
            out.append(str(d))
            g.apply(d, p)
        return out

    assert decisions(1) == decisions(1)


def test_hard_decides_from_what_its_seat_sees() -> None:
    # the same seat, hand and table, the hidden cards dealt differently
    mine = "3D 4C 5H 6S 9C 9H JD QS KS 2C"
    a = BigTwo.from_hands(preset("standard"), [mine, "3C 4D 5D", "7C 7D 8H", "AS AH 2S"])
    b = BigTwo.from_hands(preset("standard"), [mine, "AS AH 2S", "3C 4D 5D", "7C 7D 8H"])
    assert a.observation(0) == b.observation(0)
    assert HardPlayer(5, playouts=24).decide(a.observation(0)) == HardPlayer(5, playouts=24).decide(
        b.observation(0)
    )


def normal(g: BigTwo) -> str:
    p = g.current_player
    assert p is not None
    return str(make_player("normal", 0).decide(g.observation(p)))


def test_normal_goes_out_when_one_play_empties_its_hand() -> None:
    g = BigTwo.from_hands(preset("standard"), ["9C 9D", "3D 5C", "6C", "7C"], leader=0)
    assert normal(g) == "9C 9D"


def test_normal_leads_a_straight_of_loose_cards() -> None:
    hand = "3D 4C 5H 6S 7D 9C 9H JD KS 2C"
    g = BigTwo.from_hands(preset("standard"), [hand, "3C 4D", "5D 6D", "7C 8C"])
    assert normal(g) == "3D 4C 5H 6S 7D"


def test_normal_keeps_its_twos_and_breaks_no_pair() -> None:
    g = BigTwo.from_hands(
        preset("standard"), ["3D 8C", "6C 6D 9C JD QS KH 2S AS", "5D 6H", "7C 7D"], leader=0
    )
    g.apply("8C", 0)
    assert normal(g) == "9C"  # not the 2, not a 6 of the pair


def test_normal_spends_a_two_against_a_player_about_to_go_out() -> None:
    g = BigTwo.from_hands(
        preset("standard"), ["3D AC", "6C 6D 9C JD QS KH 2S AS", "5D", "7C 7D"], leader=0
    )
    g.apply("AC", 0)  # player 0 holds one card: stop it
    assert normal(g) == "AS"
    h = BigTwo.from_hands(
        preset("standard"),
        ["3D 5S 7H JC", "6C 6D 9C 4D 4H 8S 2S AS", "5D 9D TD 8H", "7C 7D 8D"],
        leader=0,
    )
    h.apply("JC", 0)
    assert normal(h) == "pass"  # nobody is close to going out: keep the control cards


def test_normal_and_hard_lead_the_unbeatable_card_before_going_out() -> None:
    g = BigTwo.from_hands(preset("standard"), ["2S 3C", "4D", "5D", "6D"], leader=0)
    assert normal(g) == "2S"
    assert HardPlayer(3, playouts=16).decide(g.observation(0)) == Combo.parse("2S")


def test_a_forced_pass_is_made_at_once() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D 2S", "4C", "5D 7C", "6D"], leader=0)
    g.apply("2S", 0)
    obs = g.observation(1)
    assert obs.legal == (PASS,)
    assert HardPlayer(1).decide(obs) is PASS


@pytest.mark.parametrize("level", levels())
def test_every_level_passes_a_first_lead_it_may_not_play(level: str) -> None:
    # hong_kong: the 2♦ is the lowest card dealt but may not be led alone
    g = BigTwo.from_hands(preset("hong_kong"), ["2D", "2C 2S"])
    assert make_player(level, 1).decide(g.observation(0)) is PASS
