"""Helpers for the resilience and load tests and the e2e benchmark.

- :class:`BotProcess` runs ``bot.main`` in a child process (through
  ``tests/e2e/launcher.py``) against an emulator of this process, so a test
  can SIGKILL the bot and start another process on the same database.
- :class:`Human` plays a seat only through what the player sees (DM turn
  messages and their controls), so it works whether the bot runs in this
  process or another, and keeps a ledger of every decision the bot
  acknowledged, to compare with the stored game record.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data import Database
from engine.president import Decision, Play, parse_decision
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m tests.e2e.launcher`` with env vars pointing at ``emulator``."""

    def __init__(
        self,
        emulator: Emulator,
        db_path: Path | str,
        log_path: Path,
        *,
        scale: float = 0.01,
        timings: dict[str, Any] | None = None,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.emulator = emulator
        self.db_path = db_path
        self.log_path = log_path
        self.scale = scale
        self.timings = timings or {}
        self.extra_env = extra_env or {}
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, *, ready_timeout: float = 30.0) -> BotProcess:
        emu = self.emulator
        env = dict(os.environ)
        env.update(
            E2E_API_BASE=emu.api_base,
            E2E_GATEWAY=f"{emu.ws_base}/gateway",
            E2E_CLOCK_SCALE=str(self.scale),
            E2E_CLOCK_SINCE=str(emu.clock_since),
            E2E_TIMINGS=json.dumps(self.timings),
            DISCORD_TOKEN=emu.token,
            **database_env(self.db_path),
            LOG_LEVEL="INFO",
            PYTHONUNBUFFERED="1",
        )
        # the bot's own folder beside its log (under the test's temporary folder), not
        # one of its own in /tmp that a killed bot would leave behind
        checkout = self.log_path.parent / f"{self.log_path.stem}-checkout"
        checkout.mkdir(exist_ok=True)
        env["E2E_CHECKOUT"] = str(checkout)
        env.update(self.extra_env)
        before = set(emu.gateway.sessions)
        shards = self.shards
        with open(self.log_path, "ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.launcher",
                cwd=ROOT,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )

        def ready() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise AssertionError(f"the bot exited with {self.proc.returncode}: {self.log()}")
            for shard in shards:
                s = emu.gateway.shard_session(shard)
                if s is None or s.id in before or s.ws is None:
                    return False
            return True

        await emu.wait_for(ready, ready_timeout, "the bot process to identify")
        return self

    @property
    def shards(self) -> list[int]:
        """The shards this process runs (``SHARD_IDS``, default all; unsharded: 0)."""
        count = int(self.extra_env.get("SHARD_COUNT") or 1)
        ids: list[int] = []
        for part in (self.extra_env.get("SHARD_IDS") or f"0-{count - 1}").split(","):
            low, _, high = part.partition("-")
            ids += range(int(low), int(high or low) + 1)
        return ids

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def kill(self) -> None:
        """SIGKILL: no cleanup of any kind in the bot."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()

    async def stop(self, timeout: float = 15.0) -> int:
        """Ctrl-C (discord.py closes cleanly); if it hangs, its stacks go to the
        log (SIGUSR1) and it is killed."""
        assert self.proc is not None
        if self.proc.returncode is None:
            os.kill(self.proc.pid, signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                os.kill(self.proc.pid, signal.SIGUSR1)  # the launcher logs its stacks
                await asyncio.sleep(1.0)
                os.kill(self.proc.pid, signal.SIGKILL)
                await self.proc.wait()
        return self.proc.returncode or 0

    def memory(self) -> dict[str, Any]:
        """Resident memory (VmRSS) of the bot and every process under it (the
        computer pool's workers, multiprocessing's resource tracker), in MiB."""
        bot = rss_kib(self.pid) or 0
        kids = [k for k in map(rss_kib, descendants(self.pid)) if k is not None]
        return {
            "total_mib": round((bot + sum(kids)) / 1024, 1),
            "bot_mib": round(bot / 1024, 1),
            "children": len(kids),
            "children_mib": round(sum(kids) / 1024, 1),
        }

    def cpu_seconds(self) -> dict[str, float]:
        """CPU time (user + system) used so far by the bot and by the processes
        under it that are still running."""
        return {
            "bot": cpu_seconds(self.pid) or 0.0,
            "children": sum(c for c in map(cpu_seconds, descendants(self.pid)) if c),
        }

    def loop_cpu_ms(self) -> list[tuple[int, float]]:
        """(game id, ms) of every ``human decision loop_cpu_ms`` line the bot
        logged (``cardtable.game`` at DEBUG), in order."""
        return [(int(g), float(ms)) for g, ms in LOOP_CPU.findall(self.log())]

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def errors(self) -> list[str]:
        """ERROR/CRITICAL log lines and tracebacks the bot wrote."""
        lines = self.log().splitlines()
        return [
            line
            for line in lines
            if "[ERROR" in line or "[CRITICAL" in line or line.startswith("Traceback")
        ]


LOOP_CPU = re.compile(r"game (\d+): human decision loop_cpu_ms=([0-9.]+)")


def rss_kib(pid: int) -> int | None:
    """VmRSS of ``pid`` in KiB; None once it has gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return 0  # a zombie has no VmRSS line


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of ``pid``; None once it has gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children of any of its threads, recursively)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except FileNotFoundError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{parent}/task/{tid}/children") as f:
                    kids = [int(k) for k in f.read().split()]
            except FileNotFoundError:
                continue
            out += kids
            todo += kids
    return out


@dataclass
class Click:
    """One decision the test made and what the bot answered."""

    decision: Decision | str
    version: int
    handle: InteractionHandle


@dataclass
class Human:
    """A player who acts only on the turn messages the bot DMs them."""

    user: User
    channel: Channel
    applied: list[Decision | str] = field(default_factory=list)
    """Decisions the bot acknowledged by updating the turn message (type 7)."""
    refused: list[Click] = field(default_factory=list)
    """Final clicks answered with an explanation (stale controls)."""
    clicks: int = 0
    latencies: list[float] = field(default_factory=list)
    """Seconds from each final click to the bot's interaction response."""
    last_click: float = 0.0
    """Loop time when the last acknowledged final click was made."""
    dead: set[tuple[int, int]] = field(default_factory=set)
    _scanned: int = 0
    _candidates: dict[int, Message] = field(default_factory=dict)

    def controls(self, emu: Emulator) -> tuple[Message, int] | None:
        """The newest usable turn message: (message, version), or None."""
        dm = emu.state.dm_channel_for(self.user)
        if dm is not None:
            msgs = dm.messages
            for m in msgs[self._scanned :]:
                if control_version(m) is not None:
                    self._candidates[m.id] = m
            self._scanned = len(msgs)
        best: tuple[Message, int] | None = None
        for mid, m in list(self._candidates.items()):
            v = control_version(m)
            if v is None or m.deleted or (mid, v) in self.dead:
                self._candidates.pop(mid, None)
                continue
            if best is None or (v, m.id) > (best[1], best[0].id):
                best = (m, v)
        return best

    async def act(self, emu: Emulator, msg: Message, version: int) -> Decision | str | None:
        """Make one decision with ``msg``'s controls; None if the bot said they are stale."""
        handle, decision = await _decide(emu, self.user, msg)
        if decision is None:  # a rank or count choice was refused
            self.dead.add((msg.id, version))
            self.refused.append(Click("(choice)", version, handle))
            return None
        self.clicks += 1
        edits = len(msg.revisions)
        await handle.wait_response(10.0)
        inter = handle.interaction
        if handle.response_type == DEFERRED_UPDATE:
            # the decision took longer than the bot's grace to store: it edits the
            # turn message once stored, or follows up with why it was refused
            await emu.wait_for(
                lambda: len(msg.revisions) > edits or bool(inter.followups),
                10.0,
                "the deferred answer",
            )
        if handle.response_type == 7 or (
            handle.response_type == DEFERRED_UPDATE and not inter.followups
        ):
            assert decision is not None
            self.applied.append(decision)
            self.last_click = inter.created_at
            at = _callback_time(emu, inter.id)
            if at is not None:
                self.latencies.append(at - inter.created_at)
            return decision
        self.dead.add((msg.id, version))
        assert decision is not None
        self.refused.append(Click(decision, version, handle))
        return None


DEFERRED_UPDATE = 6


def control_version(msg: Message) -> int | None:
    for c in msg.all_components():
        cid = str(c.get("custom_id", ""))
        if cid.startswith("pres:c:"):
            return int(cid.split(":")[3])
    return None


def _callback_time(emu: Emulator, interaction_id: int) -> float | None:
    needle = f"/interactions/{interaction_id}/"
    for r in reversed(emu.requests):
        if needle in r.path and r.status < 300:
            return r.at
    return None


async def _decide(
    emu: Emulator, user: User, msg: Message
) -> tuple[InteractionHandle, Decision | str | None]:
    """Choose with the controls of ``msg`` (lowest rank, most cards): the final
    click's handle (not awaited) and the decision it stands for, or the handle
    of a refused rank/count choice (beyond 25 legal plays) and None."""
    selects = msg.selects()
    give = next((s for s in selects if ":give:" in s["custom_id"]), None)
    if give is not None:
        n = int(give["min_values"])
        values = [o["value"] for o in give["options"][:n]]
        h = await emu.select(user, msg, give["custom_id"], values, timeout=10)
        if h.response_type != 7:
            return h, None
        confirm = next(b for b in msg.buttons() if str(b.get("label", "")).startswith("Give back"))
        h = await emu.click(user, msg, confirm["custom_id"], wait=False)
        if give["custom_id"].endswith(":g"):  # grouped by rank (two decks): no exact cards
            return h, f"give {n} cards"
        return h, parse_decision("give " + " ".join(v.split("~")[0] for v in values))
    plays = next((s for s in selects if s["custom_id"].endswith(":set")), None)
    if plays is not None:  # one click plays: the lowest rank, most cards
        low = str(plays["options"][0]["value"])[0]
        value = [str(o["value"]) for o in plays["options"] if str(o["value"])[0] == low][-1]
        h = await emu.select(user, msg, plays["custom_id"], [value], wait=False)
        return h, Play.parse(value)
    rank = next((s for s in selects if s["custom_id"].endswith(":rank")), None)
    if rank is None:
        h = await emu.click(user, msg, label="Pass", wait=False)
        return h, Play.parse("pass")
    h = await emu.select(user, msg, rank["custom_id"], [rank["options"][0]["value"]], timeout=10)
    if h.response_type != 7:
        return h, None
    count = next((s for s in msg.selects() if ":count:" in s["custom_id"]), None)
    if count is not None:
        values = [count["options"][-1]["value"]]
        h = await emu.select(user, msg, count["custom_id"], values, timeout=10)
        if h.response_type != 7:
            return h, None
    play = next(b for b in msg.buttons() if str(b.get("label", "")).startswith("Play "))
    arg = str(play["custom_id"]).split(":")[-1]
    return await emu.click(user, msg, play["custom_id"], wait=False), Play.parse(arg)


async def play_channel(
    emu: Emulator,
    humans: list[Human],
    *,
    done: Callable[[], bool],
    timeout: float = 120.0,
    gate: asyncio.Lock | None = None,
    pause: Callable[[], bool] = lambda: False,
) -> None:
    """Act for ``humans`` whenever one of them has controls, until ``done()``.

    ``gate`` is held during each decision (a test that kills the bot takes it
    first, so every click has a known outcome); while ``pause()`` is true
    nobody acts.
    """
    deadline = emu.loop_time() + timeout

    def next_move() -> tuple[Human, Message, int] | bool:
        if done():
            return True
        if pause():
            return False
        for h in humans:
            found = h.controls(emu)
            if found is not None:
                return (h, *found)
        return False

    while True:
        left = deadline - emu.loop_time()
        found = await emu.wait_for(next_move, max(left, 0.01), "a human turn or the end")
        if found is True:
            return
        human, msg, version = found  # type: ignore[misc]
        if gate is None:
            await human.act(emu, msg, version)
            continue
        async with gate:
            # chosen again now that nothing else acts: while this waited for the
            # gate, the bot may have been killed and the message picked lost its
            # controls to the new process
            found = next_move()
            if found is True:
                return
            if found is False:
                continue
            human, msg, version = found
            await human.act(emu, msg, version)


def finished(emu: Emulator, channel: Channel) -> Callable[[], bool]:
    """True once the channel shows the final standings (the game is over)."""
    state = {"scanned": 0, "over": False}

    def check() -> bool:
        if state["over"]:
            return True
        msgs = channel.messages
        for m in msgs[int(state["scanned"]) :]:
            if any("Game over" in str(e.get("title", "")) for e in m.embeds):
                state["over"] = True
        state["scanned"] = len(msgs)
        return bool(state["over"])

    return check


def database_env(where: Path | str) -> dict[str, str]:
    """The bot's variable naming a store: a SQLite file's path, or a URL
    (``postgresql://…``, ``sqlite:///…``)."""
    if isinstance(where, Path):
        return {"DATABASE_PATH": str(where)}
    return {"DATABASE_URL": where}


async def open_store(where: Path | str) -> Database:
    """The store a bot process uses (see :func:`database_env`), opened here too."""
    if isinstance(where, Path):
        return await Database.open(where)
    return await Database.open_url(where)


async def stored_decisions(
    db_path: Path | str, game_id: int
) -> tuple[list[list[Any]], dict[int, int]]:
    """The stored record's decisions ``[[seat, text], ...]`` and seats by user id."""
    async with await open_store(db_path) as db:
        details = await db.game(game_id)
        assert details is not None, f"game {game_id} is not stored"
        record = details.record_json
        if record is None or details.summary.status == "live":
            record = await db.game_record(game_id)
        assert record is not None
        seats = {s.user_id: i for i, s in enumerate(details.summary.seats) if s.user_id}
    rounds = json.loads(record)["rounds"]
    return [d for r in rounds for d in r["decisions"]], seats


async def assert_ledger(db_path: Path | str, game_id: int, humans: list[Human]) -> int:
    """Each human decision the bot acknowledged is stored exactly once, in order,
    and the stored record has no other decision for their seat. Returns the
    number of stored decisions."""
    decisions, seats = await stored_decisions(db_path, game_id)
    for h in humans:
        seat = seats[h.user.id]
        mine = [parse_decision(text) for p, text in decisions if p == seat]
        assert len(mine) == len(h.applied), (h.user.name, mine, h.applied)
        for got, want in zip(mine, h.applied, strict=True):
            if isinstance(want, str):  # grouped give-back: only the count is known
                assert str(got).startswith("give") and len(str(got).split()) - 1 == int(
                    want.split()[1]
                ), (got, want)
            else:
                assert got == want, (h.user.name, got, want)
    return len(decisions)


async def game_ids(db_path: Path | str) -> dict[int, int]:
    """Game id by channel id, for every game stored (live or not)."""
    async with await open_store(db_path) as db:
        out: dict[int, int] = {}
        for live in await db.live_tables():
            out[live.channel_id] = live.game_id
        return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))
    return s[k]


@contextlib.contextmanager
def no_faults(emu: Emulator) -> Any:
    """Drop any injected faults left over at exit."""
    try:
        yield
    finally:
        emu.faults.clear()
