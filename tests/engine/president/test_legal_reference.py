"""The engine's fast paths against the rules written plainly.

``legal_list`` answers from tables of packed hand counts and the turn passes
by table lookups; here both are recomputed the slow, obvious way (a loop over
ranks, a walk around the table) after every decision of random playouts under
random options, and must agree exactly, order included: computer players and
seeded replays depend on the order.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import JOKER, NUM_RANKS, THREE
from engine.president import EXCHANGE, GAME_OVER, PLAY, ROUND_OVER, Options, Play, President, preset
from engine.president.plays import PASS

from .test_properties import options


def reference_plays(g: President) -> list[Play]:
    """The legal plays of the player to act, straight from the rules."""
    p = g.current_player
    assert p is not None
    o = g.options
    cnt = [0] * NUM_RANKS
    for c in g.hand(p):
        cnt[c.rank] += 1
    order = sorted(
        (r for r in range(NUM_RANKS) if not (o.rank_order == "short_pack" and r in (1, 2, 3))),
        key=g.strength,
    )
    trump = o.joker_mode == "trump"
    top = g.top
    if top is None:
        if g.lead_3c:
            return [Play(THREE, k) for k in range(1, cnt[THREE] + 1)]
        leads = []
        for r in order:
            most = min(1, cnt[r]) if r == JOKER and trump else cnt[r]
            leads += [Play(r, k) for k in range(1, most + 1)]
        return leads
    s, tr, tc = g.trick_size, top.rank, top.count
    toprank = g.top_rank
    out = [PASS]
    if tr == JOKER:
        if o.twos == "single_wins" and cnt[toprank]:
            out.append(Play(toprank, 1))
        if o.equal_plays and cnt[JOKER] >= tc:
            out.append(Play(JOKER, tc))
    else:
        if o.equal_plays and cnt[tr] >= tc:
            out.append(Play(tr, tc))
        for r in order:
            if r != JOKER and g.strength(r) > g.strength(tr) and cnt[r] >= s:
                out.append(Play(r, s))
        if o.twos == "one_less" and cnt[toprank]:
            if s >= 2 and tr != toprank and cnt[toprank] >= s - 1:
                out.append(Play(toprank, s - 1))
        elif o.twos == "single_wins" and cnt[toprank] and s != 1:
            out.append(Play(toprank, 1))
        if cnt[JOKER]:
            if trump:
                out.append(Play(JOKER, 1))
            elif cnt[JOKER] >= s:
                out.append(Play(JOKER, s))
    if o.compulsory and len(out) > 1:
        del out[0]
    return out


def reference_next(g: President, after: int) -> int:
    """Who acts after ``after`` in a trick that goes on: the next player round
    the table, in the current direction, who is still in the round and not
    kept out of this trick by the pass rule."""
    blocked = ~g.active_mask
    if g.options.pass_rule == "out_until_next_trick":
        blocked |= g.passed
    if g.options.single_round:
        blocked |= g.had_turn
    n = g.n
    seat = g.seat_of[after]
    for i in range(1, n + 1):
        q = g.seats[(seat + i * g.direction) % n]
        if not blocked >> q & 1:
            return q
    raise AssertionError("nobody can act")


def _check_game(opts: Options, seed: int) -> None:
    rng = random.Random(seed)
    g = President.new_game(opts, seed=seed)
    while g.phase != GAME_OVER:
        if g.phase == ROUND_OVER:
            g.start_round()
            continue
        if g.phase == EXCHANGE:
            g.apply_unchecked(rng.choice(list(g.legal_plays())))
            continue
        legal = g.legal_list()
        assert legal == reference_plays(g), g
        p = g.current_player
        assert p is not None
        tricks = sum(1 for e in g.history if e.kind == "trick")
        g.apply_unchecked(rng.choice(legal))
        trick_ended = sum(1 for e in g.history if e.kind == "trick") != tricks
        if g.phase == PLAY and not trick_ended and g.top is not None:
            last = g.history[-1]
            cursor = last.player if last.kind == "skip" else p
            assert g.current_player == reference_next(g, cursor), g


@given(options(), st.integers(0, 2**32))
def test_fast_paths_match_the_plain_rules_under_random_options(opts: Options, seed: int) -> None:
    _check_game(opts, seed)


def test_fast_paths_match_the_plain_rules_under_every_preset() -> None:
    for name in ("classic", "house", "revolution", "ladder"):
        for seed in range(15):
            _check_game(preset(name, rounds=2), seed)


# tables of the rank order and the seating, shared by every state and never mutated
_SHARED_TABLES = ("_after", "_next", "_strength", "_order", "_stronger", "_follow", "_lead")


def test_a_copy_has_every_attribute_and_shares_no_mutable_part() -> None:
    g = President.new_game(preset("house"), seed=3)
    rng = random.Random(3)
    for _ in range(30):
        if g.phase == EXCHANGE:
            g.apply_unchecked(next(iter(g.legal_plays())))
        elif g.phase == PLAY:
            g.apply_unchecked(rng.choice(g.legal_list()))
    before = g.to_json()
    c = g.copy()
    for name in President.__slots__:
        mine, theirs = getattr(c, name), getattr(g, name)  # raises if copy() forgot it
        if isinstance(theirs, list) and not name.startswith(_SHARED_TABLES):
            assert mine is not theirs, f"copy shares the list {name}"
    assert c == g
    for _ in range(20):
        if c.phase == PLAY:
            c.apply_unchecked(c.legal_list()[-1])
    assert g.to_json() == before, "playing on the copy leaves the original alone"
