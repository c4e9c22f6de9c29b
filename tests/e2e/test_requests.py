"""What a table costs in requests, Discord's scarce resource: counted on the
emulator at a table of four people."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import CardTableBot, Timings
from cogs.table.models import Table
from tests.e2e import sixty_support
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.people_support import GAMES, per_decision, play_people, seat_people
from tests.e2e.table_support import (
    cog,
    controls_of,
    my_hand,
    open_game_lobby,
    running,
    start,
    table_of,
    wait_text,
)


@pytest.mark.parametrize("game", GAMES)
async def test_a_players_dm_channel_is_opened_once_and_no_user_is_fetched(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, game, people, channel)
        done = await play_people(emulator, bot, game, channel, people, decisions=24)
    assert len(done) == 24
    assert all(len(emulator.dms(u)) >= 1 for u in people)
    fetched = [r.path for r in emulator.requests if r.kind == "user"]
    opened = [r for r in emulator.requests if r.kind == "dm_open"]
    assert fetched == []
    assert len(opened) <= len(people)


PEOPLE_PACE = (1.1, 1.5)
"""Real seconds a person takes to answer their turn (as ``benchmarks.e2e``)."""


@pytest.mark.parametrize("game", GAMES)
async def test_at_peoples_pace_a_decision_costs_at_most_three_requests_two_under_the_limit(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    """Four people on the real clock, under Discord's limits (50 a second, and
    5 in 5 s per route: a channel's edits, a DM's messages): per decision in
    steady play (after each has acted once; the game's start is what
    ``benchmarks.e2e`` spreads over a longer game) at most 3 requests, at most 2
    under the global limit over the whole game, no 429, no user fetched, and
    the table's picture current once the table is quiet."""
    emulator.limit_rate(global_per_second=50, route=(5, 5.0))
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    rng = random.Random(7)
    async with running(emulator, tmp_path / "t.db", scale=1.0, timings=Timings()) as bot:
        t = await seat_people(emulator, bot, game, people, channel)
        start = len(emulator.requests)
        warm = await play_people(
            emulator, bot, game, channel, people, decisions=4, pace=PEOPLE_PACE, rng=rng
        )
        steady = len(emulator.requests)
        done = await play_people(
            emulator, bot, game, channel, people, decisions=16, pace=PEOPLE_PACE, rng=rng
        )
        made = emulator.requests[steady:]
        whole = per_decision(emulator.requests[start:], len(warm) + len(done))
        # the trailing redraw: once nobody acts, the picture shows the table as it is
        embed, _ = await cog(bot).table_messages.payload(t)
        await emulator.wait_for(
            lambda: (
                (m := emulator.state.messages.get(t.meta.table_message_id or 0)) is not None
                and [e.get("description") for e in m.embeds] == [embed.description]
            ),
            10.0,
            "the table's picture current",
        )
    assert len(done) == 16
    counted = per_decision(made, len(done))
    assert whole.global_limited <= 2.0, whole.figures()
    assert [r.path for r in emulator.requests if r.kind == "user"] == []
    assert [r.path for r in emulator.requests if r.status == 429] == []
    # One click per decision is another change's (President and Big Two take two
    # or three today: choose, then play); what the runtime sends besides the
    # clicks' answers must leave room for exactly one answer a decision.
    answers = counted.by_kind["answer"]
    assert counted.total - answers + 1.0 <= 3.0, counted.figures()
    if game == "sixty":  # one click a decision already
        assert counted.total <= 3.0, counted.figures()


async def test_after_a_restart_the_dms_go_to_the_channels_opened_before(
    emulator: Emulator, tmp_path: Path
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    db = tmp_path / "t.db"
    async with running(emulator, db) as bot:
        await seat_people(emulator, bot, "bigtwo", people, channel)
        await play_people(emulator, bot, "bigtwo", channel, people, decisions=6)
    before = len(emulator.requests)
    async with running(emulator, db) as bot:
        await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the table resumed")
        done = await play_people(emulator, bot, "bigtwo", channel, people, decisions=8)
    assert len(done) == 8
    after = emulator.requests[before:]
    assert [r.path for r in after if r.kind in ("user", "dm_open")] == []
    assert any(r.kind == "dm" and r.method == "POST" for r in after)


async def test_closed_dms_are_met_once_in_a_game(emulator: Emulator, tmp_path: Path) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    closed = people[2]
    emulator.close_dms(closed)
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, "sixty", people, channel)
        done = await play_people(
            emulator, bot, "sixty", channel, people, decisions=24, via_hand=frozenset({closed.id})
        )
    assert len(done) == 24
    # one refused DM at most: none when the first message for her went through
    # her My hand click
    refused = [r for r in emulator.requests if r.status == 403]
    assert len(refused) <= 1
    assert emulator.invalid_requests() == len(refused)


async def test_busy_tables_under_a_global_limit_get_no_429(
    emulator: Emulator, tmp_path: Path
) -> None:
    emulator.limit_rate(global_per_second=10, route=None)
    tables = []
    for n in range(3):
        people = [emulator.create_user(f"t{n}p{i}") for i in range(4)]
        tables.append((people, emulator.create_guild(f"Club {n}", members=people).channels[0]))
    async with running(emulator, tmp_path / "t.db") as bot:
        bot.budget.limit = 9  # the bot's own budget, under the emulator's limit
        for people, channel in tables:
            await seat_people(emulator, bot, "sixty", people, channel)
        played = await asyncio.gather(
            *(
                play_people(emulator, bot, "sixty", channel, people, decisions=20)
                for people, channel in tables
            )
        )
    assert [len(done) for done in played] == [20, 20, 20]
    assert [r.path for r in emulator.requests if r.status == 429] == []


@pytest.mark.parametrize("game", GAMES)
async def test_the_click_retires_its_message_and_the_next_player_gets_one_message(
    emulator: Emulator, tmp_path: Path, game: str
) -> None:
    people = [emulator.create_user(f"person{i}") for i in range(4)]
    channel = emulator.create_guild("Club", members=people).channels[0]
    async with running(emulator, tmp_path / "t.db") as bot:
        await seat_people(emulator, bot, game, people, channel)
        first = len(emulator.requests)
        done = await play_people(emulator, bot, game, channel, people, decisions=20)
    made = emulator.requests[first:]
    clicked = {
        i.message.id: i.created_at for i in emulator.state.interactions.values() if i.message
    }
    edited_after = [
        r
        for r in made
        if r.method == "PATCH"
        and r.path.rsplit("/", 1)[1].isdigit()
        and int(r.path.rsplit("/", 1)[1]) in clicked
        and r.at > clicked[int(r.path.rsplit("/", 1)[1])]
        and r.kind != "channel"
    ]
    # the interaction's own answer took each clicked message's controls away
    assert clicked and edited_after == []
    assert all(
        not m.buttons() and not m.selects() for m in map(emulator.state.messages.get, clicked) if m
    )
    followups = [r for r in made if "/webhooks/" in r.path and r.path.count("/") == 5]
    sent = [r for r in made if r.method == "POST" and r.kind == "dm"] + followups
    assert len(sent) <= len(done) + len(people)  # a turn message each, a hand each deal


@contextlib.asynccontextmanager
async def duo_sixty(
    emulator: Emulator, db: Path, turn_time: int = 600, **alice_kind: Any
) -> AsyncIterator[tuple[CardTableBot, User, User, Channel, Table]]:
    """Alice and Bob at a Sixty table: the test plays Bob's turns, so nothing
    happens at the table between Alice's turns that the test does not do."""
    alice = emulator.create_user("alice", **alice_kind)
    bob = emulator.create_user("bob")
    channel = emulator.create_guild("Club", members=[alice, bob]).channels[0]
    async with running(emulator, db) as bot:
        lobby = await open_game_lobby(
            emulator, "sixty", bob, channel, [alice], rules="quick", seats=2, turn_time=turn_time
        )
        t = await start(emulator, bot, bob, lobby, channel)
        yield bot, alice, bob, channel, t


def to_act(t: Table) -> int | None:
    p = t.state.current_player
    return t.seats[p].user_id if p is not None else None


async def answer_turn(emulator: Emulator, user: User, msg: Message) -> int:
    """``user`` answers on ``msg``; the id of the click."""
    code = sixty_support.fighter([o["value"] for o in sixty_support.options_of(msg)])
    h = await sixty_support.answer(emulator, user, msg, code)
    assert h.response_type == 7, h
    return h.id


async def controls(emulator: Emulator, user: User, channel: Channel, t: Table) -> Message:
    """``user``'s message with the controls of their turn, once it is their turn."""
    return await emulator.wait_for(
        lambda: to_act(t) == user.id and controls_of(emulator, user, channel, t),
        20.0,
        f"{user.name}'s controls",
    )


async def bob_plays(emulator: Emulator, bob: User, channel: Channel, t: Table) -> None:
    """Bob answers until it is Alice's turn (at least once)."""
    await controls(emulator, bob, channel, t)
    while to_act(t) == bob.id:
        await play_once(emulator, bob, channel, t)


async def alice_plays(emulator: Emulator, alice: User, channel: Channel, t: Table) -> int:
    """Alice answers until it is Bob's turn; the id of her last click."""
    clicked = 0
    while to_act(t) == alice.id:
        clicked = await play_once(emulator, alice, channel, t)
    return clicked


async def play_once(emulator: Emulator, user: User, channel: Channel, t: Table) -> int:
    """One decision of ``user``, and the next turn is known; the id of the click."""
    msg = await controls(emulator, user, channel, t)
    version = t.version
    clicked = await answer_turn(emulator, user, msg)
    await emulator.wait_for(
        lambda: t.version != version and to_act(t) is not None, 20.0, "the next turn"
    )
    return clicked


def turn_posts(emulator: Emulator, user: User, since: int) -> list[str]:
    """The messages sent to ``user`` since request ``since``: ``dm`` or ``followup``."""
    dm = f"/channels/{emulator.dm_channel(user).id}/messages"
    tokens = [i.token for i in emulator.state.interactions.values() if i.user is user]
    return [
        "followup" if "/webhooks/" in r.path else "dm"
        for r in emulator.requests[since:]
        if r.method == "POST"
        and r.status < 400
        and (r.path.endswith(dm) or any(r.path.endswith(f"/{tok}") for tok in tokens))
    ]


async def test_a_turn_message_follows_up_the_players_last_click(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Outside the global limit: each turn message after a player's first click
    is a followup of that click, in their DMs."""
    async with duo_sixty(emulator, tmp_path / "t.db") as (_bot, alice, bob, channel, t):
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        first = await controls(emulator, alice, channel, t)
        assert first.interaction_id is None  # no click of hers yet: by DM
        for _ in range(3):
            clicked = await alice_plays(emulator, alice, channel, t)
            since = len(emulator.requests)
            await bob_plays(emulator, bob, channel, t)
            msg = await controls(emulator, alice, channel, t)
            assert msg.interaction_id == clicked
            assert msg.channel_id == emulator.dm_channel(alice).id and msg.visible_to is None
            assert turn_posts(emulator, alice, since) == ["followup"]


async def test_a_turn_message_goes_by_dm_when_the_last_click_is_old(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with duo_sixty(emulator, tmp_path / "t.db") as (_bot, alice, bob, channel, t):
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        clicked = await alice_plays(emulator, alice, channel, t)
        token = emulator.state.interactions[clicked].token
        await emulator.wait_for(
            lambda: (r := t.reach.get(alice.id)) is not None and r.webhook.token == token,
            5.0,
            "her click remembered",
        )
        t.reach[alice.id].at -= 15 * 60  # the bot's clock says her token has expired
        since = len(emulator.requests)
        await bob_plays(emulator, bob, channel, t)
        msg = await controls(emulator, alice, channel, t)
    assert msg.interaction_id is None and msg.channel_id == emulator.dm_channel(alice).id
    assert turn_posts(emulator, alice, since) == ["dm"]


@pytest.mark.emulator_expect("interaction", match="Invalid Webhook Token")
async def test_an_invalid_token_falls_back_to_one_dm(emulator: Emulator, tmp_path: Path) -> None:
    async with duo_sixty(emulator, tmp_path / "t.db") as (_bot, alice, bob, channel, t):
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        await alice_plays(emulator, alice, channel, t)
        # Discord forgot her tokens before the bot did (a clock that differs)
        for i in emulator.state.interactions.values():
            if i.user is alice:
                i.created_wall -= 16 * 60
        since = len(emulator.requests)
        await bob_plays(emulator, bob, channel, t)
        msg = await controls(emulator, alice, channel, t)
        assert msg.interaction_id is None  # by DM
        refused = [r for r in emulator.requests[since:] if r.status == 401]
        assert len(refused) == 1 and "/webhooks/" in refused[0].path
        assert turn_posts(emulator, alice, since) == ["dm"]
        # her next click's token is fresh again
        clicked = await alice_plays(emulator, alice, channel, t)
        await bob_plays(emulator, bob, channel, t)
        msg = await controls(emulator, alice, channel, t)
    assert msg.interaction_id == clicked


async def test_a_player_who_acts_in_the_channel_gets_the_next_turn_there_for_them_alone(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Closed DMs: after My hand, the next turn's controls come as an answer
    only she sees, and a ping notifies her."""
    async with duo_sixty(emulator, tmp_path / "t.db", dms_closed=True) as (
        bot,
        alice,
        bob,
        channel,
        t,
    ):
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        await emulator.wait_for(lambda: to_act(t) == alice.id, 20.0, "alice's turn")
        clicked = await answer_turn(emulator, alice, await my_hand(emulator, alice, channel, bot))
        while to_act(t) == alice.id:  # she attacks after fighting back
            clicked = await answer_turn(
                emulator, alice, await controls(emulator, alice, channel, t)
            )
        mark = emulator.mark()
        await bob_plays(emulator, bob, channel, t)
        msg = await controls(emulator, alice, channel, t)
        assert msg.interaction_id == clicked
        assert msg.channel_id == channel.id and msg.visible_to == alice.id
        await wait_text(emulator, channel, f"{alice.mention}, it's your turn", since=mark)
    assert emulator.dms(alice) == []


async def test_a_timed_out_turn_message_is_retired_through_the_players_click(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Two minutes a turn (1.2 s here): Alice lets one run out; when her next
    turn comes, the old message loses its controls by an edit through the
    token that sent it, outside the global limit."""
    async with duo_sixty(emulator, tmp_path / "t.db", turn_time=120) as (
        _bot,
        alice,
        bob,
        channel,
        t,
    ):
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        await alice_plays(emulator, alice, channel, t)
        await bob_plays(emulator, bob, channel, t)
        missed = await controls(emulator, alice, channel, t)
        assert missed.interaction_id is not None
        version = t.version
        await emulator.wait_for(lambda: t.version != version, 10.0, "her turn to time out")
        since = len(emulator.requests)
        if to_act(t) == bob.id:
            await bob_plays(emulator, bob, channel, t)
        await controls(emulator, alice, channel, t)
        await emulator.wait_for(
            lambda: "An earlier hand" in missed.content, 5.0, "the missed turn retired"
        )
    assert not missed.buttons() and not missed.selects()
    edits = [r for r in emulator.requests[since:] if r.path.endswith(f"/messages/{missed.id}")]
    assert [(r.method, "/webhooks/" in r.path, r.global_limited) for r in edits] == [
        ("PATCH", True, False)
    ]
