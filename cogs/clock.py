"""Time as the game cogs see it: wall-clock ``now()`` and ``sleep()``.

Turn timers, computer pauses, between-round pauses, the lobby idle timeout
and table-edit coalescing all go through a :class:`Clock`, so end-to-end
tests can run the real bot with a :class:`ScaledClock` instead of waiting
minutes in real time.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch (used for Discord ``<t:…:R>`` timestamps)."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """Real time."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ScaledClock:
    """Game time that runs ``1 / scale`` times faster than real time.

    ``ScaledClock(0.01)`` turns a 60 s turn timer into 0.6 s of real time;
    ``now()`` advances at the same accelerated rate, so deadlines shown as
    timestamps stay consistent with the sleeps.
    """

    def __init__(self, scale: float, *, since: float | None = None) -> None:
        if scale <= 0:
            raise ValueError("scale must be positive")
        self.scale = scale
        wall = time.time()
        self._mono0 = time.monotonic()
        # From ``since`` (a wall time several bot processes share), game time is the
        # same in all of them: a deadline one stored means the same to the next.
        self._game0 = wall if since is None else since + (wall - since) / scale

    def now(self) -> float:
        return self._game0 + (time.monotonic() - self._mono0) / self.scale

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds) * self.scale)


async def wait_event(clock: Clock, event: asyncio.Event, timeout: float) -> bool:
    """Wait for ``event`` at most ``timeout`` clock seconds; True if it was set."""
    if event.is_set():
        return True
    waiter = asyncio.ensure_future(event.wait())
    sleeper = asyncio.ensure_future(clock.sleep(timeout))
    try:
        await asyncio.wait({waiter, sleeper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (waiter, sleeper):
            task.cancel()
    return event.is_set()
