"""The shared pictures' own words in the reader's language: the results table's
heading, places and chips, the seats' chips and direction, the hand's title and
count, the replay's captions; drawn in Japanese with no missing glyph, with no
English left under the pseudo-locale, and as before in English."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cards import Card
from locales import reading
from locales.pseudo import untranslated
from render import drawing, fonts, seats, sprites
from render import results_table as rt
from render.hand import draw_hand
from render.replay import deal_caption

CALLER = ("Round 3", "President", "POINTS", "+2", "Ann", "Bo", "Cy")
"""What the caller of the results table gives it (a game's own words)."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, bool]]]:
    """Every label the shared pictures draw through the font chain, and whether bold."""
    seen: list[tuple[str, bool]] = []
    original = fonts.draw_label

    def record(draw: Any, xy: Any, text: str, size: int, fill: Any, bold: bool = False,
               anchor: str = "la", locale: object = None) -> float:  # fmt: skip
        seen.append((text, bold))
        return original(draw, xy, text, size, fill, bold, anchor, locale)

    monkeypatch.setattr(drawing, "draw_label", record)
    monkeypatch.setattr(sprites, "draw_label", record)
    sprites._chip.cache_clear()
    yield seen
    sprites._chip.cache_clear()


def _results() -> None:
    rows = [
        rt.Row(p, (rt.Cell("+2"),), score, highlight=p == 1, computer=p == 2)
        for p, score in enumerate((3, 5, 1))
    ]
    rt.draw_results_table("Round 3", "President", (rt.Column("POINTS", 110),), rows,
                          ["Ann", "Bo", "Cy"])  # fmt: skip


def _seat_chips() -> list[str]:
    chips = [
        *seats.trick_chips(0, False, False, ""),
        *seats.trick_chips(None, False, True, ""),
        *seats.player_chips(False, True),
        *seats.player_chips(True, False),
    ]
    return [label for label, _colour in chips]


def _missing(text: str, bold: bool, code: str) -> str:
    out = ""
    for run in fonts.label_runs(text, bold, code):
        path = run.path or (fonts.BOLD if bold else fonts.REGULAR)
        out += "".join(ch for ch in run.text if ord(ch) not in fonts.coverage(path))
    return out.replace(" ", "")


def test_a_results_picture_draws_its_labels_in_japanese_with_every_glyph(
    drawn: list[tuple[str, bool]],
) -> None:
    with reading("ja"):
        _results()
    texts = [t for t, _bold in drawn]
    assert "プレイヤー" in texts  # the players' column
    assert {"1位", "2位", "3位"} <= set(texts)  # the medals
    assert "CPU" in texts  # the computer's chip
    assert "PLAYER" not in texts and "BOT" not in texts
    assert [(t, _missing(t, b, "ja")) for t, b in drawn if _missing(t, b, "ja")] == []


def test_the_seats_hand_and_replay_words_in_japanese_and_chinese(
    drawn: list[tuple[str, bool]],
) -> None:
    with reading("ja"):
        chips = _seat_chips()
        draw_hand([Card(3, 0), Card(4, 1), Card(12, 2)])
        caption = deal_caption("deal", 2)
        direction = seats._p("direction", "Counter-clockwise")  # type: ignore[attr-defined]
    assert chips == ["上がり · 1位", "パス", "自動プレイ", "CPU"]
    assert "あなたの手札 · 3枚" in [t for t, _bold in drawn]
    assert caption == "第2回戦：配札" and direction == "反時計回り"
    with reading("zh_TW"):
        assert deal_caption("round", 4) == "第 4 回合：發牌"
        assert _seat_chips()[0] == "出完 · 第1名"
    with reading("fr"):
        assert _seat_chips() == ["SORTI · 1er", "PASSE", "JOUÉ AUTO", "ORDI"]
    assert [(t, _missing(t, b, "ja")) for t, b in drawn if _missing(t, b, "ja")] == []


def test_the_pseudo_locale_leaves_no_english_in_the_shared_pictures(
    drawn: list[tuple[str, bool]],
) -> None:
    with reading("qps-ploc"):
        _results()
        draw_hand([Card(3, 0)])
        texts = [*_seat_chips(), deal_caption("round", 1), deal_caption("deal", 1)]
    texts += [t for t, _bold in drawn if t not in CALLER]
    left = {w for t in texts for w in untranslated(t)}
    assert left == set(), left


def test_english_readers_see_the_words_as_before(drawn: list[tuple[str, bool]]) -> None:
    _results()
    draw_hand([Card(3, 0), Card(4, 1)])
    texts = [t for t, _bold in drawn]
    assert {"PLAYER", "1st", "2nd", "3rd", "BOT", "Your hand · 2 cards"} <= set(texts)
    assert _seat_chips() == ["OUT · 1st", "PASSED", "AUTO-PLAYED", "BOT"]
    assert deal_caption("round", 1) == "Round 1: the deal"
    assert deal_caption("deal", 3) == "Deal 3: the deal"


def test_a_name_with_nothing_readable_is_a_numbered_player_in_the_readers_language() -> None:
    with reading("ja"):
        japanese = drawing.player_name(["\u200b"], 0, 22, 300)
    with reading("fr"):
        french = drawing.player_name([], 2, 22, 300)
    assert (japanese.text, french.text) == ("プレイヤー1", "Joueur 3")
    assert japanese.runs[0].path is not None  # drawn with the Japanese face
    assert drawing.player_name([], 1, 22, 300).text == "Player 2"


@pytest.mark.parametrize("game", ["bigtwo", "sixty"])
def test_a_table_palette_is_fitted_in_english_whoever_asks_first(game: str) -> None:
    """The palette a game's tables map onto is fitted to sample tables drawn in
    English, so a picture's colours never depend on the first reader's language."""
    table_palette = importlib.import_module(f"render.{game}.table").table_palette
    table_palette.cache_clear()
    with reading("ja"):
        first = table_palette()
    table_palette.cache_clear()
    assert table_palette().tobytes() == first.tobytes()
