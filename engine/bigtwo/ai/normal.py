"""The ``normal`` level: a sound heuristic, and the policy the ``hard``
level plays its playouts with (so it works on plain masks and is quick).

How it plays:

- It keeps its hand's structure. A hand is read as *units*, one per rank it
  holds (a pair or a triple is one unit); a play that takes part of a rank
  "breaks" it. Leads shed the most units for the fewest strong cards: a
  straight of loose cards first, then the lowest whole sets.
- It holds its aces and 2s (and five-card hands built on them) for control,
  beating only with the lowest play that breaks nothing, unless an opponent
  is about to go out or its own hand is nearly gone.
- It counts what is out: with two units left it leads the one nobody can
  beat (judged against every card it has not seen), and against an opponent
  holding one card it leads sets, or its strongest single.
- It goes out whenever one play empties its hand.
"""

from __future__ import annotations

import random

from ..combos import ALL_CARDS, PASS, SINGLE, Combo, Decision, Rules, mask_of, rules_for
from ..views import Observation

_ONES = sum(1 << 4 * r for r in range(13))
_HIGH = sum(15 << 4 * r for r in (11, 12))  # aces and 2s


def units(hand: int) -> int:
    """How many ranks a hand holds (each rank is one unit to shed).

    >>> from engine.bigtwo.combos import parse_mask
    >>> units(parse_mask("3D 3S 4C 9H"))
    3
    """
    m = hand | hand >> 1 | hand >> 2 | hand >> 3
    return (m & _ONES).bit_count()


def choose(
    rules: Rules,
    hand: int,
    legal: list[Decision],
    top: Combo | None,
    me: int,
    sizes: list[int],
    unseen: int,
) -> Decision:
    """The normal decision among ``legal`` for the player holding ``hand``.

    ``sizes`` are every player's card counts (0 once out) and ``unseen`` the
    cards this player has not seen (others' hands and cards set aside)."""
    if len(legal) == 1:
        return legal[0]
    plays: list[Combo] = [c for c in legal if c is not PASS]  # type: ignore[misc]
    if not plays:
        return PASS
    for c in plays:
        if c[0] == hand:
            return c  # out in one play
    opp = [sizes[q] for q in range(len(sizes)) if q != me and sizes[q]]
    opp_min = min(opp) if opp else 13
    base = units(hand)
    size = sizes[me]
    if top is None:
        return _lead(rules, hand, plays, base, opp_min, unseen)
    danger = opp_min <= 2 or size <= 4
    if not danger and top[1] <= 3:
        # small plays come weakest first: the first that breaks no set and
        # spends no ace or 2 is the choice (the loop below would agree)
        for c in plays:
            m = c[0]
            shift = (m.bit_length() - 1) & ~3
            if hand >> shift & 15 == m >> shift and not m & _HIGH:
                return c
    best: Combo | None = None
    best_score = -1e9
    for c in plays:
        m = c[0]
        after = hand & ~m
        played_units = units(m)
        broken = units(after) - base + played_units
        high = (m & _HIGH).bit_count()
        if not danger:
            if broken > 0 and not (c[1] >= 4 and broken <= 1 and base - units(after) >= 3):
                continue
            # hold aces and 2s, except to take a trick already at a king or better
            if high and size > 6 and not (top[1] == SINGLE and top[2] >= 40 and high == 1):
                continue
        score = -broken * 5 - high * 2 - (c[2] & 0xFFFFFF) / 1e6
        if c[1] >= 4:
            score += (base - units(after)) * 0.5
        if score > best_score:
            best, best_score = c, score
    if best is None:
        return PASS
    return best


def _lead(
    rules: Rules, hand: int, plays: list[Combo], base: int, opp_min: int, unseen: int
) -> Combo:
    if base == 2:
        # lead what nobody can beat, then go out with the rest
        for c in sorted(plays, key=lambda c: -c[0].bit_count()):
            rest = hand & ~c[0]
            if units(rest) == 1 and _whole(rules, rest) and not rules.beating(unseen, c):
                return c
    best = plays[0]
    best_score = -1e9
    for c in plays:
        m = c[0]
        after = hand & ~m
        reduction = base - units(after)
        broken = units(m) - reduction
        high = (m & _HIGH).bit_count()
        n = m.bit_count()
        low = (m & -m).bit_length() >> 2  # the lowest rank in the play
        score = 3.0 * reduction - 4.0 * broken - 2.5 * high + 0.4 * n - low / 4
        if opp_min == 1 and c[1] == SINGLE:
            # a lone card left: singles only from the top
            score -= 20 if rules.beating(unseen, c) else -5
        if score > best_score:
            best, best_score = c, score
    return best


def _whole(rules: Rules, cards: int) -> bool:
    """Whether some cards are one combination."""
    return rules.combo(cards)[1] != 0


class NormalPlayer:
    """The normal level (see the module docstring)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, obs: Observation) -> Decision:
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide in this observation")
        pub = obs.public
        o = pub.options
        rules = rules_for(o.suit_order, o.straights, o.flush_compare)
        hand = mask_of(obs.hand)
        unseen = ALL_CARDS & ~hand & ~mask_of(pub.played)
        return choose(
            rules, hand, list(obs.legal), pub.top, obs.player, list(pub.hand_sizes), unseen
        )


def ranked(rules: Rules, hand: int, plays: list[Combo], top: Combo | None) -> list[Combo]:
    """Plays from the most to the least natural by normal's yardsticks
    (shed whole units, keep aces and 2s, low first): the candidates the
    ``hard`` level searches."""
    base = units(hand)

    def score(c: Combo) -> float:
        m = c[0]
        after = hand & ~m
        reduction = base - units(after)
        broken = units(m) - reduction
        high = (m & _HIGH).bit_count()
        low = (m & -m).bit_length() >> 2
        if top is None:
            return 3.0 * reduction - 4.0 * broken - 2.5 * high + 0.4 * m.bit_count() - low / 4
        return -5.0 * broken - 2.0 * high - (c[2] & 0xFFFFFF) / 1e6

    return sorted(plays, key=score, reverse=True)
