"""The terminal game (driven by scripted input), ``python -m engine replay``
on Big Two records, the registry entry and the JSON round trips."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.bigtwo import GAME_TYPE, BigTwo, Record, preset
from engine.bigtwo.terminal import main
from engine.game import game_type, load_record
from tests.engine.terminal_support import Person, at_end_of_input, watch


class Script(Person):
    """A pretend person: answers from a list of replies first, then types the
    cards of the first suggested play by name (or passes when it must)."""

    def __init__(self, replies: list[str] | None = None) -> None:
        super().__init__(replies)
        self.menu: list[str] = []

    def answer(self, prompt: str) -> str:
        plays = [m for m in self.menu if m != "pass"]
        return plays[0] if plays else "pass"

    def see(self, line: str) -> None:
        if line.startswith("-- Deal"):
            self.menu = []
        elif m := re.match(r"\s+\d+\) (\S.*?)(  \(.*\))?$", line):
            self.menu.append(m.group(1))


def test_a_whole_game_typing_cards_by_name(tmp_path: Path) -> None:
    person = Script()
    path = tmp_path / "game.json"
    rc = main(
        ["play", "--seed", "3", "--option", "deals=2", "--save", str(path)],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    assert "Game over after 2 deals" in person.text
    assert "Your hand:" in person.text
    assert "Not allowed" not in person.text
    record = json.loads(path.read_text())
    assert record["game"] == "bigtwo" and len(record["rounds"]) == 2
    assert any(d[0] == 0 and d[1] != "pass" for r in record["rounds"] for d in r["decisions"])


def test_bad_input_asks_again_then_quit() -> None:
    person = Script(["hello", "42", "3D 3D", "2S 2H 2D 2C 3S", "pass", "q"])
    rc = main(["--seed", "1"], input_fn=person.input, print_fn=person.print)
    assert rc == 0
    text = person.text
    assert "is not a" in text  # hello is no card
    assert "There is no entry 42: type a number from 0" in text  # numbers never name cards
    assert "given twice" in text
    assert "Not allowed:" in text
    assert person.lines[-1] == "Bye."


def test_end_of_input_quits_cleanly() -> None:
    rc, out = at_end_of_input(main, ["--seed", "2"])
    assert rc == 0
    assert out[-1] == "Bye."


def test_watch_computer_players_with_options() -> None:
    rc, text, naps = watch(
        main,
        [
            *("--watch", "--bots", "3", "--level", "easy", "--seed", "5", "--rules"),
            *("hong_kong", "--option", "deals=2", "--option", "play_to_end=on"),
            *("--delay", "0.01"),
        ],
    )
    assert rc == 0
    assert "hong_kong rules, 3 players" in text and "Game over after 2 deals" in text
    assert text.count("Face-up card") == 2  # public: shown at each deal
    assert naps and "You" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "4"], "players"),
        (["--watch", "--bots", "1"], "players"),
        (["--level", "grandmaster"], "no computer level"),
        (["--option", "deals"], "NAME=VALUE"),
        (["--option", "play_to_end=maybe"], "on or off"),
        (["--option", "deals=none"], "threshold"),
        (["--option", "jokers=2"], "no such option"),
    ],
)
def test_bad_arguments_are_refused(argv: list[str], message: str) -> None:
    out: list[str] = []
    assert main(argv, input_fn=lambda p: "q", print_fn=out.append) == 2
    assert message in "\n".join(out)


def test_players_by_option_or_by_bots() -> None:
    out: list[str] = []
    assert (
        main(["--option", "players=2", "--seed", "1"], input_fn=lambda p: "q", print_fn=out.append)
        == 0
    )
    assert "standard rules, 2 players" in "\n".join(out)
    out = []
    rc = main(
        ["--watch", "--bots", "3", "--option", "deals=1", "--delay", "0"],
        input_fn=lambda p: "",
        print_fn=out.append,
    )
    assert rc == 0 and "3 players" in "\n".join(out)


def test_python_m_engine_play_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "watched.json"
    rc = engine_main(
        [
            *("play", "--game", "bigtwo", "--watch", "--seed", "9", "--delay", "0"),
            "--save",
            str(path),
        ]
    )
    assert rc == 0
    assert "Game over" in capsys.readouterr().out
    assert engine_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    decisions = sum(len(r["decisions"]) for r in json.loads(path.read_text())["rounds"])
    assert out.count(": ok") == decisions
    assert "game over" in out


def test_replay_stops_at_the_first_illegal_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = BigTwo.new_game(preset("standard", deals=1), seed=4)
    while g.current_player is not None:
        g.apply(g.default_decision(), g.current_player)
    data = json.loads(g.record().to_json())
    data["rounds"][0]["decisions"][2][1] = "3D 4D"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert engine_main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count(": ok") == 2 and "ILLEGAL" in out


def test_registered_game_type() -> None:
    assert game_type("bigtwo") is GAME_TYPE
    assert GAME_TYPE.levels() == ("random", "easy", "normal", "hard")
    assert GAME_TYPE.make_player("normal", 1).level == "normal"
    g = GAME_TYPE.new_game(GAME_TYPE.make_options("pusoy_dos", {"players": 3}), 5)
    assert g.kind == "bigtwo" and g.n == 3
    g.apply(g.default_decision(), g.current_player)
    record = load_record(g.record().to_json())
    assert isinstance(record, Record)
    steps = list(GAME_TYPE.replay(record))
    assert len(steps) == 1 and steps[0].error is None
    assert GAME_TYPE.parse_decision("pass") is not None


def test_state_without_its_record_round_trips_given_the_record() -> None:
    g = BigTwo.new_game(preset("hong_kong", players=3), seed=8)
    for _ in range(12):
        g.apply(g.default_decision() if g.top else g.legal_list()[-1], g.current_player)
    assert g.current_player is not None
    text = g.to_json(include_record=False)
    assert len(text) < len(g.to_json())
    again = GAME_TYPE.from_json(text, g.record())
    assert again == g
    assert GAME_TYPE.from_json(g.to_json()) == g
    # the restored state goes on exactly like the original
    for state in (g, again):
        while state.current_player is not None:
            state.apply(state.default_decision(), state.current_player)
    assert again == g and again.record().to_json() == g.record().to_json()
