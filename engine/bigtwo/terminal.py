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
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ..errors import EngineError, IllegalDecision, OptionsError
from ..game import OptionSpec
from ..terminal import (
    QUIT_WORDS,
    InputFn,
    PrintFn,
    Quit,
    add_option_argument,
    add_table_arguments,
    cannot_start,
    computer_seats,
    default_players,
    level_problem,
    new_seed,
    option_overrides,
    parse_args,
    read_line,
)
from .ai import Player, levels, make_player
from .ai.normal import ranked
from .combos import PASS, Combo, Decision, mask_of, parse_decision, rules_for
from .options import OPTION_SCHEMA, PRESETS, preset
from .state import PLAY, BigTwo
from .views import Event, Observation

MENU_PLAYS = 5


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine play --game bigtwo",
        description="Play Big Two in the terminal against computer players, or watch them.",
    )
    add_table_arguments(
        p,
        presets=list(PRESETS),
        default_rules="standard",
        levels=levels(),
        delay=0.0,
        delay_help="seconds between moves when watching",
        seed_help="seed for the deals and the players",
    )
    add_option_argument(p, "deals=1")
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
        text = read_line(self.input, prompt)
        if text.lower() in QUIT_WORDS:
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
    out: PrintFn = print_fn if print_fn is not None else print
    ns = parse_args(build_parser(), sys.argv[1:] if argv is None else argv)
    if isinstance(ns, int):
        return ns
    if (problem := level_problem(ns.level, levels())) is not None:
        out(problem)
        return 2
    seed = new_seed(ns.seed)
    try:
        overrides = option_overrides(ns.option, lambda n, v: _option(n).parse(v), "deals=1")
        if ns.bots is not None or "players" not in overrides:
            overrides["players"] = default_players(ns.bots, ns.watch)
        players = int(overrides["players"])
        options = preset(ns.rules, **overrides)
    except OptionsError as exc:
        return cannot_start(exc, out)
    game = BigTwo.new_game(options, seed=seed)
    bots, names = computer_seats(make_player, ns.level, seed, players, ns.watch)
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
