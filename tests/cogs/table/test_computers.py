"""The computer pool runs the coach's work in worker processes: a long review
does not hold the computers' decisions back, and its progress reaches the
event loop."""

from __future__ import annotations

import asyncio

from cogs.table.computers import ComputerPool
from tests.cogs.table.pool_work import busy, counted, quick


async def test_a_long_review_does_not_hold_back_the_tables_work() -> None:
    pool = ComputerPool()
    try:
        long = asyncio.ensure_future(pool.run(1, busy, 8.0, long=True))
        # the same game's worker: with one queue this would wait for the review
        assert await asyncio.wait_for(pool.run(1, quick), 7.0) == "quick"
        assert not long.done()
        long.cancel()
    finally:
        pool.close()


async def test_progress_reaches_the_event_loop() -> None:
    pool = ComputerPool()
    seen: list[tuple[int, int]] = []
    try:
        assert await pool.run(2, counted, 5, progress=lambda d, t: seen.append((d, t))) == 5
        # every report came before the result, in order
        assert seen == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
        seen.clear()
        assert await pool.run(2, counted, 3, progress=lambda d, t: seen.append((d, t)), long=True)
        assert seen == [(1, 3), (2, 3), (3, 3)]
    finally:
        pool.close()
