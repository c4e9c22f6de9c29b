"""Play Sixty in a terminal against the computer players, or watch them.

    python -m engine play --game sixty --bots 3 --level normal
    python -m engine play --game sixty --watch --players 4 --level hard --seed 7
    python -m engine play --game sixty --option voluntary_take=off --save game.json

The person is player 0 ("You"). Each turn shows the table (hand sizes,
penalty piles, the deck, the discard pile, the attack in flight), the
hand and the legal choices by number. Type a menu number (numbers only
ever select menu entries), a decision in notation (``attack 4x2``,
``pass 4x1``, ``fight 10x1``, ``joker zap``, ``take``) or ``q`` to quit;
Ctrl-D quits too. Bad input asks again. ``--save FILE`` writes the game
record (JSON) at the end or on quitting.

All I/O goes through the ``input_fn``, ``print_fn`` and ``sleep_fn`` given
to :func:`main`, so a test can play a whole game from a script.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import EngineError, OptionsError
from .ai import Player, levels, make_player
from .cards import Decision, parse_decision
from .options import OPTION_SCHEMA, PRESETS, preset
from .state import GAME_OVER, ROUND_OVER, Sixty
from .views import Event, PublicView

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]
HUMAN = 0


class Quit(Exception):
    """The person asked to leave."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine play --game sixty", description="Play Sixty in the terminal."
    )
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--watch", action="store_true", help="computers only; you watch")
    parser.add_argument("--bots", type=int, help="computer players (default 3, 4 with --watch)")
    parser.add_argument("--players", type=int, help="players in all (instead of --bots)")
    parser.add_argument("--level", default="normal", help=f"one of {', '.join(levels())}")
    parser.add_argument("--seed", type=int)
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a house rule"
    )
    parser.add_argument("--save", metavar="FILE", help="write the game record here")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between moves")
    return parser


def _parse_option(item: str) -> tuple[str, Any]:
    name, sep, value = item.partition("=")
    name = name.strip().replace("-", "_")
    if not sep:
        raise OptionsError(name, f"--option {item!r}: write NAME=VALUE, like tiebreak=shared")
    for spec in OPTION_SCHEMA:
        if spec.name == name:
            return name, spec.parse(value)
    raise OptionsError(name, f"{name}: Sixty has no such option")


def _table(view: PublicView, names: Sequence[str]) -> list[str]:
    arrow = "clockwise" if view.direction > 0 else "counter-clockwise"
    lines = [
        f"Round {view.round_number}{' (tie-break)' if view.tiebreak_round else ''} · "
        f"{arrow} · deck {view.deck_count}"
    ]
    for p, name in enumerate(names):
        mark = "→" if view.turn == p else " "
        lines.append(
            f" {mark} {name:<18} {view.hand_sizes[p]} cards  "
            f"penalty pile {view.penalty_counts[p]}  total {view.totals[p]}"
        )
    pile = " ".join(f"{c}×{k}" for c, k in view.discard_cards())
    lines.append(f"   discard: {pile or '-'}")
    if view.attack is not None:
        a = view.attack
        lines.append(
            f"   attack: {a.card}x{a.count} = {a.sum} on {names[a.defender]} (from {names[a.last]})"
        )
    return lines


def _describe(event: Event, names: Sequence[str]) -> str | None:
    who = names[event.player] if event.player is not None else ""
    k = event.kind
    tgt = names[event.target] if event.target is not None and event.target >= 0 else "-"
    if k == "attack":
        return f"{who} attacks {tgt} with {event.card}x{event.count} ({event.total})"
    if k == "pass_on":
        return f"{who} passes it on with {event.card}x{event.count} to {tgt} ({event.total})"
    if k == "joker":
        return f"{who} plays {event.which}: the attack ({event.total}) goes to {tgt}"
    if k == "fight":
        return f"{who} fights back with {event.card}x{event.count} ({event.total})"
    if k == "take":
        return f"{who} takes {event.count} card(s): {event.total} points"
    if k == "skip":
        return f"{who} holds only jokers and misses the attack"
    if k == "direction":
        return "the direction is now " + ("clockwise" if event.total > 0 else "counter-clockwise")
    if k == "out":
        return f"{who} is out of cards"
    return None


class Terminal:
    def __init__(
        self,
        game: Sixty,
        bots: dict[int, Player],
        names: list[str],
        *,
        watch: bool,
        delay: float,
        input_fn: InputFn,
        print_fn: PrintFn,
        sleep_fn: Callable[[float], None],
    ) -> None:
        self.game = game
        self.bots = bots
        self.names = names
        self.watch = watch
        self.delay = delay
        self.input = input_fn
        self.out = print_fn
        self.sleep = sleep_fn

    def ask(self, prompt: str) -> str:
        try:
            text = self.input(prompt)
        except EOFError:
            raise Quit from None
        if text.strip() in ("q", "quit"):
            raise Quit
        return text

    def human_turn(self) -> Decision:
        g = self.game
        obs = g.observation(HUMAN)
        for line in _table(obs.public, self.names):
            self.out(line)
        self.out("Your hand: " + " ".join(str(c) for c in obs.hand))
        legal = list(obs.legal)
        for i, d in enumerate(legal, 1):
            self.out(f"  {i:>2}) {d}")
        while True:
            text = self.ask("Your choice (number or decision, q quits): ").strip()
            if text.isdigit():
                i = int(text)
                if 1 <= i <= len(legal):
                    return legal[i - 1]
                self.out(f"choose a menu number from 1 to {len(legal)}")
                continue
            try:
                d = parse_decision(text)
            except EngineError as exc:
                self.out(str(exc))
                continue
            if d in legal:
                return d
            try:
                g.copy().apply(d, HUMAN)
            except EngineError as exc:
                self.out(f"not allowed: {exc}")

    def play(self) -> None:
        g = self.game
        self.out(f"── Round {g.round_number} ──")
        while True:
            if g.phase == GAME_OVER:
                self.results()
                o = g.outcome()
                assert o is not None
                winners = ", ".join(self.names[p] for p in o.winners)
                self.out(f"Game over after {o.rounds} rounds. Winner(s): {winners}")
                self.out(
                    "Totals: " + ", ".join(f"{self.names[p]} {o.totals[p]}" for p in range(g.n))
                )
                return
            if g.phase == ROUND_OVER:
                self.results()
                if not self.watch:
                    self.ask("Press Enter for the next round ")
                g.start_round()
                self.out(f"── Round {g.round_number} ──")
                continue
            p = g.current_player
            assert p is not None
            if p in self.bots:
                d = self.bots[p].decide(g.observation(p))
                if self.delay:
                    self.sleep(self.delay)
            else:
                d = self.human_turn()
            for e in g.apply(d, p):
                line = _describe(e, self.names)
                if line is not None:
                    self.out(line)

    def results(self) -> None:
        r = self.game.round_results()[-1]
        self.out(f"Round {r.number} penalties:")
        for p in sorted(range(self.game.n), key=lambda q: r.positions[q]):
            self.out(
                f"  {r.positions[p] + 1}. {self.names[p]:<18} {r.scores[p]:>4}  total {r.totals[p]}"
            )


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn | None = None,
    print_fn: PrintFn | None = None,
    sleep_fn: Callable[[float], None] | None = None,
) -> int:
    """Run the terminal game; returns the exit status (2: bad arguments)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        args = args[1:]
    out: PrintFn = print_fn if print_fn is not None else print
    try:
        ns = build_parser().parse_args(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    if ns.level not in levels():
        out(f"--level: no computer level {ns.level!r}; choose one of {', '.join(levels())}")
        return 2
    if ns.players is not None:
        players = ns.players
    else:
        bots_n = ns.bots if ns.bots is not None else (4 if ns.watch else 3)
        players = bots_n if ns.watch else bots_n + 1
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        overrides = dict(_parse_option(item) for item in ns.option)
        overrides["players"] = players
        options = preset(ns.rules, **overrides)
    except OptionsError as exc:
        out(f"Cannot start: {exc}")
        return 2
    game = Sixty.new_game(options, seed)
    first_bot = 0 if ns.watch else 1
    bots = {p: make_player(ns.level, seed * 31 + p) for p in range(first_bot, players)}
    names = [f"Bot {p} ({ns.level})" for p in range(players)]
    if not ns.watch:
        names[HUMAN] = "You"
    term = Terminal(
        game,
        bots,
        names,
        watch=ns.watch,
        delay=max(0.0, ns.delay),
        input_fn=input_fn if input_fn is not None else input,
        print_fn=out,
        sleep_fn=sleep_fn if sleep_fn is not None else time.sleep,
    )
    try:
        term.play()
    except Quit:
        out("Bye.")
    if ns.save:
        Path(ns.save).write_text(game.record().to_json(indent=1), encoding="utf-8")
        out(f"Record saved to {ns.save}")
    return 0
