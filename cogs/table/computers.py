"""Where computer players think: searches in worker processes.

A search (a level its game's manifest declares ``pooled``: President's hard
and expert, Big Two's and Sixty's hard) takes tens to hundreds of
milliseconds of pure Python. Run in a thread of the bot's process it holds
the interpreter lock and every click waits behind it, so those levels run in
a worker process instead (one; see :func:`pool_size`), started the first time
a strong computer is to move. Cheap levels decide in a thread: shipping their
observation to another process would cost more than the decision.

Each seat's player object lives in one place for the whole game (a table is
routed to a worker by its game id), so a player that keeps what it learnt
during a round (the expert's particle filter) still does, and a seed still
gives the same decisions. The worker decides with the engine; multiprocessing
also imports the bot's main module in it (about 32 MiB of the worker's 57).

The coach (:mod:`cogs.table.coach`) works here too, through :meth:`ComputerPool.run`:
a hint in the game's worker (it takes about as long as a strong computer's
decision), a review, which takes seconds in a long game, in a worker of its
own started at the first review, so that no table's computer waits behind it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from .manifest import ComputerLevel, make_computer

if TYPE_CHECKING:
    from .manifest import GameManifest

log = logging.getLogger("cardtable.game")

_players: dict[tuple[int, int], Any] = {}
"""In a worker: the player of each (game id, seat) it serves."""


def _decide(kind: str, level: ComputerLevel, seed: int, key: tuple[int, int], obs: Any) -> Any:
    """Runs in a worker process."""
    player = _players.get(key)
    if player is None:
        player = make_computer(kind, level, seed)
        _players[key] = player
    return player.decide(obs)


def _forget(game_id: int) -> None:
    """Runs in a worker process: the game ended, its players go."""
    for key in [k for k in _players if k[0] == game_id]:
        del _players[key]


_progress: Any = None
"""In a worker: the queue its pure calls report their progress on."""

_END = -1
"""A progress report's ``done`` that says the call is over: every report of
the call is ahead of it in the queue."""


def _run(token: int | None, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Runs in a worker process: a pure call (a hint, a review); one given a
    ``token`` reports ``progress(done, total)`` back to the bot."""
    if token is None or _progress is None:
        return fn(*args)
    queue = _progress
    try:
        return fn(*args, progress=lambda done, total: queue.put((token, done, total)))
    finally:
        queue.put((token, _END, _END))


def _start_worker(progress: Any = None) -> None:
    """Runs in a worker as it starts: it exits when the bot's process ends, even
    when the bot is killed (an idle worker would otherwise live on, 70 MiB with
    multiprocessing's resource tracker, through every restart)."""
    global _progress
    _progress = progress
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
    """Every computer player of the bot: searches in worker processes (started
    on first use), the rest in a thread of this process."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size or pool_size()
        self._workers: list[Executor] = []
        self._local: dict[tuple[int, int], Any] = {}
        """The players deciding in this process, by (game id, seat)."""
        self._coach: Executor | None = None
        """The worker of long pure calls (reviews), started on first use."""
        self._queue: Any = None
        """Where the workers' pure calls report progress (read by a thread here)."""
        self._listeners: dict[int, Callable[[int, int], None]] = {}
        self._tokens = itertools.count(1)

    def _start(self) -> Executor:
        # spawn: a clean process, not a copy of the bot with its threads,
        # sockets and picture caches (a forkserver would be one more
        # process, of 13 MiB, to start a single worker)
        context = multiprocessing.get_context("spawn")
        if self._queue is None:
            # handed to each worker as it starts: a queue cannot travel with a call
            self._queue = context.SimpleQueue()
            threading.Thread(target=self._read_progress, args=(self._queue,), daemon=True).start()
        return ProcessPoolExecutor(
            max_workers=1, mp_context=context, initializer=_start_worker, initargs=(self._queue,)
        )

    def _worker(self, game_id: int) -> Executor:
        if not self._workers:
            self._workers = [self._start() for _ in range(self.size)]
        return self._workers[game_id % len(self._workers)]

    async def decide(
        self, manifest: GameManifest, level: str, seed: int, game_id: int, seat: int, obs: Any
    ) -> Any:
        """The decision of the computer at ``seat`` (its randomness depends on
        ``seed`` only), in a worker if its level is a search."""
        spec = manifest.level(level)
        if spec.pooled:
            loop = asyncio.get_running_loop()
            worker = self._worker(game_id)
            key = (game_id, seat)
            try:
                return await loop.run_in_executor(
                    worker, _decide, manifest.name, spec, seed, key, obs
                )
            except Exception as exc:  # a worker died: the game must go on
                log.warning("game %s: computer worker failed (%s); deciding here", game_id, exc)
        player = self._local.get((game_id, seat))
        if player is None:
            player = make_computer(manifest.game, spec, seed)
            self._local[(game_id, seat)] = player
        return await asyncio.to_thread(player.decide, obs)

    async def run(
        self,
        game_id: int,
        fn: Callable[..., Any],
        *args: Any,
        progress: Callable[[int, int], None] | None = None,
        long: bool = False,
    ) -> Any:
        """``fn(*args)`` (pure, picklable: a hint, a review) in a worker, so a
        search never holds the event loop. A short call (a hint, about as long
        as a strong computer's decision) runs in the worker of ``game_id``; a
        ``long`` one (a review: seconds) in a worker of its own, so the
        computers' decisions never queue behind it. With ``progress``, ``fn``
        also gets a ``progress(done, total)`` keyword whose calls all reach
        ``progress`` on this event loop before the result. A worker that fails
        leaves the call to a thread of this process."""
        loop = asyncio.get_running_loop()
        token: int | None = None
        ended = asyncio.Event()
        if progress is not None:
            token = next(self._tokens)

            def listener(done: int, total: int) -> None:
                if done == _END:
                    loop.call_soon_threadsafe(ended.set)
                else:
                    loop.call_soon_threadsafe(progress, done, total)

            self._listeners[token] = listener
        try:
            if long:
                if self._coach is None:
                    self._coach = self._start()
                worker = self._coach
            else:
                worker = self._worker(game_id)
            try:
                result = await loop.run_in_executor(worker, _run, token, fn, args)
            except (OSError, RuntimeError, EOFError) as exc:  # a dead or broken worker
                log.warning("game %s: coach worker failed (%s); working here", game_id, exc)
            else:
                if token is not None:
                    await ended.wait()  # queued before the result: it is on its way
                return result
            if progress is None:
                return await asyncio.to_thread(fn, *args)
            return await asyncio.to_thread(fn, *args, progress=progress_here(loop, progress))
        finally:
            if token is not None:
                self._listeners.pop(token, None)

    def _read_progress(self, queue: Any) -> None:
        """A thread of the bot's process: hands each progress report to its call."""
        while True:
            try:
                item = queue.get()
            except (EOFError, OSError):
                return
            if item is None:
                return
            token, done, total = item
            listener = self._listeners.get(token)
            if listener is not None:
                try:
                    listener(done, total)
                except RuntimeError:  # the loop closed meanwhile
                    return

    def forget(self, game_id: int) -> None:
        """A game ended: its players are dropped, here and in the worker."""
        for key in [k for k in self._local if k[0] == game_id]:
            del self._local[key]
        if self._workers:
            self._workers[game_id % len(self._workers)].submit(_forget, game_id)

    def pids(self) -> list[int]:
        """The worker processes' ids (for memory figures)."""
        out: list[int] = []
        for w in [*self._workers, *([self._coach] if self._coach is not None else [])]:
            processes: dict[int, Any] = getattr(w, "_processes", None) or {}
            out += list(processes)
        return out

    def close(self) -> None:
        workers, self._workers = self._workers, []
        if self._coach is not None:
            workers.append(self._coach)
            self._coach = None
        for w in workers:
            w.shutdown(wait=False, cancel_futures=True)
        if self._queue is not None:
            self._queue.put(None)  # the progress reader ends
            self._queue = None


def progress_here(
    loop: asyncio.AbstractEventLoop, progress: Callable[[int, int], None]
) -> Callable[[int, int], None]:
    """A progress callback for a thread that reports on ``loop``."""
    return lambda done, total: loop.call_soon_threadsafe(progress, done, total)
