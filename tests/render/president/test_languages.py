"""President's pictures in the reader's language: every label drawn is
captured (``ImageDraw.text``), and the pseudo-locale finds no English among
the ones President's pictures compose; a Japanese reader sees 大富豪's words."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engine.president import EXCHANGE, Play, President, preset
from locales import reading
from locales.pseudo import untranslated
from render.president import (
    render_final_standings,
    render_hand,
    render_lobby,
    render_round_results,
    render_table,
)
from render.president.replay import caption, result
from render.president.table import table_palette

NAMES = ("Ann", "Bo", "Cy", "Di")

SHARED = ("BOT", "PASSED", "OUT", "st", "nd", "rd", "th", "by", "Counter", "clockwise")
SHARED += ("JOKER", "PLAYER", "AUTO", "PLAYED")
"""Words the shared render modules draw themselves (``render.seats`` chips,
places, the "by" line and the direction, ``render.cards``' joker face,
``render.results_table``'s first heading): the shared pictures' own engineer
translates them."""
HAND_COUNT = re.compile(r" · \d+ cards?$")
"""``render.hand`` (shared) appends the number of cards to the hand's title."""


def _labels(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    original: Callable[..., Any] = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kw: Any) -> Any:
        drawn.append(str(value))
        return original(self, xy, value, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return drawn


def _play(g: President, until: Callable[[President], bool]) -> President:
    while not until(g):
        if g.is_round_over():
            g.start_round()
        else:
            g.apply(g.default_decision())
    return g


def _states() -> Iterator[President]:
    """A lead needing the 3♣, a trick with a top play, an exchange, a revolution,
    a round over and a game over, at tables whose options show in the lobby."""
    yield President.new_game(preset("classic", first_lead="three_of_clubs"), seed=2)
    g = President.from_hands(preset("house"), ["3C 3D 3H 3S 9C", "2C 2D 2H", "X1 X2", "4C"])
    g.apply("3333")
    yield g
    revolution = preset("revolution", revolution_reverses_direction=True)
    g = President.from_hands(revolution, ["3C 3D 3H 3S 9C", "4C 5D", "6C 6D", "7C"])
    g.apply("3333")
    yield g
    yield _play(President.new_game(preset("house"), seed=1), lambda s: s.phase == EXCHANGE)
    yield _play(President.new_game(preset("classic"), seed=3), lambda s: s.is_round_over())
    yield _play(President.new_game(preset("ladder"), seed=9), lambda s: s.is_over)


def _draw_everything() -> list[str]:
    """Every picture of President for the current reader; the replay's captions."""
    said: list[str] = []
    names = list(NAMES)
    for g in _states():
        view = g.public_view()
        render_table(view, names, computer=[False, True, False, False])
        hand = g.hand(0)
        render_hand(hand, playable={0, 4}, options=g.options, revolution=g.revolution)
        render_hand(hand, playable=set(), options=g.options)
        render_lobby(g.options.preset, g.options, [("Ann", False), ("Bo", True)], 4)
        if view.results:
            render_round_results(view.results[-1], names, options=g.options)
            said += [str(p) for p in result(g) if isinstance(p, str)]
        if g.is_over:
            render_final_standings(g.outcome(), names, results=view.results, options=g.options)
    h = President.from_hands(preset("house"), ["3C 3D 3H 3S", "4C", "5C"])
    for decision in ("3333", "pass"):
        events = h.apply(decision)
        said += [p for p in caption(Play.parse(decision), events) if isinstance(p, str)]
    lobby = preset("house", jokers=1, compulsory=True, rounds=3, butthead=True)
    render_lobby("house", lobby, [], 5)
    return said


def test_the_pseudo_locale_finds_no_english_in_presidents_pictures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_palette()  # drawn once per process from sample tables: not this test's labels
    drawn = _labels(monkeypatch)
    with reading("qps-ploc"):
        captions = _draw_everything()
    allowed = (*NAMES, *SHARED)
    texts = [HAND_COUNT.sub("", t) for t in [*drawn, *captions]]
    left = {t: w for t in texts if (w := untranslated(t, allowed=allowed))}
    assert len(drawn) > 200
    assert left == {}


def test_a_japanese_reader_sees_the_pictures_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _labels(monkeypatch)
    with reading("ja"):
        _draw_everything()
    said = "".join(drawn)  # a mixed label is drawn run by run
    for words in (
        "大富豪",
        "大貧民",
        "あなたの手札",
        "今出せるカード",
        "カード交換",
        "空席",
        "ルール",
    ):
        assert words in said, words
    assert "第1ラウンドの結果" in said and "最終順位" in said
    assert "Your hand" not in said and "Round" not in said


def test_a_seat_with_nothing_readable_in_the_lobby_is_a_numbered_player_in_french(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _labels(monkeypatch)
    with reading("fr"):
        render_lobby("classic", preset("classic"), [("Ann", False), ("\u200b", False)], 4)
    assert "Joueur 2" in drawn, drawn
    assert not any("Player" in label for label in drawn), drawn
