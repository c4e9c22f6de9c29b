"""Typed errors of the engine. All are ``ValueError``s, like python-chess's."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(EngineError):
    """Text that is not a card, play or decision in the documented notation."""


class OptionsError(EngineError):
    """An impossible rules configuration; the message names the option to change."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


class WrongPhase(EngineError):
    """A decision of the wrong kind for the phase (a play during the exchange, …)."""


class NotYourTurn(EngineError):
    """A decision by a player who is not the one to act."""

    def __init__(self, player: int, expected: int | None) -> None:
        who = "nobody" if expected is None else f"player {expected}"
        super().__init__(f"it is not player {player}'s turn (waiting for {who})")
        self.player = player
        self.expected = expected


class IllegalPlay(EngineError):
    """A decision the rules do not allow now; the message gives the reason."""


class RecordError(EngineError):
    """A game record or serialised state that cannot be read or replayed."""
