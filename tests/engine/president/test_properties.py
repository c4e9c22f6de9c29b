"""Random playouts under every preset and random option combinations, with
every invariant checked after every decision."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.cards import JOKER, NUM_RANKS
from engine.president import (
    EXCHANGE,
    GAME_OVER,
    PLAY,
    PRESETS,
    ROUND_OVER,
    Card,
    EngineError,
    Give,
    Options,
    Play,
    President,
    preset,
    replay,
)
from engine.president.options import BOOLEANS, CHOICES

MAX_DECISIONS_PER_ROUND = 2000


@st.composite
def options(draw: st.DrawFn) -> Options:
    name = draw(st.sampled_from(sorted(PRESETS)))
    if name == "ladder":
        return preset("ladder", butthead=draw(st.booleans()))
    players = draw(st.integers(3, 8))
    decks = draw(st.sampled_from([1, 2])) if players >= 4 else 1
    values: dict[str, Any] = {
        "players": players,
        "decks": decks,
        "jokers": draw(st.integers(0, 2 * decks)),
    }
    for key in CHOICES:
        if key in ("titles", "scoring", "exchange") and players != 4:
            choices = [c for c in CHOICES[key] if c != "ladder"]
        else:
            choices = list(CHOICES[key])
        if draw(st.booleans()):
            values[key] = draw(st.sampled_from(choices))
    for key in BOOLEANS:
        values[key] = draw(st.booleans())
    values["rounds"] = draw(st.integers(1, 3))
    return preset(name, **values)


def _cards_in(obj: object, seen: set[int] | None = None) -> list[Card]:
    """Every Card reachable from a view (dataclasses, tuples, lists)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return []
    seen.add(id(obj))
    if isinstance(obj, Card):
        return [obj]
    out: list[Card] = []
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out += _cards_in(getattr(obj, f.name), seen)
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            out += _cards_in(x, seen)
    elif isinstance(obj, dict):
        for x in obj.values():
            out += _cards_in(x, seen)
    return out


def _check_invariants(g: President, dealt: Counter[Card], rng: random.Random) -> None:
    held = Counter(c for p in range(g.n) for c in g.hand(p))
    played = Counter()
    for rnd in [g.record().rounds[-1]]:
        for _, d in rnd.decisions:
            del d
    # cards are conserved: held + played this round == dealt this round
    played_cards = sum((e.play.count for e in g.history if e.kind == "play" and e.play), 0)
    assert sum(held.values()) + played_cards == sum(dealt.values())
    assert not held - dealt, "no card appears from nowhere"
    del played
    if g.phase in (PLAY, EXCHANGE):
        p = g.current_player
        assert p is not None
        assert g.hand(p), "the player to act holds cards"
        if g.phase == PLAY:
            assert g.active_mask >> p & 1
    else:
        assert g.current_player is None
    # views never show a hidden card: only cards played this round are public
    played_now = Counter(c for e in g.history if e.kind == "play" for c in e.cards or ())
    public = g.public_view()
    # (a played card shows twice: in the history and, during its trick, in trick.cards)
    assert not Counter(_cards_in(public)) - played_now - played_now
    for p in range(g.n):
        obs = g.observation(p)
        mine = Counter(obs.hand)
        for e in obs.exchange:
            if e.cards is not None:
                assert p in (e.giver, e.receiver)
                mine.update(e.cards)
        seen = Counter(_cards_in(obs)) - Counter(_cards_in(obs.public))
        assert not seen - mine - Counter(obs.hand)


def _random_illegal(g: President, rng: random.Random) -> Play | Give:
    legal = set(g.legal_plays())
    for _ in range(50):
        if g.phase == EXCHANGE:
            cards = [Card(rng.randrange(13), rng.randrange(4)) for _ in range(rng.randint(0, 3))]
            # legal_plays lists one give-back per combination of ranks; any
            # held cards of the right number are legal too
            giver, _, count = g.pending[0]
            if len(cards) == count and not Counter(cards) - Counter(g.hand(giver)):
                continue
            return Give(cards)
        cand = Play(rng.randrange(NUM_RANKS), rng.randint(0, 8))
        if cand not in legal:
            return cand
    return Play(JOKER, 8)


def _playout(opts: Options, seed: int, check_every: int = 1) -> President:
    rng = random.Random(seed)
    g = President.new_game(opts, seed=seed)
    steps = 0
    dealt = Counter(c for p in range(g.n) for c in g.record().rounds[-1].deal.hands[p])
    while True:
        if g.phase == ROUND_OVER:
            assert sorted(g.finished) == list(range(g.n)), "finishing order is a permutation"
            g.start_round()
            dealt = Counter(c for p in range(g.n) for c in g.record().rounds[-1].deal.hands[p])
            steps = 0
        if g.phase == GAME_OVER:
            assert sorted(g.finished) == list(range(g.n))
            break
        legal = list(g.legal_plays())
        assert legal
        assert g.default_decision() in legal, "default_decision is always legal"
        if steps % check_every == 0:
            _check_invariants(g, dealt, rng)
            before = g.to_json()
            bad = _random_illegal(g, rng)
            try:
                g.apply(bad)
            except EngineError:
                pass
            else:
                raise AssertionError(f"illegal decision {bad} was accepted")
            assert g.to_json() == before, "a refused decision leaves the state unchanged"
            assert President.from_json(before) == g, "JSON round-trips"
        choice = rng.choice(legal)
        g.apply(choice)  # every generated legal decision is accepted
        steps += 1
        assert steps < MAX_DECISIONS_PER_ROUND, "rounds terminate"
    assert replay(g.record().to_json()) == g, "replaying the record gives the same state"
    return g


@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32))
def test_random_playouts_every_preset(name: str, seed: int) -> None:
    _playout(preset(name, rounds=2), seed, check_every=3)


@given(options(), st.integers(0, 2**32))
def test_random_playouts_random_options(opts: Options, seed: int) -> None:
    _playout(opts, seed, check_every=5)


@given(options(), st.integers(0, 2**32))
def test_unchecked_path_matches_checked(opts: Options, seed: int) -> None:
    rng = random.Random(seed)
    a = President.new_game(opts, seed=seed)
    b = a.copy()
    while not a.is_over:
        if a.phase == ROUND_OVER:
            a.start_round()
            b.start_round()
        d = rng.choice(list(a.legal_plays()))
        a.apply(d)
        b.apply_unchecked(d)
    assert a == b


@given(options(), st.integers(0, 2**32), st.integers(0, 300))
def test_determinization_from_observation_matches_the_real_state(
    opts: Options, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    g = President.new_game(opts, seed=seed)
    for _ in range(steps):
        if g.phase == ROUND_OVER:
            g.start_round()
        if g.is_over:
            break
        g.apply(rng.choice(list(g.legal_plays())))
    if g.current_player is None:
        return
    p = g.current_player
    obs = g.observation(p)
    d = President.from_observation(obs, [g.hand(q) for q in range(g.n)])
    assert list(d.legal_plays()) == list(g.legal_plays())
    assert d.public_view() == g.public_view()
    assert d.trick == g.trick
    # both continue identically
    while not g.is_over and g.phase != ROUND_OVER:
        choice = rng.choice(list(g.legal_plays()))
        g.apply(choice)
        d.apply(choice)
        assert d.public_view().history == g.public_view().history
