"""Sixty's pictures for readers of other languages: every label Sixty draws
(table, hand, results, joker cards, replay captions) is in the reader's
language, and under the pseudo-locale none is left in English."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engine.sixty import Sixty, preset
from engine.sixty.cards import ZAP
from locales import reading
from locales.pseudo import untranslated
from render.sixty import render_final_standings, render_hand, render_round_results, render_table
from render.sixty.cards import card_image
from render.sixty.gallery import finished, flipped, in_flight
from render.sixty.replay import caption, result
from render.sixty.table import table_palette

NAMES = ["Ada", "Bo", "Chloé", "Di", "Eve", "Fay"]

SHARED_WORDS = ("Clockwise", "Counter", "clockwise", "PLAYER", "BOT", "AUTO", "PLAYED")
SHARED_WORDS += ("st", "nd", "rd", "th")
"""Labels the shared pieces of :mod:`render` draw on their own (the direction,
the results table's heading and places, the computer chips): not Sixty's
words, translated by their owner."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn on any image while the test runs. The chips are drawn
    once per text and reader and then cached: emptied first, or a chip an earlier
    test drew would not be drawn (nor seen) here."""
    from render import sprites

    sprites._chip.cache_clear()
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen


def round_over() -> Sixty:
    """The first round of a finished game, just over (before the next deal)."""
    g = Sixty.new_game(preset("standard", players=3, rounds=2), seed=5)
    while not g.is_round_over():
        g.apply(g.default_decision())
    return g


def out_of_cards() -> Sixty:
    g = Sixty.from_hands(preset("standard"), ["4", "5 5", "6 6", "10 10"], deck="")
    g.apply("attack 4x1")  # Ann's last card: her hand is empty
    return g


def pictures() -> Iterator[Callable[[], Any]]:
    two = Sixty.new_game(preset("quick", players=2), seed=4)
    for g in (in_flight(), flipped(), two, finished(False), finished(True), round_over()):
        yield lambda g=g: render_table(g.public_view(), NAMES[: g.n], computer=[True] * g.n)
    for g, p, highlight in (
        (in_flight(), 2, True),
        (two, 0, True),
        (in_flight(), 0, False),
        (out_of_cards(), 0, False),
    ):
        yield lambda g=g, p=p, h=highlight: render_hand(g.observation(p), highlight=h)
    for g in (finished(False), finished(True)):
        yield lambda g=g: render_round_results(g.public_view(), NAMES[: g.n])
        outcome = g.outcome()
        yield lambda g=g, o=outcome: render_final_standings(g.public_view(), o, NAMES[: g.n])
    yield lambda: [card_image(face, 100) for face in (61, 62, 63)]


def captions() -> list[str]:
    """Every replay caption of a few whole rounds, names filled in."""
    out = []
    for seed in range(1, 6):
        g = Sixty.new_game(preset("standard", players=4), seed=seed)
        while not g.is_round_over():
            d = g.legal_list()[(seed * 7 + g.round_number) % len(g.legal_list())]
            events = g.apply(d)
            parts = caption(d, events)
            out.append("".join(NAMES[x] if isinstance(x, int) else x for x in parts))
        g.results = list(g.round_results())
        out.append("".join(NAMES[x] if isinstance(x, int) else x for x in result(g)))
    return out


def test_the_pseudo_locale_leaves_no_english_in_sixtys_pictures(drawn: list[str]) -> None:
    table_palette()  # drawn once per process, in English (it only fits colours)
    drawn.clear()
    with reading("qps-ploc"):
        for draw in pictures():
            draw()
        texts = drawn + captions()
    allowed = tuple(NAMES) + SHARED_WORDS + ("quick", "standard")
    left = [(t, words) for t in texts if (words := untranslated(t, allowed=allowed))]
    assert len(texts) > 50 and left == [], left


def test_a_japanese_reader_sees_the_table_in_japanese(drawn: list[str]) -> None:
    g = in_flight()
    table_palette()
    with reading("ja"):
        render_table(g.public_view(), NAMES[:4])
        render_hand(g.observation(2))
        lines = captions()
    # a label mixing scripts is drawn run by run, one font each, in order
    shown = "".join(drawn)
    for label in (
        "山札",
        "捨て札",
        "攻撃：4 ×3 = 12",
        "さんの攻撃から",
        "あなたの手札 · 5枚",
        "12超えが必要",
    ):
        assert label in shown
    assert any("さんが" in line for line in lines)


def test_jokers_carry_their_name_in_the_readers_language() -> None:
    english = card_image(ZAP, 100)
    with reading("ja"):
        japanese = card_image(ZAP, 100)
    with reading("fr"):
        french = card_image(ZAP, 100)  # « ZAP » in French too: the same card
    assert english.tobytes() != japanese.tobytes()
    assert english.tobytes() == french.tobytes()
    assert card_image(ZAP, 100) is english  # English is cached, and unchanged
