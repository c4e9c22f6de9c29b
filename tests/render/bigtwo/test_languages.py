"""Big Two's pictures in the reader's language: the labels Big Two draws on
its table, hand, results and replay captions have no English left under the
pseudo-locale, and a Japanese reader's table carries Japanese labels."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engine.bigtwo import BigTwo, preset
from locales import reading
from locales.pseudo import untranslated
from render import sprites
from render.bigtwo import hand as bigtwo_hand
from render.bigtwo.gallery import play_until
from render.bigtwo.replay import caption, result
from render.bigtwo.results import draw_deal_results, draw_final_standings
from render.bigtwo.table import draw_table
from render.bigtwo.words import playable_cards

NAMES = ["Ann", "Bo", "Cy", "Di"]
SHARED = ("PASSED", "BOT", "AUTO", "PLAYED", "OUT", "PLAYER", "st", "nd", "rd", "th")
"""Words of the shared pieces (render/seats.py's chips, render/results_table.py's
name column), which their owner translates: not Big Two's labels."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string drawn on a picture (labels, chips, names) while the test runs."""
    seen: list[str] = []
    text = ImageDraw.ImageDraw.text
    chip = sprites.chip

    def record_text(self: Any, xy: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(value))
        return text(self, xy, value, *args, **kwargs)

    def record_chip(value: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(value)
        return chip(value, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record_text)
    monkeypatch.setattr(sprites, "chip", record_chip)
    yield seen


def _over(options: Any) -> BigTwo:
    game = BigTwo.new_game(options, seed=5)
    while game.phase == "play":
        game.apply(game.default_decision() if game.top is not None else game.legal_list()[-1])
    return game


def _tables() -> list[BigTwo]:
    """A five-card hand to beat with earlier plays, a three-player first lead
    with the face-up card, a two-player Hong Kong trick, a deal and a game over."""
    return [
        play_until(
            preset("standard"), lambda v: v.top is not None and v.top.size == 5 and len(v.trick) > 2
        ),
        BigTwo.new_game(preset("pusoy_dos", players=3), seed=2),
        play_until(preset("hong_kong", players=2), lambda v: v.top is not None, seed=4),
        _over(preset("standard", deals=2)),
        _over(preset("standard", deals=1, threshold=1000)),
    ]


def _labels(seen: list[str]) -> str:
    return "\n".join(s for s in seen if s.strip())


def test_the_pseudo_locale_leaves_no_english_on_the_table(drawn: list[str]) -> None:
    with reading("qps-ploc"):
        for game in _tables():
            draw_table(game.public_view(), NAMES, computer=[False, True, False, False])
    assert len(drawn) > 40
    assert untranslated(_labels(drawn), allowed=(*NAMES, *SHARED)) == []


def test_the_pseudo_locale_leaves_no_english_in_results(drawn: list[str]) -> None:
    game = _over(preset("standard", deals=1))
    outcome = game.outcome()
    assert outcome is not None
    with reading("qps-ploc"):
        draw_deal_results(game.results[-1], NAMES, game.options)
        draw_final_standings(outcome, game.results, NAMES, game.options)
    assert untranslated(_labels(drawn), allowed=(*NAMES, *SHARED)) == []


def test_the_hand_pictures_legend_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    legends: list[str] = []
    monkeypatch.setattr(bigtwo_hand, "draw_cards", lambda cards, **kw: legends.append(kw["legend"]))
    game = BigTwo.new_game(preset("standard", players=2), seed=9)
    p = game.current_player
    assert p is not None
    for code in ("qps-ploc", "ja"):
        with reading(code):
            bigtwo_hand.draw_hand(game.hand(p), game.options)
            playable = playable_cards(game.legal_list())
            bigtwo_hand.draw_hand(game.hand(p), game.options, playable=playable)
            bigtwo_hand.draw_hand(game.hand(p), game.options, playable=frozenset())
    assert all(untranslated(legend) == [] for legend in legends[:3]), legends
    assert legends[3:] == ["スート ♦ < ♣ < ♥ < ♠", "今出せる札", "出せる札なし：パス"]


def test_the_pseudo_locale_leaves_no_english_in_replay_captions() -> None:
    game = BigTwo.new_game(preset("standard", players=4, deals=1), seed=3)
    texts: list[str] = []
    with reading("qps-ploc"):
        while game.phase == "play":
            p = game.current_player
            decision = game.default_decision() if game.top is not None else game.legal_list()[-1]
            events = game.apply(decision, p)
            if all(e.kind != "finish" for e in events):  # a place ("1st") is the shared ordinal
                texts += [x for x in caption(decision, events) if isinstance(x, str)]
        texts += [x for x in result(game) if isinstance(x, str)]
    assert len(texts) > 20
    assert untranslated("\n".join(texts)) == []


def test_a_japanese_readers_table_has_japanese_labels(drawn: list[str]) -> None:
    first, _three, _two, deal_over, _final = _tables()
    with reading("ja"):
        draw_table(first.public_view(), NAMES)
        draw_table(deal_over.public_view(), NAMES)
    # mixed text is drawn run by run, one font each: the Japanese runs
    labels = drawn
    for word in ("ペナルティ", "手番", "出した人：", "スート", "ディール（全", "今回 +39"):
        assert word in labels, word
