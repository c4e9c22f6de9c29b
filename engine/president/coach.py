"""President's coach hook (see :mod:`engine.coach`): the ``hard`` level's
search, scored in the game's own terms.

Each candidate play (hard's: every legal play, a set split on a lead only
into a single or a pair) is played out on the same deals of the unseen
cards, drawn by hard's particle filter, which reads the opponents' plays
and passes so far; every seat plays ``normal`` until the player has
finished. The estimate is the chance to finish first and the chance to
finish in the top half; candidates rank by the mean of the two chances
(ties: hard's own loss, which also weighs the round's points). As ``hard``
does, ``normal``'s own choice stays first unless the best candidate beats
it by a standard error on hard's loss (paired on the same deals):
deviating from a sound policy on noise loses.

Give-backs in the exchange are ``normal``'s (hard does not search them
either: searching them played worse), so the coach offers that one and a
review does not count them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import RANK_CHARS
from ..coach import N_, Evaluation, Param, Words, _n, _p, only
from .ai.base import exchange_due
from .ai.rollout import playout, remaining_cards, rules_for
from .ai.search import HardPlayer
from .plays import Play
from .state import President
from .views import Observation

STATE = President
# Translators: what the coach counts a President decision's cost in (the mean of
# the chances to finish first and in the top half, in percentage points).
UNIT = N_("chance points")
MARGIN = 5.0
# Translators: the coach's rule for President, shown with a game's review.
RULE = N_(
    "a decision counts as accurate when it is the coach's choice or the mean of its "
    "chances to finish first and in the top half is at most "
    "5 percentage points below the coach's"
)
"""The accuracy rule in words; its 5 is :data:`MARGIN`."""
HINT_PLAYOUTS = 960
REVIEW_PLAYOUTS = 96


def evaluate(
    obs: Observation, seed: int, playouts: int, include: Sequence[Any] = ()
) -> list[Evaluation]:
    searcher = HardPlayer(seed)
    if exchange_due(obs):
        give = searcher.normal.decide(obs)
        return [Evaluation(give, 0.0, 0.0, Words(N_("the give-back")), _GIVES_BACK)]
    legal = list(obs.legal)
    if not legal:
        return []
    if len(legal) == 1:
        return [only(legal[0])]
    base = searcher.normal.decide(obs)
    assert isinstance(base, Play)
    cands = searcher.candidates(obs, base)
    if base not in cands:
        cands.insert(0, base)
    for d in include:
        if d in legal and d not in cands:
            # the legal list's own object: a decision read from a record may
            # lack what the engine worked out when it listed it
            same = legal[legal.index(d)]
            assert isinstance(same, Play)  # give-backs return before this
            cands.append(same)
    try:
        source = searcher.deal_source(obs)
    except ValueError:
        return [Evaluation(base, 0.0, 0.0, Words(N_("no estimate")), reason(obs, base))]
    me = obs.player
    n = obs.public.players
    half = n // 2
    rules = rules_for(obs.public.options)
    loss = searcher.losses(obs)
    deals = max(8, playouts // len(cands))
    first = [0] * len(cands)
    top = [0] * len(cands)
    hard: list[list[float]] = [[] for _ in cands]
    rem0: list[int] | None = None
    played = 0
    for state0 in source(deals):
        played += 1
        if rem0 is None:
            rem0 = remaining_cards(state0, rules)
        for j, c in enumerate(cands):
            s = state0.copy()
            s.apply_unchecked(c)
            rem = list(rem0)
            rem[c.rank] -= c.count
            playout(s, rules, rem, me)
            pos = s.finished.index(me)
            first[j] += pos == 0
            top[j] += pos < half
            hard[j].append(loss[pos])
    played = max(1, played)
    out = []
    for j, c in enumerate(cands):
        p1 = first[j] / played
        pt = top[j] / played
        out.append(
            Evaluation(
                c,
                100.0 * (1.0 - (p1 + pt) / 2),
                pt,
                # Translators: a President play's chances to finish first and in
                # the top half of the players, e.g. "first 38%, top half 100%"
                Words(N_("first {first:.0%}, top half {top:.0%}"), {"first": p1, "top": pt}),
                reason(obs, c),
            )
        )
    order = sorted(range(len(out)), key=lambda j: (out[j].loss, sum(hard[j]), j))
    b = cands.index(base)
    if order[0] != b and not _clearly_better(hard[order[0]], hard[b]):
        order.remove(b)
        order.insert(0, b)
    return [out[j] for j in order]


def _clearly_better(best: list[float], base: list[float], z: float = 1.0) -> bool:
    """Whether ``best`` has a lower mean loss than ``base`` by ``z`` standard
    errors of their paired differences (hard's test)."""
    n = min(len(best), len(base))
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(best[:n], base[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean < 0 and mean * mean * n > z * z * var


_GIVES_BACK = Words(N_("gives back your least useful cards"))

_A_SET = {
    # Translators: a President play the coach names, by its rank ({rank}: one card's
    # rank, {ranks}: several cards' rank, as in "pair of Kings"); "a set" is a play
    # of more than four cards
    1: N_("a single {rank}"),
    2: N_("a pair of {ranks}"),
    3: N_("a triple of {ranks}"),
    4: N_("a four of {ranks}"),
}
_YOUR_SET = {
    1: N_("your single {rank}"),
    2: N_("your pair of {ranks}"),
    3: N_("your triple of {ranks}"),
    4: N_("your four of {ranks}"),
}
_FACES = "JQKA"


def _rank(rank: int) -> Param:
    """One card's rank, in the words the bot's President texts use (``Q`` →
    ``Dame``); English keeps the engine's letters (``T`` for 10, ``X`` a joker)."""
    name = RANK_CHARS[rank]
    if name == "T":
        # Translators: the rank 10 alone ("a single 10"), written T in the coach's English
        return _p("rank", "T")
    if name == "X":
        # Translators: a joker ("a single joker"), written X in the coach's English
        return _p("rank", "X")
    return Words(name, context="rank") if name in _FACES else name


def _ranks(rank: int) -> Param:
    """Several cards' rank (``pair of Qs`` → ``paire de Dames``)."""
    name = RANK_CHARS[rank]
    if name == "T":
        # Translators: several 10s ("a pair of 10s"), written Ts in the coach's English
        return _p("ranks", "Ts")
    if name == "X":
        # Translators: several jokers ("a pair of jokers"), written Xs in the coach's English
        return _p("ranks", "Xs")
    if name in _FACES:
        return Words(name + "s", context="ranks")
    return Words(N_("{rank}s"), {"rank": name})


def _play(p: Play, table: dict[int, str], more: str) -> Words:
    key = "rank" if p.count == 1 else "ranks"
    return Words(table.get(p.count, more), {key: _rank(p.rank) if p.count == 1 else _ranks(p.rank)})


def reason(obs: Observation, p: Any) -> Words:
    """A short reason in words for the play ``p``."""
    if not isinstance(p, Play):
        return _GIVES_BACK
    held = [0] * 14
    for c in obs.hand:
        held[c.rank] += 1
    if p.count == len(obs.hand):
        return Words(N_("goes out: nothing is better"))
    left = len(obs.hand) - p.count
    two = RANK_CHARS.index("2")
    twos = held[two]
    if p.is_pass:
        if twos == 1:
            return Words(N_("keeps your 2 to regain the lead"))
        if twos:
            return Words(N_("keeps your {count} 2s to regain the lead"), {"count": twos})
        return Words(N_("saves your cards for a trick you can win cheaply"))
    a = _play(p, _A_SET, N_("a set of {ranks}"))
    if held[p.rank] > p.count:
        return _n(
            "plays {what}, splitting your {ranks} to keep the rest for later ({n} left)",
            "plays {what}, splitting your {ranks} to keep the rest for later ({n} left)",
            left,
            what=a,
            ranks=_ranks(p.rank),
        )
    if obs.public.trick.top is None:
        if p.rank == two:
            # apart: pybabel does not see a marked string inside another's call
            mine = _play(p, _YOUR_SET, N_("your set of {ranks}"))
            return _n(
                "leads {what} to take control ({n} cards left)",
                "leads {what} to take control ({n} cards left)",
                left,
                what=mine,
            )
        return _n(
            "leads {what} to shed low cards while you have the lead ({n} left)",
            "leads {what} to shed low cards while you have the lead ({n} left)",
            left,
            what=a,
        )
    if twos and p.rank != two:
        return Words(
            N_("beats the trick with {what} and keeps your 2s to regain the lead"), {"what": a}
        )
    return _n(
        "beats the trick with {what} ({n} cards left)",
        "beats the trick with {what} ({n} cards left)",
        left,
        what=a,
    )
