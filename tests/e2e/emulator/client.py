"""Connecting a real, unmodified discord.py client to the emulator.

Why class attributes: discord.py has no base-URL option, but it reads every
address lazily from ``Route.BASE`` (REST, interaction callbacks, webhooks),
``DiscordWebSocket.DEFAULT_GATEWAY`` and ``Asset.BASE``.  Setting them before
``client.start()`` redirects everything; :func:`patch_discord` restores the
previous values on exit so nothing leaks between tests.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, TypeVar

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

if TYPE_CHECKING:
    from .control import Emulator

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def patch_discord(emu: Emulator) -> Iterator[None]:
    """Point discord.py at the emulator for the duration of the block."""
    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.asset.Asset.BASE,
    )
    discord.http.Route.BASE = emu.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{emu.ws_base}/gateway")
    discord.asset.Asset.BASE = f"{emu.http_base}/cdn"
    try:
        yield
    finally:
        (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        ) = saved


@contextlib.asynccontextmanager
async def run_client(
    emu: Emulator,
    client: ClientT,
    token: str | None = None,
    *,
    ready_timeout: float = 10.0,
) -> AsyncIterator[ClientT]:
    """Start ``client`` against ``emu``, wait for ``on_ready``, close it at exit.

    ``guild_ready_timeout`` is lowered to 0.1 s (discord.py waits that long
    after the last GUILD_CREATE before READY).  If the client task dies before
    it is ready, its exception is raised here.
    """
    with patch_discord(emu):
        state = client._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, 0.1)
        task = asyncio.create_task(client.start(token or emu.token), name="e2e-client")
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + ready_timeout
            while not client.is_ready():
                if task.done():
                    task.result()
                    raise AssertionError("client stopped before it was ready")
                if loop.time() > deadline:
                    raise AssertionError(f"client not ready after {ready_timeout}s")
                await asyncio.sleep(0.01)  # polling discord.py's own ready flag
            yield client
        finally:
            await client.close()
            try:
                await asyncio.wait_for(task, 5.0)
            except (asyncio.CancelledError, TimeoutError):
                task.cancel()
