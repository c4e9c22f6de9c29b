"""Helpers for Sixty's end-to-end tests: open a lobby, put the table in a
given position, and act as players through what they see (DMs or the
ephemeral **My hand**, one button per answer).

Positions: :func:`set_position` is the documented hook. Start the game
through the runtime, then replace the table's state under its lock before
the first human acts: the position is stored as the round's deal and
snapshot (as the runtime stores a new round), so decisions append to it and
a restart resumes from it. Controls sent for the dealt state carry an older
version and answer "stale" if clicked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot import CardTableBot
from cogs.table.models import Table
from engine.sixty import Sixty, preset
from tests.e2e.emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.e2e.table_support import (
    act_until_over,
    assert_public_pictures,
    controls_of,
    open_game_lobby,
    public_texts,
    seat_of,
    start,
)

__all__ = [
    "SEATS_BY_NAME",
    "Chooser",
    "answer",
    "assert_channel_private",
    "controls_of",
    "fighter",
    "open_sixty",
    "options_of",
    "play_sixty",
    "position",
    "refused_of",
    "seat",
    "set_position",
    "start",
    "wait_controls",
]

SEATS_BY_NAME = ("alice", "bob", "carol", "dave", "erin", "frank")


async def open_sixty(
    emulator: Emulator, host: User, channel: Channel, joiners: list[User], **options: Any
) -> Message:
    return await open_game_lobby(emulator, "sixty", host, channel, joiners, **options)


seat = seat_of


def position(
    t: Table,
    hands: dict[int, str],
    deck: str = "",
    *,
    starter: int = 0,
    **options: Any,
) -> Sixty:
    """A state of this table's size from hands by seat (seats not named hold
    nothing) and the deck in drawing order; other cards start on the
    discard pile."""
    n = t.state.n
    opts = preset(t.state.options.preset, **{**t.state.options.to_dict(), **options})
    return Sixty.from_hands(
        opts, [hands.get(p, "") for p in range(n)], deck=deck, starter=starter, seed=t.seed
    )


async def set_position(bot: CardTableBot, t: Table, state: Sixty) -> None:
    """Replace the table's state by ``state``, stored as the round's deal."""
    record = json.loads(state.record().to_json())
    deal = {k: v for k, v in record["rounds"][-1].items() if k != "decisions"}
    async with t.lock:
        t.version = await bot.db.start_round(
            t.game_id,
            t.version,
            state.to_json(include_record=False),
            json.dumps(deal),
            meta_json=t.meta.to_json(),
        )
        t.state = state
        t.notified = None
    t.changed.set()
    t.dirty.set()


async def wait_controls(
    emulator: Emulator, user: User, channel: Channel, t: Table, timeout: float = 10.0
) -> Message:
    """Wait until it is ``user``'s turn and their controls have arrived."""

    def find() -> Message | None:
        p = t.state.current_player
        if p is None or t.seats[p].user_id != user.id:
            return None
        return controls_of(emulator, user, channel, t)

    return await emulator.wait_for(find, timeout, f"{user.name}'s controls")


def options_of(msg: Message) -> list[dict[str, Any]]:
    """The answers on a turn message: ``label`` and ``value`` (the code) of
    each enabled answer button."""
    out = []
    for b in msg.buttons():
        cid = str(b.get("custom_id", ""))
        if ":go:" in cid and not b.get("disabled"):
            out.append({"label": b.get("label", ""), "value": cid.rsplit(":go:", 1)[1]})
    return out


def refused_of(msg: Message) -> list[str]:
    """Labels of the disabled buttons: the jokers held that may not be played now."""
    return [str(b.get("label", "")) for b in msg.buttons() if b.get("disabled")]


async def answer(emulator: Emulator, user: User, msg: Message, code: str) -> InteractionHandle:
    """Press the answer ``code``: one click per decision."""
    button = next(b for b in msg.buttons() if str(b.get("custom_id", "")).endswith(f":go:{code}"))
    return await emulator.click(user, msg, button["custom_id"])


Chooser = Callable[[list[str]], str]


def fighter(codes: list[str]) -> str:
    """Fight back when possible, else pass on, else take; attack with the most cards."""
    for prefix in ("fight_", "pass_", "take", "attack_"):
        found = [c for c in codes if c.startswith(prefix)]
        if found:
            return found[-1] if prefix == "attack_" else found[0]
    return codes[0]


async def play_sixty(
    emulator: Emulator,
    bot: CardTableBot,
    channel: Channel,
    users: dict[int, User],
    *,
    choose: Chooser = fighter,
    via_hand: frozenset[int] = frozenset(),
    timeout: float = 60.0,
    stop: Callable[[Table], bool] | None = None,
) -> list[str]:
    """Answer for the humans whenever it is their turn, until the game ends
    (or ``stop``). Returns the codes chosen."""

    async def turn(user: User, msg: Message) -> str:
        code = choose([o["value"] for o in options_of(msg)])
        final = await answer(emulator, user, msg, code)
        assert final.response_type == 7, (final, final.followups)
        return code

    return await act_until_over(
        emulator,
        bot,
        channel,
        users,
        turn,
        via_hand=via_hand,
        timeout=timeout,
        stop=stop,
        wait=15.0,
    )


def assert_channel_private(emulator: Emulator, channel: Channel) -> None:
    """No public message, in any revision, shows a hand or a hand picture."""
    for text in public_texts(emulator, channel):
        assert "Your hand" not in text, text
    assert_public_pictures(emulator, channel, ("table", "results", "standings"))
