"""What the public view says of titles: the one held, and the one earned."""

from __future__ import annotations

import random

from engine.president import President, preset, title_for


def test_a_player_out_shows_the_title_this_round_earns() -> None:
    g = President.new_game(preset("classic"), seed=5)
    rng = random.Random(5)
    while not g.finished:
        g.apply(rng.choice(list(g.legal_plays())))
    first = g.finished[0]
    seats = {s.player: s for s in g.public_view().seats}
    assert seats[first].title is None  # round 1: nobody holds a title yet
    assert seats[first].earned_title == title_for("classic", 4, 0) == "President"
    assert all(seats[p].earned_title is None for p in seats if p != first)
