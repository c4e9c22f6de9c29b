"""The expert's particle filter over the opponents' hands: its deals respect
the observation, it reads normal opponents sharply (the deals it gives are
closer to the truth than uniform ones), it never runs dry against
opponents who play otherwise, and a seed fixes its deals."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.president import EXCHANGE, PLAY, President, preset
from engine.president.ai import make_player
from engine.president.ai.inference import History
from engine.president.ai.particles import DealPool
from engine.president.ai.sampling import Sampler


def _round(rules: str, seed: int, lineup: str = "normal") -> Iterator[tuple[President, int]]:
    """The positions of one later round (exchange done) between ``lineup``
    players, with the player to act, in order."""
    opts = preset(rules)
    deal = President(opts, seed).random_deal()
    order = list(range(opts.players))
    random.Random(seed).shuffle(order)
    game = President.from_hands(opts, deal.hands, round_number=2, previous_order=order)
    bots = [make_player(lineup, seed * 7 + p) for p in range(game.n)]
    while game.phase in (PLAY, EXCHANGE):
        p = game.current_player
        assert p is not None
        if game.phase == PLAY:
            yield game, p
        game.apply(bots[p].decide(game.observation(p)), p)


def _distance(state: President, game: President, me: int) -> int:
    """Cards per rank placed differently from the true hands."""
    return sum(
        abs(a - len(b))
        for q in range(game.n)
        if q != me
        for a, b in zip(state.counts[q], game.hands[q], strict=True)
    )


def test_deals_respect_the_observation() -> None:
    checked = 0
    for rules in ("classic", "revolution", "ladder", "house"):
        for seed in range(3):
            me = seed % 4
            pool = DealPool(16, moves=4)
            rng = random.Random(seed)
            for game, p in _round(rules, seed):
                if p != me:
                    continue
                obs = game.observation(me)
                sampler = Sampler(obs)
                played = Counter(c for e in obs.public.history if e.cards for c in e.cards)
                for state in pool.source(obs, rng)(20):
                    for q in range(game.n):
                        assert state.sizes[q] == game.sizes[q]
                    hands = [Counter(state.hand(q)) for q in range(game.n)]
                    assert hands[me] == Counter(obs.hand)
                    every = sum(hands, Counter())
                    assert every == Counter(c for q in range(game.n) for c in game.hand(q))
                    assert not (every & played)
                    for q, cards in sampler.must.items():
                        assert not Counter(cards) - hands[q]  # pinned by the exchange
                    for q, lo, hi in sampler.bounds:
                        free = hands[q] - Counter(sampler.must[q])
                        assert all(lo <= sampler.base[c.rank] <= hi for c in free.elements())
                    checked += 1
    assert checked > 500


def test_reads_normal_opponents_better_than_uniform_deals() -> None:
    """Late in a round among normal players the pool's deals are closer to
    the true hands than uniformly sampled ones, and explain more of the
    opponents' decisions."""
    pooled = uniform = 0
    compared = 0
    for seed in range(6):
        me = seed % 4
        pool = DealPool(32, moves=6)
        rng = random.Random(seed)
        for game, p in _round("classic", seed):
            if p != me:
                continue
            obs = game.observation(me)
            source = pool.source(obs, rng)
            if len(obs.public.history) < 12:
                continue
            sampler = Sampler(obs)
            for state in source(16):
                pooled += _distance(state, game, me)
                hands = sampler.full(obs, sampler.sample(rng))
                uniform += sum(
                    abs(Counter(c.rank for c in hands[q])[r] - len(game.hands[q][r]))
                    for q in range(game.n)
                    if q != me
                    for r in range(len(game.hands[q]))
                )
                compared += 1
    assert compared > 100
    assert pooled < 0.9 * uniform


def test_opponents_unlike_normal_never_empty_the_pool() -> None:
    """Random opponents contradict the normal policy all the time: the pool
    still gives deals, and every one fits the cards."""
    for seed in range(3):
        me = seed % 4
        pool = DealPool(8, moves=2)
        rng = random.Random(seed)
        for game, p in _round("house", seed, lineup="random"):
            if p != me:
                continue
            obs = game.observation(me)
            states = list(pool.source(obs, rng)(10))
            assert len(states) == 10
            assert all(s.sizes == game.sizes for s in states)


def test_same_seed_same_deals() -> None:
    def deals(seed: int) -> list[list[list[int]]]:
        pool = DealPool(8, moves=3)
        rng = random.Random(seed)
        out = []
        for game, p in _round("revolution", 4):
            if p == 1:
                out += [s.counts for s in pool.source(game.observation(p), rng)(5)]
        return out

    assert deals(1) == deals(1)
    assert deals(1) != deals(2)


def test_a_new_round_or_another_game_starts_afresh() -> None:
    """The pool belongs to one round: an observation that does not continue
    the history it knows resets it instead of reusing stale deals."""
    pool = DealPool(8, moves=2)
    rng = random.Random(0)
    seen = 0
    for seed in (1, 2, 3):
        for game, p in _round("classic", seed):
            if p == 0:
                obs = game.observation(p)
                states = list(pool.source(obs, rng)(4))
                assert all(Counter(s.hand(0)) == Counter(obs.hand) for s in states)
                for d in pool.deals:
                    assert [sum(d[q]) for q in range(1, game.n)] == game.sizes[1:]
                seen += 1
    assert seen > 10


def test_opponents_unlike_normal_are_read_loosely() -> None:
    """Random opponents get a larger weight per mismatch than ``epsilon``
    once their deviations show; normal opponents keep ``epsilon``."""
    for lineup, loose in (("random", True), ("normal", False)):
        looser = checked = 0
        for seed in range(3):
            me = seed % 4
            pool = DealPool(16, moves=4)
            rng = random.Random(seed)
            for game, p in _round("classic", seed, lineup=lineup):
                if p != me:
                    continue
                obs = game.observation(me)
                pool.source(obs, rng)
                history = History(obs, limit=None)
                eps = pool._epsilons(history, pool.mm, game.n)
                for q in history.by_player:
                    if len(history.by_player[q]) >= 6:
                        looser += eps[q] > pool.epsilon
                        checked += 1
        assert checked > 10
        if loose:
            assert looser > checked // 2
        else:
            assert looser < checked // 4


def test_kept_mismatch_counts_match_a_fresh_count() -> None:
    """What the pool remembers of each deal (how many decisions ``normal``
    would have made otherwise, per opponent, carried from decision to
    decision and through Metropolis moves) is what replaying the whole
    round on that deal gives: a stale count would weigh deals wrongly."""
    checked = 0
    for rules, lineup in (("revolution", "normal"), ("classic", "random")):
        for seed in range(2):
            me = seed % 4
            pool = DealPool(12, moves=4)
            rng = random.Random(seed)
            for game, p in _round(rules, seed, lineup=lineup):
                if p != me:
                    continue
                pool.source(game.observation(me), rng)
                fresh = History(game.observation(me), limit=None)
                for d, bad in zip(pool.deals, pool.mm, strict=True):
                    for q in range(game.n):
                        if q != me:
                            assert bad[q] == fresh.player_mismatches(q, d[q])
                            checked += 1
    assert checked > 300
