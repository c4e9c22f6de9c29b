"""A game that breaks a contract is told which one and where: the suite run
against games broken on purpose (Crazy Eights, each with one fault)."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pytest

from tests.conformance.test_contracts import Case, check_levels, play
from tests.crazyeights.game import GAME_TYPE, CrazyEights, Decision


class _Peeking(CrazyEights):
    """Shows each player the next player's hand."""

    def observation(self, player: int) -> dict[str, Any]:
        return {**super().observation(player), "next": self.hand((player + 1) % self.n)}


class _Slow:
    level = "slow"

    def decide(self, obs: Any) -> Decision:
        until = time.process_time() + 0.3
        while time.process_time() < until:
            pass
        legal: list[Decision] = obs["legal"]
        return legal[0]


def test_an_observation_showing_unseen_cards_is_named_with_its_case_and_decision() -> None:
    peeking = dataclasses.replace(
        GAME_TYPE, new_game=_Peeking.new_game, from_json=_Peeking.from_json
    )
    with pytest.raises(AssertionError) as failure:
        play(Case(peeking, "standard", 3), 1)
    assert "crazyeights-standard-3p seed 1, decision 0: player" in str(failure.value)
    assert "observation depends on cards they cannot see" in str(failure.value)


def test_a_computer_level_over_its_time_cap_is_named() -> None:
    slow = dataclasses.replace(
        GAME_TYPE,
        levels=lambda: ("slow",),
        make_player=lambda level, seed: _Slow(),
        level_seconds={"slow": 0.02},
    )
    with pytest.raises(AssertionError) as failure:
        check_levels(slow, 3)
    assert "crazyeights level 'slow' took" in str(failure.value)
    assert "it declares at most 0.02 s" in str(failure.value)
