"""Words President's pictures and messages share: presets, titles, ranks, plays.

They are translated for the current reader (:func:`locales.reading`), so the
bot's messages (``cogs.president``, which imports them from here: render may
not import cogs) and the pictures say a play or a title the same way. The
engine keeps its English words as data (records, the chairs of the titles);
these turn them into the reader's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Final

from engine.cards import JOKER, RANK_NAMES, Card
from engine.president import Options, Play
from locales import N_, _, _n, _p, current, format_number

PRESET_LABELS: Final = {
    "classic": N_("Classic"),
    "house": N_("House rules"),
    "revolution": N_("Revolution"),
    "ladder": N_("Ladder"),
}


def preset_label(options: Options) -> str:
    return preset_name(options.preset)


def preset_name(name: str) -> str:
    """A preset's name for players (``House rules``; ``ハウスルール``…)."""
    label = PRESET_LABELS.get(name)
    return _(label) if label is not None else name.replace("_", " ").title()


def title_text(title: str) -> str:
    """A title of the engine (``engine.president.TITLE_NAMES``, marked there)
    in the reader's language: ``Scum`` → ``Trou du cul``, ``大貧民``."""
    return _(title) if title and title != "—" else title


@functools.cache
def _faces(code: str) -> dict[str, tuple[str, str, str]]:
    """The face ranks' names for catalog ``code``: alone, after "pair of",
    and several of them (French: ``Roi``, ``Rois``, ``Rois``)."""
    return {
        # Translators: a rank's name for one card ("single {rank}"); Jack
        "J": (_p("rank", "J"), _p("rank in a pair", "J"), _p("ranks", "Js")),
        # Translators: Queen
        "Q": (_p("rank", "Q"), _p("rank in a pair", "Q"), _p("ranks", "Qs")),
        # Translators: King
        "K": (_p("rank", "K"), _p("rank in a pair", "K"), _p("ranks", "Ks")),
        # Translators: Ace
        "A": (_p("rank", "A"), _p("rank in a pair", "A"), _p("ranks", "As")),
    }


def rank_name(rank: int) -> str:
    """One card's rank in words: ``K``, ``Roi``, ``Joker``, ``10``."""
    name = RANK_NAMES[rank]
    if rank == JOKER:
        return _("Joker")
    face = _faces(current()).get(name)
    return face[0] if face is not None else name


def _ranks(rank: int, count: int) -> str:
    name = RANK_NAMES[rank]
    face = _faces(current()).get(name)
    if face is not None:
        return face[1] if count == 2 else face[2]
    if count == 2:
        return name
    # Translators: several cards of a numbered rank ("three 7s"); French: {rank}
    return _("{rank}s").format(rank=name)


def card_text(card: Card) -> str:
    """A card as its face reads (``10♦``), the joker in words."""
    return _("Joker") if card.rank == JOKER else card.pretty()


def play_text(play: Play) -> str:
    """A play in words: ``pair of K``, ``three 10s``, ``Joker``, ``pass``."""
    if play.is_pass:
        return _("pass")
    count = play.count
    if play.rank == JOKER:
        if count == 1:
            return _("Joker")
        return _n("{n} Joker", "{n} Jokers", count).format(n=count)
    if count == 1:
        return _("single {rank}").format(rank=rank_name(play.rank))
    ranks = _ranks(play.rank, count)
    if count == 2:
        return _("pair of {rank}").format(rank=ranks)
    words = {
        3: _("three {ranks}"),
        4: _("four {ranks}"),
        5: _("five {ranks}"),
        6: _("six {ranks}"),
        7: _("seven {ranks}"),
        8: _("eight {ranks}"),
    }
    return words[count].format(ranks=ranks)


def players_in(line: str, n: int, *, names: Sequence[int] = (), **players: int) -> list[str | int]:
    """A translated line cut into text and players (ints, drawn as names by
    :func:`render.seats.mixed`) at its ``{giver}``-style placeholders, so each
    language keeps its own word order; ``{n}`` is the count and ``{names}``
    several players, separated as the reader lists them.

    >>> players_in("{giver} gives back {n} card to {receiver}", 1, giver=2, receiver=0)
    [2, ' gives back 1 card to ', 0]
    """
    parts: list[str | int] = []
    line = line.replace("{n}", format_number(current(), n))
    for piece in re.split(r"(\{[a-z_]+\})", line):
        key = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
        if key in players:
            parts.append(players[key])
        elif key == "names":
            for i, p in enumerate(names):
                # Translators: between players' names in a picture's line ("Ann, Bo")
                parts += [_p("list separator", ", "), p] if i else [p]
        elif piece:
            parts.append(piece)
    return parts
