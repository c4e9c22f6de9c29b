"""Helpers for the cluster tests: bot processes that are members of one sharded bot,
and players of every game who act only on the turn messages they are DMed.

A member is a :class:`~tests.e2e.process_support.BotProcess` with ``SHARD_COUNT``,
``SHARD_IDS`` and ``CLUSTER_MEMBER``; every member uses the same database. A player's
clicks are DM clicks, which the emulator (as Discord) delivers to shard 0's member
only: a player at a table of another member's shard is served through the relay.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.e2e.bigtwo_support import button_of, select_of
from tests.e2e.emulator import Emulator, InteractionHandle, Message, User
from tests.e2e.process_support import BotProcess, Click, Human, stored_decisions
from tests.e2e.sixty_support import fighter, options_of

SHARD_COUNT = 4

CHILD: dict[str, Any] = {
    "scale": 0.05,
    "timings": {"computer_pause": 2.0, "round_pause": 2.0, "table_edit_interval": 6.0},
}
"""1/20 speed: a 600 s turn lasts 30 s real, longer than a kill and a restart."""

ONE_GAME: dict[str, dict[str, Any]] = {
    "president": {"rounds": 1},
    "bigtwo": {"deals": 1},
    "sixty": {"rounds": 1},
}
"""Channel options for a short game of each kind."""

SEATS = {"president": 3, "bigtwo": 4, "sixty": 2}


def member(
    emu: Emulator, db_path: Path | str, log: Path, name: str, shard_ids: str, **env: str
) -> BotProcess:
    """A cluster member running ``shard_ids`` (``0-1``) of :data:`SHARD_COUNT`."""
    extra = {
        "SHARD_COUNT": str(SHARD_COUNT),
        "SHARD_IDS": shard_ids,
        "CLUSTER_MEMBER": name,
        "E2E_POOL_SIZE": "1",  # two bots and their computer pools on two cores
        **env,
    }
    return BotProcess(emu, db_path, log, extra_env=extra, **CHILD)


Turn = Callable[[Emulator, User, Message], Awaitable[tuple[InteractionHandle, str | None]]]
"""One decision on a turn message: the last click's handle, and the decision (None
if a step before the last was refused)."""


async def bigtwo_turn(
    emu: Emulator, user: User, msg: Message
) -> tuple[InteractionHandle, str | None]:
    """The cheapest suggestion (choosing it plays it at once), else pass."""
    sugg = select_of(msg, "sugg")
    if sugg is None:
        button = button_of(msg, "pass")
        assert button is not None, msg.content
        return await emu.click(user, msg, button["custom_id"], wait=False), "pass"
    value = sugg["options"][0]["value"]
    return await emu.select(user, msg, sugg["custom_id"], [value], wait=False), "play"


async def sixty_turn(
    emu: Emulator, user: User, msg: Message
) -> tuple[InteractionHandle, str | None]:
    code = fighter([o["value"] for o in options_of(msg)])
    button = next(b for b in msg.buttons() if str(b.get("custom_id", "")).endswith(f":go:{code}"))
    return await emu.click(user, msg, button["custom_id"], wait=False), code


TURNS: dict[str, Turn] = {"bigtwo": bigtwo_turn, "sixty": sixty_turn}


@dataclass
class Player(Human):
    """A :class:`Human` of any game: President's decisions are checked card by card
    (:func:`~tests.e2e.process_support.assert_ledger`), the others' by count."""

    kind: str = "president"

    async def act(self, emu: Emulator, msg: Message, version: int) -> Any:
        if self.kind == "president":
            return await super().act(emu, msg, version)
        handle, decision = await TURNS[self.kind](emu, self.user, msg)
        self.clicks += 1
        await handle.wait_response(10.0)
        if decision is not None and handle.response_type == 7:
            self.applied.append(decision)
            self.last_click = handle.interaction.created_at
            return decision
        self.dead.add((msg.id, version))
        self.refused.append(Click(decision or "(step)", version, handle))
        return None


async def assert_counted(db_path: Path | str, game_id: int, players: list[Player]) -> None:
    """Each acknowledged decision is stored once and no other for the player's seat."""
    decisions, seats = await stored_decisions(db_path, game_id)
    for p in players:
        mine = [text for seat, text in decisions if seat == seats[p.user.id]]
        assert len(mine) == len(p.applied), (p.user.name, mine, p.applied)
