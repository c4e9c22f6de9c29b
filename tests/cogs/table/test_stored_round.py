"""A round's results are checked by the engine's rule before anything is stored."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.table.records import stored_round
from engine import RoundScore
from tests.takeaway.game import GAME_TYPE as TAKEAWAY


def _table_and_state(positions: tuple[int, ...]) -> tuple[Any, Any]:
    n = len(positions)
    result = RoundScore(1, positions, (1,) * n, (1,) * n, ({},) * n)
    adapter = SimpleNamespace(game=TAKEAWAY, round_details=lambda t, r, p: {})
    table = SimpleNamespace(
        adapter=adapter, names=[f"P{p}" for p in range(n)], snapshot=lambda state: None
    )
    state = SimpleNamespace(n=n, round_results=lambda: [result])
    return table, state


def test_a_round_is_stored_with_its_games_statistics() -> None:
    stored = stored_round(*_table_and_state((1, 0)))
    assert [s.position for s in stored.seats] == [1, 0]
    assert stored.statistics is TAKEAWAY.statistics


@pytest.mark.parametrize("positions", [(0, 1, 1, 2), (1, 1, 1), (0, 2)])
def test_places_that_are_no_ranking_are_refused_before_storage(
    positions: tuple[int, ...],
) -> None:
    with pytest.raises(ValueError, match="not a competition ranking"):
        stored_round(*_table_and_state(positions))
