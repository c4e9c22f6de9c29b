"""The interface every card game of the bot implements.

President implements it now; Big Two and Sixty will be siblings. The bot's
cogs, the renderer and the storage talk to games through it, so a new game
needs no change there beyond its own pictures and commands.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Game(Protocol):
    """A game in progress: whose turn, what may be decided, who won."""

    @property
    def game_name(self) -> str: ...

    n: int
    """Number of players."""
    round_number: int
    phase: str

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_plays(self) -> Iterator[Any]: ...

    def apply(self, decision: Any, player: int | None = None) -> None: ...

    def apply_unchecked(self, decision: Any) -> None: ...

    def default_decision(self) -> Any: ...

    def observation(self, player: int) -> Any: ...

    def public_view(self) -> Any: ...

    def record(self) -> Any: ...

    def outcome(self) -> Any: ...

    def returns(self) -> list[float]: ...

    def to_json(self) -> str: ...

    def start_round(self, deal: Any = None) -> None: ...
