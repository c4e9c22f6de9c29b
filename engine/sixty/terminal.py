"""Play Sixty in a terminal against the computer players, or watch them.

    python -m engine play --game sixty --bots 3 --level normal
    python -m engine play --game sixty --watch --players 4 --level hard --seed 7
    python -m engine play --game sixty --option voluntary_take=off --save game.json

The person is player 0 ("You"). Each turn shows the table (hand sizes,
penalty piles, the deck, the discard pile, the attack in flight), the
hand and the legal choices, numbered from 0; a joker's entry says what it
would do and ``take`` what it would cost. Type a menu number (numbers only
ever select menu entries), a decision in notation (``attack 4x2``,
``pass 4x1``, ``fight 10x1``, ``joker zap``, ``take``) or ``q`` to quit;
Ctrl-D and Ctrl-C quit too. Bad input asks again.

``--watch`` plays one computer move per second by default (``--delay``);
``q`` and Enter, or Ctrl-C, stop it. ``--save FILE`` writes the game's record
when the game ends or is left. All I/O goes through the ``input_fn``,
``print_fn``, ``sleep_fn`` and ``poll_fn`` given to :func:`main`, so a test
can play a whole game from a script.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from ..errors import EngineError, OptionsError
from ..game import OptionSpec
from ..terminal import (
    HUMAN,
    Front,
    InputFn,
    PollFn,
    PrintFn,
    add_option_argument,
    add_table_arguments,
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
    says,
    start,
)
from .ai import Player, levels, make_player
from .cards import ABRACADABRA, HOCUS_POCUS, JOKER, TAKE, ZAP, Card, Decision, parse_decision
from .options import OPTION_SCHEMA, PRESETS, preset
from .state import GAME_OVER, ROUND_OVER, Sixty
from .views import Event, Observation, PublicView

JOKERS_EXPLAINED = (
    "Jokers: Abracadabra sends the attack back and flips the direction;",
    "Hocus-pocus adds a card of the attack's number from the discard pile and passes it on;",
    "Zap keeps half the attack as its player's penalty cards and passes the rest on.",
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m engine play --game sixty",
        description="Play Sixty in the terminal against computer players, or watch them.",
    )
    add_table_arguments(
        p,
        presets=list(PRESETS),
        default_rules="standard",
        levels=levels(),
        seed_help="seed for the deals and the players",
    )
    p.add_argument("--players", type=int, help="players in all (instead of --bots)")
    add_option_argument(p, "tiebreak=shared", OPTION_SCHEMA)
    return p


def _option(name: str) -> OptionSpec:
    for spec in OPTION_SCHEMA:
        if spec.name == name:
            return spec
    raise OptionsError(name, f"{name}: Sixty has no such option")


def card_text(card: int) -> str:
    """A card as the screen writes it: its number, or a joker's name."""
    return Card(card).name_for_people


def _table(view: PublicView, names: Sequence[str]) -> list[str]:
    arrow = "clockwise" if view.direction > 0 else "counter-clockwise"
    lines = [
        f"Round {view.round_number}{' (tie-break)' if view.tiebreak_round else ''} · "
        f"{arrow} · deck {view.deck_count}"
    ]
    for p, name in enumerate(names):
        mark = "→" if view.turn == p else " "
        lines.append(
            f" {mark} {name:<18} {plural(view.hand_sizes[p], 'card'):>8}  "
            f"penalty pile {view.penalty_counts[p]}  total {view.totals[p]}"
        )
    pile = " ".join(f"{card_text(c)}x{k}" for c, k in view.discard_cards())
    lines.append(f"   discard: {pile or '-'}")
    if view.attack is not None:
        a = view.attack
        lines.append(
            f"   attack: {a.card}x{a.count} = {a.sum} on {obj(names[a.defender])} "
            f"(from {obj(names[a.last])})"
        )
    return lines


def _describe(event: Event, names: Sequence[str]) -> str | None:
    who = names[event.player] if event.player is not None else ""
    k = event.kind
    tgt = obj(names[event.target]) if event.target is not None and event.target >= 0 else "-"
    if k == "attack":
        return says(who, "attack", f"{tgt} with {event.card}x{event.count} ({event.total})")
    if k == "pass_on":
        return says(who, "pass", f"it on with {event.card}x{event.count} to {tgt} ({event.total})")
    if k == "joker":
        name = card_text(event.card)
        return says(who, "play", f"{name}: the attack ({event.total}) goes to {tgt}")
    if k == "fight":
        return says(who, "fight", f"back with {event.card}x{event.count} ({event.total})")
    if k == "take":
        cost = plural(event.total, "penalty point")
        return says(who, "take", f"{plural(event.count, 'card')}: {cost}")
    if k == "skip":
        return says(who, "miss", "the attack: only jokers in hand")
    if k == "direction":
        return "the direction is now " + ("clockwise" if event.total > 0 else "counter-clockwise")
    if k == "out":
        return says(who, "be", "out of cards")
    return None


class Terminal(Front[Sixty, Player]):
    """One game at the terminal: rendering, prompts and the game loop."""

    def label(self, d: Decision, obs: Observation) -> str:
        """A menu entry: the decision's notation, and for a joker what it
        would do, for a take what it would cost."""
        attack = obs.public.attack
        if d.kind == TAKE and attack is not None:
            cost = plural(attack.sum, "penalty point")
            return f"take: {plural(attack.count, 'card')}, {cost}"
        if d.kind != JOKER or attack is None:
            return str(d)
        played = [e for e in self.game.copy().apply(d, obs.player) if e.kind == "joker"]
        if not played:
            return str(d)
        e = played[0]
        to = obj(self.names[e.target]) if e.target is not None else "-"
        if d.card == ABRACADABRA:
            what = f"the attack ({e.total}) goes back to {to} and the direction flips"
        elif d.card == HOCUS_POCUS:
            what = f"a {attack.card} from the discard pile joins the attack, which goes on to {to}"
            what += f" ({e.total})"
        elif d.card == ZAP and e.count:
            kept = f"{plural(e.count, 'card')} {'goes' if e.count == 1 else 'go'}"
            what = f"{kept} to your penalty pile, the rest ({e.total}) goes on to {to}"
        else:
            what = f"the attack ({e.total}) goes on to {to}"
        return f"{d}: {what}"

    def human_turn(self) -> Decision:
        g = self.game
        obs = g.observation(HUMAN)
        self.out("")
        for line in _table(obs.public, self.names):
            self.out(line)
        self.out("Your hand: " + " ".join(card_text(c) for c in obs.hand))
        legal = list(obs.legal)
        for line in menu_lines([self.label(d, obs) for d in legal]):
            self.out(line)
        self.show_hints(obs)
        while True:
            text = self.ask("Your choice (a number, a decision like attack 4x2, or q): ")
            if text.isdigit():
                if int(text) < len(legal):
                    return legal[int(text)]
                self.out(no_entry(text, len(legal)) + ", or type a decision (take, fight 10x1).")
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
                self.out(f"Not allowed: {exc}")

    def loop(self) -> None:
        g = self.game
        self.out(self.header(f"Sixty: {g.options.preset} rules, {g.n} players"))
        for line in JOKERS_EXPLAINED:
            self.out(line)
        self.out(f"── Round {g.round_number} ──")
        while True:
            if g.phase == GAME_OVER:
                self.results()
                o = g.outcome()
                assert o is not None
                winners = ", ".join(self.names[p] for p in o.winners)
                won = "Winner" if len(o.winners) == 1 else "Winners"
                self.out(f"Game over after {plural(o.rounds, 'round')}. {won}: {winners}")
                self.out(
                    "Totals: " + ", ".join(f"{self.names[p]} {o.totals[p]}" for p in range(g.n))
                )
                return
            if g.phase == ROUND_OVER:
                self.results()
                self.next_round(f"for round {g.round_number + 1}")
                g.start_round()
                self.out(f"── Round {g.round_number} ──")
                continue
            p = g.current_player
            assert p is not None
            bot = p in self.bots
            d = self.bots[p].decide(g.observation(p)) if bot else self.human_turn()
            for e in g.apply(d, p):
                said = _describe(e, self.names)
                if said is not None:
                    self.out(said)
            if bot:
                self.pause()

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
    poll_fn: PollFn | None = None,
) -> int:
    """Run ``python -m engine play --game sixty`` with ``argv``. Returns the
    exit status: 0 after a game or a clean quit, 2 for bad arguments, 1 when
    the record cannot be saved. ``poll_fn`` waits between watched moves (see
    :func:`engine.terminal.make_poll`)."""
    out: PrintFn = print_fn if print_fn is not None else print
    ns = start(build_parser(), argv, levels(), out)
    if isinstance(ns, int):
        return ns
    players = ns.players if ns.players is not None else default_players(ns.bots, ns.watch)
    seed = new_seed(ns.seed)
    try:
        overrides = option_overrides(ns.option, lambda n, v: _option(n).parse(v), "tiebreak=shared")
        overrides["players"] = players
        options = preset(ns.rules, **overrides)
    except OptionsError as exc:
        return cannot_start(exc, out)
    game = Sixty.new_game(options, seed)
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
    term.coach = "sixty" if ns.hints else None
    return play_session(
        term, seed=seed, save=ns.save, record=lambda: game.record().to_json(indent=1), out=out
    )


__all__ = ["Terminal", "main"]
