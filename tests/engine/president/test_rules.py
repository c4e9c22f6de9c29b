"""One focused test per rule, option and preset of president.md."""

from __future__ import annotations

import pytest

from engine.cards import ACE, THREE, TWO
from engine.president import (
    EXCHANGE,
    PLAY,
    Card,
    Give,
    IllegalPlay,
    NotYourTurn,
    OptionsError,
    President,
    WrongPhase,
    parse_cards,
    points_for,
    preset,
)

from .helpers import legal, letters, play

# -- §9 worked example -------------------------------------------------------

EXAMPLE_HANDS = [
    "4C 4D JC JD 3C 3D",  # A
    "5C 8C 8D",  # B
    "AC AD 5D 6H",  # C
    "6C 6D 7H",  # D
    "9C 9D KC KD 7S",  # E
]


def test_worked_example_may_replay() -> None:
    g = President.from_hands(preset("classic", players=5), EXAMPLE_HANDS)
    assert g.current_player == 0
    play(g, "A:44", "B:pass", "C:pass", "D:66", "E:99")
    play(g, "A:JJ", "B:pass", "C:pass", "D:pass", "E:KK")
    play(g, "A:pass", "B:pass", "C:AA", "D:pass", "E:pass")
    play(g, "A:pass")
    assert g.top is not None and g.current_player == 1
    play(g, "B:pass")
    assert g.top is None, "C wins the trick"
    assert g.current_player == 2, "and leads"
    assert [e.kind for e in g.history[-2:]] == ["pass", "trick"]


def test_worked_example_winner_out_next_player_leads() -> None:
    hands = list(EXAMPLE_HANDS)
    hands[2] = "AC AD"
    g = President.from_hands(preset("classic", players=5), hands)
    play(g, "A:44", "B:pass", "C:pass", "D:66", "E:99")
    play(g, "A:JJ", "B:pass", "C:pass", "D:pass", "E:KK")
    play(g, "A:pass", "B:pass", "C:AA")
    assert g.finished == [2]
    play(g, "D:pass", "E:pass", "A:pass", "B:pass")
    assert g.top is None and g.current_player == 3, "D leads instead"


def test_worked_example_out_until_next_trick() -> None:
    g = President.from_hands(
        preset("classic", players=5, pass_rule="out_until_next_trick"), EXAMPLE_HANDS
    )
    play(g, "A:44", "B:pass", "C:pass", "D:66", "E:99", "A:JJ")
    assert g.current_player == 3, "B and C are skipped"
    play(g, "D:pass", "E:KK")
    assert g.current_player == 0
    play(g, "A:pass")
    assert g.top is None and g.current_player == 4, "E wins the trick and leads"


# -- §4 play -----------------------------------------------------------------


def test_leader_cannot_pass_and_must_match_the_size() -> None:
    g = President.from_hands(preset("classic"), ["5C 5D 3C", "6C 6D 7C", "4C", "4D"])
    with pytest.raises(IllegalPlay, match="lead"):
        g.apply("pass")
    play(g, "A:55")
    assert legal(g) == ["pass", "66"]
    with pytest.raises(IllegalPlay, match="needs 2 card"):
        g.apply("7", 1)
    with pytest.raises(NotYourTurn):
        g.apply("pass", 2)


def test_illegal_decisions_leave_the_state_unchanged() -> None:
    g = President.from_hands(preset("classic"), ["5C 5D 3C", "6C 6D 7C", "4C", "4D"])
    play(g, "A:55")
    before = g.to_json()
    for bad in ["KK", "7", "666", "give 6C"]:
        with pytest.raises((IllegalPlay, WrongPhase)):
            g.apply(bad)
    assert g.to_json() == before


def test_finishing_player_takes_lowest_free_position_and_can_be_beaten() -> None:
    g = President.from_hands(preset("classic"), ["5C", "6C 3D", "7C 3H", "8C 3S"])
    play(g, "A:5")
    assert g.finished == [0]
    assert legal(g) == ["pass", "6"], "others may still beat the finishing play"


def test_round_ends_when_one_player_holds_cards_and_trick_is_abandoned() -> None:
    g = President.from_hands(preset("classic", players=3), ["5C", "6C", "3C 4C"])
    play(g, "A:5", "B:6")
    assert g.phase == "round_over"
    assert g.finished == [0, 1, 2]
    assert g.history[-1].kind == "abandoned"
    assert g.results[-1].titles == ("President", "Citizen", "Scum")


def test_three_of_clubs_lead() -> None:
    g = President.from_hands(
        preset("classic", first_lead="three_of_clubs"), ["5C 3D", "3C 3H KD", "4C", "4D"]
    )
    assert g.current_player == 1
    assert legal(g) == ["3", "33"]
    play(g, "B:3")
    assert Card.parse("3C") not in g.hand(1), "the lead contains the 3♣"


def test_three_of_clubs_two_decks_first_holder_from_dealers_left() -> None:
    opts = preset("classic", decks=2, first_lead="three_of_clubs")
    g = President.from_hands(opts, ["5C", "9C", "3C 4D", "3C 4H"], dealer=2)
    assert g.current_player == 3, "player 3 sits left of the dealer and holds a 3♣"


def test_compulsory_forbids_passing_with_a_legal_play() -> None:
    g = President.from_hands(
        preset("classic", compulsory=True), ["5C 3C", "6C 4C", "4D 3D", "2C 2D"]
    )
    play(g, "A:5")
    assert legal(g) == ["6"]
    play(g, "B:6")
    assert legal(g) == ["pass"], "no legal play: passing is allowed"


def test_single_round_gives_each_other_player_one_turn() -> None:
    g = President.from_hands(
        preset("classic", single_round=True), ["5C 3C", "6C 4C", "7C 8C", "9C TC"]
    )
    play(g, "A:5", "B:6", "C:7", "D:pass")
    assert g.top is None and g.current_player == 2


# -- §4.1 jokers ----------------------------------------------------------------


def test_trump_joker_beats_a_quad_and_wins_the_trick() -> None:
    g = President.from_hands(
        preset("classic", jokers=2), ["5C 5D 5H 5S 3C", "X1 3D 4H", "4C 6C", "4D 6D"]
    )
    play(g, "A:5555")
    assert "X" in legal(g)
    play(g, "B:X")
    assert g.top is None and g.current_player == 1


def test_trump_joker_led_wins_at_once_and_is_played_alone() -> None:
    g = President.from_hands(preset("house"), ["X1 X2 3C", "4C", "5C", "6C"])
    assert "XX" not in legal(g)
    play(g, "A:X")
    assert g.top is None and g.current_player == 0


def test_high_jokers_are_a_rank_and_match_sets() -> None:
    opts = preset("classic", jokers=2, joker_mode="high", revolution=True)
    g = President.from_hands(opts, ["2C 2D 3C", "X1 X2 4C", "5C", "6C"])
    play(g, "A:22")
    assert legal(g) == ["pass", "XX"]
    play(g, "B:XX")
    assert g.top is not None, "high jokers do not win at once"


# -- §4.2 the top rank ------------------------------------------------------------


def test_one_less_single_two_beats_a_pair() -> None:
    g = President.from_hands(preset("house"), ["9C 9D 3C", "2C 4C", "KC KD X1", "AC AD"])
    play(g, "A:99")
    assert "2" in legal(g)
    play(g, "B:2")
    assert legal(g) == ["pass", "X"], "after a one-less play only a joker beats"
    assert g.trick_size == 2


def test_one_less_two_twos_beat_a_triple_and_full_size_also_beats() -> None:
    g = President.from_hands(preset("house"), ["9C 9D 9H 3C", "2C 2D 2H 4C", "KC", "AC"])
    play(g, "A:999")
    assert {"22", "222"} <= set(legal(g))


def test_one_less_is_ordinary_in_a_trick_of_singles() -> None:
    g = President.from_hands(preset("house"), ["9C 3C", "2C 4C", "KC", "AC"])
    play(g, "A:9")
    assert legal(g) == ["pass", "2"]


def test_one_less_never_beats_jokers() -> None:
    opts = preset("house", joker_mode="high")
    g = President.from_hands(opts, ["X1 X2 3C", "2C 2D 4C", "KC", "AC"])
    play(g, "A:XX")
    assert legal(g) == ["pass"]


def test_single_wins_beats_any_play_and_wins_at_once() -> None:
    opts = preset("classic", twos="single_wins", jokers=2, joker_mode="high")
    g = President.from_hands(opts, ["X1 X2 3C", "2C 4C", "KC", "AC"])
    play(g, "A:XX")
    assert legal(g) == ["pass", "2"], "a single 2 beats high jokers too"
    play(g, "B:2")
    assert g.top is None and g.current_player == 1


def test_single_wins_when_led() -> None:
    g = President.from_hands(preset("classic", twos="single_wins"), ["2C 3C", "4C", "5C", "6C"])
    play(g, "A:2")
    assert g.top is None and g.current_player == 0


def test_aces_high_moves_the_top_rank() -> None:
    g = President.from_hands(
        preset("house", rank_order="aces_high"), ["KC KD 3C", "AC 2C 2D 4C", "5C", "6C"]
    )
    assert g.top_rank == ACE
    play(g, "A:KK")
    assert legal(g) == ["pass", "A"], "one ace (one less) beats a pair; 2s are lowest"


def test_short_pack_moves_the_top_rank_to_three() -> None:
    g = President.from_hands(
        preset("house", rank_order="short_pack"), ["2C 2D 7C", "3C 8C 8D", "9C", "TC"]
    )
    assert g.top_rank == THREE
    play(g, "A:22")
    assert legal(g) == ["pass", "3"]


def test_revolution_moves_the_top_rank() -> None:
    g = President.from_hands(
        preset("revolution"), ["5C 5D 5H 5S KC", "3C 3D 3H 3S KD", "4C 9C", "6C 7C"]
    )
    play(g, "A:5555")
    assert g.revolution and g.top_rank == THREE
    assert legal(g) == ["pass", "3333"]
    play(g, "B:pass", "C:pass", "D:pass")
    assert g.current_player == 0
    play(g, "A:K")
    assert legal(g) == ["pass", "3"], "under a revolution 3 beats K; K no longer does"


# -- §4.3 revolution ---------------------------------------------------------------


def test_revolution_reverses_at_once_and_back() -> None:
    g = President.from_hands(
        preset("revolution"), ["5C 5D 5H 5S KC", "3C 3D 3H 3S KD", "4C 9C", "6C 7C"]
    )
    play(g, "A:5555", "B:3333")
    assert not g.revolution
    assert [e.kind for e in g.history].count("revolution") == 2


def test_revolution_can_reverse_direction() -> None:
    opts = preset("revolution", revolution_reverses_direction=True)
    g = President.from_hands(opts, ["5C 5D 5H 5S KC", "3D 9D", "4C 9C", "6C 7C"])
    play(g, "A:5555")
    assert g.direction == -1 and g.current_player == 3


def test_one_less_triple_twos_on_a_quad_is_no_revolution() -> None:
    opts = preset("house", revolution=True)
    g = President.from_hands(opts, ["5C 5D 5H 5S 4C", "3C 3D 3H 4D", "6C", "7C"])
    play(g, "A:5555")
    assert g.revolution and g.top_rank == THREE
    play(g, "B:333")
    assert g.revolution, "three top-rank cards one-less are not a revolution"


def test_order_and_direction_reset_each_round() -> None:
    opts = preset("revolution", revolution_reverses_direction=True, exchange="none")
    g = President.from_hands(opts, ["5C 5D 5H 5S", "3D", "4C", "6C"])
    play(g, "A:5555")
    play(g, "D:pass", "C:pass", "B:pass")
    assert g.phase == "round_over" or g.revolution
    if g.phase != "round_over":
        while g.phase == PLAY:
            g.apply(g.default_decision())
    g.start_round()
    assert not g.revolution and g.direction == 1


# -- §4.4 equal plays and skips ------------------------------------------------------


def test_equal_play_skips_the_next_player() -> None:
    g = President.from_hands(
        preset("classic", skip_on_equal=True), ["7C 3C", "7D 4C", "9C 5C", "8C 6C"]
    )
    assert g.options.equal_plays
    play(g, "A:7", "B:7")
    assert g.history[-1].kind == "skip" and g.history[-1].player == 2
    assert g.current_player == 3


def test_equal_play_with_two_players_left_wins_the_trick() -> None:
    g = President.from_hands(preset("classic", skip_on_equal=True), ["7C 3C", "7D 4C", "", ""])
    play(g, "A:7", "B:7")
    assert g.top is None and g.current_player == 1


def test_no_skip_with_the_top_rank_or_jokers() -> None:
    g = President.from_hands(
        preset("classic", skip_on_equal=True), ["2C 3C", "2D 4C", "9C 5C", "8C 6C"]
    )
    play(g, "A:2", "B:2")
    assert g.current_player == 2
    opts = preset("classic", skip_on_equal=True, jokers=2, joker_mode="high")
    g = President.from_hands(opts, ["X1 3C", "X2 4C", "9C 5C", "8C 6C"])
    play(g, "A:X", "B:X")
    assert g.current_player == 2


def test_equal_plays_without_skips() -> None:
    g = President.from_hands(
        preset("classic", equal_plays=True), ["7C 3C", "7D 4C", "9C 5C", "8C 6C"]
    )
    play(g, "A:7", "B:7")
    assert g.current_player == 2


# -- §6 exchange -------------------------------------------------------------------


def _second_round(opts_name: str, hands: list[str], **over: object) -> President:
    return President.from_hands(
        preset(opts_name, **over), hands, round_number=2, previous_order=[0, 1, 2, 3]
    )


def test_classic_exchange_scum_gives_highest_president_gives_back() -> None:
    g = _second_round("classic", ["3C 4C 5C", "6C 7C", "8C 9C", "2C KC 6D"])
    assert g.phase == EXCHANGE and g.current_player == 0
    assert Card.parse("2C") in g.hand(0) and Card.parse("2C") not in g.hand(3)
    assert len(list(g.legal_plays())) == 4, "one give-back per distinct rank"
    with pytest.raises(IllegalPlay):
        g.apply(Give(list(parse_cards("3C 4C"))))
    with pytest.raises(WrongPhase):
        g.apply("3")
    g.apply(Give(list(parse_cards("3C"))), 0)
    assert Card.parse("3C") in g.hand(3)
    assert g.phase == PLAY and g.current_player == 0, "the President leads"


def test_house_exchange_advantage_two_and_one() -> None:
    hands = ["3C 4C 5C", "6C 7C 8D", "8C 9C JD", "2C KC 6D"]
    g = _second_round("house", hands, jokers=0)
    assert set(g.hand(0)) >= set(parse_cards("2C KC"))
    assert Card.parse("JD") in g.hand(1)
    assert g.pending == [(0, 3, 2), (1, 2, 1)]
    g.apply(g.default_decision())
    assert g.current_player == 1
    g.apply(g.default_decision())
    assert g.phase == PLAY
    g = _second_round("house", hands, jokers=0, advantage=1)
    assert g.pending == [(0, 3, 1)]
    assert Card.parse("JD") not in g.hand(1)


def test_revolution_exchange_and_beggar_leads() -> None:
    hands = ["3C 4C 5C", "6C 7C 8D", "8C 9C JD", "2C KC 6D"]
    g = _second_round("revolution", hands, jokers=0)
    assert g.pending == [(0, 3, 2), (1, 2, 1)]
    g.apply(g.default_decision())
    g.apply(g.default_decision())
    assert g.current_player == 3, "leader = beggar"


def test_ladder_swap_is_automatic() -> None:
    hands = ["3C 4C 5C", "6C 7C 8D", "8C 9C JD", "2C KC 6D"]
    g = _second_round("ladder", hands, jokers=0)
    assert g.phase == PLAY
    assert sorted(map(str, g.hand(0))) == sorted(["5C", "2C", "KC"])
    assert sorted(map(str, g.hand(3))) == sorted(["3C", "4C", "6D"])
    assert Card.parse("JD") in g.hand(1) and Card.parse("6C") in g.hand(2)


def test_ladder_swap_with_butthead() -> None:
    hands = ["3C 4C 5C 6H", "6C 7C 8D", "8C 9C JD", "2C KC 6D"]
    g = _second_round("ladder", hands, jokers=0, butthead=True)
    assert len(g.hand(3)) == 4 and len(g.hand(0)) == 3
    assert len(g.hand(2)) == 4 and len(g.hand(1)) == 2


def test_butthead_gives_back_one_more() -> None:
    g = _second_round("classic", ["3C 4C 5C", "6C 7C", "8C 9C", "2C KC 6D"], butthead=True)
    assert g.pending == [(0, 3, 2)]


def test_exchange_return_lowest_is_automatic() -> None:
    g = _second_round(
        "house", ["3C 4C 5C", "6C 7C 8D", "8C 9C JD", "2C KC 6D"], exchange_return="lowest"
    )
    assert g.phase == PLAY
    assert set(parse_cards("3C 4C")) <= set(g.hand(3))
    assert Card.parse("6C") in g.hand(2)


def test_three_players_have_no_second_exchange() -> None:
    g = President.from_hands(
        preset("house", players=3, jokers=0),
        ["3C 4C 5C", "6C 7C 8D", "2C KC 6D"],
        round_number=2,
        previous_order=[0, 1, 2],
    )
    assert g.pending == [(0, 2, 2)]


def test_exchange_cards_are_private() -> None:
    g = _second_round("classic", ["3C 4C 5C", "6C 7C", "8C 9C", "2C KC 6D"])
    assert g.observation(0).exchange[0].cards == parse_cards("2C")
    assert g.observation(1).exchange[0].cards is None
    assert g.public_view().exchange[0].cards is None
    assert g.public_view().exchange[0].count == 1


# -- §3 seats --------------------------------------------------------------------------


def _finish_round(g: President) -> None:
    while g.phase in (PLAY, EXCHANGE):
        g.apply(g.default_decision())


def test_reseat_puts_players_in_position_order_and_last_deals() -> None:
    g = President.new_game(preset("classic"), seed=3)
    _finish_round(g)
    order = list(g.finished)
    g.start_round()
    assert g.seats == order and g.dealer == 3
    assert len(g.record().rounds[-1].deal.hands[order[0]]) == 13
    assert g.phase == EXCHANGE and g.current_player == order[0]


def test_without_reseat_seats_stay_and_deal_passes_clockwise() -> None:
    g = President.new_game(preset("revolution"), seed=3)
    seats, dealer = list(g.seats), g.dealer
    _finish_round(g)
    g.start_round()
    assert g.seats == seats and g.dealer == (dealer + 1) % 4


def test_uneven_deal_gives_first_seats_one_more() -> None:
    g = President.new_game(preset("classic", players=5), seed=1)
    first = g.seats[(g.dealer + 1) % 5]
    sizes = sorted(len(g.hand(p)) for p in range(5))
    assert sizes == [10, 10, 10, 11, 11]
    assert len(g.hand(first)) == 11


def test_three_players_and_two_decks() -> None:
    g = President.new_game(preset("classic", players=3), seed=2)
    assert sorted(len(g.hand(p)) for p in range(3)) == [17, 17, 18]
    g = President.new_game(preset("house", players=4, decks=2, jokers=4), seed=2)
    assert [len(g.hand(p)) for p in range(4)] == [27, 27, 27, 27]
    while not g.is_over:
        if g.phase == "round_over":
            g.start_round()
        g.apply(g.default_decision())
    assert g.outcome() is not None


# -- §7 scoring --------------------------------------------------------------------------


def test_points_tables() -> None:
    assert [points_for(preset("classic"), 4, p, 0) for p in range(4)] == [2, 1, 0, 0]
    assert [points_for(preset("classic", players=3), 3, p, 0) for p in range(3)] == [2, 1, 0]
    assert [points_for(preset("house", players=5), 5, p, 0) for p in range(5)] == [4, 3, 2, 1, 0]
    assert [points_for(preset("revolution", players=6), 6, p, 0) for p in range(6)] == [
        5,
        0,
        -5,
        -5,
        -10,
        -15,
    ]
    assert [points_for(preset("ladder"), 4, p, 0) for p in range(4)] == [100, 50, 25, 0]
    assert points_for(preset("ladder"), 4, 0, 3) == 200
    assert points_for(preset("ladder"), 4, 1, 2) == 100
    assert points_for(preset("ladder"), 4, 2, 1) == 50


def _random_game(opts_name: str, seed: int, **over: object) -> President:
    import random

    rng = random.Random(seed)
    g = President.new_game(preset(opts_name, **over), seed=seed)
    while not g.is_over:
        if g.phase == "round_over":
            g.start_round()
        g.apply(rng.choice(list(g.legal_plays())))
    return g


@pytest.mark.parametrize("name", ["classic", "house", "revolution", "ladder"])
def test_scores_follow_the_scheme_over_several_rounds(name: str) -> None:
    for seed in range(6):
        g = _random_game(name, seed)
        o = g.options
        totals = [o.start_credits if o.scoring == "credits" else 0] * 4
        prev = None
        for r in g.results:
            for pos, p in enumerate(r.order):
                risen = prev.index(p) - pos if prev else 0
                assert r.promotions[p] == risen
                assert r.points[p] == points_for(o, 4, pos, risen)
                totals[p] += r.points[p]
            assert list(r.totals) == totals
            prev = r.order
        # the game ended at the first round an end condition held
        for i, r in enumerate(g.results):
            ended = (
                (o.scoring in ("classic", "position") and max(r.totals) >= o.target)
                or (o.scoring == "credits" and min(r.totals) <= 0)
                or (o.game_rounds is not None and i + 1 >= o.game_rounds)
            )
            assert ended == (i == len(g.results) - 1)
        outcome = g.outcome()
        assert outcome is not None
        best = max(g.scores)
        assert set(outcome.winners) == {p for p in range(4) if g.scores[p] == best}


def test_ladder_promotions_score_bonuses() -> None:
    for seed in range(10):
        g = _random_game("ladder", seed)
        assert len(g.results) == 5
        if any(r.promotions[p] > 0 for r in g.results[1:] for p in range(4)):
            break
    r = next(r for r in g.results[1:] if max(r.promotions) > 0)
    p = max(range(4), key=lambda q: r.promotions[q])
    base = {0: 100, 1: 50, 2: 25, 3: 0}[r.order.index(p)]
    assert r.points[p] == base + {1: 25, 2: 50, 3: 100}[r.promotions[p]]


def test_credits_game_ends_at_zero() -> None:
    g = _random_game("revolution", 4, start_credits=16)
    assert min(g.scores) <= 0
    assert len(g.results) >= 2
    assert min(g.results[-2].totals) > 0


def test_rounds_limit_and_target() -> None:
    g = _random_game("classic", 1, rounds=2)
    assert len(g.results) <= 2
    g = _random_game("classic", 1, target=3)
    assert max(g.scores) >= 3 and max(g.results[-2].totals if len(g.results) > 1 else [0]) < 3


# -- §2 options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("over", "option"),
    [
        ({"players": 2}, "players"),
        ({"players": 9}, "players"),
        ({"decks": 2, "players": 3}, "decks"),
        ({"jokers": 3}, "jokers"),
        ({"twos": "sometimes"}, "twos"),
        ({"target": 0}, "target"),
        ({"rounds": 0}, "rounds"),
        ({"titles": "ladder", "players": 5}, "players"),
        ({"scoring": "ladder", "players": 3}, "players"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_impossible_options_name_the_option(over: dict[str, object], option: str) -> None:
    with pytest.raises(OptionsError) as info:
        preset("classic", **over)
    assert info.value.option == option
    assert str(info.value).startswith(option)


def test_presets_match_section_8() -> None:
    assert preset("classic").jokers == 0 and preset("classic").scoring == "classic"
    h = preset("house")
    assert (h.jokers, h.twos, h.exchange, h.advantage, h.scoring, h.first_lead) == (
        2,
        "one_less",
        "house",
        2,
        "position",
        "random",
    )
    r = preset("revolution")
    assert (r.revolution, r.pass_rule, r.reseat, r.leader, r.scoring, r.start_credits) == (
        True,
        "out_until_next_trick",
        False,
        "beggar",
        "credits",
        50,
    )
    lad = preset("ladder")
    assert (lad.titles, lad.exchange, lad.scoring, lad.game_rounds, lad.twos) == (
        "ladder",
        "ladder",
        "ladder",
        5,
        "one_less",
    )
    assert preset("classic", jokers=1).joker_mode == "trump"
    assert preset("classic", scoring="ladder").game_rounds == 5


def test_ignored_options_are_accepted() -> None:
    assert preset("classic", joker_mode="high", advantage=1).jokers == 0
    assert preset("revolution", target=99).scoring == "credits"


def test_top_rank_constants() -> None:
    assert President.new_game(preset("classic")).top_rank == TWO


def test_letters_helper() -> None:
    assert letters([0, 2]) == "AC"
