"""Words President's pictures share."""

from __future__ import annotations

from typing import Final

from engine.president import Options

PRESET_LABELS: Final = {
    "classic": "Classic",
    "house": "House rules",
    "revolution": "Revolution",
    "ladder": "Ladder",
}


def preset_label(options: Options) -> str:
    return PRESET_LABELS.get(options.preset, options.preset.title())
