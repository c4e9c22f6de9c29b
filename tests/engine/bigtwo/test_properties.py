"""Random playouts over every preset and random options, checking the
invariants a player would notice when they break."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bigtwo import PASS, BigTwo, Combo, Record, penalty, preset, replay
from engine.bigtwo.combos import TWO, mask_of
from engine.bigtwo.options import CHOICES
from engine.cards import Card
from engine.errors import IllegalDecision

OVERRIDES = {
    **{name: st.sampled_from(values) for name, values in CHOICES.items()},
    "last_single_two_wins": st.booleans(),
    "play_to_end": st.booleans(),
}


@st.composite
def options(draw: st.DrawFn) -> Any:
    name = draw(st.sampled_from(["standard", "hong_kong", "pusoy_dos"]))
    chosen = draw(st.sets(st.sampled_from(sorted(OVERRIDES)), max_size=4))
    values = {k: draw(OVERRIDES[k]) for k in sorted(chosen)}
    players = draw(st.integers(2, 4))
    return preset(name, players=players, deals=2, **values)


def cards_in(value: Any, out: set[Card]) -> None:
    """Every card reachable from a view (through dataclasses, tuples, combos)."""
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, Combo):
        out.update(value.cards)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            cards_in(getattr(value, f.name), out)
    elif isinstance(value, tuple | list):
        for v in value:
            cards_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            cards_in(v, out)


def check_position(g: BigTwo, rng: random.Random, dealt: int) -> None:
    p = g.current_player
    assert p is not None
    # cards are conserved: every dealt card is in one hand or played
    hands = [mask_of(g.hand(q)) for q in range(g.n)]
    assert sum(bin(h).count("1") for h in hands) == sum(g.sizes)
    union = 0
    for h in hands:
        assert not union & h
        union |= h
    played = mask_of(g.public_view().played)
    assert not union & played and union | played == dealt
    assert g.sizes[p] > 0  # the seat to act holds cards
    legal = g.legal_list()
    assert {str(d) for d in g.legal_actions()} == {str(d) for d in legal}
    assert len({str(d) for d in legal}) == len(legal)
    for d in rng.sample(legal, min(len(legal), 12)):
        g.copy().apply(d, p)  # every generated play is accepted
    assert g.default_decision() in legal
    # random other cards are refused and leave the state as it was
    hand = list(g.hand(p))
    extra = [Card(rng.randrange(13), rng.randrange(4))]
    pool = hand + [c for c in extra if c not in hand]
    pick = rng.sample(pool, min(len(pool), rng.choice([1, 2, 3, 4, 5])))
    attempt = Combo.of(pick)
    if attempt not in legal:
        before = g.to_json()
        try:
            g.apply(attempt, p)
        except IllegalDecision:
            pass
        else:
            raise AssertionError(f"{attempt} was accepted but not generated")
        assert g.to_json() == before
    # no hidden card is reachable from a view
    view = g.public_view()
    seen: set[Card] = set()
    cards_in(view, seen)
    face = {view.face_up[1]} if view.face_up is not None else set()
    if view.lead_card is not None:
        # the lowest card of a whole pack: the rules tell everyone who holds it
        assert sum(view.hand_sizes) == 52 and view.lead_card in g.hand(p)
        face.add(view.lead_card)
    assert seen <= set(view.played) | face
    q = rng.randrange(g.n)
    seen = set()
    cards_in(g.observation(q), seen)
    assert seen <= set(view.played) | face | set(g.hand(q))


@given(options(), st.integers(0, 2**32 - 1))
def test_random_sessions_keep_the_rules(opts: Any, seed: int) -> None:
    rng = random.Random(seed)
    g = BigTwo.new_game(opts, seed=seed)
    steps = 0
    middle: str | None = None
    while not g.is_terminal():
        if g.is_round_over():
            g.start_round()
        dealt = 0
        for h in g.record().rounds[-1].deal.hands:
            dealt |= h
        deal_steps = 0
        while g.current_player is not None:
            check_position(g, rng, dealt)
            legal = g.legal_list()
            g.apply(rng.choice(legal), g.current_player)
            steps += 1
            deal_steps += 1
            assert deal_steps < 1000  # deals terminate
            if steps == 20:
                middle = g.to_json(include_record=False)
                middle_record = g.record().to_json()
                assert BigTwo.from_json(middle, Record.from_json(middle_record)) == g
        # penalties follow the scoring
        r = g.round_results()[-1]
        pens = [
            penalty(opts, len(g.hand(q)), sum(c.rank == TWO for c in g.hand(q))) for q in range(g.n)
        ]
        if opts.play_to_end:
            last = r.positions.index(g.n - 1)
            assert r.scores == tuple(pens[q] if q == last else 0 for q in range(g.n))
        else:
            assert r.scores == tuple(pens)
            assert r.positions[r.scores.index(0)] == 0
    assert BigTwo.from_json(g.to_json()) == g
    assert replay(g.record().to_json()) == g
    assert replay(Record.from_json(g.record().to_json())).to_dict(False) == g.to_dict(False)
    out = g.outcome()
    assert out is not None and min(out.totals) == out.totals[out.winners[0]]


@given(st.integers(0, 2**32 - 1))
def test_default_decisions_finish_a_session(seed: int) -> None:
    g = BigTwo.new_game(preset("hong_kong", deals=3), seed=seed)
    while not g.is_terminal():
        if g.is_round_over():
            g.start_round()
        d = g.default_decision()
        assert d is PASS or d in g.legal_list()
        g.apply(d, g.current_player)
    assert g.outcome() is not None


# -- small given positions: legal_list and apply agree -------------------------------

TWOS = [Card(TWO, s) for s in range(4)]
OTHERS = [Card(r, s) for r in range(TWO) for s in range(4)]


@st.composite
def small_deal(draw: st.DrawFn) -> tuple[list[list[Card]], int | None]:
    """A few cards each, 2s far more often than in a deal (so barred 2s,
    lone 2s on a first lead and lifted bans come up), a given leader or the
    holder of the lowest card."""
    n = draw(st.integers(2, 4))
    twos = draw(st.lists(st.sampled_from(TWOS), unique=True, max_size=4))
    others = draw(
        st.lists(st.sampled_from(OTHERS), unique=True, min_size=max(0, n - len(twos)), max_size=8)
    )
    cards = draw(st.permutations(twos + others))
    cuts = draw(st.lists(st.integers(1, len(cards) - 1), unique=True, min_size=n - 1))
    cuts = sorted(cuts[: n - 1])
    bounds = [0, *cuts, len(cards)]
    hands = [cards[a:b] for a, b in itertools.pairwise(bounds)]
    leader = draw(st.none() | st.integers(0, n - 1))
    return hands, leader


def check_agreement(g: BigTwo, rng: random.Random) -> None:
    """Everything legal_list offers, apply accepts; what it does not offer,
    apply refuses; and a player left only the pass while holding a card
    that a rule bars is told why."""
    p = g.current_player
    assert p is not None
    legal = g.legal_list()
    assert legal, "every position leaves the player to act a decision"
    assert {str(d) for d in g.legal_actions()} == {str(d) for d in legal}
    assert g.default_decision() in legal
    for d in legal:
        g.copy().apply(d, p)
    hand = g.hand(p)
    subsets = [c for k in (1, 2, 3, 5) for c in itertools.combinations(hand, k)]
    for cards in rng.sample(subsets, min(len(subsets), 40)):
        combo = Combo.of(cards)
        try:
            g.copy().apply(combo, p)
        except IllegalDecision:
            assert combo not in legal
        else:
            assert combo in legal
    try:
        g.copy().apply(PASS, p)
    except IllegalDecision as exc:
        assert PASS not in legal and exc.reason == "must_lead"
    else:
        assert PASS in legal
    why = g.forced_pass()
    if legal == [PASS] and g.top is None:
        # a leader may pass only when a rule bars their cards: they learn which
        assert why is not None and why.reason == "single_two_cannot_end"
    if why is not None:
        assert legal == [PASS]
        refused = Combo.of(hand)
        try:
            g.copy().apply(refused, p)
        except IllegalDecision as exc:
            assert exc.reason in (why.reason, "not_higher", "wrong_size")
        else:
            raise AssertionError(f"{refused} was accepted though only the pass is legal")


@pytest.mark.parametrize("play_to_end", [False, True])
@pytest.mark.parametrize("pass_rule", CHOICES["pass_rule"])
@pytest.mark.parametrize("two_wins", [False, True])
@pytest.mark.parametrize("name", ["standard", "hong_kong", "pusoy_dos"])
@given(deal=small_deal(), others=st.data(), seed=st.integers(0, 2**32 - 1))
def test_legal_list_and_apply_agree_in_small_positions(
    name: str,
    two_wins: bool,
    pass_rule: str,
    play_to_end: bool,
    deal: tuple[list[list[Card]], int | None],
    others: st.DataObject,
    seed: int,
) -> None:
    hands, leader = deal
    rest = {
        k: others.draw(st.sampled_from(CHOICES[k]), label=k)
        for k in ("suit_order", "straights", "flush_compare")
    }
    opts = preset(
        name,
        players=len(hands),
        last_single_two_wins=two_wins,
        pass_rule=pass_rule,
        play_to_end=play_to_end,
        **rest,
    )
    g = BigTwo.from_hands(opts, hands, leader=leader)
    rng = random.Random(seed)
    steps = 0
    while g.current_player is not None:
        check_agreement(g, rng)
        g.apply(rng.choice(g.legal_list()), g.current_player)
        steps += 1
        assert steps < 200  # deals terminate
