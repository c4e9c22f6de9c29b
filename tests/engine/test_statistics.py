"""Every game declares statistics storage and the leaderboards can serve."""

from __future__ import annotations

import pytest

from engine import GameType, game_types
from engine.stats import StatsSpec, check_places
from tests.takeaway.game import GAME_TYPE as TAKEAWAY


def _schemes(game: GameType) -> tuple[str, ...]:
    scoring = next((o for o in game.option_schema if o.name == "scoring"), None)
    return scoring.choices if scoring is not None else ("standard",)


@pytest.mark.parametrize("game", [*game_types(), TAKEAWAY], ids=lambda g: g.name)
def test_every_board_ranks_something_the_game_stores(game: GameType) -> None:
    spec = game.statistics
    counted = {c.name for c in spec.categories} | {
        f"{d.name}=" for d in spec.details if d.keep == "count"
    }
    for board in spec.boards:
        if board.ranks == "count":
            stat = board.stat or ""
            assert stat in counted or stat.partition("=")[0] + "=" in counted, board
        elif board.ranks in ("points", "mean"):
            assert board.stat in _schemes(game), board
            assert board.lower_is_better == game.lower_is_better, board


def test_the_games_declare_their_own_boards() -> None:
    keys = {g.name: [b.key for b in g.statistics.boards] for g in game_types()}
    assert keys["president"][:3] == ["rating", "wins", "firsts"]
    assert "points-ladder" in keys["president"] and "mean-doubled_twos" in keys["bigtwo"]
    assert game_types()[0].statistics.title_detail == "title"
    assert TAKEAWAY.statistics.boards[0].key == "rounds-won"


def test_a_spec_refuses_what_could_not_be_shown() -> None:
    with pytest.raises(ValueError):
        StatsSpec(boards=())
    with pytest.raises(ValueError):
        StatsSpec(title_detail="title")  # not a kept detail


def test_places_are_checked_like_storage_checks_them() -> None:
    check_places((0, 0, 2), 3)
    for wrong, n in (((0, 1, 1, 2), 4), ((0, 1), 3), ((1, 1), 2)):
        with pytest.raises(ValueError, match="competition ranking"):
            check_places(wrong, n)
