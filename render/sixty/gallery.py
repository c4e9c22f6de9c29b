"""Sample pictures of Sixty for ``python -m render.gallery OUTDIR``."""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.game import GameOutcome
from engine.sixty import Sixty, preset

from ..encoding import RenderedImage
from .hand import render_hand
from .results import render_final_standings, render_round_results
from .table import render_table

NAMES = ["Ada", "Bartholomew", "Chloé", "محمد", "Ωmega", "Zoë"]

Sample = tuple[str, str, Callable[[], RenderedImage]]


def in_flight() -> Sixty:
    """Four players: Ada attacked with two 4s, Bartholomew passed one more on."""
    g = Sixty.from_hands(
        preset("standard"),
        ["4 4 5 30 ZP", "10 10 4 AB HP", "5 12 15 20 6", "3 3 3 ZP 12"],
        deck="3 3 3 4 5 5 6 6 10 12 15 20 30",
    )
    g.apply("attack 4x2")
    g.apply("pass 4x1")
    return g


def flipped() -> Sixty:
    """Six players after an Abracadabra: the direction is counter-clockwise."""
    g = Sixty.from_hands(
        preset("standard", players=6),
        ["4 4 5", "AB 10 3", "5 12", "3 3 ZP", "12", "6 6 30"],
        deck="3 4 5 6",
    )
    g.apply("attack 4x1")
    g.apply("joker abracadabra")
    return g


@functools.cache
def finished(tiebreak: bool) -> Sixty:
    """A whole game of computer-like play (the first seed that ends with or
    without a tie-break round, as asked)."""
    for seed in range(400):
        g = Sixty.new_game(preset("standard", players=4, rounds=2), seed=seed)
        while not g.is_terminal():
            if g.is_round_over():
                g.start_round()
                continue
            g.apply(g.default_decision())
        if any(r.details[0].get("tiebreak") for r in g.round_results()) == tiebreak:
            return g
    raise AssertionError("no such game in 400 seeds")  # pragma: no cover


def samples() -> list[Sample]:
    def table(
        g: Callable[[], Sixty], computer: tuple[bool, ...] = ()
    ) -> Callable[[], RenderedImage]:
        return lambda: render_table(g().public_view(), NAMES[: g().n], computer=computer)

    def two() -> Sixty:
        return Sixty.new_game(preset("quick", players=2), seed=4)

    def over() -> Sixty:
        return finished(False)

    return [
        ("table_attack", "4 players, an attack of 4 ×3 in flight", table(in_flight, (False, True))),
        ("table_flipped", "6 players after Abracadabra", table(flipped, (True,) * 3)),
        ("table_two", "2 players, attack turn", table(two)),
        ("table_over", "game over", table(over)),
        ("hand_defend", "the defender's hand", lambda: render_hand(in_flight().observation(2))),
        (
            "hand_waiting",
            "a hand while another plays",
            lambda: render_hand(in_flight().observation(0), highlight=False),
        ),
        (
            "results_round",
            "round results",
            lambda: render_round_results(
                _upto(finished(False), 1).public_view(), NAMES[:4], computer=(False, True)
            ),
        ),
        (
            "results_tiebreak",
            "the tie-break round",
            lambda: render_round_results(finished(True).public_view(), NAMES[:4]),
        ),
        (
            "standings",
            "final standings after a tie-break",
            lambda: render_final_standings(
                finished(True).public_view(), _outcome(finished(True)), NAMES[:4]
            ),
        ),
    ]


def _outcome(g: Sixty) -> GameOutcome:
    out = g.outcome()
    assert out is not None
    return out


def _upto(g: Sixty, rounds: int) -> Sixty:
    """A copy of ``g`` that shows only its first ``rounds`` results."""
    c = g.copy()
    c.results = c.results[:rounds]
    return c
