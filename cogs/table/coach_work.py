"""The coach's work as the computer worker runs it: pure functions of picklable
arguments (no Discord, no storage), so they run in another process.

A review gives, with each of the three costliest decisions, the player's own
hand at that moment: the record is replayed and only ``hand(player)`` is read,
so no other player's hidden cards leave the worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import coach
from engine.coach import Progress, Review


@dataclass(frozen=True, slots=True)
class ReviewResult:
    review: Review
    hands: tuple[tuple[str, ...], ...]
    """The player's hand before each of ``review.costliest`` (same order)."""


def review_game(
    game: str, record_json: str, player: int, seed: int, progress: Progress | None = None
) -> ReviewResult:
    result = coach.review(game, record_json, player, seed=seed, progress=progress)
    return ReviewResult(result, _hands(game, record_json, player, result))


def _hands(game: str, record_json: str, player: int, result: Review) -> tuple[tuple[str, ...], ...]:
    wanted = {(d.round, d.number) for d in result.costliest}
    if not wanted:
        return ()
    cls: Any = coach.hook(game).STATE
    rec = cls.record_type.read(record_json)
    state: Any = cls.replay_begin(rec)
    found: dict[tuple[int, int], tuple[str, ...]] = {}
    for i, rnd in enumerate(rec.rounds):
        if i:
            state.start_round(rnd.deal)
        for number, (p, decision) in enumerate(rnd.decisions, 1):
            if (i + 1, number) in wanted:
                found[(i + 1, number)] = tuple(str(c) for c in state.hand(player))
            state.apply(decision, p)
        if len(found) == len(wanted):
            break
    return tuple(found.get((d.round, d.number), ()) for d in result.costliest)
