"""The heuristics of the ``easy`` and ``normal`` computer players.

Both work on a few plain numbers (the hand as counts by kind, the attack,
the deck, the defender's hand size) so that the same code decides from an
observation and inside the hard player's playouts on a raw state.

``normal``:

- Attacking: with the deck still full enough, attack with the largest group
  of numbers of 15 or less (ties: the lower number), all its copies, keeping
  20s and 30s to fight back with; when the defender is weak (two cards or
  fewer) or the deck is empty, attack with the group of the largest sum, to
  load the defender with points or get rid of them.
- Defending: fight back when the attack is worth 20 or more and a fight is
  possible (with the smallest sum that wins, fewest cards); otherwise pass it
  on with one card (with all of them once the deck is empty: cards in hand
  count at the end); otherwise fight; otherwise spend a joker when the
  attack is large (15 or more) or the deck is empty (a joker left in hand
  costs 60): Hocus-pocus, then Abracadabra, then Zap when what Zap keeps
  costs less than half the attack; otherwise take.
- Once the deck is empty a joker is spent at the first chance, before a
  pass-on.

``easy`` attacks with a random group (all copies), passes on with every copy
it holds, else fights back with its largest fight (wasting high cards),
plays jokers only on attacks of 30 or more or once the deck is empty, and
otherwise takes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import FACES, FIGHT, JOKER, PASS, TAKE, Decision

_AB, _HP, _ZP = 61, 62, 63


def normal_choice(
    legal: Sequence[Decision],
    hand: Sequence[int],
    deck_left: int,
    at_type: int,
    at_count: int,
    target_size: int,
) -> Decision:
    """Normal's decision. ``hand`` is counts by kind (type index 0 … 11);
    ``at_type`` is -1 when attacking; ``target_size`` the defender's hand
    size when attacking."""
    if at_type < 0:
        return _normal_attack(hand, deck_left, target_size)
    if len(legal) == 1:
        return legal[0]
    face = FACES[at_type]
    total = face * at_count
    passes: list[Decision] = []
    fights: list[Decision] = []
    jokers: dict[int, Decision] = {}
    take: Decision | None = None
    for d in legal:
        kind = d[0]
        if kind == PASS:
            passes.append(d)
        elif kind == FIGHT:
            fights.append(d)
        elif kind == JOKER:
            jokers[d[1]] = d
        elif kind == TAKE:
            take = d
    best_fight = None
    if fights:
        best_fight = min(fights, key=lambda d: (d[1] * d[2], d[2]))
    if jokers and deck_left == 0:
        j = _joker(jokers, face, at_count, total, eager=True)
        if j is not None:
            return j
    if best_fight is not None and total >= 20:
        return best_fight
    if passes:
        return passes[-1] if deck_left == 0 else passes[0]
    if best_fight is not None:
        return best_fight
    if jokers and total >= 15:
        j = _joker(jokers, face, at_count, total, eager=False)
        if j is not None:
            return j
    if take is not None:
        return take
    return legal[0]


def _joker(
    jokers: dict[int, Decision], face: int, count: int, total: int, eager: bool
) -> Decision | None:
    if _HP in jokers:
        return jokers[_HP]
    if _AB in jokers:
        return jokers[_AB]
    if _ZP in jokers:
        kept = face * (count // 2)
        if eager or kept * 2 < total or count == 1:
            return jokers[_ZP]
    return None


def _normal_attack(hand: Sequence[int], deck_left: int, target_size: int) -> Decision:
    best = -1
    best_key: tuple[int, ...] = ()
    dump = deck_left == 0 or target_size <= 2
    for t in range(9):
        c = hand[t]
        if not c:
            continue
        f = FACES[t]
        if dump:
            key: tuple[int, ...] = (f * c, -c)
        else:
            key = (1 if f <= 15 else 0, c, -f)
        if best < 0 or key > best_key:
            best, best_key = t, key
    return Decision("attack", FACES[best], hand[best])


def easy_choice(
    rng: random.Random,
    legal: Sequence[Decision],
    hand: Sequence[int],
    at_type: int,
    at_count: int,
    deck_left: int,
) -> Decision:
    if at_type < 0:
        groups = [t for t in range(9) if hand[t]]
        t = rng.choice(groups)
        return Decision("attack", FACES[t], hand[t])
    total = FACES[at_type] * at_count
    passes = [d for d in legal if d[0] == PASS]
    if passes:
        return passes[-1]
    fights = [d for d in legal if d[0] == FIGHT]
    if fights:
        return max(fights, key=lambda d: d[1] * d[2])
    jokers = [d for d in legal if d[0] == JOKER]
    if jokers and (total >= 30 or deck_left == 0):
        return rng.choice(jokers)
    for d in legal:
        if d[0] == TAKE:
            return d
    return rng.choice(list(legal))
