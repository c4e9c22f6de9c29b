"""One focused test per option, preset and ruling of bigtwo.md (§3–§8)."""

from __future__ import annotations

import inspect

import pytest

from engine.bigtwo import GAME_TYPE, PASS, BigTwo, Combo, PassedOut, penalty, preset
from engine.errors import IllegalPlay, NotYourTurn, OptionsError, WrongPhase

from .helpers import game, strs


def refused(g: BigTwo, decision: str, reason: str, player: int | None = None) -> str:
    """Apply a decision that must be refused for ``reason``; the state must
    not change. Returns the message."""
    before = g.to_json()
    with pytest.raises(IllegalPlay if reason != "not_your_turn" else NotYourTurn) as info:
        g.apply(decision, g.current_player if player is None else player)
    assert info.value.reason == reason
    assert g.to_json() == before
    return str(info.value)


# -- options and presets (§5, §8) ---------------------------------------------------


def test_presets_by_name() -> None:
    assert set(GAME_TYPE.presets) == {"standard", "hong_kong", "pusoy_dos"}
    s, hk, pd = preset("standard"), preset("hong_kong"), preset("pusoy_dos")
    assert (s.suit_order, s.flush_compare, s.straights) == ("standard", "suit_first", "standard")
    assert (s.last_single_two_wins, s.later_leader) == (True, "lowest_card")
    assert (hk.suit_order, hk.flush_compare, hk.straights) == (
        "standard",
        "rank_first",
        "hong_kong",
    )
    assert (hk.last_single_two_wins, hk.later_leader) == (False, "winner")
    assert (pd.suit_order, pd.flush_compare, pd.straights) == (
        "pusoy_dos",
        "suit_first",
        "standard",
    )
    assert (pd.last_single_two_wins, pd.later_leader) == (True, "lowest_card")
    assert (s.players, s.deals, s.threshold, s.scoring) == (4, 4, None, "standard")


def test_every_option_is_in_the_schema_and_overridable() -> None:
    names = {spec.name for spec in GAME_TYPE.option_schema}
    assert names == {
        "players",
        "suit_order",
        "straights",
        "flush_compare",
        "last_single_two_wins",
        "pass_rule",
        "play_to_end",
        "later_leader",
        "scoring",
        "deals",
        "threshold",
    }
    for spec in GAME_TYPE.option_schema:
        for text in spec.values():
            if spec.name == "deals" and text == "none":
                continue  # needs a threshold (below)
            o = GAME_TYPE.make_options("hong_kong", {spec.name: spec.parse(text)})
            assert getattr(o, spec.name) == spec.parse(text)


@pytest.mark.parametrize(
    ("overrides", "option"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"deals": None}, "deals"),
        ({"deals": 0}, "deals"),
        ({"threshold": 0}, "threshold"),
        ({"suit_order": "alphabetical"}, "suit_order"),
        ({"play_to_end": "yes"}, "play_to_end"),
        ({"jokers": 2}, "jokers"),
    ],
)
def test_impossible_options_name_the_option(overrides: dict[str, object], option: str) -> None:
    with pytest.raises(OptionsError) as info:
        preset("standard", **overrides)
    assert info.value.option == option
    assert option in str(info.value)


def test_a_threshold_alone_ends_the_session() -> None:
    o = preset("standard", deals=None, threshold=30)
    assert o.deals is None and o.threshold == 30


# -- the first lead (§3, §8) ---------------------------------------------------------


def test_holder_of_three_of_diamonds_leads_and_must_include_it() -> None:
    g = game(["4C 5C", "3D 3C 4D 5D 6D 7D", "6C", "7C"])
    assert g.current_player == 1
    assert "3D" in strs(g.legal_list()) and "3C" not in strs(g.legal_list())
    assert "3D 4D 5D 6D 7D" in strs(g.legal_list())  # a five-card hand with it is fine
    assert "3C 3D" in strs(g.legal_list())
    msg = refused(g, "3C", "must_include_lowest")
    assert msg == "your first play must include the 3♦"
    g.apply("3C 3D", 1)
    assert g.public_view().lead_card is None and not g.public_view().lead_restricted


@pytest.mark.parametrize("order", ["pusoy_dos", "bridge"])
def test_three_of_clubs_leads_under_pusoy_dos_and_bridge(order: str) -> None:
    g = game(["3D 5C", "3C 4D"], suit_order=order)
    assert g.current_player == 1
    assert strs(g.legal_list()) == ["3C"]


def test_given_hands_without_a_three_the_lowest_card_dealt_leads() -> None:
    g = game(["9S", "5H", "5D 8C"])
    assert g.current_player == 2 and strs(g.legal_list()) == ["5D"]


def test_a_given_leader_leads_anything() -> None:
    g = BigTwo.from_hands(preset("standard"), ["9S", "3D 5H", "5D 8C", "2S"], leader=3)
    assert g.current_player == 3 and strs(g.legal_list()) == ["2S"]


def test_the_leader_cannot_pass() -> None:
    g = game(["3D 4C", "5C", "6C", "7C"])
    msg = refused(g, "pass", "must_lead")
    assert "cannot pass" in msg


# -- play (§3) -------------------------------------------------------------------


def test_play_goes_from_seat_to_seat_and_must_match_the_size() -> None:
    g = game(["3D 4C 9S", "5C 5D 9D", "6C 6H", "7C 7H"])
    assert [e.kind for e in g.apply("3D", 0)] == ["play"]
    assert g.current_player == 1
    msg = refused(g, "5C 5D", "wrong_size")
    assert "1 card" in msg
    g.apply("5C", 1)
    assert g.current_player == 2


def test_refusals_have_reason_codes_and_words() -> None:
    g = game(["3D 4C 9S QS KS", "5C 5D 9D 9C 9H", "6C 6H", "7C 7H"])
    refused(g, "3D 4C", "not_a_combination")
    refused(g, "3D 2S", "not_held")
    assert "you do not hold 2♠" in refused(g, "2S", "not_held")
    refused(g, "3D", "not_your_turn", player=2)
    g = BigTwo.from_hands(preset("standard"), ["3D 9S", "5C 9D", "6C", "7C"], leader=0)
    g.apply("9S", 0)
    assert refused(g, "5C", "not_higher") == "5♣ does not beat 9♠"
    assert refused(g, "9D", "not_higher") == "9♦ does not beat 9♠"


def test_a_flush_does_not_beat_a_full_house() -> None:
    g = BigTwo.from_hands(
        preset("standard"),
        ["9C 9D 9H 4C 4D 3D", "3S 5S 8S JS KS", "6C", "7C"],
        leader=0,
    )
    g.apply("9C 9D 9H 4C 4D", 0)
    assert refused(g, "3S 5S 8S JS KS", "not_higher") == "a flush does not beat a full house"


def test_a_trick_ends_when_all_others_pass_and_the_winner_leads() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D 4C", "5C 6C", "7C 8C", "9C TC"], leader=0)
    g.apply("4C", 0)
    g.apply("pass", 1)
    g.apply("pass", 2)
    events = g.apply("pass", 3)
    assert [e.kind for e in events] == ["pass", "trick", "lead"]
    assert events[1].player == 0 and g.current_player == 0 and g.top is None


def test_may_replay_after_passing() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D 4C", "5C 6C", "7C 8C", "9C TC"], leader=0)
    g.apply("3D", 0)
    g.apply("pass", 1)
    g.apply("7C", 2)
    g.apply("pass", 3)
    g.apply("pass", 0)
    assert g.current_player == 1  # passed before, plays again
    assert strs(g.legal_list()) == ["pass"]  # (nothing of player 1's beats the 7♣)
    g.apply("pass", 1)
    assert g.top is None and g.current_player == 2


def test_out_until_next_trick() -> None:
    g = BigTwo.from_hands(
        preset("standard", pass_rule="out_until_next_trick"),
        ["3D 4C", "5C 6C TS", "7C 8C", "9C TC"],
        leader=0,
    )
    g.apply("3D", 0)
    g.apply("pass", 1)
    g.apply("7C", 2)
    g.apply("pass", 3)
    g.apply("pass", 0)
    # player 1 passed: out of this trick, so the trick ends with player 2
    assert g.top is None and g.current_player == 2
    h = BigTwo.from_hands(
        preset("standard", pass_rule="out_until_next_trick"),
        ["3D 4C", "5C 6C TS", "7C 8C", "9C TC"],
        leader=0,
    )
    h.apply("3D", 0)
    h.apply("pass", 1)
    h.apply("7C", 2)
    with pytest.raises(PassedOut) as info:
        h.apply("TS", 1)
    assert info.value.reason == "passed_out"
    assert h.current_player == 3


def test_the_deal_ends_when_one_player_is_out() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D", "5C 6C", "7C 8C 9H", "9C"], leader=0)
    events = g.apply("3D", 0)
    assert [e.kind for e in events] == ["play", "finish", "deal_over"]
    assert g.is_round_over() and g.current_player is None
    r = g.round_results()[-1]
    assert r.scores == (0, 2, 3, 1) and r.positions == (0, 2, 3, 1)
    assert [d["cards_left"] for d in r.details] == [0, 2, 3, 1]
    with pytest.raises(WrongPhase):
        g.apply("pass", 1)


def test_a_deal_that_ends_mid_trick_abandons_the_trick() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D 5D", "4C", "7C 8C", "9C TC"], leader=0)
    g.apply("3D", 0)
    events = g.apply("4C", 1)
    assert [e.kind for e in events] == ["play", "finish", "abandoned", "deal_over"]


# -- last_single_two_wins (§5, §8) ---------------------------------------------------


def hk(hands: list[str], leader: int | None = None, **options: object) -> BigTwo:
    return BigTwo.from_hands(preset("hong_kong", **options), hands, leader=leader)


def test_a_single_two_cannot_win_the_deal_in_hong_kong() -> None:
    g = hk(["4D 5D", "2S", "7C 8C", "9C TC"], leader=0)
    g.apply("4D", 0)
    assert strs(g.legal_list()) == ["pass"]
    msg = refused(g, "2S", "single_two_cannot_end")
    assert "single 2" in msg
    # standard: the 2 wins
    s = BigTwo.from_hands(preset("standard"), ["4D 5D", "2S", "7C 8C", "9C TC"], leader=0)
    s.apply("4D", 0)
    assert "2S" in strs(s.legal_list())


def test_a_leader_holding_only_a_single_two_passes_the_lead_on() -> None:
    g = hk(["2S", "5C 6C", "7C 8C", "9C TC"], leader=0)
    assert strs(g.legal_list()) == ["pass"]
    assert g.default_decision() is PASS
    events = g.apply("pass", 0)
    assert [(e.kind, e.player) for e in events] == [("pass", 0), ("lead", 1)]
    assert g.top is None and strs(g.legal_list())[:2] == ["5C", "6C"]


def test_a_first_lead_that_must_include_a_lone_barred_two_is_passed_on() -> None:
    # The 2♦ is the lowest card dealt and player 0's only card: leading it
    # alone would win the deal, so the lead passes on and its rule lapses.
    g = hk(["2D", "2C 2S"])
    assert g.current_player == 0 and g.public_view().lead_restricted
    assert strs(g.legal_list()) == ["pass"] == strs(g.legal_actions())
    assert g.default_decision() is PASS
    refused(g, "2D", "single_two_cannot_end")
    events = g.apply("pass", 0)
    assert [(e.kind, e.player) for e in events] == [("pass", 0), ("lead", 1)]
    assert not g.public_view().lead_restricted and g.observation(1).lead_card is None
    assert set(strs(g.legal_list())) == {"2C", "2S", "2C 2S"}


def test_a_leader_who_may_only_pass_is_told_why() -> None:
    g = hk(["2D", "2C 2S"])
    why = g.forced_pass()
    assert why is not None and why.reason == "single_two_cannot_end"
    assert str(why) == (
        "a single 2 cannot be the play that wins the deal under these rules, "
        "and it is your only card: pass the lead on"
    )
    assert refused(g, "2D", "single_two_cannot_end") == str(why)
    g.apply("pass", 0)
    assert g.forced_pass() is None  # player 1 may lead
    # following: the 2♠ would beat the 2♦, but it would also win the deal
    f = hk(["2S", "2C 2D"])
    f.apply("2D", 1)
    why = f.forced_pass()
    assert why is not None and why.reason == "single_two_cannot_end"
    assert str(why) == "a single 2 cannot be the play that wins the deal under these rules: pass"
    assert hk(["2S", "2C", "2D", "2H"], leader=2).forced_pass() is None  # the ban is lifted
    assert game(["3D 4D", "2S", "5C", "6C"]).forced_pass() is None  # standard: no ban


def test_passing_the_lead_on_is_a_pass_of_the_trick() -> None:
    # may_replay: player 0 passed the lead on, yet answers player 1's lead
    g = hk(["2D", "2C 2S"])
    g.apply("pass", 0)
    assert g.public_view().seats[0].passed
    g.apply("2C", 1)
    assert g.current_player == 0 and strs(g.legal_list()) == ["pass"]
    # out_until_next_trick: player 0 is out of that trick, which player 1 wins at once
    out = hk(["2D", "2C 2S"], pass_rule="out_until_next_trick")
    out.apply("pass", 0)
    events = out.apply("2C", 1)
    assert [(e.kind, e.player) for e in events] == [("play", 1), ("trick", 1), ("lead", 1)]
    assert out.current_player == 1 and out.top is None


def test_a_lead_passer_stays_out_of_the_trick_when_the_ban_lifts() -> None:
    # Player 1 holds only a 2 and passes the lead on; player 2 leads the 5♣,
    # goes out and so lifts the ban (play_to_end); player 0 plays the 6♣.
    def after(pass_rule: str) -> BigTwo:
        g = hk(["6C 7C 8C", "2S", "5C"], leader=1, play_to_end=True, pass_rule=pass_rule)
        g.apply("pass", 1)
        g.apply("5C", 2)
        g.apply("6C", 0)
        return g

    replay = after("may_replay")
    assert replay.current_player == 1 and "2S" in strs(replay.legal_list())
    out = after("out_until_next_trick")
    assert out.current_player == 0 and out.top is None  # player 0 won the trick
    assert [e.kind for e in out.history[-2:]] == ["trick", "lead"]


def test_the_ban_is_lifted_when_everyone_holds_a_single_two() -> None:
    g = hk(["2S", "2C", "2D", "2H"], leader=2)
    assert strs(g.legal_list()) == ["2D"]
    g.apply("2D", 2)
    assert g.is_round_over() and g.round_results()[-1].positions[2] == 0


def test_pairs_of_twos_may_end_the_deal() -> None:
    g = hk(["2S 2H", "5C 6C", "7C 8C", "9C TC"], leader=0)
    assert "2H 2S" in strs(g.legal_list())
    g.apply("2H 2S", 0)
    assert g.is_round_over()


def test_a_single_two_may_end_a_hand_that_does_not_win_the_deal() -> None:
    g = hk(["3D", "2S 9D", "7C 8C", "9C TC"], leader=0, play_to_end=True)
    g.apply("3D", 0)  # player 0 wins the deal; play goes on
    assert not g.is_round_over()
    g.apply("9D", 1)
    g.apply("pass", 2)
    g.apply("pass", 3)
    assert g.current_player == 1
    assert strs(g.legal_list()) == ["2S"]


# -- play_to_end (§3, §8) ------------------------------------------------------


def test_play_to_end_after_an_unbeaten_last_play_the_next_player_leads() -> None:
    g = BigTwo.from_hands(
        preset("standard", play_to_end=True), ["3D", "5C 6C", "7C 8C", "9C TC"], leader=0
    )
    events = g.apply("3D", 0)
    assert [e.kind for e in events] == ["play", "finish"]
    g.apply("pass", 1)
    g.apply("pass", 2)
    events = g.apply("pass", 3)
    assert [e.kind for e in events] == ["pass", "trick", "lead"]
    assert g.current_player == 1  # next in turn after the one who finished


def test_play_to_end_only_the_last_player_pays_and_the_order_is_kept() -> None:
    g = BigTwo.from_hands(
        preset("standard", play_to_end=True), ["3D", "4C", "7C 8C", "9C"], leader=0
    )
    g.apply("3D", 0)
    g.apply("4C", 1)
    g.apply("7C", 2)
    g.apply("9C", 3)
    assert g.is_round_over()
    r = g.round_results()[-1]
    assert r.positions == (0, 1, 3, 2)
    assert r.scores == (0, 0, 1, 0)


# -- fewer players (§6, §8) --------------------------------------------------------


def test_four_players_get_thirteen_cards() -> None:
    g = BigTwo.new_game(preset("standard"), seed=1)
    assert g.sizes == [13, 13, 13, 13] and g.public_view().face_up is None


def test_three_players_the_52nd_card_goes_to_the_holder_of_the_lowest() -> None:
    for seed in range(12):
        g = BigTwo.new_game(preset("standard", players=3), seed=seed)
        view = g.public_view()
        assert view.face_up is not None
        holder, card = view.face_up
        assert sorted(g.sizes) == [17, 17, 18] and g.sizes[holder] == 18
        assert card in g.hand(holder)
        assert g.current_player == holder
        # the holder now has the lowest card and must include it
        assert view.lead_card is not None and view.lead_card in g.hand(holder)
        assert str(view.lead_card) == "3D"
        dealt = [c for p in range(3) for c in g.hand(p) if c is not card]
        assert "3D" in {str(c) for c in dealt} or str(card) == "3D"
        if str(card) == "3D":
            assert "3C" in {str(c) for c in g.hand(holder)}  # the 3♣'s holder took it


def test_two_players_get_seventeen_cards_and_the_lowest_dealt_leads() -> None:
    for seed in range(6):
        g = BigTwo.new_game(preset("standard", players=2), seed=seed)
        assert g.sizes == [17, 17]
        leader = g.current_player or 0
        lead = g.observation(leader).lead_card
        assert lead is not None and lead in g.hand(leader)
        # with cards set aside, nobody else may know which card it is
        view = g.public_view()
        assert view.lead_card is None and view.lead_restricted
        assert g.observation(1 - leader).lead_card is None
        everything = sorted(g.hand(0) + g.hand(1), key=lambda c: (c.rank, "DCHS".index(str(c)[1])))
        assert everything[0] is lead


# -- scoring (§4, §8) ---------------------------------------------------------------


def test_standard_penalties() -> None:
    o = preset("standard")
    assert [penalty(o, k, 0) for k in (1, 9, 10, 12, 13, 17)] == [1, 9, 20, 24, 39, 51]


def test_doubled_twos() -> None:
    g = BigTwo.from_hands(
        preset("standard", scoring="doubled_twos"),
        ["3D", "2C 2D 4C", "7C 2S", "9C"],
        leader=0,
    )
    g.apply("3D", 0)
    assert g.round_results()[-1].scores == (0, 12, 4, 1)


# -- sessions (§4, §8) -----------------------------------------------------------------


def play_deal(g: BigTwo) -> None:
    while g.current_player is not None:
        g.apply(g.default_decision(), g.current_player)


def test_a_session_of_deals() -> None:
    g = BigTwo.new_game(preset("standard", deals=2), seed=3)
    play_deal(g)
    assert g.is_round_over() and not g.is_terminal() and g.outcome() is None
    g.start_round()
    assert g.round_number == 2
    play_deal(g)
    assert g.is_terminal() and not g.is_round_over()
    out = g.outcome()
    assert out is not None and out.rounds == 2
    assert out.totals == tuple(g.round_results()[-1].totals)
    best = min(out.totals)
    assert out.winners == tuple(p for p in range(4) if out.totals[p] == best)
    with pytest.raises(WrongPhase):
        g.start_round()


def test_a_session_to_a_threshold() -> None:
    g = BigTwo.new_game(preset("standard", deals=None, threshold=15), seed=4)
    while not g.is_terminal():
        if g.is_round_over():
            g.start_round()
        play_deal(g)
    totals = g.round_results()[-1].totals
    assert max(totals) >= 15
    assert all(max(r.totals) < 15 for r in g.round_results()[:-1])


def test_deals_or_threshold_whichever_comes_first() -> None:
    g = BigTwo.new_game(preset("standard", deals=50, threshold=1), seed=4)
    play_deal(g)
    assert g.is_terminal() and g.round_number == 1


def test_ties_share_the_win() -> None:
    g = BigTwo.from_hands(preset("standard", deals=1), ["3D", "4C", "4D", "4H"], leader=0)
    g.apply("3D", 0)
    out = g.outcome()
    assert out is not None and out.winners == (0,)
    g = BigTwo.from_hands(
        preset("standard", deals=1), ["3D", "4C", "4D", "4H"], leader=0, totals=[1, 0, 0, 0]
    )
    g.apply("3D", 0)
    out = g.outcome()
    assert out is not None and out.winners == (0, 1, 2, 3)
    assert g.returns() == [0.25] * 4
    assert GAME_TYPE.lower_is_better


@pytest.mark.parametrize("later", ["lowest_card", "winner"])
def test_later_leader(later: str) -> None:
    g = BigTwo.new_game(preset("standard", later_leader=later), seed=11)
    play_deal(g)
    winner = g.round_results()[-1].positions.index(0)
    g.start_round()
    view = g.public_view()
    if later == "winner":
        assert g.current_player == winner and view.lead_card is None
    else:
        assert view.lead_card is not None and str(view.lead_card) == "3D"
        assert view.lead_card in g.hand(g.current_player or 0)


# -- a player out of time (§8) -----------------------------------------------------------


def test_default_decision() -> None:
    g = game(["4C 3D 3C 5D 6D 7D", "5C", "6C", "7C"])
    assert g.default_decision() == Combo.parse("3D")  # the lowest card alone
    g.apply("3C 3D", 0)
    assert g.default_decision() is PASS  # pass where allowed
    g = BigTwo.from_hands(preset("standard"), ["9C 4S 4H", "5C", "6C", "7C"], leader=0)
    assert g.default_decision() == Combo.parse("4H")  # weakest legal play leading


@pytest.mark.parametrize(
    ("rules", "lowest", "next_lowest"), [("standard", "3D", "3C"), ("pusoy_dos", "3C", "3S")]
)
def test_three_players_when_the_52nd_card_is_the_lowest(
    monkeypatch: pytest.MonkeyPatch, rules: str, lowest: str, next_lowest: str
) -> None:
    low = Combo.parse(lowest).mask.bit_length() - 1

    def lowest_last(self: BigTwo, items: list[int]) -> None:
        items.sort(key=lambda c: (c == low, c))

    monkeypatch.setattr(BigTwo, "_shuffle", lowest_last)
    g = BigTwo.new_game(preset(rules, players=3), seed=1)
    view = g.public_view()
    assert view.face_up is not None and str(view.face_up[1]) == lowest
    holder = view.face_up[0]
    # the holder of the lowest of the 51 dealt cards takes it, leads and must include it
    assert next_lowest in strs(g.hand(holder)) and lowest in strs(g.hand(holder))
    assert g.current_player == holder and str(g.observation(holder).lead_card) == lowest
    assert all(lowest in str(d) for d in g.legal_list())


def test_decisions_between_deals_are_refused_as_the_wrong_phase() -> None:
    g = BigTwo.from_hands(preset("standard"), ["3D", "4C", "5C", "6C"])
    g.apply("3D", 0)
    before = g.to_json()
    with pytest.raises(WrongPhase) as info:
        g.apply("4C", 1)
    assert info.value.reason == "wrong_phase" and "deal the next one" in str(info.value)
    assert g.to_json() == before and g.legal_list() == [] and list(g.legal_actions()) == []


def test_legal_actions_is_lazy() -> None:
    g = BigTwo.from_hands(
        preset("standard"), ["3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S", "3D"], leader=0
    )
    actions = g.legal_actions()
    assert inspect.isgenerator(actions)
    assert str(next(actions)) == "3S"  # the first play comes before any five-card hand is built
