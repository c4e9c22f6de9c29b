"""Random playouts over player counts and options: conservation, legality,
refusals that change nothing, defaults, views, JSON and records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import IllegalDecision
from engine.sixty import Decision, Record, Sixty, preset, replay
from engine.sixty.cards import FACES, POINTS, TYPE_COPIES

ALL_POINTS = sum(POINTS[t] * TYPE_COPIES[t] for t in range(12))  # 900

options = st.builds(
    lambda players, rounds, tiebreak, voluntary: preset(
        "standard", players=players, rounds=rounds, tiebreak=tiebreak, voluntary_take=voluntary
    ),
    st.integers(2, 6),
    st.integers(1, 3),
    st.sampled_from(["one_round", "until_broken", "shared"]),
    st.booleans(),
)

_KINDS = ("attack", "pass", "fight", "joker", "take")


def _any_decision(rng: random.Random) -> Decision:
    kind = rng.choice(_KINDS)
    if kind == "take":
        return Decision("take")
    face = rng.choice(FACES)
    return Decision(kind, face, 1 if kind == "joker" else rng.randint(1, 6))


@pytest.mark.timeout(1800)  # whole games: the thorough profile plays 1,000 of them
@given(options, st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_games_keep_every_rule(opts: object, seed: int, rng: random.Random) -> None:
    assert isinstance(opts, type(preset("standard")))
    g = Sixty.new_game(opts, seed)
    steps = 0
    while not g.is_terminal():
        if g.is_round_over():
            pen = g.round_results()[-1].scores
            rest = sum(POINTS[t] * k for t, k in enumerate(g.discard))
            rest += sum(POINTS[t] for t in g.deck[g.dpos :])
            assert sum(pen) + rest == ALL_POINTS  # penalties add up
            g.start_round()
            steps = 0
            continue
        steps += 1
        assert steps < 400, "a round must end"
        assert g.card_count() == 83
        assert all(0 <= s <= 5 for s in g.sizes)
        legal = g.legal_list()
        assert legal and len(set(legal)) == len(legal)
        assert g.default_decision() in legal
        if rng.random() < 0.3:
            wrong = _any_decision(rng)
            if wrong not in legal:
                before = g.to_json()
                try:
                    g.apply(wrong)
                except IllegalDecision:
                    pass
                else:
                    raise AssertionError(f"{wrong} was accepted but is not listed")
                assert g.to_json() == before
        p = g.current_player
        assert p is not None
        obs = g.observation(p)
        assert obs.legal == legal
        assert sum(obs.unseen) == g.deck_count + sum(g.sizes) - g.sizes[p]
        if rng.random() < 0.02:
            again = Sixty.from_json(g.to_json())
            assert again == g
            bare = Sixty.from_json(g.to_json(include_record=False), g.record())
            assert bare.to_json() == g.to_json()
        g.apply(rng.choice(legal), p)
    totals = [sum(r.scores[p] for r in g.round_results()) for p in range(g.n)]
    assert totals == list(g.totals)
    outcome = g.outcome()
    assert outcome is not None and min(g.totals) == g.totals[outcome.winners[0]]
    assert abs(sum(g.returns()) - 1) < 1e-9
    record = Record.from_json(g.record().to_json())
    assert record.to_dict() == g.record().to_dict()
    assert replay(record).to_dict(include_record=False) == g.to_dict(include_record=False)


@given(st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_views_hide_other_hands_the_deck_and_penalty_points(seed: int, rng: random.Random) -> None:
    """Two games that differ only in hidden cards look the same to a seat."""
    g = Sixty.new_game(preset("standard"), seed)
    for _ in range(rng.randrange(40)):
        if g.phase not in ("attack", "defend"):
            break
        g.apply(rng.choice(g.legal_list()))
    if g.phase not in ("attack", "defend"):
        return
    me = g.current_player
    assert me is not None
    twin = g.copy()
    # deal the cards ``me`` has not seen again: the other hands and the deck
    hidden = [t for q in range(g.n) if q != me for t in range(12) for _ in range(g.hands[q][t])]
    hidden += list(g.deck[g.dpos :])
    rng.shuffle(hidden)
    pos = 0
    for q in range(g.n):
        if q == me:
            continue
        row = [0] * 12
        for t in hidden[pos : pos + g.sizes[q]]:
            row[t] += 1
        pos += g.sizes[q]
        twin.hands[q] = row
        twin.packed[q] = sum(row[t] << 3 * t for t in range(12))
    twin.deck = tuple(hidden[pos:])
    twin.dpos = 0
    # and move penalty cards between the other piles (counts kept, points not)
    others = [q for q in range(g.n) if q != me]
    piled = [t for q in others for t in range(12) for _ in range(g.pen[q][t])]
    rng.shuffle(piled)
    pos = 0
    for q in others:
        k = sum(g.pen[q])
        row = [0] * 12
        for t in piled[pos : pos + k]:
            row[t] += 1
        pos += k
        twin.pen[q] = row
    assert g.observation(me) == twin.observation(me)
    assert g.public_view() == twin.public_view()
    assert g.public_view().penalty_points is None
