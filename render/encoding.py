"""The encoded picture a renderer returns, and how it is encoded."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image

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
    known in advance (e.g. ``render.president.table.table_palette``).
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
