"""Titles on President's pictures: each in its chair, and never hiding the points."""

from __future__ import annotations

import pytest

from engine.president import PRESETS, President, preset, title_for
from render.fonts import font
from render.president import chairs, table


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_title_sits_in_a_chair_from_throne_to_toilet(name: str) -> None:
    info = PRESETS[name]
    titles = preset(name).titles
    for n in range(info.min_players, info.max_players + 1):
        seats = [chairs.seat_for(title_for(titles, n, pos)) for pos in range(n)]
        assert seats[0] == chairs.THRONE and seats[-1] == chairs.TOILET
        assert all(s is not None for s in seats)
        assert seats == sorted(seats, key=lambda s: s or 0)  # never a better chair lower down
        if n >= 4:
            assert seats[1] == chairs.ARMCHAIR and seats[-2] == chairs.STOOL


def test_the_five_chairs_look_different() -> None:
    images = [chairs.chair(seat, 60) for seat in range(5)]
    assert {im.size for im in images} == {(48, 60)}
    assert len({im.tobytes() for im in images}) == 5
    assert chairs.chair(0, 60) is images[0]  # drawn once, then cached


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_titles_and_points_fit_on_their_own_lines(name: str) -> None:
    """The longest title and a large score are each drawn in full (no
    ellipsis) at a size that stays 10 px tall in Discord's preview."""
    info = PRESETS[name]
    titles = preset(name).titles
    f = font(table.TEXT_SIZE)
    bold = font(table.TEXT_SIZE, True)
    assert table.TEXT_SIZE * 550 / table.W >= 10
    for n in range(info.min_players, info.max_players + 1):
        for pos in range(n):
            assert f.getlength(title_for(titles, n, pos)) <= table.TEXT_ROOM
    for score in ("-150 pts", "1250 pts", "150 cr"):
        assert bold.getlength(score) <= table.TEXT_ROOM


def test_the_table_shows_the_views_titles(titled_game: President) -> None:
    view = titled_game.public_view()
    shown = [table.seat_lines(view, seat) for seat in view.seats]
    assert [t for t, _ in shown] == [seat.title for seat in view.seats]
    assert {t for t, _ in shown} >= {"President", "Vice-President", "Vice-Scum", "Scum"}
    assert all(points.endswith(("pt", "pts")) for _, points in shown)
