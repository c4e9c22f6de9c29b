"""What a game's adapter sees of a table: an immutable snapshot.

Adapters draw in threads while the event loop goes on changing the live
:class:`~cogs.table.models.Table` (a decision replaces its state, a newcomer
takes a seat, a timeout hands a seat to the computer). They are given a
:class:`TableSnapshot` instead, taken in one go on the event loop (nothing
awaits while it is built, so no decision is half applied in it): everything
in it stays as it was when the snapshot was taken. The engine state in it is
never changed in place: the runtime applies a decision to a copy and
replaces the table's state with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    game_id: int
    channel_id: int
    version: int
    """The stored state version: turn controls carry it in their custom ids."""
    state: Any
    """The engine state (an ``engine.game.GameState``); never changed in place."""
    names: tuple[str, ...]
    computers: tuple[bool, ...]
    """Seats no human holds (the pictures' BOT chip)."""
    auto: tuple[bool, ...]
    """Human seats the computer plays for now (after timeouts)."""
    dm_closed: tuple[bool, ...]
    """Seats whose player cannot get direct messages (they use My hand)."""
    deadline: float | None
    """When the human to act runs out of time (clock seconds), if one is to act."""

    @property
    def options(self) -> Any:
        return self.state.options

    def computer_seats(self) -> list[bool]:
        return list(self.computers)
