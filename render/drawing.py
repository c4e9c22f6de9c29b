"""Small drawing helpers every picture uses: pasting sprites, fixed labels,
players' names and places."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from locales import SOURCE, _np, current

from . import sprites, theme
from .fonts import FittedText, draw_label, name_runs
from .theme import RGB


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
    locale: object = None,
) -> float:
    """Draw a fixed label with the bundled fonts for a reader of ``locale``
    (:func:`render.fonts.draw_label`); returns its width."""
    return draw_label(draw, xy, value, size, fill, bold, anchor, locale)


def player_name(names: Sequence[str], player: int, size: int, max_width: int) -> FittedText:
    """The display name of ``player`` (``Player N`` in the reader's language
    when none is given)."""
    raw = names[player] if player < len(names) else ""
    return name_runs(raw, player, size, max_width, True, current())


def flag(flags: Sequence[bool], player: int) -> bool:
    """``flags[player]``, False when the caller passed fewer flags."""
    return player < len(flags) and bool(flags[player])


def ordinal(n: int) -> str:
    """A place as the reader writes it: 1 → ``1st``, 2 → ``2nd``, 11 → ``11th``
    (``1er``, ``2e`` in French, ``1位`` in Japanese, ``第1名`` in Chinese)."""
    if current() != SOURCE:
        # Translators: a place in a game's standings, short (on a medal): the
        # singular form is for 1 where the language has one ("1er", "2e"; "1.º";
        # "1位"; "第1名"). English's own suffixes are not taken from here.
        return _np("place", "{n}st", "{n}th", n).format(n=n)
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def medal_colour(position: int) -> RGB:
    """Gold, silver, bronze for places 0, 1, 2; grey after."""
    return (theme.GOLD, theme.SILVER, theme.BRONZE)[position] if position < 3 else theme.GREY_CHIP
