"""The result type, encoding, and drawing helpers shared by the renderers."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, ImageDraw

from engine.president import Options

from . import sprites, theme
from .fonts import FittedText, font, name_runs
from .theme import RGB

Format = Literal["webp", "png", "jpeg"]

DEFAULT_FORMAT: Final[Format] = "png"
"""256-colour PNG: see :func:`encode` for why."""

WEBP_QUALITY: Final = 88


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """Encoded image bytes ready to attach to a Discord message."""

    data: bytes
    filename: str
    width: int
    height: int

    @property
    def content_type(self) -> str:
        ext = self.filename.rsplit(".", 1)[-1]
        return {"webp": "image/webp", "png": "image/png", "jpeg": "image/jpeg"}[ext]


def encode(
    img: Image.Image,
    stem: str,
    fmt: Format = DEFAULT_FORMAT,
    palette: Image.Image | None = None,
) -> RenderedImage:
    """Encode ``img`` for Discord (which shows PNG, WebP and JPEG inline).

    * ``png`` (default): a 256-colour palette (fast octree) and zlib level 3.
      Text and card edges stay pixel-crisp, the files are the smallest for
      these flat, mostly dark images (table ~70 KB, 28-card hand ~34 KB) and
      it encodes faster than lossy WebP. The felt's gradient is ordered-
      dithered once in its cached sprite so the palette shows no rings.
      Level 9 / ``optimize`` cost several times more for a few percent.
    * ``webp``: lossy, quality 88, ``method=0`` (the fastest effort): smooth
      but 4:2:0 chroma softens red suit glyphs, ~1.5× the PNG's time here.
    * ``jpeg``: quality 90 without chroma subsampling: by far the fastest
      (~5 ms) but the largest (~160 KB) with faint halos around small text.

    ``palette`` (a "P" image) maps a PNG onto that fixed palette instead of
    fitting one: ~2 ms instead of ~11 ms for the table, whose colours are
    known in advance (see ``table.table_palette``).
    """
    buf = io.BytesIO()
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    if fmt == "webp":
        rgb.save(buf, "WEBP", quality=WEBP_QUALITY, method=0)
    elif fmt == "png":
        if palette is not None:
            pal = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            pal = rgb.quantize(256, method=Image.Quantize.FASTOCTREE)
        pal.save(buf, "PNG", compress_level=3)
    elif fmt == "jpeg":
        rgb.save(buf, "JPEG", quality=90, subsampling=0)
    else:  # pragma: no cover - guarded by the type
        raise ValueError(f"unknown image format {fmt!r}")
    return RenderedImage(buf.getvalue(), f"{stem}.{fmt}", rgb.width, rgb.height)


# -- small drawing helpers ----------------------------------------------------


def paste(dst: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA sprite on an RGB image at (x, y) using its alpha."""
    dst.paste(sprite, (round(x), round(y)), sprite)


def paste_card(dst: Image.Image, sprite: sprites.Sprite, x: float, y: float) -> None:
    """Paste a card sprite (with its baked-in shadow) whose card is at (x, y)."""
    dst.paste(sprite.image, (round(x) - sprite.pad, round(y) - sprite.pad), sprite.image)


def paste_panel(dst: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste a :func:`sprites.panel` whose body's top-left corner is (x, y)."""
    paste(dst, sprite, x - sprites.PANEL_PAD, y - sprites.PANEL_PAD)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
) -> float:
    """Draw a fixed label with the bundled font; returns its width."""
    f = font(size, bold)
    draw.text(xy, value, font=f, fill=fill, anchor=anchor)
    return f.getlength(value)


def player_name(names: Sequence[str], player: int, size: int, max_width: int) -> FittedText:
    """The display name of ``player`` (``Player N`` when none is given)."""
    raw = names[player] if player < len(names) else ""
    return name_runs(raw, player, size, max_width, True)


def flag(flags: Sequence[bool], player: int) -> bool:
    return player < len(flags) and bool(flags[player])


PRESET_LABELS: Final = {
    "classic": "Classic",
    "house": "House rules",
    "revolution": "Revolution",
    "ladder": "Ladder",
}


def preset_label(options: Options) -> str:
    return PRESET_LABELS.get(options.preset, options.preset.title())


def ordinal(n: int) -> str:
    """1 → ``1st``, 2 → ``2nd``, 11 → ``11th``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def medal_colour(position: int) -> RGB:
    return (theme.GOLD, theme.SILVER, theme.BRONZE)[position] if position < 3 else theme.GREY_CHIP
