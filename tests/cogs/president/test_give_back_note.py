"""A give-back in President tells its receiver which cards came back, in the
receiver's language, while the giver reads their own answer in theirs."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from cogs.president.adapter import ADAPTER
from cogs.table.clicks import Clicks
from cogs.table.models import Table, TableMeta
from data import Seat
from engine.president import President, preset
from locales import reading

NAMES = ("Ann", "Bo", "Cy", "Di")


def _exchange() -> Table:
    """Round 2's exchange: seat 2 gives one card back to seat 0."""
    g = President.new_game(preset("classic"), seed=3)
    while not g.is_round_over():
        g.apply(g.default_decision())
    g.start_round()
    assert g.pending == [(2, 0, 1)] and g.current_player == 2
    meta = TableMeta(1, 60, "normal", [False] * 4, [0] * 4, [False] * 4)
    seats = [Seat.human(100 + p, NAMES[p]) for p in range(4)]
    return Table(7, 1, 2, ADAPTER, g, 5, seats, meta, seed=1)


class _Session:
    async def reclaim(self, t: Table, p: int) -> bool:
        return False

    async def apply(self, t: Table, p: int, decision: Any, version: int, *, by: str) -> Any:
        before = t.state
        t.state = before.copy()
        t.state.apply(decision, p)
        t.version += 1
        return before


class _Private:
    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []

    def acted_on(self, t: Table, p: int, message_id: int | None) -> None:
        pass

    async def tell(self, t: Table, p: int, *, content: str) -> None:
        self.sent.append((p, content))

    def heard(self, t: Table, interaction: Any) -> None:
        pass


async def _give_back(giver: str, receiver: str) -> tuple[str, list[tuple[int, str]]]:
    """Seat 2 (reading ``giver``) gives back the 3♣ to seat 0 (reading ``receiver``):
    the giver's answer and the notes sent."""
    t = _exchange()
    locales = {0: receiver, 2: giver}
    tasks: list[asyncio.Future[Any]] = []
    ctx = SimpleNamespace(
        tables_by_game={t.game_id: t},
        private=lambda table, p: locales.get(p),
        spawn=lambda coro, name: tasks.append(asyncio.ensure_future(coro)),
    )
    private = _Private()
    answers: list[str] = []

    async def edit_message(**kwargs: Any) -> None:
        answers.append(kwargs["content"])

    response = SimpleNamespace(is_done=lambda: False, edit_message=edit_message)
    interaction: Any = SimpleNamespace(
        response=response, message=None, user=SimpleNamespace(id=102)
    )
    clicks = Clicks(ctx, _Session(), private)  # type: ignore[arg-type]
    with reading(giver):
        await clicks.on_control(interaction, t.game_id, t.version, "gok", "c.3C", [])
    await asyncio.gather(*tasks)
    return answers[0], private.sent


async def test_the_receiver_reads_what_came_back_in_their_language() -> None:
    answer, sent = await _give_back("fr", "ja")
    assert "\nVous avez donné 3♣ à Ann\n" in answer, answer
    assert sent == [(0, "Cyから3♣が返されました。")], sent


async def test_readers_of_one_language_read_the_same_note() -> None:
    answer, sent = await _give_back("fr", "fr")
    assert sent == [(0, "Cy vous a rendu 3♣.")], sent
    answer, sent = await _give_back("en", "es-ES")
    assert "\nYou gave 3♣ to Ann\n" in answer, answer
    assert sent == [(0, "Cy te devolvió 3♣.")], sent
