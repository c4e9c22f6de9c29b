"""What the tests of every game's terminal front end share: a scripted
person at the keyboard, and running a watched game that must ask nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

InputFn = Callable[[str], str]
Main = Callable[..., int]
"""A game's ``engine.<game>.terminal.main``."""


class Person:
    """A pretend person: answers prompts from a list of replies first, then
    presses Enter between rounds and otherwise gives :meth:`answer`. Lines
    printed go to :meth:`see` (to read menus) and are kept in ``lines``."""

    echo_prompts = False
    """Keep the prompts among the lines too, where a test reads them in order."""

    def __init__(self, replies: list[str] | None = None) -> None:
        self.replies: Iterator[str] = iter(replies or [])
        self.lines: list[str] = []
        self.prompts: list[str] = []

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.echo_prompts:
            self.lines.append(prompt)
        reply = next(self.replies, None)
        if reply is not None:
            return reply
        if prompt.startswith("Press Enter"):
            return ""
        return self.answer(prompt)

    def answer(self, prompt: str) -> str:
        raise NotImplementedError

    def print(self, line: str) -> None:
        self.see(line)
        self.lines.append(line)

    def see(self, line: str) -> None:
        """Read a printed line (before it is kept)."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def watch(main: Main, argv: list[str], **kwargs: Any) -> tuple[int, str, list[float]]:
    """Run a watched game: its exit status, what it printed and the pauses
    it asked for. Watching asks nothing: any prompt fails the test."""
    out: list[str] = []
    naps: list[float] = []

    def no_input(prompt: str) -> str:
        raise AssertionError("watching asks nothing")

    rc = main(argv, input_fn=no_input, print_fn=out.append, sleep_fn=naps.append, **kwargs)
    return rc, "\n".join(out), naps


def at_end_of_input(main: Main, argv: list[str]) -> tuple[int, list[str]]:
    """Run with input that ends at once (Ctrl-D): the exit status and what was printed."""

    def eof(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    return main(argv, input_fn=eof, print_fn=out.append), out


class FirstEntry(Person):
    """A person who always picks entry 0 of a menu, gives back the first cards
    asked for, and leaves (``q``) if a game asks more than ``patience`` times:
    enough to play any game through to its end."""

    def __init__(self, replies: list[str] | None = None, patience: int = 5000) -> None:
        super().__init__(replies)
        self.patience = patience

    def answer(self, prompt: str) -> str:
        if len(self.prompts) > self.patience:
            return "q"
        if m := re.search(r"\((\d+) numbers?", prompt):
            return " ".join(str(i) for i in range(int(m.group(1))))
        return "0"


def interrupted_after(prompts: int) -> tuple[InputFn, list[str]]:
    """An input function that answers ``0`` (Enter between rounds) and then
    has Ctrl-C pressed at prompt number ``prompts``; and the prompts asked."""
    asked: list[str] = []

    def reply(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) >= prompts:
            raise KeyboardInterrupt
        if m := re.search(r"\((\d+) numbers?", prompt):
            return " ".join(str(i) for i in range(int(m.group(1))))
        return "" if prompt.startswith("Press Enter") else "0"

    return reply, asked
