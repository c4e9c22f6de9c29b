"""Play Big Two in a terminal against the computer players, or watch them.

    python -m engine play --game bigtwo --bots 3 --level normal
    python -m engine play --game bigtwo --watch --rules hong_kong --seed 7
    python -m engine play --game bigtwo --option players=3 --option deals=1 --save game.json

The person is player 0 ("You"). On your turn the table, the trick and your
hand are shown with a short menu: the pass (when allowed) and a few
suggested plays. Type a menu number, or the cards to play by name
(``3D``, ``9C 9D``, ``3D 4D 5S 6H 7C``), ``pass``, ``?`` to list every legal
play, or ``q`` to quit (Ctrl-D quits too). Numbers only ever select menu
entries; cards are always typed by name. A refused play says why and asks
again.

All I/O goes through the ``input_fn``, ``print_fn`` and ``sleep_fn`` given to
:func:`main`, so a test can play a whole game from a script.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import EngineError, IllegalDecision, OptionsError
from ..game import OptionSpec
from .ai import Player, levels, make_player
from .ai.normal import ranked
from .combos import PASS, Combo, Decision, mask_of, parse_decision, rules_for
from .options import OPTION_SCHEMA, PRESETS, preset
from .state import PLAY, BigTwo
from .views import Event, Observation

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]

HUMAN = 0
MENU_PLAYS = 5


class Quit(Exception):
    """The person asked to leave (``q`` or end of input)."""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine play --game bigtwo",
        description="Play Big Two in the terminal against computer players, or watch them.",
    )
    p.add_argument("--rules", default="standard", choices=sorted(PRESETS), help="preset")
    p.add_argument(
        "--bots", type=int, default=None, help="computer players (default 3; 4 with --watch)"
    )
    p.add_argument("--level", default="normal", help=f"computer level: {', '.join(levels())}")
    p.add_argument("--watch", action="store_true", help="computer players only; you watch")
    p.add_argument("--delay", type=float, default=0.0, help="seconds between moves when watching")
    p.add_argument("--seed", type=int, default=None, help="seed for the deals and the players")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change any option of the preset, e.g. --option deals=1 (repeatable)",
    )
    p.add_argument("--save", default=None, metavar="FILE", help="write the game record here")
    return p


def _option(name: str) -> OptionSpec:
    for spec in OPTION_SCHEMA:
        if spec.name == name:
            return spec
    raise OptionsError(name, f"{name}: there is no such option in Big Two")


class Terminal:
    """One session at the terminal: rendering, prompts and the game loop."""

    def __init__(
        self,
        game: BigTwo,
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

    def event_text(self, e: Event) -> str | None:
        name = self.names[e.player]
        if e.kind == "play" and e.combo is not None:
            return f"{name}: {e.combo.pretty()}"
        if e.kind == "pass":
            return f"{name}: pass"
        if e.kind == "trick":
            return f"{name} won the trick."
        if e.kind == "finish":
            return f"{name} is out (place {(e.position or 0) + 1})."
        if e.kind == "deal_over":
            return f"{name} won the deal."
        if e.kind == "abandoned":
            return "The deal ends in mid-trick."
        if e.kind == "lead":
            return f"{name} leads."
        return None

    def show_deal(self) -> None:
        pub = self.game.public_view()
        self.out(f"Deal {pub.deal_number} is dealt.")
        if pub.face_up is not None:
            holder, card = pub.face_up
            self.out(f"Face-up card {card.pretty()} went to {self.names[holder]}.")
        self.show(self.game.history)

    def show(self, events: tuple[Event, ...] | list[Event]) -> None:
        for e in events:
            line = self.event_text(e)
            if line is not None:
                self.out(line)

    def ask(self, prompt: str) -> str:
        try:
            text = self.input(prompt).strip()
        except EOFError:
            raise Quit from None
        if text.lower() in ("q", "quit", "exit"):
            raise Quit
        return text

    def show_table(self, obs: Observation) -> None:
        pub = obs.public
        self.out("")
        self.out(f"-- Deal {pub.deal_number} --")
        for s in pub.seats:
            marker = ">" if s.to_act else " "
            state = "out" if s.cards == 0 else ("passed" if s.passed else "")
            self.out(
                f" {marker} {self.names[s.player]:<18} {s.cards:>2} cards  "
                f"penalty {s.total:<4} {state}".rstrip()
            )
        if pub.top is not None and pub.top_player is not None:
            self.out(f"To beat: {pub.top.pretty()} ({self.names[pub.top_player]})")
        elif obs.lead_card is not None:
            self.out(f"You lead: your play must include the {obs.lead_card.pretty()}.")
        else:
            self.out("You lead: play any combination.")

    def human_play(self, obs: Observation) -> Decision:
        self.show_table(obs)
        self.out("Your hand: " + " ".join(str(c) for c in obs.hand))
        legal = list(obs.legal)
        if legal == [PASS]:
            self.out("You cannot play now: you pass.")
            return PASS
        o = obs.public.options
        rules = rules_for(o.suit_order, o.straights, o.flush_compare)
        plays = [c for c in legal if isinstance(c, Combo)]
        menu: list[Decision] = [PASS] if PASS in legal else []
        menu += ranked(rules, mask_of(obs.hand), plays, obs.public.top)[:MENU_PLAYS]
        for i, d in enumerate(menu):
            self.out(f"  {i}) {d}" + ("" if d is PASS else f"  ({d.pretty()})"))
        self.out(f"  ({len(plays)} legal plays; ? lists them)")
        while True:
            text = self.ask("Your play (menu number, cards like 3D 4D, pass, ?, or q): ")
            if text == "?":
                self.out("  " + ", ".join(str(c) for c in plays))
                continue
            if text.isdigit():
                if int(text) < len(menu):
                    return menu[int(text)]
                self.out(f"Menu numbers go from 0 to {len(menu) - 1}; type cards by name.")
                continue
            try:
                decision = parse_decision(text)
                self.game.copy().apply(decision, obs.player)
            except IllegalDecision as exc:
                self.out(f"Not allowed: {exc}.")
                continue
            except EngineError as exc:
                self.out(f"{exc}.")
                continue
            return decision

    def run(self) -> int:
        g = self.game
        who = "Watching" if self.watch else "Playing"
        self.out(f"{who} Big Two: {g.options.preset} rules, {g.n} players  (type q to quit)")
        try:
            self.show_deal()
            while True:
                if g.phase != PLAY:
                    r = g.results[-1]
                    self.out(
                        f"Deal {r.number} over. Penalties {list(r.scores)}, totals {list(r.totals)}"
                    )
                    if g.is_over:
                        out = g.outcome()
                        assert out is not None
                        winners = ", ".join(self.names[p] for p in out.winners)
                        self.out(f"Game over after {out.rounds} deal(s). Winner: {winners}")
                        return 0
                    if not self.watch:
                        self.ask(f"Press Enter to deal deal {g.deal_number + 1} (q quits): ")
                    g.start_round()
                    self.show_deal()
                    continue
                p = g.current_player
                assert p is not None
                obs = g.observation(p)
                if p in self.bots:
                    decision = self.bots[p].decide(obs)
                    if self.watch and self.delay > 0:
                        self.sleep(self.delay)
                else:
                    decision = self.human_play(obs)
                self.show(g.apply(decision, p))
        except (Quit, KeyboardInterrupt):
            self.out("")
            self.out("Bye.")
            return 0


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn | None = None,
    print_fn: PrintFn | None = None,
    sleep_fn: Callable[[float], None] | None = None,
) -> int:
    """Run ``python -m engine play --game bigtwo`` with ``argv``. Returns the
    exit status: 0 after a game or a clean quit, 2 for bad arguments."""
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
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        overrides: dict[str, Any] = {}
        for item in ns.option:
            name, sep, value = item.partition("=")
            name = name.strip().replace("-", "_")
            if not sep:
                raise OptionsError(name, f"--option {item!r}: write NAME=VALUE, like deals=1")
            overrides[name] = _option(name).parse(value)
        if ns.bots is not None or "players" not in overrides:
            bots_n = ns.bots if ns.bots is not None else (4 if ns.watch else 3)
            overrides["players"] = bots_n if ns.watch else bots_n + 1
        players = int(overrides["players"])
        options = preset(ns.rules, **overrides)
    except OptionsError as exc:
        out(f"Cannot start: {exc}")
        if exc.option == "players":
            out("(--bots sets the number of computer players; you are one more unless --watch)")
        return 2
    game = BigTwo.new_game(options, seed=seed)
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
    out(f"Seed {seed} (replay this game with --seed {seed}).")
    code = term.run()
    if ns.save:
        try:
            Path(ns.save).write_text(game.record().to_json(indent=1), encoding="utf-8")
        except OSError as exc:
            out(f"Cannot save the record to {ns.save}: {exc}")
            return 1
        out(f"Record saved to {ns.save} (check it with python -m engine replay {ns.save}).")
    return code


__all__ = ["Terminal", "main"]
