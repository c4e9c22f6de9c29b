"""Exact search of a determinized endgame, for the ``expert`` level.

Late in a round few cards are left, and the particle filter
(:mod:`engine.ai.particles`) knows the opponents' hands well. Playouts with
the ``normal`` policy misjudge exactly these positions: who goes out first
depends on the order in which the last sets are played, which ``normal``
does not look ahead for. :class:`EndgameSolver` plays every line of a
determinized endgame to the end of the round instead (max^n: every player
chooses the play that gets *it* out earliest, assuming everyone sees every
hand, ties broken against the searching player), with a transposition
table keyed by :meth:`~engine.president.President.position_key`.

Its budget is counted in positions expanded, so a given seed and
observation always give the same decision; past the budget the solver gives
up and the caller falls back on playouts.

>>> from engine.president import President, preset
>>> g = President.from_hands(preset("classic"), ["3C 3D KH", "4C 5C", "QC QD"])
>>> solver = EndgameSolver(me=0, limit=10_000)
>>> [(str(play), solver.position_after(g, play)) for play in g.legal_list()]
[('3', 0), ('33', 1), ('K', 0)]

Leading the pair of threes lets player 2 go out at once with the queens; a
single keeps the lead with player 0, whose king wins the next trick.
"""

from __future__ import annotations

from ..plays import Play
from ..state import PLAY, President


class OverBudget(Exception):
    """The endgame has more positions than the solver may expand."""


class EndgameSolver:
    """Max^n search of one determinized round to its end (see the module
    docstring). One solver per decision; its table is shared by every
    determinization of that decision (a position's key holds every card
    count, so different deals never mix)."""

    __slots__ = ("limit", "me", "nodes", "table")

    def __init__(self, me: int, limit: int) -> None:
        self.me = me
        self.limit = limit
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, ...]] = {}

    def position_after(self, state: President, play: Play) -> int:
        """``me``'s finishing position (0 = first out) if ``play`` is made
        now and everyone plays on perfectly. Raises :class:`OverBudget`."""
        child = state.copy()
        child.apply_unchecked(play)
        return self._after(child)[self.me]

    def _after(self, state: President) -> tuple[int, ...]:
        """Finishing positions once the round is played out from ``state``
        (entries of players already out come from ``state`` itself)."""
        pos = list(self._value(state)) if state.phase == PLAY else [-1] * state.n
        for i, q in enumerate(state.finished):
            pos[q] = i
        return tuple(pos)

    def _value(self, state: President) -> tuple[int, ...]:
        key = state.position_key()
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise OverBudget
        p = state.turn
        assert p is not None
        me = self.me
        best: tuple[int, ...] | None = None
        for play in state.legal_list():
            child = state.copy()
            child.apply_unchecked(play)
            res = self._after(child)
            if best is None or res[p] < best[p] or (res[p] == best[p] and res[me] > best[me]):
                best = res
        assert best is not None
        self.table[key] = best
        return best
