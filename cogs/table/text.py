"""Words every game's table uses: places, plurals, countdowns, standings.

No Discord here, so everything is unit-tested in ``tests/cogs``.
"""

from __future__ import annotations

from collections.abc import Sequence

STALE_CHOICE = (
    "That choice is not on your menu any more, so nothing changed. "
    "Use your latest message or **My hand**."
)
"""The refusal of a click on controls that are no longer current."""


def ordinal(n: int) -> str:
    """``1`` → ``1st``; used for finishing places.

    >>> [ordinal(i) for i in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def countdown(deadline: float) -> str:
    """A Discord relative timestamp: clients count it down without edits."""
    return f"<t:{int(deadline)}:R>"


def standings_lines(
    standings: Sequence[int], totals: Sequence[int], winners: Sequence[int], names: Sequence[str]
) -> list[str]:
    """``1st Alice — 12 👑`` per player, best first (ties share a place).

    >>> standings_lines([1, 0, 2], [5, 5, 9], [0, 1], ["A", "B", "C"])
    ['1st B — 5 👑', '1st A — 5 👑', '3rd C — 9']
    """
    lines = []
    place = 0
    for i, p in enumerate(standings):
        if i == 0 or totals[p] != totals[standings[i - 1]]:
            place = i
        crown = " 👑" if p in winners else ""
        lines.append(f"{ordinal(place + 1)} {names[p]} — {totals[p]}{crown}")
    return lines


def order_by_totals(totals: Sequence[int], lower_is_better: bool) -> list[int]:
    """Players best first by their totals (stable among ties).

    >>> order_by_totals([3, 9, 1], False), order_by_totals([3, 9, 1], True)
    ([1, 0, 2], [2, 0, 1])
    """
    sign = 1 if lower_is_better else -1
    return sorted(range(len(totals)), key=lambda p: sign * totals[p])
