"""A cluster: two bot processes, two shards each (SHARD_COUNT=4), on one database.

Each test plays one short game of a kind in a server of each member's shards. Every
click is a DM click, so the emulator (as Discord) delivers them all to member ``a``
(shard 0): the player at member ``b``'s table is served through the relay. Mid-game
``b`` is killed (``kill -9``): its player's click meanwhile is answered (by ``a``,
saying so) and changes nothing; ``b`` restarts with the same shards, resumes its table,
and both games finish with every acknowledged decision stored once and no other.

The members share one database: every kind is played on PostgreSQL (a fresh database
on the tests' server, ``DATABASE_URL``), one on a shared SQLite file
(``DATABASE_PATH``, members on one host), to keep the file's time down: the SQLite
store and cluster are the same code for every kind.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from data import Settings
from tests.e2e.cluster_support import (
    ONE_GAME,
    SEATS,
    SHARD_COUNT,
    Player,
    assert_counted,
    member,
)
from tests.e2e.emulator import Channel, Emulator, Message
from tests.e2e.process_support import (
    BotProcess,
    assert_ledger,
    control_version,
    finished,
    game_ids,
    open_store,
    play_channel,
)
from tests.e2e.table_support import open_game_lobby

CASES = [
    *(pytest.param(kind, "postgresql", id=f"{kind}-postgresql") for kind in SEATS),
    pytest.param("president", "sqlite", id="president-sqlite"),
]
"""(kind, database): every kind on PostgreSQL, one on SQLite."""


@pytest.fixture
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """The members' database: a SQLite file, or a new database on the PostgreSQL server
    of the tests (``postgres_url``), dropped after the test."""
    if request.param == "sqlite":
        yield tmp_path / "cluster.sqlite3"
        return
    server: str = request.getfixturevalue("postgres_url")
    name = f"e2e_cluster_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    yield server.replace("/postgres?", f"/{name}?", 1)
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


def deadline(msg: Message) -> str | None:
    """The turn's deadline as a turn message shows it (a Discord timestamp)."""
    found = re.search(r"Time runs out <t:(\d+):R>", msg.content)
    return found[1] if found else None


def said_restarted(emu: Emulator, channel: Channel, since: int) -> bool:
    return any(
        m.id > since and "bot restarted" in m.text()
        for m in emu.messages(channel, include_deleted=True)
    )


async def start_game(emu: Emulator, kind: str, player: Player, channel: Channel) -> Message:
    seats = SEATS[kind]
    lobby = await open_game_lobby(
        emu, kind, player.user, channel, [], seats=seats, bots=seats - 1, turn_time=600
    )
    click = await emu.click(player.user, lobby, label="Start")
    assert click.response_type == 6, click
    return lobby


@pytest.mark.parametrize(("kind", "store"), CASES, indirect=["store"])
async def test_two_members_serve_their_shards_and_a_killed_one_resumes(
    emulator: Emulator, tmp_path: Path, kind: str, store: Path | str
) -> None:
    db_path = store
    ann, bea = emulator.create_user("ann"), emulator.create_user("bea")
    # ann's server is on shard 1 (member a), bea's on shard 3 (member b)
    home = emulator.create_guild("Home", members=[ann], shard=(1, SHARD_COUNT))
    away = emulator.create_guild("Away", members=[bea], shard=(3, SHARD_COUNT))
    async with await open_store(db_path) as db:
        for guild in (home, away):
            ch = guild.channels[0]
            await db.set_channel_settings(ch.id, guild.id, kind, Settings(options=ONE_GAME[kind]))
    a_log, b_log = tmp_path / "a.log", tmp_path / "b.log"
    a = await member(emulator, db_path, a_log, "a", "0-1").start()
    procs: list[BotProcess] = [a, await member(emulator, db_path, b_log, "b", "2-3").start()]
    players = [Player(ann, home.channels[0], kind=kind), Player(bea, away.channels[0], kind=kind)]
    gate = asyncio.Lock()
    hold = {"bea": True}
    tasks: list[asyncio.Task[None]] = []
    try:
        # a third member claiming b's shard is refused: one line naming b, exit status 1
        third = member(emulator, db_path, tmp_path / "c.log", "c", "2")
        with pytest.raises(AssertionError, match="the bot exited with 1"):
            await third.start()
        (line,) = third.errors()
        assert re.search(
            r"\[ERROR +\] cardtable\.bot: shard 2 is held by b since [0-9-]+ [0-9:]+ UTC: stop "
            "that member first, or give this one other SHARD_IDS.$",
            line,
        ), third.log()
        for p in players:
            await start_game(emulator, kind, p, p.channel)
        overs = [finished(emulator, p.channel) for p in players]
        bea_player = players[1]
        tasks = [
            asyncio.create_task(
                play_channel(emulator, [players[0]], done=overs[0], timeout=240.0, gate=gate)
            ),
            asyncio.create_task(
                play_channel(
                    emulator,
                    [bea_player],
                    done=overs[1],
                    timeout=240.0,
                    gate=gate,
                    pause=lambda: hold["bea"] and len(bea_player.applied) >= 1,
                )
            ),
        ]
        # bea has decided once (through the relay) and has her next turn on screen
        held = await emulator.wait_for(
            lambda: len(bea_player.applied) >= 1 and bea_player.controls(emulator),
            60.0,
            "bea's second turn",
        )
        assert not overs[1]()
        msg, version = held
        shown = deadline(msg)
        assert shown is not None, msg.content
        async with gate:
            await procs[1].kill()
            killed = emulator.mark()
            # her click while b is down: a answers it, and nothing changes
            assert await bea_player.act(emulator, msg, version) is None
            refused = bea_player.refused[-1].handle
            assert refused.message is not None and "restarting" in refused.message.content
            procs.append(await member(emulator, db_path, b_log, "b", "2-3").start())
            await emulator.wait_for(
                lambda: said_restarted(emulator, away.channels[0], killed),
                15.0,
                "b's table after its restart",
            )
            # her turn comes again, with working controls and its clock running on
            again = await emulator.wait_for(
                lambda: next(
                    (
                        m
                        for m in reversed(emulator.dms(bea))
                        if m.id > msg.id and control_version(m) == version
                    ),
                    None,
                ),
                15.0,
                "bea's turn announced again",
            )
            assert deadline(again) == shown, again.content
            hold["bea"] = False
        await asyncio.gather(*tasks)
        # ann's table never stopped: its member was not restarted, and b left it alone
        assert not said_restarted(emulator, home.channels[0], 0)
        # each server's profile, answered by its own member, counts its game
        for p, guild in ((players[0], home), (players[1], away)):
            shown = await emulator.slash(p.user, guild.channels[0], "profile", {"game": kind})
            assert shown.message is not None
            fields = {f["name"]: f["value"] for e in shown.message.embeds for f in e["fields"]}
            assert fields["Games"].startswith("1 finished"), fields
    finally:
        for t in tasks:
            t.cancel()
        for proc in (procs[0], procs[-1]):
            await proc.stop()
    for proc in procs:
        assert proc.errors() == [], proc.log()[-3000:]
    ids = await game_ids(db_path)
    assert ids == {}, "no game is left live"
    games: dict[int, int] = {}
    async with await open_store(db_path) as db:
        for p in players:
            (game,) = await db.recent_games(p.channel.id, kind=kind)
            assert game.status == "finished", game
            games[p.channel.id] = game.game_id
    for p in players:
        if kind == "president":
            await assert_ledger(db_path, games[p.channel.id], [p])
        else:
            await assert_counted(db_path, games[p.channel.id], [p])


@pytest.mark.parametrize("store", ["postgresql"], indirect=True)
async def test_a_click_taken_by_a_member_killed_before_answering_it_is_answered(
    emulator: Emulator, tmp_path: Path, store: Path | str
) -> None:
    """Member b takes bea's relayed click and dies (kill -9) before handling it: the
    member of shard 0, which passed it on, answers it in Discord's time, saying nothing
    changed; b's replacement asks her turn again."""
    kind = "sixty"
    bea = emulator.create_user("bea")
    away = emulator.create_guild("Away", members=[bea], shard=(3, SHARD_COUNT))
    channel = away.channels[0]
    async with await open_store(store) as db:
        await db.set_channel_settings(channel.id, away.id, kind, Settings(options=ONE_GAME[kind]))
    a = await member(emulator, store, tmp_path / "a.log", "a", "0-1").start()
    b_log = tmp_path / "b.log"
    procs = [await member(emulator, store, b_log, "b", "2-3", E2E_HOLD_RELAYED="60").start()]
    player = Player(bea, channel, kind=kind)
    try:
        await start_game(emulator, kind, player, channel)
        msg, version = await emulator.wait_for(lambda: player.controls(emulator), 30.0, "a turn")
        click = asyncio.create_task(player.act(emulator, msg, version))
        await emulator.wait_for(
            lambda: "holding relayed click" in procs[0].log(), 10.0, "b to take the click"
        )
        await procs[0].kill()
        killed = emulator.mark()
        assert await click is None
        answer = player.refused[-1].handle
        assert answer.message is not None, answer
        assert "restarting, so nothing changed" in answer.message.content
        procs.append(await member(emulator, store, b_log, "b", "2-3").start())
        await emulator.wait_for(
            lambda: said_restarted(emulator, channel, killed), 15.0, "b's table after its restart"
        )
        await emulator.wait_for(
            lambda: any(m.id > msg.id and control_version(m) == version for m in emulator.dms(bea)),
            15.0,
            "her turn asked again",
        )
    finally:
        await procs[-1].stop()
        await a.stop()
    for proc in (a, *procs):
        assert proc.errors() == [], proc.log()[-3000:]


async def test_the_member_of_shard_0_killed_mid_game_restarts_and_dm_clicks_flow_again(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Discord sends DM clicks to shard 0 only: while its member is down nobody gets
    them (as on Discord); once it is back, both tables play on, its own resumed."""
    kind = "president"
    db_path = tmp_path / "cluster.sqlite3"
    ann, bea = emulator.create_user("ann"), emulator.create_user("bea")
    home = emulator.create_guild("Home", members=[ann], shard=(1, SHARD_COUNT))
    away = emulator.create_guild("Away", members=[bea], shard=(3, SHARD_COUNT))
    async with await open_store(db_path) as db:
        for guild in (home, away):
            ch = guild.channels[0]
            await db.set_channel_settings(ch.id, guild.id, kind, Settings(options=ONE_GAME[kind]))
    a_log = tmp_path / "a.log"
    procs = [await member(emulator, db_path, a_log, "a", "0-1").start()]
    b = await member(emulator, db_path, tmp_path / "b.log", "b", "2-3").start()
    players = [Player(ann, home.channels[0]), Player(bea, away.channels[0])]
    gate = asyncio.Lock()
    tasks: list[asyncio.Task[None]] = []
    try:
        for p in players:
            await start_game(emulator, kind, p, p.channel)
        overs = [finished(emulator, p.channel) for p in players]
        tasks = [
            asyncio.create_task(play_channel(emulator, [p], done=over, timeout=240.0, gate=gate))
            for p, over in zip(players, overs, strict=True)
        ]
        await emulator.wait_for(
            lambda: all(len(p.applied) >= 1 for p in players), 60.0, "a decision of each"
        )
        async with gate:
            await procs[0].kill()
            killed = emulator.mark()
            procs.append(await member(emulator, db_path, a_log, "a", "0-1").start())
            await emulator.wait_for(
                lambda: said_restarted(emulator, home.channels[0], killed),
                15.0,
                "a's table after its restart",
            )
        await asyncio.gather(*tasks)
        # b's table went on through a's downtime and was never resumed
        assert not said_restarted(emulator, away.channels[0], 0)
    finally:
        for t in tasks:
            t.cancel()
        await procs[-1].stop()
        await b.stop()
    for proc in [*procs, b]:
        assert proc.errors() == [], proc.log()[-3000:]
    async with await open_store(db_path) as db:
        for p in players:
            (game,) = await db.recent_games(p.channel.id, kind=kind)
            assert game.status == "finished", game
            await assert_ledger(db_path, game.game_id, [p])


async def test_a_member_whose_shards_were_taken_stops_with_one_line(
    emulator: Emulator, tmp_path: Path
) -> None:
    db_path = tmp_path / "cluster.sqlite3"
    proc = await member(emulator, db_path, tmp_path / "a.log", "a", "0-3").start()
    try:
        # a member on another machine took the shards while this one hung
        async with aiosqlite.connect(db_path) as conn:
            await conn.execute("UPDATE cluster_leases SET host = 'elsewhere'")
            await conn.commit()
        assert proc.proc is not None
        assert await asyncio.wait_for(proc.proc.wait(), 15) == 1
    finally:
        await proc.stop()
    (line,) = proc.errors()
    assert line.endswith(
        "This member (a) lost its shard leases: another member runs its shards now, so it stopped."
    ), proc.log()
