"""Where computer players think: strong levels in worker processes.

A hard or expert decision is a search of tens to hundreds of milliseconds of
pure Python. Run in a thread of the bot's process it holds the interpreter
lock and every click waits behind it, so those levels run in a worker process
instead (one; see :func:`pool_size`), started the first time a strong
computer is to move. Cheap levels (random, easy, normal) decide in a
thread as before: shipping their observation to another process would cost
more than the decision.

Each seat's player object lives in one worker for the whole game (a table is
routed to a worker by its game id), so a player that keeps what it learnt
during a round (the expert's particle filter) still does, and a seed still
gives the same decisions. The worker decides with the engine; multiprocessing
also imports the bot's main module in it (about 32 MiB of the worker's 57).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

#: Levels whose decisions are searches: they go to the worker processes.
POOLED_LEVELS = frozenset({"hard", "expert"})

#: Seconds a search may take before the best decision found so far is played.
COMPUTER_TIME_LIMIT = 3.0

_players: dict[tuple[int, int], Any] = {}
"""In a worker: the player of each (game id, seat) it serves."""


def _decide(kind: str, level: str, seed: int, key: tuple[int, int], obs: Any) -> Any:
    """Runs in a worker process."""
    from engine.game import game_type

    player = _players.get(key)
    if player is None:
        player = game_type(kind).make_player(level, seed)
        if hasattr(player, "time_limit"):
            player.time_limit = COMPUTER_TIME_LIMIT
        _players[key] = player
    return player.decide(obs)


def _forget(game_id: int) -> None:
    """Runs in a worker process: the game ended, its players go."""
    for key in [k for k in _players if k[0] == game_id]:
        del _players[key]


def _start_worker() -> None:
    """Runs in a worker as it starts: it exits when the bot's process ends, even
    when the bot is killed (an idle worker would otherwise live on, 70 MiB with
    multiprocessing's resource tracker, through every restart)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()
    os._exit(0)


def pool_size() -> int:
    """One worker: at 50 tables, 20 of them with hard or expert computers, it
    is busy about 70% of the time and the tables play nearly as fast as with
    two (30 decisions/s against 32), while each worker holds about 60 MiB
    (``python -m benchmarks.e2e``, ``docs/benchmarks.md``)."""
    return 1


class ComputerPool:
    """Worker processes for strong computer players, started on first use."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size or pool_size()
        self._workers: list[Executor] = []

    def _worker(self, game_id: int) -> Executor:
        if not self._workers:
            # spawn: a clean process, not a copy of the bot with its threads,
            # sockets and picture caches (a forkserver would be one more
            # process, of 13 MiB, to start a single worker)
            context = multiprocessing.get_context("spawn")
            self._workers = [
                ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_start_worker)
                for _ in range(self.size)
            ]
        return self._workers[game_id % len(self._workers)]

    def pooled(self, level: str) -> bool:
        return level in POOLED_LEVELS

    async def decide(
        self, kind: str, level: str, seed: int, game_id: int, seat: int, obs: Any
    ) -> Any:
        loop = asyncio.get_running_loop()
        worker = self._worker(game_id)
        return await loop.run_in_executor(worker, _decide, kind, level, seed, (game_id, seat), obs)

    def forget(self, game_id: int) -> None:
        """A game ended: its players are dropped from the worker that served it."""
        if self._workers:
            self._workers[game_id % len(self._workers)].submit(_forget, game_id)

    def pids(self) -> list[int]:
        """The worker processes' ids (for memory figures)."""
        out: list[int] = []
        for w in self._workers:
            processes: dict[int, Any] = getattr(w, "_processes", None) or {}
            out += list(processes)
        return out

    def close(self) -> None:
        workers, self._workers = self._workers, []
        for w in workers:
            w.shutdown(wait=False, cancel_futures=True)
