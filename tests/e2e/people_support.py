"""A table of four people, in any game: open it, play at people's pace, and
count the REST calls per human decision by kind.

Shared by the end-to-end request-count tests and ``benchmarks.e2e``: the
scarce resource of a Discord bot is requests, so both measure them the way
players meet them, everyone at the table a person.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot import CardTableBot
from cogs.table.models import Table
from tests.e2e import bigtwo_support, president_support, sixty_support
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.emulator.server import RequestRecord
from tests.e2e.table_support import act_until_over, open_game_lobby, start

GAMES = ("president", "bigtwo", "sixty")
KINDS = ("answer", "followup", "dm", "channel", "dm_open", "user", "other")
"""What a request was: ``answer`` (the response to a click or command, through
its token), ``followup`` (a message sent or edited through a click's token:
turn messages and hands), ``dm`` (sent or edited in a DM channel), ``channel``
(the table and the channel's notices), ``dm_open``, ``user`` (a user fetched),
``other``. Answers and followups are outside Discord's global limit."""


async def _sixty_turn(emulator: Emulator, user: User, msg: Message) -> str:
    code = sixty_support.fighter([o["value"] for o in sixty_support.options_of(msg)])
    h = await sixty_support.answer(emulator, user, msg, code)
    assert h.response_type == 7, (h, h.followups)
    return code


TURNS: dict[str, Callable[[Emulator, User, Message], Awaitable[str]]] = {
    "president": president_support.play_turn,
    "bigtwo": bigtwo_support.play_turn,
    "sixty": _sixty_turn,
}


async def seat_people(
    emulator: Emulator, bot: CardTableBot, game: str, people: list[User], channel: Channel
) -> Table:
    """``/<game> new`` for ``len(people)`` seats, everyone joins, the host starts."""
    host, *others = people
    lobby = await open_game_lobby(
        emulator, game, host, channel, others, seats=len(people), turn_time=600
    )
    return await start(emulator, bot, host, lobby, channel)


async def play_people(
    emulator: Emulator,
    bot: CardTableBot,
    game: str,
    channel: Channel,
    people: list[User],
    *,
    decisions: int,
    pace: tuple[float, float] = (0.0, 0.0),
    rng: random.Random | None = None,
    timeout: float = 600.0,
    via_hand: frozenset[int] = frozenset(),
) -> list[str]:
    """Every person answers their turns (after ``pace`` seconds, uniform) until
    ``decisions`` decisions were made or the game ended; those in ``via_hand``
    (user ids) with **My hand** on the table instead of their DMs."""
    rng = rng or random.Random(1)
    done: list[str] = []

    async def turn(user: User, msg: Message) -> str:
        if pace[1] > 0:
            await asyncio.sleep(rng.uniform(*pace))
        what = await TURNS[game](emulator, user, msg)
        done.append(what)
        return what

    users = {u.id: u for u in people}
    await act_until_over(
        emulator,
        bot,
        channel,
        users,
        turn,
        timeout=timeout,
        via_hand=via_hand,
        stop=lambda t: len(done) >= decisions,
        wait=30.0,
    )
    return done


@dataclass
class Counted:
    decisions: int
    total: float
    global_limited: float
    by_kind: dict[str, float]
    calls: Counter[str]

    def figures(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "total": round(self.total, 2),
            "global_limited": round(self.global_limited, 2),
            "by_kind": {k: round(v, 2) for k, v in self.by_kind.items()},
        }


def kind_of(r: RequestRecord) -> str:
    if r.kind == "interaction":
        return "answer" if r.path.startswith("/api/v10/interactions/") else "followup"
    return r.kind


def per_decision(requests: list[RequestRecord], decisions: int) -> Counted:
    """Successful REST calls per decision, in total, under the global limit and by kind."""
    ok = [r for r in requests if r.status < 400 and r.path.startswith("/api/")]
    n = max(1, decisions)
    kinds = Counter(kind_of(r) for r in ok)
    return Counted(
        decisions=decisions,
        total=len(ok) / n,
        global_limited=sum(1 for r in ok if r.global_limited) / n,
        by_kind={k: kinds.get(k, 0) / n for k in KINDS},
        calls=Counter(f"{r.method} {kind_of(r)}" for r in ok),
    )
