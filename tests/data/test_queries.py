"""Leaderboards, live tables with optimistic concurrency, privacy, settings."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from data import (
    DELETED_PLAYER,
    Board,
    Database,
    GameNotFound,
    GameNotLive,
    LeaderboardRow,
    Seat,
    Settings,
    StaleVersion,
)
from tests.data.conftest import finish, new_game, play_round, raw_rows, round_result

P = "president"


async def _board_fixture(db: Database, players: int = 25, kind: str = P) -> None:
    """Players 1..n; player u plays u % 5 + 1 rounds, finishes first in each, and wins
    the game unless u % 3 == 0 (guild 1)."""
    for u in range(1, players + 1):
        seats = [Seat.human(u, f"P{u}"), Seat.computer("easy"), Seat.computer("easy")]
        game = await db.create_game(new_game(seats, kind=kind))
        for n in range(1, u % 5 + 2):
            await play_round(db, game, round_result(n, [0, 1, 2], points=[2, 1, 0]))
        await finish(db, game, [0] if u % 3 else [1])


async def test_leaderboard_paging_and_my_rank_off_page(db: Database) -> None:
    await _board_fixture(db)
    page0 = await db.leaderboard(
        1, Board.COUNT, kind=P, stat="firsts", page=0, page_size=4, user_id=3
    )
    assert page0.total == 25 and page0.pages == 7 and page0.kind == P
    assert len(page0.rows) == 4
    values = [r.value for r in page0.rows]
    assert values == sorted(values, reverse=True)
    # firsts = u % 5 + 1: five players (4, 9, 14, 19, 24) share the top value 5.
    assert all(r.rank == 1 for r in page0.rows)
    assert [r.user_id for r in page0.rows] == [4, 9, 14, 19]  # ties ordered by user id
    assert page0.me is not None and page0.me.user_id == 3
    assert page0.me.value == 4 and page0.me.rank == 6  # 5 players have more firsts

    page1 = await db.leaderboard(1, Board.COUNT, kind=P, stat="firsts", page=1, page_size=4)
    assert [r.user_id for r in page1.rows] == [24, 3, 8, 13]
    assert [r.rank for r in page1.rows] == [1, 6, 6, 6]
    assert page1.me is None

    every: list[LeaderboardRow] = []
    for p in range(page0.pages):
        every += (
            await db.leaderboard(1, Board.COUNT, kind=P, stat="firsts", page=p, page_size=4)
        ).rows
    assert sorted(r.user_id for r in every) == list(range(1, 26))
    last = await db.leaderboard(
        1, Board.COUNT, kind=P, stat="firsts", page=99, page_size=4, user_id=3
    )
    assert last.rows == () and last.me == page0.me


async def test_boards_are_per_kind(db: Database) -> None:
    await _board_fixture(db, players=6)
    await _board_fixture(db, players=3, kind="bigtwo")
    assert (await db.leaderboard(1, Board.WINS, kind=P)).total == 6
    big = await db.leaderboard(1, Board.WINS, kind="bigtwo", user_id=5)
    assert big.total == 3 and big.me is None
    assert (await db.leaderboard(1, Board.POINTS, kind="sixty", stat="classic")).total == 0


async def test_points_board_is_per_scheme(db: Database) -> None:
    await _board_fixture(db, players=6)
    game = await db.create_game(
        new_game([Seat.human(50, "Zed"), Seat.human(1, "P1")], scoring="credits")
    )
    await play_round(db, game, round_result(1, [0, 1], points=[5, -15]))
    classic = await db.leaderboard(1, Board.POINTS, kind=P, stat="classic", user_id=50)
    assert classic.total == 6 and classic.me is None
    assert classic.rows[0].value == 10  # player 4: 5 rounds x 2 points
    credits = await db.leaderboard(1, Board.POINTS, kind=P, stat="credits", user_id=1)
    assert [(r.user_id, r.value, r.rank) for r in credits.rows] == [(50, 5, 1), (1, -15, 2)]
    assert credits.me is not None and credits.me.rank == 2
    assert (await db.leaderboard(1, Board.POINTS, kind=P, stat="ladder")).total == 0
    with pytest.raises(ValueError):
        await db.leaderboard(1, Board.POINTS, kind=P)
    with pytest.raises(ValueError):
        await db.leaderboard(1, Board.MEAN, kind=P)


async def test_penalty_boards_rank_the_lowest_first(db: Database) -> None:
    """Sixty: Ann (penalties 0, 10) beats Bob (30) beats Cy (20, 20, 20) on points per
    round, while on lifetime points Ann (10) beats Bob (30) and Cy (60)."""
    ann, bob, cy = Seat.human(1, "Ann"), Seat.human(2, "Bob"), Seat.human(3, "Cy")
    g = await db.create_game(new_game([ann, cy], kind="sixty", scoring="sixty"))
    await play_round(db, g, round_result(1, [0, 1], points=[0, 20]))
    await play_round(db, g, round_result(2, [0, 1], points=[10, 20]))
    g = await db.create_game(new_game([bob, cy], kind="sixty", scoring="sixty"))
    await play_round(db, g, round_result(1, [1, 0], points=[20, 30]))

    def board(b: Board, user: int | None = None):  # type: ignore[no-untyped-def]
        return db.leaderboard(1, b, kind="sixty", stat="sixty", lower_is_better=True, user_id=user)

    points = await board(Board.POINTS, 3)
    assert [(r.user_id, r.value, r.rank) for r in points.rows] == [
        (1, 10, 1),
        (2, 30, 2),
        (3, 60, 3),
    ]
    assert points.me is not None and points.me.rank == 3
    mean = await board(Board.MEAN, 2)
    assert [(r.user_id, r.value) for r in mean.rows] == [(1, 5.0), (3, 20.0), (2, 30.0)]
    assert mean.me is not None and mean.me.rank == 3
    # the same rows ranked highest first when the kind is higher-is-better
    high = await db.leaderboard(1, Board.MEAN, kind="sixty", stat="sixty")
    assert [r.user_id for r in high.rows] == [2, 3, 1]
    # rating is always highest first, whatever the kind
    rating = await board(Board.RATING)
    assert [r.value for r in rating.rows] == sorted((r.value for r in rating.rows), reverse=True)
    assert rating.rows[0].user_id == 1


async def test_mean_ties_share_a_rank(db: Database) -> None:
    a, b, c = Seat.human(1, "A"), Seat.human(2, "B"), Seat.human(3, "C")
    g = await db.create_game(new_game([a, b, c], kind="sixty", scoring="sixty"))
    await play_round(db, g, round_result(1, [0, 1, 2], points=[3, 3, 9], positions=[0, 0, 2]))
    mean = await db.leaderboard(1, Board.MEAN, kind="sixty", stat="sixty", lower_is_better=True)
    assert [(r.user_id, r.rank) for r in mean.rows] == [(1, 1), (2, 1), (3, 3)]


async def test_wins_and_rating_boards(db: Database) -> None:
    await _board_fixture(db, players=6)
    wins = await db.leaderboard(1, Board.WINS, kind=P, page_size=100)
    assert {r.user_id for r in wins.rows if r.value == 1} == {1, 2, 4, 5}
    assert [r.rank for r in wins.rows] == [1, 1, 1, 1, 5, 5]
    assert (await db.leaderboard(1, Board.RATING, kind=P)).total == 0  # no human opponent
    seats = [Seat.human(1, "P1"), Seat.human(2, "P2"), Seat.human(3, "P3")]
    game = await db.create_game(new_game(seats))
    await play_round(db, game, round_result(1, [2, 0, 1]))
    rating = await db.leaderboard(1, Board.RATING, kind=P, user_id=2)
    assert [r.user_id for r in rating.rows] == [3, 1, 2]
    assert rating.rows[0].value == pytest.approx(rating.rows[0].rating.ordinal)
    assert rating.me is not None and rating.me.rank == 3
    profile = await db.profile(1, 3, kind=P)
    assert profile is not None and profile.rating_rank == 1


async def test_stale_version_raises_and_writes_nothing(db: Database) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    v1 = await db.append_decision(game, 0, 0, "33", meta_json='{"m": 1}')
    assert v1 == 1
    before = await db.live_table(game)
    assert before is not None and before.meta_json == '{"m": 1}'
    with pytest.raises(StaleVersion) as info:
        await db.append_decision(game, 0, 1, "44", round_result=round_result(1, [0, 1]))
    assert (info.value.expected, info.value.actual) == (0, 1)
    with pytest.raises(StaleVersion):
        await db.append_decision(game, 5, 1, "44", winners=[0])
    with pytest.raises(StaleVersion):
        await db.start_round(game, 0, '{"state": 2}', '{"hands": []}')
    assert await db.live_table(game) == before
    assert (await db.game(game)).rounds == ()  # type: ignore[union-attr]  # round rolled back
    assert await db.profile(1, 1, kind=P) is None


async def test_a_plain_decision_or_meta_on_a_stale_or_ended_game_writes_nothing(
    db: Database,
) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    await db.append_decision(game, 0, 0, "33", meta_json='{"m": 1}')
    await db.set_meta(game, '{"m": 2}')
    before = await db.live_table(game)
    assert before is not None and before.meta_json == '{"m": 2}' and before.version == 1
    with pytest.raises(StaleVersion) as info:
        await db.append_decision(game, 0, 1, "44", meta_json='{"m": 3}')
    assert (info.value.expected, info.value.actual) == (0, 1)
    assert await db.live_table(game) == before  # neither the decision nor the meta
    await finish(db, game, [0])
    with pytest.raises(GameNotLive):
        await db.append_decision(game, 2, 1, "55")
    with pytest.raises(GameNotLive):
        await db.set_meta(game, '{"m": 4}')
    with pytest.raises(GameNotFound):
        await db.set_meta(game + 1000, '{"m": 4}')


async def test_sqlite_stores_a_decision_and_a_meta_in_one_trip_each(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every table's writes share one connection and its thread: a decision is one
    trip there, so the connection is not held across several (each of which waits
    for the interpreter lock behind the picture threads under load)."""
    async with await Database.open(db_path) as db:
        game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
        conn = db._engine.conn  # type: ignore[attr-defined]
        trips = 0
        real = conn._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal trips
            trips += 1
            return await real(fn, *args, **kwargs)

        monkeypatch.setattr(conn, "_execute", counted)
        assert await db.append_decision(game, 0, 0, "33", meta_json='{"m": 1}') == 1
        assert trips == 1
        await db.set_meta(game, '{"m": 2}')
        assert trips == 2
        # a step after the first that fails takes the first back with it
        with pytest.raises(sqlite3.IntegrityError):
            await db._engine.guarded(
                [
                    ("UPDATE live_games SET version = 7 WHERE game_id = ?", (game,)),
                    (
                        "INSERT INTO live_log (game_id, seq, player, decision)"
                        " VALUES (?, 1, 0, 'again')",
                        (game,),
                    ),
                ]
            )
        monkeypatch.undo()
        table = await db.live_table(game)
        assert table is not None and table.version == 1 and table.meta_json == '{"m": 2}'
        assert table.decisions == ((0, "33"),)
        assert await db.append_decision(game, 1, 1, "44") == 2


async def test_two_writers_race_one_wins(db: Database, store_url: str) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    async with await Database.open_url(store_url) as other:
        results = await asyncio.gather(
            db.append_decision(game, 0, 0, "mine"),
            other.append_decision(game, 0, 0, "theirs"),
            return_exceptions=True,
        )
    assert sorted(type(r).__name__ for r in results) == ["StaleVersion", "int"]
    table = await db.live_table(game)
    assert table is not None and table.version == 1
    winner = "mine" if results[0] == 1 else "theirs"
    assert table.decisions == ((0, winner),)


async def test_many_coroutines_on_one_connection(db: Database) -> None:
    games = [
        await db.create_game(new_game([Seat.human(i, "A"), Seat.human(i + 100, "B")]))
        for i in range(5)
    ]

    async def play(game: int) -> None:
        version = 0
        for step in range(20):
            version = await db.append_decision(game, version, step % 2, f"d{step}")

    await asyncio.gather(*(play(g) for g in games))
    tables = await db.live_tables()
    assert [(t.version, t.decisions[-1]) for t in tables] == [(20, (1, "d19"))] * 5
    assert all(len(t.decisions) == 20 for t in tables)


async def test_log_assembles_the_record_and_resumes_from_the_last_deal(db: Database) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    v = await db.append_decision(game, 0, 0, "33")
    v = await db.append_decision(game, v, 1, "pass")
    t = await db.live_table(game)
    assert t is not None
    assert (t.snapshot_json, t.decisions) == ('{"state": 1}', ((0, "33"), (1, "pass")))
    assert json.loads(t.record_json)["rounds"] == [{"hands": ["deal 1"], "decisions": []}]
    v = await db.start_round(game, v, '{"state": 2}', '{"hands": ["deal 2"]}', meta_json='{"r": 2}')
    v = await db.append_decision(game, v, 1, "give 3C")
    t = await db.live_table(game)
    assert t is not None and t.version == v == 4
    assert (t.snapshot_json, t.decisions, t.meta_json) == (
        '{"state": 2}',
        ((1, "give 3C"),),
        '{"r": 2}',
    )
    assert json.loads(t.record_json) == {
        "game": P,
        "format": "test",
        "options": {"n": 2},
        "rounds": [
            {"hands": ["deal 1"], "decisions": [[0, "33"], [1, "pass"]]},
            {"hands": ["deal 2"], "decisions": []},
        ],
    }
    whole = json.loads(await db.game_record(game) or "")
    assert whole["rounds"][1] == {"hands": ["deal 2"], "decisions": [[1, "give 3C"]]}
    assert list(whole) == ["game", "format", "options", "rounds"]  # the envelope's order
    with pytest.raises(ValueError):
        await db.start_round(game, v, "{}", '{"decisions": []}')
    assert (await db.live_table(game)).version == v  # type: ignore[union-attr]


async def test_live_tables_survive_reopen_and_finish_removes(store_url: str) -> None:
    async with await Database.open_url(store_url) as db:
        a = await db.create_game(new_game([Seat.human(1, "A"), Seat.computer("easy")]))
        b = await db.create_game(
            new_game([Seat.human(2, "B"), Seat.computer("hard")], kind="bigtwo")
        )
        await db.append_decision(a, 0, 1, "KK")
        await db.set_meta(b, '{"timer": 30}')
    async with await Database.open_url(store_url) as db:
        tables = {t.game_id: t for t in await db.live_tables()}
        assert set(tables) == {a, b}
        assert (tables[a].version, tables[a].decisions) == (1, ((1, "KK"),))
        assert tables[b].meta_json == '{"timer": 30}' and tables[b].version == 0
        assert tables[b].seats[1].computer_level == "hard" and tables[b].kind == "bigtwo"
        record = await db.game_record(a)
        assert record is not None and json.loads(record)["rounds"][0]["decisions"] == [[1, "KK"]]
        await db.append_decision(a, 1, 0, "AA", winners=[0])
        assert [t.game_id for t in await db.live_tables()] == [b]
        assert await db.live_table(a) is None
        final = json.loads(await db.game_record(a) or "")
        assert final["rounds"][0]["decisions"] == [[1, "KK"], [0, "AA"]]
        with pytest.raises(GameNotLive):
            await db.append_decision(a, 2, 0, "x")
        with pytest.raises(GameNotLive):
            await db.start_round(a, 2, "{}", "{}")
        with pytest.raises(GameNotFound):
            await db.append_decision(999, 0, 0, "x")
        with pytest.raises(GameNotFound):
            await db.set_meta(999, "{}")
        assert await db.game_record(999) is None and await db.game(999) is None
    leftovers = [
        (await raw_rows(store_url, f"SELECT count(*) FROM {t} WHERE game_id = {a}"))[0][0]
        for t in ("live_games", "live_snapshots", "live_deals", "live_log")
    ]
    assert leftovers == [0, 0, 0, 0]


async def test_set_seat_hands_a_seat_to_a_computer(db: Database) -> None:
    game = await db.create_game(
        new_game([Seat.human(1, "A"), Seat.human(2, "B"), Seat.human(3, "C")])
    )
    await db.set_seat(game, 1, Seat.computer("easy"))
    await play_round(db, game, round_result(1, [1, 0, 2]))
    assert await db.profile(1, 2, kind=P) is None
    assert (await db.profile(1, 1, kind=P)).stats.rated_rounds == 1  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        await db.set_seat(game, 2, Seat.human(1, "A again"))
    with pytest.raises(ValueError):
        await db.set_seat(game, 9, Seat.computer("easy"))


async def test_forget_user_of_every_kind(db: Database, store_url: str) -> None:
    for guild in (1, 2):
        for kind in (P, "sixty"):
            game = await db.create_game(
                new_game([Seat.human(7, "Gone"), Seat.human(8, "Stays")], guild_id=guild, kind=kind)
            )
            await finish(db, game, [0], round_result(1, [0, 1]))
    live = await db.create_game(
        new_game([Seat.human(7, "Gone"), Seat.human(8, "Stays")], guild_id=1)
    )

    result = await db.forget_user(1, 7)
    assert (result.players_deleted, result.seats_anonymised) == (2, 3)
    assert await db.profile(1, 7, kind=P) is None
    assert await db.profile(1, 7, kind="sixty") is None
    assert await db.played_kinds(1, 7) == ()
    assert await db.profile(2, 7, kind="sixty") is not None  # other guild untouched
    assert (await db.leaderboard(1, Board.WINS, kind=P, user_id=7)).me is None
    firsts = await db.leaderboard(1, Board.COUNT, kind=P, stat="firsts", user_id=7)
    assert firsts.me is None and [r.user_id for r in firsts.rows] == [8]
    old = [g for g in await db.recent_games(100) if g.guild_id == 1]
    assert len(old) == 2 and all(g.seats[0] == Seat(display_name=DELETED_PLAYER) for g in old)
    assert old[0].seats[0].is_human and old[0].winners == (0,)
    table = await db.live_table(live)
    assert table is not None and table.seats[0].user_id is None

    result = await db.forget_user(None, 7)
    assert (result.players_deleted, result.seats_anonymised) == (2, 2)
    for table in ("game_seats", "player_points", "player_stats"):
        assert await raw_rows(store_url, f"SELECT count(*) FROM {table} WHERE user_id = 7") == [
            (0,)
        ]
    if store_url.startswith("sqlite"):  # PostgreSQL never lets a foreign key dangle
        assert await raw_rows(store_url, "PRAGMA foreign_key_check") == []
    assert (await db.profile(1, 8, kind=P)).stats.games_played == 1  # type: ignore[union-attr]


async def test_a_users_dm_channel_is_remembered_until_they_are_forgotten_everywhere(
    db: Database,
) -> None:
    assert await db.dm_channel(7) is None
    await db.remember_dm_channel(7, 700)
    await db.remember_dm_channel(8, 800)
    await db.remember_dm_channel(7, 701)  # Discord gave another: the newest counts
    assert (await db.dm_channel(7), await db.dm_channel(8)) == (701, 800)
    await db.forget_user(1, 7)  # one server's statistics: the DM is not the server's
    assert await db.dm_channel(7) == 701
    await db.forget_user(None, 7)
    assert (await db.dm_channel(7), await db.dm_channel(8)) == (None, 800)


async def test_settings_channel_overrides_guild_per_kind(db: Database) -> None:
    assert await db.effective_settings(1, 100, P) == Settings()
    await db.set_guild_settings(
        1,
        P,
        Settings(preset="house", options={"jokers": 2, "revolution": True}, turn_seconds=60),
    )
    await db.set_channel_settings(
        100, 1, P, Settings(options={"revolution": False}, computer_level="hard")
    )
    await db.set_guild_settings(1, "bigtwo", Settings(preset="hong_kong"))
    eff = await db.effective_settings(1, 100, P)
    assert eff == Settings(
        preset="house",
        options={"jokers": 2, "revolution": False},
        turn_seconds=60,
        computer_level="hard",
    )
    assert await db.effective_settings(1, 100, "bigtwo") == Settings(preset="hong_kong")
    assert await db.effective_settings(1, 100, "sixty") == Settings()
    assert (await db.effective_settings(1, 101, P)).computer_level is None
    assert (await db.channel_settings(100, P)).preset is None
    assert (await db.channel_settings(100, "bigtwo")) == Settings()
    await db.set_guild_settings(1, P, Settings())
    assert (await db.guild_settings(1, P)) == Settings()
    assert (await db.guild_settings(1, "bigtwo")).preset == "hong_kong"


async def test_cancelled_call_leaves_no_open_transaction(db: Database) -> None:
    game = await db.create_game(new_game([Seat.human(1, "A"), Seat.human(2, "B")]))
    for delay in (0, 0, 0.0005, 0.001, 0.002):
        table = await db.live_table(game)
        assert table is not None
        task = asyncio.create_task(
            db.append_decision(game, table.version, 0, "S", round_result=None)
        )
        await asyncio.sleep(delay)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        after = await db.live_table(game)  # the connection is usable again
        assert after is not None and after.version in (table.version, table.version + 1)
        assert len(after.decisions) == after.version  # the decision and version go together
    version = (await db.live_table(game)).version  # type: ignore[union-attr]
    assert await db.append_decision(game, version, 1, "S2") == version + 1


async def test_create_game_refuses_bad_record_pieces(db: Database) -> None:
    game = new_game([Seat.human(1, "A"), Seat.human(2, "B")])
    from dataclasses import replace

    for bad in (
        replace(game, header_json="not json"),
        replace(game, header_json='{"rounds": []}'),
        replace(game, deal_json="[1]"),
        replace(game, seats=[Seat.human(1, "A"), Seat.human(1, "A")]),
        replace(game, seats=[]),
    ):
        with pytest.raises(ValueError):
            await db.create_game(bad)
    assert await db.live_tables() == []
