"""Each game's manifest: what the runtime hosts, and how its computers think."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Iterator
from dataclasses import replace

import pytest

from cogs.table.computers import ComputerPool
from cogs.table.manifest import ComputerLevel, register_manifest, unregister_manifest
from cogs.table.runtime import load_manifests
from engine.game import register, unregister
from tests.takeaway.game import TakeAway
from tests.takeaway.manifest import MANIFEST as TAKEAWAY

GAMES = ("president", "bigtwo", "sixty")


@pytest.fixture
def takeaway() -> Iterator[None]:
    register(TAKEAWAY.game)
    register_manifest(TAKEAWAY)
    try:
        yield
    finally:
        unregister_manifest(TAKEAWAY.name)
        unregister(TAKEAWAY.name)


def test_the_bot_hosts_every_game_that_has_a_manifest() -> None:
    manifests = load_manifests()
    assert tuple(manifests) == GAMES
    for name, m in manifests.items():
        assert m.game.name == m.adapter.game.name == name
        assert [level.name for level in m.levels] == list(m.game.levels())
        # the gallery of its pictures is where the render check finds it
        assert m.pictures is not None
        assert importlib.import_module(f"{m.pictures}.gallery")


def test_searches_think_in_a_worker_and_only_they() -> None:
    pooled = {
        name: [lv.name for lv in m.levels if lv.pooled] for name, m in load_manifests().items()
    }
    assert pooled == {"president": ["hard", "expert"], "bigtwo": ["hard"], "sixty": ["hard"]}


def test_a_registered_game_is_hosted_too(takeaway: None) -> None:
    assert "takeaway" in load_manifests()


def test_a_manifest_whose_adapter_is_another_games_stops_the_start(takeaway: None) -> None:
    president = load_manifests()["president"]
    register_manifest(replace(TAKEAWAY, adapter=president.adapter))
    with pytest.raises(RuntimeError, match="the adapter is for president"):
        load_manifests()


def test_a_manifest_that_misses_a_level_stops_the_start(takeaway: None) -> None:
    register_manifest(replace(TAKEAWAY, levels=()))
    with pytest.raises(RuntimeError, match="levels"):
        load_manifests()


def test_a_computer_in_this_process_keeps_its_player_for_the_game() -> None:
    """The same seed gives the same game; a seat's player is made once."""

    async def play(pool: ComputerPool) -> list[str]:
        state = TakeAway.new_game(TAKEAWAY.game.make_options("standard", {}), 3)
        moves = []
        while not state.is_round_over():
            p = state.current_player
            assert p is not None
            decision = await pool.decide(TAKEAWAY, "random", 11 + p, 1, p, state.observation(p))
            state.apply(decision, p)
            moves.append(str(decision))
        return moves

    pool = ComputerPool()
    try:
        first = asyncio.run(play(pool))
        kept = dict(pool._local)
        assert len(kept) == 2
        pool.forget(1)
        assert asyncio.run(play(pool)) == first
    finally:
        pool.close()


def test_an_undeclared_level_of_a_stored_game_plays_in_this_process() -> None:
    assert TAKEAWAY.level("gone") == ComputerLevel("gone")
