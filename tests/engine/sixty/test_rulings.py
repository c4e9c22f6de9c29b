"""One test per ruling of sixty.md §7 (and the rules they clarify)."""

from __future__ import annotations

import pytest

from engine.errors import NotYourTurn, OptionsError
from engine.sixty import Deal, Sixty, preset
from engine.sixty.state import ROUND_OVER

from .helpers import allowed, kinds, position, refused

DECK = "5 5 5 5 5 6 6 6 6 6 10 10 10 12 12"

# -- turn flow --------------------------------------------------------------


def test_everyone_who_puts_cards_down_draws_back_to_five_at_once() -> None:
    g = position(["3 3 4 5 6", "3 10 12 15 20", "AB 4 4 4 4", "30 30 20 20 15"], deck=DECK)
    events = g.apply("attack 3x2")
    assert kinds(events) == ["attack", "draw"] and events[1].count == 2
    assert g.sizes[0] == 5
    events = g.apply("pass 3x1")  # the passer
    assert kinds(events) == ["pass_on", "draw"] and g.sizes[1] == 5
    events = g.apply("joker abracadabra")  # the joker player
    assert "draw" in kinds(events) and g.sizes[2] == 5


def test_a_fighter_draws_before_its_attack_and_again_after_it() -> None:
    g = position(["3", "10 12 15 20 30", "6", "6"], deck=DECK)
    g.apply("attack 3x1")
    events = g.apply("fight 10x1")
    assert kinds(events) == ["fight", "draw"] and g.sizes[1] == 5
    assert g.current_player == 1 and g.phase == "attack"  # the fighter's normal attack
    events = g.apply("attack 30x1")
    assert kinds(events) == ["attack", "draw"] and g.sizes[1] == 5


def test_players_without_cards_are_skipped_and_passing_needs_someone() -> None:
    g = position(["3 3", "", "3 5", "6"])
    events = g.apply("attack 3x1")
    assert events[0].target == 2 and g.current_player == 2  # player 1 holds nothing
    g.apply("pass 3x1")
    assert g.current_player == 3
    lone = position(["3", "3 4", "", ""])
    lone.apply("attack 3x1")  # player 0 is out: player 1 is the last holder
    refused(lone, "pass 3x1", "nobody_to_pass_to")


def test_after_a_take_the_next_player_after_the_taker_attacks() -> None:
    g = position(["3 4", "5 6"])
    g.apply("attack 3x1")
    g.apply("take")
    assert g.current_player == 0 and g.phase == "attack"  # the original attacker


def test_a_player_holding_only_jokers_misses_the_attack_turn() -> None:
    g = position(["3 3", "4", "AB HP", "5"])
    g.apply("attack 3x1")
    events = g.apply("take")
    assert ("skip", 2) in [(e.kind, e.player) for e in events]
    assert g.current_player == 3 and g.phase == "attack"


def test_the_last_holder_may_still_fight_or_take_then_the_round_ends() -> None:
    g = position(["3", "4 AB", "", ""])
    g.apply("attack 3x1")  # player 0 runs out: player 1 is the last holder
    assert sorted(str(d) for d in g.legal_list()) == ["fight 4x1", "take"]
    refused(g, "joker abracadabra", "no_joker_for_last_holder")
    events = g.apply("take")
    assert kinds(events)[-1] == "round_over" and g.is_round_over()
    assert g.public_view().penalty_points == (0, 3 + 4 + 60, 0, 0)


def test_the_round_ends_when_no_holder_has_a_number_card() -> None:
    g = position(["3", "4", "AB", "ZP"])
    g.apply("attack 3x1")
    events = g.apply("fight 4x1")  # player 1 runs out; only jokers are left
    assert kinds(events)[-1] == "round_over"
    assert g.round_results()[-1].scores == (0, 0, 60, 60)


def test_a_fighter_without_cards_leaves_the_attack_to_the_next_who_can() -> None:
    g = position(["3", "4", "5", "6"])
    g.apply("attack 3x1")
    events = g.apply("fight 4x1")
    assert ("out", 1) in [(e.kind, e.player) for e in events]
    assert g.current_player == 2 and g.phase == "attack"


def test_voluntary_take_on_allows_taking_with_other_choices() -> None:
    g = position(["3", "3 4", "5", "6"])
    g.apply("attack 3x1")
    allowed(g, "take")


def test_voluntary_take_off_allows_taking_only_when_nothing_else_is() -> None:
    g = position(["3", "3 4", "5", "6"], voluntary_take=False)
    g.apply("attack 3x1")
    refused(g, "take", "take_not_allowed")
    stuck = position(["6 6", "5", "5", "6"], voluntary_take=False)
    stuck.apply("attack 6x2")
    assert [str(d) for d in stuck.legal_list()] == ["take"]


def test_a_fight_must_beat_the_attack_as_it_stands_after_hocus_pocus() -> None:
    g = position(["4 4", "HP", "12 15", "6"])
    g.apply("attack 4x2")
    g.apply("joker hocus-pocus")
    assert g.attack_sum == 12
    refused(g, "fight 12x1", "sum_not_greater")  # equal is not greater
    allowed(g, "fight 15x1")


def test_a_fight_must_beat_the_attack_as_it_stands_after_zap() -> None:
    g = position(["4 4 4 4", "ZP", "10", "6"])
    g.apply("attack 4x4")
    g.apply("joker zap")
    assert g.attack_sum == 8
    allowed(g, "fight 10x1")  # 10 < 16 but > 8


# -- jokers -----------------------------------------------------------------


def test_abracadabra_returns_to_the_nearest_earlier_holder_and_flips_for_good() -> None:
    g = position(["3 3", "", "AB 5", "6"])
    g.apply("attack 3x1")
    events = g.apply("joker abracadabra")
    assert g.current_player == 0  # player 1, holding nothing, is passed over
    assert ("direction", -1) in [(e.kind, e.total) for e in events]
    g.apply("pass 3x1")
    assert g.current_player == 3  # counter-clockwise now
    g.apply("take")
    assert g.current_player == 2 and g.public_view().direction == -1


def test_hocus_pocus_adds_one_card_from_the_discard_pile_not_the_hand() -> None:
    g = position(["4", "HP 4 4", "6", "6"])
    before = g.discard[1]
    g.apply("attack 4x1")
    g.apply("joker hocus-pocus")
    assert g.attack_sum == 8 and g.current_player == 2
    assert g.discard[1] == before - 1
    assert [int(c) for c in g.hand(1)] == [4, 4]


def test_hocus_pocus_needs_a_card_of_the_number_on_the_discard_pile() -> None:
    g = position(["4", "HP 6", "6", "6"], deck=" ".join(["4"] * 14))
    g.apply("attack 4x1")
    refused(g, "joker hocus-pocus", "not_in_discard")


def test_zap_on_a_single_card_passes_it_on() -> None:
    g = position(["3", "ZP 6", "6", "6"])
    g.apply("attack 3x1")
    g.apply("joker zap")
    assert g.public_view().penalty_counts == (0, 0, 0, 0) and g.attack_sum == 3
    assert g.current_player == 2


def test_a_joker_may_be_a_players_last_card_while_others_hold_cards() -> None:
    g = position(["3 3", "AB", "6", "6"])
    g.apply("attack 3x1")
    events = g.apply("joker abracadabra")
    assert ("out", 1) in [(e.kind, e.player) for e in events]
    assert g.current_player == 0


def test_jokers_cannot_attack_and_unheld_cards_are_refused() -> None:
    g = position(["3 AB", "6", "6", "6"])
    refused(g, "attack ABx1", "jokers_cannot_attack")
    refused(g, "attack 4x1", "not_held")
    refused(g, "attack 3x2", "not_held")
    refused(g, "take", "wrong_phase")
    refused(g, "attack 3x1", "not_your_turn", player=2)
    g.apply("attack 3x1")
    refused(g, "pass 6x1", "mixed_numbers")
    refused(g, "attack 6x1", "wrong_phase")
    with pytest.raises(NotYourTurn):
        g.apply("take", 0)


# -- rounds and game ----------------------------------------------------------


def test_players_from_two_to_six_default_four() -> None:
    assert preset("standard").players == 4
    for bad in (1, 7):
        with pytest.raises(OptionsError) as info:
            preset("standard", players=bad)
        assert info.value.option == "players"
    with pytest.raises(OptionsError) as info:
        preset("standard", tiebreak="coin")
    assert info.value.option == "tiebreak"
    assert Sixty.new_game(preset("standard", players=2), 1).n == 2


def test_each_round_starts_fresh_clockwise_with_an_empty_discard_pile() -> None:
    g = position(["3 3", "", "AB 5", "6"])
    g.apply("attack 3x1")
    g.apply("joker abracadabra")
    while not g.is_round_over():
        g.apply(g.default_decision())
    g.start_round()
    v = g.public_view()
    assert (v.direction, sum(v.discard), v.hand_sizes, v.deck_count) == (1, 0, (5,) * 4, 63)
    assert v.penalty_counts == (0, 0, 0, 0) and g.card_count() == 83


class _FiveJokersFirst:
    """A generator whose first shuffle deals player 0 five jokers."""

    def __init__(self) -> None:
        self.shuffles = 0

    def shuffle(self, cards: list[int]) -> None:
        self.shuffles += 1
        cards.sort(reverse=self.shuffles == 1)  # jokers (9-11) first, then not

    def randrange(self, n: int) -> int:
        return 0


def test_a_deal_of_five_jokers_is_dealt_again(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = _FiveJokersFirst()
    monkeypatch.setattr(Sixty, "_rng_for", lambda self, number: rng)
    g = Sixty.new_game(preset("standard"), 0)
    assert rng.shuffles == 2 and g.record().rounds[0].deal.redeals == 1
    assert all(sum(1 for c in g.hand(p) if c.is_joker) < 5 for p in range(4))


def _ended_round(
    hands: list[str], totals: list[int], starter: int, round_number: int = 1, **opts: object
) -> Sixty:
    """A position whose round ends at once (fewer than two hold cards)."""
    g = Sixty.from_hands(
        preset("standard", **opts),  # type: ignore[arg-type]
        hands,
        deck="",
        starter=starter,
        totals=totals,
        round_number=round_number,
    )
    assert g.is_round_over() or g.is_terminal()
    return g


def test_the_most_penalty_points_start_next_ties_first_clockwise_from_the_starter() -> None:
    g = _ended_round(["", "", "", ""], [40, 10, 20, 40], starter=2)
    g.start_round()
    assert g.starter == 3 and g.current_player == 3
    g = _ended_round(["", "", "", ""], [40, 10, 40, 5], starter=2)
    g.start_round()
    assert g.starter == 2


def test_penalties_count_pile_and_hand_with_jokers_sixty() -> None:
    g = position(["3", "ZP 4 4 4", "", "30 HP"])
    g.apply("attack 3x1")
    g.apply("take")
    while not g.is_round_over():
        g.apply(g.default_decision())
    pen = g.round_results()[-1].scores
    total = sum(g.penalty_points(p) for p in range(4))
    hands = sum(c.points for p in range(4) for c in g.hand(p))
    assert sum(pen) == total + hands


def test_tiebreak_one_round_then_shared() -> None:
    g = _ended_round(["", "", "", "3"], [0, 0, 5, 5], starter=0, round_number=3)
    assert g.is_round_over() and not g.is_terminal()
    g.start_round(Deal.of(["", "", "", "3"]))
    assert g.is_terminal() and g.round_results()[-1].details[0] == {"tiebreak": True}
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and g.returns() == [0.5, 0.5, 0, 0]


def test_tiebreak_until_broken_plays_on() -> None:
    g = _ended_round(["", "", "", "3"], [0, 0, 5, 5], 0, round_number=3, tiebreak="until_broken")
    g.start_round(Deal.of(["", "", "", "3"]))
    assert g.phase == ROUND_OVER
    g.start_round(Deal.of(["4", "", "", ""]))
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.rounds == 5


def test_tiebreak_shared_ends_at_once() -> None:
    g = _ended_round(["", "", "", "3"], [0, 0, 5, 5], 0, round_number=3, tiebreak="shared")
    assert g.is_terminal() and g.winners() == (0, 1)


def test_round_results_positions_share_ties_and_totals_run() -> None:
    g = _ended_round(["", "", "10", ""], [7, 0, 0, 0], starter=0)
    assert g.round_results()[-1].positions == (0, 0, 3, 0)
    assert g.round_results()[-1].totals == (7, 0, 10, 0)
