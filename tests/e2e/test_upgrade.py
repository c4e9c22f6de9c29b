"""Upgrading the bot: a President game that was live when the previous release
stopped resumes under this one, and the controls that release sent still
reach the bot (their custom ids did not change)."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest

from cogs.stats import LEADERBOARD
from cogs.table.server_views import FORGET, HOUSE, REMATCH
from cogs.table.views import CONTROL, LOBBY, TABLE
from data import Database
from engine.president import President, preset, replay
from tests.data.test_migrations import create_at_version
from tests.e2e.emulator import Emulator
from tests.e2e.president_support import (
    play_until_over,
    running,
    table_of,
    wait_text,
)


@pytest.mark.parametrize(
    ("template", "custom_id"),
    [
        (CONTROL, "pres:c:12:40:rank"),
        (CONTROL, "pres:c:12:40:count:K"),
        (CONTROL, "pres:c:12:40:play:KK"),
        (CONTROL, "pres:c:12:40:play:X~1"),
        (CONTROL, "pres:c:12:40:pass"),
        (CONTROL, "pres:c:12:40:give:c"),
        (TABLE, "pres:t:12:hand"),
        (TABLE, "pres:t:12:back"),
        (LOBBY, "pres:l:281474976710655:rules"),
        (HOUSE, "pres:h:281474976710655:val:target"),
        (REMATCH, "pres:r:12:60:normal"),
        (FORGET, "pres:f:99:confirm"),
        (LEADERBOARD, "lb:next:points-classic:1:99"),
    ],
)
def test_ids_of_the_previous_release_still_match(template: str, custom_id: str) -> None:
    assert re.fullmatch(template, custom_id)


def _old_live_game(db_path: Path, guild: int, channel: int, alice: int) -> President:
    """The previous release's schema (3) with a game in its second round, stored
    as that release stored it: the whole state and record at every decision.
    Alice (seat 0) is to play: the resumed table waits for her, so the test
    sees it as it resumed (on a computer's turn the computer moves at once)."""
    create_at_version(db_path, 3)
    state = President.new_game(preset("classic", players=3, rounds=2), seed=21)
    rng = random.Random(21)
    while state.round_number < 2 or state.current_player != 0 or state.phase != "play":
        if state.is_round_over():
            state.start_round()
        else:
            state.apply(rng.choice(list(state.legal_actions())), state.current_player)
    record = json.loads(state.record().to_json())
    del record["game"]  # that release wrote no game kind
    meta = {"host_id": alice, "turn_seconds": 600, "level": "normal", "auto": [False] * 3,
            "timeouts": [0] * 3, "dm_closed": [False] * 3, "table_message_id": None}  # fmt: skip
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO games (game_id, guild_id, channel_id, kind, preset, options_json,"
            " scoring, status, started_at) VALUES (7, ?, ?, 'president', 'classic', ?,"
            " 'classic', 'live', 1.0)",
            (guild, channel, json.dumps(state.options.to_dict())),
        )
        seats = [(0, alice, "alice", None), (1, None, "Ada (computer)", "normal"),
                 (2, None, "Babbage (computer)", "normal")]  # fmt: skip
        conn.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id, display_name, computer_level)"
            " VALUES (7, ?, ?, ?, ?)",
            seats,
        )
        conn.execute(
            "INSERT INTO live_tables (game_id, version, state_json, record_json, meta_json,"
            " updated_at) VALUES (7, 55, ?, ?, ?, 2.0)",
            (state.to_json(), json.dumps(record), json.dumps(meta)),
        )
    finally:
        conn.close()
    return state


async def test_a_game_live_under_the_previous_release_resumes(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    state = _old_live_game(db_path, guild.id, channel.id, alice.id)
    async with running(emulator, db_path) as bot:
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to resume")
        assert t.game_id == 7 and t.version == 55 and t.state == state
        await wait_text(emulator, channel, "restarted")
        await play_until_over(emulator, bot, channel, {alice.id: alice})
        await wait_text(emulator, channel, "Final standings")
    async with await Database.open(db_path) as db:
        details = await db.game(7)
        assert details is not None and details.summary.status == "finished"
        record = await db.game_record(7)
    assert record is not None
    replayed = President.from_json(state.to_json())
    stored = json.loads(record)
    assert stored["game"] == "president" and len(stored["rounds"]) == 2
    before = json.loads(replayed.record().to_json())["rounds"]
    assert stored["rounds"][0] == before[0]
    # the second round goes on from the stored decisions: none lost, none twice
    old = before[1]["decisions"]
    assert stored["rounds"][1]["decisions"][: len(old)] == old
    assert replay(record).is_terminal()  # every decision legal, in order
