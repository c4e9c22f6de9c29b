"""Shared helpers for the President end-to-end tests: run the real bot from
``bot.create_bot`` on a temporary database with a fast clock, and act as
players through what they see (DMs, ephemeral hands, buttons, selects)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot import CardTableBot
from cogs.table.models import Table
from engine.president import President
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.table_support import (
    FAST,
    FAST_TIMINGS,
    act_until_over,
    assert_public_pictures,
    cog,
    custom_ids,
    has_controls,
    make_bot,
    my_hand,
    open_game_lobby,
    public_texts,
    running,
    start,
    table_of,
    visible_to,
    wait_text,
)

__all__ = [
    "FAST",
    "FAST_TIMINGS",
    "Chooser",
    "assert_channel_private",
    "cog",
    "custom_ids",
    "has_controls",
    "lowest",
    "make_bot",
    "my_hand",
    "open_lobby",
    "pass_when_possible",
    "play_menu",
    "play_turn",
    "play_until_over",
    "running",
    "set_position",
    "start",
    "table_of",
    "use_any_control",
    "visible_to",
    "wait_text",
]

SUITS = "♣♦♥♠"


def assert_channel_private(emulator: Emulator, channel: Channel) -> None:
    """No public channel message, in any revision, names a card with its suit
    (public text says "pair of K"), shows a hand, or attaches a hand picture."""
    for text in public_texts(emulator, channel):
        assert not any(s in text for s in SUITS), text
        assert "Your hand" not in text
    assert_public_pictures(emulator, channel, ("table", "results", "standings", "lobby"))


async def use_any_control(emulator: Emulator, user: User, msg: Message) -> Any:
    """Click the first button, or choose the first option of the first select."""
    selects = [s for s in msg.selects() if s["custom_id"].startswith("pres:c:")]
    if selects:
        s = selects[0]
        values = [o["value"] for o in s["options"][: int(s.get("min_values", 1))]]
        return await emulator.select(user, msg, s["custom_id"], values)
    button = next(b for b in msg.buttons() if str(b.get("custom_id", "")).startswith("pres:c:"))
    return await emulator.click(user, msg, button["custom_id"])


async def open_lobby(
    emulator: Emulator,
    host: User,
    channel: Channel,
    joiners: list[User],
    **options: Any,
) -> Message:
    return await open_game_lobby(emulator, "president", host, channel, joiners, **options)


Chooser = Callable[[list[dict[str, Any]], bool], int | None]
"""Given the options of the play menu (every legal play, or beyond 25 plays
the ranks) and whether Pass exists: an option index, or None to pass."""


def lowest(options: list[dict[str, Any]], can_pass: bool) -> int | None:
    """The lowest rank, as many cards of it as may be played."""
    rank = str(options[0]["value"])[0]
    return max(i for i, o in enumerate(options) if str(o["value"])[0] == rank)


def pass_when_possible(options: list[dict[str, Any]], can_pass: bool) -> int | None:
    return None if can_pass else lowest(options, can_pass)


def play_menu(msg: Message) -> dict[str, Any] | None:
    """The one-click select of every legal play, if ``msg`` has one."""
    return next((s for s in msg.selects() if s["custom_id"].endswith(":set")), None)


async def play_turn(
    emulator: Emulator,
    user: User,
    msg: Message,
    choose: Chooser = lowest,
) -> str:
    """Make one decision with the controls on ``msg``: returns what was done.
    A play is one click on the play menu; beyond 25 legal plays, rank, count
    (where several are legal) and Play."""
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
    plays = play_menu(msg)
    rank_select = next((s for s in selects if s["custom_id"].endswith(":rank")), None)
    menu = plays or rank_select
    can_pass = any(b.get("label") == "Pass" for b in msg.buttons())
    index = choose(menu["options"], can_pass) if menu else None
    if index is None:
        h = await emulator.click(user, msg, label="Pass")
        assert h.response_type == 7, h
        return "pass"
    assert menu is not None
    value = menu["options"][index]["value"]
    h = await emulator.select(user, msg, menu["custom_id"], [value])
    assert h.response_type == 7, h
    if plays is not None:
        return "play"
    count = next((s for s in msg.selects() if ":count:" in s["custom_id"]), None)
    if count is not None:
        h = await emulator.select(user, msg, count["custom_id"], [count["options"][-1]["value"]])
        assert h.response_type == 7, h
    play = next(b for b in msg.buttons() if str(b.get("label", "")).startswith("Play "))
    h = await emulator.click(user, msg, play["custom_id"])
    assert h.response_type == 7, h
    return "play"


async def play_until_over(
    emulator: Emulator,
    bot: CardTableBot,
    channel: Channel,
    users: dict[int, User],
    *,
    choose: Chooser = lowest,
    via_hand: set[int] = frozenset(),  # type: ignore[assignment]
    timeout: float = 60.0,
    stop: Callable[[Table], bool] | None = None,
) -> list[str]:
    """Act for the humans whenever it is their turn, until the game ends."""

    async def turn(user: User, msg: Message) -> str:
        return await play_turn(emulator, user, msg, choose)

    return await act_until_over(
        emulator, bot, channel, users, turn, via_hand=via_hand, timeout=timeout, stop=stop
    )


async def set_position(t: Table, state: President) -> None:
    """Put a live table in a given position (``President.from_hands``): its
    state is replaced under its lock, the turn announced afresh. The stored
    game keeps the dealt position, so the test must not restart the bot, and
    seats humans only, so no computer decides on the old state."""
    async with t.lock:
        assert state.n == t.state.n
        t.state = state
        t.notified = None
    t.changed.set()
    t.dirty.set()
