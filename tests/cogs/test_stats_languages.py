"""The leaderboard and the profile in the reader's language: French and Japanese
readers see them translated, numbers as they write them, and the pseudo-locale
finds no English left in the words that are ours."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import discord

from cogs.stats import leaderboard_embed, leaderboard_view, profile_embed
from data import (
    Board,
    GameSummary,
    LeaderboardPage,
    LeaderboardRow,
    PlayerStats,
    Profile,
    Rating,
    Seat,
)
from engine import game_type
from locales import reading
from locales.pseudo import untranslated

PRESIDENT = game_type("president")
# What President declares (its title, its own boards, its titles, its scoring
# schemes): marked for the catalogs by the game's engineers in their own files.
DECLARED = ("President", "Rounds finished first", "Points", "classic", "scoring", "position")


def _row(rank: int, uid: int, value: float, games: int = 2) -> LeaderboardRow:
    return LeaderboardRow(rank, uid, f"user{uid}", value, Rating(25.0, 8.0), games, 6, 1)


def _page() -> LeaderboardPage:
    rows = tuple(_row(i + 1, i + 1, 1230.5 - i) for i in range(10))
    return LeaderboardPage(Board.RATING, "president", None, 0, 10, 23, rows, _row(17, 99, 5.0, 1))


def _texts(embed: discord.Embed) -> list[str]:
    out = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        out += [str(field.name), str(field.value)]
    return out


def _profile() -> Profile:
    when = datetime(2024, 1, 1, tzinfo=UTC)
    stats = PlayerStats(
        1, "president", 7, "alice", 3, 9, 2, 2.0, Rating(27.0, 6.0), 9,
        {"classic": 14, "position": 5}, when,
        counts={"firsts": 4, "seconds": 2, "middles": 1, "second_lasts": 1, "lasts": 1,
                "hints": 3},
        details={"title": "President"},
    )  # fmt: skip
    game = GameSummary(
        5, 1, 2, "president", "classic", "classic", "finished",
        (Seat.human(7, "alice"), Seat.computer("easy")), (0,), 2, when, when,
    )  # fmt: skip
    return Profile(stats, 1, (game,))


def test_a_french_reader_sees_the_leaderboard_in_french() -> None:
    with reading("fr"):
        embed = leaderboard_embed(PRESIDENT, "rating", _page(), viewer=99)
        view = leaderboard_view(PRESIDENT, "rating", _page(), owner=99)
    assert embed.title is not None and "Classement" in embed.title and "Cote" in embed.title
    assert embed.footer.text == "Page 1/3 · 23 joueurs"
    assert embed.fields[0].name == "Votre place"
    assert "(page 2)" in str(embed.fields[0].value) and "1 partie" in str(embed.fields[0].value)
    # numbers as the French write them: a narrow no-break space, a decimal comma
    assert "**user1** — 1\u202f230,5 · 2 parties" in str(embed.description)
    labels = [c.get("label") for row in view.to_components() for c in row["components"]]
    assert labels[:2] == ["◀ Précédent", "Suivant ▶"]


def test_a_japanese_reader_sees_the_leaderboard_in_japanese() -> None:
    empty = LeaderboardPage(Board.RATING, "president", None, 0, 10, 0, (), None)
    with reading("ja"):
        embed = leaderboard_embed(PRESIDENT, "rating", _page(), viewer=99)
        nobody = leaderboard_embed(PRESIDENT, "rating", empty, viewer=5)
        select = leaderboard_view(PRESIDENT, "rating", _page(), 99).to_components()[1]
    assert embed.title is not None and "ランキング" in embed.title and "レーティング" in embed.title
    assert embed.fields[0].name == "あなたの順位"
    assert embed.footer.text == "1/3ページ · 23人"
    assert "このランキングにはまだ誰もいません" in str(nobody.description)
    assert nobody.fields[0].value == "あなたはまだこのランキングに載っていません。"
    assert select["components"][0]["placeholder"] == "ランキングを選ぶ"


def test_a_french_and_a_japanese_reader_see_a_profile_in_their_language() -> None:
    with reading("fr"):
        fr = {f.name: str(f.value) for f in profile_embed(_profile()).fields}
    assert set(fr) >= {"Cote", "Parties", "Places à l’arrivée", "Parties récentes"}
    assert "3 finies · 2 gagnées" in fr["Parties"] and "3 indices utilisés" in fr["Parties"]
    assert fr["Places à l’arrivée"].startswith("1er 4 · 2e 2 · milieu 1 · avant-dernier 1")
    assert "Place moyenne 2,00" in fr["Places à l’arrivée"]
    assert "2 joueurs · 2 manches · 🏆 gagnée" in fr["Parties récentes"]
    with reading("ja"):
        ja = {f.name: str(f.value) for f in profile_embed(_profile()).fields}
    assert set(ja) >= {"レーティング", "ゲーム", "順位", "最近のゲーム"}
    assert "ここで1位" in ja["レーティング"] and "9ラウンド" in ja["ゲーム"]
    assert ja["順位"].startswith("1位 4回 · 2位 2回 · 中位 1回")


def test_the_pseudo_locale_leaves_no_english_in_leaderboards_and_profiles() -> None:
    names = (*(f"user{i}" for i in range(100)), "alice")
    with reading("qps-ploc"):
        board = leaderboard_embed(PRESIDENT, "rating", _page(), viewer=99)
        view = leaderboard_view(PRESIDENT, "rating", _page(), owner=99)
        wins = leaderboard_embed(
            PRESIDENT, "wins", LeaderboardPage(Board.WINS, "president", None, 0, 10, 0, (), None), 5
        )
        profile = profile_embed(_profile())
        unrated = profile_embed(Profile(replace(_profile().stats, rated_rounds=0), None, ()))
    texts = [*_texts(board), *_texts(wins), *_texts(profile), *_texts(unrated)]
    for row in view.to_components():
        for c in row["components"]:
            texts += [c.get("label") or "", c.get("placeholder") or ""]
    left = {w for text in texts for w in untranslated(text, allowed=names + DECLARED)}
    assert left == set(), left
