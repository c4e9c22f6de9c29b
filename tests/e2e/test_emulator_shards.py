"""The emulator's gateway shards as Discord's does: each connection identifies with
``[shard_id, shard_count]`` and gets the events of its servers only, DMs go to shard 0,
and a second connection for a shard gets its events too."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from tests.e2e.emulator import Emulator

INTENTS = (1 << 0) | (1 << 9) | (1 << 12) | (1 << 15)  # guilds, messages, DMs, content


class RawShard:
    """A gateway connection that identifies for one shard and keeps every event."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.changed = asyncio.Event()

    async def read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(json.loads(msg.data))
                self.changed.set()
        self.closed = self.ws.close_code
        self.changed.set()

    def events(self, name: str) -> list[dict[str, Any]]:
        return [f["d"] for f in self.frames if f.get("t") == name]

    async def wait(self, name: str, count: int = 1) -> list[dict[str, Any]]:
        async with asyncio.timeout(5):
            while len(self.events(name)) < count and self.closed is None:
                self.changed.clear()
                await self.changed.wait()
        return self.events(name)


@asynccontextmanager
async def shard(emu: Emulator, shard: list[int] | None) -> AsyncIterator[RawShard]:
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{emu.ws_base}/gateway") as ws:
        conn = RawShard(ws)
        identify: dict[str, Any] = {"token": emu.token, "intents": INTENTS, "properties": {}}
        if shard is not None:
            identify["shard"] = shard
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        reader = asyncio.get_running_loop().create_task(conn.read())
        try:
            if shard is None or 0 <= shard[0] < shard[1]:
                await conn.wait("READY")
            yield conn
        finally:
            await ws.close()
            await reader


async def test_each_shard_gets_its_own_servers_and_shard_0_the_dms(emulator: Emulator) -> None:
    alice = emulator.create_user("alice")
    even = emulator.create_guild("Even", members=[alice], shard=(0, 2))
    odd = emulator.create_guild("Odd", members=[alice], shard=(1, 2))
    assert (even.id >> 22) % 2 == 0 and (odd.id >> 22) % 2 == 1
    async with shard(emulator, [0, 2]) as zero, shard(emulator, [1, 2]) as one:
        assert [g["id"] for g in zero.events("READY")[0]["guilds"]] == [str(even.id)]
        assert [g["id"] for g in one.events("READY")[0]["guilds"]] == [str(odd.id)]
        assert zero.events("READY")[0]["shard"] == [0, 2]
        assert [g["name"] for g in await one.wait("GUILD_CREATE")] == ["Odd"]
        assert [g["name"] for g in zero.events("GUILD_CREATE")] == ["Even"]

        await emulator.send_message(alice, odd.channels[0], "in the odd server")
        await emulator.send_message(alice, emulator.dm_channel(alice), "a DM")
        await emulator.send_message(alice, even.channels[0], "in the even server")
        assert [m["content"] for m in await one.wait("MESSAGE_CREATE")] == ["in the odd server"]
        seen = await zero.wait("MESSAGE_CREATE", 2)
        assert [m["content"] for m in seen] == ["a DM", "in the even server"]
        assert len(one.events("MESSAGE_CREATE")) == 1


async def test_a_second_connection_for_a_shard_gets_its_events_too(emulator: Emulator) -> None:
    alice = emulator.create_user("alice")
    odd = emulator.create_guild("Odd", members=[alice], shard=(1, 2))
    async with (
        shard(emulator, [0, 2]),
        shard(emulator, [1, 2]) as first,
        shard(emulator, [1, 2]) as second,
    ):
        await emulator.send_message(alice, odd.channels[0], "twice")
        assert [m["content"] for m in await first.wait("MESSAGE_CREATE")] == ["twice"]
        assert [m["content"] for m in await second.wait("MESSAGE_CREATE")] == ["twice"]


async def test_an_unsharded_connection_gets_everything(emulator: Emulator) -> None:
    alice = emulator.create_user("alice")
    odd = emulator.create_guild("Odd", members=[alice], shard=(1, 2))
    async with shard(emulator, None) as whole:
        assert whole.events("READY")[0]["shard"] == [0, 1]
        await emulator.send_message(alice, odd.channels[0], "hello")
        assert [m["content"] for m in await whole.wait("MESSAGE_CREATE")] == ["hello"]


async def test_a_shard_out_of_its_count_is_refused(emulator: Emulator) -> None:
    async with shard(emulator, [2, 2]) as wrong:
        await wrong.wait("READY")
        assert wrong.closed == 4010
