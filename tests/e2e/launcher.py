"""Run the real bot entry point (``bot.main``) in a child process against the emulator.

    E2E_API_BASE=http://127.0.0.1:PORT/api/v10 E2E_GATEWAY=ws://127.0.0.1:PORT/gateway \\
    DISCORD_TOKEN=... DATABASE_PATH=... python -m tests.e2e.launcher

Test-only: production code reads none of these variables. Before calling
``bot.main()`` this module points discord.py at the emulator (the three class
attributes of ``tests/e2e/emulator/client.py``) and wraps ``bot.create_bot`` so
the bot gets a fast clock and test pacing. The bot reads its settings from
the environment only, never from the checkout's ``.env`` (it takes an empty
temporary folder for its own; under pytest ``tests/conftest.py`` has taken the
host's bot variables out of the environment), and it logs plain lines, as it
does wherever stderr is not a terminal (discord.py colours them inside Docker,
where ``BotProcess.errors()`` would miss them).

- ``E2E_CHECKOUT``: the folder the bot takes for its own instead (its ``.env``
  and the base of a relative or default ``DATABASE_PATH``);
- ``E2E_CLOCK_SCALE``: a :class:`~cogs.clock.ScaledClock` scale (default 0.01);
- ``E2E_CLOCK_SINCE``: the wall time the scaled game time counts from, the same for
  every bot process of a test (a deadline stored by one means the same to the next);
- ``E2E_TIMINGS``: JSON of :class:`bot.Timings` fields (default: the e2e ones);
- ``E2E_LOOP_LAG``: a file that receives, at exit, the lateness of a sampler
  task scheduled every 10 ms in the bot's event loop (``[[wall, lag_s], ...]``);
- ``E2E_PROFILE``: a file for ``cProfile`` statistics of the bot process;
- ``E2E_POOL_SIZE``, ``E2E_THREADS`` and ``E2E_MALLOC_ARENAS``: the number of
  computer worker processes, of the event loop's default thread pool and of
  glibc malloc arenas, to measure what other sizes would cost or buy
  (production sizes when unset);
- ``E2E_TRACEMALLOC``: a file that receives, on SIGUSR2, the 25 source lines
  holding the most Python-allocated memory (Pillow's picture buffers are not
  traced: they are the rest of the resident memory);
- ``E2E_DEBUG_ONLY``: with ``LOG_LEVEL=DEBUG``, the comma-separated loggers that
  keep DEBUG while every other one logs from INFO (discord.py's per-request
  DEBUG lines would otherwise cost the bot more than what is measured).

SIGUSR1 writes every thread's stack to stderr (the log).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import cProfile
import faulthandler
import functools
import json
import logging
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from dataclasses import asdict
from pathlib import Path
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
_tasks: list[asyncio.Task[None]] = []


async def _sample_lag() -> None:
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(LAG_PERIOD)
        _lag.append((time.time(), max(0.0, loop.time() - before - LAG_PERIOD)))


_keep: list[tempfile.TemporaryDirectory[str]] = []


def _isolate() -> None:
    folder = os.environ.get("E2E_CHECKOUT")
    if folder:
        bot.HERE = Path(folder)
    else:
        # removed when the process exits (a killed bot leaves an empty folder)
        _keep.append(tempfile.TemporaryDirectory(prefix="e2e-bot-"))
        bot.HERE = Path(_keep[-1].name)
    discord.utils.stream_supports_colour = lambda stream: False


def _patch() -> None:
    _isolate()
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
    threads = int(os.environ.get("E2E_THREADS", "0"))
    if os.environ.get("E2E_MALLOC_ARENAS"):
        bot.tune_malloc = functools.partial(bot.tune_malloc, int(os.environ["E2E_MALLOC_ARENAS"]))
    if os.environ.get("E2E_POOL_SIZE"):
        from cogs.table import computers

        size = int(os.environ["E2E_POOL_SIZE"])
        computers.pool_size = lambda: size
    debug_only = [n for n in os.environ.get("E2E_DEBUG_ONLY", "").split(",") if n]

    def create(settings: bot.Settings, **_: Any) -> bot.CardTableBot:
        if debug_only:  # bot.main has set the logging up by now
            logging.getLogger().setLevel(max(logging.getLogger().level, logging.INFO))
            for name in debug_only:
                logging.getLogger(name).setLevel(settings.log_level)
        since = float(os.environ["E2E_CLOCK_SINCE"]) if os.environ.get("E2E_CLOCK_SINCE") else None
        b = real_create(settings, clock=ScaledClock(scale, since=since), timings=timings)
        b._connection.guild_ready_timeout = 0.1  # no 2 s wait for GUILD_CREATEs
        b.before_identify_hook = _no_identify_pause  # type: ignore[method-assign]
        hook = b.setup_hook

        async def setup_hook() -> None:
            loop = asyncio.get_running_loop()
            if sample:
                _tasks.append(loop.create_task(_sample_lag(), name="e2e-loop-lag"))
            if threads:
                loop.set_default_executor(concurrent.futures.ThreadPoolExecutor(threads))
            await hook()

        b.setup_hook = setup_hook  # type: ignore[method-assign]
        return b

    bot.create_bot = create


async def _no_identify_pause(shard_id: int | None, *, initial: bool = False) -> None:
    """The emulator limits no IDENTIFY: discord.py's 5 s between a process's shards
    would only slow every sharded start down."""


def _dump_allocations(path: str) -> None:
    stats = tracemalloc.take_snapshot().statistics("lineno")
    total = sum(s.size for s in stats)
    with open(path, "w") as f:
        f.write(f"traced {total / 2**20:.1f} MiB\n")
        f.writelines(f"{s}\n" for s in stats[:25])


def run() -> int:
    # BotProcess.stop sends SIGUSR1 before it kills a bot that did not stop:
    # every thread's stack goes to the log, to show where it hung.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    # A process started in the background by a shell inherits SIGINT ignored,
    # and Python then never raises KeyboardInterrupt: BotProcess.stop's Ctrl-C
    # must stop the bot wherever the test or benchmark was started from.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _patch()
    trace_path = os.environ.get("E2E_TRACEMALLOC")
    if trace_path:
        tracemalloc.start()
        signal.signal(signal.SIGUSR2, lambda *_: _dump_allocations(trace_path))
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
