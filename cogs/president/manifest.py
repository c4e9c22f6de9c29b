"""President at the card table: its engine, adapter, pictures and computer levels."""

from __future__ import annotations

from cogs.table.manifest import SEARCH_TIME_CAP, ComputerLevel, GameManifest
from engine.president import GAME_TYPE

from .adapter import ADAPTER

MANIFEST = GameManifest(
    game=GAME_TYPE,
    adapter=ADAPTER,
    pictures="render.president",
    levels=(
        ComputerLevel("random"),
        ComputerLevel("easy"),
        ComputerLevel("normal"),
        ComputerLevel("hard", pooled=True, time_cap=SEARCH_TIME_CAP),
        ComputerLevel("expert", pooled=True, time_cap=SEARCH_TIME_CAP),
    ),
)
