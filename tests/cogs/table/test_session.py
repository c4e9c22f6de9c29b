"""The table session without Discord: whole games, timeouts, storage failures
and resumes, played against in-memory ports (``session_fakes``)."""

from __future__ import annotations

import asyncio
import inspect
import json
from typing import Any

import pytest

from cogs.president.manifest import MANIFEST as PRESIDENT
from cogs.table.models import Table
from cogs.table.ports import Messenger, Storage
from cogs.table.session import Stale, TableSession
from data import Database, Seat
from tests.cogs.table.session_fakes import Ports, new_meta
from tests.takeaway.game import Take
from tests.takeaway.manifest import MANIFEST as TAKEAWAY


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 30))


async def takeaway_table(
    ports: Ports, session: TableSession, seats: list[Seat] | None = None, **options: Any
) -> Table:
    seats = seats or [Seat.human(101, "Ann"), Seat.human(102, "Bob")]
    return await session.create(
        TAKEAWAY,
        guild_id=1,
        channel_id=2,
        preset="standard",
        options=TAKEAWAY.game.make_options("standard", options),
        seats=seats,
        meta=new_meta(len(seats), level="random"),
        seed=5,
    )


def decisions(t: Table) -> list[str]:
    """Every decision of the game's record, in order."""
    rounds = json.loads(t.state.record().to_json())["rounds"]
    return [d for r in rounds for _, d in r["decisions"]]


def take_most(t: Table, p: int) -> Take:
    return max(t.state.legal_actions(), key=lambda take: take.count)


def test_a_whole_takeaway_game_is_played_through_the_session() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)
    ports.messenger.players = {0: take_most, 1: take_most}

    async def play() -> Table:
        t = await takeaway_table(ports, session)
        await session.drive(t)
        return t

    t = run(play())
    stored = ports.storage.games[t.game_id]
    outcome = t.state.outcome()
    assert outcome is not None
    # what the players were told, in order: each turn, each round's results,
    # the next deal, the final standings
    # (the last round's results are in the final standings)
    assert ports.messenger.events("round_over") == [1]
    assert ports.messenger.events("dealt") == [2]
    assert ports.messenger.events("game_over") == [outcome.winners]
    assert ports.messenger.events("warn") == []
    # and what was stored: every decision, both rounds' results, the winners
    assert stored.status == "finished" and stored.winners == outcome.winners
    assert [r.number for r in stored.rounds] == [1, 2]
    assert [d for _, _, d in stored.log] == decisions(t)
    assert stored.version == t.version == len(stored.log) + 1  # and the one new deal
    assert not ports.computers.decided


def test_a_president_game_with_three_computers_plays_to_its_end() -> None:
    ports = Ports()
    session = ports.session(PRESIDENT)
    ports.messenger.players = {0: lambda t, p: t.state.default_decision()}
    seats = [Seat.human(101, "Ann")] + [Seat.computer("normal", f"Bot {i}") for i in range(3)]

    async def play() -> Table:
        t = await session.create(
            PRESIDENT,
            guild_id=1,
            channel_id=2,
            preset="classic",
            options=PRESIDENT.game.make_options("classic", {"players": 4, "rounds": 2}),
            seats=seats,
            meta=new_meta(4),
            seed=3,
        )
        await session.drive(t)
        return t

    t = run(play())
    outcome = t.state.outcome()
    assert outcome is not None and t.state.round_number == 2
    stored = ports.storage.games[t.game_id]
    assert stored.status == "finished" and stored.winners == outcome.winners
    assert [r.number for r in stored.rounds] == [1, 2]
    assert ports.messenger.events("round_over") == [1]
    assert ports.messenger.events("game_over") == [outcome.winners]
    assert set(ports.computers.decided) == {1, 2, 3}, "the computers played their seats"
    assert 0 not in ports.computers.decided, "the human's seat was never the computer's"
    assert ports.messenger.events("turn").count(0) >= 2


def test_two_timeouts_in_a_row_hand_the_seat_to_the_computer_until_its_player_is_back() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)
    ports.messenger.players = {1: take_most}  # Ann (seat 0) never answers

    async def play() -> tuple[Table, list[str]]:
        t = await takeaway_table(ports, session, stones=30, take_max=2, rounds=1)
        driver = asyncio.create_task(session.drive(t))
        while not ports.messenger.events("took_over"):
            await asyncio.sleep(0)
        notes = list(t.notes)
        auto = t.meta.auto[0]
        back = await session.reclaim(t, 0)
        assert back and not t.meta.auto[0] and t.meta.timeouts[0] == 0
        assert not await session.reclaim(t, 0), "already back"
        driver.cancel()
        await asyncio.gather(driver, return_exceptions=True)
        assert auto
        return t, notes

    t, notes = run(play())
    told = ports.messenger.told
    # warned before each timeout, and taken over once, after the second
    assert [k for k, p in told if p == 0 and k in ("turn", "warn", "took_over")][:5] == [
        "turn",
        "warn",
        "turn",
        "warn",
        "took_over",
    ]
    assert notes == [
        "Ann ran out of time",
        "Ann ran out of time",
        "Ann timed out twice: the computer plays for them",
    ]
    assert t.notes[-1] == "Ann is back"
    assert [d for _, p, d in ports.storage.games[t.game_id].log if p == 0][:2] == [
        "take 1",
        "take 1",
    ], "a timeout plays the game's default decision"
    stored_meta = json.loads(ports.storage.games[t.game_id].meta_json)
    assert stored_meta["auto"] == [False, False], "the seat came back, and that is stored"


def test_a_computer_plays_the_seat_of_a_human_who_timed_out_twice() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)
    ports.messenger.players = {1: take_most}

    async def play() -> Table:
        t = await takeaway_table(ports, session, stones=30, take_max=2, rounds=1)
        await session.drive(t)
        return t

    t = run(play())
    assert t.state.is_terminal()
    assert ports.messenger.events("took_over") == [0]
    assert 0 in ports.computers.decided
    assert ports.messenger.events("turn").count(0) == 2, "no turn message once the computer plays"


def test_a_storage_failure_pauses_the_table_and_it_goes_on_with_nothing_lost() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)
    ports.messenger.players = {0: take_most, 1: take_most}

    async def play() -> Table:
        t = await takeaway_table(ports, session)
        ports.storage.failures = 4  # the first decision's call fails four times
        await session.drive(t)
        return t

    t = run(play())
    assert ports.messenger.events("paused") == [t.game_id], "the players are told once"
    assert ports.messenger.events("unpaused") == [t.game_id]
    paused_at = ports.messenger.told.index(("paused", t.game_id))
    assert ("turn", 1) not in ports.messenger.told[:paused_at], "nothing went on meanwhile"
    # retries with a growing wait, then every decision stored once
    assert ports.clock.sleeps[:4] == [1.0, 2.0, 4.0, 8.0]
    calls = ports.storage.calls
    assert calls[1:6] == ["append_decision"] * 5
    stored = ports.storage.games[t.game_id]
    assert stored.status == "finished"
    assert [d for _, _, d in stored.log] == decisions(t)


def test_a_stale_click_changes_nothing() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)

    async def play() -> None:
        t = await takeaway_table(ports, session)
        with pytest.raises(Stale, match="earlier turn"):
            await session.apply(t, 0, Take(1), t.version + 1, by="human")
        with pytest.raises(Stale, match="not your turn"):
            await session.apply(t, 1, Take(1), t.version, by="human")
        assert ports.storage.games[t.game_id].log == []
        await session.apply(t, 0, Take(1), t.version, by="human")
        assert ports.storage.games[t.game_id].log == [(1, 0, "take 1")]

    run(play())


def test_a_game_resumes_from_what_was_stored() -> None:
    """A new session (a restart) rebuilds the table from storage alone: same
    state, version and bookkeeping, and the game plays on to its end."""
    ports = Ports()
    first = ports.session(TAKEAWAY)
    ports.messenger.players = {1: take_most}

    async def play() -> tuple[Table, Table]:
        t = await takeaway_table(ports, first, stones=9, rounds=2)
        driver = asyncio.create_task(first.drive(t))
        # into the second round, seat 0 timed out once
        while not (t.state.round_number == 2 and len(ports.storage.games[t.game_id].log) >= 5):
            await asyncio.sleep(0)
        driver.cancel()
        await asyncio.gather(driver, return_exceptions=True)
        (live,) = await ports.storage.live_tables()
        restarted = Ports(storage=ports.storage)
        again = await restarted.session(TAKEAWAY).restore(live)
        assert again is not None
        restarted.messenger.players = {0: take_most, 1: take_most}
        await restarted.messenger.session.drive(again)  # type: ignore[union-attr]
        return t, again

    t, again = run(play())
    assert again.state.is_terminal()
    assert again.seats == t.seats and again.meta.timeouts[0] >= 1
    assert ports.storage.games[t.game_id].status == "finished"
    assert [r.number for r in ports.storage.games[t.game_id].rounds] == [1, 2]


def test_at_every_turn_a_resume_finds_the_state_the_players_see() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)
    ports.messenger.players = {0: take_most, 1: take_most}
    checked: list[int] = []

    async def resume_here(t: Table) -> None:
        (live,) = await ports.storage.live_tables()
        back = await Ports(storage=ports.storage).session(TAKEAWAY).restore(live)
        assert back is not None
        assert (back.version, back.state.to_json()) == (t.version, t.state.to_json())
        assert back.meta == t.meta and back.seats == t.seats
        checked.append(t.version)

    ports.messenger.on_turn = resume_here

    async def play() -> Table:
        t = await takeaway_table(ports, session, stones=5, rounds=3)
        await session.drive(t)
        return t

    t = run(play())
    assert t.state.is_terminal()
    assert len(checked) == len(decisions(t)), "every turn, in every round"


def test_an_unreadable_stored_game_is_abandoned_and_an_unknown_one_left_alone() -> None:
    ports = Ports()
    session = ports.session(TAKEAWAY)

    async def play() -> None:
        t = await takeaway_table(ports, session)
        (live,) = await ports.storage.live_tables()
        elsewhere = Ports(storage=ports.storage).session(PRESIDENT)
        assert await elsewhere.restore(live) is None
        assert ports.storage.games[t.game_id].status == "live"
        from dataclasses import replace

        broken = replace(live, snapshot_json='{"nonsense": true}')
        assert await session.restore(broken) is None
        assert ports.storage.games[t.game_id].status == "abandoned"

    run(play())


def test_the_real_ports_answer_everything_the_session_asks() -> None:
    """The bot's storage and messenger have every call of the ports."""
    from cogs.table.runtime import TableRuntime

    for port, real in ((Storage, Database), (Messenger, TableRuntime)):
        wanted = [n for n, _ in inspect.getmembers(port) if not n.startswith("_")]
        assert [n for n in wanted if not callable(getattr(real, n, None))] == []


def test_a_newcomer_takes_a_computer_seat_but_no_one_gets_a_second_look() -> None:
    """Taking a seat shows its hand at once: someone seated, or who left this
    game, is refused; a human's seat the computer plays after timeouts is not
    free; the seat change is stored."""
    ports = Ports()
    session = ports.session(TAKEAWAY)

    async def play() -> None:
        seats = [Seat.human(101, "Ann"), Seat.computer("random", "Hal")]
        t = await takeaway_table(ports, session, seats=seats)
        assert await session.take_seat(t, 101, "Ann") == "You're already playing at this table."
        assert await session.take_seat(t, 103, "Cy") == (1, "Hal")
        assert t.seats[1] == Seat.human(103, "Cy") == ports.storage.games[t.game_id].seats[1]
        assert t.notes[-1] == "Cy took over Hal's seat"
        assert await session.take_seat(t, 104, "Di") == (
            "Someone was quicker: no computer seat is free now."
        )
        await session.leave(t, 1, 103)
        assert await session.take_seat(t, 103, "Cy") == (
            "You left this game, so you can't take a seat in it again."
        )
        assert await session.take_seat(t, 104, "Di") == (1, "Cy (computer)")
        assert json.loads(ports.storage.games[t.game_id].meta_json)["left"] == [103]

    run(play())
