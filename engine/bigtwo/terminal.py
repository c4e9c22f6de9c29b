"""Play Big Two in a terminal against the computer players, or watch them.

    python -m engine play --game bigtwo --bots 3 --level normal
    python -m engine play --game bigtwo --watch --rules hong_kong --seed 7
    python -m engine play --game bigtwo --option players=3 --option deals=1 --save game.json

The person is player 0 ("You"). The suit order is shown once, at the start.
On your turn the table, the trick and your hand are shown with a short menu,
numbered from 0: the pass (when allowed) and a few suggested plays. Type a
menu number, or the cards to play by name (``3D``, ``9C 9D``, ``10H``; the
``3♦`` the screen shows, or a menu entry's words, work too), ``pass``, ``?``
to list every legal play, or ``q`` to quit (Ctrl-D and Ctrl-C quit too).
Numbers only ever select menu entries. A refused play says why and asks
again.

``--watch`` plays one computer move per second by default (``--delay``);
``q`` and Enter, or Ctrl-C, stop it. ``--save FILE`` writes the game's record
when the game ends or is left. All I/O goes through the ``input_fn``,
``print_fn``, ``sleep_fn`` and ``poll_fn`` given to :func:`main`, so a test
can play a whole game from a script.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..cards import SUIT_SYMBOLS, Card
from ..errors import EngineError, IllegalDecision, OptionsError
from ..game import OptionSpec
from ..terminal import (
    Front,
    InputFn,
    PollFn,
    PrintFn,
    add_option_argument,
    add_table_arguments,
    ascii_suits,
    cannot_start,
    computer_seats,
    default_players,
    make_poll,
    menu_lines,
    new_seed,
    no_entry,
    obj,
    option_overrides,
    play_session,
    plural,
    start,
)
from .ai import Player, levels, make_player
from .ai.normal import ranked
from .combos import KIND_NAMES, PASS, Combo, Decision, Rules, mask_of, parse_decision, rules_for
from .options import OPTION_SCHEMA, PRESETS, preset
from .state import PLAY, BigTwo
from .views import Event, Observation

MENU_PLAYS = 5

_KIND_WORDS = frozenset(w for name in KIND_NAMES[1:] for w in name.split())
"""The words a menu entry puts before its cards (``full house``), skipped
when a person types the entry."""


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
        seed_help="seed for the deals and the players",
    )
    add_option_argument(p, "deals=1", OPTION_SCHEMA)
    return p


def _option(name: str) -> OptionSpec:
    for spec in OPTION_SCHEMA:
        if spec.name == name:
            return spec
    raise OptionsError(name, f"{name}: there is no such option in Big Two")


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as the screen writes them everywhere: ``3♦ 10♥``."""
    return " ".join(c.pretty() for c in cards)


def suit_order(rules: Rules) -> str:
    """``♦ < ♣ < ♥ < ♠``: the suits from low to high under ``rules``."""
    return " < ".join(SUIT_SYMBOLS[s] for s in Rules.SUITS_BY_ORDER[rules.suit_order])


def parse_typed(text: str) -> Decision:
    """A decision as a person types it: notation (``9C 9D``), the cards the
    screen shows (``9♣ 9♦``) or a menu entry's words (``pair 9♣ 9♦``)."""
    words = ascii_suits(text).replace(",", " ").split()
    while len(words) > 1 and words[0].lower() in _KIND_WORDS:
        words = words[1:]
    return parse_decision(" ".join(words))


class Terminal(Front[BigTwo, Player]):
    """One session at the terminal: rendering, prompts and the game loop."""

    def event_text(self, e: Event) -> str | None:
        name = self.names[e.player]
        if e.kind == "play" and e.combo is not None:
            return f"{name}: {e.combo.pretty()}"
        if e.kind == "pass":
            return f"{name}: pass"
        if e.kind == "trick":
            return f"{name} won the trick."
        if e.kind == "finish":
            return self.says(e.player, "be", f"out (place {(e.position or 0) + 1}).")
        if e.kind == "abandoned":
            return "The deal ends in mid-trick."
        if e.kind == "lead":
            return self.says(e.player, "lead") + "."
        return None  # "deal_over": the results say who won

    def show_deal(self) -> None:
        pub = self.game.public_view()
        self.out(f"Deal {pub.deal_number} is dealt.")
        if pub.face_up is not None:
            holder, card = pub.face_up
            self.out(f"Face-up card {card.pretty()} went to {obj(self.names[holder])}.")
        self.show(self.game.history)

    def show(self, events: tuple[Event, ...] | list[Event]) -> None:
        for e in events:
            line = self.event_text(e)
            if line is not None:
                self.out(line)

    def show_table(self, obs: Observation) -> None:
        pub = obs.public
        self.out("")
        self.out(f"-- Deal {pub.deal_number} --")
        for s in pub.seats:
            marker = ">" if s.to_act else " "
            state = "out" if s.cards == 0 else ("passed" if s.passed else "")
            self.out(
                f" {marker} {self.names[s.player]:<18} {plural(s.cards, 'card'):>8}  "
                f"penalty {s.total:<4} {state}".rstrip()
            )
        if pub.top is not None and pub.top_player is not None:
            self.out(f"To beat: {pub.top.pretty()}, played by {obj(self.names[pub.top_player])}")
        elif obs.lead_card is not None:
            self.out(f"You lead: your play must include the {obs.lead_card.pretty()}.")
        else:
            self.out("You lead: play any combination.")

    def human_play(self, obs: Observation) -> Decision:
        self.show_table(obs)
        self.out("Your hand: " + cards_text(obs.hand))
        legal = list(obs.legal)
        if legal == [PASS]:
            self.out("You cannot play now: you pass.")
            return PASS
        o = obs.public.options
        rules = rules_for(o.suit_order, o.straights, o.flush_compare)
        plays = [c for c in legal if isinstance(c, Combo)]
        menu: list[Decision] = [PASS] if PASS in legal else []
        menu += ranked(rules, mask_of(obs.hand), plays, obs.public.top)[:MENU_PLAYS]
        for line in menu_lines([d.pretty() for d in menu]):
            self.out(line)
        self.out(f"  ({plural(len(plays), 'legal play')}; ? lists them)")
        self.show_hints(obs)
        while True:
            text = self.ask("Your play (a number, cards like 3D 4D, pass, ?, or q): ")
            if text == "?":
                self.out("  " + ", ".join(c.pretty() for c in plays))
                continue
            if text.isdigit():
                if int(text) < len(menu):
                    return menu[int(text)]
                self.out(no_entry(text, len(menu)) + ", or type the cards by name (3D 4D).")
                continue
            try:
                decision = parse_typed(text)
                self.game.copy().apply(decision, obs.player)
            except IllegalDecision as exc:
                self.out(f"Not allowed: {exc}.")
                continue
            except EngineError as exc:
                self.out(f"{exc}.")
                continue
            return decision

    def show_results(self) -> None:
        g = self.game
        r = g.results[-1]
        order = sorted(range(g.n), key=lambda p: r.positions[p])
        self.out(f"Deal {r.number} over: {self.names[order[0]]} won.")
        for p in order:
            left = r.details[p].get("cards_left", 0) if p < len(r.details) else 0
            held = f" ({plural(left, 'card')} left)" if left else ""
            self.out(
                f"  {r.positions[p] + 1}. {self.names[p]:<18} "
                f"{r.scores[p]:>3} penalty point{'' if r.scores[p] == 1 else 's'}{held}, "
                f"total {r.totals[p]}"
            )

    def loop(self) -> None:
        g = self.game
        o = g.options
        self.out(self.header(f"Big Two: {o.preset} rules, {g.n} players"))
        suits = "Suits, low to high: " + suit_order(
            rules_for(o.suit_order, o.straights, o.flush_compare)
        )
        # the person types cards with letters; a watcher types nothing
        self.out(
            suits if self.watch else suits + "  (type cards like 3D or 10H: C ♣, D ♦, H ♥, S ♠)"
        )
        self.show_deal()
        while True:
            if g.phase != PLAY:
                self.show_results()
                if g.is_over:
                    out = g.outcome()
                    assert out is not None
                    winners = ", ".join(self.names[p] for p in out.winners)
                    won = "Winner" if len(out.winners) == 1 else "Winners"
                    self.out(f"Game over after {plural(out.rounds, 'deal')}. {won}: {winners}")
                    return
                self.next_round(f"for deal {g.deal_number + 1}")
                g.start_round()
                self.show_deal()
                continue
            p = g.current_player
            assert p is not None
            obs = g.observation(p)
            if p in self.bots:
                self.show(g.apply(self.bots[p].decide(obs), p))
                self.pause()
            else:
                self.show(g.apply(self.human_play(obs), p))


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn | None = None,
    print_fn: PrintFn | None = None,
    sleep_fn: Callable[[float], None] | None = None,
    poll_fn: PollFn | None = None,
) -> int:
    """Run ``python -m engine play --game bigtwo`` with ``argv``. Returns the
    exit status: 0 after a game or a clean quit, 2 for bad arguments, 1 when
    the record cannot be saved. ``poll_fn`` waits between watched moves (see
    :func:`engine.terminal.make_poll`)."""
    out: PrintFn = print_fn if print_fn is not None else print
    ns = start(build_parser(), argv, levels(), out)
    if isinstance(ns, int):
        return ns
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
        delay=ns.delay,
        input_fn=input_fn if input_fn is not None else input,
        print_fn=out,
        poll_fn=make_poll(poll_fn, input_fn, sleep_fn),
    )
    term.coach = "bigtwo" if ns.hints else None
    return play_session(
        term, seed=seed, save=ns.save, record=lambda: game.record().to_json(indent=1), out=out
    )


__all__ = ["Terminal", "main"]
