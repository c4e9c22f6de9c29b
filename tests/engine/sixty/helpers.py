"""Positions and checks shared by the Sixty tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.errors import IllegalDecision
from engine.sixty import Sixty, preset


def position(hands: Sequence[str], deck: str = "", starter: int = 0, **options: Any) -> Sixty:
    """A game from given hands; the cards in neither hands nor deck are on
    the discard pile."""
    opts = preset("standard", players=len(hands), **options)
    return Sixty.from_hands(opts, list(hands), deck=deck, starter=starter)


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]


def refused(game: Sixty, decision: str, reason: str, player: int | None = None) -> None:
    """``decision`` is refused for ``reason`` and the state is unchanged."""
    before = game.to_json()
    with pytest.raises(IllegalDecision) as info:
        game.apply(decision, player)
    assert info.value.reason == reason, str(info.value)
    assert game.to_json() == before


def allowed(game: Sixty, decision: str) -> Sixty:
    """A copy of ``game`` after ``decision`` (which must be legal)."""
    g = game.copy()
    g.apply(decision)
    return g
