"""Load: busy tables of people under Discord's global limit, on the emulator.

    python -m benchmarks.e2e --game sixty --load-tables 100 --global-limit 50 \\
        --load-warmup 30 --load-seconds 60 [--new-players] [--work-dir /dev/shm] [--keep]

Every seat of every table is a person who answers their turn (the controls
DMed to them) after 1.1–1.5 s; the bot runs in a child process of its own
(``tests/e2e/launcher.py``), with production pacing on the real clock and its
request budget at 80% of the emulated global limit (``REQUESTS_PER_SECOND``,
45 for 50), as a host would set it. The emulator enforces the global limit and
a bucket of 5 requests per 5 s per route. The emulator and the people run in
this process, which only polls (no waiter per person on every change), so at
100 tables it is not what bounds the figures: both processes' CPU is reported.

The players are regulars: their DM channels were opened before (the bot's
database remembers them), as on a bot that has run for a while.
``--new-players`` starts without them: every first DM then opens its channel,
a route with one bucket for all users (5 per 5 s on the emulator), so N
tables need about 4N seconds of warm-up before every player holds a turn message.

Measured over ``--load-seconds`` after ``--load-warmup`` s of play:

- ``decisions_per_s``: human decisions the bot applied (their click answered
  with the updated turn message), and the lowest of any 10 s in the window;
- ``requests_429`` (the whole run, by method, kind and limit), ``clicks_unanswered``
  (no answer at all) and ``clicks_late`` (answered after Discord's 3 s);
- ``response_ms``: from a click to the bot's answer to it (p50, p99, max);
- ``picture_lag_s``: from each decision to the table message first showing it
  or a later state (the table's status line names the player to act and their
  deadline, which the turn message they clicked also shows); ``quiet_picture_lag_s``:
  from each table's last decision, when the people stop, to its picture showing it;
- ``requests_per_s``: requests under the global limit, against the bot's budget
  (``budget_per_s``), and per decision;
- ``cpu``: user + system CPU seconds per wall second of the bot process (1.0 is
  one core: the event loop cannot use more, its drawing threads a little), of
  its computer workers, and of this process (the emulator and the people), with
  this process's event-loop lag (a late emulator delays what it measures).

The last line printed is a JSON object with the figures and the targets
(0 x 429, 0 unanswered, response p99 <= 150 ms, pictures current within 3 s,
>= 25 decisions a second at 100 tables under 50/s).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bot import Timings
from data import Database, Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.people_support import TURNS
from tests.e2e.process_support import BotProcess, control_version, cpu_seconds, percentile
from tests.e2e.table_support import open_game_lobby

PACE = (1.1, 1.5)
"""Seconds a person takes to answer their turn (uniform)."""
POLL = 0.02
"""How often a table's people look at their DMs and the watcher at the tables:
a waiter woken on every change of the emulator costs the emulator more than
the bot at 100 tables."""
STARTUP = 3.0
"""Seconds the bot is given after it identified before the first lobby opens."""
BUDGET_SHARE = 0.8
"""The bot's budget as a share of the global limit (40 of Discord's 50, its default)."""
LONG_GAMES: dict[str, dict[str, Any]] = {
    "president": {"target": 1_000_000},
    "sixty": {"rounds": 20},
}
"""Options that keep a game going for the whole run (a table whose game ends
anyway starts another)."""
TURN = re.compile(r"\*\*Turn:\*\* <@(\d+)>.*?<t:(\d+):R>")
DEADLINE = re.compile(r"Time runs out <t:(\d+):R>")
DEFERRED = 6
"""The bot's answer to a click whose work outlasts its grace (then it edits the message)."""


@dataclass
class Decision:
    clicked: float
    """Loop time of the click that made it (the final one of the decision)."""
    turn: tuple[int, int] | None
    """(user id, deadline) of the turn it answered: the table's status line shows
    the same while the picture is older than the decision."""


@dataclass
class Table:
    index: int
    game: str
    people: list[User]
    channel: Channel
    dms: dict[int, Channel]
    decisions: list[Decision] = field(default_factory=list)
    refused: int = 0
    deferred: int = 0
    games: int = 0
    pictures: list[tuple[float, tuple[int, int] | None]] = field(default_factory=list)
    """Every state the table message showed: (loop time seen, its turn or None)."""
    answered: set[tuple[int, int]] = field(default_factory=set)
    """(message id, version) of turn messages already acted on."""
    _scanned: dict[int, int] = field(default_factory=dict)
    _candidates: dict[int, tuple[User, Message]] = field(default_factory=dict)
    _table: Message | None = None
    _tail: Message | None = None
    _mark: tuple[int, int] | None = None

    def turn(self) -> tuple[User, Message, int] | None:
        """A person's turn message with controls not yet acted on."""
        for user in self.people:
            msgs = self.dms[user.id].messages
            for m in msgs[self._scanned.get(user.id, 0) :]:
                self._candidates[m.id] = (user, m)
            self._scanned[user.id] = len(msgs)
        for mid, (user, m) in list(self._candidates.items()):
            v = control_version(m)
            if v is None or m.deleted:
                del self._candidates[mid]
            elif (mid, v) not in self.answered:
                return user, m, v
        return None

    def table_message(self) -> Message | None:
        """The newest message showing the table picture (the live one has My hand;
        the final one, no buttons)."""
        msgs = self.channel.messages
        tail = msgs[-1] if msgs else None
        if tail is not self._tail or self._table is None or self._table.deleted:
            self._tail = tail
            self._table = next((m for m in reversed(msgs) if shows_table(m)), None)
        return self._table

    def look(self, now: float) -> None:
        """Note the table message's state if it changed since the last look."""
        m = self.table_message()
        if m is None:
            return
        mark = (m.id, len(m.revisions))
        if mark == self._mark:
            return
        self._mark = mark
        text = " ".join(str(e.get("description", "")) for e in m.embeds)
        found = TURN.search(text)
        self.pictures.append((now, (int(found[1]), int(found[2])) if found else None))

    def over(self) -> bool:
        m = self.table_message()
        return m is not None and any("Game over" in str(e.get("description")) for e in m.embeds)


def shows_table(m: Message) -> bool:
    return not m.deleted and any(
        str(e.get("image", {}).get("url", "")).startswith("attachment://table.") for e in m.embeds
    )


def turn_key(user: User, msg: Message) -> tuple[int, int] | None:
    found = DEADLINE.search(msg.content)
    return (user.id, int(found[1])) if found else None


async def poll(predicate: Callable[[], Any], until: float) -> Any:
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(POLL)
    return None


async def seat(emu: Emulator, t: Table) -> None:
    """``/<game> new``, everyone joins, the host starts: the table message shows."""
    host, *others = t.people
    lobby = await open_game_lobby(emu, t.game, host, t.channel, others, seats=4, turn_time=600)
    click = await emu.click(host, lobby, label="Start", timeout=10.0)
    assert click.response_type == 6, click
    t._table = t._tail = None
    shown = await poll(lambda: t.table_message() and not t.over(), emu.loop_time() + 30.0)
    assert shown, f"table {t.index}: no table message after Start"
    t.games += 1


async def play(emu: Emulator, t: Table, until: float, rng: random.Random) -> None:
    """The table's people answer their turns until ``until``."""
    turn: Callable[[Emulator, User, Message], Awaitable[str]] = TURNS[t.game]
    while emu.loop_time() < until:
        found = await poll(lambda: t.over() or t.turn(), until)
        if found is None:
            return
        if found is True:  # the game ended: the same people start another
            await seat(emu, t)
            continue
        user, msg, version = found
        await asyncio.sleep(rng.uniform(*PACE))
        if emu.loop_time() >= until:
            return
        t.answered.add((msg.id, version))
        key = turn_key(user, msg)
        first = emu.state.snowflake()
        refused = False
        try:
            await turn(emu, user, msg)
        except (AssertionError, StopIteration):  # refused, deferred or not answered
            refused = True
        last = next(
            (
                i
                for i in reversed(emu.state.interactions.values())
                if i.id > first and i.user is user
            ),
            None,
        )
        if refused:
            if last is None or last.response_type != DEFERRED:
                t.refused += 1
                continue
            t.deferred += 1  # answered after ANSWER_GRACE: applied all the same
        clicked = last.created_at if last is not None else emu.loop_time()
        t.decisions.append(Decision(clicked, key))


async def watch(emu: Emulator, tables: list[Table], stop: asyncio.Event) -> None:
    while not stop.is_set():
        now = emu.loop_time()
        for t in tables:
            t.look(now)
        await asyncio.sleep(POLL / 2)


async def sample_lag(into: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(0.01)
        into.append(max(0.0, loop.time() - before - 0.01))


def picture_lags(t: Table, since: float, until: float) -> tuple[list[float], int]:
    """Per decision clicked in [since, until): seconds until the table message
    showed it (or a later state); and how many it never showed."""
    index = {d.turn: i for i, d in enumerate(t.decisions) if d.turn is not None}
    # each state the table showed, as how many of the decisions it includes
    shown: list[tuple[float, int]] = []
    for at, key in t.pictures:
        if key is not None and key in index:
            n = index[key]  # drawn while the decision answering this turn was awaited
        else:  # a turn not answered yet, or none (round or game over): all made before
            n = sum(1 for d in t.decisions if d.clicked <= at)
        shown.append((at, n))
    lags, never = [], 0
    for i, d in enumerate(t.decisions):
        if not since <= d.clicked < until:
            continue
        seen = next((a for a, n in shown if n > i and a >= d.clicked), None)
        if seen is None:
            never += 1
        else:
            lags.append(seen - d.clicked)
    return lags, never


def seconds_stats(values: list[float], scale: float = 1.0, digits: int = 2) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(statistics.median(values) * scale, digits),
        "p99": round(percentile(values, 99) * scale, digits),
        "max": round(max(values) * scale, digits),
    }


async def prepare(db_path: Path, tables: list[Table], guild_ids: dict[int, int]) -> None:
    async with await Database.open(db_path) as db:
        for t in tables:
            options = LONG_GAMES.get(t.game, {})
            settings = Settings(options=options, turn_seconds=600)
            await db.set_channel_settings(t.channel.id, guild_ids[t.index], t.game, settings)
            for uid, dm in t.dms.items():
                await db.remember_dm_channel(uid, dm.id)


async def load(
    game: str,
    tables: int,
    limit: int,
    seconds: float,
    seed: int,
    warmup: float,
    *,
    new_players: bool = False,
    budget: float | None = None,
    work_dir: str | None = None,
    keep: bool = False,
) -> dict[str, Any]:
    """``tables`` busy tables of four people under a global limit of ``limit``
    requests a second, measured for ``seconds`` after ``warmup``; the bot's
    budget is ``budget`` requests a second (default 80% of the limit)."""
    rate = limit * BUDGET_SHARE if budget is None else budget
    with tempfile.TemporaryDirectory(prefix="e2e_load_", dir=work_dir) as tmp:
        work = Path(tmp)
        try:
            return await _load(game, tables, limit, rate, seconds, seed, warmup, new_players, work)
        finally:
            if keep:
                kept = Path(tempfile.mkdtemp(prefix="e2e_load_kept_", dir=work_dir))
                for f in work.iterdir():
                    f.rename(kept / f.name)
                print(f"kept {kept}")


async def _load(
    game: str,
    n_tables: int,
    limit: int,
    rate: float,
    seconds: float,
    seed: int,
    warmup: float,
    new_players: bool,
    work: Path,
) -> dict[str, Any]:
    emu = Emulator()
    await emu.start()
    emu.limit_rate(global_per_second=limit, route=(5, 5.0))
    tables: list[Table] = []
    guild_ids: dict[int, int] = {}
    for n in range(n_tables):
        people = [emu.create_user(f"t{n}p{i}") for i in range(4)]
        guild = emu.create_guild(f"Club {n}", members=people)
        guild_ids[n] = guild.id
        # a new player's DM channel exists on Discord's side too; the bot opens it
        dms = {u.id: emu.dm_channel(u) for u in people}
        tables.append(Table(n, game, people, guild.channels[0], dms))
    db_path = work / "load.sqlite3"
    if new_players:
        await prepare(db_path, [Table(t.index, game, [], t.channel, {}) for t in tables], guild_ids)
    else:
        await prepare(db_path, tables, guild_ids)
    proc = BotProcess(
        emu,
        db_path,
        work / "bot.log",
        scale=1.0,
        timings=asdict(Timings()),
        extra_env={"REQUESTS_PER_SECOND": f"{rate:g}"},
    )
    out: dict[str, Any] = {
        "game": game,
        "tables": n_tables,
        "global_limit": limit,
        "budget_per_s": int(rate),
        "new_players": new_players,
        "pace_s": list(PACE),
        "warmup_s": warmup,
        "seconds": seconds,
    }
    stop = asyncio.Event()
    own_lag: list[float] = []
    helpers: list[asyncio.Task[None]] = []
    try:
        await proc.start()
        # The bot resumes its stored tables once ready; a game started before that
        # pass read them is taken for one to resume and gets a second table
        # message ("The bot restarted…") that is never updated again.
        await asyncio.sleep(STARTUP)
        begun = emu.loop_time()
        for i in range(0, n_tables, 10):  # lobbies open in batches, like a busy evening
            await asyncio.gather(*(seat(emu, t) for t in tables[i : i + 10]))
        out["seating_s"] = round(emu.loop_time() - begun, 1)
        helpers.append(asyncio.create_task(watch(emu, tables, stop)))
        helpers.append(asyncio.create_task(sample_lag(own_lag)))
        rng = random.Random(seed)
        started = emu.loop_time() + warmup
        until = started + seconds
        players = [
            asyncio.create_task(play(emu, t, until, random.Random(rng.random()))) for t in tables
        ]
        await asyncio.sleep(max(0.0, started - emu.loop_time()))
        own_lag.clear()
        cpu0, kids0, own0, wall0 = (
            cpu_seconds(proc.pid) or 0.0,
            proc.cpu_seconds()["children"],
            time.process_time(),
            time.monotonic(),
        )
        await asyncio.sleep(max(0.0, until - emu.loop_time()))
        cpu1, kids1, own1, wall1 = (
            cpu_seconds(proc.pid) or 0.0,
            proc.cpu_seconds()["children"],
            time.process_time(),
            time.monotonic(),
        )
        lag = list(own_lag)
        for ended in await asyncio.gather(*players, return_exceptions=True):
            if isinstance(ended, BaseException):  # a people's task must not end quietly
                raise ended
        # clicks still in the bot's hands are answered before it is stopped
        await poll(
            lambda: all(i.responded for i in emu.state.interactions.values()),
            emu.loop_time() + 10.0,
        )
        # quiet now: every table's last picture has 5 s to show its last decision
        await asyncio.sleep(5.0)
        stop.set()
    finally:
        for task in helpers:
            task.cancel()
        with contextlib.suppress(Exception):
            out["bot_exit_code"] = await proc.stop(timeout=30.0)
        await emu.stop()
    wall = wall1 - wall0
    inters = [i for i in emu.state.interactions.values() if i.created_at >= begun]
    answered_at: dict[int, float] = {}
    for r in emu.requests:
        if "/interactions/" in r.path and r.status < 400:
            iid = int(r.path.split("/interactions/")[1].split("/")[0])
            answered_at.setdefault(iid, r.at)
    window = [i for i in inters if started <= i.created_at < until]
    response = [answered_at[i.id] - i.created_at for i in window if i.id in answered_at]
    made = [d for t in tables for d in t.decisions if started <= d.clicked < until]
    per_10s = Counter(int((d.clicked - started) // 10) for d in made)
    lags: list[float] = []
    never = 0
    quiet: list[float] = []
    quiet_never = 0
    for t in tables:
        ls, nv = picture_lags(t, started, until)
        lags += ls
        never += nv
        if t.decisions:
            last, nv = picture_lags(t, t.decisions[-1].clicked, float("inf"))
            quiet += last
            quiet_never += nv
    redrawn = sum(1 for t in tables if any(started <= at < until for at, _ in t.pictures))
    in_window = [r for r in emu.requests if started <= r.at < until]
    limited = [r for r in in_window if r.global_limited and r.status < 400]
    out.update(
        {
            "decisions": len(made),
            "decisions_per_s": round(len(made) / seconds, 2),
            "decisions_per_s_lowest_10s": round(
                min((per_10s.get(k, 0) for k in range(int(seconds // 10))), default=0) / 10, 2
            )
            if seconds >= 10
            else None,
            "tables_playing": sum(
                1 for t in tables if any(started <= d.clicked < until for d in t.decisions)
            ),
            "games_started": sum(t.games for t in tables),
            "requests_429": sum(1 for r in emu.requests if r.status == 429),
            "requests_429_by": dict(
                Counter(
                    f"{r.method} {r.kind} {'global' if r.global_limit else 'route'}"
                    for r in emu.requests
                    if r.status == 429
                )
            ),
            "clicks": len(inters),
            "clicks_unanswered": sum(1 for i in inters if not i.responded),
            "clicks_late": sum(
                1 for i in inters if i.id in answered_at and answered_at[i.id] - i.created_at > 3.0
            ),
            "clicks_refused": sum(t.refused for t in tables),
            "clicks_deferred": sum(t.deferred for t in tables),
            "response_ms": seconds_stats(response, 1000.0, 1),
            "picture_lag_s": seconds_stats(lags),
            "picture_never_current": never,
            "tables_redrawn_in_play": redrawn,
            "quiet_picture_lag_s": seconds_stats(quiet),
            "quiet_picture_never_current": quiet_never,
            "requests_per_s": round(len(limited) / seconds, 2),
            "requests_per_decision": round(len(limited) / len(made), 2) if made else None,
            "requests_by": dict(Counter(f"{r.method} {r.kind}" for r in in_window)),
            "cpu": {
                "bot": round((cpu1 - cpu0) / wall, 2),
                "computer_workers": round((kids1 - kids0) / wall, 2),
                "emulator_and_people": round((own1 - own0) / wall, 2),
            },
            "emulator_loop_lag_ms": seconds_stats(lag, 1000.0, 1),
            "bot_errors": proc.errors()[:5],
            "emulator_failures": [f"{f.kind}: {f.detail}"[:300] for f in emu.failures][:5],
        }
    )
    out["targets"] = targets(out)
    return out


def targets(out: dict[str, Any]) -> dict[str, bool | None]:
    p99 = out["response_ms"].get("p99")
    lag = out["picture_lag_s"].get("max")
    quiet = out["quiet_picture_lag_s"].get("max")
    shown = out["picture_never_current"] == 0 and out["quiet_picture_never_current"] == 0
    return {
        "no_429": out["requests_429"] == 0,
        "no_unanswered_click": out["clicks_unanswered"] == 0 and out["clicks_late"] == 0,
        "response_p99_le_150ms": None if p99 is None else p99 <= 150,
        "quiet_pictures_current_within_3s": shown and quiet is not None and quiet <= 3.0,
        "pictures_current_within_3s_in_play": shown and lag is not None and lag <= 3.0,
        "decisions_ge_25_per_s": out["decisions_per_s"] >= 25
        if out["tables"] >= 100 and out["global_limit"] >= 50
        else None,
    }


def report(out: dict[str, Any]) -> None:
    for key in (
        "decisions_per_s",
        "requests_429",
        "clicks_unanswered",
        "response_ms",
        "picture_lag_s",
        "quiet_picture_lag_s",
        "requests_per_s",
        "requests_per_decision",
        "cpu",
    ):
        print(f"{key}: {json.dumps(out.get(key))}")
    print(
        "targets: "
        + ", ".join(
            f"{k}={'n/a' if v is None else ('met' if v else 'MISSED')}"
            for k, v in out["targets"].items()
        )
    )
    print(json.dumps(out))
