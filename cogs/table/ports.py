"""The small ports the table session (:mod:`cogs.table.session`) runs against.

The session plays a table's game: seats, turns, clocks, computer takeover,
rounds, results, resume. Everything it needs from outside comes through
these protocols, so it runs as well against in-memory fakes (its unit tests)
as against SQLite and Discord (the bot), and later against other storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cogs.clock import Clock as Clock

if TYPE_CHECKING:
    from data import LiveTable, NewGame, Seat
    from data import RoundResult as StoredRound
    from engine.game import RoundScore

    from .manifest import GameManifest
    from .models import Table


class Storage(Protocol):
    """Where games are kept (``data.Database`` is one). A stale version raises
    ``data.StaleVersion``, a game no longer live ``data.GameNotLive``; any
    other exception is a failure the session retries."""

    async def create_game(self, game: NewGame) -> int: ...

    async def append_decision(
        self,
        game_id: int,
        expected_version: int,
        player: int,
        decision: str,
        *,
        meta_json: str | None = None,
        round_result: StoredRound | None = None,
        winners: Sequence[int] | None = None,
    ) -> int: ...

    async def start_round(
        self,
        game_id: int,
        expected_version: int,
        snapshot_json: str,
        deal_json: str,
        *,
        meta_json: str | None = None,
    ) -> int: ...

    async def set_meta(self, game_id: int, meta_json: str) -> None: ...

    async def set_seat(self, game_id: int, seat: int, new: Seat) -> None: ...

    async def abandon_game(self, game_id: int) -> None: ...

    async def live_tables(self) -> list[LiveTable]: ...


class Messenger(Protocol):
    """What the players are told (the bot: the table message, DMs, the channel).
    The session calls these at the moments the players must learn something;
    how and where is the messenger's business."""

    async def turn(self, t: Table, player: int, version: int) -> None:
        """A human is to act: their controls, or a ping where DMs are closed."""
        ...

    async def warn(self, t: Table, player: int, deadline: float) -> None:
        """The human to act runs out of time soon."""
        ...

    async def clear_ping(self, t: Table) -> None:
        """The turn's ping in the channel is no longer needed."""
        ...

    async def took_over(self, t: Table, player: int) -> None:
        """The computer plays this human's seat now (two timeouts in a row)."""
        ...

    async def round_over(self, t: Table, result: RoundScore, next_at: float) -> None:
        """A round's results; the next deal comes at ``next_at`` (clock seconds)."""
        ...

    async def dealt(self, t: Table) -> None:
        """A new round was dealt (and stored): new hands for everyone."""
        ...

    async def game_over(self, t: Table) -> None:
        """The game ended with a winner: final standings, the table closes."""
        ...

    async def paused(self, t: Table) -> None:
        """Storage fails: the table waits, and the players should know."""
        ...

    def unpaused(self, t: Table) -> None:
        """Storage works again and the table goes on."""
        ...


class Computers(Protocol):
    """Where computer players think (``cogs.table.computers.ComputerPool``)."""

    async def decide(
        self, manifest: GameManifest, level: str, seed: int, game_id: int, seat: int, obs: Any
    ) -> Any: ...

    def forget(self, game_id: int) -> None: ...


class Timings(Protocol):
    """The game's pace in clock seconds (``bot.Timings``)."""

    computer_pause: float
    round_pause: float
    warn_before: float
