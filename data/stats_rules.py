"""The statistics rules: what a round adds to a player's statistics, in plain Python.

A game declares its statistics (``engine.stats.StatsSpec``: the places it counts,
the details it keeps); storage does not import the engine, so it reads any object
of that shape (:class:`Statistics`). Storage keeps the results generically: counts
as ``(statistic, value)`` rows, kept details as a JSON object per player.

>>> place_kind(1, 3), place_kind(1, 4), place_kind(4, 6), place_kind(3, 4)
('middle', 'second', 'second_last', 'last')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Category(Protocol):
    """A count of rounds finished in one kind of place (:func:`place_kind`)."""

    @property
    def name(self) -> str: ...

    @property
    def place(self) -> str: ...


class Detail(Protocol):
    """A fact of a round's details kept (``keep="last"``) or counted per value."""

    @property
    def name(self) -> str: ...

    @property
    def keep(self) -> str: ...


class Statistics(Protocol):
    """What storage needs of a game's declared statistics."""

    @property
    def categories(self) -> Sequence[Category]: ...

    @property
    def details(self) -> Sequence[Detail]: ...


def place_kind(position: int, players: int) -> str:
    """The kind of place a finishing position (0-based) is among ``players``.

    Position 0 is ``first`` and n-1 ``last``; with four or more players position 1
    is ``second`` and n-2 ``second_last``; every other position is a ``middle`` one
    (so with three players position 1 is the middle). Tied players share the
    smaller position, so they count in the same place.
    """
    if not 0 <= position < players:
        raise ValueError(f"position {position} out of range for {players} players")
    if position == 0:
        return "first"
    if position == players - 1:
        return "last"
    if players >= 4 and position == 1:
        return "second"
    if players >= 4 and position == players - 2:
        return "second_last"
    return "middle"


HINTS_DETAIL = "hints"
"""A round detail every game may give: how many of the player's decisions in
the round had a coach's hint. The counts add it up (not one count per value)."""


def counted(spec: Statistics) -> tuple[str, ...]:
    """The counts every player of the game has from their first round (zero until
    earned), so that a board of counts lists everyone who played."""
    return tuple(c.name for c in spec.categories)


def round_counts(
    spec: Statistics, position: int, players: int, details: Mapping[str, Any]
) -> dict[str, int]:
    """What one player's round adds to their counts.

    >>> from types import SimpleNamespace as S
    >>> spec = S(categories=[S(name="firsts", place="first")],
    ...          details=[S(name="title", keep="count"), S(name="streak", keep="last")])
    >>> round_counts(spec, 0, 4, {"title": "President", "streak": 2})
    {'firsts': 1, 'title=President': 1}
    >>> round_counts(spec, 3, 4, {"hints": 2})
    {'hints': 2}
    """
    kind = place_kind(position, players)
    out = {c.name: 1 for c in spec.categories if c.place == kind}
    hints = details.get(HINTS_DETAIL)
    if isinstance(hints, int) and not isinstance(hints, bool) and hints > 0:
        out[HINTS_DETAIL] = hints
    for d in spec.details:
        value = details.get(d.name)
        if d.keep == "count" and value is not None:
            out[f"{d.name}={value}"] = 1
    return out


def kept_details(spec: Statistics, details: Mapping[str, Any]) -> dict[str, Any]:
    """The details a player keeps after a round: each ``last`` detail's value in it
    (one the round does not give is no longer held).

    >>> from types import SimpleNamespace as S
    >>> spec = S(categories=[], details=[S(name="title", keep="last")])
    >>> kept_details(spec, {"title": "Scum", "promotion": 1}), kept_details(spec, {})
    ({'title': 'Scum'}, {})
    """
    return {
        d.name: details[d.name]
        for d in spec.details
        if d.keep == "last" and details.get(d.name) is not None
    }


def average_place(position_sum: int, rounds: int) -> float | None:
    """The 1-based average finishing place (1.0 = always first); None before a round."""
    return 1.0 + position_sum / rounds if rounds else None
