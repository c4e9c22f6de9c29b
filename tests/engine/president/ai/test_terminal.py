"""The terminal front end, driven by scripted input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from engine.president import Play, President, preset
from engine.president.terminal import Quit, Style, Terminal, main
from tests.engine.terminal_support import Person, at_end_of_input, watch


class Script(Person):
    """A pretend person: answers prompts from a list of replies first, then
    with a simple rule (its lowest play, never passing when it can play; the
    first cards to give back)."""

    echo_prompts = True

    def __init__(self, replies: list[str] | None = None) -> None:
        super().__init__(replies)
        self.choices = 0

    def answer(self, prompt: str) -> str:
        if prompt.startswith("Cards to give"):
            m = re.search(r"\((\d+) numbers?", prompt)
            assert m is not None
            return " ".join(str(i) for i in range(int(m.group(1))))
        return "1" if self.choices > 1 else "0"

    def see(self, line: str) -> None:
        plain = re.sub(r"\x1b\[[0-9;]*m", "", line)
        if plain.startswith("── Round"):
            self.choices = 0
        elif re.match(r"\s+\d+\) ", plain):
            self.choices += 1


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
    assert "You cannot play four Ks: you hold 0 cards of that rank." in person.text
    assert person.lines[-1] == "Bye."


def test_end_of_input_quits_cleanly() -> None:
    rc, out = at_end_of_input(main, ["--seed", "2"])
    assert rc == 0
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
            m = re.search(r"\((\d+) numbers?", prompt)
            assert m is not None
            cards = self.hand[: int(m.group(1))]
            return " ".join(c.replace("10", "T")[:-1] + "CDHS"["♣♦♥♠".index(c[-1])] for c in cards)
        if prompt.startswith("Press Enter"):
            return ""
        # its lowest play (never passing when it can play), by name: in
        # notation (KK) unless that is a number (55), which picks a menu entry,
        # and otherwise as the menu writes it (pair of 5)
        label = self.options[1 if len(self.options) > 1 else 0]
        notation = self.NAMES[label]
        return label if notation.isdigit() else notation


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
    assert any(p.startswith("Your choice") for p in person.prompts)


def test_watch_computer_players() -> None:
    rc, text, naps = watch(
        main,
        [
            *("play", "--watch", "--bots", "5", "--level", "easy", "--seed", "3"),
            *("--rounds", "2", "--delay", "0.01", "--rules", "revolution"),
        ],
    )
    assert rc == 0
    assert "Round 2 results" in text and "Game over after 2 rounds" in text
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
            *("--watch", "--delay", "0", "--seed", "5", "--rounds", "1"),
            *("--option", "rank_order=aces_high"),
            *("--option", "jokers=2", "--option", "skip_on_equal=on"),
        ],
        input_fn=lambda p: "",
        print_fn=out.append,
    )
    assert rc == 0
    assert "Order of ranks: 2 < 3 < 4" in "\n".join(out)


def _menu(lines: list[str]) -> dict[int, str]:
    """The last menu printed: entry number → label."""
    menu: dict[int, str] = {}
    for line in lines:
        if line.startswith("── Round"):
            menu = {}
        elif m := re.match(r"\s+(\d+)\) (.*)$", line):
            menu[int(m.group(1))] = m.group(2).strip()
    return menu


def _one_game(answers: Iterator[str], *argv: str) -> tuple[int, list[str], list[str]]:
    """A game on a fixed deal, answering from ``answers`` then quitting."""
    out: list[str] = []
    prompts: list[str] = []

    def reply(prompt: str) -> str:
        prompts.append(prompt)
        out.append(prompt)
        return next(answers, "q")

    rc = main(["--seed", "4", "--rounds", "1", *argv], input_fn=reply, print_fn=out.append)
    return rc, out, prompts


def _turn(hands: list[str], answers: list[str]) -> tuple[str, list[str], list[str]]:
    """Player 0's decision on a position from ``hands``, typed as ``answers``:
    the decision's notation, the lines printed and the prompts."""
    game = President.from_hands(preset("classic"), hands)
    out: list[str] = []
    prompts: list[str] = []
    replies = iter(answers)

    def reply(prompt: str) -> str:
        prompts.append(prompt)
        return next(replies)

    term = Terminal(
        game,
        {},
        ["You", "Bot 1", "Bot 2"],
        watch=False,
        delay=0.0,
        input_fn=reply,
        print_fn=out.append,
        poll_fn=lambda s: None,
        style=Style(False),
    )
    return str(term.human_play(game.observation(0))), out, prompts


SINGLES = ["3C 4C 5C 6C 7C 8C 9C", "TC JC", "KC AC"]
"""Player 0 leads seven singles: entries 0) single 3 … 6) single 9."""


def test_a_number_always_picks_a_menu_entry_never_a_rank() -> None:
    decision, out, _ = _turn(SINGLES, ["5"])
    assert _menu(out)[5] == "single 8"
    assert decision == "8"


@pytest.mark.parametrize("typed", ["7", "9", "77", "33"])
def test_a_number_beyond_the_menu_is_refused_not_played_as_a_rank(typed: str) -> None:
    decision, out, prompts = _turn(SINGLES, [typed, "0"])
    assert decision == "3"  # the second answer
    assert len(prompts) == 2
    assert f"There is no entry {typed}: type a number from 0 to 6" in "\n".join(out)


@pytest.mark.parametrize("typed", ["single 5", "SINGLE  5", "5C", "5c"])
def test_a_number_rank_is_played_by_name_or_by_card(typed: str) -> None:
    decision, _, prompts = _turn(SINGLES, [typed])
    assert decision == "5" and len(prompts) == 1


def test_a_pair_is_named_by_its_cards_or_in_words() -> None:
    hands = ["5C 5D 8C 8D", "TC JC", "KC AC"]
    for typed in ("8C 8D", "8c,8d", "pair of 8"):
        decision, _, _ = _turn(hands, [typed])
        assert decision == "88", typed


def test_cards_not_held_are_not_a_play() -> None:
    decision, out, _ = _turn(SINGLES, ["KC", "KK", "hello", "0"])
    assert decision == "3"
    text = "\n".join(out)
    assert "You do not hold K♣." in text
    assert "You cannot play pair of K: you hold 0 cards of that rank." in text
    assert "Please type a number from 0 to 6" in text


def test_a_capital_q_asks_before_quitting_when_no_queen_can_be_played() -> None:
    decision, _, prompts = _turn(SINGLES, ["Q", "n", "3"])
    assert decision == "6" and prompts[1] == "Quit? y/n "
    with pytest.raises(Quit):
        _turn(SINGLES, ["Q", "y"])
    with pytest.raises(Quit):
        _turn(SINGLES, ["q"])  # a small q quits at once, as the prompt says


def test_a_capital_q_plays_a_single_queen_when_it_can() -> None:
    decision, _, prompts = _turn(["3C QC", "TC JC", "KC AC"], ["Q"])
    assert decision == "Q" and len(prompts) == 1


def test_a_one_entry_menu_says_type_0() -> None:
    # the player to lead holds a single card: one entry, and no pass
    decision, out, _ = _turn(["9C", "4C 5C", "6C 7C"], ["3", "0"])
    assert decision == "9"
    text = "\n".join(out)
    assert "type 0 to choose it" in text and "from 0 to 0" not in text


def _through_the_exchange(seed: int) -> Script:
    person = Script()
    main(
        ["--rules", "classic", "--seed", str(seed), "--rounds", "2"],
        input_fn=person.input,
        print_fn=person.print,
    )
    return person


def test_the_exchange_names_what_you_are_asked_and_what_you_get() -> None:
    seen_give = seen_got = False
    for seed in range(12):
        person = _through_the_exchange(seed)
        lines = person.lines
        for i, line in enumerate(lines):
            if line.startswith("Cards to give"):
                seen_give = True
                # the header of the give-back says what is asked, not "You lead"
                header = lines[max(0, i - 12) : i]
                assert any(x.startswith("Exchange: you give back") for x in header)
                assert not any("You lead" in x for x in header)
        # as the lowest, the person gives tribute and is told the card given back
        m = [x for x in lines if re.match(r"Bot \d \(normal\) gives back .* to you\.", x)]
        if m:
            seen_got = True
            assert "card(s)" not in m[0], m[0]
        if seen_give and seen_got:
            break
    assert seen_give and seen_got


def test_save_writes_a_record_that_replays(tmp_path: Path) -> None:
    from engine.__main__ import main as engine_main

    path = tmp_path / "game.json"
    person = Script()
    rc = main(
        ["--rules", "house", "--seed", "0", "--rounds", "2", "--save", str(path)],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    assert f"Record saved to {path}" in person.text
    record = json.loads(path.read_text())
    assert record["game"] == "president" and len(record["rounds"]) == 2
    assert engine_main(["replay", str(path)]) == 0


def test_save_after_quitting_keeps_the_decisions_so_far(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    rc, _, _ = _one_game(iter(["0", "0", "q"]), "--save", str(path))
    assert rc == 0
    decisions = json.loads(path.read_text())["rounds"][0]["decisions"]
    assert [p for p, _ in decisions].count(0) == 2


def test_save_into_a_missing_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    out: list[str] = []
    path = tmp_path / "nowhere" / "game.json"
    rc = main(
        ["--save", str(path)],
        input_fn=lambda p: pytest.fail("asked before refusing"),
        print_fn=out.append,
    )
    assert rc == 2
    assert "does not exist" in "\n".join(out)


def test_watching_has_a_readable_default_pace() -> None:
    naps: list[float] = []
    rc = main(
        ["--watch", "--seed", "3", "--rounds", "1"],
        input_fn=lambda p: pytest.fail("watching asks nothing"),
        print_fn=lambda line: None,
        sleep_fn=naps.append,
    )
    assert rc == 0
    assert naps and set(naps) == {1.0}


def test_q_stops_watching_between_moves() -> None:
    out: list[str] = []
    polls: list[float] = []

    def poll(seconds: float) -> str | None:
        polls.append(seconds)
        return "q\n" if len(polls) == 3 else None

    rc = main(
        ["--watch", "--seed", "3", "--rounds", "1", "--delay", "0.5"],
        print_fn=out.append,
        poll_fn=poll,
    )
    assert rc == 0
    assert polls == [0.5, 0.5, 0.5]
    assert out[-1] == "Bye."
    assert not any("results" in line for line in out)


def test_other_typing_while_watching_does_not_stop_it() -> None:
    out: list[str] = []
    rc = main(
        ["--watch", "--seed", "3", "--rounds", "1"],
        print_fn=out.append,
        poll_fn=lambda s: "hello\n",
    )
    assert rc == 0
    assert any("Round 1 results" in line for line in out)


def test_ctrl_c_stops_watching_cleanly() -> None:
    out: list[str] = []

    def poll(seconds: float) -> str | None:
        raise KeyboardInterrupt

    rc = main(["--watch", "--seed", "3"], print_fn=out.append, poll_fn=poll)
    assert rc == 0
    assert out[-1] == "Bye."


def test_watching_from_a_real_terminal_reads_q_from_standard_input(tmp_path: Path) -> None:
    # the real poll: standard input is a pipe that says q after a moment
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--watch", "--seed", "3", "--delay", "0.05"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[4],
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "Bye."
    assert "results" not in proc.stdout


def test_a_typed_play_that_is_too_low_is_explained() -> None:
    game = President.from_hands(preset("classic"), ["3C 4C JC", "9D TC", "5D 6D"])
    for player, play in ((0, "4"), (1, "9"), (2, "pass")):
        game.apply(Play.parse(play), player)
    out: list[str] = []
    replies = iter(["3C", "1"])
    term = Terminal(
        game,
        {},
        ["You", "Bot 1", "Bot 2"],
        watch=False,
        delay=0.0,
        input_fn=lambda prompt: next(replies),
        print_fn=out.append,
        poll_fn=lambda s: None,
        style=Style(False),
    )
    assert str(term.human_play(game.observation(0))) == "J"
    assert "Not allowed: single 3 does not beat the single 9." in out
