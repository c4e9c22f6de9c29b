"""Where each title sits: a chair that shows the title's rank at a glance.

As in the app the ladder rules come from, the President sits on a throne
and the lowest title on a toilet bowl. Five seats, best to worst:

* 0, the top title (President): a gold throne with red velvet and a crown;
* 1, the second title (Vice-President, Prime Minister): a blue armchair;
* 2, the middle titles (Citizen): a plain wooden chair;
* 3, the second lowest (Vice-Scum, Peasant, Secretary …): a bare stool;
* 4, the lowest (Scum, Beggar, Janitor): a toilet bowl.

The seat is looked up from the title's name in the engine's title table
(which rank each name has); no rule is recomputed here. Chairs are drawn in
code, supersampled like every sprite, and cached (a few sizes per seat).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from PIL import Image, ImageDraw

from engine.president import TITLE_NAMES

from .. import theme
from ..sprites import SS
from ..theme import RGB, hex_rgb

THRONE: Final = 0
ARMCHAIR: Final = 1
CHAIR: Final = 2
STOOL: Final = 3
TOILET: Final = 4

ASPECT: Final = 0.8
"""Width / height of every chair sprite."""


def _tiers() -> dict[str, int]:
    # The engine's table lists each scheme's titles as (position 0, 1, middle,
    # n-2, n-1); the same name never has two ranks, so one map serves all.
    tiers: dict[str, int] = {}
    for names in TITLE_NAMES.values():
        for tier, name in enumerate(names):
            tiers.setdefault(name, tier)
    return tiers


TIERS: Final = _tiers()


def seat_for(title: str | None) -> int | None:
    """The chair (0 = throne … 4 = toilet) of a title; ``None`` for no title.

    >>> [seat_for(t) for t in ("President", "Prime Minister", "Citizen", "Secretary", "Janitor")]
    [0, 1, 2, 3, 4]
    >>> seat_for(None), seat_for("")
    (None, None)
    """
    if not title:
        return None
    return TIERS.get(title)


OUTLINE: Final = hex_rgb("#1b1410")
VELVET: Final = hex_rgb("#c01c3c")
VELVET_DARK: Final = hex_rgb("#7c0f27")
BLUE: Final = hex_rgb("#3f7fd0")
BLUE_DARK: Final = hex_rgb("#22508f")
WOOD: Final = hex_rgb("#b57a3e")
WOOD_DARK: Final = hex_rgb("#7a4a22")
PORCELAIN: Final = hex_rgb("#f4f7f9")
PORCELAIN_SHADE: Final = hex_rgb("#c3ced8")
WATER: Final = hex_rgb("#8fd0f2")


class _Pen:
    """Draws in unit coordinates (0..1 across and down) on a supersampled
    canvas, every shape with a dark outline so it reads on a dark panel."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w * SS, h * SS
        self.img = Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)
        self.line = max(SS, round(self.w * 0.035))

    def box(self, u0: float, v0: float, u1: float, v1: float) -> tuple[int, int, int, int]:
        return (round(u0 * self.w), round(v0 * self.h), round(u1 * self.w), round(v1 * self.h))

    def rect(
        self, u0: float, v0: float, u1: float, v1: float, fill: RGB, radius: float = 0.0
    ) -> None:
        self.draw.rounded_rectangle(
            self.box(u0, v0, u1, v1),
            round(radius * self.w),
            fill=(*fill, 255),
            outline=(*OUTLINE, 255),
            width=self.line,
        )

    def ellipse(self, u0: float, v0: float, u1: float, v1: float, fill: RGB) -> None:
        self.draw.ellipse(
            self.box(u0, v0, u1, v1), fill=(*fill, 255), outline=(*OUTLINE, 255), width=self.line
        )

    def polygon(self, points: list[tuple[float, float]], fill: RGB) -> None:
        xy = [(round(u * self.w), round(v * self.h)) for u, v in points]
        self.draw.polygon(xy, fill=(*fill, 255), outline=(*OUTLINE, 255), width=self.line)

    def pie(self, u0: float, v0: float, u1: float, v1: float, fill: RGB) -> None:
        """The upper half of an ellipse (a rounded top)."""
        self.draw.chord(
            self.box(u0, v0, u1, v1),
            180,
            360,
            fill=(*fill, 255),
            outline=(*OUTLINE, 255),
            width=self.line,
        )


def _throne(p: _Pen) -> None:
    gold, gold_dark = theme.GOLD, theme.GOLD_DARK
    # a crown of three points, jewelled, over a tall arched back
    crown = [(0.24, 0.2), (0.24, 0.02), (0.37, 0.11), (0.5, 0.0), (0.63, 0.11), (0.76, 0.02)]
    p.polygon([*crown, (0.76, 0.2)], gold)
    for u in (0.24, 0.5, 0.76):
        p.ellipse(u - 0.05, -0.01, u + 0.05, 0.07, VELVET)
    p.pie(0.12, 0.06, 0.88, 0.4, gold)
    p.rect(0.12, 0.22, 0.88, 0.68, gold)
    p.pie(0.2, 0.13, 0.8, 0.43, VELVET)
    p.rect(0.2, 0.27, 0.8, 0.62, VELVET)
    p.ellipse(0.06, 0.1, 0.2, 0.22, gold)
    p.ellipse(0.8, 0.1, 0.94, 0.22, gold)
    # legs with ball feet, then the seat and the rolled gold arms
    p.rect(0.1, 0.72, 0.22, 0.93, gold_dark, 0.03)
    p.rect(0.78, 0.72, 0.9, 0.93, gold_dark, 0.03)
    p.ellipse(0.07, 0.88, 0.25, 1.0, gold)
    p.ellipse(0.75, 0.88, 0.93, 1.0, gold)
    p.rect(0.08, 0.6, 0.92, 0.78, gold, 0.04)
    p.rect(0.14, 0.58, 0.86, 0.7, VELVET, 0.05)
    p.rect(0.0, 0.42, 0.2, 0.74, gold, 0.06)
    p.rect(0.8, 0.42, 1.0, 0.74, gold, 0.06)
    p.rect(0.0, 0.39, 0.2, 0.5, VELVET_DARK, 0.06)
    p.rect(0.8, 0.39, 1.0, 0.5, VELVET_DARK, 0.06)


def _armchair(p: _Pen) -> None:
    p.rect(0.12, 0.78, 0.22, 0.94, WOOD_DARK, 0.02)
    p.rect(0.78, 0.78, 0.88, 0.94, WOOD_DARK, 0.02)
    p.pie(0.14, 0.06, 0.86, 0.3, BLUE)
    p.rect(0.14, 0.18, 0.86, 0.66, BLUE)
    p.rect(0.1, 0.6, 0.9, 0.8, BLUE_DARK, 0.06)
    p.rect(0.0, 0.4, 0.24, 0.8, BLUE, 0.1)
    p.rect(0.76, 0.4, 1.0, 0.8, BLUE, 0.1)


def _chair(p: _Pen) -> None:
    # two posts with top and middle rails, a seat, four straight legs
    p.rect(0.18, 0.04, 0.3, 0.66, WOOD_DARK)
    p.rect(0.7, 0.04, 0.82, 0.66, WOOD_DARK)
    p.rect(0.14, 0.04, 0.86, 0.16, WOOD, 0.03)
    p.rect(0.18, 0.3, 0.82, 0.37, WOOD)
    p.rect(0.22, 0.7, 0.3, 0.92, WOOD_DARK)
    p.rect(0.7, 0.7, 0.78, 0.92, WOOD_DARK)
    p.rect(0.12, 0.7, 0.22, 1.0, WOOD_DARK)
    p.rect(0.78, 0.7, 0.88, 1.0, WOOD_DARK)
    p.rect(0.12, 0.84, 0.88, 0.89, WOOD_DARK)
    p.rect(0.06, 0.6, 0.94, 0.72, WOOD, 0.02)


def _stool(p: _Pen) -> None:
    # no back at all: three splayed legs under a round top
    p.polygon([(0.24, 0.68), (0.34, 0.68), (0.22, 1.0), (0.1, 1.0)], WOOD_DARK)
    p.polygon([(0.66, 0.68), (0.76, 0.68), (0.9, 1.0), (0.78, 1.0)], WOOD_DARK)
    p.rect(0.45, 0.68, 0.55, 0.98, WOOD_DARK)
    p.rect(0.17, 0.84, 0.83, 0.89, WOOD_DARK)
    p.ellipse(0.1, 0.58, 0.9, 0.76, WOOD_DARK)
    p.ellipse(0.1, 0.55, 0.9, 0.71, WOOD)


def _toilet(p: _Pen) -> None:
    # a cistern behind, a bowl with its seat open to the water, a foot
    p.rect(0.16, 0.03, 0.84, 0.4, PORCELAIN, 0.05)
    p.rect(0.12, 0.0, 0.88, 0.08, PORCELAIN_SHADE, 0.03)
    p.rect(0.62, 0.11, 0.76, 0.15, PORCELAIN_SHADE, 0.02)
    p.polygon([(0.14, 0.68), (0.86, 0.68), (0.7, 0.9), (0.3, 0.9)], PORCELAIN)
    p.rect(0.24, 0.88, 0.76, 1.0, PORCELAIN_SHADE, 0.03)
    p.ellipse(0.02, 0.52, 0.98, 0.78, PORCELAIN)
    p.ellipse(0.14, 0.57, 0.86, 0.73, WATER)


DRAW: Final[dict[int, Callable[[_Pen], None]]] = {
    THRONE: _throne,
    ARMCHAIR: _armchair,
    CHAIR: _chair,
    STOOL: _stool,
    TOILET: _toilet,
}


@functools.lru_cache(maxsize=32)
def chair(seat: int, height: int) -> Image.Image:
    """The chair of ``seat`` (0 = throne … 4 = toilet), ``height`` px tall
    and ``ASPECT`` as wide (RGBA, shared: paste it, never draw on it)."""
    width = round(height * ASPECT)
    pen = _Pen(width, height)
    DRAW[seat](pen)
    return pen.img.resize((width, height), Image.Resampling.BOX)
