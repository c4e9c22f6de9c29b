"""One manifest per game: everything the table runtime needs to host it.

``cogs/<game>/manifest.py`` defines ``MANIFEST``, a :class:`GameManifest`
naming the game's engine (its :class:`~engine.game.GameType`), its Discord
adapter, the package that draws its pictures and its computer levels, each
with whether it thinks in a worker process and how long it may search. The
runtime finds the manifests the way it always found adapters (one per engine
game that has a ``cogs/<game>`` folder) and asks nothing else by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.game import GameType, game_type

if TYPE_CHECKING:
    from .adapter import GameAdapter

#: Seconds a search may take before the best decision found so far is played.
SEARCH_TIME_CAP = 3.0


@dataclass(frozen=True, slots=True)
class ComputerLevel:
    """A computer level as the bot runs it. Pickled to the worker processes."""

    name: str
    pooled: bool = False
    """Its decisions are searches of tens to hundreds of milliseconds: they run
    in a worker process (:mod:`cogs.table.computers`), not in the bot's."""
    time_cap: float | None = None
    """Seconds a search may take on a loaded machine before the best decision
    found so far is played (for players that have a ``time_limit``)."""


def make_computer(game: str | GameType, level: ComputerLevel, seed: int) -> Any:
    """A computer player of ``level``, in this process or a worker (which knows
    the game by its name only)."""
    kind = game_type(game) if isinstance(game, str) else game
    player = kind.make_player(level.name, seed)
    if level.time_cap is not None and hasattr(player, "time_limit"):
        player.time_limit = level.time_cap
    return player


@dataclass(frozen=True, slots=True)
class GameManifest:
    game: GameType
    adapter: GameAdapter
    pictures: str | None
    """The package that draws the game (``render.president``, with its
    ``gallery``), or None for a game shown as text only."""
    levels: tuple[ComputerLevel, ...]
    """Every level the engine offers, weakest first."""

    @property
    def name(self) -> str:
        return self.game.name

    def level(self, name: str) -> ComputerLevel:
        """The level called ``name``; a stored game's level that is no longer
        declared plays as a plain one in this process."""
        for level in self.levels:
            if level.name == name:
                return level
        return ComputerLevel(name)

    def computer(self, level: str, seed: int) -> Any:
        return make_computer(self.game, self.level(level), seed)

    def problems(self) -> list[str]:
        """What does not fit in this manifest (checked when the runtime loads it)."""
        out = []
        if self.adapter.game is not self.game:
            out.append(f"{self.name}: the adapter is for {self.adapter.game.name}")
        declared = tuple(level.name for level in self.levels)
        if declared != self.game.levels():
            out.append(f"{self.name}: levels {declared} but the engine has {self.game.levels()}")
        return out


_REGISTERED: dict[str, GameManifest] = {}


def register_manifest(manifest: GameManifest) -> None:
    """Offer a game whose manifest lives outside ``cogs/`` (the tests' small
    game); register its ``GameType`` with ``engine.game.register`` too."""
    _REGISTERED[manifest.name] = manifest


def unregister_manifest(name: str) -> None:
    _REGISTERED.pop(name, None)


def registered_manifest(name: str) -> GameManifest | None:
    return _REGISTERED.get(name)
