"""French-suited playing cards (``engine.cards.Card``: ranks 3 … 2, four
suits, jokers) as cached sprites, for every game played with them.

A card face is drawn once, large, at :data:`MASTER_W` (Pillow draws shapes
without anti-aliasing, so drawing large and scaling down smooths them), and
each size the pictures use is a cached scaled copy, with its shadow or glow
baked in so that a card costs one paste per picture. The caches fill lazily
and are bounded (a few hundred sprites: every card at every size in use).

Nothing here knows a game's rules: how strong a card is, and so the order a
hand is shown in, is the caller's sort key (:func:`sort_cards`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engine.cards import JOKER, Card

from . import sprites, theme
from .drawing import paste_card
from .fonts import font
from .sprites import Sprite
from .theme import RGB

MASTER_W = 220
"""Card faces are drawn once at this width: twice the hand's card width, so
the hand's cards are an exact 2× box reduction (fast and crisp)."""
MASTER_H = round(MASTER_W * theme.CARD_RATIO)
RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_GLYPHS = "♣♦♥♠"
FACE_GLYPHS = {8: "♞", 9: "♛", 10: "♚"}
"""Jack, queen and king drawn as chess pieces: knight, queen, king."""
STAR = "★"

LANCZOS = Image.Resampling.LANCZOS


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


# Masters and plain scaled faces only feed the sprite cache below (a miss costs
# about 0.5 ms and 1.2 ms): a few are kept, not a deck's worth (14 and 11 MiB).
@functools.lru_cache(maxsize=8)
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


@functools.lru_cache(maxsize=1)
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


@functools.lru_cache(maxsize=64)
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


@functools.lru_cache(maxsize=8)
def back_image(width: int) -> Image.Image:
    """The card back ``width`` px wide (RGBA)."""
    return _scaled(_back_master(), width)


@functools.lru_cache(maxsize=512)
def card_sprite(
    rank: int, suit: int, width: int, dim: bool = False, glow: RGB | None = None
) -> Sprite:
    """A card face with its shadow (or glow) baked in."""
    return sprites.with_shadow(card_image(rank, suit, width, dim), glow)


@functools.lru_cache(maxsize=8)
def back_sprite(width: int) -> Sprite:
    """The card back with its shadow baked in."""
    return sprites.with_shadow(back_image(width), None)


def sort_cards(cards: Iterable[Card], strength: Callable[[Card], Any]) -> list[Card]:
    """``cards`` weakest first by the game's ``strength`` key, equal keys by
    suit (♣ ♦ ♥ ♠), so the cards played together sit together. A game whose
    suits rank differently puts the suit in its key.

    >>> from engine.cards import parse_cards
    >>> [str(c) for c in sort_cards(parse_cards("2S 3H 3C"), lambda c: c.rank)]
    ['3C', '3H', '2S']
    >>> diamonds_first = {1: 0, 0: 1, 2: 2, 3: 3}
    >>> by_rank_then_suit = lambda c: (c.rank, diamonds_first[c.suit])
    >>> [str(c) for c in sort_cards(parse_cards("3C 3D 4C"), by_rank_then_suit)]
    ['3D', '3C', '4C']
    """
    return sorted(cards, key=lambda c: (strength(c), c.suit))


def fan_width(count: int, card_w: int, max_w: int) -> tuple[int, float]:
    """Width of a fanned stack of ``count`` cards and the step between them."""
    if count <= 1:
        return card_w, 0.0
    step = min(card_w * 0.62, (max_w - card_w) / (count - 1))
    return round(card_w + step * (count - 1)), step


def draw_fan(
    img: Image.Image,
    cards: Sequence[tuple[int, int]],
    card_w: int,
    cx: float,
    top: float,
    max_w: int,
) -> int:
    """Cards as (rank, suit) in an overlapping fan centred on ``cx``, at most
    ``max_w`` wide; returns the width used."""
    width, step = fan_width(len(cards), card_w, max_w)
    x = cx - width / 2
    for rank, suit in cards:
        paste_card(img, card_sprite(rank, suit, card_w), x, top)
        x += step
    return width
