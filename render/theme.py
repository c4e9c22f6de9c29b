"""Colours and sizes shared by every image, in one place so the images match.

Sizes are in output pixels. Discord previews images about 550 px wide, so
an image ~1000 px wide is shown at about half size: text is never smaller
than 18 px here (9 px in the preview) and what matters most is 24 px or more.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def hex_rgb(value: str) -> RGB:
    """``"#1e2a3b"`` → ``(30, 42, 59)``."""
    v = value.lstrip("#")
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))


BG_TOP: Final = hex_rgb("#0f2a1e")
BG_BOTTOM: Final = hex_rgb("#07160f")
FELT_CENTER: Final = hex_rgb("#2f8a58")
FELT_EDGE: Final = hex_rgb("#17573a")
RIM_OUTER: Final = hex_rgb("#2a1a10")
RIM_INNER: Final = hex_rgb("#5b3b22")
RIM_HIGHLIGHT: Final = hex_rgb("#8a5e3a")

TEXT: Final = hex_rgb("#f5f3ea")
TEXT_MUTED: Final = hex_rgb("#b7c9bd")
TEXT_DIM: Final = hex_rgb("#7f978a")
GOLD: Final = hex_rgb("#f6c445")
GOLD_DARK: Final = hex_rgb("#7a5a0c")
SILVER: Final = hex_rgb("#cfd8dc")
BRONZE: Final = hex_rgb("#d9935b")
RED_ALERT: Final = hex_rgb("#e5484d")
BLUE_CHIP: Final = hex_rgb("#4f8ef7")
ORANGE_CHIP: Final = hex_rgb("#f08c2e")
GREY_CHIP: Final = hex_rgb("#56655d")
GREEN_OK: Final = hex_rgb("#3fcf7f")

PANEL: Final[RGBA] = (6, 18, 12, 170)
PANEL_ACTIVE: Final[RGBA] = (12, 30, 20, 225)
PANEL_FADED: Final[RGBA] = (6, 18, 12, 110)

CARD_FACE: Final = hex_rgb("#fdfcf7")
CARD_EDGE: Final = hex_rgb("#b9b4a6")
SUIT_RED: Final = hex_rgb("#d12c2c")
SUIT_BLACK: Final = hex_rgb("#1d2126")
JOKER_ACCENT: Final = hex_rgb("#7b3fe4")
BACK_MAIN: Final = hex_rgb("#a3242d")
BACK_LINE: Final = hex_rgb("#c2434b")
BACK_FRAME: Final = hex_rgb("#f0c96b")

BADGE_COLOURS: Final[tuple[RGB, ...]] = tuple(
    hex_rgb(c)
    for c in (
        "#e5533d",  # vermilion
        "#3b82f6",  # blue
        "#a855f7",  # violet
        "#f59e0b",  # amber
        "#ec4899",  # pink
        "#14b8a6",  # teal
        "#6366f1",  # indigo
        "#84cc16",  # lime
    )
)
"""One colour per player number, so a player keeps their colour all game."""

CARD_RATIO: Final = 1.4
"""Card height / width (a poker card is 88 × 63 mm)."""


_SEAT_COLOURS: ContextVar[Sequence[int] | None] = ContextVar("seat_colours", default=None)


@contextmanager
def seat_colours(colours: Sequence[int] | None) -> Iterator[None]:
    """Draw the pictures made inside with these colours per player.

    The bot shuffles seats when a game starts, so player numbers differ from
    the order people joined the lobby in; ``colours[p]`` is player ``p``'s
    colour from the lobby, and a player keeps it all game. A context variable
    rather than a parameter of every drawing function: each picture is drawn
    in its own thread call, whose context it stays in.

    >>> with seat_colours([2, 0]):
    ...     badge_colour(0) == BADGE_COLOURS[2]
    True
    >>> badge_colour(0) == BADGE_COLOURS[0]
    True
    """
    token = _SEAT_COLOURS.set(colours)
    try:
        yield
    finally:
        _SEAT_COLOURS.reset(token)


def badge_colour(player: int) -> RGB:
    colours = _SEAT_COLOURS.get()
    if colours is not None and 0 <= player < len(colours):
        player = colours[player]
    return BADGE_COLOURS[player % len(BADGE_COLOURS)]


def ink_on(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour``."""
    r, g, b = colour
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return (20, 24, 28) if lum > 150 else (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0..1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
