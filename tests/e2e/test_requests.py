"""What a table costs in requests, Discord's scarce resource: counted on the
emulator at a table of four people."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.e2e.emulator import Emulator
from tests.e2e.people_support import GAMES, play_people, seat_people
from tests.e2e.table_support import running, table_of


@pytest.mark.parametrize("game", GAMES)
async def test_a_players_dm_channel_is_opened_once_and_no_user_is_fetched(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, game, people, channel)
        done = await play_people(emulator, bot, game, channel, people, decisions=24)
    assert len(done) == 24
    assert all(len(emulator.dms(u)) >= 1 for u in people)
    fetched = [r.path for r in emulator.requests if r.kind == "user"]
    opened = [r for r in emulator.requests if r.kind == "dm_open"]
    assert fetched == []
    assert len(opened) <= len(people)


async def test_after_a_restart_the_dms_go_to_the_channels_opened_before(
    emulator: Emulator, tmp_path: Path
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    db = tmp_path / "t.db"
    async with running(emulator, db) as bot:
        await seat_people(emulator, bot, "bigtwo", people, channel)
        await play_people(emulator, bot, "bigtwo", channel, people, decisions=6)
    before = len(emulator.requests)
    async with running(emulator, db) as bot:
        await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the table resumed")
        done = await play_people(emulator, bot, "bigtwo", channel, people, decisions=8)
    assert len(done) == 8
    after = emulator.requests[before:]
    assert [r.path for r in after if r.kind in ("user", "dm_open")] == []
    assert any(r.kind == "dm" and r.method == "POST" for r in after)


async def test_closed_dms_are_met_once_in_a_game(emulator: Emulator, tmp_path: Path) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    closed = people[2]
    emulator.close_dms(closed)
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, "sixty", people, channel)
        done = await play_people(
            emulator, bot, "sixty", channel, people, decisions=24, via_hand=frozenset({closed.id})
        )
    assert len(done) == 24
    refused = [r for r in emulator.requests if r.status == 403]
    assert len(refused) == 1
    assert emulator.invalid_requests() == 1


async def test_busy_tables_under_a_global_limit_get_no_429(
    emulator: Emulator, tmp_path: Path
) -> None:
    emulator.limit_rate(global_per_second=10, route=None)
    tables = []
    for n in range(3):
        people = [emulator.create_user(f"t{n}p{i}") for i in range(4)]
        tables.append((people, emulator.create_guild(f"Club {n}", members=people).channels[0]))
    async with running(emulator, tmp_path / "t.db") as bot:
        bot.budget.limit = 9  # the bot's own budget, under the emulator's limit
        for people, channel in tables:
            await seat_people(emulator, bot, "sixty", people, channel)
        played = await asyncio.gather(
            *(
                play_people(emulator, bot, "sixty", channel, people, decisions=20)
                for people, channel in tables
            )
        )
    assert [len(done) for done in played] == [20, 20, 20]
    assert [r.path for r in emulator.requests if r.status == 429] == []


@pytest.mark.parametrize("game", GAMES)
async def test_the_click_retires_its_message_and_the_next_player_gets_one_message(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, game, people, channel)
        first = len(emulator.requests)
        done = await play_people(emulator, bot, game, channel, people, decisions=20)
    made = emulator.requests[first:]
    clicked = {i.message.id for i in emulator.state.interactions.values() if i.message}
    edited = {int(r.path.rsplit("/", 1)[1]) for r in made if r.kind == "dm" and r.method == "PATCH"}
    # the interaction's own answer took each clicked message's controls away
    assert clicked and not clicked & edited
    assert all(
        not m.buttons() and not m.selects() for m in map(emulator.state.messages.get, clicked) if m
    )
    sent = [r for r in made if r.kind == "dm" and r.method == "POST"]
    assert len(sent) <= len(done) + len(people)  # a turn message each, a hand each deal
