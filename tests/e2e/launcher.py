"""Run the real bot entry point (``bot.main``) in a child process against the emulator.

    E2E_API_BASE=http://127.0.0.1:PORT/api/v10 E2E_GATEWAY=ws://127.0.0.1:PORT/gateway \\
    DISCORD_TOKEN=... DATABASE_PATH=... python -m tests.e2e.launcher

Test-only: production code reads none of these variables. Before calling
``bot.main()`` this module points discord.py at the emulator (the three class
attributes of ``tests/e2e/emulator/client.py``) and wraps ``bot.create_bot`` so
the bot gets a fast clock and test pacing:

- ``E2E_CLOCK_SCALE``: a :class:`~cogs.clock.ScaledClock` scale (default 0.01);
- ``E2E_TIMINGS``: JSON of :class:`bot.Timings` fields (default: the e2e ones);
- ``E2E_LOOP_LAG``: a file that receives, at exit, the lateness of a sampler
  task scheduled every 10 ms in the bot's event loop (``[[wall, lag_s], ...]``);
- ``E2E_PROFILE``: a file for ``cProfile`` statistics of the bot process.
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import os
import sys
import time
from dataclasses import asdict
from typing import Any

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

import bot
from cogs.clock import ScaledClock

LAG_PERIOD = 0.010
_lag: list[tuple[float, float]] = []


async def _sample_lag() -> None:
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(LAG_PERIOD)
        _lag.append((time.time(), max(0.0, loop.time() - before - LAG_PERIOD)))


def _patch() -> None:
    api = os.environ["E2E_API_BASE"]
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["E2E_GATEWAY"])
    discord.asset.Asset.BASE = api.rsplit("/api/", 1)[0] + "/cdn"

    from tests.e2e.president_support import FAST, FAST_TIMINGS

    scale = float(os.environ.get("E2E_CLOCK_SCALE", FAST))
    fields: dict[str, Any] = asdict(FAST_TIMINGS)
    fields.update(json.loads(os.environ.get("E2E_TIMINGS", "{}")))
    timings = bot.Timings(**fields)
    real_create = bot.create_bot
    sample = bool(os.environ.get("E2E_LOOP_LAG"))

    def create(settings: bot.Settings, **_: Any) -> bot.PresidentBot:
        b = real_create(settings, clock=ScaledClock(scale), timings=timings)
        b._connection.guild_ready_timeout = 0.1  # no 2 s wait for GUILD_CREATEs
        if sample:
            hook = b.setup_hook

            async def setup_hook() -> None:
                asyncio.get_running_loop().create_task(_sample_lag(), name="e2e-loop-lag")
                await hook()

            b.setup_hook = setup_hook  # type: ignore[method-assign]
        return b

    bot.create_bot = create


def run() -> int:
    _patch()
    profile_path = os.environ.get("E2E_PROFILE")
    code = 0
    if profile_path:
        profiler = cProfile.Profile()
        try:
            code = profiler.runcall(bot.main)
        finally:
            profiler.dump_stats(profile_path)
    else:
        code = bot.main()
    lag_path = os.environ.get("E2E_LOOP_LAG")
    if lag_path:
        with open(lag_path, "w") as f:
            json.dump(_lag, f)
    return code


if __name__ == "__main__":
    sys.exit(run())
