"""Leaderboards, live tables with optimistic concurrency, privacy, settings."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from data import (
    DELETED_PLAYER,
    Board,
    Database,
    GameNotFound,
    GameNotLive,
    Seat,
    Settings,
    StaleVersion,
)
from tests.data.conftest import new_game, round_result


async def _board_fixture(db: Database, players: int = 25) -> None:
    """Players 1..n; player u plays u rounds and wins u % 7 games (guild 1)."""
    for u in range(1, players + 1):
        seats = [Seat.human(u, f"P{u}"), Seat.computer("easy"), Seat.computer("easy")]
        game = await db.create_game(new_game(seats))
        for n in range(1, u % 5 + 2):
            await db.record_round(game, round_result(n, [0, 1, 2], points=[2, 1, 0]))
        await db.finish_game(game, [0] if u % 3 else [1], record_json="{}")


async def test_leaderboard_paging_and_my_rank_off_page(db: Database) -> None:
    await _board_fixture(db)
    page0 = await db.leaderboard(1, Board.FIRSTS, page=0, page_size=4, user_id=3)
    assert page0.total == 25 and page0.pages == 7
    assert len(page0.rows) == 4
    values = [r.value for r in page0.rows]
    assert values == sorted(values, reverse=True)
    # firsts = u % 5 + 1: five players (4, 9, 14, 19, 24) share the top value 5.
    assert all(r.rank == 1 for r in page0.rows)
    assert [r.user_id for r in page0.rows] == [4, 9, 14, 19]  # ties ordered by user id
    assert page0.me is not None and page0.me.user_id == 3
    assert page0.me.value == 4 and page0.me.rank == 6  # 5 players have more firsts

    page1 = await db.leaderboard(1, Board.FIRSTS, page=1, page_size=4)
    assert [r.user_id for r in page1.rows] == [24, 3, 8, 13]
    assert [r.rank for r in page1.rows] == [1, 6, 6, 6]
    assert page1.me is None

    every = []
    for p in range(page0.pages):
        every += (await db.leaderboard(1, Board.FIRSTS, page=p, page_size=4)).rows
    assert sorted(r.user_id for r in every) == list(range(1, 26))
    last = await db.leaderboard(1, Board.FIRSTS, page=99, page_size=4, user_id=3)
    assert last.rows == () and last.me == page0.me


async def test_points_board_is_per_scheme(db: Database) -> None:
    await _board_fixture(db, players=6)
    game = await db.create_game(
        new_game([Seat.human(50, "Zed"), Seat.human(1, "P1")], scoring="credits")
    )
    await db.record_round(game, round_result(1, [0, 1], points=[5, -15]))
    classic = await db.leaderboard(1, Board.POINTS, scheme="classic", user_id=50)
    assert classic.total == 6 and classic.me is None
    assert classic.rows[0].value == 10  # player 4: 5 rounds x 2 points
    credits = await db.leaderboard(1, Board.POINTS, scheme="credits", user_id=1)
    assert [(r.user_id, r.value, r.rank) for r in credits.rows] == [(50, 5, 1), (1, -15, 2)]
    assert credits.me is not None and credits.me.rank == 2
    assert (await db.leaderboard(1, Board.POINTS, scheme="ladder")).total == 0
    with pytest.raises(ValueError):
        await db.leaderboard(1, Board.POINTS)


async def test_wins_and_rating_boards(db: Database) -> None:
    await _board_fixture(db, players=6)
    wins = await db.leaderboard(1, Board.WINS, page_size=100)
    assert {r.user_id for r in wins.rows if r.value == 1} == {1, 2, 4, 5}
    assert [r.rank for r in wins.rows] == [1, 1, 1, 1, 5, 5]
    assert (await db.leaderboard(1, Board.RATING)).total == 0  # nobody played another human
    seats = [Seat.human(1, "P1"), Seat.human(2, "P2"), Seat.human(3, "P3")]
    game = await db.create_game(new_game(seats))
    await db.record_round(game, round_result(1, [2, 0, 1]))
    rating = await db.leaderboard(1, Board.RATING, user_id=2)
    assert [r.user_id for r in rating.rows] == [3, 1, 2]
    assert rating.rows[0].value == pytest.approx(rating.rows[0].rating.ordinal)
    assert rating.me is not None and rating.me.rank == 3
    profile = await db.profile(1, 3)
    assert profile is not None and profile.rating_rank == 1


async def test_stale_version_raises_and_leaves_row_unchanged(db: Database) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    v1 = await db.save_decision(game, 0, "S1", "R1", meta_json='{"m": 1}')
    assert v1 == 1
    before = await db.live_table(game)
    with pytest.raises(StaleVersion) as info:
        await db.save_decision(game, 0, "S-other", "R-other", round_result=round_result(1, [0, 1]))
    assert (info.value.expected, info.value.actual) == (0, 1)
    assert await db.live_table(game) == before
    assert (await db.game(game)).rounds == ()  # type: ignore[union-attr]  # round rolled back
    with pytest.raises(StaleVersion):
        await db.finish_game(game, [0], record_json="{}", expected_version=5)
    assert await db.live_table(game) == before


async def test_two_writers_race_one_wins(db: Database, db_path: Path) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    async with await Database.open(db_path) as other:
        results = await asyncio.gather(
            db.save_decision(game, 0, "mine", "r"),
            other.save_decision(game, 0, "theirs", "r"),
            return_exceptions=True,
        )
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    table = await db.live_table(game)
    assert table is not None and table.version == 1
    winner = "mine" if results[0] == 1 else "theirs"
    assert table.state_json == winner


async def test_many_coroutines_on_one_connection(db: Database) -> None:
    games = [
        await db.create_game(new_game([Seat.human(i, "A"), Seat.human(i + 100, "B")]))
        for i in range(5)
    ]

    async def play(game: int) -> None:
        version = 0
        for step in range(20):
            version = await db.save_decision(game, version, f"S{step}", f"R{step}")

    await asyncio.gather(*(play(g) for g in games))
    tables = await db.live_tables()
    assert [(t.version, t.state_json) for t in tables] == [(20, "S19")] * 5


async def test_live_tables_survive_reopen_and_finish_removes(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        a = await db.create_game(new_game([Seat.human(1, "A"), Seat.computer("easy")]))
        b = await db.create_game(new_game([Seat.human(2, "B"), Seat.computer("hard")]))
        await db.save_decision(a, 0, "A1", "RA1")
        await db.set_meta(b, '{"timer": 30}')
    async with await Database.open(db_path) as db:
        tables = {t.game_id: t for t in await db.live_tables()}
        assert set(tables) == {a, b}
        assert (tables[a].version, tables[a].state_json, tables[a].record_json) == (1, "A1", "RA1")
        assert tables[b].meta_json == '{"timer": 30}' and tables[b].version == 0
        assert tables[b].seats[1].computer_level == "hard"
        assert await db.game_record(a) == "RA1"
        await db.finish_game(a, [0], record_json="FINAL", expected_version=1)
        assert [t.game_id for t in await db.live_tables()] == [b]
        with pytest.raises(GameNotLive):
            await db.save_decision(a, 1, "x", "y")
        with pytest.raises(GameNotFound):
            await db.save_decision(999, 0, "x", "y")
        with pytest.raises(GameNotFound):
            await db.set_meta(999, "{}")


async def test_set_seat_hands_a_seat_to_a_computer(db: Database) -> None:
    game = await db.create_game(
        new_game([Seat.human(1, "A"), Seat.human(2, "B"), Seat.human(3, "C")])
    )
    await db.set_seat(game, 1, Seat.computer("easy"))
    await db.record_round(game, round_result(1, [1, 0, 2]))
    assert await db.profile(1, 2) is None
    assert (await db.profile(1, 1)).stats.rated_rounds == 1  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        await db.set_seat(game, 2, Seat.human(1, "A again"))


async def test_forget_user(db: Database, db_path: Path) -> None:
    for guild in (1, 2):
        game = await db.create_game(
            new_game([Seat.human(7, "Gone"), Seat.human(8, "Stays")], guild_id=guild)
        )
        await db.finish_game(
            game, [0], record_json='{"seats": [0, 1]}', last_round=round_result(1, [0, 1])
        )
    live = await db.create_game(
        new_game([Seat.human(7, "Gone"), Seat.human(8, "Stays")], guild_id=1)
    )

    result = await db.forget_user(1, 7)
    assert (result.players_deleted, result.seats_anonymised) == (1, 2)
    assert await db.profile(1, 7) is None
    assert await db.profile(2, 7) is not None  # other guild untouched
    assert (await db.leaderboard(1, Board.WINS, user_id=7)).me is None
    (old,) = [g for g in await db.recent_games(100) if g.guild_id == 1]
    assert old.seats[0] == Seat(display_name=DELETED_PLAYER)
    assert old.seats[0].is_human and old.winners == (0,)
    assert await db.game_record(old.game_id) == '{"seats": [0, 1]}'
    table = await db.live_table(live)
    assert table is not None and table.seats[0].user_id is None

    result = await db.forget_user(None, 7)
    assert (result.players_deleted, result.seats_anonymised) == (1, 1)
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT count(*) FROM game_seats WHERE user_id = 7").fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM player_points WHERE user_id = 7").fetchone() == (0,)
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    assert (await db.profile(1, 8)).stats.games_played == 1  # type: ignore[union-attr]


async def test_settings_channel_overrides_guild(db: Database) -> None:
    assert await db.effective_settings(1, 100) == Settings()
    await db.set_guild_settings(
        1,
        Settings(preset="house", options={"jokers": 2, "revolution": True}, turn_seconds=60),
    )
    await db.set_channel_settings(
        1, 100, Settings(options={"revolution": False}, computer_level="hard")
    )
    eff = await db.effective_settings(1, 100)
    assert eff == Settings(
        preset="house",
        options={"jokers": 2, "revolution": False},
        turn_seconds=60,
        computer_level="hard",
    )
    assert (await db.effective_settings(1, 101)).computer_level is None
    assert (await db.channel_settings(100)).preset is None
    await db.set_guild_settings(1, Settings())
    assert (await db.guild_settings(1)) == Settings()


async def test_cancelled_call_leaves_no_open_transaction(db: Database) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    for delay in (0, 0, 0.0005, 0.001, 0.002):
        table = await db.live_table(game)
        assert table is not None
        task = asyncio.create_task(
            db.save_decision(game, table.version, "S", "R", round_result=None)
        )
        await asyncio.sleep(delay)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        after = await db.live_table(game)  # the connection is usable again
        assert after is not None and after.version in (table.version, table.version + 1)
    version = (await db.live_table(game)).version  # type: ignore[union-attr]
    assert await db.save_decision(game, version, "S2", "R2") == version + 1
