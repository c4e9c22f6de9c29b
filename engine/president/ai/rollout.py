"""A fast copy of the ``normal`` policy for playouts.

:class:`~engine.ai.normal.NormalPlayer` reads an
:class:`~engine.views.Observation`; building one per playout step would cost
more than the rest of a search. :func:`normal_choice` makes exactly the
decision ``NormalPlayer`` makes (the tests compare them on thousands of
positions under every preset) from plain numbers: the player's rank counts,
the unseen cards, the largest opponent hand and the trick. :func:`playout`
drives a determinized :class:`~engine.president.President` to the end of the
round with it; :func:`lookahead_playout` lets the searching player look one
play ahead at each of its turns instead. A determinization holds only
sampled hands, and each player in a playout reads only its own hand and
public counts, so nothing is peeked at.
"""

from __future__ import annotations

import functools
import random
from operator import sub

from ...cards import JOKER, NUM_RANKS
from ..options import Options
from ..plays import PASS, Play
from ..state import PLAY, President
from .knowledge import strength_tables

_LOW = 0.5
_HIGH_TRICK = 0.7
_P = [[Play(r, c) if c else PASS for c in range(9)] for r in range(NUM_RANKS)]


class _Order:
    """Tables for one direction of the rank order (base or revolution)."""

    __slots__ = ("level", "order", "strength", "stronger", "top")

    def __init__(self, strength: list[int], present: list[int], top: int) -> None:
        self.strength = strength
        self.order = sorted(present, key=lambda r: strength[r])
        span = max(1, len(self.order) - 1)
        self.level = [0.0] * NUM_RANKS
        for i, r in enumerate(self.order):
            self.level[r] = i / span
        self.level[JOKER] = 1.25
        self.stronger = [
            tuple(q for q in self.order if strength[q] > strength[r]) for r in range(NUM_RANKS)
        ]
        self.top = top


class Rules:
    """What the policy needs from the options, precomputed once."""

    __slots__ = (
        "base",
        "equal",
        "one_less",
        "rev",
        "revolution_option",
        "single_wins",
        "total",
        "trump",
    )

    def __init__(self, o: Options) -> None:
        base, rev = strength_tables(o.rank_order)
        short = o.rank_order == "short_pack"
        present = [r for r in range(13) if not (short and r in (1, 2, 3))]
        top_base = max(present, key=lambda r: base[r])
        top_rev = max(present, key=lambda r: rev[r])
        self.base = _Order(base, present, top_base)
        self.rev = _Order(rev, present, top_rev)
        self.trump = o.joker_mode == "trump"
        self.one_less = o.twos == "one_less"
        self.single_wins = o.twos == "single_wins"
        self.equal = o.equal_plays
        self.revolution_option = o.revolution
        total = [0] * NUM_RANKS
        for r in present:
            total[r] = 4 * o.decks
        total[JOKER] = o.jokers
        self.total = total


@functools.cache
def rules_for(o: Options) -> Rules:
    return Rules(o)


class _Seat:
    """The per-decision numbers (what ``Knowledge`` holds), as plain fields."""

    __slots__ = ("cnt", "m", "od", "rules", "u")

    def __init__(self, rules: Rules, od: _Order, cnt: list[int], u: list[int], m: int) -> None:
        self.rules = rules
        self.od = od
        self.cnt = cnt
        self.u = u
        self.m = m

    def unbeatable(self, r: int, c: int, size: int) -> bool:
        ru = self.rules
        od = self.od
        u = self.u
        m = self.m
        top = od.top
        if (r == JOKER and ru.trump) or (ru.single_wins and c == 1 and r == top):
            return True
        if ru.trump and u[JOKER] and m:
            return False
        if ru.single_wins and u[top] and m:
            return False
        if ru.equal and u[r] >= c and m >= c:
            return False
        if r == JOKER:
            return True
        if not ru.trump and u[JOKER] >= size and m >= size:
            return False
        if ru.one_less and size >= 2 and r != top and u[top] >= size - 1 and m >= size - 1:
            return False
        if m < size:
            return True
        for q in od.stronger[r]:  # noqa: SIM110 (a plain loop is faster here)
            if u[q] >= size:
                return False
        return True

    def loose(self, cnt: list[int]) -> tuple[int, int]:
        """How many of the hand's whole sets are beatable, and how many of
        those are low."""
        n = low = 0
        level = self.od.level
        for r in self.od.order:
            k = cnt[r]
            if k and not self.unbeatable(r, k, k):
                n += 1
                if level[r] <= _LOW:
                    low += 1
        n += self.loose_set(JOKER, cnt[JOKER])  # jokers have level 1.25: never low
        return n, low

    def loose_set(self, r: int, k: int) -> int:
        """1 if ``k`` cards of rank ``r`` held together form a beatable set
        (what :meth:`loose` counts), else 0."""
        if not k or (r == JOKER and self.rules.trump):
            return 0  # a trump joker always wins
        return 0 if self.unbeatable(r, k, k) else 1

    def revolution_gain(self) -> float:
        n = 0
        before = 0.0
        level = self.od.level
        cnt = self.cnt
        for r in self.od.order:
            k = cnt[r]
            n += k
            before += k * level[r]
        if not n:
            return 0.0
        return (n - 2 * before) / n


def normal_choice(
    rules: Rules,
    revolution: bool,
    legal: list[Play],
    cnt: list[int],
    hand_size: int,
    u: list[int],
    m: int,
    top: Play | None,
    trick_size: int,
) -> Play:
    """``NormalPlayer``'s decision from plain numbers.

    ``cnt`` is the player's count per rank, ``u`` the unseen count per rank
    (cards neither in this hand nor played this round), ``m`` the most cards
    any other active player holds; ``legal`` as ``President.legal_list``.
    """
    if len(legal) == 1:
        return legal[0]
    plays = [p for p in legal if p.count]
    if not plays:
        return PASS
    for p in plays:
        if p.count == hand_size:
            return p
    od = rules.rev if revolution else rules.base
    seat = _Seat(rules, od, cnt, u, m)
    rev_opt = rules.revolution_option
    gain: float | None = None
    if rev_opt and any(p.count >= 4 and p.rank != JOKER for p in plays):
        gain = seat.revolution_gain()

    def gains(p: Play) -> bool:
        return gain is not None and p.rank != JOKER and p.count >= 4 and gain > 0.1

    def hurts(p: Play) -> bool:
        return gain is not None and p.rank != JOKER and p.count >= 4 and gain <= 0

    level = od.level
    toprank = od.top
    size = trick_size if top is not None else 0
    # 1. keep the lead to the end. A play changes only its own rank's set,
    # so the loose sets after it are the hand's, give or take that one set:
    # with three or more loose sets in hand no play leaves at most one (most
    # decisions stop here, before looking at any play).
    loose_now = [0] * NUM_RANKS
    total = 0
    unbeatable = seat.unbeatable
    for r in od.order:  # weakest first: the loose sets come early
        k = cnt[r]
        if k and not unbeatable(r, k, k):
            loose_now[r] = 1
            total += 1
            if total > 2:
                break
    if total <= 2 and seat.loose_set(JOKER, cnt[JOKER]):
        loose_now[JOKER] = 1
        total += 1
    best: Play | None = None
    best_key: tuple[int, int, int, float] | None = None
    if total <= 2:
        for p in plays:
            if gain is not None and (gains(p) or hurts(p)):
                continue
            if not unbeatable(p.rank, p.count, size or p.count):
                continue
            r = p.rank
            n_loose = total - loose_now[r] + seat.loose_set(r, cnt[r] - p.count)
            if n_loose > 1:
                continue
            key = (n_loose, int(r == JOKER), int(p.count < cnt[r]), level[r])
            if best_key is None or key < best_key:
                best, best_key = p, key
    if best is not None:
        return best
    if top is None:
        # 2. lead
        if gain is not None:
            for p in sorted(plays, key=lambda p: -p.count):
                if gains(p):
                    return p
        for r in od.order:
            n = cnt[r]
            if not n or r == toprank:
                continue
            if rev_opt and n >= 4 and seat.revolution_gain() <= 0:
                n = 2
            cand = _P[r][n]
            if cand in plays:
                return cand
        return min(
            plays,
            key=lambda p: (hurts(p), p.rank == JOKER, level[p.rank], p.count != cnt[p.rank]),
        )
    # 3. follow
    can_pass = legal[0] is PASS
    normal = [p for p in plays if p.rank != JOKER and p.rank != toprank]
    if gain is not None:
        normal = [p for p in normal if not hurts(p)]
        for p in normal:
            if gains(p):
                return p
    whole = [p for p in normal if p.count == cnt[p.rank]]
    if whole:
        return min(whole, key=lambda p: level[p.rank])
    if normal:
        b = min(normal, key=lambda p: (level[p.rank], -p.count))
        if level[b.rank] <= _LOW or hand_size <= 6 or not can_pass:
            return b
    controls = [p for p in plays if (p.rank == JOKER or p.rank == toprank) and not hurts(p)]
    if controls:
        c = min(
            controls,
            key=lambda p: (p.rank == JOKER, p.count != cnt[p.rank], p.count, level[p.rank]),
        )
        rest = list(cnt)
        rest[c.rank] -= c.count
        n_loose, low_sets = seat.loose(rest)
        if n_loose <= 2:
            return c
        controls_left = rest[toprank] + rest[JOKER]
        if controls_left >= max(1, low_sets):
            return c
        if level[top.rank] >= _HIGH_TRICK and controls_left >= 1:
            return c
    if can_pass:
        return PASS
    return min(
        plays,
        key=lambda p: (p.rank == JOKER or p.rank == toprank, level[p.rank], p.count),
    )


def remaining_cards(state: President, rules: Rules) -> list[int]:
    """Cards per rank not yet played this round (the pack minus the plays)."""
    rem = list(rules.total)
    for e in state.history:
        if e.kind == "play" and e.play is not None:
            rem[e.play.rank] -= e.play.count
    return rem


def state_choice(
    state: President, rules: Rules, remaining: list[int], legal: list[Play] | None = None
) -> Play:
    """The ``normal`` decision of the player to act in ``state`` (play phase),
    reading only that player's hand and public numbers; ``legal`` is
    ``state.legal_list()`` when the caller has it already."""
    p = state.turn
    assert p is not None
    if legal is None:
        legal = state.legal_list()
    if len(legal) == 1:
        return legal[0]
    cnt = state.counts[p]
    # a hand holds only cards not yet played: no difference is negative
    u = list(map(sub, remaining, cnt))
    active = state.active_mask
    sizes = state.sizes
    m = 0
    for q in range(state.n):
        if q != p and active >> q & 1 and sizes[q] > m:
            m = sizes[q]
    return normal_choice(
        rules, state.revolution, legal, cnt, sizes[p], u, m, state.top, state.trick_size
    )


def playout(state: President, rules: Rules, remaining: list[int], until: int | None = None) -> None:
    """Play the round in ``state`` to its end with the ``normal`` policy for
    every player (``remaining`` is updated as cards are played); with
    ``until``, stop as soon as that player has finished (its place in
    ``state.finished`` is final then)."""
    stop = 0 if until is None else 1 << until
    while state.phase == PLAY:
        if stop and not state.active_mask & stop:
            return
        d = state_choice(state, rules, remaining)
        state.apply_unchecked(d)
        if d.count:
            remaining[d.rank] -= d.count


def worth_trying(p: Play, held: int, base: Play, lead: bool) -> bool:
    """Whether a search tries ``p`` (``held`` cards of its rank in hand):
    on a lead a set is split only into a single or a pair, or as ``normal``
    (``base``) splits it; every follow is tried."""
    return not lead or p.count in (1, 2, held) or p == base


def lookahead_playout(
    state: President,
    rules: Rules,
    remaining: list[int],
    me: int,
    stray: float = 0.0,
    rng: random.Random | None = None,
) -> None:
    """Like ``playout(state, rules, remaining, until=me)``, except that at
    each of ``me``'s turns with a choice every play worth trying is played
    out by :func:`playout` on this same deal and the one that gets ``me``
    out earliest is made (ties go to the ``normal`` choice).

    With ``stray`` above 0, each opponent turn strays with that chance
    (drawn from ``rng``): the opponent makes a random other play worth
    trying instead of ``normal``'s, or ``normal``'s when it has none. Real
    opponents are not ``normal``; a playout in which they never deviate
    judges a play against one brittle line (see
    :class:`~engine.ai.search.ExpertPlayer` for what it gains and costs).
    The chance is drawn before the opponent's plays are listed, so most
    turns cost no more than a plain playout's.

    The searching player then plays its later turns better than ``normal``,
    as a search would, so that a first play is judged by the plays it makes
    possible rather than by what ``normal`` would do with them. Each look
    ahead sees this deal's hands (the known weakness of searching
    determinized deals); in the arena that cost less than ``normal``'s
    blind spots (see :class:`~engine.ai.search.ExpertPlayer`).

    It never finishes ``me`` later than :func:`playout` would, since the
    ``normal`` choice is always among those tried.
    """
    if stray > 0 and rng is None:
        raise ValueError("straying opponents need a random generator")
    bit = 1 << me
    while state.phase == PLAY:
        if not state.active_mask & bit:
            return
        p = state.turn
        if p == me:
            legal = state.legal_list()
            d = state_choice(state, rules, remaining, legal)
            if len(legal) > 1:
                d = _look_ahead(state, rules, remaining, me, legal, d)
        elif stray > 0 and rng is not None and rng.random() < stray:
            legal = state.legal_list()
            d = state_choice(state, rules, remaining, legal)
            if len(legal) > 1:
                d = _stray(state, legal, d, rng)
        else:
            d = state_choice(state, rules, remaining)
        state.apply_unchecked(d)
        if d.count:
            remaining[d.rank] -= d.count


def _stray(state: President, legal: list[Play], base: Play, rng: random.Random) -> Play:
    p = state.turn
    assert p is not None
    cnt = state.counts[p]
    lead = state.top is None
    others = [c for c in legal if c != base and worth_trying(c, cnt[c.rank], base, lead)]
    return rng.choice(others) if others else base


def _look_ahead(
    state: President, rules: Rules, remaining: list[int], me: int, legal: list[Play], base: Play
) -> Play:
    cnt = state.counts[me]
    lead = state.top is None
    size = state.sizes[me]
    best = base
    best_key: tuple[int, bool] | None = None
    for c in legal:
        if c.count == size:
            return c  # goes out: nothing is better
        if not worth_trying(c, cnt[c.rank], base, lead):
            continue
        s = state.copy()
        s.apply_unchecked(c)
        rem = list(remaining)
        if c.count:
            rem[c.rank] -= c.count
        playout(s, rules, rem, me)
        key = (s.finished.index(me), c != base)
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best
