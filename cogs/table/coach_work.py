"""The coach's work as the computer worker runs it: pure functions of picklable
arguments (no Discord, no storage), so they run in another process.

A review gives, with each of the three costliest decisions, the player's own
hand at that moment and, where the game's adapter draws one, a picture of the
position: the record is replayed and only the player's ``observation`` then
is read and drawn, so no other player's hidden cards leave the worker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import coach
from engine.coach import Progress, Review
from locales import reading

from .images import Picture

Drawing = Callable[[Any], Picture | None]
"""Draws a position from one player's observation (a module function of the
game's adapter: it travels to the worker by name)."""


@dataclass(frozen=True, slots=True)
class ReviewResult:
    review: Review
    hands: tuple[tuple[str, ...], ...]
    """The player's hand before each of ``review.costliest`` (same order)."""
    pictures: tuple[Picture | None, ...] = ()
    """The position before each of ``review.costliest``, where drawn."""


def review_game(
    game: str,
    record_json: str,
    player: int,
    seed: int,
    drawing: Drawing | None = None,
    locale: str | None = None,
    progress: Progress | None = None,
) -> ReviewResult:
    """``locale``: the asker's, for the pictures (the worker is another process:
    the reader's context does not travel there)."""
    result = coach.review(game, record_json, player, seed=seed, progress=progress)
    seen = _observations(game, record_json, player, result)
    hands = tuple(tuple(str(c) for c in obs.hand) if obs is not None else () for obs in seen)
    with reading(locale):
        pictures = tuple(
            drawing(obs) if drawing is not None and obs is not None else None for obs in seen
        )
    return ReviewResult(result, hands, pictures)


def _observations(game: str, record_json: str, player: int, result: Review) -> list[Any]:
    """The player's observation before each of the costliest decisions."""
    wanted = {(d.round, d.number) for d in result.costliest}
    if not wanted:
        return []
    cls: Any = coach.hook(game).STATE
    rec = cls.record_type.read(record_json)
    state: Any = cls.replay_begin(rec)
    found: dict[tuple[int, int], Any] = {}
    for i, rnd in enumerate(rec.rounds):
        if i:
            state.start_round(rnd.deal)
        for number, (p, decision) in enumerate(rnd.decisions, 1):
            if (i + 1, number) in wanted:
                found[(i + 1, number)] = state.observation(player)
            state.apply(decision, p)
        if len(found) == len(wanted):
            break
    return [found.get((d.round, d.number)) for d in result.costliest]
