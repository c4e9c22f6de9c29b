"""Fonts, glyph coverage and safe player names.

The bundled DejaVu Sans has the suit glyphs and most Latin, Greek, Cyrillic,
Arabic and Hebrew letters, but no CJK and no colour emoji.

Our own text (labels, captions: what the catalogs under ``locales/`` hold) is
drawn with a chain of bundled fonts (:func:`label_runs`, :func:`draw_label`):
DejaVu Sans first, so English pictures are exactly what they were, then Noto
Sans CJK cut down to the characters the catalogs use
(``python -m render.subset_fonts``), the reader's region first: Japanese,
Traditional or Simplified Chinese glyphs. The tests fail on any catalog
character the chain cannot draw.

A Discord name can hold anything, and a character the font lacks is drawn as
an empty box ("tofu"), which looks broken. So every name goes through
:func:`name_runs`:

* each character is looked up in the font's own character map (parsed here
  from the ``cmap`` table: Pillow has no coverage query, and probing glyph
  bitmaps is slow and unreliable for spaces and marks);
* characters the bundled font lacks are drawn with a fallback font when one
  is installed on the system (optional: Noto CJK, Droid Sans Fallback, …);
* otherwise they are dropped, and a name with nothing readable left becomes
  ``Player N``;
* a name too wide for its box is shortened with an ellipsis.

Fonts and coverage sets are loaded once and cached.
"""

from __future__ import annotations

import functools
import json
import os
import struct
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageDraw, ImageFont

from locales import current, gettext, resolve

ASSETS = Path(__file__).resolve().parent / "assets"
REGULAR = str(ASSETS / "fonts" / "DejaVuSans.ttf")
BOLD = str(ASSETS / "fonts" / "DejaVuSans-Bold.ttf")

CJK_FACES: dict[str, str] = {"ja": "jp", "zh_TW": "tc", "zh_CN": "sc"}
"""The Noto Sans CJK face of each catalog (``locales``) that needs one."""

LABEL_LOG_ENV = "CARDTABLE_LABEL_LOG"
"""A file that receives every caption :func:`draw_label` draws, one JSON string
a line (tests: the pseudo-locale run checks that no caption is English).
Unset, nothing is written and drawing costs one comparison more."""

_label_log: str | None = os.environ.get(LABEL_LOG_ENV) or None
_label_lock = threading.Lock()


def log_labels(path: str | None) -> None:
    """Append every caption drawn from now on to ``path`` (None: stop); the
    environment's ``CARDTABLE_LABEL_LOG`` sets it at import."""
    global _label_log
    _label_log = path


def _log_label(path: str, text: str) -> None:
    with _label_lock, open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(text, ensure_ascii=False) + "\n")


FALLBACK_ENV = "PRESIDENT_RENDER_FALLBACK_FONTS"
"""Extra fallback font files, separated by ``os.pathsep`` (tried first)."""

FALLBACK_CANDIDATES: tuple[str, ...] = (
    # Outline fonts only: colour-bitmap emoji fonts need a fixed pixel size.
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/noto/NotoEmoji-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/YuGothM.ttc",
    "C:/Windows/Fonts/malgun.ttf",
    "C:/Windows/Fonts/seguisym.ttf",
)

ELLIPSIS = "…"


# -- character maps ---------------------------------------------------------


def _cmap_from_bytes(data: bytes, font_index: int = 0) -> frozenset[int]:
    """The code points an OpenType font (or one font of a collection) maps to
    a real glyph, from its ``cmap`` table (formats 4 and 12)."""
    base = 0
    if data[:4] == b"ttcf":
        (count,) = struct.unpack_from(">I", data, 8)
        index = min(font_index, count - 1)
        (base,) = struct.unpack_from(">I", data, 12 + 4 * index)
    (num_tables,) = struct.unpack_from(">H", data, base + 4)
    cmap_offset = None
    for i in range(num_tables):
        tag, _check, offset, _length = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
            break
    if cmap_offset is None:
        return frozenset()
    (n_sub,) = struct.unpack_from(">H", data, cmap_offset + 2)
    subtables: dict[tuple[int, int], int] = {}
    for i in range(n_sub):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap_offset + offset
    points: set[int] = set()
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
        start = subtables.get(key)
        if start is None:
            continue
        (fmt,) = struct.unpack_from(">H", data, start)
        if fmt == 12:
            (groups,) = struct.unpack_from(">I", data, start + 12)
            for g in range(groups):
                lo, hi, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
                if glyph == 0:
                    lo += 1
                points.update(range(lo, hi + 1))
            return frozenset(points)
        if fmt == 4:
            (seg_x2,) = struct.unpack_from(">H", data, start + 6)
            segs = seg_x2 // 2
            ends = struct.unpack_from(f">{segs}H", data, start + 14)
            starts = struct.unpack_from(f">{segs}H", data, start + 16 + seg_x2)
            deltas = struct.unpack_from(f">{segs}h", data, start + 16 + 2 * seg_x2)
            ro_pos = start + 16 + 3 * seg_x2
            range_offsets = struct.unpack_from(f">{segs}H", data, ro_pos)
            for i in range(segs):
                lo, hi = starts[i], ends[i]
                if lo == 0xFFFF:
                    continue
                for cp in range(lo, hi + 1):
                    if range_offsets[i] == 0:
                        glyph = (cp + deltas[i]) & 0xFFFF
                    else:
                        at = ro_pos + 2 * i + range_offsets[i] + 2 * (cp - lo)
                        (glyph,) = struct.unpack_from(">H", data, at)
                        if glyph:
                            glyph = (glyph + deltas[i]) & 0xFFFF
                    if glyph:
                        points.add(cp)
            return frozenset(points)
    return frozenset()


@functools.cache
def coverage(path: str) -> frozenset[int]:
    """Code points the font file at ``path`` can draw (empty if unreadable)."""
    try:
        data = Path(path).read_bytes()
        return _cmap_from_bytes(data)
    except (OSError, struct.error):
        return frozenset()


@functools.cache
def fallback_paths() -> tuple[str, ...]:
    """Installed fallback fonts, best first (none is required)."""
    extra = [p for p in os.environ.get(FALLBACK_ENV, "").split(os.pathsep) if p]
    found: list[str] = []
    for p in (*extra, *FALLBACK_CANDIDATES):
        if p not in found and os.path.isfile(p):
            found.append(p)
    return tuple(found)


@functools.cache
def font(size: int, bold: bool = False, path: str | None = None) -> ImageFont.FreeTypeFont:
    """A cached font: the bundled DejaVu Sans (bold or regular) or ``path``.

    Fixed labels use the basic layout (fast and identical everywhere); names
    may need shaping (Arabic), so :func:`name_font` uses the best layout.
    """
    return ImageFont.truetype(
        path or (BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


@functools.cache
def name_font(size: int, bold: bool, path: str | None = None) -> ImageFont.FreeTypeFont:
    """The font for a run of a player's name (shaping when Raqm is present)."""
    return ImageFont.truetype(path or (BOLD if bold else REGULAR), size)


# -- names ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text drawn with one font (``path`` None = bundled font)."""

    text: str
    path: str | None


@dataclass(frozen=True, slots=True)
class FittedText:
    """A name made safe to draw: its runs, the plain text and its width."""

    runs: tuple[Run, ...]
    text: str
    width: int
    size: int
    bold: bool

    @property
    def initial(self) -> Run:
        """The first letter, for badges (a run so CJK initials keep their font)."""
        for run in self.runs:
            for ch in run.text:
                if ch.isalnum():
                    return Run(ch.upper(), run.path)
        for run in self.runs:
            for ch in run.text:
                if not ch.isspace() and ch != ELLIPSIS:
                    return Run(ch, run.path)
        return Run("?", None)


_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _font_for(ch: str, bold: bool) -> str | bool | None:
    """Which font draws ``ch``: None = bundled, a path = fallback, False = none."""
    cp = ord(ch)
    if cp in coverage(BOLD if bold else REGULAR):
        return None
    for path in fallback_paths():
        if cp in coverage(path):
            return path
    return False


def clean_runs(name: str, bold: bool = True) -> tuple[Run, ...]:
    """``name`` as runs of drawable characters: controls, format characters
    and characters no available font has are dropped; spaces are collapsed."""
    text = unicodedata.normalize("NFC", name)
    runs: list[Run] = []
    cur: list[str] = []
    cur_path: str | None = None
    last_space = True
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in _DROP_CATEGORIES:
            continue
        if cat == "Zs" or ch.isspace():
            if last_space:
                continue
            ch = " "
        where = _font_for(ch, bold)
        if where is False:
            continue
        path = None if where is None or ch == " " else str(where)
        if ch == " ":
            path = cur_path
        if cat.startswith("M") and not cur:
            continue  # a combining mark with nothing to combine with
        if cur and path != cur_path:
            runs.append(Run("".join(cur), cur_path))
            cur = []
        cur_path = path
        cur.append(ch)
        last_space = ch == " "
    if cur:
        runs.append(Run("".join(cur), cur_path))
    # trim a trailing space
    if runs and runs[-1].text.endswith(" "):
        last = runs[-1].text.rstrip(" ")
        runs = runs[:-1] + ([Run(last, runs[-1].path)] if last else [])
    return tuple(runs)


def _readable(runs: Sequence[Run]) -> bool:
    return any(ch.isalnum() or unicodedata.category(ch) == "So" for r in runs for ch in r.text)


def _runs_width(runs: Sequence[Run], size: int, bold: bool) -> float:
    return sum(name_font(size, bold, r.path).getlength(r.text) for r in runs)


def name_runs(
    name: str, player: int, size: int, max_width: int, bold: bool = True, locale: object = None
) -> FittedText:
    """A player's name ready to draw at ``size`` in at most ``max_width`` px.

    Unsupported characters are drawn with a fallback font or dropped; a name
    with nothing readable left becomes ``Player N`` (N = ``player + 1``) in the
    language of ``locale`` (None: the reader of the text being composed, see
    :func:`locales.reading`); a name too wide is cut at a character and ends
    with an ellipsis.
    """
    code = current() if locale is None else resolve(locale)
    return _fitted_name(name, player, size, max_width, bold, code)


@functools.lru_cache(maxsize=2048)
def _fitted_name(
    name: str, player: int, size: int, max_width: int, bold: bool, code: str
) -> FittedText:
    runs = list(clean_runs(name, bold))
    if not _readable(runs):
        stand_in = gettext(code, "Player {number}").format(number=player + 1)
        runs = list(_label_runs(stand_in, bold, code))
    width = _runs_width(runs, size, bold)
    if width > max_width:
        ell = name_font(size, bold).getlength(ELLIPSIS)
        chars = [(ch, r.path) for r in runs for ch in r.text]
        while chars:
            chars.pop()
            while chars and chars[-1][0] == " ":
                chars.pop()
            cut = _group(chars)
            if _runs_width(cut, size, bold) + ell <= max_width:
                break
        runs = [*_group(chars), Run(ELLIPSIS, None)]
        runs = list(_group([(ch, r.path) for r in runs for ch in r.text]))
        width = _runs_width(runs, size, bold)
    return FittedText(tuple(runs), "".join(r.text for r in runs), round(width), size, bold)


def _group(chars: Sequence[tuple[str, str | None]]) -> list[Run]:
    out: list[Run] = []
    for ch, path in chars:
        if out and out[-1].path == path:
            out[-1] = Run(out[-1].text + ch, path)
        else:
            out.append(Run(ch, path))
    return out


def draw_runs(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    fitted: FittedText,
    fill: tuple[int, ...],
    anchor: str = "ls",
) -> None:
    """Draw a fitted name; ``anchor`` is ``l``/``m``/``r`` then ``s`` (baseline)
    or ``m`` (middle), so mixed fonts share one baseline."""
    x, y = xy
    if anchor[0] == "m":
        x -= fitted.width / 2
    elif anchor[0] == "r":
        x -= fitted.width
    if anchor[1] == "m":
        asc, desc = font(fitted.size, fitted.bold).getmetrics()
        y += (asc - desc) / 2
    for run in fitted.runs:
        f = name_font(fitted.size, fitted.bold, run.path)
        draw.text((x, y), run.text, font=f, fill=fill, anchor="ls")
        x += f.getlength(run.text)


def fit_label(
    text: str, size: int, max_width: int, bold: bool = False, locale: object = None
) -> str:
    """A fixed label cut with an ellipsis to fit ``max_width`` (bundled fonts)."""
    if label_length(text, size, bold, locale) <= max_width:
        return text
    while text and label_length(text.rstrip() + ELLIPSIS, size, bold, locale) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


# -- our own text in every language --------------------------------------------


def cjk_path(face: str, bold: bool) -> str:
    """The bundled subset of Noto Sans CJK ``face`` (``jp``, ``tc``, ``sc``)."""
    return str(ASSETS / "fonts" / f"NotoSansCJK{face}-{'Bold' if bold else 'Regular'}.subset.otf")


@functools.cache
def label_fonts(code: str, bold: bool) -> tuple[str, ...]:
    """The font chain for text in catalog ``code``'s language: DejaVu Sans,
    then the CJK face of that language, then the other CJK faces."""
    first = CJK_FACES.get(code)
    faces = ([first] if first else []) + sorted(f for f in set(CJK_FACES.values()) if f != first)
    return (BOLD if bold else REGULAR, *(cjk_path(f, bold) for f in faces))


def label_runs(text: str, bold: bool = False, locale: object = None) -> tuple[Run, ...]:
    """``text`` as runs of one font each (``path`` None: DejaVu Sans) for a
    reader of ``locale`` (None: the reader of the text being composed,
    :func:`locales.current`); a character no bundled font has stays with DejaVu
    (the tests make sure no catalog has one)."""
    return _label_runs(text, bold, current() if locale is None else resolve(locale))


@functools.lru_cache(maxsize=4096)
def _label_runs(text: str, bold: bool, code: str) -> tuple[Run, ...]:
    chain = label_fonts(code, bold)
    first = coverage(chain[0])
    if all(ord(ch) in first for ch in text):
        return (Run(text, None),)
    runs: list[Run] = []
    for ch in text:
        where = next((p for p in chain if ord(ch) in coverage(p)), chain[0])
        path = None if where == chain[0] else where
        if runs and runs[-1].path == path:
            runs[-1] = Run(runs[-1].text + ch, path)
        else:
            runs.append(Run(ch, path))
    return tuple(runs)


def label_length(text: str, size: int, bold: bool = False, locale: object = None) -> float:
    """The width of ``text`` drawn by :func:`draw_label`."""
    return sum(font(size, bold, r.path).getlength(r.text) for r in label_runs(text, bold, locale))


def draw_label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...],
    bold: bool = False,
    anchor: str = "la",
    locale: object = None,
) -> float:
    """Draw our own ``text`` (one line) for a reader of ``locale``; returns its width.

    Text DejaVu Sans draws alone (all English) is drawn exactly as
    ``draw.text`` draws it; mixed text is laid out run by run on one
    baseline, placed by ``anchor`` (Pillow's two letters) as DejaVu Sans
    alone would be."""
    if _label_log is not None:
        _log_label(_label_log, text)
    runs = label_runs(text, bold, locale)
    if len(runs) == 1 and runs[0].path is None:
        f = font(size, bold)
        draw.text(xy, text, font=f, fill=fill, anchor=anchor)
        return f.getlength(text)
    fonts = [font(size, bold, r.path) for r in runs]
    width = sum(f.getlength(r.text) for f, r in zip(fonts, runs, strict=True))
    x, y = xy
    x -= {"l": 0.0, "m": width / 2, "r": width}.get(anchor[0], 0.0)
    ascent, descent = font(size, bold).getmetrics()
    vertical = anchor[1]
    if vertical in "tb":  # the ink's top or bottom, over every run
        boxes = [f.getbbox(r.text, anchor="ls") for f, r in zip(fonts, runs, strict=True)]
        y -= min(b[1] for b in boxes) if vertical == "t" else max(b[3] for b in boxes)
    else:
        y += {"a": ascent, "m": (ascent - descent) / 2, "d": -descent}.get(vertical, 0)
    for f, run in zip(fonts, runs, strict=True):
        draw.text((x, y), run.text, font=f, fill=fill, anchor="ls")
        x += f.getlength(run.text)
    return width
