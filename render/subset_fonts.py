"""Cut Noto Sans CJK down to the characters the pictures can be asked to draw.

``python -m render.subset_fonts`` (after changing a catalog; needs the dev
extra's fontTools and the Noto Sans CJK collections, Debian's
``fonts-noto-cjk``) writes, for Japanese, Traditional and Simplified Chinese,
a regular and a bold font holding only the characters of that language's
catalog (and of its number and list formats) that DejaVu Sans lacks:
``render/assets/fonts/NotoSansCJK{jp,tc,sc}-{Regular,Bold}.subset.otf``.
Each language gets its own region's glyphs (骨, 直, 说 are drawn differently in
Tokyo, Taipei and Shanghai). ``--check`` only says which characters the
committed fonts miss (exit 1), as the tests do.

The fonts are under the SIL Open Font License 1.1
(``render/assets/fonts/LICENSE-NotoSansCJK.txt``); nothing is fetched at run time.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path
from typing import Any

from locales import catalog_texts, format_list, format_number

from .fonts import BOLD, CJK_FACES, REGULAR, cjk_path, coverage

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
COLLECTIONS = {False: "NotoSansCJK-Regular.ttc", True: "NotoSansCJK-Bold.ttc"}
FAMILIES = {"jp": "Noto Sans CJK JP", "tc": "Noto Sans CJK TC", "sc": "Noto Sans CJK SC"}
"""The font of each face in the collections, by its family name."""


def shown_texts(code: str) -> list[str]:
    """What a picture may draw in catalog ``code``'s language: its catalog,
    and what Babel writes at run time (list joints, number separators)."""
    formatted = [
        format_list(code, ["A", "B", "C"]),
        format_list(code, ["A", "B"]),
        format_number(code, 1234567.5),
    ]
    return [*catalog_texts(code), *formatted]


def needed(face: str, bold: bool) -> set[str]:
    """The characters ``face`` must hold: those its languages show that DejaVu lacks."""
    dejavu = coverage(BOLD if bold else REGULAR)
    wanted: set[str] = set()
    for code, f in CJK_FACES.items():
        if f == face:
            wanted.update(ch for text in shown_texts(code) for ch in text)
    return {ch for ch in wanted if ord(ch) not in dejavu and _drawn(ch)}


def _drawn(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp")  # U+3000 is drawn


def missing(face: str, bold: bool) -> set[str]:
    """Characters ``face`` must hold that the committed subset lacks."""
    have = coverage(cjk_path(face, bold))
    return {ch for ch in needed(face, bold) if ord(ch) not in have}


def subset(source_dir: Path, face: str, bold: bool) -> Path:
    """Write the subset of ``face`` (regular or bold) and return its path."""
    # the dev extra (no type hints): never needed at run time
    from fontTools import subset as ft_subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    collection = TTCollection(str(source_dir / COLLECTIONS[bold]), lazy=True)
    index = next(
        i
        for i, font in enumerate(collection.fonts)
        if font["name"].getDebugName(1) == FAMILIES[face]
    )
    options: Any = ft_subset.Options()
    options.font_number = index
    # Pillow's basic layout reads no OpenType layout, and pictures are written
    # horizontally: the tables for either are dead weight
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "BASE", "VORG", "vhea", "vmtx"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 11, 13, 14]  # keep the licence fields
    options.notdef_outline = True
    options.recalc_timestamp = False  # the same characters give the same bytes
    font = ft_subset.load_font(str(source_dir / COLLECTIONS[bold]), options)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in needed(face, bold)))
    subsetter.subset(font)
    out = Path(cjk_path(face, bold))
    ft_subset.save_font(font, str(out), options)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.subset_fonts", description=__doc__)
    parser.add_argument(
        "--source",
        type=Path,
        default=SOURCE_DIR,
        help=f"folder of {' and '.join(COLLECTIONS.values())} (default: {SOURCE_DIR})",
    )
    parser.add_argument("--check", action="store_true", help="only check the committed fonts")
    args = parser.parse_args(argv)
    faces = sorted(set(CJK_FACES.values()))
    if args.check:
        gaps = {(f, b): missing(f, b) for f in faces for b in (False, True)}
        for (f, b), chars in gaps.items():
            if chars:
                print(f"{cjk_path(f, b)} lacks {''.join(sorted(chars))}")
        return 1 if any(gaps.values()) else 0
    for name in COLLECTIONS.values():
        if not (args.source / name).is_file():
            print(f"{args.source / name} not found: apt-get install fonts-noto-cjk, or --source")
            return 2
    for f in faces:
        for b in (False, True):
            out = subset(args.source, f, b)
            print(f"{out}: {len(needed(f, b))} characters, {out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
