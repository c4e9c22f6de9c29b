"""Sprites drawn once and cached: card faces and backs, shadows, badges,
chips, panels and the felt table.

Pillow draws shapes without anti-aliasing, so every shape here is drawn
larger and scaled down (supersampling). Doing that for each image would be
far too slow for the speed targets, so it happens once per sprite: a card
face is drawn once at :data:`MASTER_W` and each size the images use is a
cached scaled copy. Per image, the renderers only paste sprites and draw
text, which FreeType anti-aliases by itself.

Every function here returns a shared cached image: callers must not modify
what they get (paste it, never draw on it).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.president import JOKER, Card

from . import theme
from .fonts import Run, font, name_font
from .theme import RGB, RGBA

MASTER_W = 220
"""Card faces are drawn once at this width: twice the hand's card width, so
the hand's cards are an exact 2× box reduction (fast and crisp)."""
MASTER_H = round(MASTER_W * theme.CARD_RATIO)
SS = 4
"""Supersampling factor for shapes drawn at their final size."""

RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_GLYPHS = "♣♦♥♠"
FACE_GLYPHS = {8: "♞", 9: "♛", 10: "♚"}
"""Jack, queen and king drawn as chess pieces: knight, queen, king."""
STAR = "★"

LANCZOS = Image.Resampling.LANCZOS
BOX = Image.Resampling.BOX


def card_height(width: int) -> int:
    return round(width * theme.CARD_RATIO)


def suit_colour(card: Card) -> RGB:
    if card.rank == JOKER:
        return theme.SUIT_RED if card.suit == 0 else theme.SUIT_BLACK
    return theme.SUIT_RED if card.suit in (1, 2) else theme.SUIT_BLACK


def _glyph(text: str, size: int, colour: RGB, bold: bool = True) -> Image.Image:
    """``text`` drawn tight in its ink box on a transparent image."""
    f = font(size, bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text))
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*colour, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=f, fill=(*colour, 255))
    return img


def _fit(img: Image.Image, max_w: int, max_h: int | None = None) -> Image.Image:
    """Squeeze ``img`` horizontally (e.g. "10") to at most ``max_w`` wide."""
    w, h = img.size
    if w > max_w:
        img = img.resize((max_w, h), LANCZOS)
    if max_h is not None and img.height > max_h:
        img = img.resize((img.width, max_h), LANCZOS)
    return img


def _paste_center(dst: Image.Image, src: Image.Image, cx: float, cy: float) -> None:
    dst.alpha_composite(src, (round(cx - src.width / 2), round(cy - src.height / 2)))


# -- cards ------------------------------------------------------------------


def _card_base(fill: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (MASTER_W, MASTER_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, MASTER_W - 1, MASTER_H - 1),
        round(MASTER_W * 0.08),
        fill=(*fill, 255),
        outline=(*theme.CARD_EDGE, 255),
        width=4,
    )
    return img, d


def _index(card: Card) -> Image.Image:
    """The corner index: a big rank over its suit (or a star over JOKER)."""
    colour = suit_colour(card)
    w = MASTER_W
    if card.rank == JOKER:
        top = _glyph(STAR, round(w * 0.36), colour)
        word = _glyph("JOKER", round(w * 0.105), colour).rotate(-90, expand=True)
        parts = [_fit(top, round(w * 0.34)), word]
    else:
        rank = _fit(_glyph(RANK_LABELS[card.rank], round(w * 0.36), colour), round(w * 0.33))
        suit = _glyph(SUIT_GLYPHS[card.suit], round(w * 0.3), colour)
        parts = [rank, suit]
    gap = round(w * 0.035)
    width = max(p.width for p in parts)
    height = sum(p.height for p in parts) + gap
    out = Image.new("RGBA", (width, height), (*colour, 0))
    y = 0
    for p in parts:
        out.alpha_composite(p, ((width - p.width) // 2, y))
        y += p.height + gap
    return out


@functools.cache
def _card_master(rank: int, suit: int) -> Image.Image:
    card = Card(rank, suit)
    colour = suit_colour(card)
    joker = rank == JOKER
    img, d = _card_base(theme.mix(theme.CARD_FACE, theme.GOLD, 0.22) if joker else theme.CARD_FACE)
    w, h = MASTER_W, MASTER_H
    cx, cy = w / 2, h / 2
    if joker:
        d.rounded_rectangle(
            (w * 0.045, h * 0.032, w * 0.955, h * 0.968),
            round(w * 0.06),
            outline=(*theme.JOKER_ACCENT, 255),
            width=6,
        )
        star = _glyph(STAR, round(w * 0.7), theme.JOKER_ACCENT)
        _paste_center(img, star, cx, cy)
    elif rank in FACE_GLYPHS:
        r = w * 0.27
        tint = theme.mix(theme.CARD_FACE, colour, 0.12)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*tint, 255))
        d.ellipse(
            (cx - r, cy - r, cx + r, cy + r),
            outline=(*theme.mix(theme.CARD_FACE, colour, 0.5), 255),
            width=5,
        )
        piece = _glyph(FACE_GLYPHS[rank], round(w * 0.42), colour)
        _paste_center(img, piece, cx, cy)
    else:
        size = 0.66 if rank == 11 else 0.48
        pip = _glyph(SUIT_GLYPHS[suit], round(w * size), colour)
        _paste_center(img, pip, cx, cy)
    index = _index(card)
    mx, my = round(w * 0.06), round(h * 0.04)
    img.alpha_composite(index, (mx, my))
    img.alpha_composite(index.rotate(180), (w - mx - index.width, h - my - index.height))
    return img


@functools.cache
def _back_master() -> Image.Image:
    img, d = _card_base(theme.CARD_FACE)
    w, h = MASTER_W, MASTER_H
    m = round(w * 0.07)
    inner = (m, m, w - 1 - m, h - 1 - m)
    d.rounded_rectangle(inner, round(w * 0.05), fill=(*theme.BACK_MAIN, 255))
    lattice = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = w // 9
    for k in range(-h // step - 2, (w + h) // step + 2):
        x = k * step
        ld.line((x, 0, x + h, h), fill=(*theme.BACK_LINE, 255), width=5)
        ld.line((x, 0, x - h, h), fill=(*theme.BACK_LINE, 255), width=5)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (m + 14, m + 14, w - 1 - m - 14, h - 1 - m - 14), round(w * 0.035), fill=255
    )
    img.paste(lattice, (0, 0), ImageChops.multiply(mask, lattice.getchannel("A")))
    d.rounded_rectangle(
        (m + 14, m + 14, w - 1 - m - 14, h - 1 - m - 14),
        round(w * 0.035),
        outline=(*theme.BACK_FRAME, 255),
        width=5,
    )
    r = w * 0.17
    d.ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=(*theme.BACK_MAIN, 255))
    d.ellipse(
        (w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), outline=(*theme.BACK_FRAME, 255), width=6
    )
    _paste_center(img, _glyph("♠", round(w * 0.22), theme.BACK_FRAME), w / 2, h / 2)
    return img


@functools.cache
def card_image(rank: int, suit: int, width: int, dim: bool = False) -> Image.Image:
    """A card face ``width`` px wide (RGBA); ``dim`` greys it out (not playable)."""
    if dim:
        img = card_image(rank, suit, width)
        grey = Image.new("RGBA", img.size, (40, 56, 48, 255))
        blended = Image.blend(img, grey, 0.5)
        blended.putalpha(img.getchannel("A"))
        return blended
    return _scaled(_card_master(rank, suit), width)


def _scaled(master: Image.Image, width: int) -> Image.Image:
    if MASTER_W % width == 0:
        return master.reduce(MASTER_W // width)
    return master.resize((width, card_height(width)), LANCZOS, reducing_gap=2.0)


def card(c: Card, width: int, dim: bool = False) -> Image.Image:
    return card_image(c.rank, c.suit, width, dim)


@functools.cache
def back_image(width: int) -> Image.Image:
    """The card back ``width`` px wide (RGBA)."""
    return _scaled(_back_master(), width)


# -- soft shapes ------------------------------------------------------------


@functools.cache
def rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    """An anti-aliased rounded rectangle as an ``L`` mask (large ones are
    supersampled 2× only: their gentle curves need less, and 4× of the
    table's size costs a noticeable part of the start-up budget)."""
    ss = SS if max(w, h) < 300 else 2
    big = Image.new("L", (w * ss, h * ss), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius * ss, fill=255)
    return big.reduce(ss)


@functools.cache
def shadow_mask(w: int, h: int, radius: int, blur: int, opacity: int) -> Image.Image:
    """A soft shadow for a ``w``×``h`` rounded shape, padded by ``2*blur`` on
    every side (paste it at the shape's position minus ``2*blur``)."""
    pad = 2 * blur
    img = Image.new("L", (w + 2 * pad, h + 2 * pad), 0)
    img.paste(opacity, (pad, pad, pad + w, pad + h), rounded_mask(w, h, radius))
    return img.filter(ImageFilter.GaussianBlur(blur))


def card_shadow(width: int) -> Image.Image:
    return shadow_mask(width, card_height(width), max(2, round(width * 0.08)), 4, 150)


class Sprite(NamedTuple):
    """An RGBA image to paste at (x - pad, y - pad) for a shape at (x, y)."""

    image: Image.Image
    pad: int


def _with_shadow(face: Image.Image, glow: RGB | None) -> Sprite:
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


@functools.cache
def card_sprite(
    rank: int, suit: int, width: int, dim: bool = False, glow: RGB | None = None
) -> Sprite:
    """A card face with its shadow (or glow) baked in."""
    return _with_shadow(card_image(rank, suit, width, dim), glow)


@functools.cache
def back_sprite(width: int) -> Sprite:
    """The card back with its shadow baked in."""
    return _with_shadow(back_image(width), None)


@functools.cache
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


@functools.cache
def chip(text: str, bg: RGB, height: int, fg: RGB | None = None) -> Image.Image:
    """A pill-shaped label (bold, upper-case reads best small)."""
    f = font(round(height * 0.6), True)
    tw = round(f.getlength(text))
    w = tw + height
    img = Image.new("RGBA", (w, height), (*bg, 0))
    img.paste((*bg, 255), (0, 0, w, height), rounded_mask(w, height, height // 2))
    ImageDraw.Draw(img).text(
        (w / 2, height / 2 + 1), text, font=f, fill=(*(fg or theme.ink_on(bg)), 255), anchor="mm"
    )
    return img


@functools.cache
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


# -- backgrounds ------------------------------------------------------------


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


@functools.cache
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


@functools.cache
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
