"""What a seat can work out from its observation: rank order, its own sets,
and which cards are still unseen (card counting from the public history).

The strength of a rank depends on the options (``rank_order``) and on a
revolution in force; the engine's own tables are reused so the players and
the rules can never disagree about which rank beats which.
"""

from __future__ import annotations

from ...cards import JOKER, NUM_RANKS
from ..plays import Play
from ..state import _strength_tables
from ..views import Observation

_TABLES: dict[str, tuple[list[int], list[int]]] = {}


def strength_tables(rank_order: str) -> tuple[list[int], list[int]]:
    """Base and revolution strength per rank (cached: only ``rank_order``
    changes them). Ranks absent from the pack have a negative base strength."""
    tables = _TABLES.get(rank_order)
    if tables is None:
        from ..options import Options

        tables = _strength_tables(Options(rank_order=rank_order))
        _TABLES[rank_order] = tables
    return tables


class Knowledge:
    """One seat's picture of the round, built afresh for each decision.

    ``order`` lists the natural ranks in the pack from weakest to strongest in
    the *current* order; ``level[r]`` is a rank's place in it scaled to 0…1
    (jokers above 1) so heuristics read the same under every option.
    ``unseen[r]`` counts cards of rank ``r`` neither in this hand nor played
    this round: the most the opponents can hold together.
    """

    __slots__ = (
        "base_strength",
        "counts",
        "equal_plays",
        "hand_size",
        "level",
        "obs",
        "one_less",
        "opp_max",
        "order",
        "revolution_option",
        "single_wins",
        "strength",
        "top_rank",
        "trump",
        "unseen",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        pub = obs.public
        o = pub.options
        base, rev = strength_tables(o.rank_order)
        self.base_strength = base
        self.strength = rev if pub.revolution else base
        self.top_rank = pub.top_rank
        short = o.rank_order == "short_pack"
        present = [r for r in range(13) if not (short and r in (1, 2, 3))]
        self.order = sorted(present, key=lambda r: self.strength[r])
        span = max(1, len(self.order) - 1)
        self.level = [0.0] * NUM_RANKS
        for i, r in enumerate(self.order):
            self.level[r] = i / span
        self.level[JOKER] = 1.25
        counts = [0] * NUM_RANKS
        for c in obs.hand:
            counts[c.rank] += 1
        self.counts = counts
        self.hand_size = len(obs.hand)
        total = [0] * NUM_RANKS
        for r in present:
            total[r] = 4 * o.decks
        total[JOKER] = o.jokers
        for e in pub.history:
            if e.kind == "play" and e.play is not None:
                total[e.play.rank] -= e.play.count
        self.unseen = [max(0, total[r] - counts[r]) for r in range(NUM_RANKS)]
        self.opp_max = max(
            (s.cards for s in pub.seats if s.player != obs.player and s.position is None),
            default=0,
        )
        self.trump = o.joker_mode == "trump"
        self.one_less = o.twos == "one_less"
        self.single_wins = o.twos == "single_wins"
        self.equal_plays = o.equal_plays
        self.revolution_option = o.revolution

    # -- what beats what ----------------------------------------------------

    def wins_at_once(self, play: Play) -> bool:
        """A trump joker or a single top-rank card under ``single_wins``."""
        return (play.rank == JOKER and self.trump) or (
            self.single_wins and play.count == 1 and play.rank == self.top_rank
        )

    def unbeatable(self, play: Play, size: int) -> bool:
        """Whether no opponent can beat ``play`` on a trick of ``size`` cards,
        whatever the unseen cards are (counting every unseen card as possibly
        in one hand, so it errs on the side of "beatable")."""
        if self.wins_at_once(play):
            return True
        u = self.unseen
        m = self.opp_max
        r = play.rank
        c = play.count
        if self.trump and u[JOKER] and m:
            return False
        if self.single_wins and u[self.top_rank] and m:
            return False
        if self.equal_plays and u[r] >= c and m >= c:
            return False
        if r == JOKER:
            return True
        if not self.trump and u[JOKER] >= size and m >= size:
            return False
        if (
            self.one_less
            and size >= 2
            and r != self.top_rank
            and u[self.top_rank] >= size - 1
            and m >= size - 1
        ):
            return False
        if m < size:
            return True
        s = self.strength[r]
        return all(u[q] < size or self.strength[q] <= s for q in self.order)

    def groups(self, counts: list[int] | None = None) -> list[Play]:
        """The hand split into whole sets, as it would be led: one play per
        natural rank, each trump joker on its own, high jokers together."""
        cnt = self.counts if counts is None else counts
        out = [Play(r, cnt[r]) for r in self.order if cnt[r]]
        if cnt[JOKER]:
            if self.trump:
                out.extend(Play(JOKER, 1) for _ in range(cnt[JOKER]))
            else:
                out.append(Play(JOKER, cnt[JOKER]))
        return out

    def loose_groups(self, counts: list[int] | None = None) -> list[Play]:
        """The sets of a hand that an opponent could beat if led."""
        return [g for g in self.groups(counts) if not self.unbeatable(g, g.count)]

    def after(self, play: Play) -> list[int]:
        """The hand's rank counts once ``play`` has left it."""
        cnt = list(self.counts)
        cnt[play.rank] -= play.count
        return cnt

    def revolution_gain(self) -> float:
        """How much stronger the hand gets if the order reverses: the mean
        rank level after minus before (positive: more low than high cards)."""
        n = 0
        before = 0.0
        for r in self.order:
            k = self.counts[r]
            n += k
            before += k * self.level[r]
        if not n:
            return 0.0
        after = n - before  # levels mirror: level' = 1 - level
        return (after - before) / n
