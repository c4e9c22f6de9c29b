"""End-to-end latency of Sixty on the Discord emulator, and REST calls per decision.

    python -m benchmarks.e2e_sixty [--tables 4] [--seconds 40] [--profile bot.prof]

Measured like President's (``benchmarks/e2e.py``): the real bot
(``bot.main`` through ``tests/e2e/launcher.py``) runs in its own process
with the real clock and production pacing (computers move after 1.2 s);
the emulator and the simulated players run in this process. ``--tables``
tables of one human and two Normal computers each, games long enough not to
end (20 rounds). The human answers each turn after 1.1–1.5 s of thought
by pressing one answer button (a decision is one click), fighting back
when it can, else passing on, else taking; attacking with its most cards.

Figures: for every click, the time from the click to the interaction
response (the ``callback`` request reaching the emulator); the time until
the table message shows the decision (its status line no longer names the
player); and the REST calls the bot made for one human decision, from the
click until just before the next computer move (1.2 s later), counted on
the table's channel, the player's DM channel and the player's
interactions — as President's benchmark counts them. A fight back is
followed at once by the fighter's own attack turn, whose new DM falls in
that window.

Targets: response median ≤ 50 ms and p99 ≤ 150 ms; ≤ 3 REST calls per
human decision. The last line printed is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from data import Settings
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.process_support import BotProcess, percentile
from tests.e2e.sixty_support import fighter

DEBUG = False
"""Print the requests of decisions that cost more than three calls (stderr)."""
TIMINGS = {"computer_pause": 1.2, "round_pause": 8.0, "table_edit_interval": 1.0}


def control_version(msg: Message) -> int | None:
    for c in msg.all_components():
        cid = str(c.get("custom_id", ""))
        if cid.startswith("pres:c:"):
            return int(cid.split(":")[3])
    return None


def callback_time(emu: Emulator, interaction_id: int) -> float | None:
    needle = f"/interactions/{interaction_id}/"
    for r in reversed(emu.requests):
        if needle in r.path and r.status < 300:
            return r.at
    return None


@dataclass
class Decision:
    click: float
    response_ms: float
    table_ms: float | None = None
    calls: int | None = None
    own_next_turn: bool = False
    """The same player acts next (after a fight back: their own attack)."""


@dataclass
class Player:
    user: User
    channel: Channel
    decisions: list[Decision] = field(default_factory=list)
    refused: int = 0
    dead: set[tuple[int, int]] = field(default_factory=set)

    def controls(self, emu: Emulator) -> tuple[Message, int] | None:
        """The newest DM with live controls: (message, version)."""
        dm = emu.state.dm_channel_for(self.user)
        if dm is None:
            return None
        for m in reversed(dm.messages):
            v = control_version(m)
            if v is not None and not m.deleted and (m.id, v) not in self.dead:
                return m, v
        return None

    async def act(self, emu: Emulator, msg: Message, version: int) -> Decision | None:
        codes = [
            str(b["custom_id"]).rsplit(":go:", 1)[1]
            for b in msg.buttons()
            if ":go:" in str(b.get("custom_id", "")) and not b.get("disabled")
        ]
        code = fighter(codes)
        cid = next(str(b["custom_id"]) for b in msg.buttons() if b["custom_id"].endswith(code))
        h = await emu.click(self.user, msg, cid, timeout=10)
        self.dead.add((msg.id, version))
        if h.response_type != 7:
            self.refused += 1
            return None
        at = callback_time(emu, h.interaction.id)
        if at is None:
            return None
        created = h.interaction.created_at
        return Decision(created, (at - created) * 1000)


def table_message(channel: Channel) -> Message | None:
    for m in reversed(channel.messages):
        if any(str(c.get("custom_id", "")).startswith("pres:t:") for c in m.all_components()):
            return m
    return None


def status(msg: Message) -> str:
    """The table message's text (its log and status line)."""
    return " ".join(str(e.get("description", "")) for e in msg.embeds)


async def start_table(emu: Emulator, user: User, channel: Channel) -> None:
    h = await emu.slash(user, channel, "sixty new", {"seats": 3, "bots": 2, "level": "normal"})
    lobby = await h.wait_message(lambda m: bool(m.buttons()))
    click = await emu.click(user, lobby, label="Start")
    assert click.response_type == 6
    await emu.wait_for(lambda: table_message(channel), 30.0, "a table message")


def calls_between(
    emu: Emulator, p: Player, start: float, end: float, n_before: int
) -> tuple[int, bool]:
    """REST calls for ``p`` in the window, and whether one was a new DM."""
    mine = [f"/channels/{p.channel.id}/"]
    dm = emu.state.dm_channel_for(p.user)
    if dm is not None:
        mine.append(f"/channels/{dm.id}/")
    mine += [
        f"/{i.token}"
        for i in emu.state.interactions.values()
        if i.user is p.user and i.created_at >= start - 60
    ]
    found = [
        r
        for r in emu.requests[n_before:]
        if start <= r.at <= end and r.status < 400 and any(k in r.path for k in mine)
    ]
    if DEBUG and len(found) > 3:
        print([(r.method, r.path.split("/")[-1] or r.path[-30:]) for r in found], file=sys.stderr)
    new_dm = dm is not None and any(
        r.method == "POST" and f"/channels/{dm.id}/messages" in r.path for r in found
    )
    return len(found), new_dm


async def play(emu: Emulator, p: Player, until: float) -> None:
    rng = random.Random(p.channel.id)
    while emu.loop_time() < until:
        try:
            msg, version = await emu.wait_for(
                lambda: p.controls(emu), max(0.01, until - emu.loop_time()), "a turn"
            )
        except AssertionError:
            return
        await asyncio.sleep(rng.uniform(1.1, 1.5))
        if emu.loop_time() >= until:
            return
        n_before = len(emu.requests)
        shown = table_message(p.channel)
        before = status(shown) if shown is not None else ""
        d = await p.act(emu, msg, version)
        if d is None:
            continue
        try:
            await emu.wait_for(
                lambda before=before: (
                    (m := table_message(p.channel)) is not None and status(m) != before
                ),
                3.0,
                "the table showing the decision",
            )
            d.table_ms = (emu.loop_time() - d.click) * 1000
        except AssertionError:
            pass
        end = d.click + TIMINGS["computer_pause"] - 0.05
        await asyncio.sleep(max(0.0, end - emu.loop_time()))
        d.calls, d.own_next_turn = calls_between(emu, p, d.click, end, n_before)
        p.decisions.append(d)


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "p99": round(percentile(values, 99), 1),
        "max": round(max(values), 1),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="sixty_bench_"))
    emu = Emulator()
    await emu.start()
    users = [emu.create_user(f"h{i}") for i in range(args.tables)]
    guild = emu.create_guild("Bench", members=users, channels=[f"t{i}" for i in range(args.tables)])
    db_path = work / "bench.sqlite3"
    from data import Database

    async with await Database.open(db_path) as db:
        for ch in guild.channels:
            settings = Settings(options={"rounds": 20})
            await db.set_channel_settings(ch.id, guild.id, "sixty", settings)
    env = {"E2E_PROFILE": str(Path(args.profile).resolve())} if args.profile else {}
    proc = BotProcess(emu, db_path, work / "bot.log", scale=1.0, timings=TIMINGS, extra_env=env)
    await proc.start()
    try:
        players = [Player(users[i], guild.channels[i]) for i in range(args.tables)]
        await asyncio.gather(*(start_table(emu, p.user, p.channel) for p in players))
        until = emu.loop_time() + args.seconds
        await asyncio.gather(*(play(emu, p, until) for p in players))
    finally:
        await proc.stop()
        await emu.stop()
    ds = [d for p in players for d in p.decisions]
    calls = [d.calls or 0 for d in ds]
    moved_on = [d.calls or 0 for d in ds if not d.own_next_turn]
    out: dict[str, Any] = {
        "tables": args.tables,
        "human_decisions": len(ds),
        "response_ms": stats([d.response_ms for d in ds]),
        "table_shows_decision_ms": stats([d.table_ms for d in ds if d.table_ms is not None]),
        "table_not_shown_within_3s": sum(1 for d in ds if d.table_ms is None),
        "rest_calls_per_decision": {
            "mean": round(statistics.fmean(calls), 2) if calls else None,
            "max": max(calls, default=None),
        },
        "rest_calls_when_another_player_acts_next": {
            "n": len(moved_on),
            "mean": round(statistics.fmean(moved_on), 2) if moved_on else None,
            "max": max(moved_on, default=None),
        },
        "refused_clicks": sum(p.refused for p in players),
        "bot_errors": proc.errors()[:5],
    }
    r = out["response_ms"]
    out["targets"] = {
        "response_median_le_50ms": r.get("median", 1e9) <= 50,
        "response_p99_le_150ms": r.get("p99", 1e9) <= 150,
        "rest_calls_le_3": (out["rest_calls_per_decision"]["max"] or 99) <= 3,
    }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--tables", type=int, default=4)
    p.add_argument("--seconds", type=float, default=40.0)
    p.add_argument("--profile", help="write cProfile stats of the bot process here")
    args = p.parse_args(argv)
    out = asyncio.run(run(args))
    for key in ("response_ms", "table_shows_decision_ms"):
        print(f"{key}: {json.dumps(out[key])}")
    print(f"rest calls per decision: {json.dumps(out['rest_calls_per_decision'])}")
    moved = out["rest_calls_when_another_player_acts_next"]
    print(f"rest calls when another player acts next: {json.dumps(moved)}")
    print(
        "targets: "
        + ", ".join(f"{k}={'met' if v else 'MISSED'}" for k, v in out["targets"].items())
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
