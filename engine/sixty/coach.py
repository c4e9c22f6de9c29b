"""Sixty's coach hook (see :mod:`engine.coach`): the ``hard`` level's
search, scored in the game's own terms.

Each candidate (hard's pruned list) is tried on the same sampled worlds of
the unseen cards and deck, and the round is played out by ``normal`` for
everybody. Its estimate is the points the player is expected to collect
from now to the end of the round; candidates rank, as ``hard`` does, by
those points less the other players' mean (a point the others collect is
as good as one the player avoids).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..coach import N_, Evaluation, Words, only
from .ai.hard import candidates, playout, sample_world
from .ai.players import attack_context, hand_counts
from .ai.policy import normal_choice
from .cards import ATTACK, FIGHT, JOKER, PASS, TAKE, Decision
from .state import Sixty
from .views import Observation

STATE = Sixty
# Translators: what the coach counts a Sixty decision's cost in (penalty points).
UNIT = N_("points")
MARGIN = 3.0
# Translators: the coach's rule for Sixty, shown with a game's review.
RULE = N_(
    "a decision counts as accurate when it is the coach's choice or it is expected "
    "to cost at most 3 points more than the coach's this round "
    "(your points less the others' mean)"
)
"""The accuracy rule in words (marked for the catalogs: a constant, so the
bot can show it translated); its 3 is :data:`MARGIN`."""
HINT_PLAYOUTS = 640
REVIEW_PLAYOUTS = 64


def evaluate(
    obs: Observation, seed: int, playouts: int, include: Sequence[Any] = ()
) -> list[Evaluation]:
    legal = obs.legal
    if not legal:
        return []
    if len(legal) == 1:
        return [only(legal[0])]
    at, count, target = attack_context(obs)
    preferred = normal_choice(legal, hand_counts(obs), obs.public.deck_count, at, count, target)
    cands = candidates(legal, preferred)
    for d in include:
        if d in legal and d not in cands:
            # the legal list's own object: a decision read from a record may
            # lack what the engine worked out when it listed it
            cands.append(legal[legal.index(d)])
    rng = random.Random(seed)
    worlds = max(8, playouts // len(cands))
    me = obs.player
    others = [p for p in range(obs.public.players) if p != me]
    own = [0.0] * len(cands)
    rel = [0.0] * len(cands)
    for _ in range(worlds):
        world = sample_world(obs, rng)
        for i, d in enumerate(cands):
            s = world.playout_copy()
            s._do(d, None)
            pen = playout(s)
            own[i] += pen[me]
            rel[i] += pen[me] - sum(pen[q] for q in others) / len(others)
    out = []
    for i, d in enumerate(cands):
        pts = own[i] / worlds
        out.append(
            Evaluation(
                d,
                rel[i] / worlds,
                pts,
                # Translators: a Sixty decision's expected penalty points for the
                # player this round, and against the other players' mean
                Words(
                    N_(
                        "expected points this round {points:.0f} "
                        "({relative:+.0f} against the others' mean)"
                    ),
                    {"points": pts, "relative": rel[i] / worlds},
                ),
                reason(obs, d),
            )
        )
    order = sorted(range(len(out)), key=lambda i: (out[i].loss, i))
    return [out[i] for i in order]


def reason(obs: Observation, d: Decision) -> Words:
    """A short reason in words for ``d``."""
    deck = obs.public.deck_count
    if d.kind == TAKE:
        return Words(N_("takes the cards: cheaper than anything you could spend"))
    if d.kind == JOKER:
        return Words(N_("spends a joker, which would cost 60 left in your hand"))
    if d.kind == ATTACK:
        if d.count > 1:
            return Words(
                N_("attacks with all {count} of your {card}s to shed them together"),
                {"count": d.count, "card": d.card},
            )
        return Words(
            N_("attacks with a {card} and keeps your stronger cards to fight back"),
            {"card": d.card},
        )
    if d.kind == PASS:
        if deck == 0:
            return Words(N_("passes the attack on with every copy: cards in hand count at the end"))
        return Words(N_("passes the attack on cheaply instead of taking it"))
    if d.kind == FIGHT:
        return Words(N_("fights back with the smallest winning sum ({sum})"), {"sum": d.sum})
    return Words(N_("keeps your options open"))
