"""The coach: a hint on request, and a review of a player's game afterwards.

Both are computed from one player's *observation* only, never from the
state: a hint takes the observation the player sees, and a review replays
the record and asks the game's hook about the observation the player had at
each of their decisions. Two states that differ only in cards the player
cannot see therefore give the same hint for the same seed.

Every game provides a hook module, ``engine.<game>.coach``, with

- ``STATE``: its state class (the review replays records with it);
- ``UNIT``: what a cost is counted in (``penalty points`` …);
- ``MARGIN``: the largest cost that still counts as a good decision;
- ``RULE``: the accuracy rule in words, shown with the review (``UNIT`` and
  ``RULE`` are English marked with :func:`~engine.coach.words.N_`);
- ``HINT_PLAYOUTS`` and ``REVIEW_PLAYOUTS``: the search budgets;
- ``evaluate(obs, seed, playouts, include=()) -> list[Evaluation]``: the
  candidate decisions (and those of ``include``) best first, each with its
  loss in ``UNIT`` (lower is better), its estimate in the game's own terms
  and a reason, both :class:`~engine.coach.words.Words` (English as
  ``str()``; the bot words them in each reader's language); one entry or
  none when there is nothing to choose.

Everything here is pure and its arguments and results pickle, so the bot
runs :func:`hint` and :func:`review` in its computer worker process (a
review's ``progress`` callback is called there: the bot passes one that
forwards the counts to its event loop). Budgets are counted in playouts:
the same seed and observation give the same hint on any machine.

>>> from engine.game import game_type
>>> g = game_type("sixty")
>>> state = g.new_game(g.make_options("standard", {}), 5)
>>> p = state.current_player
>>> tips = hint("sixty", state.observation(p), seed=1)
>>> 1 <= len(tips) <= 3 and tips[0].cost == 0.0
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..errors import RecordError
from ..game import GameRecord, GameType, game_type
from .words import N_, Param, Words, _n, _p

HINTS = 3
"""How many decisions a hint ranks, at most."""

COSTLIEST = 3
"""How many of a player's costliest decisions a review names."""

FULL_BUDGET_S = 1.0
"""The hint budget (seconds) at which a hint searches ``HINT_PLAYOUTS``."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A game hook's judgement of one candidate decision."""

    decision: Any
    loss: float
    """In the game's ``UNIT``, lower is better; comparable only among the
    candidates of one decision point."""
    value: float
    """The estimate's headline figure (President: chance of the top half;
    Big Two: expected penalty; Sixty: expected points)."""
    estimate: Words
    reason: Words


def only(decision: Any) -> Evaluation:
    """The evaluation of a decision with nothing else legal."""
    return Evaluation(
        decision, 0.0, 0.0, Words(N_("the only legal decision")), Words(N_("nothing else is legal"))
    )


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One ranked decision of a hint."""

    decision: Any
    notation: str
    """The decision as a record writes it (``parse_decision`` reads it back)."""
    value: float
    estimate: Words
    """The estimate in words, in the game's own terms."""
    reason: Words
    cost: float
    """How much worse than the first suggestion, in the game's unit (0 for it)."""

    def text(self) -> str:
        return f"{self.notation}: {self.estimate}; {self.reason}"


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One of the player's own decisions, judged from their observation then."""

    round: int
    number: int
    """Its place in the round's decisions (1 = the round's first)."""
    played: str
    coach: str
    """What the coach would have played."""
    cost: float
    """How much the decision lost against the coach's, in the game's unit (≥ 0)."""
    played_estimate: Words
    coach_estimate: Words
    coach_reason: Words

    @property
    def good(self) -> bool:
        return self.played == self.coach

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "number": self.number,
            "played": self.played,
            "coach": self.coach,
            "cost": round(self.cost, 3),
            # stored and printed in English: the bot words them for each reader
            "played_estimate": str(self.played_estimate),
            "coach_estimate": str(self.coach_estimate),
            "coach_reason": str(self.coach_reason),
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A player's game, decision by decision."""

    game: str
    player: int
    accuracy: float
    """Share of the reviewed decisions that matched the coach or cost at most
    ``margin`` (1.0 when the player never had a real choice)."""
    margin: float
    unit: str
    rule: str
    """The accuracy rule in words."""
    decisions: tuple[ReviewedDecision, ...]
    """Every reviewed decision (those with a real choice), in order."""
    costliest: tuple[ReviewedDecision, ...] = field(default=())
    forced: int = 0
    """The player's decisions with only one sensible choice, not counted."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.player,
            "accuracy": round(self.accuracy, 4),
            "reviewed": len(self.decisions),
            "forced": self.forced,
            "margin": self.margin,
            "unit": self.unit,
            "rule": self.rule,
            "costliest": [d.to_dict() for d in self.costliest],
        }


Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions of the player reviewed so far."""


def hook(game: str | GameType) -> ModuleType:
    """The game's coach hook, ``engine.<game>.coach``; ``ValueError`` when
    the game has no coach."""
    name = game if isinstance(game, str) else game.name
    gt = game_type(name)
    try:
        return importlib.import_module(f"engine.{gt.name}.coach")
    except ModuleNotFoundError:
        raise ValueError(f"{gt.title} has no coach yet") from None


def _key(game: str | GameType) -> Callable[[Any], Any]:
    gt = game_type(game) if isinstance(game, str) else game
    return gt.decision_key


def _scaled(playouts: int, budget_s: float) -> int:
    # the budget chooses the number of playouts, never a clock: a seed and an
    # observation give the same hint on any machine
    return max(8, int(playouts * min(1.0, max(0.0, budget_s) / FULL_BUDGET_S)))


def hint(
    game: str | GameType, observation: Any, seed: int = 0, budget_s: float = FULL_BUDGET_S
) -> list[Suggestion]:
    """Up to three decisions for the player of ``observation``, best first;
    empty when they have nothing to decide."""
    h = hook(game)
    evals = h.evaluate(observation, seed, _scaled(h.HINT_PLAYOUTS, budget_s))
    if not evals:
        return []
    best = evals[0].loss
    return [
        # a game may keep a safer choice first on noise (President): no negative cost
        Suggestion(
            e.decision, str(e.decision), e.value, e.estimate, e.reason, max(0.0, e.loss - best)
        )
        for e in evals[:HINTS]
    ]


def review(
    game: str | GameType,
    record: GameRecord | str,
    player: int,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Review ``player``'s decisions in ``record`` (an object or its JSON).
    Raises :class:`~engine.errors.RecordError` for a record that does not
    replay, ``ValueError`` for a player who did not sit in the game."""
    h = hook(game)
    key = _key(game)
    cls: Any = h.STATE
    rec = cls.record_type.read(record)
    players = int(rec.options.players)
    if not 0 <= player < players:
        raise ValueError(f"player {player} did not sit in this game (players 0 to {players - 1})")
    if not rec.rounds:
        raise RecordError("the record has no rounds")
    total = sum(1 for r in rec.rounds for p, _ in r.decisions if p == player)
    done = 0
    reviewed: list[ReviewedDecision] = []
    forced = 0
    state: Any = cls.replay_begin(rec)
    for i, rnd in enumerate(rec.rounds):
        if i:
            state.start_round(rnd.deal)
        for number, (p, decision) in enumerate(rnd.decisions, 1):
            if p == player:
                obs = state.observation(player)
                # each decision point its own stream: reviewing one decision
                # again gives the same judgement whatever came before it
                evals = h.evaluate(
                    obs, seed * 1_000_003 + i * 1009 + number, h.REVIEW_PLAYOUTS, (decision,)
                )
                if len(evals) < 2:
                    forced += 1
                else:
                    reviewed.append(_judge(evals, decision, key, i + 1, number))
                done += 1
                if progress is not None:
                    progress(done, total)
            state.apply(decision, p)
    good = sum(1 for d in reviewed if d.good or d.cost <= h.MARGIN)
    accuracy = good / len(reviewed) if reviewed else 1.0
    costly = sorted((d for d in reviewed if d.cost > 0), key=lambda d: -d.cost)[:COSTLIEST]
    return Review(
        game_type(game).name if isinstance(game, str) else game.name,
        player,
        accuracy,
        h.MARGIN,
        h.UNIT,
        h.RULE,
        tuple(reviewed),
        tuple(costly),
        forced,
    )


def _judge(
    evals: Sequence[Evaluation], decision: Any, key: Callable[[Any], Any], rnd: int, number: int
) -> ReviewedDecision:
    best = evals[0]
    k = key(decision)
    mine = next((e for e in evals if key(e.decision) == k), None)
    if mine is None:  # a hook must evaluate what it is asked to include
        raise AssertionError(f"the coach did not evaluate {decision}")
    same = key(best.decision) == k
    return ReviewedDecision(
        rnd,
        number,
        str(decision),
        str(decision) if same else str(best.decision),
        0.0 if same else max(0.0, mine.loss - best.loss),
        mine.estimate,
        best.estimate,
        best.reason,
    )


__all__ = [
    "COSTLIEST",
    "HINTS",
    "N_",
    "Evaluation",
    "Param",
    "Progress",
    "Review",
    "ReviewedDecision",
    "Suggestion",
    "Words",
    "_n",
    "_p",
    "hint",
    "hook",
    "only",
    "review",
]
