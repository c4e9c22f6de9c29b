"""Sixty's Discord side without Discord: the answers offered to attacker and
defender, their labels, the controls built from them, the strict parser of
clicks, the hand message and the results' wording."""

from __future__ import annotations

import doctest
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cogs.sixty.rules_text
import cogs.sixty.text
from cogs.replies import UserFacingError
from cogs.sixty.adapter import ADAPTER, STALE_CHOICE
from cogs.sixty.text import (
    answerable,
    attack_line,
    choices,
    code_of,
    decision_of,
    held_jokers_refused,
    recent_log,
)
from cogs.sixty.views import answer_view
from cogs.table.adapter import Decide
from cogs.table.models import Table, TableMeta
from cogs.table.snapshot import TableSnapshot
from cogs.table.views import CONTROL
from data import Seat
from engine.sixty import Sixty, parse_decision, preset

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]


def table(state: Sixty, names: list[str] = NAMES, dm_closed: int | None = None) -> TableSnapshot:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [p == dm_closed for p in range(n)])
    seats = [Seat.human(100 + p, names[p]) for p in range(n)]
    return Table(7, 2, 3, ADAPTER, state, 5, seats, meta, seed=1).snapshot()


def attacked(hands: list[str], attack: str, deck: str = "", **opts: Any) -> Sixty:
    g = Sixty.from_hands(preset("standard", **opts), hands, deck=deck)
    g.apply(attack)
    return g


def labels(g: Sixty, p: int | None = None) -> list[str]:
    player = g.current_player if p is None else p
    assert player is not None
    return [c.label for c in choices(g.observation(player), NAMES)]


def test_doctests_of_the_text_modules() -> None:
    for module in (cogs.sixty.text, cogs.sixty.rules_text):
        failed, tried = doctest.testmod(module)
        assert tried and not failed


# -- the answers offered ----------------------------------------------------------------


def test_the_attacker_chooses_a_number_and_how_many_in_one_list() -> None:
    g = Sixty.from_hands(None, ["4 4 10 AB 3", "5", "6", "12"], deck="")
    assert labels(g) == [
        "Attack Bob with 3 ×1 = 3",
        "Attack Bob with 4 ×1 = 4",
        "Attack Bob with 4 ×2 = 8",
        "Attack Bob with 10 ×1 = 10",
    ]


def test_the_defender_sees_every_answer_with_its_effect() -> None:
    # Ann attacks Bob with four 4s (16); Bob holds a 4, two 10s and Zap.
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4")
    assert labels(g) == [
        "Pass on with 4 ×1: 20 to Cy",
        "Fight back with 10 ×2 = 20 > 16",
        "Zap: 2 cards to your penalty (+8), 2 on to Cy",
        "Take the 4 cards: +16 penalty",
    ]
    line = attack_line(g.public_view(), 1, NAMES)
    assert "Ann attacks you" in line and "4 cards of 4 = **16**" in line


def test_a_pass_on_names_who_sent_the_attack_and_who_started_it() -> None:
    g = attacked(["4 4 3", "4 10", "5 5", "6"], "attack 4x2")
    g.apply("pass 4x1")
    line = attack_line(g.public_view(), 2, NAMES)
    assert "Bob sent you an attack" in line and "= **12**" in line and "started by Ann" in line


def test_hocus_pocus_only_when_the_discard_pile_has_the_number() -> None:
    # every 4 is in a hand, the deck or the attack: none on the discard pile
    fours = " ".join(["4"] * 13)
    g = attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2", deck=fours)
    assert not any(c.startswith("Hocus") for c in labels(g))
    assert "Abracadabra: back to Ann, direction flips" in labels(g)
    assert held_jokers_refused(g, 1) == [
        ("joker_hocus-pocus", "Hocus-pocus needs a 4 on the discard pile")
    ]
    # with a 4 on the discard pile, it is offered with what it does
    g = attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2")
    assert "Hocus-pocus: +1 4 from the discard, 12 to Cy" in labels(g)
    assert held_jokers_refused(g, 1) == []


def test_the_last_holder_may_not_play_jokers_or_pass_on() -> None:
    g = attacked(["4", "4 10 ZP AB", "", ""], "attack 4x1")  # Ann is out: Bob holds the rest
    assert labels(g) == ["Fight back with 10 ×1 = 10 > 4", "Take the 1 card: +4 penalty"]
    reasons = [reason for _code, reason in held_jokers_refused(g, 1)]
    assert reasons == [
        "Abracadabra: the last player holding cards cannot play a joker",
        "Zap: the last player holding cards cannot play a joker",
    ]


def test_without_voluntary_take_the_take_is_offered_only_when_nothing_else_is() -> None:
    g = attacked(["4 4 3", "10 5", "5", "6"], "attack 4x2", voluntary_take=False)
    assert not any(c.startswith("Take") for c in labels(g))
    g = attacked(["4 4 3", "5 3", "5", "6"], "attack 4x2", voluntary_take=False)
    assert labels(g) == ["Take the 2 cards: +8 penalty"]


def test_a_single_zap_card_passes_it_on() -> None:
    g = attacked(["30 3", "ZP", "5", "6"], "attack 30x1")
    assert "Zap: pass the 30 on to Cy" in labels(g)


def test_the_cards_that_can_answer_are_marked() -> None:
    twelve_fours = " ".join(["4"] * 12)  # none on the discard pile: Hocus-pocus can't answer
    g = attacked(["4 4 3", "4 10 5 HP 3", "5", "6"], "attack 4x2", deck=twelve_fours)
    obs = g.observation(1)
    marks = dict(zip([int(c) for c in obs.hand], answerable(obs), strict=False))
    assert marks == {3: False, 4: True, 5: False, 10: True, 62: False}


def test_codes_read_back_and_anything_else_is_not_a_code() -> None:
    g = attacked(["4 4 4 4 3", "4 10 10 ZP AB", "5", "6"], "attack 4x4")
    for d in g.legal_list():
        assert decision_of(code_of(d)) == d
        assert re.fullmatch(r"[0-9A-Za-z~_.-]{1,64}", code_of(d))
    for bad in ("", "take ", "attack_4x0", "attack_7x1", "fight_10x6", "joker_AB", "x" * 70):
        assert decision_of(bad) is None


# -- controls and the strict parser -------------------------------------------------------


def _components(view: Any) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"]]


def test_every_answer_is_one_button_saying_what_it_does() -> None:
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4")
    t = table(g)
    offered = choices(g.observation(1), NAMES)
    buttons = _components(answer_view(t.game_id, t.version, offered))
    assert [b["custom_id"] for b in buttons] == [f"pres:c:7:5:go:{c.code}" for c in offered]
    assert [b["label"] for b in buttons] == [c.label for c in offered]
    assert "Fight back with 10 ×2 = 20 > 16" in [b["label"] for b in buttons]
    for b in buttons:
        assert re.fullmatch(CONTROL, b["custom_id"]) and len(b["label"]) <= 80
    rows = answer_view(t.game_id, t.version, offered).to_components()
    assert [len(r["components"]) for r in rows] == [2, 2]
    decided = ADAPTER.on_control(t, 1, "go", "fight_10x2", [])
    assert isinstance(decided, Decide) and decided.decision == parse_decision("fight 10x2")


def test_jokers_that_cannot_be_played_show_disabled_with_the_reason() -> None:
    fours = " ".join(["4"] * 13)
    g = attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2", deck=fours)
    t = table(g)
    message = ADAPTER.hand_message(t, 1, controls=True)
    assert message.view is not None
    buttons = _components(message.view)
    refused = [b for b in buttons if b.get("disabled")]
    assert [(b["custom_id"], b["label"]) for b in refused] == [
        (
            "pres:c:7:5:no:joker_hocus-pocus",
            "Hocus-pocus needs a 4 on the discard pile",
        )
    ]
    with pytest.raises(UserFacingError, match="Hocus-pocus needs a 4 on the discard pile"):
        ADAPTER.on_control(t, 1, "no", "joker_hocus-pocus", [])
    # a 'no' click on a joker that may be played is stale, never a decision
    with pytest.raises(UserFacingError, match="not on your menu"):
        ADAPTER.on_control(t, 1, "no", "joker_abracadabra", [])


def test_the_attacker_presses_one_of_at_most_five_attacks() -> None:
    g = Sixty.from_hands(None, ["4 4 4 4 4", "5", "6", "12"], deck="")
    buttons = _components(answer_view(7, 5, choices(g.observation(0), NAMES)))
    assert [b["label"] for b in buttons] == [
        f"Attack Bob with 4 ×{k} = {4 * k}" for k in range(1, 6)
    ]


def test_refusals_give_the_reason_and_change_nothing() -> None:
    fours = " ".join(["4"] * 13)
    g = attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2", deck=fours)
    t = table(g)
    before = g.to_json()
    with pytest.raises(UserFacingError, match="Hocus-pocus needs a 4 on the discard pile"):
        ADAPTER.on_control(t, 1, "go", "joker_hocus-pocus", [])
    with pytest.raises(UserFacingError, match="you hold no 10"):
        ADAPTER.on_control(t, 1, "go", "fight_10x1", [])
    with pytest.raises(UserFacingError, match=r"you are being attacked"):
        ADAPTER.on_control(t, 1, "go", "attack_3x1", [])
    for kind, arg, values in (
        ("go", "joker_hp", []),
        ("pick", "", ["take"]),
        ("go", "take", ["take"]),
        ("play", "take", []),
        ("go", "", []),
    ):
        with pytest.raises(UserFacingError) as exc:
            ADAPTER.on_control(t, 1, kind, arg, values)
        assert str(exc.value) == STALE_CHOICE
    assert g.to_json() == before


def _states() -> list[Sixty]:
    out = [
        Sixty.new_game(preset("standard"), seed=3),
        attacked(["4 4 4 4 3", "4 10 10 ZP AB", "5", "6"], "attack 4x4"),
        attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2", deck=" ".join(["4"] * 13)),
        attacked(["4", "4 10 ZP AB", "", ""], "attack 4x1"),
        attacked(["4 4 3", "5 3", "5", "6"], "attack 4x2", voluntary_take=False),
    ]
    g = Sixty.new_game(preset("standard", players=6), seed=11)
    for _ in range(25):
        g.apply(g.legal_list()[-1])
    out.append(g)
    return out


STATES = _states()
CODES = sorted({code_of(d) for g in STATES for d in g.legal_list()})
TEXT = (
    st.text(max_size=16)
    | st.sampled_from(CODES)
    | st.sampled_from(["take", "joker_zap", "attack_30x5", "pass_4x5", "fight_3x5", "¹", "٣"])
)


@given(
    st.sampled_from(range(len(STATES))),
    st.sampled_from(["go", "no", "pick", "take", "x", ""]),
    TEXT,
    st.lists(TEXT, max_size=3),
)
def test_any_click_is_a_legal_decision_or_a_refusal(
    which: int, kind: str, arg: str, values: list[str]
) -> None:
    g = STATES[which]
    t = table(g)
    p = g.current_player
    assert p is not None
    before = g.to_json()
    try:
        action = ADAPTER.on_control(t, p, kind, arg, values)
    except UserFacingError as exc:
        assert str(exc)
        return
    finally:
        assert g.to_json() == before, "parsing a click changes nothing"
    assert isinstance(action, Decide) and kind == "go"
    assert action.decision in g.legal_list()


# -- messages ------------------------------------------------------------------------------


def test_the_defender_reads_the_attack_first_and_others_get_no_controls() -> None:
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4")
    t = table(g)
    mine = ADAPTER.hand_message(t, 1, controls=True)
    assert mine.lines[0].startswith("⚔️ **Ann attacks you**")
    assert "Your hand (5): 3 4 10 10 Zap" in mine.lines
    assert mine.view is not None and mine.picture is not None
    other = ADAPTER.hand_message(t, 2, controls=True)
    assert other.view is None and "Waiting for Bob." in other.lines
    assert not any("attacks you" in line for line in other.lines)
    assert "4 10 10" not in "\n".join(other.lines)  # Bob's hand is Bob's alone
    assert ADAPTER.hand_message(t, 1, controls=False).view is None


def test_after_a_fight_back_the_fighter_is_told_to_attack() -> None:
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4", deck="3 3 3 5 5")
    before = g.copy()
    g.apply("fight 10x2", 1)
    t = table(g)
    text = ADAPTER.aftermath(t, 1, parse_decision("fight 10x2"), before).text
    assert text.startswith("You fought back with 10 ×2 = 20 against 16. Now you attack")
    assert g.current_player == 1 and g.phase == "attack"
    assert ADAPTER.hand_message(t, 1, controls=True).lines[-1].startswith("**Your turn:** attack")


def test_the_reply_to_a_rounds_last_decision_shows_the_cards_still_held() -> None:
    # Ann attacks with her last cards, the deck is empty: Bob's take ends the
    # round with 5 and 10 still in his hand (they count as penalty).
    g = Sixty.from_hands(preset("standard", players=2), ["4 4", "10 5"], deck="")
    g.apply("attack 4x2", 0)
    before = g.copy()
    g.apply("take", 1)
    assert g.is_round_over()
    text = ADAPTER.aftermath(table(g), 1, parse_decision("take"), before).text
    assert text.startswith("You took the 2 cards: +8 penalty.")
    assert "5 10" in text and "no cards" not in text
    # the same reply when the table has already dealt the next round
    g.start_round()
    assert ADAPTER.aftermath(table(g), 1, parse_decision("take"), before).text == text


def test_a_fighter_whose_dms_are_closed_is_told_a_new_message_brings_the_controls() -> None:
    """Their click's token brings it, shown to them alone in the channel: pressing
    My hand for it would only be a second copy."""
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4", deck="3 3 3 5 5")
    before = g.copy()
    g.apply("fight 10x2", 1)
    t = table(g, dm_closed=1)
    text = ADAPTER.aftermath(t, 1, parse_decision("fight 10x2"), before).text
    assert "My hand" not in text
    assert "Now you attack: your controls are in a new message." in text


def test_the_attacker_is_asked_to_press_one_button() -> None:
    g = Sixty.from_hands(None, ["4 4 10 AB 3", "5", "6", "12"], deck="")
    lines = ADAPTER.hand_message(table(g), 0, controls=True).lines
    assert (
        "**Your turn:** attack Bob: press the button with the number and how many cards "
        "to attack with." in lines
    )
    assert not any("press a number" in line for line in lines)


def test_the_table_log_tells_the_round_in_words() -> None:
    g = attacked(["4 4 3", "4 10", "5 5", "6"], "attack 4x2")
    g.apply("pass 4x1")
    g.apply("take")
    assert recent_log(g, NAMES) == [
        "Ann attacks Bob with 4 ×2 = 8",
        "Bob passes on with 4 ×1: 12 to Cy",
        "Cy takes 3 cards (+12)",
    ]
    lines = ADAPTER.table_lines(table(g))
    assert lines[-1].startswith("Deck 0 · discard pile")


def test_timeouts_and_turn_texts() -> None:
    g = attacked(["4 4 3", "4 10", "5 5", "6"], "attack 4x2")
    t = table(g)
    assert ADAPTER.turn_text(t, 1) == "to answer Ann's attack of 4 ×2 = 8"
    assert ADAPTER.timeout_text(t, 1) == "I'll take the cards for you."
    start = table(Sixty.from_hands(None, ["4 4 3", "4 10", "5 5", "6"], deck=""))
    assert ADAPTER.turn_text(start, 0) == "to attack Bob"


def finished(tiebreak: bool) -> Sixty:
    """Random play of one-round games until one needs (or not) a tie-break."""
    for seed in range(68, 3000):
        rng = random.Random(seed)
        g = Sixty.new_game(preset("standard", players=3, rounds=1), seed=seed)
        while not g.is_terminal():
            if g.is_round_over():
                g.start_round()
            else:
                g.apply(rng.choice(g.legal_list()))
        if (g.round_number > 1) == tiebreak:
            return g
    raise AssertionError("no such game")


def test_results_are_penalties_lower_first_and_name_the_tie_break() -> None:
    g = finished(tiebreak=True)
    t = table(g, ["Ann", "Bob", "Cy"])
    last = g.round_results()[-1]
    message = ADAPTER.round_message(t, last)
    assert message.title == "Tie-break round results" and message.picture is not None
    scores = [int(line.split("+")[1].split()[0]) for line in message.text.splitlines()[:3]]
    assert scores == sorted(scores)
    outcome = g.outcome()
    assert outcome is not None
    final = ADAPTER.final_message(t, outcome)
    assert final.title.startswith("Game over — ") and "A tie-break round was played." in final.text
    assert ADAPTER.round_details(t, last, 0) == {"tiebreak": True}


def test_rules_text_follows_the_options() -> None:
    from cogs.sixty.rules_text import rules_text

    for name in ("standard", "strict", "quick"):
        text = rules_text(preset(name))
        assert all(len(body) <= 1024 for _, body in text.sections)
    strict = dict(rules_text(preset("strict")).sections)
    assert "only when nothing else is possible" in strict["Answering an attack"]
    assert "until one player is lowest" in strict["Scoring and end of game"]
    quick = rules_text(preset("standard", rounds=1, tiebreak="shared"))
    assert "**Changed from standard:** rounds = 1, tiebreak = shared" in quick.description
    assert "The game lasts 1 round;" in dict(quick.sections)["Scoring and end of game"]
