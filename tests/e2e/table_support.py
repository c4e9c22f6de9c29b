"""What every game's end-to-end tests share: run the real bot from
``bot.create_bot`` on a temporary database with a fast clock, open a
game's lobby and start it, find a player's controls, press **My hand**, act
for the humans until the game ends, and check that the channel shows no hand.

Each game's ``<game>_support.py`` adds how a player of that game makes one
decision with the controls on a message.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, cast

from bot import CardTableBot, Settings, Timings, create_bot
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
) -> CardTableBot:
    settings = Settings(token=emulator.token, database_path=db_path)
    return create_bot(settings, clock=ScaledClock(scale), timings=timings)


@contextlib.asynccontextmanager
async def running(emulator: Emulator, db_path: Path, **kwargs: Any) -> AsyncIterator[CardTableBot]:
    emulator.watch_logger("cardtable")  # the bot's own ERRORs fail the test too
    bot = make_bot(emulator, db_path, **kwargs)
    async with run_client(emulator, bot):
        yield bot


def cog(bot: CardTableBot) -> TableRuntime:
    """The bot's table runtime (which runs every game's tables)."""
    c = bot.table_runtime
    assert c is not None and type(c).__name__ == "TableRuntime"
    return cast(TableRuntime, c)


def table_of(bot: CardTableBot, channel: Channel) -> Table | None:
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


async def open_game_lobby(
    emulator: Emulator,
    game: str,
    host: User,
    channel: Channel,
    joiners: list[User],
    **options: Any,
) -> Message:
    """``/<game> new`` with ``options``, then every joiner presses **Join**."""
    h = await emulator.slash(host, channel, f"{game} new", options)
    lobby = await h.wait_message(lambda m: bool(m.buttons()))
    for user in joiners:
        click = await emulator.click(user, lobby, label="Join")
        assert click.response_type == 6, click
    return lobby


async def start(
    emulator: Emulator, bot: CardTableBot, host: User, lobby: Message, channel: Channel
) -> Table:
    click = await emulator.click(host, lobby, label="Start")
    assert click.response_type == 6
    return await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to start")


def seat_of(t: Table, user: User) -> int:
    p = t.seat_of_user(user.id)
    assert p is not None
    return p


def custom_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.all_components()]


def has_controls(msg: Message, game_id: int, version: int) -> bool:
    prefix = f"pres:c:{game_id}:{version}:"
    return any(cid.startswith(prefix) for cid in custom_ids(msg))


def visible_to(emulator: Emulator, user: User, channel: Channel) -> list[Message]:
    """The user's DMs and the ephemeral messages they got in the channel."""
    dms = emulator.messages(user)
    eph = [m for m in emulator.messages(channel) if m.visible_to == user.id]
    return dms + eph


def controls_of(emulator: Emulator, user: User, channel: Channel, t: Table) -> Message | None:
    """The newest message ``user`` sees with controls for the table's version."""
    for m in reversed(visible_to(emulator, user, channel)):
        if has_controls(m, t.game_id, t.version):
            return m
    return None


async def hand_of(emulator: Emulator, user: User, t: Table) -> Message:
    """Press **My hand** on the table's current message: the ephemeral hand."""

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


async def my_hand(emulator: Emulator, user: User, channel: Channel, bot: CardTableBot) -> Message:
    """Press **My hand** on the channel's table: the ephemeral hand."""
    t = table_of(bot, channel)
    assert t is not None
    return await hand_of(emulator, user, t)


def human_to_act(t: Table, users: dict[int, User]) -> bool:
    """Whether one of ``users`` is to act (and not played by the computer)."""
    p = t.state.current_player
    if p is None:
        return False
    uid = t.seats[p].user_id
    return uid is not None and uid in users and not t.is_computer(p)


Turn = Callable[[User, Message], Awaitable[str]]
"""One decision by ``user`` with the controls on the message; what was done."""


async def act_until_over(
    emulator: Emulator,
    bot: CardTableBot,
    channel: Channel,
    users: dict[int, User],
    turn: Turn,
    *,
    via_hand: frozenset[int] | set[int] = frozenset(),
    timeout: float = 60.0,
    stop: Callable[[Table], bool] | None = None,
    wait: float = 10.0,
) -> list[str]:
    """Act for the humans whenever it is their turn, until the game ends (or
    ``stop``); humans in ``via_hand`` use **My hand** instead of their DMs.
    ``wait`` is how long a computer's turn may take."""
    done: list[str] = []
    deadline = emulator.loop_time() + timeout
    while True:
        t = table_of(bot, channel)
        if t is None or t.closed or (stop is not None and stop(t)):
            return done
        assert emulator.loop_time() < deadline, "the game took too long"
        p = t.state.current_player
        uid = t.seats[p].user_id if p is not None else None
        if p is None or uid is None or uid not in users or t.is_computer(p):
            await emulator.wait_for(
                lambda t=t, v=t.version: (
                    t.closed or t.version != v or human_to_act(t, users) or bool(stop and stop(t))
                ),
                wait,
                "the next human turn",
            )
            continue
        user = users[uid]
        version = t.version
        if uid in via_hand:
            msg = await hand_of(emulator, user, t)
            if not has_controls(msg, t.game_id, version):
                continue  # the turn moved on meanwhile
        else:

            def find(user: User = user, version: int = version, t: Table = t) -> Message | bool:
                if t.version != version or t.closed:
                    return True
                return controls_of(emulator, user, channel, t) or False

            found = await emulator.wait_for(find, 10.0, f"controls for {user.name}")
            if found is True:
                continue
            msg = found  # type: ignore[assignment]
        done.append(await turn(user, msg))


def public_texts(emulator: Emulator, channel: Channel) -> list[str]:
    """Every revision of every public channel message, embeds included."""
    out = []
    for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True):
        out.append(m.text())
        out += [r.content for r in m.revisions]
        out += [str(e) for r in m.revisions for e in r.embeds]
    return out


def assert_public_pictures(emulator: Emulator, channel: Channel, allowed: tuple[str, ...]) -> None:
    """Every picture posted in the channel is one of the ``allowed`` kinds (by file stem)."""
    for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True):
        for a in m.attachments:
            assert a.filename.split(".")[0] in allowed, a
