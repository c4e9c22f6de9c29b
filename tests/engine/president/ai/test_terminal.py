"""The terminal front end, driven by scripted input."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

import pytest

from engine.president import Play
from engine.president.terminal import main


class Script:
    """A pretend person: answers prompts from a list of replies first, then
    with a simple rule (its lowest play, never passing when it can play; the
    first cards to give back)."""

    def __init__(self, replies: list[str] | None = None) -> None:
        self.replies: Iterator[str] = iter(replies or [])
        self.lines: list[str] = []
        self.prompts: list[str] = []
        self.choices = 0

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.lines.append(prompt)
        reply = next(self.replies, None)
        if reply is not None:
            return reply
        if prompt.startswith("Cards to give"):
            m = re.search(r"\((\d+) numbers", prompt)
            assert m is not None
            return " ".join(str(i) for i in range(int(m.group(1))))
        if prompt.startswith("Press Enter"):
            return ""
        return "1" if self.choices > 1 else "0"

    def print(self, line: str) -> None:
        plain = re.sub(r"\x1b\[[0-9;]*m", "", line)
        if plain.startswith("── Round"):
            self.choices = 0
        elif re.match(r"\s+\d+\) ", plain):
            self.choices += 1
        self.lines.append(line)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def test_a_whole_game_against_the_computer() -> None:
    person = Script()
    rc = main(
        ["play", "--rules", "house", "--bots", "3", "--level", "normal", "--seed", "0"],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    text = person.text
    assert "Game over after" in text
    assert "Your hand:" in text and "Round 2 results" in text
    assert any(p.startswith("Cards to give") for p in person.prompts)  # the exchange
    assert "\x1b[" not in text  # no colour unless asked for


def test_bad_input_asks_again_then_quit() -> None:
    person = Script(["hello", "42", "KKKK", "q"])
    rc = main(["--seed", "1", "--rounds", "1"], input_fn=person.input, print_fn=person.print)
    assert rc == 0
    assert person.text.count("Your choice") == 4
    assert "Please type a number" in person.text
    assert "is not one of the choices" in person.text
    assert person.lines[-1] == "Bye."


def test_end_of_input_quits_cleanly() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    assert main(["--seed", "2"], input_fn=eof, print_fn=out.append) == 0
    assert out[-1] == "Bye."


class NotationScript(Script):
    """Answers in notation: plays like ``KK`` and give-backs like ``3C 4D``."""

    NAMES: ClassVar[dict[str, str]] = {
        Play(r, c).pretty(): str(Play(r, c)) for r in range(14) for c in range(9)
    }

    def __init__(self) -> None:
        super().__init__()
        self.options: list[str] = []
        self.hand: list[str] = []

    def print(self, line: str) -> None:
        super().print(line)
        plain = re.sub(r"\x1b\[[0-9;]*m", "", line)
        if plain.startswith("── Round"):
            self.options = []
        elif len(re.findall(r"\d+\) ", plain)) > 1:  # the numbered hand of a give-back
            self.hand = re.findall(r"\d+\) (\S+)", plain)
        elif m := re.match(r"\s+\d+\) (.*)$", plain):
            self.options.append(m.group(1).strip())

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if prompt.startswith("Cards to give"):
            m = re.search(r"\((\d+) numbers", prompt)
            assert m is not None
            cards = self.hand[: int(m.group(1))]
            return " ".join(c.replace("10", "T")[:-1] + "CDHS"["♣♦♥♠".index(c[-1])] for c in cards)
        if prompt.startswith("Press Enter"):
            return ""
        # its lowest play (never passing when it can play), by name
        return self.NAMES[self.options[1 if len(self.options) > 1 else 0]]


def test_playing_by_notation_and_giving_cards_by_name() -> None:
    person = NotationScript()
    rc = main(
        ["--rules", "house", "--seed", "0", "--color"],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    assert "\x1b[" in person.text  # colour on request
    assert "♣" in person.text or "♠" in person.text
    assert "Please" not in person.text and "not one of" not in person.text
    assert any(p.startswith("Cards to give") for p in person.prompts)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", person.text)
    assert "You give back" in plain and "Game over" in plain
    assert "You: single Q" in plain  # a capital Q plays the queen, it does not quit


def test_watch_computer_players() -> None:
    out: list[str] = []
    naps: list[float] = []

    def no_input(prompt: str) -> str:
        raise AssertionError("watching asks nothing")

    rc = main(
        [
            *("play", "--watch", "--bots", "5", "--level", "easy", "--seed", "3"),
            *("--rounds", "2", "--delay", "0.01", "--rules", "revolution"),
        ],
        input_fn=no_input,
        print_fn=out.append,
        sleep_fn=naps.append,
    )
    assert rc == 0
    text = "\n".join(out)
    assert "Round 2 results" in text and "Game over after 2 round(s)" in text
    assert naps and all(n == 0.01 for n in naps)
    assert "You" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "9"], "players"),
        (["--watch", "--bots", "2"], "players"),
        (["--level", "grandmaster"], "no computer level"),
        (["--option", "jokers"], "NAME=VALUE"),
        (["--option", "revolution=maybe"], "on or off"),
    ],
)
def test_bad_arguments_are_refused(argv: list[str], message: str) -> None:
    out: list[str] = []
    assert main(argv, input_fn=lambda p: "q", print_fn=out.append) == 2
    assert message in "\n".join(out)


def test_options_can_be_changed() -> None:
    out: list[str] = []
    rc = main(
        [
            *("--watch", "--seed", "5", "--rounds", "1", "--option", "rank_order=aces_high"),
            *("--option", "jokers=2", "--option", "skip_on_equal=on"),
        ],
        input_fn=lambda p: "",
        print_fn=out.append,
    )
    assert rc == 0
    assert "Order of ranks: 2 < 3 < 4" in "\n".join(out)
