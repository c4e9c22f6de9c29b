"""Small helpers for engine tests: scripted plays with readable failures."""

from __future__ import annotations

from collections.abc import Iterable

from engine.president import President


def play(g: President, *moves: str) -> None:
    """Apply moves written as ``"A:44"``/``"B:pass"`` (players A=0, B=1, …)."""
    for move in moves:
        who, _, what = move.partition(":")
        player = ord(who.strip().upper()) - ord("A")
        g.apply(what.strip(), player)


def legal(g: President) -> list[str]:
    return [str(d) for d in g.legal_plays()]


def letters(players: Iterable[int]) -> str:
    return "".join(chr(ord("A") + p) for p in players)
