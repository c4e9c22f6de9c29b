"""The search levels: legal everywhere, observation-only, reproducible; the
fast playout policy is the normal policy; sampled deals respect what the
seat knows; inference explains true deals perfectly."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

import pytest

from engine.president import (
    EXCHANGE,
    PASS,
    PLAY,
    PRESETS,
    Event,
    Observation,
    Play,
    President,
    preset,
)
from engine.president.ai import ExpertPlayer, HardPlayer, levels, make_player, register_level
from engine.president.ai.base import _REGISTRY
from engine.president.ai.inference import History
from engine.president.ai.knowledge import Knowledge, strength_tables
from engine.president.ai.rollout import (
    _look_ahead,
    lookahead_playout,
    playout,
    remaining_cards,
    rules_for,
    state_choice,
    worth_trying,
)
from engine.president.ai.sampling import Sampler
from tests.sizes import sized

from .test_players import _hidden_swap
from .util import play_game

SMALL = ("hard-small", "expert-small")


@pytest.fixture(autouse=True)
def small_levels() -> Iterator[None]:
    """Cheap versions of the search levels for the legality tests."""
    register_level("hard-small", lambda seed: HardPlayer(seed, playouts=4, min_playouts=1))
    register_level(
        "expert-small",
        lambda seed: ExpertPlayer(seed, playouts=4, min_playouts=1, oversample=2, endgame_deals=2),
    )
    yield
    for name in SMALL:
        _REGISTRY.pop(name, None)


def test_levels_are_registered() -> None:
    names = levels()
    assert names.index("normal") < names.index("hard") < names.index("expert")
    assert isinstance(make_player("hard", 1), HardPlayer)
    assert isinstance(make_player("expert", 1), ExpertPlayer)


def _games(seeds: range, max_round: int = 2) -> Iterator[tuple[President, int]]:
    """Positions of whole normal games under every preset (after the first
    round: exchanges included), with the player to act."""
    for rules in sorted(PRESETS):
        for seed in seeds:
            game = President.new_game(preset(rules), seed=seed)
            bot = make_player("normal", seed)
            while not game.is_over and game.round_number <= max_round:
                if game.phase not in (PLAY, EXCHANGE):
                    game.start_round()
                    continue
                p = game.current_player
                assert p is not None
                yield game, p
                game.apply(bot.decide(game.observation(p)), p)


def test_fast_policy_is_the_normal_policy() -> None:
    """The playout policy reads the state, not an observation, but decides
    exactly as NormalPlayer does."""
    compared = 0
    for game, p in _games(range(4)):
        if game.phase == PLAY:
            rules = rules_for(game.options)
            fast = state_choice(game, rules, remaining_cards(game, rules))
            assert fast == make_player("normal", 0).decide(game.observation(p))
            compared += 1
    assert compared > 1000


def test_playout_stopped_at_a_finish_gives_the_same_place() -> None:
    """A playout may stop once the searching player is out: the policy is
    deterministic, so its place is the one a full playout gives."""
    compared = 0
    for game, p in _games(range(2), max_round=1):
        if game.phase != PLAY or compared >= 300:
            continue
        rules = rules_for(game.options)
        full, short = game.copy(), game.copy()
        playout(full, rules, remaining_cards(full, rules))
        playout(short, rules, remaining_cards(short, rules), until=p)
        assert p in short.finished
        assert short.finished.index(p) == full.finished.index(p)
        compared += 1
    assert compared > 100


def test_looking_ahead_never_finishes_later() -> None:
    """At each of its turns the searching player tries the normal choice
    among others on the same deal, so looking ahead never costs it a place,
    and on some deals it gains one; everyone else still plays normal."""
    compared = gained = 0
    for game, p in _games(range(2), max_round=2):
        if game.phase != PLAY or len(game.legal_list()) < 2 or compared >= 300:
            continue
        rules = rules_for(game.options)
        plain, ahead = game.copy(), game.copy()
        playout(plain, rules, remaining_cards(plain, rules), until=p)
        lookahead_playout(ahead, rules, remaining_cards(ahead, rules), p)
        assert p in ahead.finished
        assert ahead.finished.index(p) <= plain.finished.index(p)
        gained += ahead.finished.index(p) < plain.finished.index(p)
        compared += 1
    assert compared >= 300
    assert gained > 10


def test_looking_ahead_plays_legally() -> None:
    """A look-ahead playout is a real round: replayed through the validating
    ``apply``, every play and pass it made is accepted."""
    checked = 0
    for game, p in _games(range(1), max_round=2):
        if game.phase != PLAY or checked >= 100:
            continue
        rules = rules_for(game.options)
        s = game.copy()
        before = len(s.history)
        lookahead_playout(s, rules, remaining_cards(s, rules), p)
        assert p in s.finished
        replay = game.copy()
        for _ in _replayed(replay, s.history[before:]):
            pass
        assert replay.finished == s.finished
        checked += 1
    assert checked == 100


def _replayed(replay: President, entries: list[Event]) -> Iterator[Event]:
    """Each play and pass of ``entries``, yielded before it is applied to
    ``replay`` through the validating ``apply``."""
    for e in entries:
        if e.kind in ("play", "pass"):
            assert e.play is not None
            yield e
            replay.apply(e.play, e.player)


def test_straying_opponents_make_another_sensible_play() -> None:
    """With ``stray`` 1 every opponent turn with another play worth trying
    makes one instead of ``normal``'s, and the round is still legal (the
    validating ``apply`` accepts every step); the searching player keeps
    looking ahead as before."""
    strayed = mine = 0
    rng = random.Random(3)
    for game, p in _games(range(1), max_round=2):
        if game.phase != PLAY or mine >= 150:
            continue
        rules = rules_for(game.options)
        s = game.copy()
        before = len(s.history)
        lookahead_playout(s, rules, remaining_cards(s, rules), p, stray=1.0, rng=rng)
        assert p in s.finished
        replay = game.copy()
        for e in _replayed(replay, s.history[before:]):
            assert e.play is not None and replay.turn == e.player
            legal = replay.legal_list()
            rem = remaining_cards(replay, rules)
            base = state_choice(replay, rules, rem, legal)
            if e.player == p:
                expected = (
                    base if len(legal) < 2 else _look_ahead(replay, rules, rem, p, legal, base)
                )
                assert e.play == expected
                mine += 1
            else:
                cnt, lead = replay.counts[e.player], replay.top is None
                others = [
                    c for c in legal if c != base and worth_trying(c, cnt[c.rank], base, lead)
                ]
                assert e.play in others if others else e.play == base
                strayed += bool(others)
        assert replay.finished[: len(s.finished)] == s.finished
    assert mine >= 150
    assert strayed > 150


def test_straying_is_a_chance_drawn_from_the_generator() -> None:
    """Half the opponent turns with a choice stray at ``stray`` 0.5; the
    same generator state gives the same round; ``stray`` 0 is the plain
    look-ahead playout."""
    game, p = next((g, p) for g, p in _games(range(1)) if g.phase == PLAY)
    rules = rules_for(game.options)

    def run(stray: float, seed: int) -> list[object]:
        s = game.copy()
        lookahead_playout(s, rules, remaining_cards(s, rules), p, stray, random.Random(seed))
        return [(e.player, e.play) for e in s.history]

    plain = game.copy()
    lookahead_playout(plain, rules, remaining_cards(plain, rules), p)
    assert run(0.0, 1) == [(e.player, e.play) for e in plain.history]
    assert run(0.5, 1) == run(0.5, 1)
    assert len({str(run(0.5, seed)) for seed in range(8)}) > 4
    with pytest.raises(ValueError, match="random generator"):
        lookahead_playout(game.copy(), rules, remaining_cards(game, rules), p, 0.5)


def test_expert_opponents_stray_in_its_playouts() -> None:
    """The expert's playouts let opponents stray (15% of their turns by
    default); straying changes some of its decisions (here every opponent
    turn strays, to make that plain on few positions) and none of its
    reproducibility. Hard's opponents never stray. An impossible chance is
    refused with a clear message."""
    assert (ExpertPlayer(1).stray, HardPlayer(1).stray) == (0.15, 0.0)
    assert ExpertPlayer(1, lookahead=False).stray == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        ExpertPlayer(1, stray=1.5)
    with pytest.raises(ValueError, match="look-ahead"):
        HardPlayer(1, stray=0.2)
    changed = compared = 0
    for game, p in _games(range(2), max_round=1):
        obs = game.observation(p)
        if game.phase != PLAY or len(obs.legal) < 3 or compared >= 20:
            continue

        def pick(stray: float, obs: Observation = obs) -> object:
            return ExpertPlayer(1, playouts=16, pool=16, endgame=0, stray=stray).decide(obs)

        straying = pick(1.0)
        assert straying == pick(1.0) and straying in obs.legal
        changed += straying != pick(0.0)
        compared += 1
    assert compared >= 20
    assert changed >= 3, changed


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_every_preset_legal(rules: str) -> None:
    for i, players in enumerate(sorted({PRESETS[rules].min_players, 4})):
        play_game(
            preset(rules, players=players, rounds=2),
            ["hard-small", "expert-small", "normal"],
            seed=40 + i,
        )


def test_odd_options_legal() -> None:
    for opts in (
        preset("classic", equal_plays=True, skip_on_equal=True, compulsory=True, jokers=2),
        preset("revolution", single_round=True, revolution_reverses_direction=True),
        preset("house", rank_order="short_pack", twos="single_wins", joker_mode="high"),
        preset("ladder", rank_order="aces_high", exchange_return="lowest", butthead=True),
        # two decks make the longest rounds: its second (an exchange of two decks'
        # cards) only outside CI
        preset("house", players=5, decks=2, jokers=4, first_lead="three_of_clubs"),
    ):
        rounds = sized(2, ci=1) if opts.decks == 2 else 2
        play_game(opts.replace(rounds=rounds), ["expert-small", "hard-small", "normal"], seed=3)


@pytest.mark.parametrize("level", ["hard-small", "expert-small"])
def test_decisions_use_only_the_seat_observation(level: str) -> None:
    rng = random.Random(3)
    compared = 0
    for seed in range(sized(2, ci=1)):
        game = President.new_game(preset("house"), seed=seed)
        bots = [make_player("normal", seed + p) for p in range(game.n)]
        while not game.is_over and game.round_number <= 2:
            if game.phase not in (PLAY, EXCHANGE):
                game.start_round()
                continue
            hero = game.current_player
            assert hero is not None
            if len(game.observation(hero).legal) > 2 and rng.random() < 0.5:
                twin = _hidden_swap(game, hero, rng)
                if twin is not None:
                    obs, twin_obs = game.observation(hero), twin.observation(hero)
                    assert obs == twin_obs
                    assert make_player(level, seed).decide(obs) == make_player(level, seed).decide(
                        twin_obs
                    )
                    compared += 1
            game.apply(bots[hero].decide(game.observation(hero)), hero)
    assert compared >= 4


def test_same_seed_same_game() -> None:
    opts = preset("classic", rounds=2)
    a = play_game(opts, ["hard-small", "expert-small"], seed=9)
    b = play_game(opts, ["hard-small", "expert-small"], seed=9)
    assert a.record().to_json() == b.record().to_json()


def test_time_limit_returns_a_legal_decision() -> None:
    game = President.new_game(preset("classic"), seed=5)
    obs = game.observation(game.current_player or 0)
    decision = ExpertPlayer(1, playouts=10**6, time_limit=0.05).decide(obs)
    assert decision in obs.legal


def _exchange_game(seed: int, rules: str = "classic") -> President:
    opts = preset(rules)
    deal = President(opts, seed).random_deal()
    order = list(range(opts.players))
    random.Random(seed).shuffle(order)
    game = President.from_hands(opts, deal.hands, round_number=2, previous_order=order)
    bot = make_player("normal", seed)
    while game.phase == EXCHANGE:
        p = game.current_player
        assert p is not None
        game.apply(bot.decide(game.observation(p)), p)
    # a few plays so that some cards are public
    for _ in range(seed % 9):
        p = game.current_player
        if p is None or game.phase != PLAY:
            break
        game.apply(bot.decide(game.observation(p)), p)
    return game


@pytest.mark.parametrize("rules", ["classic", "revolution", "ladder", "house"])
def test_sampled_deals_respect_the_observation(rules: str) -> None:
    rng = random.Random(0)
    checked = 0
    for seed in range(12):
        game = _exchange_game(seed, rules)
        if game.phase != PLAY:
            continue
        order = game.previous_order
        assert order is not None
        base = strength_tables(game.options.rank_order)[0]
        for me in range(game.n):
            obs = game.observation(me)
            played = Counter(c for e in obs.public.history if e.cards for c in e.cards)
            sampler = Sampler(obs)
            for _ in range(5):
                hands = sampler.full(obs, sampler.sample(rng))
                assert Counter(hands[me]) == Counter(obs.hand)
                every = Counter(c for h in hands for c in h)
                pack = Counter(c for p in range(game.n) for c in game.hand(p))
                assert every == pack  # same cards as really held: none played, none twice
                assert not (every & played)
                for p in range(game.n):
                    assert len(hands[p]) == game.sizes[p]
                for x in obs.exchange:
                    if x.cards is None:
                        continue
                    if x.giver == me and x.receiver != me:
                        # what I gave is still there unless played since
                        mine = Counter(x.cards) - played - Counter(obs.hand)
                        assert not mine - Counter(hands[x.receiver])
                    if x.receiver == me and x.giver != me and x.kind == "tribute":
                        # the giver gave its highest: the rest is no stronger
                        got_back = Counter(
                            c
                            for y in obs.exchange
                            if y.giver == me and y.receiver == x.giver and y.cards
                            for c in y.cards
                        )
                        cap = min(base[c.rank] for c in x.cards)
                        rest = Counter(hands[x.giver]) - got_back
                        assert all(base[c.rank] <= cap for c in rest.elements())
                checked += 1
            if order.index(me) in (0, game.n - 1):
                assert any(x.cards for x in obs.exchange)
    assert checked > 50


def test_inference_explains_true_deals_among_normal_players() -> None:
    """Every decision of a normal opponent matches the normal policy under
    the true hands; uniformly sampled deals usually do not."""
    rng = random.Random(1)
    true_bad = sampled_bad = checked = 0
    for game, p in _games(range(2)):
        if game.phase != PLAY or rng.random() > 0.3:
            continue
        obs = game.observation(p)
        history = History(obs)
        true_bad += history.mismatches([game.hand(q) for q in range(game.n)])
        sampler = Sampler(obs)
        sampled_bad += history.mismatches(sampler.full(obs, sampler.sample(rng)))
        checked += 1
    assert checked > 100
    assert true_bad == 0
    assert sampled_bad > checked


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_a_better_place_never_costs_more(rules: str) -> None:
    """Under every scoring both levels prefer each place to the next, and
    hard, which plays for titles as much as points, values first place over
    second more than the expert (who plays for points)."""
    game = President.new_game(preset(rules), seed=5)
    obs = game.observation(game.current_player or 0)
    hard, expert = HardPlayer(1).losses(obs), ExpertPlayer(1).losses(obs)
    for loss in (hard, expert):
        assert all(a < b for a, b in pairwise(loss)), loss
    share = [(loss[1] - loss[0]) / (loss[-1] - loss[0]) for loss in (hard, expert)]
    assert share[0] > share[1]


def test_expert_never_follows_stronger_than_normal() -> None:
    """On a follow the expert may pass, or play lower, where ``normal``
    plays, but never beats the trick with a stronger play than ``normal``'s
    unless it goes out (replaying such deviations showed they gain nothing);
    on leads and elsewhere it still leaves the normal choice when its search
    says so. A cheap expert (no look-ahead, no exact endgame, which searches
    to the end of the round and is exempt) keeps the test fast."""
    normal = make_player("normal", 1)
    experts: dict[tuple[object, int], ExpertPlayer] = {}  # one per seat: it keeps its deals
    assert (HardPlayer(1, z=2).z_lead, HardPlayer(1, z=2).z_raise) == (2, 2)
    assert (ExpertPlayer(1, z=2).z_lead, ExpertPlayer(1, z=2).z_raise) == (0.7, math.inf)
    assert (HardPlayer(1, z=2).z_pass, ExpertPlayer(1, z=2).z_pass) == (2, 0.5)
    follows = deviations = 0
    for game, p in _games(range(1), max_round=1):
        obs = game.observation(p)
        if game.phase != PLAY or len(obs.legal) < 2:
            continue
        if (game.options, p) not in experts:
            experts[game.options, p] = ExpertPlayer(
                1, playouts=16, min_playouts=4, pool=32, endgame=0, lookahead=False
            )
        expert = experts[game.options, p]
        base, chosen = normal.decide(obs), expert.decide(obs)
        deviations += chosen != base
        if obs.public.trick.top is None or base.is_pass or chosen.is_pass:
            continue
        if chosen.count == len(obs.hand):
            continue
        level = Knowledge(obs).level
        assert level[chosen.rank] <= level[base.rank], (chosen, base)
        follows += 1
    assert follows > 50
    assert deviations > 10


def _follow_where_normal_plays() -> tuple[Observation, Play]:
    normal = make_player("normal", 1)
    for game, p in _games(range(3)):
        obs = game.observation(p)
        if game.phase == PLAY and obs.public.trick.top is not None and PASS in obs.legal:
            base = normal.decide(obs)
            if isinstance(base, Play) and not base.is_pass:
                return obs, base
    raise AssertionError("no follow where normal plays")


def test_expert_passes_more_readily_than_hard() -> None:
    """Where ``normal`` would beat the trick, the expert passes instead
    when its playouts find the pass better by about 0.8 standard errors (it
    asks for 0.5: replaying such passes gained top halves against hard
    players); hard keeps ``normal``'s play unless the pass gains a full
    standard error. Both judge the same results, so only the threshold
    differs; on a lead the expert keeps its own 0.7."""
    obs, base = _follow_where_normal_plays()
    candidates = [base, PASS]
    kept = [0.5] * 64
    passed = [0.4 + (1.0 if i % 2 else -1.0) for i in range(64)]  # 0.1 better, spread 1
    diffs = [a - b for a, b in zip(passed, kept, strict=True)]
    mean = sum(diffs) / len(diffs)
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    assert 0.5 < -mean / se < 1.0
    for player, chosen in ((ExpertPlayer(1), PASS), (HardPlayer(1), base)):
        assert candidates[player._best([kept, passed], [0, 1], 0, obs, candidates)] == chosen
    lead = next(g.observation(p) for g, p in _games(range(1)) if g.phase == PLAY)
    assert lead.public.trick.top is None
    assert ExpertPlayer(1).threshold(lead, PASS, base) == 0.7
