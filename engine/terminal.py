"""What every game's terminal front end (``python -m engine play --game
NAME``) does the same way: the shared command-line arguments, ``--option``
overrides, the computer seats, menus, the English of a player called "You",
watching at a pace with ``q`` to stop, Ctrl-C, the seed line and ``--save``.

It imports no game: each game's ``terminal`` module passes its presets,
levels and players in, and its ``Terminal`` is a :class:`Front`. All I/O goes
through the functions given to it, so a test can drive a whole game from a
script and pace a watched game with a clock of its own.
"""

from __future__ import annotations

import argparse
import os
import random
import select
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from .errors import OptionsError
from .game import OptionSpec

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]
SleepFn = Callable[[float], None]
PollFn = Callable[[float], str | None]
"""Waits up to the given seconds; returns a line the person typed meanwhile, or None."""
P = TypeVar("P")
G = TypeVar("G")
"""A game's state, in a terminal."""
B = TypeVar("B")
"""A game's computer player."""

HUMAN = 0
"""The person's seat, when they play."""

YOU = "You"
"""The person's name at the table: it takes the second person (``You pass``)."""

QUIT_WORDS = ("q", "quit", "exit")

WATCH_DELAY = 1.0
"""Seconds between computer moves when watching: about the pace of the bot's tables."""

_SUITS = str.maketrans("♣♦♥♠♧♢♡♤", "CDHSCDHS")


def says(name: str, verb: str, rest: str = "") -> str:
    """``name`` doing ``verb`` (its plain form), in the second person for
    :data:`YOU` and the third for anyone else.

    >>> says("You", "pass"), says("Bot 1", "pass", "it on"), says("Bot 2", "be", "out")
    ('You pass', 'Bot 1 passes it on', 'Bot 2 is out')
    """
    form = ("are" if verb == "be" else verb) if name == YOU else third_person(verb)
    return f"{name} {form} {rest}" if rest else f"{name} {form}"


def third_person(verb: str) -> str:
    """``gives``, ``passes``, ``is``, ``has``, ``carries``."""
    irregular = {"be": "is", "have": "has", "do": "does", "go": "goes"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if len(verb) > 1 and verb[-1] == "y" and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def obj(name: str) -> str:
    """A name where it is the object of a sentence: ``attacks you``."""
    return "you" if name == YOU else name


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``words`` where adding an s is wrong.

    >>> plural(1, "card"), plural(0, "card"), plural(3, "penalty point")
    ('1 card', '0 cards', '3 penalty points')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


def ascii_suits(text: str) -> str:
    """Typed cards with the suit symbols the screen shows read as the
    letters of the notation (``10♦`` → ``10D``), so what is seen can be typed."""
    return text.translate(_SUITS)


def seed_line(seed: int) -> str:
    return f"Seed {seed} (replay this game with --seed {seed})."


def menu_hint(size: int) -> str:
    """How to pick from a menu of ``size`` entries, numbered from 0 in every game."""
    if size == 1:
        return "type 0 to choose it"
    return f"type a number from 0 to {size - 1}"


def menu_lines(labels: Sequence[str]) -> list[str]:
    return [f"  {i:>2}) {label}" for i, label in enumerate(labels)]


def no_entry(text: str, size: int) -> str:
    """The answer to a menu number that is not there."""
    return f"There is no entry {text}: {menu_hint(size)}"


class Quit(Exception):
    """The person asked to leave (``q`` or end of input)."""


def read_line(input_fn: InputFn, prompt: str) -> str:
    """One line, stripped; end of input quits."""
    try:
        return input_fn(prompt).strip()
    except EOFError:
        raise Quit from None


def add_table_arguments(
    p: argparse.ArgumentParser,
    *,
    presets: Sequence[str],
    default_rules: str,
    levels: Sequence[str],
    seed_help: str,
) -> None:
    """``--rules``, ``--bots``, ``--level``, ``--watch``, ``--delay``, ``--seed`` and ``--save``."""
    p.add_argument("--rules", default=default_rules, choices=sorted(presets), help="preset")
    p.add_argument(
        "--bots", type=int, default=None, help="computer players (default 3; 4 with --watch)"
    )
    p.add_argument("--level", default="normal", help=f"computer level: {', '.join(levels)}")
    p.add_argument("--watch", action="store_true", help="computer players only; you watch")
    p.add_argument(
        "--delay",
        type=float,
        default=WATCH_DELAY,
        help=f"seconds between moves when watching (default {WATCH_DELAY:g}; 0: all at once); "
        "q and Enter stop",
    )
    p.add_argument("--seed", type=int, default=None, help=seed_help)
    p.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="write the game's record (JSON) to FILE when the game ends or you leave, "
        "for python -m engine replay FILE and bug reports",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="the coach ranks up to three decisions on each of your turns",
    )


def add_option_argument(
    p: argparse.ArgumentParser, example: str, schema: Sequence[OptionSpec]
) -> None:
    """``--option NAME=VALUE``, repeatable; ``example`` is one such pair. The
    help ends with every option of ``schema``, its values and what it does."""
    width = max(len(spec.name) for spec in schema)
    rules = [f"  {spec.name:<{width}}  {_values(spec)}: {spec.help}" for spec in schema]
    p.epilog = "house rules for --option NAME=VALUE:\n" + "\n".join(rules)
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"change any option of the preset, e.g. --option {example} (repeatable)",
    )


def _values(spec: OptionSpec) -> str:
    if spec.kind == "bool":
        return "on/off"
    if spec.kind == "choice":
        return "/".join(spec.choices)
    span = f"{spec.minimum}-{spec.maximum}"
    return f"{span} or none" if spec.optional else span


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """The arguments after the program name (a leading ``play`` is ignored),
    or the exit status argparse chose (``--help``, a bad argument)."""
    args = list(argv)
    if args and args[0] == "play":
        args = args[1:]
    try:
        return parser.parse_args(args)
    except SystemExit as exc:
        return int(exc.code or 0)


def start(
    parser: argparse.ArgumentParser,
    argv: Sequence[str] | None,
    levels: Sequence[str],
    out: PrintFn,
) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status when the game cannot start:
    ``--help``, a bad argument, an unknown level, a ``--save`` file that
    could not be written (checked before an hour of play)."""
    ns = parse_args(parser, sys.argv[1:] if argv is None else argv)
    if isinstance(ns, int):
        return ns
    if ns.save is not None and (problem := save_problem(ns.save)) is not None:
        out(f"Cannot start: {problem}")
        return 2
    if (problem := level_problem(ns.level, levels)) is not None:
        out(problem)
        return 2
    ns.delay = max(0.0, ns.delay)
    return ns


def level_problem(level: str, levels: Sequence[str]) -> str | None:
    if level in levels:
        return None
    return f"--level: no computer level {level!r}; choose one of {', '.join(levels)}"


def new_seed(seed: int | None) -> int:
    """``seed``, or a fresh one to print so the game can be replayed."""
    return seed if seed is not None else random.SystemRandom().randrange(1 << 31)


def option_overrides(
    items: Sequence[str], parse: Callable[[str, str], Any], example: str
) -> dict[str, Any]:
    """``--option`` items as option values, ``parse(name, value)`` reading
    each value; a malformed item raises :class:`OptionsError`."""
    overrides: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise OptionsError(name, f"--option {item!r}: write NAME=VALUE, like {example}")
        overrides[name] = parse(name, value)
    return overrides


def cannot_start(exc: OptionsError, out: PrintFn) -> int:
    """Say why the options were refused; the exit status for bad options."""
    out(f"Cannot start: {exc}")
    if exc.option == "players":
        out("(--bots sets the number of computer players; you are one more unless --watch)")
    return 2


def computer_seats(
    make_player: Callable[[str, int], P], level: str, seed: int, players: int, watch: bool
) -> tuple[dict[int, P], list[str]]:
    """The computer players by seat (every seat when watching, else all but
    the person's) and every seat's name."""
    first_bot = 0 if watch else 1
    bots = {p: make_player(level, seed * 31 + p) for p in range(first_bot, players)}
    names = [f"Bot {p} ({level})" for p in range(players)]
    if not watch:
        names[HUMAN] = YOU
    return bots, names


def default_players(bots: int | None, watch: bool) -> int:
    """Seats for ``--bots`` (3 computers by default, 4 when watching) and the person."""
    bots_n = bots if bots is not None else (4 if watch else 3)
    return bots_n if watch else bots_n + 1


def stdin_poll(sleep_fn: SleepFn) -> PollFn:
    """Wait on standard input, so ``q`` and Enter stop a watched game between
    moves; where stdin cannot be waited on (Windows, closed) just sleep."""
    closed = False

    def poll(seconds: float) -> str | None:
        nonlocal closed
        if not closed:
            try:
                ready, _, _ = select.select([sys.stdin], [], [], seconds)
            except (OSError, ValueError, TypeError):
                closed = True
            else:
                if not ready:
                    return None
                line = sys.stdin.readline()
                if line:
                    return line
                closed = True  # end of input: nothing more to wait for there
        sleep_fn(seconds)
        return None

    return poll


def make_poll(poll_fn: PollFn | None, input_fn: InputFn | None, sleep_fn: SleepFn | None) -> PollFn:
    """``poll_fn``; else, for a script (``input_fn`` or ``sleep_fn`` given),
    only ``sleep_fn``; else standard input, so ``q`` stops a watched game."""
    if poll_fn is not None:
        return poll_fn
    sleep = sleep_fn if sleep_fn is not None else time.sleep
    if input_fn is None and sleep_fn is None:
        return stdin_poll(sleep)

    def poll(seconds: float) -> str | None:
        sleep(seconds)
        return None

    return poll


def save_problem(path: str) -> str | None:
    """Why ``--save path`` could not be written."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        return f"--save {path}: that is a folder; give a file name"
    if not os.path.isdir(folder):
        return f"--save {path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (
        os.path.exists(target) and not os.access(target, os.W_OK)
    ):
        return f"--save {path}: cannot write there"
    return None


def save_record(path: str, text: str, out: PrintFn) -> int:
    """Write a record; the exit status (1 when it could not be written)."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as exc:
        out(f"Cannot save the record to {path}: {exc.strerror or exc}")
        return 1
    out(f"Record saved to {path} (python -m engine replay {path}).")
    return 0


class Front(Generic[G, B]):
    """A game at the terminal, the part every game shares: asking (``q``
    quits), watching at a pace, and leaving with ``q``, Ctrl-D or Ctrl-C.
    A game's ``Terminal`` implements :meth:`loop`."""

    title = "the game"

    def __init__(
        self,
        game: G,
        bots: dict[int, B],
        names: list[str],
        *,
        watch: bool,
        delay: float,
        input_fn: InputFn,
        print_fn: PrintFn,
        poll_fn: PollFn,
    ) -> None:
        self.game = game
        self.bots = bots
        """The computers' seats."""
        self.names = names
        self.watch = watch
        self.delay = delay
        self.input = input_fn
        self.out = print_fn
        self.poll = poll_fn

    coach: str | None = None
    """The game's name when the person asked for hints (``--hints``)."""
    _hints_given = 0

    def says(self, player: int, verb: str, rest: str = "") -> str:
        return says(self.names[player], verb, rest)

    def show_hints(self, obs: Any) -> None:
        """With ``--hints``: the coach's ranked decisions for the person's
        observation (the same hints the bot gives, :mod:`engine.coach`)."""
        if self.coach is None or self.watch:
            return
        from .coach import hint

        # a seed per hint, so asking again on a later turn is a fresh search
        self._hints_given += 1
        tips = hint(self.coach, obs, seed=self._hints_given)
        if len(tips) < 2:
            return  # nothing to choose: the menu says what happens
        self.out("Coach's hints:")
        for i, t in enumerate(tips, 1):
            self.out(f"  {i}. {t.notation}: {t.estimate}; {t.reason}")

    def ask(self, prompt: str) -> str:
        """One line of input; ``q``, ``quit``, ``exit`` or end of input quit."""
        text = read_line(self.input, prompt)
        if text.lower() in QUIT_WORDS:
            raise Quit
        return text

    def next_round(self, prompt: str) -> None:
        """Between rounds: the person presses Enter; a watched game goes on."""
        if not self.watch:
            self.ask(f"Press Enter {prompt} (q quits): ")

    def pause(self) -> None:
        """After a computer's move, once it is shown: when watching, wait
        ``delay`` seconds, stopping if the person typed ``q`` meanwhile."""
        if not self.watch or self.delay <= 0:
            return
        typed = self.poll(self.delay)
        if typed is not None and typed.strip().lower() in QUIT_WORDS:
            raise Quit

    def header(self, what: str) -> str:
        """The first line: who plays what, and how to stop."""
        if self.watch:
            return f"Watching {what}  (q and Enter, or Ctrl-C, stop)"
        return f"Playing {what}  (type q to quit)"

    def loop(self) -> None:
        raise NotImplementedError

    def run(self) -> int:
        """Play until the game ends or the person leaves; the exit status."""
        try:
            self.loop()
        except (Quit, KeyboardInterrupt):
            self.out("")
            self.out("Bye.")
        return 0


def play_session(
    term: Front[Any, Any], *, seed: int, save: str | None, record: Callable[[], str], out: PrintFn
) -> int:
    """The seed line, the game, then the record saved (also after ``q`` or
    Ctrl-C); the exit status."""
    out(seed_line(seed))
    code = term.run()
    if save is not None:
        code = save_record(save, record(), out) or code
    return code


__all__ = [
    "HUMAN",
    "WATCH_DELAY",
    "YOU",
    "Front",
    "InputFn",
    "PollFn",
    "PrintFn",
    "Quit",
    "SleepFn",
    "add_option_argument",
    "add_table_arguments",
    "ascii_suits",
    "cannot_start",
    "computer_seats",
    "default_players",
    "level_problem",
    "make_poll",
    "menu_hint",
    "menu_lines",
    "new_seed",
    "no_entry",
    "obj",
    "option_overrides",
    "parse_args",
    "play_session",
    "plural",
    "read_line",
    "save_problem",
    "save_record",
    "says",
    "seed_line",
    "start",
    "stdin_poll",
    "third_person",
]
