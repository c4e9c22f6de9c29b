"""The worked examples of sixty.md §6."""

from __future__ import annotations

from .helpers import allowed, position, refused


def test_attacked_with_two_4s_pass_on_or_fight_with_10_or_three_3s() -> None:
    g = position(["4 4", "4 10 3 3 3", "6", "6"])
    g.apply("attack 4x2")
    assert g.current_player == 1 and g.attack_sum == 8
    assert allowed(g, "pass 4x1").current_player == 2
    allowed(g, "fight 10x1")
    allowed(g, "fight 3x3")  # 9 > 8
    refused(g, "fight 3x2", "sum_not_greater")  # 6 < 8
    refused(g, "fight 4x1", "same_number_cannot_fight")


def test_attacked_with_two_4s_a_single_5_cannot_fight() -> None:
    g = position(["4 4", "5 6", "6", "6"])
    g.apply("attack 4x2")
    refused(g, "fight 5x1", "sum_not_greater")
    assert all(d.kind == "take" for d in g.legal_list())


def test_attacked_with_four_4s_two_10s_fight_three_5s_cannot() -> None:
    g = position(["4 4 4 4", "10 10 5 5 5", "6", "6"])
    g.apply("attack 4x4")
    assert g.attack_sum == 16
    allowed(g, "fight 10x2")  # 20 > 16
    refused(g, "fight 5x3", "sum_not_greater")  # 15 < 16


def test_zap_on_five_cards_keeps_two_and_passes_three() -> None:
    g = position(["3 3 3 3 3", "ZP 6", "6", "6"])
    g.apply("attack 3x5")
    events = g.apply("joker zap")
    assert g.public_view().penalty_counts == (0, 2, 0, 0)
    assert g.penalty_points(1) == 6
    assert g.current_player == 2
    attack = g.public_view().attack
    assert attack is not None and (int(attack.card), attack.count) == (3, 3)
    assert events[0].kind == "joker" and events[0].count == 2 and events[0].target == 2
