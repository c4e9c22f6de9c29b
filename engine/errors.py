"""Typed errors of the engine. All are ``ValueError``s, like python-chess's.

Every refusal of a decision is an :class:`IllegalDecision` carrying a
machine-readable ``reason`` code (``not_your_turn``, ``wrong_size``,
``not_higher`` …) beside the message for people, so the bot can choose its
words and tests can assert the rule that refused, not the wording.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(EngineError):
    """Text that is not a card, play or decision in the documented notation."""


class OptionsError(EngineError):
    """An impossible rules configuration; the message names the option to change.

    ``reason`` is a short code and ``params`` its values (``option`` always,
    then e.g. ``low``/``high``, ``value``, ``choices``), so the bot words the
    refusal in the reader's language; ``str(error)`` is the English for people
    at a terminal and in logs. Reasons: ``no_such_option``, ``no_preset``,
    ``not_on_off``, ``not_a_choice``, ``not_whole``, ``out_of_range`` (``none``:
    whether unset is allowed too), ``at_least``, ``two_decks_players``,
    ``jokers_for_decks``, ``ladder_titles_players``, ``ladder_scoring_players``,
    ``needs_an_end``; ``invalid`` where the message was written for its reader.

    >>> e = OptionsError("rounds", "rounds: choose 1 to 20", "out_of_range", low=1, high=20)
    >>> str(e), e.reason, e.params
    ('rounds: choose 1 to 20', 'out_of_range', {'option': 'rounds', 'low': 1, 'high': 20})
    """

    def __init__(
        self, option: str, message: str, reason: str = "invalid", **params: object
    ) -> None:
        super().__init__(message)
        self.option = option
        self.reason = reason
        self.params: dict[str, object] = {"option": option, **params}


class UnknownGame(EngineError):
    """A game kind that no registered game has."""


class IllegalDecision(EngineError):
    """A decision the rules do not allow now.

    ``reason`` is a short code that stays stable across releases; the message
    (``str(error)``) says the same for people.
    """

    def __init__(self, message: str, reason: str = "illegal") -> None:
        super().__init__(message)
        self.reason = reason


class WrongPhase(IllegalDecision):
    """A decision of the wrong kind for the phase (a play during the exchange, …)."""

    def __init__(self, message: str, reason: str = "wrong_phase") -> None:
        super().__init__(message, reason)


class NotYourTurn(IllegalDecision):
    """A decision by a player who is not the one to act."""

    def __init__(self, player: int, expected: int | None) -> None:
        who = "nobody" if expected is None else f"player {expected}"
        super().__init__(f"it is not player {player}'s turn (waiting for {who})", "not_your_turn")
        self.player = player
        self.expected = expected


class IllegalPlay(IllegalDecision):
    """A play or give the rules do not allow now; the message gives the reason."""


class RecordError(EngineError):
    """A game record or serialised state that cannot be read or replayed."""
