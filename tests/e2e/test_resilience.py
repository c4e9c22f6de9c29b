"""Resilience: gateway drops, 429/5xx bursts and SIGKILLed bot processes.

Every test compares the stored game record with the decisions it made: each
human click the bot acknowledged is stored exactly once and no other decision
is stored for a human seat (a lost control would end in a timeout decision,
which fails the comparison). ``SOAK=1`` runs the same tests with more
faults, kills and tables (run it locally; CI uses the small counts).
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from data import Database, Settings
from tests.e2e.emulator import Channel, Emulator, Fault, Message, User
from tests.e2e.president_support import open_lobby, running, table_of
from tests.e2e.process_support import (
    BotProcess,
    Human,
    assert_ledger,
    control_version,
    finished,
    game_ids,
    play_channel,
)

SOAK = os.environ.get("SOAK") == "1"
FAULT_ROUNDS = 6 if SOAK else 2
"""Fault bursts (gateway drop, 429s, 500s) per faults test."""
KILLS = 6 if SOAK else 2
"""SIGKILLs per restart test (alternately mid-trick and mid-exchange)."""
KILL_TABLES = 4 if SOAK else 2

# The bot processes run at 1/20 speed: a 600 s turn lasts 30 s, so no human turn
# times out while a test holds it; a computer move takes 0.1 s, so kills land in
# all sorts of moments.
CHILD: dict[str, Any] = {
    "scale": 0.05,
    "timings": {"computer_pause": 2.0, "round_pause": 2.0, "table_edit_interval": 6.0},
}


def table_edits(channel: Channel) -> str:
    """Edits of messages in the table's channel: the faults aim at the table
    message (edits of players' DMs, which reduce older hands, would otherwise
    use the faults up at once and bunch the callbacks' faults together)."""
    return rf"^/channels/{channel.id}/messages/\d+$"


CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


async def rounds(db: Database, guild_id: int, channel: Channel, n: int) -> None:
    await db.set_channel_settings(
        channel.id, guild_id, "president", Settings(options={"rounds": n})
    )


async def start_visible(emu: Emulator, host: User, lobby: Message, channel: Channel) -> Message:
    """Start the lobby; the table message (with My hand) once it is posted."""
    since = emu.mark()
    click = await emu.click(host, lobby, label="Start")
    assert click.response_type == 6, click

    def table() -> Message | None:
        for m in emu.messages(channel):
            if m.id > since and any(
                str(c.get("custom_id", "")).startswith("pres:t:") for c in m.all_components()
            ):
                return m
        return None

    return await emu.wait_for(table, 15.0, "the table message")


@pytest.mark.parametrize("bursts", [FAULT_ROUNDS])
async def test_gateway_drops_429s_and_500s_lose_and_duplicate_no_decision(
    emulator: Emulator, tmp_path: Path, bursts: int
) -> None:
    alice, bob = emulator.create_user("alice"), emulator.create_user("bob")
    guild = emulator.create_guild("Club", members=[alice, bob])
    channel = guild.channels[0]
    db_path = tmp_path / "db.sqlite3"
    async with running(emulator, db_path) as bot:
        await rounds(bot.db, guild.id, channel, 2 if not SOAK else 3)
        lobby = await open_lobby(
            emulator, alice, channel, [bob], rules="classic", seats=4, bots=2, turn_time=600
        )
        await start_visible(emulator, alice, lobby, channel)
        t = table_of(bot, channel)
        assert t is not None
        humans = [Human(alice, channel), Human(bob, channel)]
        over = finished(emulator, channel)
        player = asyncio.create_task(play_channel(emulator, humans, done=over, timeout=120.0))
        injected = {"drops": 0}
        faults: list[Fault] = []
        try:
            for _ in range(bursts):
                # Mid-trick: a play is on the table and the trick goes on.
                await emulator.wait_for(
                    lambda: over() or (t.state.top is not None and t.state.phase == "play"),
                    30.0,
                    "a trick in progress",
                )
                if over():
                    break
                await emulator.drop_gateway()
                injected["drops"] += 1
                await emulator.wait_resumed(injected["drops"])
                # A burst of 429s on table edits and on interaction callbacks...
                burst = [
                    emulator.fail_next(429, 3, method="PATCH", path=table_edits(channel)),
                    emulator.fail_next(429, 2, method="POST", path=CALLBACK),
                ]
                faults += burst
                await _hit(emulator, burst, over)
                # ...then a few 500s, one request at a time: discord.py retries a 5xx
                # after 1 s, 3 s, 5 s… (counting the 429s before it), so a callback
                # that fails twice misses Discord's 3 s, as it would on Discord.
                for method, path in (("PATCH", table_edits(channel)), ("POST", CALLBACK)) * 2:
                    faults.append(emulator.fail_next(500, 1, method=method, path=path))
                    await _hit(emulator, faults[-1:], over)
            await player
        finally:
            player.cancel()
            emulator.faults.clear()
        game_id = t.game_id
        hits = sum(1 for r in emulator.requests if r.status in (429, 500))
        # Every injected fault answered a request (the last ones may be left over
        # when the game ended first).
        assert hits == sum(f.hits for f in faults) >= 6, (hits, faults)
        assert injected["drops"] >= 1
    stored = await assert_ledger(db_path, game_id, humans)
    assert all(h.applied for h in humans) and stored > sum(len(h.applied) for h in humans)
    async with await Database.open(db_path) as db:
        details = await db.game(game_id)
        assert details is not None and details.summary.status == "finished"
    # Nobody was left without controls: a human turn without them would have
    # ended in a timeout, a decision the ledger above does not allow.


async def _hit(emulator: Emulator, faults: list[Fault], over: Callable[[], bool]) -> None:
    await emulator.wait_for(
        lambda: over() or all(f.count == 0 for f in faults), 60.0, "injected faults to be hit"
    )


# -- SIGKILL and restart ----------------------------------------------------------------


def _gives(msg: Message) -> bool:
    return any(":give:" in s["custom_id"] for s in msg.selects())


def _said_restarted(emu: Emulator, channel: Channel, since: int) -> bool:
    """The table of ``channel`` was posted again after the restart (it may have
    moved on since: a moved table's message is deleted)."""
    return any(
        m.id > since and "bot restarted" in m.text()
        for m in emu.messages(channel, include_deleted=True)
    )


def _beats(msg: Message) -> bool:
    return "**Your turn:** beat" in msg.content


@pytest.mark.parametrize("kills", [KILLS])
async def test_sigkill_mid_trick_and_mid_exchange_then_every_table_finishes(
    emulator: Emulator, tmp_path: Path, kills: int
) -> None:
    n_tables = KILL_TABLES
    db_path = tmp_path / "db.sqlite3"
    users = [emulator.create_user(f"p{i}") for i in range(3 + (n_tables - 1))]
    guild = emulator.create_guild(
        "Club", members=users, channels=[f"t{i}" for i in range(n_tables)]
    )
    channels = guild.channels
    # Table 0: three humans (so a human gives back in the exchange); the others
    # one human and two computers. Enough rounds for every kill.
    seatings = [users[:3]] + [[users[3 + i]] for i in range(n_tables - 1)]
    n_rounds = 2 + kills // 2
    async with await Database.open(db_path) as db:
        for ch in channels:
            await rounds(db, guild.id, ch, n_rounds)
    log = tmp_path / "bot.log"
    proc = await BotProcess(emulator, db_path, log, **CHILD).start()
    procs = [proc]
    tables: list[list[Human]] = []
    for ch, seated in zip(channels, seatings, strict=True):
        lobby = await open_lobby(
            emulator,
            seated[0],
            ch,
            seated[1:],
            rules="classic",
            seats=3,
            turn_time=600,
            bots=3 - len(seated),
        )
        await start_visible(emulator, seated[0], lobby, ch)
        tables.append([Human(u, ch) for u in seated])
    ids = await game_ids(db_path)
    assert len(ids) == n_tables
    gate = asyncio.Lock()
    held: dict[str, tuple[Human, Message, int] | None] = {"msg": None}
    want = {"kind": "beat"}

    def hold() -> bool:
        """Table 0 stops acting when the next kill point is on a human's screen."""
        if held["msg"] is not None:
            return True
        for h in tables[0]:
            found = h.controls(emulator)
            if found is None:
                continue
            msg, version = found
            hit = _beats(msg) if want["kind"] == "beat" else _gives(msg)
            if hit and want["kind"] != "done":
                held["msg"] = (h, msg, version)
                return True
        return False

    overs = [finished(emulator, ch) for ch in channels]
    players = [
        asyncio.create_task(
            play_channel(
                emulator, hs, done=over, timeout=240.0, gate=gate, pause=hold if i == 0 else bool
            )
        )
        for i, (hs, over) in enumerate(zip(tables, overs, strict=True))
    ]
    rng = random.Random(9)
    try:
        for k in range(kills):
            want["kind"] = "beat" if k % 2 == 0 else "give"
            await emulator.wait_for(
                lambda: held["msg"] is not None or overs[0](), 120.0, f"kill point {want}"
            )
            assert held["msg"] is not None, "table 0 ended before every kill point"
            async with gate:
                await asyncio.sleep(rng.uniform(0, 0.1))  # computers keep moving meanwhile
                await procs[-1].kill()
                assert procs[-1].errors() == [], procs[-1].errors()
                killed = emulator.mark()
                live = set(await game_ids(db_path))
                procs.append(await BotProcess(emulator, db_path, log, **CHILD).start())
                # The turn is announced again after the restart, and the messages
                # from before the kill (one may have gone out in its last moment)
                # lose their controls: one live hand. The new process takes them
                # away before a table's message says it restarted, so nobody acts
                # (the gate is held) until every live table said so: a message
                # picked before could lose its controls between the pick and the click.
                await emulator.wait_for(
                    lambda since=killed, live=live: all(
                        _said_restarted(emulator, ch, since) for ch in channels if ch.id in live
                    ),
                    15.0,
                    "every live table after the restart",
                )
                human, msg, version = held["msg"]
                await emulator.wait_for(
                    lambda m=msg: control_version(m) is None, 15.0, "the old turn message reduced"
                )
                again = await emulator.wait_for(
                    lambda h=human, v=version, old=msg.id: next(
                        (
                            m
                            for m in reversed(emulator.dms(h.user))
                            if m.id > old
                            and m.content.startswith("**President")
                            and control_version(m) == v
                        ),
                        None,
                    ),
                    15.0,
                    "the turn announced again after the restart",
                )
                decided = await human.act(emulator, again, version)
                assert decided is not None, (human.refused[-1].handle.message, procs[-1].log())
                held["msg"] = None
        want["kind"] = "done"
        await asyncio.gather(*players)
    finally:
        for p in players:
            p.cancel()
        await procs[-1].stop()
    for bp in procs:
        assert bp.errors() == [], bp.log()[-3000:]
    async with await Database.open(db_path) as db:
        assert await db.live_tables() == []
        for gid in ids.values():
            details = await db.game(gid)
            assert details is not None and details.summary.status == "finished"
            assert details.summary.rounds_played == n_rounds
    for hs, ch in zip(tables, channels, strict=True):
        await assert_ledger(db_path, ids[ch.id], hs)
