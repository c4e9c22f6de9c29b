"""Big Two's part of the gallery (``python -m render.gallery OUTDIR``).

Tables for 2, 3 and 4 players (a five-card hand to beat with earlier plays
of the trick, a first lead, the three-player face-up card, a finished deal,
bots and timed-out seats, long and non-Latin names), hands (17 cards on a
lead, 13 with few playable cards, nothing playable), deal results and final
standings. States come from seeded games, so the gallery is the same on
every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.bigtwo import PLAY, BigTwo, Combo, Options, PublicView, preset

from ..encoding import RenderedImage
from .hand import render_hand
from .results import render_deal_results, render_final_standings
from .table import render_table
from .words import playable_cards

NAMES: tuple[str, ...] = ("Alice", "Bartholomew the Magnificent", "龍之介", "Zoë 🐉")


def play_until(options: Options, want: Callable[[PublicView], bool], seed: int = 0) -> BigTwo:
    """A seeded game played with random legal plays (five-card hands
    preferred, passes rare) until the public view satisfies ``want``."""
    for s in range(seed, seed + 300):
        game = BigTwo.new_game(options, seed=s)
        rng = random.Random(s)
        while not game.is_over:
            if game.phase == PLAY and want(game.public_view()):
                return game
            if game.phase != PLAY:
                game.start_round()
                continue
            legal = game.legal_list()
            plays = [d for d in legal if isinstance(d, Combo)]
            fives = [c for c in plays if c.size == 5]
            if fives and rng.random() < 0.8:
                game.apply_unchecked(fives[0])
            elif plays and rng.random() < 0.7:
                game.apply_unchecked(plays[0])
            else:
                game.apply_unchecked(legal[0])
    raise LookupError("no such state found; widen the search")


def _five_to_beat() -> BigTwo:
    return play_until(
        preset("standard"),
        lambda v: v.top is not None and v.top.size == 5 and len(v.trick) >= 3,
    )


def _over(options: Options) -> BigTwo:
    game = BigTwo.new_game(options, seed=5)
    while game.phase == PLAY:
        game.apply(game.default_decision() if game.top is not None else game.legal_list()[-1])
    return game


def samples() -> list[tuple[str, str, Callable[[], RenderedImage]]]:
    four = _five_to_beat()
    three = BigTwo.new_game(preset("pusoy_dos", players=3), seed=2)
    two = play_until(preset("hong_kong", players=2), lambda v: v.top is not None, seed=4)
    over = _over(preset("standard", deals=2))
    final = _over(preset("standard", deals=1))
    outcome = final.outcome()
    assert outcome is not None
    lead17 = BigTwo.new_game(preset("standard", players=2), seed=9)
    p17 = lead17.current_player
    assert p17 is not None
    mid_p = four.current_player
    assert mid_p is not None
    bots = [False, True, False, False]
    timed = [False, False, True, False]
    return [
        (
            "table-4-five-card",
            "4 players, a five-card hand to beat, earlier plays, a bot and a timed-out seat",
            lambda: render_table(four.public_view(), NAMES, computer=bots, timed_out=timed),
        ),
        (
            "table-3-first-lead",
            "3 players (Pusoy Dos): the first lead, the face-up 52nd card",
            lambda: render_table(three.public_view(), NAMES[:3], computer=[False, True, True]),
        ),
        (
            "table-2-hong-kong",
            "2 players (Hong Kong) mid-trick",
            lambda: render_table(two.public_view(), ["Ann", "Bo"]),
        ),
        (
            "table-deal-over",
            "4 players, the deal over: this deal's penalties on the seats",
            lambda: render_table(over.public_view(), NAMES),
        ),
        (
            "hand-17-lead",
            "17 cards, first lead: only plays with the 3♦ are legal",
            lambda: render_hand(
                lead17.hand(p17),
                lead17.options,
                playable=playable_cards(lead17.legal_list()),
            ),
        ),
        (
            "hand-13-beat",
            "13 or fewer cards on a five-card trick: the cards of the plays that beat it",
            lambda: render_hand(
                four.hand(mid_p), four.options, playable=playable_cards(four.legal_list())
            ),
        ),
        (
            "hand-waiting",
            "a hand while someone else plays (nothing highlighted)",
            lambda: render_hand(four.hand((mid_p + 1) % 4), four.options),
        ),
        (
            "results-deal",
            "one deal's results: cards left, penalty, total",
            lambda: render_deal_results(over.results[-1], NAMES, over.options, computer=bots),
        ),
        (
            "standings",
            "final standings, lowest total wins",
            lambda: render_final_standings(
                outcome, final.results, NAMES, final.options, computer=bots
            ),
        ),
    ]
