"""Words every game's table uses: places, plurals, countdowns, standings.

No Discord here, so everything is unit-tested in ``tests/cogs``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from babel.lists import format_list

from locales import N_, SOURCE, _, _p, babel_locale, current, format_number, reading

STALE_CHOICE = N_(
    "That choice is not on your menu any more, so nothing changed. "
    "Use your latest message or **My hand**."
)
"""The refusal of a click on controls that are no longer current (a constant:
raise it as ``_(STALE_CHOICE)``)."""


class Later(str):
    """A text kept untranslated until it is shown: ``str()`` and ``format``
    translate it for the reader of that moment (a table's log line, written
    before anyone reads it); as a plain string it is the English text. A value
    that is callable is called then (a computer's name, which says *computer*
    in the reader's language)."""

    message: str
    values: Mapping[str, Any]

    def __new__(cls, message: str, values: Mapping[str, Any]) -> Later:
        with reading(SOURCE):
            english = message.format(**_called(values))
        self = super().__new__(cls, english)
        self.message = message
        self.values = dict(values)
        return self

    def __str__(self) -> str:
        return _(self.message).format(**_called(self.values))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _called(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v() if callable(v) else v for k, v in values.items()}


def later(message: str, **values: Any) -> Later:
    """:class:`Later`; ``message`` must be marked where it is written (``N_``)."""
    return Later(message, values)


Named = Callable[[], str]


TOOK_OVER = N_(
    "You ran out of time twice in a row, so the computer is playing your seat. "
    "Press **I'm back** (or **My hand** on the table) to take it back."
)


def warning(then: str, deadline: float) -> str:
    """The reminder before a player's time runs out (``then``: what happens)."""
    return "⏳ " + _("Your time runs out {when}; then {what}").format(
        when=countdown(deadline), what=then
    )


def either(items: Sequence[str]) -> str:
    """``A, B or C`` as the current reader writes it.

    >>> either(["/a new", "/b new", "/c new"])
    '/a new, /b new, or /c new'
    """
    return format_list(items, style="or", locale=babel_locale(current()))


def ordinal(n: int) -> str:
    """``1`` → ``1st``, a finishing place for the current reader (``1er``, ``2e``
    in French, ``1位`` in Japanese).

    >>> [ordinal(i) for i in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    if current() == SOURCE:
        if 10 <= n % 100 <= 20:
            return f"{n}th"
        return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
    if n == 1:
        # Translators: the first finishing place (French 1er, Japanese 1位).
        return _p("finishing place", "1st")
    # Translators: any finishing place after the first (French {n}e, Japanese {n}位).
    return _p("finishing place", "{n}th").format(n=format_number(current(), n))


def plural(n: int, word: str) -> str:
    """English only: translated text counts with ``_n`` (languages differ in plural forms)."""
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
        line = _("{place} {name} — {total}").format(
            place=ordinal(place + 1), name=names[p], total=format_number(current(), totals[p])
        )
        lines.append(line + crown)
    return lines


def order_by_totals(totals: Sequence[int], lower_is_better: bool) -> list[int]:
    """Players best first by their totals (stable among ties).

    >>> order_by_totals([3, 9, 1], False), order_by_totals([3, 9, 1], True)
    ([1, 0, 2], [2, 0, 1])
    """
    sign = 1 if lower_is_better else -1
    return sorted(range(len(totals)), key=lambda p: sign * totals[p])


def turn_ping(player: str, what: str, when: str) -> str:
    """The channel's ping for a player no private message reaches."""
    return _(
        "{player}, it's your turn ({what}): press **My hand** on the table. Time runs out {when}."
    ).format(player=player, what=what, when=when)
