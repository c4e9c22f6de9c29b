"""Cached sprites every game's pictures share: soft masks and shadows,
player badges, chips (pill labels) and translucent panels.

Pillow draws shapes without anti-aliasing, so every shape here is drawn
larger and scaled down (supersampling). Doing that for each image would be
far too slow, so it happens once per sprite and the result is cached; per
image, the renderers only paste sprites and draw text, which FreeType
anti-aliases by itself.

The caches fill lazily (a sprite is drawn the first time it is asked for)
and are bounded: badges are keyed by a player's initial, so a long-running
bot would otherwise keep one per initial ever seen.

Every function here returns a shared cached image: callers must not modify
what they get (paste it, never draw on it).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from locales import current

from . import theme
from .fonts import Run, draw_label, label_length, name_font
from .theme import RGB, RGBA

SS = 4
"""Supersampling factor for shapes drawn at their final size."""

BOX = Image.Resampling.BOX


@functools.lru_cache(maxsize=256)
def rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    """An anti-aliased rounded rectangle as an ``L`` mask (large ones are
    supersampled 2× only: their gentle curves need less, and 4× of the
    table's size costs a noticeable part of the start-up budget)."""
    ss = SS if max(w, h) < 300 else 2
    big = Image.new("L", (w * ss, h * ss), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius * ss, fill=255)
    return big.reduce(ss)


@functools.lru_cache(maxsize=256)
def shadow_mask(w: int, h: int, radius: int, blur: int, opacity: int) -> Image.Image:
    """A soft shadow for a ``w``×``h`` rounded shape, padded by ``2*blur`` on
    every side (paste it at the shape's position minus ``2*blur``)."""
    pad = 2 * blur
    img = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
    img.paste(opacity, (pad, pad, pad + w, pad + h), rounded_mask(w, h, radius))
    return img.filter(ImageFilter.GaussianBlur(blur))


class Sprite(NamedTuple):
    """An RGBA image to paste at (x - pad, y - pad) for a shape at (x, y)."""

    image: Image.Image
    pad: int


def with_shadow(face: Image.Image, glow: RGB | None) -> Sprite:
    """``face`` over its soft shadow (or a coloured glow), in one image: one
    paste per card instead of two or three is what keeps hands fast."""
    width, height = face.size
    blur = 4 if glow is None else 5
    spread = shadow_mask(
        width, height, max(2, round(width * 0.08)), blur, 150 if glow is None else 255
    )
    spad = (spread.width - width) // 2
    pad = spad + 3
    canvas = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    layer = Image.new("RGBA", spread.size, (*(glow or (0, 0, 0)), 0))
    layer.putalpha(spread)
    dx, dy = (1, 3) if glow is None else (0, 0)
    canvas.alpha_composite(layer, (pad - spad + dx, pad - spad + dy))
    canvas.alpha_composite(face, (pad, pad))
    return Sprite(canvas, pad)


@functools.lru_cache(maxsize=256)
def badge(initial: Run, colour: RGB, diameter: int, ring: RGB | None = None) -> Image.Image:
    """A round badge with a player's initial (the player's colour)."""
    pad = 3
    size = diameter + 2 * pad
    big = Image.new("RGBA", (size * SS, size * SS), (*colour, 0))
    d = ImageDraw.Draw(big)
    o = pad * SS
    e = (pad + diameter) * SS - 1
    if ring is not None:
        d.ellipse((o - 2 * SS, o - 2 * SS, e + 2 * SS, e + 2 * SS), fill=(*ring, 255))
    top = theme.mix(colour, (255, 255, 255), 0.18)
    d.ellipse((o, o, e, e), fill=(*colour, 255))
    d.chord((o, o, e, e), 180, 360, fill=(*top, 255))
    d.ellipse((o + SS * 2, o + SS * 2, e - SS * 2, e - SS * 2), outline=(*colour, 255), width=SS)
    img = big.resize((size, size), BOX)
    letter_size = round(diameter * 0.52)
    f = name_font(letter_size, True, initial.path)
    ImageDraw.Draw(img).text(
        (size / 2, size / 2 + 1),
        initial.text,
        font=f,
        fill=(*theme.ink_on(colour), 255),
        anchor="mm",
    )
    return img


def chip(text: str, bg: RGB, height: int, fg: RGB | None = None) -> Image.Image:
    """A pill-shaped label (bold, upper-case reads best small), in the fonts of
    the reader's language (:func:`locales.current`)."""
    return _chip(text, bg, height, fg, current())


@functools.lru_cache(maxsize=256)
def _chip(text: str, bg: RGB, height: int, fg: RGB | None, code: str) -> Image.Image:
    size = round(height * 0.6)
    tw = round(label_length(text, size, True, code))
    w = tw + height
    img = Image.new("RGBA", (w, height), (*bg, 0))
    img.paste((*bg, 255), (0, 0, w, height), rounded_mask(w, height, height // 2))
    ink = (*(fg or theme.ink_on(bg)), 255)
    draw_label(ImageDraw.Draw(img), (w / 2, height / 2 + 1), text, size, ink, True, "mm", code)
    return img


@functools.lru_cache(maxsize=64)
def panel(
    w: int, h: int, radius: int, fill: RGBA, border: RGBA, glow: RGB | None = None
) -> Image.Image:
    """A translucent rounded panel with a hairline border and optional glow,
    padded by ``PANEL_PAD`` on every side for its shadow or glow."""
    pad = PANEL_PAD
    img = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    if glow is not None:
        g = shadow_mask(w + 4, h + 4, radius + 2, 7, 255)
        img.paste((*glow, 255), (pad - 2 - 14, pad - 2 - 14), g)
    else:
        s = shadow_mask(w, h, radius, 6, 120)
        img.paste((0, 0, 0, 255), (pad - 12, pad - 12 + 4), s)
    body = Image.new("RGBA", (w, h), fill)
    mask = rounded_mask(w, h, radius)
    body.putalpha(ImageChops.multiply(mask, Image.new("L", (w, h), fill[3])))
    edge_w = 3 if glow is not None else 1
    ring = Image.new("L", (w, h), 0)
    ring.paste(mask, (0, 0))
    inner = rounded_mask(w - 2 * edge_w, h - 2 * edge_w, max(1, radius - edge_w))
    ring.paste(0, (edge_w, edge_w), inner)
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    layer.paste(body, (pad, pad))
    img.alpha_composite(layer)
    edge = Image.new("RGBA", (w, h), (*border[:3], 0))
    edge.putalpha(ImageChops.multiply(ring, Image.new("L", (w, h), border[3])))
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    layer.paste(edge, (pad, pad))
    img.alpha_composite(layer)
    return img


PANEL_PAD = 16
