"""Play President in a terminal against the computer players, or watch them.

    python -m engine play --rules classic --bots 3 --level normal
    python -m engine play --watch --bots 4 --level easy --delay 0.3 --seed 7
    python -m engine play --rules house --option twos=single_wins --rounds 2
    python -m engine play --seed 7 --save game.json   # then: python -m engine replay game.json

The quickest way to try a rule set without Discord. The person is player 0
("You"); each turn shows the table, the trick so far, the hand and the legal
choices by number. A number always picks an entry of the menu; a play is
named in notation (``KK``, ``TT``, ``X``, ``pass``), as the menu writes it
(``single 5``, ``pair of 8``) or by its cards (``5H``, ``8C 8D``), so a
``5`` is never read as a rank. ``q`` quits; a capital ``Q`` plays a single
queen when that is a choice and otherwise asks before quitting; Ctrl-D quits
too. Bad input asks again.

``--watch`` plays one computer move per second by default (``--delay``);
``q`` and Enter, or Ctrl-C, stop it. ``--save FILE`` writes the game's record
when the game ends or is left, for ``python -m engine replay`` and bug reports.

This is the engine's interactive front end, the only module besides
``__main__`` that does I/O; all of it goes through the ``input_fn``,
``print_fn``, ``sleep_fn`` and ``poll_fn`` given to :func:`main` (and the
``--save`` file), so a test can play a whole game from a script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ..cards import JOKER, Card, parse_cards
from ..errors import EngineError, NotationError, OptionsError
from ..terminal import (
    HUMAN,
    QUIT_WORDS,
    Front,
    InputFn,
    PollFn,
    PrintFn,
    Quit,
    add_option_argument,
    add_table_arguments,
    ascii_suits,
    cannot_start,
    computer_seats,
    default_players,
    make_poll,
    menu_hint,
    menu_lines,
    new_seed,
    no_entry,
    obj,
    option_overrides,
    play_session,
    plural,
    read_line,
    says,
    start,
)
from .ai import Player, levels, make_player
from .ai.knowledge import Knowledge
from .options import BOOLEANS, INTEGERS, OPTION_SCHEMA, PRESETS, Options, preset
from .plays import Decision, Give, Play
from .state import EXCHANGE, PLAY, President
from .views import Event, Observation, PublicView, RoundResult


class _NotHeld(NotationError):
    """Cards named for a play that are not in the person's hand."""


class Style:
    """ANSI colour when wanted (a TTY), plain text otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled else text

    def bold(self, text: str) -> str:
        return self._wrap("1", text)

    def dim(self, text: str) -> str:
        return self._wrap("2", text)

    def red(self, text: str) -> str:
        return self._wrap("31", text)

    def green(self, text: str) -> str:
        return self._wrap("32", text)

    def yellow(self, text: str) -> str:
        return self._wrap("33", text)

    def card(self, c: Card) -> str:
        text = c.pretty()
        if c.rank == JOKER:
            return self.yellow(text)
        return self.red(text) if c.suit in (1, 2) else text


def _parse_value(name: str, text: str) -> Any:
    """An option value from the command line: on/off, numbers, or words."""
    if name in BOOLEANS:
        low = text.lower()
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        raise OptionsError(name, f"{name}: say on or off, not {text!r}")
    if name in INTEGERS:
        if name == "rounds" and text.lower() in ("none", ""):
            return None
        try:
            return int(text)
        except ValueError:
            raise OptionsError(name, f"{name}: must be a whole number, not {text!r}") from None
    return text


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine play --game president",
        description="Play President in the terminal against computer players, or watch them.",
    )
    add_table_arguments(
        p,
        presets=list(PRESETS),
        default_rules="classic",
        levels=levels(),
        seed_help="seed for the deal and the players",
    )
    p.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    add_option_argument(p, "jokers=2", OPTION_SCHEMA)
    colour = p.add_mutually_exclusive_group()
    colour.add_argument("--color", dest="color", action="store_true", default=None)
    colour.add_argument("--no-color", dest="color", action="store_false")
    return p


class Terminal(Front[President, Player]):
    """One game at the terminal: rendering, prompts and the game loop."""

    def __init__(
        self,
        game: President,
        bots: dict[int, Player],
        names: list[str],
        *,
        watch: bool,
        delay: float,
        input_fn: InputFn,
        print_fn: PrintFn,
        poll_fn: PollFn,
        style: Style,
    ) -> None:
        super().__init__(
            game,
            bots,
            names,
            watch=watch,
            delay=delay,
            input_fn=input_fn,
            print_fn=print_fn,
            poll_fn=poll_fn,
        )
        self.s = style
        self.shown = 0

    # -- text ---------------------------------------------------------------

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return " ".join(self.s.card(c) for c in cards) if cards else "(none)"

    def play_text(self, play: Play) -> str:
        return self.s.bold(play.pretty()) if not play.is_pass else self.s.dim("pass")

    def order_text(self, pub: PublicView) -> str:
        k = Knowledge(Observation(HUMAN, pub, (), ()))
        names = {12: "2", 11: "A", 10: "K", 9: "Q", 8: "J", 7: "10"}
        ranks = [names.get(r, str(r + 3)) for r in k.order]
        if pub.options.jokers:
            ranks.append("Joker")
        text = " < ".join(ranks)
        return text + (self.s.red("  (revolution!)") if pub.revolution else "")

    def event_text(self, e: Event) -> str | None:
        p = e.player
        if e.kind == "play" and e.play is not None:
            return f"{self.names[p]}: {self.play_text(e.play)}"
        if e.kind == "pass":
            return self.s.dim(f"{self.names[p]}: pass")
        if e.kind == "skip":
            return self.s.dim(self.says(p, "be", "skipped."))
        if e.kind == "revolution":
            return self.s.red(
                f"Revolution by {self.names[p]}! The order of ranks is reversed: "
                + self.order_text(self.game.public_view())
            )
        if e.kind == "trick":
            return self.s.green(self.says(p, "win", "the trick."))
        if e.kind == "finish":
            pos = (e.position or 0) + 1
            return self.s.yellow(self.says(p, "be", f"out: place {pos}."))
        if e.kind == "abandoned":
            return self.s.dim("The round ends in mid-trick.")
        if e.kind == "lead":
            return self.says(p, "lead") + "."
        return None

    def flush_events(self) -> None:
        history = self.game.history
        for e in history[self.shown :]:
            line = self.event_text(e)
            if line is not None:
                self.out(line)
        self.shown = len(history)

    def show_table(self, obs: Observation, asked: str | None = None) -> None:
        """The table; ``asked`` replaces the trick line when the person is
        asked something other than a play (a give-back)."""
        pub = obs.public
        self.out("")
        self.out(
            self.s.bold(f"── Round {pub.round_number} ──") + "  order: " + self.order_text(pub)
        )
        for seat in pub.seats:
            marker = "▶" if seat.to_act else " "
            title = f" {seat.title}" if seat.title else ""
            state = ""
            if seat.position is not None:
                state = self.s.yellow(f"out #{seat.position + 1}")
            elif seat.passed:
                state = self.s.dim("passed")
            line = (
                f" {marker} {self.names[seat.player]:<16} {plural(seat.cards, 'card'):>8}  "
                f"score {seat.score:<4}{title}  {state}"
            )
            self.out(line.rstrip())
        if asked is not None:
            self.out(asked)
            return
        trick = pub.trick
        if trick.plays:
            played = ", ".join(f"{self.names[p]} {self.play_text(play)}" for p, play in trick.plays)
            self.out(f"This trick: {played}")
        if trick.top is not None:
            size = f" (a trick of {trick.size})" if trick.size != trick.top.count else ""
            self.out(f"To beat: {self.play_text(trick.top)}{size}")
        else:
            self.out("You lead: play any set." if pub.turn == obs.player else "New trick.")

    # -- the person's decisions --------------------------------------------

    def _line(self, prompt: str) -> str:
        return read_line(self.input, prompt)

    def ask(self, prompt: str, *, keep: str = "") -> str:
        """One line of input; ``q``, ``quit``, ``exit`` or end of input quit.
        ``keep`` is an answer that is not a quit even though it looks like one
        (a capital ``Q`` when a single queen can be played). Any other capital
        ``Q`` may have meant a queen, so it asks before quitting."""
        while True:
            text = self._line(prompt)
            if text == keep or text.lower() not in QUIT_WORDS:
                return text
            if text != "Q":
                raise Quit
            if self._line("Quit? y/n ").lower() in ("y", "yes"):
                raise Quit

    def _named_play(self, text: str, choices: list[Decision], hand: tuple[Card, ...]) -> Play:
        """A play named by the person: notation, the menu's words or cards.
        Raises :class:`NotationError` when the text names no play."""
        low = " ".join(text.lower().split())
        for d in choices:
            if isinstance(d, Play) and d.pretty().lower() == low:
                return d
        try:
            return Play.parse(text)
        except NotationError:
            pass
        cards = parse_cards(ascii_suits(text).replace(",", " "))  # raises NotationError
        if not cards or len({c.rank for c in cards}) != 1:
            raise NotationError(f"{text!r}: a play is cards of one rank")
        for c in set(cards):
            if hand.count(c) < cards.count(c):
                raise _NotHeld(f"You do not hold {c.pretty()}.")
        return Play(cards[0].rank, len(cards))

    def human_play(self, obs: Observation) -> Decision:
        self.show_table(obs)
        self.out(f"Your hand: {self.cards(obs.hand)}")
        choices = list(obs.legal)
        if len(choices) == 1 and isinstance(choices[0], Play) and choices[0].is_pass:
            self.out(self.s.dim("Nothing in your hand beats it: you pass."))
            return choices[0]
        labels = [self.play_text(d) if isinstance(d, Play) else str(d) for d in choices]
        for line in menu_lines(labels):
            self.out(line)
        hint = menu_hint(len(choices))
        self.show_hints(obs)
        while True:
            # a capital Q is the single queen when it can be played
            queen = "Q" if Play.parse("Q") in choices else ""
            text = self.ask("Your choice (a number, a play like KK or 8C 8D, or q): ", keep=queen)
            if not text:
                continue
            if text.isdigit():
                # a number is a menu entry, never a rank: "5" must not mean
                # a single 5 in a short menu and entry 5 in a long one
                if int(text) < len(choices):
                    return choices[int(text)]
                self.out(
                    no_entry(text, len(choices))
                    + ", or name the play (single 5, pair of 8, 8C 8D)."
                )
                continue
            try:
                play = self._named_play(text, choices, obs.hand)
            except _NotHeld as exc:
                self.out(str(exc))
                continue
            except NotationError:
                self.out(f"Please {hint}, name a play like KK or 8C 8D, or q to quit.")
                continue
            if play in choices:
                return play
            self.out(self.refusal(play, obs))

    def refusal(self, play: Play, obs: Observation) -> str:
        """Why a play the person named cannot be played: not held, or the
        rules' reason (``single 3 does not beat the single 9``)."""
        held = sum(1 for c in obs.hand if c.rank == play.rank)
        if held < play.count:
            return f"You cannot play {play.pretty()}: you hold {plural(held, 'card')} of that rank."
        try:
            self.game.copy().apply(play, obs.player)
        except EngineError as exc:
            return f"Not allowed: {exc}."
        return f"{play.pretty()} is not one of the choices; pick a number from the list."

    def human_give(self, obs: Observation, count: int, receiver: int) -> Give:
        self.show_table(
            obs, f"Exchange: you give back {plural(count, 'card')} to {self.names[receiver]}."
        )
        got = [e for e in obs.exchange if e.receiver == obs.player and e.cards]
        for e in got:
            self.out(f"You received {self.cards(e.cards or ())} from {self.names[e.giver]}.")
        hand = list(obs.hand)
        self.out("Your hand:")
        self.out("  " + "  ".join(f"{i}) {self.s.card(c)}" for i, c in enumerate(hand)))
        while True:
            text = self.ask(
                f"Cards to give ({plural(count, 'number')}, or cards like 3C 4D; q quits): "
            )
            chosen: list[Card] | None = None
            parts = text.replace(",", " ").split()
            if parts and all(x.isdigit() for x in parts):
                idx = [int(x) for x in parts]
                if len(set(idx)) == len(idx) and all(i < len(hand) for i in idx):
                    chosen = [hand[i] for i in idx]
            else:
                try:
                    chosen = list(parse_cards([ascii_suits(x) for x in parts]))
                except NotationError:
                    chosen = None
            if chosen is None or len(chosen) != count:
                self.out(f"Please give exactly {plural(count, 'different card')} from your hand.")
                continue
            give = Give(chosen)
            try:
                probe = self.game.copy()
                probe.apply(give, obs.player)
            except EngineError as exc:
                self.out(f"{exc}. Try again.")
                continue
            return give

    # -- the loop ---------------------------------------------------------

    def show_round_result(self, r: RoundResult) -> None:
        self.out("")
        self.out(self.s.bold(f"Round {r.round_number} results"))
        for pos, p in enumerate(r.order):
            self.out(
                f"  {pos + 1}. {self.names[p]:<16} {r.titles[p]:<15} "
                f"{r.points[p]:+d} point{'' if abs(r.points[p]) == 1 else 's'}, total {r.totals[p]}"
            )

    def show_exchange(self) -> None:
        for e in self.game.exchange_events:
            if self.watch or HUMAN in (e.giver, e.receiver):
                what = self.cards(e.cards or ())
            else:
                what = plural(e.count, "card")
            verb = {"tribute": "give", "return": "give back", "swap": "swap"}.get(e.kind, e.kind)
            verb, _, back = verb.partition(" ")
            rest = f"{back} {what}".lstrip()
            self.out(says(self.names[e.giver], verb, f"{rest} to {obj(self.names[e.receiver])}."))

    def loop(self) -> None:
        g = self.game
        o = g.options
        self.out(self.s.bold(self.header(f"President: {o.preset} rules, {g.n} players")))
        self.out("Order of ranks: " + self.order_text(g.public_view()))
        while True:
            if g.phase not in (PLAY, EXCHANGE):
                self.flush_events()
                self.show_round_result(g.results[-1])
                if g.is_over:
                    self.show_outcome()
                    return
                self.next_round(f"for round {g.round_number + 1}")
                g.start_round()
                self.shown = 0
                self.out("")
                self.out(self.s.bold(f"Round {g.round_number} is dealt."))
                self.show_exchange()
                continue
            p = g.current_player
            assert p is not None
            obs = g.observation(p)
            if p in self.bots:
                decision = self.bots[p].decide(obs)
                if isinstance(decision, Give):
                    receiver = g.pending[0][1]
                    # the receiver sees what they get; others only how many
                    shown = (
                        self.cards(decision.cards)
                        if self.watch or receiver == HUMAN
                        else plural(len(decision.cards), "card")
                    )
                    self.out(f"{self.names[p]} gives back {shown} to {obj(self.names[receiver])}.")
                g.apply(decision, p)
                self.flush_events()
                self.pause()
            elif g.phase == EXCHANGE:
                _, receiver, count = g.pending[0]
                decision = self.human_give(obs, count, receiver)
                g.apply(decision, p)
                self.out(f"You give back {self.cards(decision.cards)}.")
            else:
                g.apply(self.human_play(obs), p)
            self.flush_events()

    def show_outcome(self) -> None:
        out = self.game.outcome()
        if out is None:
            return
        self.out("")
        winners = ", ".join(self.names[p] for p in out.winners)
        won = "Winner" if len(out.winners) == 1 else "Winners"
        self.out(self.s.bold(f"Game over after {plural(out.rounds, 'round')}. {won}: {winners}"))
        for rank, p in enumerate(out.standings):
            self.out(f"  {rank + 1}. {self.names[p]:<16} {out.totals[p]}")


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn | None = None,
    print_fn: PrintFn | None = None,
    sleep_fn: Callable[[float], None] | None = None,
    poll_fn: PollFn | None = None,
    color: bool | None = None,
) -> int:
    """Run ``python -m engine play`` with ``argv`` (without the program
    name; a leading ``play`` is ignored). Returns the exit status: 0 after a
    game or a clean quit, 2 for bad arguments or options, 1 when the record
    cannot be saved.

    ``poll_fn`` waits between watched moves and returns what the person typed
    meanwhile; by default it waits on standard input, unless ``input_fn`` or
    ``sleep_fn`` is given (a script), when it only sleeps."""
    out: PrintFn = print_fn if print_fn is not None else print
    ns = start(build_parser(), argv, levels(), out)
    if isinstance(ns, int):
        return ns
    players = default_players(ns.bots, ns.watch)
    seed = new_seed(ns.seed)
    try:
        overrides = option_overrides(ns.option, lambda n, v: _parse_value(n, v.strip()), "jokers=2")
        if ns.rounds is not None:
            overrides["rounds"] = ns.rounds
        overrides["players"] = players
        options: Options = preset(ns.rules, **overrides)
    except OptionsError as exc:
        return cannot_start(exc, out)
    game = President.new_game(options, seed=seed)
    bots: dict[int, Player]
    bots, names = computer_seats(make_player, ns.level, seed, players, ns.watch)
    if color is None:
        color = ns.color if ns.color is not None else (print_fn is None and sys.stdout.isatty())
    term = Terminal(
        game,
        bots,
        names,
        watch=ns.watch,
        delay=ns.delay,
        input_fn=input_fn if input_fn is not None else input,
        print_fn=out,
        poll_fn=make_poll(poll_fn, input_fn, sleep_fn),
        style=Style(bool(color)),
    )
    term.coach = "president" if ns.hints else None
    return play_session(
        term, seed=seed, save=ns.save, record=lambda: game.record().to_json(indent=1), out=out
    )


__all__ = ["Terminal", "main"]
