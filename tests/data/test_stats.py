"""Recording rounds and games: stats, titles, points per scheme, ratings, wins."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Database,
    GameNotLive,
    RoundAlreadyRecorded,
    Seat,
    position_category,
)
from tests.data.conftest import new_game, round_result

HUMANS4 = [Seat.human(10, "Ann"), Seat.human(11, "Bob"), Seat.human(12, "Cy"), Seat.human(13, "Di")]


def test_position_categories() -> None:
    assert [position_category(p, 3) for p in range(3)] == ["firsts", "middles", "lasts"]
    assert [position_category(p, 4) for p in range(4)] == [
        "firsts",
        "seconds",
        "second_lasts",
        "lasts",
    ]
    assert [position_category(p, 6) for p in range(6)] == [
        "firsts",
        "seconds",
        "middles",
        "middles",
        "second_lasts",
        "lasts",
    ]
    with pytest.raises(ValueError):
        position_category(4, 4)


async def test_round_updates_counts_titles_and_points(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await db.record_round(game, round_result(1, [0, 1, 2, 3]))
    await db.record_round(game, round_result(2, [3, 0, 1, 2]))

    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    assert ann.rounds_played == 2
    assert (ann.firsts, ann.seconds, ann.middles, ann.second_lasts, ann.lasts) == (1, 1, 0, 0, 0)
    assert ann.title == "Vice-President"  # from the last round
    assert ann.average_position == pytest.approx(1.5)
    assert ann.points == {"classic": 3}
    assert ann.games_played == 0  # the game is not finished yet

    di = (await db.profile(1, 13)).stats  # type: ignore[union-attr]
    assert (di.firsts, di.lasts, di.title) == (1, 1, "President")
    assert di.average_position == pytest.approx(2.5)


async def test_three_players_position_one_is_middle(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4[:3]))
    await db.record_round(game, round_result(1, [2, 0, 1]))
    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    assert (ann.seconds, ann.middles, ann.title) == (0, 1, "Citizen")


async def test_points_of_different_schemes_never_add_up(db: Database) -> None:
    g1 = await db.create_game(new_game(HUMANS4, scoring="classic"))
    await db.record_round(g1, round_result(1, [0, 1, 2, 3], points=[2, 1, 0, 0]))
    g2 = await db.create_game(new_game(HUMANS4, scoring="credits"))
    await db.record_round(g2, round_result(1, [0, 1, 2, 3], points=[5, 0, -10, -15]))
    await db.record_round(g2, round_result(2, [3, 2, 1, 0], points=[5, 0, -10, -15]))
    g3 = await db.create_game(new_game(HUMANS4, scoring="ladder"))
    await db.record_round(g3, round_result(1, [1, 0, 2, 3], points=[100, 50, 25, 0]))

    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    assert ann.points == {"classic": 2, "credits": -10, "ladder": 50}
    di = (await db.profile(1, 13)).stats  # type: ignore[union-attr]
    assert di.points == {"classic": 0, "credits": -10, "ladder": 0}


async def test_stats_are_per_guild(db: Database) -> None:
    g1 = await db.create_game(new_game(HUMANS4, guild_id=1))
    g2 = await db.create_game(new_game(HUMANS4, guild_id=2))
    await db.record_round(g1, round_result(1, [0, 1, 2, 3]))
    await db.record_round(g2, round_result(1, [3, 2, 1, 0]))
    assert (await db.profile(1, 10)).stats.firsts == 1  # type: ignore[union-attr]
    assert (await db.profile(2, 10)).stats.lasts == 1  # type: ignore[union-attr]
    assert await db.profile(3, 10) is None


async def test_ratings_only_among_humans(db: Database) -> None:
    seats = [
        Seat.human(10, "Ann"),
        Seat.computer("hard"),
        Seat.human(11, "Bob"),
        Seat.computer("easy"),
    ]
    game = await db.create_game(new_game(seats))
    # Computers finish first and third; among the humans Ann beat Bob.
    await db.record_round(game, round_result(1, [1, 0, 3, 2]))
    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    bob = (await db.profile(1, 11)).stats  # type: ignore[union-attr]
    assert ann.rated_rounds == bob.rated_rounds == 1
    assert ann.rating.mu > DEFAULT_MU > bob.rating.mu
    assert ann.rating.sigma < DEFAULT_SIGMA

    # The same result among two humans alone (ranks 0 and 1) gives the same update:
    # the computers had no influence at all.
    game2 = await db.create_game(new_game([Seat.human(20, "X"), Seat.human(21, "Y")], guild_id=9))
    await db.record_round(game2, round_result(1, [0, 1]))
    x = (await db.profile(9, 20)).stats  # type: ignore[union-attr]
    assert x.rating.mu == pytest.approx(ann.rating.mu)
    assert x.rating.sigma == pytest.approx(ann.rating.sigma)

    details = await db.game(game)
    assert details is not None and details.rounds[0].rated


async def test_no_rating_change_with_a_single_human(db: Database) -> None:
    seats = [Seat.human(10, "Ann"), Seat.computer("easy"), Seat.computer("easy")]
    game = await db.create_game(new_game(seats))
    for n in range(1, 6):
        await db.record_round(game, round_result(n, [0, 1, 2]))  # farming computers
    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    assert ann.rounds_played == 5 and ann.firsts == 5
    assert ann.rated_rounds == 0
    assert (ann.rating.mu, ann.rating.sigma) == (DEFAULT_MU, DEFAULT_SIGMA)
    details = await db.game(game)
    assert details is not None and not any(r.rated for r in details.rounds)
    page = await db.leaderboard(1, "rating", user_id=10)
    assert page.total == 0 and page.me is None
    profile = await db.profile(1, 10)
    assert profile is not None and profile.rating_rank is None


async def test_finish_counts_games_and_shared_wins(db: Database) -> None:
    seats = [*HUMANS4[:3], Seat.computer("easy")]
    game = await db.create_game(new_game(seats))
    await db.record_round(game, round_result(1, [0, 1, 2, 3]))
    await db.finish_game(
        game, [0, 1, 3], record_json='{"final": true}', last_round=round_result(2, [1, 0, 3, 2])
    )
    for user, wins in [(10, 1), (11, 1), (12, 0)]:
        stats = (await db.profile(1, user)).stats  # type: ignore[union-attr]
        assert (stats.games_played, stats.wins, stats.rounds_played) == (1, wins, 2)
    assert await db.live_tables() == []
    details = await db.game(game)
    assert details is not None
    assert details.summary.status == "finished"
    assert details.summary.winners == (0, 1, 3)
    assert details.summary.rounds_played == 2
    assert [r.number for r in details.rounds] == [1, 2]
    assert details.record_json == '{"final": true}'
    assert await db.game_record(game) == '{"final": true}'
    with pytest.raises(GameNotLive):
        await db.record_round(game, round_result(3, [0, 1, 2, 3]))


async def test_round_recorded_twice_is_refused_and_changes_nothing(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await db.record_round(game, round_result(1, [0, 1, 2, 3]))
    before = await db.profile(1, 10)
    with pytest.raises(RoundAlreadyRecorded):
        await db.record_round(game, round_result(1, [3, 2, 1, 0]))
    assert await db.profile(1, 10) == before


async def test_bad_round_is_refused(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    with pytest.raises(ValueError):
        await db.record_round(game, round_result(1, [0, 1, 2, 7]))
    r = round_result(1, [0, 1, 2, 3])
    two_seconds = replace(r, seats=[replace(s, position=1) if s.seat == 0 else s for s in r.seats])
    with pytest.raises(ValueError):
        await db.record_round(game, two_seconds)
    assert (await db.game(game)).rounds == ()  # type: ignore[union-attr]


async def test_display_name_last_seen(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    r = round_result(1, [0, 1, 2, 3])
    renamed = replace(
        r, seats=[replace(s, display_name="Annie") if s.seat == 0 else s for s in r.seats]
    )
    await db.record_round(game, renamed)
    assert (await db.profile(1, 10)).stats.display_name == "Annie"  # type: ignore[union-attr]
    details = await db.game(game)
    assert details is not None and details.summary.seats[0].display_name == "Annie"


async def test_abandoned_game_keeps_rounds_but_gives_no_game(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await db.record_round(game, round_result(1, [0, 1, 2, 3]))
    await db.abandon_game(game)
    ann = (await db.profile(1, 10)).stats  # type: ignore[union-attr]
    assert (ann.rounds_played, ann.games_played, ann.wins) == (1, 0, 0)
    assert await db.live_tables() == []
    assert (await db.game(game)).summary.status == "abandoned"  # type: ignore[union-attr]
    assert await db.game_record(game) == '{"decisions": []}'


async def test_recent_games_and_profile_history(db: Database) -> None:
    ids = []
    for i in range(4):
        g = await db.create_game(new_game(HUMANS4, channel_id=100 + i % 2))
        await db.finish_game(g, [i % 4], record_json="{}", last_round=round_result(1, [0, 1, 2, 3]))
        ids.append(g)
    live = await db.create_game(new_game(HUMANS4, channel_id=100))
    recent = await db.recent_games(100)
    assert [g.game_id for g in recent] == [ids[2], ids[0]]
    with_live = await db.recent_games(100, include_unfinished=True, limit=2)
    assert [g.game_id for g in with_live] == [live, ids[2]]
    profile = await db.profile(1, 11, recent=3)
    assert profile is not None
    assert [g.game_id for g in profile.recent_games] == [ids[3], ids[2], ids[1]]
    assert profile.stats.games_played == 4 and profile.stats.wins == 1
