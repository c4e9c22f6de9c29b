"""Sixty's words in pictures: joker names and lines that mix our text with
players' names, for the current reader (:func:`locales.reading`).

A line with names is translated whole (``{player} attacks {target}``), then
cut at its names, which are drawn as names (their own fonts, right-to-left
shaping): word order is the translation's, never glued from pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.sixty.cards import ABRACADABRA, HOCUS_POCUS, ZAP
from locales import N_, _, current, format_list

JOKER_NAMES: Final[dict[int, str]] = {
    ABRACADABRA: N_("Abracadabra"),
    HOCUS_POCUS: N_("Hocus-pocus"),
    ZAP: N_("Zap"),
}
"""Each joker's name (the same messages as the cogs' words for them)."""

CARD_WORDS: Final[dict[int, str]] = {
    # Translators: the name printed on Sixty's Abracadabra joker card: short
    # capitals, one or two lines (a line break where a long name is cut).
    ABRACADABRA: N_("ABRA-\nCADABRA"),
    # Translators: the name printed on Sixty's Hocus-pocus joker card: short
    # capitals, one or two lines (a line break where a long name is cut).
    HOCUS_POCUS: N_("HOCUS-\nPOCUS"),
    # Translators: the name printed on Sixty's Zap joker card: short capitals.
    ZAP: N_("ZAP"),
}
"""What each joker's card says on its face, line by line once translated."""

_MARK: Final = "\x00"


def joker_name(face: int) -> str:
    """A joker's name for the current reader."""
    word = JOKER_NAMES.get(int(face))
    return _(word) if word is not None else str(face)


def card_words(face: int) -> tuple[str, ...]:
    """The lines printed on joker ``face``'s card for the current reader."""
    return tuple(_(CARD_WORDS[int(face)]).split("\n"))


def player(p: int) -> str:
    """A stand-in for player ``p`` in a translated line, for :func:`with_names`."""
    return f"{_MARK}{p}{_MARK}"


def players(ps: Sequence[int]) -> str:
    """Several players as a list in the reader's language (``A, B and C``)."""
    return format_list(current(), [player(p) for p in ps])


def with_names(text: str, **values: object) -> list[str | int]:
    """``text`` (translated, with ``{placeholders}``) formatted with ``values``,
    where a :func:`player` stand-in becomes that player's number: the parts a
    caption or a mixed line draws.

    >>> with_names("{a} attacks {b} ({sum})", a=player(0), b=player(2), sum=8)
    [0, ' attacks ', 2, ' (8)']
    """
    out: list[str | int] = []
    for i, piece in enumerate(text.format(**values).split(_MARK)):
        if i % 2:
            out.append(int(piece))
        elif piece:
            out.append(piece)
    return out


__all__ = [
    "CARD_WORDS",
    "JOKER_NAMES",
    "card_words",
    "joker_name",
    "player",
    "players",
    "with_names",
]
