"""Big Two's coach hook (see :mod:`engine.coach`): the ``hard`` level's
determinised playouts, scored in the game's own terms.

Each candidate (hard's: normal's choice, the pass, the next best plays by
normal's yardsticks) is played out on the same deals of the unseen cards,
every seat by the ``normal`` policy; its estimate is the expected penalty
of the deal and the chance to go out first. Candidates rank as ``hard``
ranks them: going out first is what a session rewards most, so a deal won
counts as 40 penalty points saved (hard's value, ``4 × won − penalty /
10``, in penalty points), and costs are counted in those points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..coach import Evaluation
from .ai.hard import HardPlayer, finish_deal
from .combos import PASS, Combo, Decision, mask_of
from .state import BigTwo
from .views import Observation

STATE = BigTwo
UNIT = "penalty points (going out first counts as 40 saved)"
WIN = 40.0
MARGIN = 1.0
RULE = (
    "a decision counts as accurate when it is the coach's choice or its expected "
    f"penalty for the deal, less 40 for each chance of going out first, is at most {MARGIN:g} "
    "point above the coach's"
)
HINT_PLAYOUTS = 1024
REVIEW_PLAYOUTS = 96

_TWOS = sum(1 << (4 * 12 + s) for s in range(4))


def _playout(state: BigTwo, me: int) -> tuple[int, bool]:
    """The deal played out by normal for all; ``me``'s penalty and whether
    they went out first."""
    finish_deal(state)
    return state.results[-1].scores[me], bool(state.finished) and state.finished[0] == me


def evaluate(
    obs: Observation, seed: int, playouts: int, include: Sequence[Any] = ()
) -> list[Evaluation]:
    legal = list(obs.legal)
    if not legal:
        return []
    if len(legal) == 1:
        return [Evaluation(legal[0], 0.0, 0.0, "the only legal decision", "nothing else is legal")]
    searcher = HardPlayer(seed)
    hand = mask_of(obs.hand)
    cands: list[Decision] = searcher.candidates(obs, hand)
    for d in include:
        if d in legal and d not in cands:
            # the legal list's own object: a decision read from a record may
            # lack what the engine worked out when it listed it
            cands.append(legal[legal.index(d)])
    me = obs.player
    deals = max(8, playouts // len(cands))
    pen = [0.0] * len(cands)
    first = [0] * len(cands)
    for _ in range(deals):
        base = BigTwo.from_observation(obs, searcher.sample(obs, hand))
        for j, c in enumerate(cands):
            s = base.playout_copy()
            s.apply_unchecked(c)
            paid, won = _playout(s, me)
            pen[j] += paid
            first[j] += won
    out = []
    for j, c in enumerate(cands):
        e = pen[j] / deals
        chance = first[j] / deals
        out.append(
            Evaluation(
                c,
                e - WIN * chance,
                e,
                f"expected penalty {e:.1f}, out first {chance:.0%}",
                reason(obs, c),
            )
        )
    order = sorted(range(len(out)), key=lambda j: (out[j].loss, j))
    return [out[j] for j in order]


def reason(obs: Observation, d: Decision) -> str:
    """A short reason in words for playing ``d`` from ``obs``."""
    hand = mask_of(obs.hand)
    twos = (hand & _TWOS).bit_count()
    if d is PASS:
        if twos:
            return f"keeps your {'2' if twos == 1 else f'{twos} 2s'} to regain the lead"
        return "saves your cards for a trick you can win cheaply"
    assert isinstance(d, Combo)
    if d.mask == hand:
        return "goes out: nothing is better"
    left = (hand & ~d.mask).bit_count()
    used_twos = (d.mask & _TWOS).bit_count()
    sizes = [s.cards for s in obs.public.seats]
    danger = any(n == 1 for q, n in enumerate(sizes) if q != obs.player)
    if danger and obs.public.top is None:
        return "an opponent holds one card: lead something they cannot beat alone"
    if used_twos:
        return f"takes control with a 2, leaving you {left} cards"
    if obs.public.top is None:
        if d.size >= 5:
            return f"sheds five cards at once, leaving you {left}"
        if twos:
            return f"leads low and keeps your 2s to regain the lead ({left} cards left)"
        return f"leads low to shed cards ({left} left)"
    if twos:
        return f"beats the trick cheaply and keeps your 2s ({left} cards left)"
    return f"beats the trick cheaply ({left} cards left)"
