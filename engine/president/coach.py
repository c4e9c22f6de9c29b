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
from ..coach import Evaluation
from .ai.base import exchange_due
from .ai.rollout import playout, remaining_cards, rules_for
from .ai.search import HardPlayer
from .plays import Play
from .state import President
from .views import Observation

STATE = President
UNIT = "chance points"
MARGIN = 5.0
RULE = (
    "a decision counts as accurate when it is the coach's choice or the mean of its "
    "chances to finish first and in the top half is at most "
    f"{MARGIN:g} percentage points below the coach's"
)
HINT_PLAYOUTS = 960
REVIEW_PLAYOUTS = 96


def evaluate(
    obs: Observation, seed: int, playouts: int, include: Sequence[Any] = ()
) -> list[Evaluation]:
    searcher = HardPlayer(seed)
    if exchange_due(obs):
        give = searcher.normal.decide(obs)
        return [Evaluation(give, 0.0, 0.0, "the give-back", "gives back your least useful cards")]
    legal = list(obs.legal)
    if not legal:
        return []
    if len(legal) == 1:
        return [Evaluation(legal[0], 0.0, 0.0, "the only legal decision", "nothing else is legal")]
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
        return [Evaluation(base, 0.0, 0.0, "no estimate", reason(obs, base))]
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
                f"first {p1:.0%}, top half {pt:.0%}",
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


def reason(obs: Observation, p: Any) -> str:
    """A short reason in words for the play ``p``."""
    if not isinstance(p, Play):
        return "gives back your least useful cards"
    held = [0] * 14
    for c in obs.hand:
        held[c.rank] += 1
    if p.count == len(obs.hand):
        return "goes out: nothing is better"
    left = len(obs.hand) - p.count
    two = RANK_CHARS.index("2")
    twos = held[two]
    if p.is_pass:
        if twos:
            return f"keeps your {'2' if twos == 1 else f'{twos} 2s'} to regain the lead"
        return "saves your cards for a trick you can win cheaply"
    name = RANK_CHARS[p.rank]
    kinds = {1: "single", 2: "pair", 3: "triple", 4: "four"}
    what = f"{kinds.get(p.count, 'set')} of {name}s" if p.count > 1 else f"single {name}"
    if held[p.rank] > p.count:
        return f"plays a {what}, splitting your {name}s to keep the rest for later ({left} left)"
    if obs.public.trick.top is None:
        if p.rank == two:
            return f"leads your {what} to take control ({left} cards left)"
        return f"leads a {what} to shed low cards while you have the lead ({left} left)"
    if twos and p.rank != two:
        return f"beats the trick with a {what} and keeps your 2s to regain the lead"
    return f"beats the trick with a {what} ({left} cards left)"
