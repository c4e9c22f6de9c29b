"""The replay's progress message: edited at most once per interval, only when
the drawing moved on, and replaced by the replay itself."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.replies import UserFacingError
from cogs.table.replay import MAX_PENDING, Replays
from cogs.table.runtime import load_adapters
from data import GameDetails, GameSummary, Seat


def _finished_game() -> GameDetails:
    summary = GameSummary(
        game_id=7,
        guild_id=1,
        channel_id=2,
        kind="president",
        preset="classic",
        scoring="standard",
        status="finished",
        seats=(Seat.human(5, "alice"), Seat.computer("easy", "Ada (computer)")),
        winners=(0,),
        rounds_played=1,
        started_at=datetime.now(UTC),
        ended_at=datetime.now(UTC),
    )
    return GameDetails(summary=summary, options_json="{}", rounds=(), record_json="{}")


class _Interaction:
    channel_id = 2
    guild_id = 1

    def __init__(self) -> None:
        self.deferred: dict[str, Any] | None = None
        self.edits: list[dict[str, Any]] = []
        self.response = SimpleNamespace(
            is_done=lambda: self.deferred is not None, defer=self._defer
        )

    async def _defer(self, **kwargs: Any) -> None:
        self.deferred = kwargs

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)


async def _until(predicate: Any) -> None:
    for _ in range(1000):
        if predicate():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("timed out")


def _db() -> Any:
    details = _finished_game()

    async def game(game_id: int) -> GameDetails:
        return details

    async def recent_games(channel_id: int, **kwargs: Any) -> list[GameSummary]:
        return [details.summary]

    return SimpleNamespace(game=game, recent_games=recent_games)


async def test_progress_is_shown_once_per_tick_when_it_moved_then_the_replay() -> None:
    db = _db()
    ticks: asyncio.Queue[None] = asyncio.Queue()
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        await ticks.get()

    at_40, finish = threading.Event(), threading.Event()

    def render(record: str, names: list[str], number: int, progress: Any) -> bytes:
        assert (names, number) == (["alice", "Ada (computer)"], 1)
        progress(40, 101)
        at_40.set()
        assert finish.wait(5)
        progress(101, 101)
        return b"GIF89a"

    replays = Replays(db, load_adapters(), render=render, sleep=sleep)
    interaction = _Interaction()
    adapter = load_adapters()["president"]
    task = asyncio.create_task(replays.replay(interaction, adapter, None, None))  # type: ignore[arg-type]
    try:
        await _until(at_40.is_set)
        await _until(lambda: len(sleeps) == 1)
        assert interaction.deferred == {"thinking": True}
        assert interaction.edits == []  # no edit before the first interval is over
        ticks.put_nowait(None)
        await _until(lambda: len(sleeps) == 2)
        assert [e["content"] for e in interaction.edits] == ["Drawing the replay… 40/101 frames"]
        ticks.put_nowait(None)  # nothing moved: no request spent
        await _until(lambda: len(sleeps) == 3)
        assert len(interaction.edits) == 1
        finish.set()
        await asyncio.wait_for(task, 5)
    finally:
        finish.set()
        replays.close()
    last = interaction.edits[-1]
    assert len(interaction.edits) == 2 and last["content"].startswith("**President**, game 7")
    assert [f.filename for f in last["attachments"]] == ["replay.gif"]


async def test_replays_wait_their_turn_and_one_too_many_is_refused() -> None:
    ticks: asyncio.Queue[None] = asyncio.Queue()

    async def sleep(seconds: float) -> None:
        await ticks.get()

    started, finish = threading.Event(), threading.Event()

    def render(record: str, names: list[str], number: int, progress: Any) -> bytes:
        progress(1, 3)
        started.set()
        assert finish.wait(5)
        return b"GIF89a"

    replays = Replays(_db(), load_adapters(), render=render, sleep=sleep)
    adapter = load_adapters()["president"]
    asked = [_Interaction() for _ in range(MAX_PENDING + 1)]
    tasks = [
        asyncio.create_task(replays.replay(i, adapter, 7, None))  # type: ignore[arg-type]
        for i in asked[:MAX_PENDING]
    ]
    try:
        await _until(lambda: started.is_set() and all(i.deferred for i in asked[:MAX_PENDING]))
        with pytest.raises(UserFacingError, match="Several replays are being drawn"):
            await replays.replay(asked[-1], adapter, 7, None)  # type: ignore[arg-type]
        assert asked[-1].deferred is None  # refused to the asker alone
        for _ in tasks:
            ticks.put_nowait(None)
        await _until(lambda: all(i.edits for i in asked[:MAX_PENDING]))
        texts = sorted(i.edits[0]["content"] for i in asked[:MAX_PENDING])
        assert texts == ["Drawing the replay… 1/3 frames"] + [
            "Waiting for another replay to finish…"
        ] * (MAX_PENDING - 1)
        finish.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
    finally:
        finish.set()
        replays.close()
    assert all(i.edits[-1]["attachments"] for i in asked[:MAX_PENDING])
