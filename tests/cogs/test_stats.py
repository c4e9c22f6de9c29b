"""The leaderboard and profile embeds and their paging controls."""

from __future__ import annotations

from datetime import UTC, datetime

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

PRESIDENT = game_type("president")


def _row(rank: int, uid: int, value: float) -> LeaderboardRow:
    return LeaderboardRow(rank, uid, f"user{uid}", value, Rating(25.0, 8.0), 2, 6, 1, 3)


def test_leaderboard_embed_pages_and_own_place() -> None:
    assert board_query(PRESIDENT, "points-classic") == (Board.POINTS, "classic")
    assert board_query(PRESIDENT, "wins") == (Board.WINS, None)
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
        1, "president", 7, "alice", "President", 3, 9, 2, 4, 2, 1, 1, 1, 2.0, Rating(27.0, 6.0), 9,
        {"classic": 14, "position": 5}, when,
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
    assert "1st 4" in fields["Finishing places"] and "2.00" in fields["Finishing places"]
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
