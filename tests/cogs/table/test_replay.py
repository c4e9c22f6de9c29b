"""The replay's progress message: edited at most once per interval, only when
the drawing moved on, and replaced by the replay itself."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from cogs.table.replay import Replays
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


async def test_progress_is_shown_once_per_tick_when_it_moved_then_the_replay() -> None:
    details = _finished_game()

    async def game(game_id: int) -> GameDetails:
        return details

    async def recent_games(channel_id: int, **kwargs: Any) -> list[GameSummary]:
        return [details.summary]

    db: Any = SimpleNamespace(game=game, recent_games=recent_games)
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
