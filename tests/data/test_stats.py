"""Recording rounds and games: stats, titles, points per scheme, ratings, wins, ties."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Board,
    Database,
    GameNotLive,
    InvalidRound,
    RoundAlreadyRecorded,
    Seat,
    place_kind,
)
from engine.stats import Category, Detail, StatsSpec
from tests.data.conftest import finish, new_game, play_round, round_result

HUMANS4 = [Seat.human(10, "Ann"), Seat.human(11, "Bob"), Seat.human(12, "Cy"), Seat.human(13, "Di")]
P = "president"


def test_places_counted() -> None:
    assert [place_kind(p, 3) for p in range(3)] == ["first", "middle", "last"]
    assert [place_kind(p, 4) for p in range(4)] == ["first", "second", "second_last", "last"]
    assert [place_kind(p, 6) for p in range(6)] == [
        "first",
        "second",
        "middle",
        "middle",
        "second_last",
        "last",
    ]
    with pytest.raises(ValueError):
        place_kind(4, 4)


async def test_round_updates_counts_titles_and_points(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await play_round(db, game, round_result(1, [0, 1, 2, 3]))
    await play_round(db, game, round_result(2, [3, 0, 1, 2]))

    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    assert ann.kind == P
    assert ann.rounds_played == 2
    assert ann.counts == {"firsts": 1, "seconds": 1, "middles": 0, "second_lasts": 0, "lasts": 0}
    assert ann.details.get("title") == "Vice-President"  # from the last round's details
    assert ann.average_position == pytest.approx(1.5)
    assert ann.points == {"classic": 3} and ann.means == {"classic": 1.5}
    assert ann.games_played == 0  # the game is not finished yet

    di = (await db.profile(1, 13, kind=P)).stats  # type: ignore[union-attr]
    assert (di.counts["firsts"], di.counts["lasts"], di.details.get("title")) == (1, 1, "President")
    assert di.average_position == pytest.approx(2.5)
    details = await db.game(game)
    assert details is not None
    first = {s.seat: s for s in details.rounds[0].seats}
    assert first[0].details == {"title": "President", "promotion": 0}
    assert (first[0].score, first[0].total, first[3].score) == (2, 2, 0)


async def test_three_players_position_one_is_middle(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4[:3]))
    await play_round(db, game, round_result(1, [2, 0, 1]))
    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    assert (ann.counts["seconds"], ann.counts["middles"], ann.details.get("title")) == (
        0,
        1,
        "Citizen",
    )


async def test_tied_positions_share_the_smaller_place(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4, kind="sixty", lower_is_better=True))
    # Ann and Bob tie for first, Cy and Di tie for third
    tied = round_result(1, [0, 1, 2, 3], points=[0, 0, 5, 5], positions=[0, 0, 2, 2])
    await play_round(db, game, replace(tied, seats=[replace(s, details={}) for s in tied.seats]))
    ann = (await db.profile(1, 10, kind="sixty")).stats  # type: ignore[union-attr]
    bob = (await db.profile(1, 11, kind="sixty")).stats  # type: ignore[union-attr]
    cy = (await db.profile(1, 12, kind="sixty")).stats  # type: ignore[union-attr]
    di = (await db.profile(1, 13, kind="sixty")).stats  # type: ignore[union-attr]
    assert ann.counts["firsts"] == bob.counts["firsts"] == 1
    assert cy.counts["second_lasts"] == di.counts["second_lasts"] == 1
    assert ann.details.get("title") is None  # no title in this game's details
    # a tie is a tie for the rating too: equal ratings move equally
    assert ann.rating == bob.rating and cy.rating == di.rating
    assert ann.rating.mu > DEFAULT_MU > cy.rating.mu
    with pytest.raises(ValueError):  # "0, 1, 1, 1" is fine, "0, 2, 2, 3" is not
        await play_round(db, game, round_result(2, [0, 1, 2, 3], positions=[0, 2, 2, 3]))
    await play_round(db, game, round_result(2, [0, 1, 2, 3], positions=[0, 1, 1, 1]))


async def test_points_of_different_schemes_never_add_up(db: Database) -> None:
    g1 = await db.create_game(new_game(HUMANS4, scoring="classic"))
    await play_round(db, g1, round_result(1, [0, 1, 2, 3], points=[2, 1, 0, 0]))
    g2 = await db.create_game(new_game(HUMANS4, scoring="credits"))
    await play_round(db, g2, round_result(1, [0, 1, 2, 3], points=[5, 0, -10, -15]))
    await play_round(db, g2, round_result(2, [3, 2, 1, 0], points=[5, 0, -10, -15]))
    g3 = await db.create_game(new_game(HUMANS4, scoring="ladder"))
    await play_round(db, g3, round_result(1, [1, 0, 2, 3], points=[100, 50, 25, 0]))

    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    assert ann.points == {"classic": 2, "credits": -10, "ladder": 50}
    assert ann.means == {"classic": 2.0, "credits": -5.0, "ladder": 50.0}
    di = (await db.profile(1, 13, kind=P)).stats  # type: ignore[union-attr]
    assert di.points == {"classic": 0, "credits": -10, "ladder": 0}


async def test_stats_are_per_guild_and_per_kind(db: Database) -> None:
    g1 = await db.create_game(new_game(HUMANS4, guild_id=1))
    g2 = await db.create_game(new_game(HUMANS4, guild_id=2))
    g3 = await db.create_game(new_game(HUMANS4, guild_id=1, kind="bigtwo", scoring="bigtwo"))
    await play_round(db, g1, round_result(1, [0, 1, 2, 3]))
    await play_round(db, g2, round_result(1, [3, 2, 1, 0]))
    await play_round(db, g3, round_result(1, [3, 2, 1, 0], points=[0, 3, 6, 9]))
    await play_round(db, g3, round_result(2, [3, 2, 1, 0], points=[0, 3, 6, 9]))
    await finish(db, g3, [3])
    pres = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    big = (await db.profile(1, 10, kind="bigtwo")).stats  # type: ignore[union-attr]
    assert (pres.counts["firsts"], pres.rounds_played, pres.games_played) == (1, 1, 0)
    assert (big.counts["lasts"], big.rounds_played, big.games_played, big.points) == (
        2,
        2,
        1,
        {"bigtwo": 18},
    )
    assert (await db.profile(2, 10, kind=P)).stats.counts["lasts"] == 1  # type: ignore[union-attr]
    assert await db.profile(3, 10, kind=P) is None
    assert await db.profile(2, 10, kind="bigtwo") is None
    assert await db.played_kinds(1, 10) == ("bigtwo", "president")  # last played first
    assert await db.played_kinds(2, 10) == ("president",)
    assert await db.played_kinds(1, 99) == ()
    assert [g.game_id for g in (await db.profile(1, 13, kind="bigtwo")).recent_games] == [g3]  # type: ignore[union-attr]
    assert (await db.profile(1, 13, kind=P)).recent_games == ()  # type: ignore[union-attr]


async def test_ratings_only_among_humans(db: Database) -> None:
    seats = [
        Seat.human(10, "Ann"),
        Seat.computer("hard"),
        Seat.human(11, "Bob"),
        Seat.computer("easy"),
    ]
    game = await db.create_game(new_game(seats))
    # Computers finish first and third; among the humans Ann beat Bob.
    await play_round(db, game, round_result(1, [1, 0, 3, 2]))
    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    bob = (await db.profile(1, 11, kind=P)).stats  # type: ignore[union-attr]
    assert ann.rated_rounds == bob.rated_rounds == 1
    assert ann.rating.mu > DEFAULT_MU > bob.rating.mu
    assert ann.rating.sigma < DEFAULT_SIGMA

    # The same result among two humans alone (ranks 0 and 1) gives the same update:
    # the computers had no influence at all.
    game2 = await db.create_game(new_game([Seat.human(20, "X"), Seat.human(21, "Y")], guild_id=9))
    await play_round(db, game2, round_result(1, [0, 1]))
    x = (await db.profile(9, 20, kind=P)).stats  # type: ignore[union-attr]
    assert x.rating.mu == pytest.approx(ann.rating.mu)
    assert x.rating.sigma == pytest.approx(ann.rating.sigma)

    details = await db.game(game)
    assert details is not None and details.rounds[0].rated


async def test_ratings_are_per_kind(db: Database) -> None:
    pair = [Seat.human(10, "Ann"), Seat.human(11, "Bob")]
    await play_round(db, await db.create_game(new_game(pair)), round_result(1, [0, 1]))
    big = await db.create_game(new_game(pair, kind="bigtwo"))
    await play_round(db, big, round_result(1, [1, 0]))
    assert (await db.profile(1, 10, kind=P)).stats.rating.mu > DEFAULT_MU  # type: ignore[union-attr]
    assert (await db.profile(1, 10, kind="bigtwo")).stats.rating.mu < DEFAULT_MU  # type: ignore[union-attr]


async def test_no_rating_change_with_a_single_human(db: Database) -> None:
    seats = [Seat.human(10, "Ann"), Seat.computer("easy"), Seat.computer("easy")]
    game = await db.create_game(new_game(seats))
    for n in range(1, 6):
        await play_round(db, game, round_result(n, [0, 1, 2]))  # farming computers
    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    assert ann.rounds_played == 5 and ann.counts["firsts"] == 5
    assert ann.rated_rounds == 0
    assert (ann.rating.mu, ann.rating.sigma) == (DEFAULT_MU, DEFAULT_SIGMA)
    details = await db.game(game)
    assert details is not None and not any(r.rated for r in details.rounds)
    page = await db.leaderboard(1, "rating", kind=P, user_id=10)
    assert page.total == 0 and page.me is None
    profile = await db.profile(1, 10, kind=P)
    assert profile is not None and profile.rating_rank is None


async def test_finish_counts_games_and_shared_wins(db: Database) -> None:
    seats = [*HUMANS4[:3], Seat.computer("easy")]
    game = await db.create_game(new_game(seats))
    await play_round(db, game, round_result(1, [0, 1, 2, 3]))
    await finish(db, game, [0, 1, 3], round_result(2, [1, 0, 3, 2]))
    for user, wins in [(10, 1), (11, 1), (12, 0)]:
        stats = (await db.profile(1, user, kind=P)).stats  # type: ignore[union-attr]
        assert (stats.games_played, stats.wins, stats.rounds_played) == (1, wins, 2)
    assert await db.live_tables() == []
    details = await db.game(game)
    assert details is not None
    assert details.summary.status == "finished"
    assert details.summary.winners == (0, 1, 3)
    assert details.summary.rounds_played == 2
    assert [r.number for r in details.rounds] == [1, 2]
    assert details.record_json == await db.game_record(game)
    with pytest.raises(GameNotLive):
        await db.append_decision(game, 3, 0, "late", round_result=round_result(3, [0, 1, 2, 3]))


async def test_bad_winners_roll_back_the_decision(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    with pytest.raises(ValueError):
        await db.append_decision(
            game, 0, 0, "x", round_result=round_result(1, [0, 1, 2, 3]), winners=[7]
        )
    table = await db.live_table(game)
    assert table is not None and table.version == 0 and table.decisions == ()
    assert await db.profile(1, 10, kind=P) is None


async def test_round_recorded_twice_is_refused_and_changes_nothing(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await play_round(db, game, round_result(1, [0, 1, 2, 3]))
    before = await db.profile(1, 10, kind=P)
    table = await db.live_table(game)
    with pytest.raises(RoundAlreadyRecorded):
        await play_round(db, game, round_result(1, [3, 2, 1, 0]))
    assert await db.profile(1, 10, kind=P) == before
    assert await db.live_table(game) == table  # the decision went with it


async def test_bad_round_is_refused(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    with pytest.raises(ValueError):
        await play_round(db, game, round_result(1, [0, 1, 2, 7]))
    r = round_result(1, [0, 1, 2, 3])
    two_seconds = replace(r, seats=[replace(s, position=1) if s.seat == 0 else s for s in r.seats])
    with pytest.raises(ValueError):
        await play_round(db, game, two_seconds)
    assert (await db.game(game)).rounds == ()  # type: ignore[union-attr]


async def test_display_name_last_seen(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    r = round_result(1, [0, 1, 2, 3])
    renamed = replace(
        r, seats=[replace(s, display_name="Annie") if s.seat == 0 else s for s in r.seats]
    )
    await play_round(db, game, renamed)
    assert (await db.profile(1, 10, kind=P)).stats.display_name == "Annie"  # type: ignore[union-attr]
    details = await db.game(game)
    assert details is not None and details.summary.seats[0].display_name == "Annie"


async def test_abandoned_game_keeps_rounds_and_record_but_gives_no_game(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4))
    await db.append_decision(game, 0, 2, "33")
    await play_round(db, game, round_result(1, [0, 1, 2, 3]))
    live_record = await db.game_record(game)
    await db.abandon_game(game)
    ann = (await db.profile(1, 10, kind=P)).stats  # type: ignore[union-attr]
    assert (ann.rounds_played, ann.games_played, ann.wins) == (1, 0, 0)
    assert await db.live_tables() == []
    details = await db.game(game)
    assert details is not None and details.summary.status == "abandoned"
    assert details.summary.winners == ()
    assert await db.game_record(game) == live_record
    assert '[2, "33"]' in (live_record or "")
    with pytest.raises(GameNotLive):
        await db.abandon_game(game)


async def test_recent_games_and_profile_history(db: Database) -> None:
    ids = []
    for i in range(4):
        g = await db.create_game(new_game(HUMANS4, channel_id=100 + i % 2))
        await finish(db, g, [i % 4], round_result(1, [0, 1, 2, 3]))
        ids.append(g)
    other = await db.create_game(new_game(HUMANS4, channel_id=100, kind="sixty"))
    await finish(db, other, [0])
    live = await db.create_game(new_game(HUMANS4, channel_id=100))
    recent = await db.recent_games(100)
    assert [g.game_id for g in recent] == [other, ids[2], ids[0]]
    assert [g.game_id for g in await db.recent_games(100, kind=P)] == [ids[2], ids[0]]
    assert [g.game_id for g in await db.recent_games(100, kind="sixty")] == [other]
    with_live = await db.recent_games(100, kind=P, include_unfinished=True, limit=2)
    assert [g.game_id for g in with_live] == [live, ids[2]]
    profile = await db.profile(1, 11, kind=P, recent=3)
    assert profile is not None
    assert [g.game_id for g in profile.recent_games] == [ids[3], ids[2], ids[1]]
    assert profile.stats.games_played == 4 and profile.stats.wins == 1


async def test_places_after_a_tie_skip_and_dense_places_are_refused(db: Database) -> None:
    game = await db.create_game(new_game(HUMANS4, kind="sixty", lower_is_better=True))
    dense = round_result(1, [0, 1, 2, 3], points=[0, 5, 5, 9], positions=[0, 1, 1, 2])
    with pytest.raises(InvalidRound):  # after two seconds comes the fourth place
        await play_round(
            db, game, replace(dense, seats=[replace(s, details={}) for s in dense.seats])
        )
    details = await db.game(game)
    assert details is not None and details.summary.rounds_played == 0  # nothing written
    skipped = round_result(1, [0, 1, 2, 3], points=[0, 5, 5, 9], positions=[0, 1, 1, 3])
    await play_round(
        db, game, replace(skipped, seats=[replace(s, details={}) for s in skipped.seats])
    )
    di = (await db.profile(1, 13, kind="sixty")).stats  # type: ignore[union-attr]
    assert di.counts["lasts"] == 1


async def test_a_game_counts_and_keeps_what_it_declares(db: Database) -> None:
    """Nothing of President is built in: another game's places and details."""
    spec = StatsSpec(
        categories=(Category("wins_of_round", "won", "first"),),
        details=(Detail("title", keep="count"), Detail("streak")),
    )
    game = await db.create_game(new_game(HUMANS4[:3], kind="takeaway"))
    for n, order in enumerate(([0, 1, 2], [0, 2, 1], [1, 0, 2]), start=1):
        result = round_result(n, order, statistics=spec)
        seats = [replace(s, details={**s.details, "streak": n}) for s in result.seats]
        await play_round(db, game, replace(result, seats=seats))
    ann = (await db.profile(1, 10, kind="takeaway")).stats  # type: ignore[union-attr]
    assert ann.counts == {"wins_of_round": 2, "title=President": 2, "title=Citizen": 1}
    assert ann.details == {"streak": 3}  # counted details are not kept as well
    board = await db.leaderboard(1, Board.COUNT, kind="takeaway", stat="wins_of_round")
    assert [(r.user_id, r.value, r.rank) for r in board.rows] == [
        (10, 2, 1),
        (11, 1, 2),
        (12, 0, 3),
    ]
    presidents = await db.leaderboard(1, Board.COUNT, kind="takeaway", stat="title=President")
    assert [(r.user_id, r.value) for r in presidents.rows] == [(10, 2), (11, 1)]
