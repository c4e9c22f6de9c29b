"""What every game's terminal does the same way, checked in all three:
watching at a pace with ``q`` to stop, Ctrl-C keeping the record, the seed
line, menus numbered alike, and English that fits a player called "You"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.bigtwo import BigTwo
from engine.bigtwo import preset as bigtwo_preset
from engine.bigtwo.terminal import main as bigtwo_main
from engine.president.terminal import main as president_main
from engine.sixty.terminal import main as sixty_main
from tests.engine.terminal_support import FirstEntry, Main, interrupted_after

GAMES: dict[str, Main] = {
    "president": president_main,
    "bigtwo": bigtwo_main,
    "sixty": sixty_main,
}
games = pytest.mark.parametrize("game", list(GAMES))


@games
def test_watching_is_paced_by_the_clock_given_and_q_stops_it(game: str) -> None:
    out: list[str] = []
    waits: list[tuple[float, int]] = []

    def poll(seconds: float) -> str | None:
        waits.append((seconds, len(out)))
        return "q\n" if len(waits) == 4 else None

    rc = GAMES[game](["--watch", "--seed", "3"], print_fn=out.append, poll_fn=poll)
    assert rc == 0
    assert [s for s, _ in waits] == [1.0] * 4  # one second a move by default
    printed = [n for _, n in waits]
    assert printed == sorted(set(printed))  # something was shown before each wait
    assert out[-1] == "Bye."
    assert not any("Game over" in line for line in out)


@games
def test_watching_at_a_chosen_pace(game: str) -> None:
    naps: list[float] = []
    rc = GAMES[game](
        ["--watch", "--seed", "3", "--delay", "0.25", "--option", "rounds=1"]
        if game != "bigtwo"
        else ["--watch", "--seed", "3", "--delay", "0.25", "--option", "deals=1"],
        input_fn=lambda p: pytest.fail("watching asks nothing"),
        print_fn=lambda line: None,
        sleep_fn=naps.append,
    )
    assert rc == 0
    assert len(naps) > 10 and set(naps) == {0.25}


@games
def test_ctrl_c_says_goodbye_and_saves_the_record(game: str, tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    reply, asked = interrupted_after(3)
    out: list[str] = []
    try:
        rc = GAMES[game](["--seed", "1", "--save", str(path)], input_fn=reply, print_fn=out.append)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped the game (a traceback for the person)")
    assert rc == 0
    assert len(asked) == 3
    assert "Bye." in out and "Traceback" not in "\n".join(out)
    assert out[-1].startswith(f"Record saved to {path}")
    record = json.loads(path.read_text())
    decisions = [d for r in record["rounds"] for d in r["decisions"]]
    # the two answers before Ctrl-C, and any pass made for the person
    assert [p for p, _ in decisions].count(0) >= 2
    assert engine_main(["replay", str(path)]) == 0


@games
def test_the_seed_is_printed_first_so_a_game_can_be_replayed(game: str) -> None:
    out: list[str] = []
    GAMES[game](["--seed", "42"], input_fn=lambda p: "q", print_fn=out.append)
    assert out[0] == "Seed 42 (replay this game with --seed 42)."


@games
def test_menus_are_numbered_from_0_in_every_game(game: str) -> None:
    person = FirstEntry(["99"])
    GAMES[game](["--seed", "1"], input_fn=person.input, print_fn=person.print)
    entries = [int(m.group(1)) for line in person.lines if (m := re.match(r"\s+(\d+)\) ", line))]
    assert entries[0] == 0
    refused = r"There is no entry 99: type (0 to choose it|a number from 0 to \d+)"
    assert re.search(refused, person.text)


WRONG_FOR_YOU = re.compile(
    r"\bYou (gives|passes|is|leads|wins|takes|attacks|fights|plays|has|misses|holds|draws)\b"
)


@games
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_you_take_the_second_person_and_counts_agree(game: str, seed: int) -> None:
    person = FirstEntry()
    rc = GAMES[game](["--seed", str(seed)], input_fn=person.input, print_fn=person.print)
    assert rc == 0 and any("Game over" in line for line in person.lines)
    text = re.sub(r"\x1b\[[0-9;]*m", "", person.text)
    assert not WRONG_FOR_YOU.search(text), WRONG_FOR_YOU.search(text)
    assert not re.search(r"\b1 (cards|points|rounds|deals|plays|penalty points)\b", text)
    assert "(s)" not in text


def test_grammar_helpers() -> None:
    from engine.terminal import plural, says

    assert says("You", "pass") == "You pass"
    assert says("Bot 1", "pass") == "Bot 1 passes"
    assert says("You", "be", "out") == "You are out"
    assert says("Bot 2", "be", "out") == "Bot 2 is out"
    assert says("Bot 2", "fight", "back") == "Bot 2 fights back"
    assert says("Bot 2", "have") == "Bot 2 has"
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "penalty point") == "1 penalty point"


def test_play_help_lists_the_games_and_how_to_see_their_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert engine_main(["play", "--help"]) == 0
    text = capsys.readouterr().out
    for name in ("president", "bigtwo", "sixty"):
        assert name in text
        assert f"python -m engine play --game {name} --help" in text
    assert engine_main(["play", "--game", "sixty", "--help"]) == 0
    text = capsys.readouterr().out
    assert "python -m engine play --game sixty" in text and "--option" in text


def test_replay_of_a_record_left_between_deals_names_no_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = BigTwo.new_game(bigtwo_preset("standard", deals=2), seed=4)
    while g.current_player is not None:
        g.apply(g.default_decision(), g.current_player)
    path = tmp_path / "between.json"
    path.write_text(g.record().to_json())
    assert engine_main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "None" not in last
    assert last == "game in progress: round 1 is over, round 2 not dealt yet"


@pytest.mark.parametrize(
    ("game", "option"),
    [("president", "jokers"), ("bigtwo", "suit_order"), ("sixty", "voluntary_take")],
)
def test_each_games_help_lists_its_house_rules(
    game: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert engine_main(["play", "--game", game, "--help"]) == 0
    text = capsys.readouterr().out
    assert re.search(rf"^  {option} +\S", text, re.MULTILINE), text
