"""Sixty's own cards, drawn in code: the nine number cards, the three jokers
and a card back, as cached sprites.

A number card is its number, large, in the number's colour (cool for the
small numbers, warm for the costly ones) on a cream face, with the number
again in two corners. A joker is a full-colour card with its sign and its
name: Abracadabra (violet, ↺: the attack goes back and the direction
flips), Hocus-pocus (teal, ✦: a card comes back from the discard pile) and
Zap (amber, ⚡: half the attack is struck away). The back is plain, with
"60" in its centre. A joker's name is in the reader's language (its card
is drawn, and cached, once per language).

Faces are drawn once at :data:`MASTER_W` (shapes are drawn large and
scaled down, since Pillow does not anti-alias them) and each size is a
cached scaled copy with its shadow or glow baked in, as the shared
:mod:`render.cards` does for French-suited cards.
"""

from __future__ import annotations

import functools
from typing import Final

from PIL import Image, ImageDraw

from engine.sixty.cards import ABRACADABRA, HOCUS_POCUS, NUMBERS, ZAP
from locales import current

from .. import sprites, theme
from ..fonts import font, label_runs
from ..sprites import Sprite
from ..theme import RGB, hex_rgb
from .words import card_words

MASTER_W: Final = 220
MASTER_H: Final = round(MASTER_W * theme.CARD_RATIO)
LANCZOS = Image.Resampling.LANCZOS

NUMBER_COLOURS: Final[dict[int, RGB]] = {
    3: hex_rgb("#3b6ea8"),
    4: hex_rgb("#1f8a8a"),
    5: hex_rgb("#2e8b3e"),
    6: hex_rgb("#6a7f12"),
    10: hex_rgb("#9a6a00"),
    12: hex_rgb("#c25a0e"),
    15: hex_rgb("#c2331f"),
    20: hex_rgb("#b0186a"),
    30: hex_rgb("#6d28d9"),
}
"""One colour per number: cool for cheap cards, warm for costly ones."""

JOKERS: Final[dict[int, tuple[str, tuple[str, ...], RGB]]] = {
    ABRACADABRA: ("↺", ("ABRA-", "CADABRA"), hex_rgb("#6d3fd1")),
    HOCUS_POCUS: ("✦", ("HOCUS-", "POCUS"), hex_rgb("#0f8f86")),
    ZAP: ("⚡", ("ZAP",), hex_rgb("#d97706")),
}
"""Each joker's sign, its name on one or two lines (in English: the reader's
are :func:`render.sixty.words.card_words`), and its colour."""

Words = tuple[str, tuple[str, ...]] | None
"""What a card says besides its number: the reader's catalog code and a
joker's name on its lines (``None``: a number card). Part of every cache
key, so each language draws its jokers once."""

FACES: Final = (*NUMBERS, ABRACADABRA, HOCUS_POCUS, ZAP)


def card_height(width: int) -> int:
    return round(width * theme.CARD_RATIO)


def colour_of(face: int) -> RGB:
    """The colour a card's number or joker is drawn in."""
    if face in JOKERS:
        return JOKERS[face][2]
    return NUMBER_COLOURS[face]


def _words(face: int) -> Words:
    if face not in JOKERS:
        return None
    return current(), card_words(face)


def _glyph(text: str, size: int, colour: RGB, bold: bool = True) -> Image.Image:
    f = font(size, bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text))
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*colour, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=f, fill=(*colour, 255))
    return img


def _label_glyph(text: str, size: int, colour: RGB, code: str) -> Image.Image:
    """Our own ``text`` in bold with the reader's font chain (DejaVu Sans
    alone draws it exactly as :func:`_glyph`), cropped to its ink."""
    runs = label_runs(text, True, code)
    if len(runs) == 1 and runs[0].path is None:
        return _glyph(text, size, colour)
    placed = []
    x = 0.0
    for run in runs:
        f = font(size, True, run.path)
        placed.append((x, f, run.text, f.getbbox(run.text, anchor="ls")))
        x += f.getlength(run.text)
    left = min(x0 + b[0] for x0, _f, _t, b in placed)
    top = min(b[1] for _x, _f, _t, b in placed)
    right = max(x0 + b[2] for x0, _f, _t, b in placed)
    bottom = max(b[3] for _x, _f, _t, b in placed)
    img = Image.new("RGBA", (max(1, int(right - left)), max(1, int(bottom - top))), (*colour, 0))
    d = ImageDraw.Draw(img)
    for x0, f, t, _b in placed:
        d.text((x0 - left, -top), t, font=f, fill=(*colour, 255), anchor="ls")
    return img


def _fit(img: Image.Image, max_w: int) -> Image.Image:
    if img.width > max_w:
        img = img.resize((max_w, img.height), LANCZOS)
    return img


def _centre(dst: Image.Image, src: Image.Image, cx: float, cy: float) -> None:
    dst.alpha_composite(src, (round(cx - src.width / 2), round(cy - src.height / 2)))


def _base(fill: RGB, edge: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (MASTER_W, MASTER_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, MASTER_W - 1, MASTER_H - 1),
        round(MASTER_W * 0.08),
        fill=(*fill, 255),
        outline=(*edge, 255),
        width=4,
    )
    return img, d


def _number_master(face: int) -> Image.Image:
    colour = NUMBER_COLOURS[face]
    img, d = _base(theme.CARD_FACE, theme.CARD_EDGE)
    w, h = MASTER_W, MASTER_H
    # a tinted band top and bottom, so the colour shows even where cards overlap
    band = theme.mix(theme.CARD_FACE, colour, 0.2)
    d.rounded_rectangle((10, 10, w - 11, h - 11), round(w * 0.06), outline=(*band, 255), width=8)
    r = w * 0.36
    cx, cy = w / 2, h / 2
    d.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(*theme.mix(theme.CARD_FACE, colour, 0.14), 255)
    )
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(*colour, 255), width=6)
    big = _fit(_glyph(str(face), round(w * 0.42), colour), round(2 * r * 0.86))
    _centre(img, big, cx, cy)
    # the corner index: large, since in a fanned hand only the left strip shows
    index = _fit(_glyph(str(face), round(w * 0.3), colour), round(w * 0.36))
    mx, my = round(w * 0.07), round(h * 0.05)
    img.alpha_composite(index, (mx, my))
    img.alpha_composite(index.rotate(180), (w - mx - index.width, h - my - index.height))
    return img


def _joker_master(face: int, words: Words) -> Image.Image:
    sign, english, colour = JOKERS[face]
    code, lines = words if words is not None else ("en", english)
    img, d = _base(colour, theme.mix(colour, (0, 0, 0), 0.35))
    w, h = MASTER_W, MASTER_H
    light = theme.mix(colour, (255, 255, 255), 0.85)
    d.rounded_rectangle((10, 10, w - 11, h - 11), round(w * 0.06), outline=(*light, 255), width=5)
    cx = w / 2
    symbol = _glyph(sign, round(w * 0.5), light)
    _centre(img, symbol, cx, h * 0.58)
    index = _glyph(sign, round(w * 0.24), light)
    img.alpha_composite(index, (round(w * 0.08), round(h * 0.05)))
    img.alpha_composite(
        index.rotate(180),
        (w - round(w * 0.08) - index.width, h - round(h * 0.05) - index.height),
    )
    # the name across the top, where a fanned hand still shows it
    y = h * 0.24
    for line in lines:
        size = round(w * (0.2 if len(lines) == 1 else 0.135))
        g = _fit(_label_glyph(line, size, light, code), w - 30)
        _centre(img, g, cx, y)
        y += g.height + 8
    return img


@functools.lru_cache(maxsize=64)
def _master(face: int, words: Words) -> Image.Image:
    if face in JOKERS:
        return _joker_master(face, words)
    if face in NUMBER_COLOURS:
        return _number_master(face)
    raise ValueError(f"{face!r} is not a Sixty card")


@functools.lru_cache(maxsize=1)
def _back_master() -> Image.Image:
    img, d = _base(theme.CARD_FACE, theme.CARD_EDGE)
    w, h = MASTER_W, MASTER_H
    m = round(w * 0.07)
    main = hex_rgb("#1d3f6e")
    line = hex_rgb("#2c5a96")
    d.rounded_rectangle((m, m, w - 1 - m, h - 1 - m), round(w * 0.05), fill=(*main, 255))
    for k in range(m + 14, h - m - 10, 18):
        d.line((m + 12, k, w - m - 12, k), fill=(*line, 255), width=6)
    r = w * 0.24
    d.ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=(*main, 255))
    d.ellipse(
        (w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), outline=(*theme.BACK_FRAME, 255), width=6
    )
    _centre(img, _glyph("60", round(w * 0.24), theme.BACK_FRAME), w / 2, h / 2)
    return img


def _scaled(master: Image.Image, width: int) -> Image.Image:
    if MASTER_W % width == 0:
        return master.reduce(MASTER_W // width)
    return master.resize((width, card_height(width)), LANCZOS, reducing_gap=2.0)


def card_image(face: int, width: int, dim: bool = False) -> Image.Image:
    """Card ``face`` (3 … 30, or a joker's 61 … 63) ``width`` px wide, for
    the current reader; ``dim`` greys it out (cannot answer now)."""
    return _card_image(int(face), width, dim, _words(int(face)))


# only feeds the sprite cache below: a few plain faces are kept, not every size
@functools.lru_cache(maxsize=32)
def _card_image(face: int, width: int, dim: bool, words: Words) -> Image.Image:
    if dim:
        img = _card_image(face, width, False, words)
        grey = Image.new("RGBA", img.size, (40, 56, 48, 255))
        blended = Image.blend(img, grey, 0.5)
        blended.putalpha(img.getchannel("A"))
        return blended
    return _scaled(_master(face, words), width)


def card_sprite(face: int, width: int, dim: bool = False, glow: RGB | None = None) -> Sprite:
    """A card with its shadow (or glow) baked in, for the current reader."""
    return _card_sprite(int(face), width, dim, glow, _words(int(face)))


@functools.lru_cache(maxsize=256)
def _card_sprite(face: int, width: int, dim: bool, glow: RGB | None, words: Words) -> Sprite:
    return sprites.with_shadow(_card_image(face, width, dim, words), glow)


@functools.lru_cache(maxsize=8)
def back_sprite(width: int) -> Sprite:
    return sprites.with_shadow(_scaled(_back_master(), width), None)


__all__ = [
    "FACES",
    "JOKERS",
    "NUMBER_COLOURS",
    "back_sprite",
    "card_height",
    "card_image",
    "card_sprite",
    "colour_of",
]
