"""How likely a sampled deal makes the opponents' decisions so far.

The public history of the round lists every play (with its cards) and pass.
Given a sampled deal — each opponent's hand now — the hand each opponent
held at any earlier decision is that hand plus the cards it played since.
:class:`History` replays the round once, keeping for each opponent decision
the public context (trick, order, unseen counts, hand sizes); :meth:`History.
mismatches` then asks, for a sampled deal, how many of those decisions the
``normal`` policy would have made differently with the sampled cards. A
deal under which an opponent passed on a single 9 while holding a single
10 it would have played is unlikely; the ``expert`` level weighs deals by
``ε ** mismatches`` and keeps the likely ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from ...cards import JOKER, NUM_RANKS, Card
from ..plays import PASS, Play
from ..views import Observation
from .rollout import _P, Rules, normal_choice, rules_for


class _Decision:
    __slots__ = ("after", "m", "played", "player", "remaining", "revolution", "size", "top")

    def __init__(
        self,
        player: int,
        played: Play,
        after: list[int],
        remaining: list[int],
        m: int,
        top: Play | None,
        size: int,
        revolution: bool,
    ) -> None:
        self.player = player
        self.played = played
        self.after = after
        """Cards per rank the player plays after this decision."""
        self.remaining = remaining
        self.m = m
        self.top = top
        self.size = size
        self.revolution = revolution


class History:
    """The opponents' decisions of the round in an observation, replayed once."""

    __slots__ = ("by_player", "compulsory", "decisions", "memo", "rules")

    def __init__(self, obs: Observation, limit: int | None = 60) -> None:
        pub = obs.public
        o = pub.options
        rules = rules_for(o)
        self.rules = rules
        self.compulsory = o.compulsory
        n = pub.players
        sizes = list(pub.hand_sizes)
        played: list[list[int]] = [[0] * NUM_RANKS for _ in range(n)]
        for e in pub.history:
            if e.kind == "play" and e.play is not None:
                played[e.player][e.play.rank] += e.play.count
                sizes[e.player] += e.play.count
        after = [list(x) for x in played]  # still to be played, per player
        remaining = list(rules.total)
        active = [sizes[p] > 0 for p in range(n)]
        top: Play | None = None
        size = 0
        revolution = False
        first = pub.round_number == 1 and o.first_lead == "three_of_clubs"
        out: list[_Decision] = []
        for e in pub.history:
            kind = e.kind
            if kind == "trick":
                top, size = None, 0
            elif kind == "revolution":
                revolution = not revolution
            elif kind == "finish":
                active[e.player] = False
            elif kind in ("play", "pass") and e.play is not None:
                q = e.player
                play = e.play
                if q != obs.player and not first:
                    m = max((sizes[x] for x in range(n) if x != q and active[x]), default=0)
                    out.append(
                        _Decision(
                            q, play, list(after[q]), list(remaining), m, top, size, revolution
                        )
                    )
                if play.count:
                    first = False
                    after[q][play.rank] -= play.count
                    remaining[play.rank] -= play.count
                    sizes[q] -= play.count
                    if top is None:
                        size = play.count
                    top = play
        self.decisions = out if limit is None else out[-limit:]
        self.by_player: dict[int, list[tuple[int, _Decision]]] = {}
        for i, d in enumerate(self.decisions):
            self.by_player.setdefault(d.player, []).append((i, d))
        self.memo: dict[tuple[int, int, tuple[int, ...]], int] = {}

    def mismatches(self, hands: Sequence[Sequence[Card]]) -> int:
        """How many opponent decisions ``normal`` would have made otherwise if
        the players held ``hands`` now (by player)."""
        counts: list[list[int]] = []
        for h in hands:
            cur = [0] * NUM_RANKS
            for c in h:
                cur[c.rank] += 1
            counts.append(cur)
        return sum(self._unexplained(d, counts[d.player]) for d in self.decisions)

    def player_mismatches(self, player: int, row: Sequence[int], start: int = 0) -> int:
        """:meth:`mismatches` of ``player`` alone holding ``row`` (cards per
        rank), over its decisions from index ``start`` on (a player's
        decisions depend only on their own hand), remembered: a particle
        filter asks again and again about the same hands (resampling copies
        deals, and a Metropolis step changes two players' hands only)."""
        key = (player, start, tuple(row))
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = sum(
                self._unexplained(d, row) for i, d in self.by_player.get(player, ()) if i >= start
            )
        return got

    def _unexplained(self, d: _Decision, row: Sequence[int]) -> bool:
        """Whether a player holding ``row`` now would not have decided as at
        ``d`` under the ``normal`` policy (or could not have at all)."""
        rules = self.rules
        cnt = list(map(add, row, d.after))
        legal = legal_plays(rules, self.compulsory, cnt, d.top, d.size, d.revolution)
        if d.played not in legal:
            return True  # the deal cannot explain this play at all
        if len(legal) == 1:
            return False
        u = [x - c if x > c else 0 for x, c in zip(d.remaining, cnt, strict=True)]
        choice = normal_choice(rules, d.revolution, legal, cnt, sum(cnt), u, d.m, d.top, d.size)
        return choice is not d.played


def legal_plays(
    rules: Rules,
    compulsory: bool,
    cnt: list[int],
    top: Play | None,
    size: int,
    revolution: bool,
) -> list[Play]:
    """``President.legal_list`` for a hand of ``cnt`` (no first-lead 3♣ rule)."""
    od = rules.rev if revolution else rules.base
    P = _P
    if top is None:
        out: list[Play] = []
        for r in od.order:
            k = cnt[r]
            if k:
                out += P[r][1 : k + 1]
        k = cnt[JOKER]
        if k:
            out += P[JOKER][1 : (2 if rules.trump else k + 1)]
        return out
    tr = top.rank
    tc = top.count
    out = [PASS]
    toprank = od.top
    if tr == JOKER:
        if rules.single_wins and cnt[toprank]:
            out.append(P[toprank][1])
        if rules.equal and cnt[JOKER] >= tc:
            out.append(P[JOKER][tc])
    else:
        if rules.equal and cnt[tr] >= tc:
            out.append(P[tr][tc])
        for r in od.stronger[tr]:
            if cnt[r] >= size:
                out.append(P[r][size])
        if (rules.one_less or rules.single_wins) and cnt[toprank]:
            if rules.one_less:
                if size >= 2 and tr != toprank and cnt[toprank] >= size - 1:
                    out.append(P[toprank][size - 1])
            elif size != 1:
                out.append(P[toprank][1])
        if cnt[JOKER]:
            if rules.trump:
                out.append(P[JOKER][1])
            elif cnt[JOKER] >= size:
                out.append(P[JOKER][size])
    if compulsory and len(out) > 1:
        del out[0]
    return out
