"""President's part of the gallery (``python -m render.gallery OUTDIR``).

Covers tables for 3 to 8 players and every preset (mid-trick, leading,
exchange, revolution with reversed direction, finished players, bots and
timed-out seats, long and non-Latin names), hands (a 28-card hand in two
rows, a short one, a revolution hand, a selection, nothing playable), round
results, final standings and lobbies. States come from seeded games, so the
gallery is the same on every run.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from engine.president import (
    EXCHANGE,
    PLAY,
    Card,
    Options,
    President,
    PublicView,
    parse_cards,
    preset,
)

from ..encoding import RenderedImage
from .hand import playable_ranks, render_hand
from .lobby import render_lobby
from .results import render_final_standings, render_round_results
from .table import render_table

NAMES: tuple[str, ...] = (
    "Alice",
    "Bartholomew the Magnificent",
    "龍之介",
    "Zoë 🐉",
    "محمد",
    "Charlie",
    "ÉLODIE-MARGUERITE",
    "Ωmega",
)
"""Names with long, accented, Arabic, CJK and emoji characters on purpose."""


def _bots(n: int) -> list[bool]:
    return [p in (1, 6) for p in range(n)]


def play_until(
    options: Options, want: Callable[[PublicView], bool], seed: int = 0, tries: int = 300
) -> President:
    """A seeded game played with random legal moves (big sets preferred, so
    revolutions happen) until the public view satisfies ``want``."""
    for s in range(seed, seed + tries):
        game = President.new_game(options, seed=s)
        rng = random.Random(s)
        while not game.is_over:
            if game.phase in (PLAY, EXCHANGE) and want(game.public_view()):
                return game
            if game.phase == PLAY:
                legal = game.legal_list()
                sets = [p for p in legal if p.count]
                big = [p for p in sets if p.count >= 4]
                if big and rng.random() < 0.7:
                    game.apply_unchecked(big[0])
                elif sets and rng.random() < 0.75:
                    game.apply_unchecked(rng.choice(sets))
                else:
                    game.apply_unchecked(legal[0])
            elif game.phase == EXCHANGE:
                game.apply(game.default_decision())
            else:
                game.start_round()
    raise LookupError("no such state found; widen the search")


def _mid_trick(
    min_plays: int, finished: int = 0, revolution: bool = False
) -> Callable[[PublicView], bool]:
    def want(v: PublicView) -> bool:
        plays = [p for p in v.trick.plays if p[1].count]
        return (
            v.phase == PLAY
            and len(plays) >= min_plays
            and len(v.finished) >= finished
            and v.revolution >= revolution
        )

    return want


def _later_round(number: int) -> Callable[[PublicView], bool]:
    def want(v: PublicView) -> bool:
        plays = [p for p in v.trick.plays if p[1].count]
        return v.phase == PLAY and v.round_number >= number and len(plays) >= 2

    return want


def full_hand_game() -> President:
    """Two decks, four jokers, four players, and one 28-card hand."""
    opts = preset("house", players=4, decks=2, jokers=4)
    from engine.cards import make_deck

    deck = make_deck(2, 4, False)
    random.Random(28).shuffle(deck)
    return President.from_hands(opts, [deck[0:28], deck[28:55], deck[55:82], deck[82:108]])


def samples() -> list[tuple[str, str, Callable[[], RenderedImage]]]:
    """(file stem, description, renderer) for every gallery image."""
    out: list[tuple[str, str, Callable[[], RenderedImage]]] = []

    def table(stem: str, desc: str, game: President, timed_out: Sequence[int] = ()) -> None:
        n = game.n
        names = NAMES[:n]
        flags = [p in timed_out for p in range(n)]
        view = game.public_view()
        out.append(
            (stem, desc, lambda: render_table(view, names, computer=_bots(n), timed_out=flags))
        )

    for n, name in ((3, "classic"), (4, "ladder"), (5, "house"), (6, "classic"), (7, "house")):
        g = play_until(preset(name, players=n), _mid_trick(3), seed=n)
        table(f"table_{n}p_{name}", f"{n} players, {name} preset, mid-trick", g, (3,))
    rev = preset("revolution", players=8, decks=2, jokers=4, revolution_reverses_direction=True)
    g = play_until(rev, _mid_trick(3, finished=2, revolution=True), seed=11)
    table("table_8p_revolution", "8 players, revolution in force, direction reversed", g, (3,))
    g = play_until(preset("revolution", players=5), _mid_trick(1, revolution=True), seed=3)
    table("table_5p_revolution", "5 players, revolution preset, revolution in force", g)
    for n, name, rnd in ((6, "classic", 2), (4, "ladder", 3), (5, "revolution", 2)):
        g = play_until(preset(name, players=n), _later_round(rnd), seed=n)
        table(
            f"table_{n}p_{name}_round{rnd}",
            f"{n} players, {name} preset, round {rnd}: titles from round {rnd - 1} in their chairs",
            g,
        )
    g = President.new_game(preset("classic", players=4, first_lead="three_of_clubs"), seed=2)
    table("table_4p_lead", "4 players, round 1 lead that must include the 3 of clubs", g)
    g = play_until(preset("house", players=6), lambda v: v.phase == EXCHANGE, seed=1)
    table("table_6p_exchange", "6 players, card exchange in progress", g)
    g = President.from_hands(
        preset("house", players=4), ["3C 3D 3H 3S 9C 9D 9H 9S", "2C 2D 2H", "X1 X2", "4C"]
    )
    g.apply("3333")
    g.apply("222")
    table("table_4p_one_less", "four 3s beaten by three 2s (twos one less), big fans", g)

    fg = full_hand_game()
    obs = fg.observation(0)
    hand28 = obs.hand
    out.append(
        (
            "hand_28_lead",
            "28-card hand (two rows), leading: everything playable",
            lambda: render_hand(hand28, playable=playable_ranks(obs.legal), options=fg.options),
        )
    )
    sel = [c for c in hand28 if c.rank == 11][:2]
    out.append(
        (
            "hand_28_selected",
            "28-card hand, only some ranks playable, two aces selected",
            lambda: render_hand(
                hand28, playable={5, 9, 11, 12, 13}, selected=sel, options=fg.options
            ),
        )
    )
    short: tuple[Card, ...] = parse_cards("4C 7D 7H TS JD QC KH AS 2D X1")
    out.append(
        (
            "hand_10_revolution",
            "10-card hand during a revolution (sorted 2 … 3, jokers last)",
            lambda: render_hand(
                short, playable={1, 4, 13}, revolution=True, options=preset("revolution")
            ),
        )
    )
    out.append(
        (
            "hand_5_not_turn",
            "5-card hand when it is not the player's turn",
            lambda: render_hand(parse_cards("3C 8S 8H KD 2C")),
        )
    )
    out.append(
        (
            "hand_6_pass_only",
            "6-card hand with nothing playable",
            lambda: render_hand(parse_cards("3C 4D 5H 6S 7C 8D"), playable=set()),
        )
    )

    done = President.new_game(preset("classic", players=6), seed=5)
    done_rounds: list[President] = []
    while not done.is_over:
        if done.phase == "round_over":
            done_rounds.append(done.copy())
            done.start_round()
        else:
            done.apply(done.default_decision())
    last = done.results[-1]
    mid = done.results[1] if len(done.results) > 1 else last
    names6 = NAMES[:6]
    out.append(
        (
            "results_round2_6p",
            "round results with promotions, 6 players",
            lambda: render_round_results(mid, names6, options=done.options, computer=_bots(6)),
        )
    )
    outcome = done.outcome()
    assert outcome is not None
    out.append(
        (
            "standings_6p",
            "final standings, 6 players, winner in gold",
            lambda: render_final_standings(
                outcome, names6, results=done.results, options=done.options, computer=_bots(6)
            ),
        )
    )
    lad = President.new_game(preset("ladder"), seed=9)
    while not lad.is_over:
        if lad.phase == "round_over":
            lad.start_round()
        else:
            lad.apply(lad.default_decision())
    lo = lad.outcome()
    assert lo is not None
    out.append(
        (
            "results_ladder_4p",
            "ladder round results (promotion bonuses)",
            lambda: render_round_results(lad.results[-1], NAMES[:4], options=lad.options),
        )
    )
    out.append(
        (
            "standings_ladder_4p",
            "ladder final standings",
            lambda: render_final_standings(lo, NAMES[:4], results=lad.results, options=lad.options),
        )
    )
    for name, seats, max_seats, extra in (
        ("classic", [("Alice", False), ("Bot Bertha", True)], 4, {}),
        ("house", [(NAMES[i], i == 1) for i in range(5)], 7, {"revolution": True}),
        ("revolution", [(NAMES[i], i in (1, 6)) for i in range(8)], 8, {}),
        ("ladder", [("Alice", False), ("龍之介", False), ("Zoë 🐉", False)], 4, {}),
    ):
        opts = preset(name, players=max_seats, **extra)
        out.append(
            (
                f"lobby_{name}",
                f"lobby, {name} preset, {len(seats)}/{max_seats} seats"
                + (", a house rule" if extra else ""),
                functools.partial(render_lobby, name, opts, seats, max_seats),
            )
        )
    return out
