"""President's words in the reader's language: a French and a Japanese reader
see their turn, menu, refusals, results and rules in their language, and the
pseudo-locale finds no English left in anything President's adapter says."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cogs.president.adapter import ADAPTER
from cogs.president.rules_text import rules_text
from cogs.president.text import effect_text, resolve_give, round_lines
from cogs.replies import UserFacingError
from cogs.table.models import Table, TableMeta
from cogs.table.snapshot import TableSnapshot
from data import Seat
from engine.president import PASS, PRESETS, Event, President, parse_cards, preset
from locales import reading
from locales.pseudo import untranslated

NAMES = ("Ann", "Bo", "Cy", "Di")
ORDINALS = ("st", "nd", "rd", "th")
"""``1st``: places are worded by the table runtime (``cogs.table.text.ordinal``),
whose own engineer translates them; nothing of President's."""


def _snapshot(state: President) -> TableSnapshot:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, NAMES[p]) for p in range(n)]
    return Table(1, 2, 3, ADAPTER, state, 7, seats, meta, seed=1).snapshot()


def _lead() -> President:
    """Ann leads with a pair of 3s, a King and a 7 in hand."""
    return President.from_hands(preset("classic"), ["3C 3D 7H KH", "4C 4D 8C", "5C 5D 9C"])


def _controls(view: Any) -> list[str]:
    """Every word a player reads on a message's controls."""
    said: list[str] = []
    for child in view.children:
        item = child.item
        said += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", ()):
            said += [option.label, option.description or ""]
    return [s for s in said if s]


def _finished_round() -> President:
    g = President.new_game(preset("classic"), seed=3)
    while not g.is_round_over():
        g.apply(g.default_decision())
    return g


def test_a_french_reader_sees_the_turn_and_the_play_menu_in_french() -> None:
    t = _snapshot(_lead())
    with reading("fr"):
        message = ADAPTER.hand_message(t, 0, controls=True)
        assert message.view is not None
        controls = _controls(message.view)
    text = "\n".join(message.lines)
    assert "**Président — manche 1** dans <#3>" in text
    assert "Votre main (4) : 3♣ 3♦ 7♥ K♥" in text
    assert "**À vous :** vous ouvrez — jouez la combinaison de votre choix." in text
    assert "Choisissez un coup : il est joué aussitôt" in controls
    assert "Paire de 3" in controls and "Roi seul" in controls


def test_a_japanese_reader_sees_the_turn_and_the_play_menu_in_japanese() -> None:
    g = _lead()
    g.apply("33", 0)
    t = _snapshot(g)
    with reading("ja"):
        message = ADAPTER.hand_message(t, 1, controls=True)
        assert message.view is not None
        controls = _controls(message.view)
    text = "\n".join(message.lines)
    assert "**あなたの番:** Annの3のペアより強いカードを出すか、パスしてください。" in text
    assert "出す手を選ぶと、すぐに出されます" in controls
    assert "4のペア" in controls and "パス" in controls


def test_refusals_are_in_the_readers_language() -> None:
    t = _snapshot(_lead())
    with reading("fr"), pytest.raises(UserFacingError, match="Vous ne pouvez pas passer"):
        ADAPTER.on_control(t, 0, "pass", "", [])
    with reading("ja"), pytest.raises(UserFacingError, match="今はパスできません"):
        ADAPTER.on_control(t, 0, "pass", "", [])
    hand = parse_cards("3C 5D 9H")
    with reading("fr"), pytest.raises(ValueError, match="Choisissez exactement 2 cartes à rendre"):
        resolve_give(hand, ["3C"], 2, False)
    with reading("ja"), pytest.raises(ValueError, match="ちょうど1枚"):
        resolve_give(hand, [], 1, False)


def test_results_name_the_titles_as_players_say_them() -> None:
    result = _finished_round().public_view().results[-1]
    with reading("fr"):
        french = "\n".join(round_lines(result, NAMES))
    with reading("ja"):
        japanese = "\n".join(round_lines(result, NAMES))
    with reading("zh-CN"):
        chinese = "\n".join(round_lines(result, NAMES))
    assert "Président (+2, total 2)" in french and "Trou du cul (+0, total 0)" in french
    assert "大富豪（+2、合計 2）" in japanese and "大貧民（+0、合計 0）" in japanese
    assert "大贫民" in chinese and "大貧民" not in chinese


def test_the_rules_read_in_french_and_japanese() -> None:
    with reading("fr"):
        french = rules_text(preset("classic"))
    with reading("ja"):
        japanese = rules_text(preset("revolution"))
    assert french.title == "Président — règles classic"
    assert "Un jeu, sans jokers, les 2 forts" in french.description
    sections = dict(french.sections)
    assert "Trou du cul" in sections["Titres et places"]
    assert "passez" in sections["Qui bat quoi"] or "passe" in sections["Qui bat quoi"]
    sections = dict(japanese.sections)
    assert "革命" in sections and "カードの強さがすぐに逆転" in sections["革命"]
    assert "大富豪、首相、平民、農民、大貧民" in sections["階級と席"]


def _pseudo_texts() -> Iterator[str]:
    """Everything President's adapter says during a whole house-rules game
    (jokers, an exchange, revolutions), and every preset's rules."""
    g = President.new_game(preset("house", revolution=True, equal_plays=True), seed=11)
    t = _snapshot(g)
    while not g.is_over:
        if g.is_round_over():
            yield from _results(t)
            g.start_round()
            continue
        p = g.current_player
        assert p is not None
        t = _snapshot(g)
        message = ADAPTER.hand_message(t, p, controls=True)
        yield from message.lines
        if message.view is not None:
            yield from _controls(message.view)
        yield from ADAPTER.table_lines(t)
        yield ADAPTER.turn_text(t, p)
        yield ADAPTER.timeout_text(t, p)
        yield ADAPTER.scores_text(t)
        before = g.copy()
        decision = g.default_decision()
        g.apply(decision, p)
        after = ADAPTER.aftermath(_snapshot(g), p, decision, before)
        yield after.text
        yield from (note for _p, note in after.private)
    t = _snapshot(g)
    final = ADAPTER.final_message(t, g.outcome())
    yield from (final.title, final.text)
    for name in PRESETS:
        rules = rules_text(preset(name))
        yield from (rules.title, rules.description)
        for heading, body in rules.sections:
            yield from (heading, body)
    yield (
        effect_text(
            PASS,
            [
                Event("revolution", 0),
                Event("skip", 1),
                Event("trick", 0),
                Event("finish", 0, None, 0),
            ],
            0,
            NAMES,
            top=None,
            trick_size=1,
            revolution=True,
        )
        or ""
    )


def _results(t: TableSnapshot) -> Iterator[str]:
    message = ADAPTER.round_message(t, None)  # type: ignore[arg-type]
    yield from (message.title, message.text)


def test_the_pseudo_locale_finds_no_english_in_presidents_words() -> None:
    with reading("qps-ploc"):
        left = {
            text: words
            for text in _pseudo_texts()
            if (words := untranslated(text, allowed=(*NAMES, *ORDINALS, *PRESETS)))
        }
    assert left == {}
