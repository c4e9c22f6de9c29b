"""Sixty's words for readers of other languages: a French and a Japanese
reader see the turn, the answers, the refusals, the results and the rules
in their language; under the pseudo-locale no English is left in any of
Sixty's texts (the runtime opens ``reading(locale)`` around each text, as
these tests do)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cogs.replies import UserFacingError
from cogs.sixty.adapter import ADAPTER
from cogs.sixty.rules_text import rules_text
from cogs.sixty.text import choices, held_jokers_refused, recent_log, refusal
from cogs.table.models import Table, TableMeta
from cogs.table.snapshot import TableSnapshot
from data import Seat
from engine.sixty import Decision, Sixty, preset
from locales import reading
from locales.pseudo import untranslated
from tests.cogs.sixty.test_adapter import finished

NAMES = ["Ann", "Bob", "Cy", "Di"]

# Words of the table runtime's own helpers that Sixty's texts embed (``1st``
# from cogs.table.text.ordinal): the runtime's owner translates them, and this
# test is about Sixty's words.
RUNTIME_WORDS = ("st", "nd", "rd", "th")


def table(state: Sixty, names: list[str] = NAMES) -> TableSnapshot:
    n = state.n
    meta = TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    seats = [Seat.human(100 + p, names[p]) for p in range(n)]
    return Table(7, 2, 3, ADAPTER, state, 5, seats, meta, seed=1).snapshot()


def attacked(hands: list[str], attack: str, deck: str = "", **opts: Any) -> Sixty:
    g = Sixty.from_hands(preset("standard", **opts), hands, deck=deck)
    g.apply(attack)
    return g


def no_hocus_pocus() -> Sixty:
    """Bob is attacked with two 4s, holds Hocus-pocus and no 4 is discarded."""
    return attacked(["4 4 3", "HP AB 3", "5", "6"], "attack 4x2", deck=" ".join(["4"] * 13))


# -- French -------------------------------------------------------------------


def test_a_french_reader_sees_the_turn_and_the_answers_in_french() -> None:
    g = attacked(["4 4 4 4 3", "4 10 10 ZP 3", "5", "6"], "attack 4x4")
    t = table(g)
    with reading("fr"):
        labels = [c.label for c in choices(g.observation(1), NAMES)]
        mine = ADAPTER.hand_message(t, 1, controls=True).lines
        turn = ADAPTER.turn_text(t, 1)
    assert labels == [
        "Renvoyer avec 4 ×1 : 20 pour Cy",
        "Riposter avec 10 ×2 = 20 > 16",
        "Zap : 2 cartes dans votre pénalité (+8), 2 passent à Cy",
        "Ramasser les 4 cartes : +16 de pénalité",
    ]
    assert mine[0] == "⚔️ **Ann vous attaque** avec 4 cartes de 4 = **16**."
    assert "Votre main (5) : 3 4 10 10 Zap" in mine
    assert turn == "doit répondre à l’attaque de Ann : 4 ×4 = 16"


def test_a_french_reader_gets_refusals_in_french() -> None:
    g = no_hocus_pocus()
    t = table(g)
    with reading("fr"):
        assert held_jokers_refused(g, 1) == [
            ("joker_hocus-pocus", "Passe-passe demande un 4 dans la défausse")
        ]
        with pytest.raises(UserFacingError) as exc:
            ADAPTER.on_control(t, 1, "go", "fight_10x1", [])
    assert str(exc.value) == "Impossible pour l’instant : vous n’avez pas de 10."


def test_a_french_reader_reads_results_and_rules_in_french() -> None:
    g = finished(tiebreak=True)
    t = table(g, ["Ann", "Bob", "Cy"])
    outcome = g.outcome()
    assert outcome is not None
    with reading("fr"):
        round_message = ADAPTER.round_message(t, g.round_results()[-1])
        final = ADAPTER.final_message(t, outcome)
        rules = rules_text(preset("strict"))
        scores = ADAPTER.scores_text(t)
    assert round_message.title == "Résultats de la manche décisive"
    assert "Points de pénalité : le plus bas l’emporte." in round_message.text
    assert final.title.startswith("Partie terminée — victoire de ")
    assert "Une manche décisive a été jouée." in final.text
    assert scores.startswith("Pénalités cumulées (le plus bas l’emporte), manche décisive 2 : ")
    assert rules.title == "Soixante — règles strict"
    sections = dict(rules.sections)
    assert "seulement quand rien d’autre n’est possible" in sections["Répondre à une attaque"]
    assert "La partie dure 1 manche ;" not in sections["Décompte et fin de partie"]
    assert "La partie dure 3 manches ;" in sections["Décompte et fin de partie"]
    assert all(len(body) <= 1024 for _heading, body in rules.sections)


# -- Japanese -------------------------------------------------------------------


def test_a_japanese_reader_sees_the_turn_refusals_results_and_rules_in_japanese() -> None:
    g = no_hocus_pocus()
    t = table(g)
    with reading("ja"):
        mine = ADAPTER.hand_message(t, 1, controls=True).lines
        turn = ADAPTER.turn_text(t, 1)
        with pytest.raises(UserFacingError) as exc:
            ADAPTER.on_control(t, 1, "no", "joker_hocus-pocus", [])
        rules = rules_text(preset("standard"))
    assert mine[0] == "⚔️ **Annさんがあなたを攻撃**：4が2枚 = **8**。"
    assert "アブラカダブラ：Annさんに返し、向きが逆に" in "\n".join(mine)
    assert turn == "Annさんの攻撃 4 ×2 = 8 に応戦中"
    assert str(exc.value) == "今はそれはできません：ホーカスポーカスには捨て札に4が必要です。"
    assert rules.title == "シックスティ — standardルール"
    assert [heading for heading, _body in rules.sections] == [
        "カード",
        "攻撃",
        "攻撃への応じ方",
        "ジョーカー",
        "得点とゲームの終わり",
    ]

    done = finished(tiebreak=False)
    with reading("ja"):
        message = ADAPTER.round_message(table(done, ["Ann", "Bob", "Cy"]), done.round_results()[-1])
    assert message.title == "第1ラウンドの結果"
    assert "失点：少ないほど上位です。" in message.text


def test_plural_forms_follow_each_language() -> None:
    one = attacked(["4 3", "10 5", "5", "6"], "attack 4x1")
    two = attacked(["4 4 3", "10 5", "5", "6"], "attack 4x2")
    for lang, single, several in (
        ("fr", "Ramasser 1 carte : +4 de pénalité", "Ramasser les 2 cartes : +8 de pénalité"),
        (
            "es-ES",
            "Llevarte 1 carta: +4 de penalización",
            "Llevarte las 2 cartas: +8 de penalización",
        ),
        ("ja", "1枚を引き取る：失点 +4", "2枚を引き取る：失点 +8"),
        ("zh-TW", "吃下這 1 張牌：罰分 +4", "吃下這 2 張牌：罰分 +8"),
        ("zh-CN", "吃下这 1 张牌：罚分 +4", "吃下这 2 张牌：罚分 +8"),
    ):
        with reading(lang):
            assert choices(one.observation(1), NAMES)[-1].label == single
            assert choices(two.observation(1), NAMES)[-1].label == several


# -- the pseudo-locale: nothing left in English ------------------------------------


def positions() -> Iterator[Sixty]:
    yield Sixty.from_hands(None, ["4 4 10 AB 3", "5", "6", "12"], deck="")
    yield attacked(["4 4 4 4 3", "4 10 10 ZP AB", "5", "6"], "attack 4x4")
    yield no_hocus_pocus()
    yield attacked(["4", "4 10 ZP AB", "", ""], "attack 4x1")
    yield attacked(["30 3", "ZP", "5", "6"], "attack 30x1")
    yield attacked(["4 4 3", "10 5", "5", "6"], "attack 4x2", voluntary_take=False)
    passed = attacked(["4 4 3", "4 10", "5 5", "6"], "attack 4x2")
    passed.apply("pass 4x1")
    yield passed
    flipped = attacked(["4 4 5", "AB 10 3", "5 12", "3 3 ZP"], "attack 4x1")
    flipped.apply("joker abracadabra")
    yield flipped
    g = Sixty.new_game(preset("standard", players=6), seed=11)
    for _step in range(25):
        g.apply(g.legal_list()[-1])
    yield g


def texts_of(g: Sixty) -> Iterator[str]:
    t = table(g, ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"][: g.n])
    p = g.current_player
    assert p is not None
    yield from ADAPTER.table_lines(t)
    yield ADAPTER.turn_text(t, p)
    yield ADAPTER.timeout_text(t, p)
    yield ADAPTER.scores_text(t)
    for seat in range(g.n):
        yield from ADAPTER.hand_message(t, seat, controls=True).lines
    for c in choices(g.observation(p), t.names):
        yield c.label
        yield c.description
        after = g.copy()
        after.apply(c.decision)
        yield ADAPTER.aftermath(t, p, c.decision, g).text
    for _code, reason in held_jokers_refused(g, p):
        yield reason
    yield from recent_log(g, t.names)
    # every rule that can refuse, by the player to act and by another player
    for d in (
        Decision("attack", 3, 1),
        Decision("attack", 61, 1),
        Decision("attack", 4, 0),
        Decision("attack", 7, 1),
        Decision("attack", 30, 5),
        Decision("pass", 10, 1),
        Decision("pass", 4, 1),
        Decision("pass", 4, 5),
        Decision("fight", 4, 1),
        Decision("fight", 3, 1),
        Decision("fight", 12, 1),
        Decision("joker", 4, 1),
        Decision("joker", 61, 1),
        Decision("joker", 62, 1),
        Decision("joker", 63, 1),
        Decision("take", 0, 0),
        Decision("shuffle", 0, 0),
    ):
        for player in (p, (p + 1) % g.n):
            yield refusal(g, player, d)


def test_the_pseudo_locale_leaves_no_english_in_sixtys_texts() -> None:
    names = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")
    left: list[tuple[str, list[str]]] = []
    with reading("qps-ploc"):
        texts = [text for g in positions() for text in texts_of(g)]
        over = finished(tiebreak=True)
        t = table(over, ["Ann", "Bob", "Cy"])
        outcome = over.outcome()
        assert outcome is not None
        for message in (
            ADAPTER.round_message(t, over.round_results()[-1]),
            ADAPTER.final_message(t, outcome),
        ):
            texts += [message.title, message.text]
        texts.append(refusal(over, 0, Decision("take", 0, 0)))  # the game is over
        for name in ("standard", "strict", "quick"):
            rules = rules_text(preset(name))
            texts += [rules.title, rules.description]
            texts += [s for section in rules.sections for s in section]
        texts.append(ADAPTER.value_text(3))
    for text in texts:
        words = untranslated(text, allowed=names + RUNTIME_WORDS + ("standard", "strict", "quick"))
        if words:
            left.append((text, words))
    assert texts and left == []
