"""The leaderboard and profile embeds and their paging controls."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from cogs.replies import UserFacingError
from cogs.stats import (
    LeaderboardItem,
    board_query,
    boards,
    leaderboard_embed,
    leaderboard_view,
    profile_embed,
)
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
from tests.takeaway.game import GAME_TYPE as TAKEAWAY

PRESIDENT = game_type("president")


def _row(rank: int, uid: int, value: float) -> LeaderboardRow:
    return LeaderboardRow(rank, uid, f"user{uid}", value, Rating(25.0, 8.0), 2, 6, 1)


def test_leaderboard_embed_pages_and_own_place() -> None:
    classic = board_query(PRESIDENT, "points-classic")
    assert (classic.ranks, classic.stat, classic.title) == (
        "points",
        "classic",
        "Points (classic scoring)",
    )
    assert (board_query(PRESIDENT, "wins").ranks, board_query(PRESIDENT, "wins").stat) == (
        "wins",
        None,
    )
    with pytest.raises(UserFacingError, match="no 'stones' leaderboard for President"):
        board_query(PRESIDENT, "stones")
    rows = tuple(_row(i + 1, i + 1, 30.0 - i) for i in range(10))
    page = LeaderboardPage(Board.RATING, "president", None, 0, 10, 23, rows, _row(17, 99, 5.0))
    embed = leaderboard_embed(PRESIDENT, "rating", page, viewer=99)
    assert embed.description is not None and embed.description.count("\n") == 9
    assert "`# 1` **user1** — 30.0" in embed.description
    assert "#17" in embed.fields[0].value and "page 2" in embed.fields[0].value  # type: ignore[operator]
    assert embed.footer.text == "Page 1/3 · 23 players"
    rows = leaderboard_view(PRESIDENT, "rating", page, owner=99).to_components()
    ids = [c["custom_id"] for r in rows for c in r["components"]]
    assert ids == [
        "lb:prev:president~rating:0:99",
        "lb:next:president~rating:1:99",
        "lb:board:president~rating:0:99",
    ]
    assert len(set(ids)) == len(ids)
    assert len(boards(PRESIDENT)) <= 25
    empty = LeaderboardPage(Board.WINS, "president", None, 0, 10, 0, (), None)
    assert "not on this board" in str(
        leaderboard_embed(PRESIDENT, "wins", empty, 5).fields[0].value
    )


def test_profile_embed() -> None:
    when = datetime(2024, 1, 1, tzinfo=UTC)
    stats = PlayerStats(
        1, "president", 7, "alice", 3, 9, 2, 2.0, Rating(27.0, 6.0), 9,
        {"classic": 14, "position": 5}, when,
        counts={"firsts": 4, "seconds": 2, "middles": 1, "second_lasts": 1, "lasts": 1},
        details={"title": "President"},
    )  # fmt: skip
    game = GameSummary(
        5, 1, 2, "president", "classic", "classic", "finished",
        (Seat.human(7, "alice"), Seat.computer("easy")), (0,), 2, when, when,
    )  # fmt: skip
    embed = profile_embed(Profile(stats, 1, (game,)))
    fields = {f.name: str(f.value) for f in embed.fields}
    assert embed.title == "President: alice — President"
    assert "9.0" in fields["Rating"] and "#1" in fields["Rating"]
    assert "3 finished · 2 won" in fields["Games"]
    assert fields["Finishing places"] == (
        "1st 4 · 2nd 2 · middle 1 · second-last 1 · last 1\nAverage place 2.00"
    )
    assert fields["Points by scoring"] == "classic 14 · position 5"
    assert "🏆 won" in fields["Recent games"]


def test_leaderboard_ids_of_earlier_releases_still_match() -> None:
    """Messages sent before there were several games carry no game: President."""
    import re

    old = re.fullmatch(LeaderboardItem.__discord_ui_compiled_template__, "lb:next:rating:1:99")
    assert old is not None and old["game"] is None and old["board"] == "rating"
    new = re.fullmatch(
        LeaderboardItem.__discord_ui_compiled_template__, "lb:board:bigtwo~mean-standard:0:5"
    )
    assert new is not None and new["game"] == "bigtwo" and new["board"] == "mean-standard"


def test_a_new_game_gets_the_boards_and_profile_it_declares() -> None:
    """Take-away declares its own boards and places; nothing here names it."""
    assert list(boards(TAKEAWAY)) == ["rounds-won", "rating", "wins", "stones"]
    spec = board_query(TAKEAWAY, "rounds-won")
    assert (spec.ranks, spec.stat) == ("count", "firsts")
    page = LeaderboardPage(Board.COUNT, "takeaway", "firsts", 0, 10, 1, (_row(1, 5, 3),), None)
    embed = leaderboard_embed(TAKEAWAY, "rounds-won", page, viewer=5)
    assert embed.title == "🏆 Take-away leaderboard — Rounds won"
    assert embed.description == "`# 1` **user5** — 3 · 2 games"
    (select,) = leaderboard_view(TAKEAWAY, "rounds-won", page, owner=5).to_components()[1][
        "components"
    ]
    assert [o["label"] for o in select["options"]] == [
        "Rounds won",
        "Rating",
        "Games won",
        "Points",
    ]
    when = datetime(2024, 1, 1, tzinfo=UTC)
    stats = PlayerStats(
        1, "takeaway", 5, "bo", 2, 5, 1, 1.4, Rating(25.0, 8.0), 0, {"standard": 3}, when,
        counts={"firsts": 3, "lasts": 2}, details={"title": "ignored"},
    )  # fmt: skip
    fields = {
        f.name: str(f.value) for f in profile_embed(Profile(stats, None, ()), TAKEAWAY).fields
    }
    assert fields["Finishing places"] == "won 3 · lost 2\nAverage place 1.40"
    assert fields["Points by scoring"] == "standard 3"
