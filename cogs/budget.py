"""The bot's request budget: one scheduler in front of discord.py's HTTP client.

Discord allows one token about 50 requests a second in all (answers to an
interaction, through its own token, are outside that limit and do not pass
here) and blocks the bot's address for an hour after about 10,000 invalid
answers (401, 403, 429) in ten minutes. So every request the bot starts itself
waits here for its share of a rate kept under that limit, the most urgent
first: turn messages and notices before table redraws, which the table loop
also spaces out more while the budget is busy. At full load (turn messages
alone can fill the budget) redraws still get one request in ``REDRAW_EVERY``,
so the table picture lags but is not starved; no click waits and no 429 comes
back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextvars import ContextVar
from enum import IntEnum
from typing import Any

import aiohttp

log = logging.getLogger("cardtable.budget")


class Priority(IntEnum):
    URGENT = 0
    """A player waits for it: their turn message, a notice."""
    NORMAL = 1
    REDRAW = 2
    """A table picture: the next one replaces it, so it may wait."""


_priority: ContextVar[Priority] = ContextVar("request_priority", default=Priority.NORMAL)


@contextlib.contextmanager
def priority(level: Priority) -> Iterator[None]:
    """The requests started in this block (in this task) wait at ``level``."""
    token = _priority.set(level)
    try:
        yield
    finally:
        _priority.reset(token)


_reserved: ContextVar[list[float] | None] = ContextVar("request_reserved", default=None)


INVALID_WINDOW = 600.0
INVALID_LIMIT = 10_000
WINDOW = 1.05
"""The second the budget counts in, with a margin: a request counted when it
leaves may reach Discord a little later, behind a slower one counted earlier."""
_EPSILON = 1e-9
"""Refilled fractions are floats: 0.999999… is a whole request."""
REDRAW_EVERY = 3
"""While redraws wait, at least one request in this many goes to the longest
waiting one: more urgent requests keep two thirds of a full budget."""
WARN_AT = (0.5, 0.8, 0.95)
"""Fractions of the invalid-request limit at which a WARNING is logged, once each."""


class Budget:
    """At most ``rate`` requests start in any one second (a sliding window of
    ``WINDOW``, the strictest reading of Discord's per-second limit), served by
    priority, then in order, except that waiting redraws get one in ``REDRAW_EVERY``."""

    def __init__(
        self,
        rate: float = 45.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if rate < 1:
            raise ValueError("the request rate must be at least one a second")
        self.rate = rate
        self.limit = int(rate)
        self.clock = clock
        self.sleep = sleep
        self._started: deque[float] = deque()
        self._waiting: dict[Priority, deque[asyncio.Future[float]]] = {
            level: deque() for level in Priority
        }
        self._passed = 0
        """Requests served ahead of a waiting redraw since a redraw was last served."""
        self._pump: asyncio.Task[None] | None = None
        self.invalid_limit = INVALID_LIMIT
        self._invalid: deque[float] = deque()
        self._warned = 0  # how many of WARN_AT were logged

    def _wait(self) -> float:
        """0 if a request may start now, else how long until one may."""
        now = self.clock()
        while self._started and self._started[0] <= now - WINDOW + _EPSILON:
            self._started.popleft()
        if len(self._started) < self.limit:
            return 0.0
        return self._started[0] + WINDOW - now

    async def acquire(self, level: Priority | None = None) -> float:
        """Wait for this request's turn in the budget; when it was given."""
        if not self._queued() and self._wait() == 0.0:
            at = self.clock()
            self._started.append(at)
            return at
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        level = _priority.get() if level is None else level
        self._waiting[level].append(future)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._serve(), name="request-budget")
        return await future

    @contextlib.asynccontextmanager
    async def reserved(self, level: Priority) -> AsyncIterator[None]:
        """Wait for a share first, then prepare the request: the first request
        started in this block (in this task) takes it. A table picture drawn
        when its turn comes shows the table then, not when it began to wait."""
        token = _reserved.set([await self.acquire(level)])
        try:
            yield
        finally:
            _reserved.reset(token)

    async def start(self) -> None:
        """A request starts: it takes the share reserved for it, counted from now
        (it was prepared meanwhile), or waits for one."""
        share = _reserved.get()
        if share:
            given = share.pop()
            with contextlib.suppress(ValueError):  # unless it expired while prepared
                self._started.remove(given)
                self._started.append(self.clock())
                return
        await self.acquire()

    def _queued(self) -> bool:
        for queue in self._waiting.values():
            while queue and queue[0].done():  # its request was cancelled while waiting
                queue.popleft()
        return any(self._waiting.values())

    def _next(self) -> asyncio.Future[float]:
        """The most urgent waiting request, or the oldest redraw when its share is due."""
        redraws = self._waiting[Priority.REDRAW]
        if redraws and self._passed >= REDRAW_EVERY - 1:
            level = Priority.REDRAW
        else:
            level = next(lv for lv in Priority if self._waiting[lv])
        self._passed = self._passed + 1 if redraws and level != Priority.REDRAW else 0
        return self._waiting[level].popleft()

    async def _serve(self) -> None:
        while self._queued():
            wait = self._wait()
            if wait > 0:
                await self.sleep(wait)
                continue
            future = self._next()
            at = self.clock()
            self._started.append(at)
            future.set_result(at)
            await asyncio.sleep(0)  # let it start before the next is served

    def busy(self) -> bool:
        """Requests wait, or over half of this second's budget is spent."""
        self._wait()
        return self._queued() or len(self._started) > self.limit / 2

    # -- invalid requests ----------------------------------------------------------
    def answered(self, status: int) -> None:
        """Count an answer; 401, 403 and 429 count towards Discord's invalid-request limit."""
        if status not in (401, 403, 429):
            return
        self._invalid.append(self.clock())
        count = self.invalid_count()
        while self._warned < len(WARN_AT) and count >= WARN_AT[self._warned] * self.invalid_limit:
            self._warned += 1
            log.warning(
                "%d invalid requests (401, 403, 429) in the last ten minutes: Discord blocks "
                "the bot's address for an hour at about %d",
                count,
                self.invalid_limit,
            )

    def invalid_count(self) -> int:
        since = self.clock() - INVALID_WINDOW
        while self._invalid and self._invalid[0] <= since:
            self._invalid.popleft()
        if not self._invalid:
            self._warned = 0
        return len(self._invalid)

    # -- wiring --------------------------------------------------------------------
    def trace(self) -> aiohttp.TraceConfig:
        """The budget as hooks of the bot's HTTP session: each attempt (a retry too,
        and after discord.py's own wait for a route's bucket, so the request goes
        out when its share was given) waits for the budget, except interaction
        answers; every answer is counted."""
        config = aiohttp.TraceConfig()

        async def on_start(
            session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
        ) -> None:
            if not exempt(params.url.path):
                await self.start()

        async def on_end(
            session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestEndParams
        ) -> None:
            self.answered(params.response.status)

        config.on_request_start.append(on_start)
        config.on_request_end.append(on_end)
        return config


def exempt(path: str) -> bool:
    """Answers to an interaction (by its token) are outside the global limit; so is
    the gateway's websocket and the CDN."""
    return "/interactions/" in path or "/webhooks/" in path or not path.startswith("/api/")
