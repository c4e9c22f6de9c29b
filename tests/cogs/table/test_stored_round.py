"""A round's results are checked by the engine's rule before anything is stored."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.table.models import TableMeta
from cogs.table.records import stored_round
from engine import RoundScore
from tests.takeaway.game import GAME_TYPE as TAKEAWAY


def _table_and_state(positions: tuple[int, ...], meta: TableMeta | None = None) -> tuple[Any, Any]:
    n = len(positions)
    meta = meta or TableMeta(1, 60, "normal", [False] * n, [0] * n, [False] * n)
    result = RoundScore(1, positions, (1,) * n, (1,) * n, ({},) * n)
    adapter = SimpleNamespace(game=TAKEAWAY, round_details=lambda t, r, p: {})
    table = SimpleNamespace(
        adapter=adapter,
        names=[f"P{p}" for p in range(n)],
        snapshot=lambda state: None,
        meta=meta,
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


def test_a_rounds_hinted_decisions_are_counted_and_placed_in_its_details() -> None:
    meta = TableMeta(1, 60, "normal", [False] * 2, [0] * 2, [False] * 2)
    # seat 1 asked at its round-1 decisions 9 and 4, and once in round 2; seat 0 never
    meta.hinted[1] += [[1, 9], [1, 4], [2, 15]]
    stored = stored_round(*_table_and_state((1, 0), meta))
    assert [s.details for s in stored.seats] == [{}, {"hints": 2, "hinted": [4, 9]}]


def test_the_hint_setting_and_the_hinted_decisions_survive_a_restart() -> None:
    meta = TableMeta(1, 60, "normal", [False] * 3, [0] * 3, [False] * 3, hints=False)
    meta.hinted[2].append([1, 7])
    back = TableMeta.from_json(meta.to_json(), 3)
    assert back.hints is False and back.hinted == [[], [], [[1, 7]]]
    # a table stored before hints existed plays with them on, none used
    old = TableMeta.from_json('{"host_id": 1}', 3)
    assert old.hints is True and old.hinted == [[], [], []]
