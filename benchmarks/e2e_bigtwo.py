"""End-to-end latency of Big Two on the Discord emulator: click to response
and REST calls per human decision.

    python -m benchmarks.e2e_bigtwo [--tables 4] [--seconds 60] [--profile bot.prof]

As :mod:`benchmarks.e2e` measures President: the real bot (``bot.main``
through ``tests/e2e/launcher.py``) runs in its own process with the real
clock and production pacing, except that computers move after 1.2 s; the
emulator and the simulated players run in this process. ``--tables`` tables
of standard Big Two, each with one human and three Normal computers, in
sessions long enough not to end.

The human answers each turn after 1.1–1.5 s the way the controls are meant
to be used: choose the cheapest suggested play, which plays it (one click),
or **Pass** when nothing is suggested (one click). For each decision:

- *response*: the time from the click to its interaction response (the
  ``callback`` request reaching the emulator); ``menu_click_response_ms``
  stays empty, as no play takes a menu step any more;
- *REST calls*: every successful request the bot made for that table's
  channel, the human's DM channel and the human's interactions, from the
  decision's click until just before the next computer move (1.2 s after
  it): the click's response, the table message's edit, and anything else
  the decision caused.
  A play that ends a deal also makes the runtime post the deal's results:
  those decisions are counted apart (``deal_ends``) and the target is
  checked on the others (``max_without_deal_end``).

Targets: response median ≤ 50 ms and p99 ≤ 150 ms; ≤ 3 REST calls per human
decision. The last line printed is a JSON object with the figures.
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

from data import Database, Settings
from tests.e2e.bigtwo_support import button_of, open_lobby, select_of
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.process_support import BotProcess, control_version, percentile

TIMINGS = {"computer_pause": 1.2, "round_pause": 8.0, "table_edit_interval": 1.0}


@dataclass
class Sample:
    kind: str
    """``play`` (a suggestion chosen) or ``pass``: one click each."""
    final_ms: float
    menu_ms: float | None
    calls: int
    paths: tuple[str, ...] = ()
    ended_deal: bool = False
    """The decision ended a deal: the runtime also posts the deal's results."""


@dataclass
class Seat:
    user: User
    channel: Channel
    samples: list[Sample] = field(default_factory=list)
    dead: set[tuple[int, int]] = field(default_factory=set)
    refused: int = 0
    reasons: list[str] = field(default_factory=list)

    def refuse(self, h: InteractionHandle, where: str) -> None:
        self.refused += 1
        msg = h.message
        self.reasons.append(f"{where}: {msg.content[:120] if msg is not None else h}")


def _response_s(emu: Emulator, h: InteractionHandle) -> float | None:
    needle = f"/interactions/{h.interaction.id}/"
    for r in reversed(emu.requests):
        if needle in r.path and r.status < 300:
            return r.at - h.interaction.created_at
    return None


def controls(emu: Emulator, seat: Seat) -> tuple[Message, int] | None:
    """The newest DM with live turn controls: (message, version)."""
    dm = emu.state.dm_channel_for(seat.user)
    if dm is None:
        return None
    best: tuple[Message, int] | None = None
    for m in dm.messages[-6:]:
        v = control_version(m)
        if v is None or m.deleted or (m.id, v) in seat.dead:
            continue
        if best is None or (v, m.id) > (best[1], best[0].id):
            best = (m, v)
    return best


async def start_table(emu: Emulator, user: User, channel: Channel) -> None:
    lobby = await open_lobby(emu, user, channel, [], seats=4, bots=3, level="normal")
    click = await emu.click(user, lobby, label="Start")
    assert click.response_type == 6


async def decide(emu: Emulator, seat: Seat, msg: Message, version: int) -> None:
    """One decision with ``msg``'s controls, measured."""
    user = seat.user
    first_request = len(emu.requests)
    mark = emu.mark()
    started = emu.loop_time()
    menu_ms: float | None = None
    sugg = select_of(msg, "sugg")
    if sugg is not None:  # choosing a suggestion plays it
        kind = "play"
        h = await emu.select(user, msg, sugg["custom_id"], [sugg["options"][0]["value"]])
    else:
        kind, button = "pass", button_of(msg, "pass")
        assert button is not None
        h = await emu.click(user, msg, button["custom_id"])
    seat.dead.add((msg.id, version))
    if h.response_type != 7:
        seat.refuse(h, kind)
        return
    final = _response_s(emu, h)
    clicked = h.interaction.created_at
    end = clicked + TIMINGS["computer_pause"] - 0.05
    await asyncio.sleep(max(0.0, end - emu.loop_time()))
    mine = [f"/channels/{seat.channel.id}/", "/interactions/"]
    dm = emu.state.dm_channel_for(user)
    if dm is not None:
        mine.append(f"/channels/{dm.id}/")
    tokens = {
        str(i.id)
        for i in emu.state.interactions.values()
        if i.user is user and i.created_at >= started - 0.01
    }
    calls = [
        r
        for r in emu.requests[first_request:]
        if started <= r.at <= end
        and r.status < 400
        and any(k in r.path for k in mine)
        and ("/interactions/" not in r.path or any(t in r.path for t in tokens))
    ]
    if final is not None:
        paths = tuple(f"{r.method} {r.path.split('?')[0]}" for r in calls)
        ended = any(
            m.id > mark and "results" in str(e.get("title", ""))
            for m in seat.channel.messages
            for e in m.embeds
        )
        seat.samples.append(Sample(kind, final * 1000, menu_ms, len(calls), paths, ended))


async def play(emu: Emulator, seat: Seat, until: float) -> None:
    rng = random.Random(seat.channel.id)
    while emu.loop_time() < until:
        try:
            msg, version = await emu.wait_for(
                lambda: controls(emu, seat), max(0.01, until - emu.loop_time()), "a turn"
            )
        except AssertionError:
            return
        await asyncio.sleep(rng.uniform(1.1, 1.5))
        if emu.loop_time() >= until:
            return
        await decide(emu, seat, msg, version)


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
    work = Path(tempfile.mkdtemp(prefix="bigtwo_bench_"))
    emu = Emulator()
    await emu.start()
    users = [emu.create_user(f"h{i}") for i in range(args.tables)]
    guild = emu.create_guild("Bench", members=users, channels=[f"t{i}" for i in range(args.tables)])
    db_path = work / "bench.sqlite3"
    async with await Database.open(db_path) as db:
        for ch in guild.channels:
            await db.set_channel_settings(
                ch.id, guild.id, "bigtwo", Settings(options={"deals": 100})
            )
    env = {"E2E_PROFILE": str(Path(args.profile).resolve())} if args.profile else {}
    proc = BotProcess(emu, db_path, work / "bot.log", scale=1.0, timings=TIMINGS, extra_env=env)
    await proc.start()
    try:
        seats = [Seat(users[i], guild.channels[i]) for i in range(args.tables)]
        await asyncio.gather(*(start_table(emu, s.user, s.channel) for s in seats))
        until = emu.loop_time() + args.seconds
        await asyncio.gather(*(play(emu, s, until) for s in seats))
    finally:
        await proc.stop()
        await emu.stop()
    samples = [x for s in seats for x in s.samples]
    plays = [x for x in samples if x.kind == "play"]
    out: dict[str, Any] = {
        "tables": args.tables,
        "decisions": len(samples),
        "plays": len(plays),
        "passes": len(samples) - len(plays),
        "refused": sum(s.refused for s in seats),
        "refusals": [r for s in seats for r in s.reasons][:5],
        "final_click_response_ms": stats([x.final_ms for x in samples]),
        "menu_click_response_ms": stats([x.menu_ms for x in plays if x.menu_ms is not None]),
        "all_clicks_response_ms": stats(
            [x.final_ms for x in samples] + [x.menu_ms for x in plays if x.menu_ms is not None]
        ),
        "rest_calls_per_decision": {
            "mean": round(statistics.fmean(x.calls for x in samples), 2) if samples else None,
            "max": max((x.calls for x in samples), default=None),
            "mean_play": round(statistics.fmean(x.calls for x in plays), 2) if plays else None,
            "max_without_deal_end": max(
                (x.calls for x in samples if not x.ended_deal), default=None
            ),
            "deal_ends": sum(1 for x in samples if x.ended_deal),
        },
        "over_3_calls": [list(x.paths) for x in samples if x.calls > 3][:3],
        "bot_errors": proc.errors()[:5],
    }
    every = out["all_clicks_response_ms"]
    out["targets"] = {
        "response_median_le_50ms": every.get("median", 1e9) <= 50,
        "response_p99_le_150ms": every.get("p99", 1e9) <= 150,
        # a deal-ending play also posts the deal's results (one more message)
        "rest_calls_le_3": (out["rest_calls_per_decision"]["max_without_deal_end"] or 99) <= 3,
    }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    p.add_argument("--tables", type=int, default=4)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--profile", help="write cProfile statistics of the bot process here")
    args = p.parse_args(argv)
    out = asyncio.run(run(args))
    for key in ("final_click_response_ms", "menu_click_response_ms", "rest_calls_per_decision"):
        print(f"{key}: {json.dumps(out[key])}")
    print(
        "targets: "
        + ", ".join(f"{k}={'met' if v else 'MISSED'}" for k, v in out["targets"].items())
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
