"""Shared helpers for the President end-to-end tests: run the real bot from
``bot.create_bot`` on a temporary database with a fast clock, and act as
players through what they see (DMs, ephemeral hands, buttons, selects)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, cast

from bot import PresidentBot, Settings, Timings, create_bot
from cogs.clock import ScaledClock
from cogs.table.models import Table
from cogs.table.runtime import TableRuntime
from tests.e2e.emulator import Channel, Emulator, Message, User, run_client

# Game time runs 100× faster: a 60 s turn lasts 0.6 s, a computer pause 12 ms.
FAST = 0.01
FAST_TIMINGS = Timings(
    computer_pause=1.0,
    round_pause=3.0,
    # Coalescing window of 0.3 s real time: the table picture is the costliest
    # part of a decision, and tests play hundreds of them.
    table_edit_interval=30.0,
    lobby_idle=15 * 60,
    warn_before=10.0,
)


def make_bot(
    emulator: Emulator, db_path: Path, *, scale: float = FAST, timings: Timings = FAST_TIMINGS
) -> PresidentBot:
    settings = Settings(token=emulator.token, database_path=db_path)
    return create_bot(settings, clock=ScaledClock(scale), timings=timings)


@contextlib.asynccontextmanager
async def running(emulator: Emulator, db_path: Path, **kwargs: Any) -> AsyncIterator[PresidentBot]:
    emulator.watch_logger("president")  # the bot's own ERRORs fail the test too
    bot = make_bot(emulator, db_path, **kwargs)
    async with run_client(emulator, bot):
        yield bot


def cog(bot: PresidentBot) -> TableRuntime:
    """The bot's table runtime (which runs every game's tables)."""
    c = bot.table_runtime
    assert c is not None and type(c).__name__ == "TableRuntime"
    return cast(TableRuntime, c)


def table_of(bot: PresidentBot, channel: Channel) -> Table | None:
    return cog(bot).tables.get(channel.id)


async def wait_text(
    emulator: Emulator, where: Channel | User, needle: str, *, since: int = 0, timeout: float = 10.0
) -> Message:
    """The first message (newer than ``since``) whose text contains ``needle``."""

    def find() -> Message | None:
        for m in emulator.messages(where):
            if m.id > since and needle in m.text():
                return m
        return None

    return await emulator.wait_for(find, timeout, f"a message containing {needle!r}")


SUITS = "♣♦♥♠"


def assert_channel_private(emulator: Emulator, channel: Channel) -> None:
    """No public channel message, in any revision, names a card with its suit
    (public text says "pair of K"), shows a hand, or attaches a hand picture."""
    for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True):
        texts = [m.text()] + [r.content for r in m.revisions]
        texts += [str(e) for r in m.revisions for e in r.embeds]
        for text in texts:
            assert not any(s in text for s in SUITS), text
            assert "Your hand" not in text
        for a in m.attachments:
            assert a.filename.split(".")[0] in ("table", "results", "standings", "lobby"), a


def custom_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.all_components()]


async def use_any_control(emulator: Emulator, user: User, msg: Message) -> Any:
    """Click the first button, or choose the first option of the first select."""
    selects = [s for s in msg.selects() if s["custom_id"].startswith("pres:c:")]
    if selects:
        s = selects[0]
        values = [o["value"] for o in s["options"][: int(s.get("min_values", 1))]]
        return await emulator.select(user, msg, s["custom_id"], values)
    button = next(b for b in msg.buttons() if str(b.get("custom_id", "")).startswith("pres:c:"))
    return await emulator.click(user, msg, button["custom_id"])


def has_controls(msg: Message, game_id: int, version: int) -> bool:
    prefix = f"pres:c:{game_id}:{version}:"
    return any(cid.startswith(prefix) for cid in custom_ids(msg))


def visible_to(emulator: Emulator, user: User, channel: Channel) -> list[Message]:
    """The user's DMs and the ephemeral messages they got in the channel."""
    dms = emulator.messages(user)
    eph = [m for m in emulator.messages(channel) if m.visible_to == user.id]
    return dms + eph


async def open_lobby(
    emulator: Emulator,
    host: User,
    channel: Channel,
    joiners: list[User],
    **options: Any,
) -> Message:
    h = await emulator.slash(host, channel, "president new", options)
    lobby = await h.wait_message(lambda m: bool(m.buttons()))
    for user in joiners:
        click = await emulator.click(user, lobby, label="Join")
        assert click.response_type == 6, click
    return lobby


async def start(
    emulator: Emulator, bot: PresidentBot, host: User, lobby: Message, channel: Channel
) -> Table:
    click = await emulator.click(host, lobby, label="Start")
    assert click.response_type == 6
    return await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to start")


Chooser = Callable[[list[dict[str, Any]], bool], int | None]
"""Given the rank options and whether Pass exists: an option index, or None to pass."""


def lowest(options: list[dict[str, Any]], can_pass: bool) -> int | None:
    return 0


def pass_when_possible(options: list[dict[str, Any]], can_pass: bool) -> int | None:
    return None if can_pass else 0


async def play_turn(
    emulator: Emulator,
    user: User,
    msg: Message,
    choose: Chooser = lowest,
) -> str:
    """Make one decision with the controls on ``msg``: returns what was done."""
    selects = msg.selects()
    give = next((s for s in selects if ":give:" in s["custom_id"]), None)
    if give is not None:
        n = int(give["min_values"])
        values = [o["value"] for o in give["options"][:n]]
        h = await emulator.select(user, msg, give["custom_id"], values)
        assert h.response_type == 7, (h, h.followups)
        # choosing only redraws: the cards go when the player confirms them
        confirm = next(b for b in msg.buttons() if str(b.get("label", "")).startswith("Give back"))
        h = await emulator.click(user, msg, confirm["custom_id"])
        assert h.response_type == 7, (h, h.followups)
        return "give"
    rank_select = next((s for s in selects if s["custom_id"].endswith(":rank")), None)
    can_pass = any(b.get("label") == "Pass" for b in msg.buttons())
    index = choose(rank_select["options"], can_pass) if rank_select else None
    if index is None:
        h = await emulator.click(user, msg, label="Pass")
        assert h.response_type == 7, h
        return "pass"
    assert rank_select is not None
    value = rank_select["options"][index]["value"]
    h = await emulator.select(user, msg, rank_select["custom_id"], [value])
    assert h.response_type == 7, h
    count = next((s for s in msg.selects() if ":count:" in s["custom_id"]), None)
    if count is not None:
        h = await emulator.select(user, msg, count["custom_id"], [count["options"][-1]["value"]])
        assert h.response_type == 7, h
    play = next(b for b in msg.buttons() if str(b.get("label", "")).startswith("Play "))
    h = await emulator.click(user, msg, play["custom_id"])
    assert h.response_type == 7, h
    return "play"


async def my_hand(emulator: Emulator, user: User, channel: Channel, bot: PresidentBot) -> Message:
    t = table_of(bot, channel)
    assert t is not None

    def current() -> Message | None:
        m = emulator.state.messages.get(t.meta.table_message_id or 0)
        return m if m is not None and m.buttons() else None

    for attempt in range(3):
        table_msg = await emulator.wait_for(current, 10.0, "the table")
        try:
            h = await emulator.click(user, table_msg, label="My hand")
            break
        except AssertionError:  # the table message was just reposted: use the new one
            if attempt == 2:
                raise
    assert h.ephemeral
    return await h.wait_message(lambda m: "Your hand" in m.content)


async def play_until_over(
    emulator: Emulator,
    bot: PresidentBot,
    channel: Channel,
    users: dict[int, User],
    *,
    choose: Chooser = lowest,
    via_hand: set[int] = frozenset(),  # type: ignore[assignment]
    timeout: float = 60.0,
    stop: Callable[[Table], bool] | None = None,
) -> list[str]:
    """Act for the humans whenever it is their turn, until the game ends."""
    done: list[str] = []
    loop_deadline = emulator.loop_time() + timeout
    while True:
        t = table_of(bot, channel)
        if t is None or t.closed:
            return done
        if stop is not None and stop(t):
            return done
        assert emulator.loop_time() < loop_deadline, "the game took too long"
        p = t.state.current_player
        uid = t.seats[p].user_id if p is not None else None
        if p is None or uid is None or t.is_computer(p) or uid not in users:
            await emulator.wait_for(
                lambda t=t, v=t.version: t.closed or t.version != v or _human_to_act(t, users),
                10.0,
                "the next human turn",
            )
            continue
        user = users[uid]
        version, game_id = t.version, t.game_id
        if uid in via_hand:
            msg = await my_hand(emulator, user, channel, bot)
            if not has_controls(msg, game_id, version):
                continue  # the turn moved on meanwhile
        else:

            def find(
                user: User = user, version: int = version, t: Table = t, game_id: int = game_id
            ) -> Message | bool:
                if t.version != version or t.closed:
                    return True
                for m in reversed(visible_to(emulator, user, channel)):
                    if has_controls(m, game_id, version):
                        return m
                return False

            found = await emulator.wait_for(find, 10.0, f"controls for {user.name}")
            if found is True:
                continue
            msg = found  # type: ignore[assignment]
        done.append(await play_turn(emulator, user, msg, choose))


def _human_to_act(t: Table, users: dict[int, User]) -> bool:
    p = t.state.current_player
    if p is None:
        return False
    uid = t.seats[p].user_id
    return uid is not None and uid in users and not t.is_computer(p)
