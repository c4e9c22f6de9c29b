"""Names are drawn without tofu, unreadable names fall back, long names are cut."""

from __future__ import annotations

import pytest

from render import fonts


def _notdef_mask(f: object) -> bytes:
    assert isinstance(f, type(fonts.font(20)))
    return bytes(f.getmask("\ue000"))  # private use: no font maps it


@pytest.mark.parametrize(
    "name",
    ["龍之介", "Zoë 🐉 the Great", "😀", "محمد", "A\u200db\ufe0fc", "\u0301x", "Ωmega ✓", "  "],
)
def test_names_never_draw_tofu(name: str) -> None:
    fitted = fonts.name_runs(name, 2, 24, 400)
    assert fitted.text.strip()
    for run in fitted.runs:
        path = run.path or fonts.BOLD
        f = fonts.name_font(24, True, run.path)
        notdef = _notdef_mask(f)
        for ch in run.text:
            if ch.isspace():
                continue
            assert ord(ch) in fonts.coverage(path), (name, ch)
            assert bytes(f.getmask(ch)) != notdef, (name, ch)


def test_unreadable_names_become_player_n(monkeypatch: pytest.MonkeyPatch) -> None:
    # as on a machine without fallback fonts, whatever this one has installed
    monkeypatch.setattr(fonts, "fallback_paths", lambda: ())
    fonts._fitted_name.cache_clear()
    try:
        assert fonts.name_runs("龍之介", 2, 24, 400).text == "Player 3"
        assert fonts.name_runs("\u200b\u200d", 0, 24, 400).text == "Player 1"
        assert fonts.name_runs("Zoë 🐉", 0, 24, 400).text == "Zoë"
    finally:
        fonts._fitted_name.cache_clear()


def test_long_names_get_an_ellipsis() -> None:
    fitted = fonts.name_runs("Bartholomew the Magnificent", 1, 25, 150)
    assert fitted.text.endswith("…") and fitted.width <= 150
    assert not fitted.text[:-1].endswith(" ")
    assert fonts.name_runs("Bo", 1, 25, 150).text == "Bo"
