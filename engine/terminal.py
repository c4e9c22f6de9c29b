"""What every game's terminal front end (``python -m engine play --game
NAME``) does the same way: the shared command-line arguments, ``--option``
overrides, the computer seats, and reading a line that may quit.

It imports no game: each game's ``terminal`` module passes its presets,
levels and players in. All I/O goes through the functions given to it, so a
test can drive a whole game from a script.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import OptionsError

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]
P = TypeVar("P")

HUMAN = 0
"""The person's seat, when they play."""

QUIT_WORDS = ("q", "quit", "exit")


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
    delay: float,
    delay_help: str,
    seed_help: str,
) -> None:
    """``--rules``, ``--bots``, ``--level``, ``--watch``, ``--delay`` and ``--seed``."""
    p.add_argument("--rules", default=default_rules, choices=sorted(presets), help="preset")
    p.add_argument(
        "--bots", type=int, default=None, help="computer players (default 3; 4 with --watch)"
    )
    p.add_argument("--level", default="normal", help=f"computer level: {', '.join(levels)}")
    p.add_argument("--watch", action="store_true", help="computer players only; you watch")
    p.add_argument("--delay", type=float, default=delay, help=delay_help)
    p.add_argument("--seed", type=int, default=None, help=seed_help)


def add_option_argument(p: argparse.ArgumentParser, example: str) -> None:
    """``--option NAME=VALUE``, repeatable; ``example`` is one such pair."""
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"change any option of the preset, e.g. --option {example} (repeatable)",
    )


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
        names[HUMAN] = "You"
    return bots, names


def default_players(bots: int | None, watch: bool) -> int:
    """Seats for ``--bots`` (3 computers by default, 4 when watching) and the person."""
    bots_n = bots if bots is not None else (4 if watch else 3)
    return bots_n if watch else bots_n + 1


__all__ = [
    "HUMAN",
    "InputFn",
    "PrintFn",
    "Quit",
    "add_option_argument",
    "add_table_arguments",
    "cannot_start",
    "computer_seats",
    "default_players",
    "level_problem",
    "new_seed",
    "option_overrides",
    "parse_args",
    "read_line",
]
