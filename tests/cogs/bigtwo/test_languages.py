"""Big Two in the reader's language: a French and a Japanese reader see the
turn text, menus, refusals, results and rules in their language, and the
pseudo-locale finds no English left in any text Big Two composes."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.bigtwo.adapter import ADAPTER
from cogs.bigtwo.rules_text import rules_text
from cogs.replies import UserFacingError
from cogs.table.adapter import Redraw
from cogs.table.models import Table, TableMeta
from data import Seat
from engine.bigtwo import PASS, BigTwo, Combo, preset
from engine.game import GameOutcome
from locales import reading
from locales.pseudo import untranslated

NAMES = ("p0", "p1", "p2", "p3")


def _table(state: BigTwo) -> Table:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, NAMES[p]) for p in range(n)]
    return Table(7, 2, 3, ADAPTER, state, 4, seats, meta, seed=1)


def _items(view: Any) -> list[Any]:
    return [child.item for child in view.children]


def _flush_on_full_house() -> tuple[BigTwo, Table]:
    """p1 to play on p0's full house, holding a flush that cannot beat it."""
    state = BigTwo.from_hands(
        preset("standard", players=2), ["3D 3C 3H 4D 4C KC", "5H 7H 9H JH KH 6C 6D 6H 2C 2D"]
    )
    state.apply(Combo.parse("3D 3C 3H 4D 4C"), 0)
    return state, _table(state)


def _control_texts(view: Any) -> list[str]:
    texts: list[str] = []
    for item in _items(view):
        texts += [getattr(item, "placeholder", None) or "", getattr(item, "label", None) or ""]
        for o in getattr(item, "options", None) or ():
            texts += [o.label, o.description or ""]
    return [t for t in texts if t]


def test_a_french_reader_plays_big_two_in_french() -> None:
    _state, t = _flush_on_full_house()
    with reading("fr"):
        lines = ADAPTER.hand_message(t, 1, controls=True).lines
        assert lines[0].startswith("**Big Two — donne 1 sur 4** dans <#")
        assert lines[2] == "**À vous :** battez Full aux 3 (3♣ 3♦ 3♥ 4♣ 4♦) de p0, ou passez."
        flush = ADAPTER.on_control(t, 1, "cards", "", ["5H", "7H", "9H", "JH", "KH"])
        assert isinstance(flush, Redraw)
        assert "Une couleur ne bat pas un full." in (flush.content or "")
        with pytest.raises(UserFacingError, match="Une couleur ne bat pas un full"):
            ADAPTER.on_control(t, 1, "play", "5H.7H.9H.JH.KH", [])
        house = ADAPTER.on_control(t, 1, "cards", "", ["6C", "6D", "6H", "2C", "2D"])
        assert isinstance(house, Redraw) and "Cela fait Full aux 6" in (house.content or "")
        texts = _control_texts(house.view)
        assert "Full" in texts  # the suggestion's type, as French players say it
        assert any(x.startswith("Jouer Full aux 6") for x in texts)
        assert "Passer" in texts and "Effacer" in texts
        assert any(x.startswith("Coups suggérés") for x in texts)
        assert ADAPTER.turn_text(t, 1) == "doit jouer"
        assert ADAPTER.timeout_text(t, 1) == "Je passerai pour vous."


def test_a_japanese_reader_plays_big_two_in_japanese() -> None:
    _state, t = _flush_on_full_house()
    with reading("ja"):
        lines = ADAPTER.hand_message(t, 1, controls=True).lines
        assert lines[0].startswith("**ビッグ・ツー — 第1ディール（全4）**")
        assert "3のフルハウス" in lines[2] and "パス" in lines[2]
        with pytest.raises(UserFacingError, match="フラッシュはフルハウスに勝てません。"):
            ADAPTER.on_control(t, 1, "play", "5H.7H.9H.JH.KH", [])
        texts = _control_texts(ADAPTER.hand_message(t, 1, controls=True).view)
        assert "フルハウス" in texts and "パス" in texts
        assert any(x.startswith("おすすめの手") for x in texts)
        assert any(x.startswith("自分で組む") for x in texts)


def _finished(players: int = 4, deals: int = 1) -> BigTwo:
    game = BigTwo.new_game(preset("standard", players=players, deals=deals), seed=5)
    while not game.is_over:
        if game.phase != "play":
            game.start_round()
            continue
        game.apply(game.default_decision() if game.top is not None else game.legal_list()[-1])
    return game


def test_results_read_in_french_and_japanese() -> None:
    game = _finished()
    t = _table(game)
    outcome = game.outcome()
    assert isinstance(outcome, GameOutcome)
    with reading("fr"):
        deal = ADAPTER.round_message(t, game.results[-1])
        assert deal.title == "Résultats de la donne 1"
        assert any("cartes restantes : +" in line for line in deal.text.splitlines())
        final = ADAPTER.final_message(t, outcome)
        # the wording every game shares for this title (merged catalogs): "victoire de …"
        assert final.title.startswith("Partie terminée — victoire de ")
        assert final.text.startswith("**Dernière donne**")
    with reading("ja"):
        deal = ADAPTER.round_message(t, game.results[-1])
        assert deal.title == "第1ディールの結果"
        assert "残り" in deal.text and "合計" in deal.text
        assert ADAPTER.final_message(t, outcome).title.startswith("ゲーム終了 — ")


def test_rules_read_in_french_and_japanese() -> None:
    with reading("fr"):
        text = rules_text(preset("hong_kong"))
        assert text.title == "Règles du Big Two : Hong Kong"
        assert [h for h, _b in text.sections][:2] == ["Cartes", "Combinaisons"]
        body = "\n".join(b for _h, b in text.sections)
        assert "Un 2 seul ne peut pas être le coup qui gagne la donne" in body
        assert "A-2-3-4-5 est la plus forte" in body
        assert text.description.startswith("A-2-3-4-5 est la plus forte suite")
    with reading("ja"):
        text = rules_text(preset("pusoy_dos", players=3))
        assert text.title == "ビッグ・ツー — プソイ・ドスのルール"
        body = "\n".join(b for _h, b in text.sections)
        assert "52枚目の札" in body and "♣ < ♠ < ♥ < ♦" in body
        assert "ストレートフラッシュ" in body


def _every_text(state: BigTwo, t: Table, player: int) -> list[str]:
    """What Big Two's adapter says to a player and the table in this position."""
    texts = [
        *ADAPTER.table_lines(t),
        ADAPTER.turn_text(t, player),
        ADAPTER.timeout_text(t, player),
        ADAPTER.scores_text(t),
    ]
    hand = ADAPTER.hand_message(t, player, controls=True)
    texts += hand.lines + _control_texts(hand.view)
    texts += ADAPTER.hand_message(t, (player + 1) % state.n, controls=False).lines  # waiting
    return texts


def _assert_translated(texts: list[str]) -> None:
    for text in texts:
        assert untranslated(text, allowed=NAMES) == [], text


PSEUDO = "qps-ploc"


def test_the_pseudo_locale_leaves_no_english_in_a_turn() -> None:
    state, t = _flush_on_full_house()
    with reading(PSEUDO):
        texts = _every_text(state, t, 1)
        for cards in (["5H", "7H", "9H", "JH", "KH"], ["6C", "6D", "6H", "2C", "2D"], ["2C"]):
            redraw = ADAPTER.on_control(t, 1, "cards", "", cards)
            assert isinstance(redraw, Redraw)
            texts += [redraw.content or "", *_control_texts(redraw.view)]
        for kind, arg in (("play", "5H.7H.9H.JH.KH"), ("play", "2C")):
            with pytest.raises(UserFacingError) as refused:
                ADAPTER.on_control(t, 1, kind, arg, [])
            texts.append(str(refused.value))
        before = state.copy()
        state.apply(PASS, 1)
        texts.append(ADAPTER.aftermath(t, 1, PASS, before).text)
        texts += _every_text(state, t, 0)  # p0 leads a new trick
        with pytest.raises(UserFacingError) as refused:
            ADAPTER.on_control(t, 0, "pass", "", [])
        texts.append(str(refused.value))
        before = state.copy()
        state.apply(Combo.parse("KC"), 0)
        texts.append(ADAPTER.aftermath(t, 0, Combo.parse("KC"), before).text)
    assert len(texts) > 30
    _assert_translated(texts)


def test_the_pseudo_locale_leaves_no_english_in_leads_barred_twos_and_three_players() -> None:
    texts: list[str] = []
    with reading(PSEUDO):
        first = BigTwo.new_game(preset("pusoy_dos", players=3), seed=2)
        p = first.current_player
        assert p is not None
        texts += _every_text(first, _table(first), p)
        redraw = ADAPTER.on_control(_table(first), p, "cards", "", [str(first.hand(p)[-1])])
        texts.append(redraw.content or "")  # type: ignore[union-attr]
        barred = BigTwo.from_hands(preset("hong_kong", players=2), ["2D", "2C 2S"])
        texts += _every_text(barred, _table(barred), 0)
        out = BigTwo.from_hands(
            preset("hong_kong", players=2, pass_rule="out_until_next_trick"), ["2D", "2C 2S"]
        )
        texts += _every_text(out, _table(out), 0)
        follow = BigTwo.from_hands(preset("hong_kong", players=2), ["2S", "2C 2D"])
        follow.apply(Combo.parse("2D"), 1)
        texts += _every_text(follow, _table(follow), 0)
    _assert_translated(texts)


def test_the_pseudo_locale_leaves_no_english_in_results_lobby_and_rules() -> None:
    game = _finished(deals=2)
    t = _table(game)
    outcome = game.outcome()
    assert isinstance(outcome, GameOutcome)
    texts: list[str] = []
    with reading(PSEUDO):
        deal = ADAPTER.round_message(t, game.results[-1])
        texts += [deal.title, deal.text]
        final = ADAPTER.final_message(t, outcome)
        # the standings' lines come from the shared runtime (cogs/table/text.py)
        texts += [final.title, *final.text.split("\n\n")[0].splitlines()]
        texts += [label for _option, label in ADAPTER.toggles]
        for options in (
            preset("standard"),
            preset("hong_kong", players=2, deals=None, threshold=50),
            preset("pusoy_dos", players=3, deals=3, threshold=1000, scoring="doubled_twos"),
            preset("standard", pass_rule="out_until_next_trick", play_to_end=True),
        ):
            # the lobby's first line is the preset's summary, shown by the shared runtime
            texts.append(ADAPTER.describe_options(options).splitlines()[1])
            rules = rules_text(options)
            texts += [rules.title, rules.description.split("\n**")[0]]
            for heading, body in rules.sections:
                texts += [heading, body]
    _assert_translated(texts)
