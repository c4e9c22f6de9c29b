"""The skill rating rules: openskill's Plackett-Luce model, in plain Python.

Storage keeps each player's ``mu`` and ``sigma`` (and the ordinal it ranks by); how
a round changes them is decided here, outside the SQL, so that every storage engine
rates alike.

>>> a, b = rate([(DEFAULT_MU, DEFAULT_SIGMA)] * 2, [0, 1])
>>> a[0] > DEFAULT_MU > b[0], a[1] < DEFAULT_SIGMA
(True, True)
>>> ordinal(25.0, 2.0)
19.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from openskill.models import PlackettLuce

_MODEL: Final = PlackettLuce()
DEFAULT_MU: Final[float] = float(_MODEL.mu)
DEFAULT_SIGMA: Final[float] = float(_MODEL.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """What is displayed and ranked: a conservative estimate, mu - 3 sigma."""
    return mu - 3.0 * sigma


def rate(
    ratings: Sequence[tuple[float, float]], places: Sequence[int]
) -> list[tuple[float, float]]:
    """New ``(mu, sigma)`` of each player after a round finished in ``places``
    (0 the best; equal places are ties)."""
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    new = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [(float(team[0].mu), float(team[0].sigma)) for team in new]
