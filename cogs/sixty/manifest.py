"""Sixty at the card table: its engine, adapter, pictures and computer levels."""

from __future__ import annotations

from cogs.table.manifest import ComputerLevel, GameManifest
from engine.sixty import GAME_TYPE

from .adapter import ADAPTER

MANIFEST = GameManifest(
    game=GAME_TYPE,
    adapter=ADAPTER,
    pictures="render.sixty",
    levels=(
        ComputerLevel("random"),
        ComputerLevel("easy"),
        ComputerLevel("normal"),
        ComputerLevel("hard", pooled=True),
    ),
)
