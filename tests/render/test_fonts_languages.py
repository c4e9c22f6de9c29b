"""Every catalog string of every language draws in the pictures' fonts.

The font chain is DejaVu Sans, then the Noto Sans CJK subset of the reader's
language (``render/assets/fonts``, cut by ``python -m render.subset_fonts``).
A catalog character that no font of its language's chain holds would be drawn
as an empty box: these tests fail on it, and tell to regenerate the subset.
"""

from __future__ import annotations

import unicodedata

import pytest
from PIL import Image, ImageDraw

from locales import LANGUAGES, PSEUDO
from render import fonts, subset_fonts

CODES = (*(lang.code for lang in LANGUAGES), PSEUDO)
SIZE = 22


def _drawn(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Cf")  # spaces too: a box is no space


def _notdef(path: str | None, bold: bool) -> bytes:
    return bytes(fonts.font(SIZE, bold, path).getmask("\ue000"))  # private use: no font has it


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("code", CODES)
def test_every_catalog_string_draws_without_a_missing_glyph(code: str, bold: bool) -> None:
    texts = subset_fonts.shown_texts(code)
    assert len(texts) >= 80
    missing: set[str] = set()
    image = Image.new("L", (2400, 60))
    draw = ImageDraw.Draw(image)
    for text in texts:
        for run in fonts.label_runs(text, bold, code):
            path = run.path or (fonts.BOLD if bold else fonts.REGULAR)
            notdef = _notdef(run.path, bold)
            f = fonts.font(SIZE, bold, run.path)
            for ch in run.text:
                if _drawn(ch) and (
                    ord(ch) not in fonts.coverage(path) or bytes(f.getmask(ch)) == notdef
                ):
                    missing.add(ch)
        draw.rectangle((0, 0, 2400, 60), fill=0)
        width = fonts.draw_label(draw, (4, 30), text, SIZE, (255,), bold, "lm", code)
        assert width > 0 and image.getbbox() is not None, text
    assert "".join(sorted(missing)) == "", "run `python -m render.subset_fonts`"


def test_a_catalog_character_the_subset_lacks_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the check above catches when a translation brings a new character
    and nobody regenerated the fonts."""
    before = subset_fonts.missing("jp", False)
    assert before == set()
    texts = subset_fonts.shown_texts

    monkeypatch.setattr(subset_fonts, "shown_texts", lambda code: [*texts(code), "鬱"])
    assert subset_fonts.missing("jp", False) == {"鬱"}
    assert subset_fonts.main(["--check"]) == 1


@pytest.mark.parametrize(
    ("code", "text", "face"),
    [("ja", "大富豪", "jp"), ("zh_TW", "大老二", "tc"), ("zh_CN", "锄大地", "sc")],
)
def test_each_language_is_drawn_with_its_own_regions_glyphs(
    code: str, text: str, face: str
) -> None:
    runs = fonts.label_runs(text, False, code)
    assert [r.path for r in runs] == [fonts.cjk_path(face, False)]


def test_english_labels_are_drawn_exactly_as_before() -> None:
    for anchor in ("la", "mm", "rs", "lt"):
        for bold in (False, True):
            old = Image.new("RGB", (400, 60))
            ImageDraw.Draw(old).text(
                (200, 30),
                "Seats 3–8 · 2♠ A♥",
                font=fonts.font(SIZE, bold),
                fill=(255, 255, 0),
                anchor=anchor,
            )
            new = Image.new("RGB", (400, 60))
            fonts.draw_label(
                ImageDraw.Draw(new),
                (200, 30),
                "Seats 3–8 · 2♠ A♥",
                SIZE,
                (255, 255, 0),
                bold,
                anchor,
            )
            assert new.tobytes() == old.tobytes()


def test_mixed_text_shares_one_baseline_and_fits_its_width() -> None:
    text = "CPUの強さ 60"
    runs = fonts.label_runs(text, False, "ja")
    assert [r.text for r in runs] == ["CPU", "の強さ", " 60"]
    image = Image.new("L", (400, 80))
    width = fonts.draw_label(
        ImageDraw.Draw(image), (200, 40), text, SIZE, (255,), anchor="mm", locale="ja"
    )
    left, top, right, bottom = image.getbbox() or (0, 0, 0, 0)
    assert width == fonts.label_length(text, SIZE, locale="ja")
    assert abs((left + right) / 2 - 200) <= 2  # centred as one label
    assert abs((top + bottom) / 2 - 40) <= 4
    assert fonts.fit_label(text * 4, SIZE, 200, locale="ja").endswith("…")
    assert (
        fonts.label_length(fonts.fit_label(text * 4, SIZE, 200, locale="ja"), SIZE, locale="ja")
        <= 200
    )
