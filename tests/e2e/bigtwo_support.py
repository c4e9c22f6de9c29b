"""Helpers for Big Two's end-to-end tests: open a lobby, act as players
through what they see (DMs, **My hand**, the suggested-plays select, which
plays at once, the card picker and its Play, Pass), and put a live table in a given position.

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

from bot import CardTableBot
from cogs.table.models import Table
from data import Settings
from engine.bigtwo import BigTwo
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.table_support import (
    act_until_over,
    assert_public_pictures,
    controls_of,
    custom_ids,
    hand_of,
    has_controls,
    open_game_lobby,
    public_texts,
    seat_of,
)

__all__ = [
    "Policy",
    "assert_hands_private",
    "button_of",
    "cheapest",
    "control_ids",
    "controls_for",
    "has_controls",
    "my_hand",
    "one_deal",
    "open_lobby",
    "pass_when_possible",
    "play_suggestion",
    "play_turn",
    "play_until_over",
    "press",
    "public_texts",
    "seat_of",
    "select_of",
    "set_position",
    "wait_controls",
]


async def open_lobby(
    emulator: Emulator, host: User, channel: Channel, joiners: list[User], **options: Any
) -> Message:
    return await open_game_lobby(emulator, "bigtwo", host, channel, joiners, **options)


async def one_deal(bot: CardTableBot, channel: Channel, guild_id: int, **options: Any) -> None:
    """Sessions of one deal in this channel (the bot's own channel defaults)."""
    await bot.db.set_channel_settings(
        channel.id, guild_id, "bigtwo", Settings(options={"deals": 1, **options})
    )


control_ids = custom_ids


def controls_for(
    emulator: Emulator, user: User, channel: Channel, t: Table
) -> Callable[[], Message | None]:
    return lambda: controls_of(emulator, user, channel, t)


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


async def play_suggestion(
    emulator: Emulator, user: User, msg: Message, index: int = 0
) -> InteractionHandle:
    """Choose a suggested play: the one click plays it."""
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
    cards played (``3D.4D``). One click: the cheapest suggestion, or Pass."""
    if policy(msg) == "pass":
        h = await press(emulator, user, msg, "pass")
        assert h.response_type == 7, (h, h.followups)
        return "pass"
    sugg = select_of(msg, "sugg")
    assert sugg is not None, control_ids(msg)
    played = str(sugg["options"][0]["value"])
    await play_suggestion(emulator, user, msg)
    return played


async def my_hand(emulator: Emulator, user: User, channel: Channel, t: Table) -> Message:
    """Press **My hand** on the current table message: the ephemeral hand."""
    return await hand_of(emulator, user, t)


async def play_until_over(
    emulator: Emulator,
    bot: CardTableBot,
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

    async def turn(user: User, msg: Message) -> str:
        return await play_turn(emulator, user, msg, policy)

    return await act_until_over(
        emulator, bot, channel, users, turn, via_hand=via_hand, timeout=timeout, stop=stop
    )


async def set_position(t: Table, state: BigTwo) -> None:
    """Put a live table (humans only) in a given position (module docstring)."""
    async with t.lock:
        assert state.n == t.state.n
        t.state = state
        t.notified = None
    t.changed.set()
    t.dirty.set()


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
    assert_public_pictures(emulator, channel, ("table", "results", "standings"))
