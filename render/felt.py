"""Backdrops: the dark gradient behind every picture and the felt card table.

Both are large and drawn once per size (cached, bounded); pictures copy them
and draw on the copy.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageChops

from . import theme
from .sprites import rounded_mask, shadow_mask
from .theme import RGB

BAYER4 = (0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5)


def _ordered_dither(img: Image.Image, amplitude: int = 4) -> Image.Image:
    """Add a 4×4 Bayer pattern of ±``amplitude``/2 levels to a gradient.

    The images are sent as 256-colour PNGs, and a palette turns smooth
    gradients into visible rings. Dithering hides the rings; an *ordered*
    pattern (unlike random grain) repeats every 4 pixels, so zlib still
    compresses it well and encoding stays fast.
    """
    w, h = img.size
    values = [128 + (v * amplitude) // 16 - amplitude // 2 for v in BAYER4]
    rows = [bytes(values[4 * k : 4 * k + 4]) * (w // 4 + 1) for k in range(4)]
    pattern = Image.frombytes("L", (w, h), b"".join(rows[y % 4][:w] for y in range(h)))
    offset = Image.merge("RGB", (pattern, pattern, pattern))
    return ImageChops.add(img, offset, 1.0, -128)


def _vertical_gradient(w: int, h: int, top: RGB, bottom: RGB) -> Image.Image:
    col = Image.new("RGB", (1, h))
    px = col.load()
    assert px is not None
    for y in range(h):
        px[0, y] = theme.mix(top, bottom, y / max(1, h - 1))
    return col.resize((w, h))


def _radial(w: int, h: int, inner: RGB, outer: RGB) -> Image.Image:
    """An elliptical gradient from ``inner`` at the centre to ``outer``."""
    g = Image.radial_gradient("L").resize((w, h), Image.Resampling.BILINEAR)
    # radial_gradient reaches 255 at the inscribed circle; ease it a little
    g = g.point(lambda v: round(255 * min(1.0, v / 255) ** 1.6))
    return Image.composite(Image.new("RGB", (w, h), outer), Image.new("RGB", (w, h), inner), g)


@functools.lru_cache(maxsize=32)
def background(w: int, h: int, glow: bool = True) -> Image.Image:
    """The dark backdrop behind every image (RGB): a gradient with a soft
    radial glow, or a flat colour when ``glow`` is off (a 256-colour PNG
    bands dark gradients, and flat rows compress far better, which matters
    for the hand's size budget)."""
    if not glow:
        return Image.new("RGB", (w, h), theme.mix(theme.BG_TOP, theme.BG_BOTTOM, 0.35))
    img = _vertical_gradient(w, h, theme.BG_TOP, theme.BG_BOTTOM)
    halo = _radial(w, h, theme.mix(theme.BG_TOP, theme.FELT_EDGE, 0.55), theme.BG_BOTTOM)
    return _ordered_dither(Image.blend(img, halo, 0.5))


@functools.lru_cache(maxsize=4)
def felt_table(w: int, h: int, box: tuple[int, int, int, int]) -> Image.Image:
    """The backdrop with a felt table (a stadium shape) inside ``box`` (RGB)."""
    img = background(w, h).copy()
    x0, y0, x1, y1 = box
    tw, th = x1 - x0, y1 - y0
    radius = th // 2
    rim = max(10, th // 28)
    shadow = shadow_mask(tw, th, radius, 14, 200)
    img.paste((0, 0, 0), (x0 - 28, y0 - 28 + 10), shadow)
    rim_img = _radial(tw, th, theme.RIM_INNER, theme.RIM_OUTER)
    img.paste(rim_img, (x0, y0), rounded_mask(tw, th, radius))
    hl = Image.new("L", (tw, th), 0)
    hl.paste(rounded_mask(tw - 4, th - 4, radius - 2), (2, 2))
    hl.paste(0, (6, 6), rounded_mask(tw - 12, th - 12, radius - 6))
    img.paste(theme.RIM_HIGHLIGHT, (x0, y0), hl.point(lambda v: v * 90 // 255))
    fw, fh = tw - 2 * rim, th - 2 * rim
    felt = _radial(fw, fh, theme.FELT_CENTER, theme.FELT_EDGE)
    felt = _ordered_dither(felt)
    img.paste(felt, (x0 + rim, y0 + rim), rounded_mask(fw, fh, radius - rim))
    inner_line = Image.new("L", (fw, fh), 0)
    m = max(14, fh // 22)
    inner_line.paste(rounded_mask(fw - 2 * m, fh - 2 * m, radius - rim - m), (m, m))
    inner_line.paste(
        0, (m + 2, m + 2), rounded_mask(fw - 2 * m - 4, fh - 2 * m - 4, radius - rim - m - 2)
    )
    img.paste((255, 255, 255), (x0 + rim, y0 + rim), inner_line.point(lambda v: v * 28 // 255))
    return img
