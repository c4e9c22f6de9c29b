"""Helpers for Big Two's end-to-end tests: open a lobby, act as players
through what they see (DMs, **My hand**, the suggested-plays select, the card
picker, Play and Pass), and put a live table in a given position.

Positions from given hands: :func:`set_position` replaces a live table's
state under its lock with ``BigTwo.from_hands(...)`` (the runtime has no
hook for it), forgets which turn was announced so that the runtime announces
the new one, and wakes the table's tasks. The stored game keeps the dealt
position, so a test that sets a position must not restart the bot; tests
that set positions seat humans only, so no computer decides on the old state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot import PresidentBot
from cogs.table.models import Table
from data import Settings
from engine.bigtwo import BigTwo
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.president_support import table_of, visible_to


async def open_lobby(
    emulator: Emulator, host: User, channel: Channel, joiners: list[User], **options: Any
) -> Message:
    h = await emulator.slash(host, channel, "bigtwo new", options)
    lobby = await h.wait_message(lambda m: bool(m.buttons()))
    for user in joiners:
        click = await emulator.click(user, lobby, label="Join")
        assert click.response_type == 6, click
    return lobby


async def one_deal(bot: PresidentBot, channel: Channel, guild_id: int, **options: Any) -> None:
    """Sessions of one deal in this channel (the bot's own channel defaults)."""
    await bot.db.set_channel_settings(
        channel.id, guild_id, "bigtwo", Settings(options={"deals": 1, **options})
    )


def control_ids(msg: Message) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.all_components()]


def has_controls(msg: Message, game_id: int, version: int) -> bool:
    prefix = f"pres:c:{game_id}:{version}:"
    return any(cid.startswith(prefix) for cid in control_ids(msg))


def controls_for(
    emulator: Emulator, user: User, channel: Channel, t: Table
) -> Callable[[], Message | None]:
    def find() -> Message | None:
        for m in reversed(visible_to(emulator, user, channel)):
            if has_controls(m, t.game_id, t.version):
                return m
        return None

    return find


async def wait_controls(
    emulator: Emulator, user: User, channel: Channel, t: Table, timeout: float = 10.0
) -> Message:
    return await emulator.wait_for(
        controls_for(emulator, user, channel, t), timeout, f"controls for {user.name}"
    )


def select_of(msg: Message, kind: str) -> dict[str, Any] | None:
    return next((s for s in msg.selects() if s["custom_id"].endswith(f":{kind}")), None)


def button_of(msg: Message, kind: str) -> dict[str, Any] | None:
    for b in msg.buttons():
        parts = str(b.get("custom_id", "")).split(":")
        if len(parts) >= 5 and parts[4] == kind:
            return b
    return None


async def choose_suggestion(
    emulator: Emulator, user: User, msg: Message, index: int = 0
) -> InteractionHandle:
    sugg = select_of(msg, "sugg")
    assert sugg is not None, control_ids(msg)
    h = await emulator.select(user, msg, sugg["custom_id"], [sugg["options"][index]["value"]])
    assert h.response_type == 7, (h, h.followups)
    return h


async def press(emulator: Emulator, user: User, msg: Message, kind: str) -> InteractionHandle:
    b = button_of(msg, kind)
    assert b is not None, (kind, control_ids(msg))
    return await emulator.click(user, msg, b["custom_id"])


Policy = Callable[[Message], str]
"""Given the turn message: ``sugg`` (the cheapest suggestion) or ``pass``."""


def cheapest(msg: Message) -> str:
    return "sugg" if select_of(msg, "sugg") is not None else "pass"


def pass_when_possible(msg: Message) -> str:
    return "pass" if button_of(msg, "pass") is not None else cheapest(msg)


async def play_turn(emulator: Emulator, user: User, msg: Message, policy: Policy = cheapest) -> str:
    """One decision with the controls on ``msg``; returns ``pass`` or the
    cards played (``3D.4D``). Two clicks for a play, one for a pass."""
    if policy(msg) == "pass":
        h = await press(emulator, user, msg, "pass")
        assert h.response_type == 7, (h, h.followups)
        return "pass"
    await choose_suggestion(emulator, user, msg)
    play = button_of(msg, "play")
    assert play is not None, control_ids(msg)
    h = await emulator.click(user, msg, play["custom_id"])
    assert h.response_type == 7, (h, h.followups)
    return str(play["custom_id"]).split(":")[-1]


async def my_hand(emulator: Emulator, user: User, channel: Channel, t: Table) -> Message:
    """Press **My hand** on the current table message: the ephemeral hand."""

    def current() -> Message | None:
        m = emulator.state.messages.get(t.meta.table_message_id or 0)
        return m if m is not None and m.buttons() else None

    for attempt in range(3):
        table_msg = await emulator.wait_for(current, 10.0, "the table")
        try:
            h = await emulator.click(user, table_msg, label="My hand")
            break
        except AssertionError:  # the table message was just reposted
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
    policy: Policy = cheapest,
    via_hand: frozenset[int] = frozenset(),
    stop: Callable[[Table], bool] | None = None,
    timeout: float = 60.0,
) -> list[str]:
    """Act for the humans whenever it is their turn, until the game ends (or
    ``stop``); humans in ``via_hand`` use **My hand** instead of DMs."""
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
                    t.closed or t.version != v or _human_to_act(t, users) or bool(stop and stop(t))
                ),
                10.0,
                "the next human turn",
            )
            continue
        user = users[uid]
        version = t.version
        if uid in via_hand:
            msg = await my_hand(emulator, user, channel, t)
            if not has_controls(msg, t.game_id, version):
                continue
        else:

            def find(user: User = user, version: int = version, t: Table = t) -> Message | bool:
                if t.version != version or t.closed:
                    return True
                return controls_for(emulator, user, channel, t)() or False

            found = await emulator.wait_for(find, 10.0, f"controls for {user.name}")
            if found is True:
                continue
            msg = found  # type: ignore[assignment]
        done.append(await play_turn(emulator, user, msg, policy))


def _human_to_act(t: Table, users: dict[int, User]) -> bool:
    p = t.state.current_player
    if p is None:
        return False
    uid = t.seats[p].user_id
    return uid is not None and uid in users and not t.is_computer(p)


async def set_position(t: Table, state: BigTwo) -> None:
    """Put a live table (humans only) in a given position (module docstring)."""
    async with t.lock:
        assert state.n == t.state.n
        t.state = state
        t.notified = None
    t.changed.set()
    t.dirty.set()


def seat_of(t: Table, user: User) -> int:
    p = t.seat_of_user(user.id)
    assert p is not None
    return p


def public_texts(emulator: Emulator, channel: Channel) -> list[str]:
    """Every revision of every public channel message, embeds included."""
    out = []
    for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True):
        out.append(m.text())
        out += [r.content for r in m.revisions]
        out += [str(e) for r in m.revisions for e in r.embeds]
    return out


CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def assert_hands_private(emulator: Emulator, channel: Channel, state: BigTwo) -> None:
    """No public message shows a hand: no "Your hand", only table, results
    and standings pictures, and no card still held at the end (never played,
    so never public; the face-up 52nd card of three players excepted) is
    named in the channel."""
    held = {c.pretty() for p in range(state.n) for c in state.hand(p)}
    view = state.public_view()
    if view.face_up is not None:
        held.discard(view.face_up[1].pretty())
    for text in public_texts(emulator, channel):
        assert "Your hand" not in text
        leaked = held & set(CARD.findall(text))
        assert not leaked, (leaked, text)
    for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True):
        for a in m.attachments:
            assert a.filename.split(".")[0] in ("table", "results", "standings"), a
