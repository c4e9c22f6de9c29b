"""Take-away at the card table (registered by the tests that play it)."""

from __future__ import annotations

from cogs.table.manifest import ComputerLevel, GameManifest

from .adapter import ADAPTER
from .game import GAME_TYPE

MANIFEST = GameManifest(
    game=GAME_TYPE, adapter=ADAPTER, pictures=None, levels=(ComputerLevel("random"),)
)
