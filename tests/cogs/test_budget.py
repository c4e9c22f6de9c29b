"""The request budget on a fake clock: its rate, its priorities, how busy it
says it is, and its warning about invalid requests."""

from __future__ import annotations

import asyncio
import logging

import pytest

from cogs.budget import WINDOW, Budget, Priority, priority


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)


def budget(rate: float = 10.0) -> tuple[Budget, FakeClock]:
    clock = FakeClock()
    return Budget(rate, clock=clock, sleep=clock.sleep), clock


async def test_no_more_requests_start_in_a_second_than_the_rate() -> None:
    b, clock = budget(10.0)
    started: list[float] = []

    async def one() -> None:
        await b.acquire()
        started.append(clock.now)

    await asyncio.gather(*(one() for _ in range(35)))
    assert len(started) == 35
    for t in started:
        in_window = [s for s in started if t <= s < t + 1.0]
        assert len(in_window) <= 10
    assert started[-1] - started[0] >= 2 * WINDOW  # 25 beyond the first second's 10


async def test_a_turn_message_waiting_goes_before_table_redraws_waiting_longer() -> None:
    b, _clock = budget(2.0)
    order: list[str] = []
    for _ in range(2):
        await b.acquire()  # the budget is spent

    async def one(name: str, level: Priority) -> None:
        with priority(level):
            await b.acquire()
        order.append(name)

    redraws = [asyncio.create_task(one(f"redraw{i}", Priority.REDRAW)) for i in range(3)]
    await asyncio.sleep(0)
    turn = asyncio.create_task(one("turn", Priority.URGENT))
    await asyncio.gather(*redraws, turn)
    assert order[0] == "turn"
    assert order[1:] == ["redraw0", "redraw1", "redraw2"]


async def test_a_redraw_gets_one_request_in_three_while_turn_messages_keep_coming() -> None:
    """At full load the turn messages alone can fill the budget: the table
    pictures then lag, but are not starved until the load ends."""
    b, _clock = budget(2.0)
    order: list[str] = []
    for _ in range(2):
        await b.acquire()  # the budget is spent

    async def one(name: str, level: Priority) -> None:
        with priority(level):
            await b.acquire()
        order.append(name)

    redraws = [asyncio.create_task(one(f"redraw{i}", Priority.REDRAW)) for i in range(2)]
    await asyncio.sleep(0)
    turns = [asyncio.create_task(one(f"turn{i}", Priority.URGENT)) for i in range(6)]
    await asyncio.gather(*redraws, *turns)
    assert order == [
        *("turn0", "turn1", "redraw0"),
        *("turn2", "turn3", "redraw1"),
        *("turn4", "turn5"),
    ]


async def test_a_request_prepared_after_its_share_was_given_takes_that_share() -> None:
    """A table picture is drawn once its turn in the budget came (so it shows the
    table then) and goes out without waiting again, counted from when it went."""
    b, clock = budget(2.0)
    for _ in range(2):
        await b.acquire()  # the budget is spent
    async with b.reserved(Priority.REDRAW):
        assert clock.now == pytest.approx(1000.0 + WINDOW)
        clock.now += 0.5  # the picture is drawn
        await b.start()
        assert clock.now == pytest.approx(1000.5 + WINDOW)
        await b.start()  # a second request of the block waits for its own share
    await b.acquire()
    assert clock.now == pytest.approx(1000.5 + 2 * WINDOW)


async def test_busy_while_requests_wait_or_most_of_the_second_is_spent() -> None:
    b, clock = budget(10.0)
    assert not b.busy()
    for _ in range(4):
        await b.acquire()
    assert not b.busy()
    for _ in range(4):
        await b.acquire()
    assert b.busy()
    clock.now += WINDOW
    assert not b.busy()


async def test_a_cancelled_wait_takes_no_request() -> None:
    b, clock = budget(1.0)
    await b.acquire()
    waiting = asyncio.create_task(b.acquire())
    await asyncio.sleep(0)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await b.acquire()
    assert clock.now == pytest.approx(1000.0 + WINDOW)


def test_invalid_answers_are_counted_and_warned_of_before_the_limit(
    caplog: pytest.LogCaptureFixture,
) -> None:
    b, clock = budget()
    b.invalid_limit = 100
    with caplog.at_level(logging.WARNING, logger="cardtable.budget"):
        for status in (200, 204, 404, 400):
            b.answered(status)
        assert b.invalid_count() == 0
        for _ in range(49):
            b.answered(403)
        assert not caplog.records
        b.answered(429)  # half the limit
        assert b.invalid_count() == 50
        assert len(caplog.records) == 1
        assert "50 invalid requests" in caplog.records[0].getMessage()
        b.answered(401)
        assert len(caplog.records) == 1  # once per level, not per answer
        clock.now += 601.0  # Discord's window is ten minutes
        assert b.invalid_count() == 0
