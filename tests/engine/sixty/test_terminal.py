"""The terminal game, driven by scripted input."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.sixty.terminal import main
from tests.engine.terminal_support import FirstEntry


class Script:
    """A pretend person: replies from a list first, then menu entry 0."""

    def __init__(self, replies: list[str] | None = None) -> None:
        self.replies: Iterator[str] = iter(replies or [])
        self.lines: list[str] = []
        self.prompts: list[str] = []

    def input(self, prompt: str) -> str:
        self.prompts.append(prompt)
        reply = next(self.replies, None)
        if reply is not None:
            return reply
        return "" if prompt.startswith("Press Enter") else "0"

    def print(self, line: str) -> None:
        self.lines.append(line)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def test_a_whole_game_against_the_computer_saved_as_a_record(tmp_path: Path) -> None:
    person = Script()
    save = tmp_path / "game.json"
    rc = main(
        ["play", "--bots", "2", "--level", "normal", "--seed", "3", "--save", str(save)],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    assert "Game over after" in person.text and "Your hand:" in person.text
    record = json.loads(save.read_text())
    assert record["game"] == "sixty" and record["options"]["players"] == 3
    assert engine_main(["replay", str(save)]) == 0


def test_menu_numbers_select_entries_only_and_bad_input_asks_again() -> None:
    person = Script(["99", "3", "attack 30x9", "q"])
    rc = main(["--players", "2", "--seed", "1"], input_fn=person.input, print_fn=person.print)
    assert rc == 0
    assert "There is no entry 99: type a number from 0 to" in person.text
    assert person.text.rstrip().endswith("Bye.")


def test_a_typed_decision_is_played_or_refused_with_the_reason() -> None:
    person = Script(["fight 30x1", "q"])
    main(["--players", "2", "--seed", "1"], input_fn=person.input, print_fn=person.print)
    assert "Not allowed: you hold no 30" in person.text


def test_watch_plays_computers_only_with_options() -> None:
    person = Script()
    rc = main(
        [
            *("--watch", "--players", "5", "--level", "easy", "--seed", "2"),
            *("--option", "rounds=1", "--delay", "0"),
        ],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0 and person.prompts == []
    assert "Round 1 penalties:" in person.text


def test_bad_options_and_levels_stop_with_a_message() -> None:
    person = Script()
    assert main(["--option", "players=9"], input_fn=person.input, print_fn=person.print) == 2
    assert main(["--level", "genius"], input_fn=person.input, print_fn=person.print) == 2
    assert "Cannot start: players" in person.text and "no computer level" in person.text


def test_python_m_engine_play_reaches_sixty(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "play",
        "--game",
        "sixty",
        "--watch",
        "--option",
        "rounds=1",
        "--seed",
        "1",
        "--delay",
        "0",
    ]
    assert engine_main(args) == 0
    assert "Round 1 penalties:" in capsys.readouterr().out


def _whole_game(seed: int, *argv: str) -> FirstEntry:
    person = FirstEntry()
    rc = main(["--seed", str(seed), *argv], input_fn=person.input, print_fn=person.print)
    assert rc == 0
    return person


def test_jokers_are_spelled_out_and_explained_where_they_can_be_played() -> None:
    jokers = 0
    for seed in range(4):
        person = _whole_game(seed)
        assert not any(re.search(r"\b(AB|HP|ZP)\b", line) for line in person.lines)
        for line in person.lines:
            if m := re.match(r"\s+\d+\) joker ([a-z-]+)(.*)$", line):
                jokers += 1
                name, explained = m.groups()
                assert name in ("abracadabra", "hocus-pocus", "zap")
                assert re.match(r": .*(goes|go|flips) ", explained), line
        hands = [line for line in person.lines if line.startswith("Your hand: ")]
        assert any(re.search("Abracadabra|Hocus-pocus|Zap", h) for h in hands)
    assert jokers > 0


def test_take_shows_the_penalty_it_costs() -> None:
    person = _whole_game(3)
    takes = 0
    attack = None
    for line in person.lines:
        if m := re.match(r"\s+attack: \d+x(\d+) = (\d+) on you ", line):
            attack = m.groups()
        elif re.match(r"\s+\d+\) take", line):
            takes += 1
            assert attack is not None
            count, points = attack
            cards = "1 card" if count == "1" else f"{count} cards"
            assert re.match(rf"\s+\d+\) take: {cards}, {points} penalty points?$", line), line
    assert takes
