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

from ..coach import N_, Evaluation, Words, _n, only
from .ai.hard import HardPlayer, finish_deal
from .combos import PASS, Combo, Decision, mask_of
from .state import BigTwo
from .views import Observation

STATE = BigTwo
# Translators: what the coach counts a Big Two decision's cost in.
UNIT = N_("penalty points (going out first counts as 40 saved)")
WIN = 40.0
MARGIN = 1.0
# Translators: the coach's rule for Big Two, shown with a game's review.
RULE = N_(
    "a decision counts as accurate when it is the coach's choice or its expected "
    "penalty for the deal, less 40 for each chance of going out first, is at most 1 "
    "point above the coach's"
)
"""The accuracy rule in words; its 1 is :data:`MARGIN`, its 40 :data:`WIN`."""
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
        return [only(legal[0])]
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
                # Translators: a Big Two play's expected penalty points for the deal
                # and its chance to go out first, e.g. "expected penalty 3.1, out first 12%"
                Words(
                    N_("expected penalty {penalty:.1f}, out first {chance:.0%}"),
                    {"penalty": e, "chance": chance},
                ),
                reason(obs, c),
            )
        )
    order = sorted(range(len(out)), key=lambda j: (out[j].loss, j))
    return [out[j] for j in order]


def reason(obs: Observation, d: Decision) -> Words:
    """A short reason in words for playing ``d`` from ``obs``."""
    hand = mask_of(obs.hand)
    twos = (hand & _TWOS).bit_count()
    if d is PASS:
        if twos == 1:
            return Words(N_("keeps your 2 to regain the lead"))
        if twos:
            return Words(N_("keeps your {count} 2s to regain the lead"), {"count": twos})
        return Words(N_("saves your cards for a trick you can win cheaply"))
    assert isinstance(d, Combo)
    if d.mask == hand:
        return Words(N_("goes out: nothing is better"))
    left = (hand & ~d.mask).bit_count()
    used_twos = (d.mask & _TWOS).bit_count()
    sizes = [s.cards for s in obs.public.seats]
    danger = any(n == 1 for q, n in enumerate(sizes) if q != obs.player)
    if danger and obs.public.top is None:
        return Words(N_("an opponent holds one card: lead something they cannot beat alone"))
    if used_twos:
        return _n(
            "takes control with a 2, leaving you {n} cards",
            "takes control with a 2, leaving you {n} cards",
            left,
        )
    if obs.public.top is None:
        if d.size >= 5:
            return _n(
                "sheds five cards at once, leaving you {n}",
                "sheds five cards at once, leaving you {n}",
                left,
            )
        if twos:
            return _n(
                "leads low and keeps your 2s to regain the lead ({n} cards left)",
                "leads low and keeps your 2s to regain the lead ({n} cards left)",
                left,
            )
        return _n("leads low to shed cards ({n} left)", "leads low to shed cards ({n} left)", left)
    if twos:
        return _n(
            "beats the trick cheaply and keeps your 2s ({n} cards left)",
            "beats the trick cheaply and keeps your 2s ({n} cards left)",
            left,
        )
    return _n(
        "beats the trick cheaply ({n} cards left)", "beats the trick cheaply ({n} cards left)", left
    )
