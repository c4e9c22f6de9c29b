"""``python -m engine review`` and ``python -m engine play --hints``, in every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.bigtwo.terminal import main as bigtwo_main
from engine.president.terminal import main as president_main
from engine.sixty.terminal import main as sixty_main
from tests.engine.terminal_support import FirstEntry, Main

from .helpers import played_game

SHORT = {"president": {"rounds": 1}, "bigtwo": {"deals": 1}, "sixty": {"rounds": 1}}
PRESETS = {"president": "revolution", "bigtwo": "standard", "sixty": "standard"}
games = pytest.mark.parametrize("game", list(PRESETS))
TERMINALS: dict[str, Main] = {
    "president": president_main,
    "bigtwo": bigtwo_main,
    "sixty": sixty_main,
}


@games
def test_review_prints_the_review_with_a_last_json_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_game(game, PRESETS[game], 2, SHORT[game]).record().to_json())
    assert engine_main(["review", str(path), "--player", "0"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert lines[1].startswith("accuracy ") and "counts as accurate" in lines[1]
    last = json.loads(lines[-1])
    assert 0 <= last["accuracy"] <= 1 and last["player"] == 0
    for i, costly in enumerate(last["costliest"], 1):
        assert (
            lines[1 + i].startswith(f"{i}. ") and f"you played {costly['played']}" in lines[1 + i]
        )
    assert "reviewing decision" in captured.err  # progress, kept off the review itself

    assert engine_main(["review", str(path), "--player", "0", "--json"]) == 0
    only = capsys.readouterr().out.strip().splitlines()
    assert len(only) == 1 and json.loads(only[0]) == last


def test_review_refuses_a_player_who_did_not_sit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(played_game("bigtwo", "standard", 2, {"deals": 1}).record().to_json())
    assert engine_main(["review", str(path), "--player", "5", "--json"]) == 2
    assert "player 5 did not sit in this game" in capsys.readouterr().out


@games
def test_play_with_hints_shows_the_coachs_ranked_decisions(game: str) -> None:
    main = TERMINALS[game]
    person = FirstEntry(patience=12)
    assert main(["--seed", "4", "--hints"], input_fn=person.input, print_fn=person.print) == 0
    text = person.text
    assert "Coach's hints:" in text
    block = text.split("Coach's hints:")[1].splitlines()[1:]
    assert block[0].startswith("  1. ") and block[1].startswith("  2. ")

    plain = FirstEntry(patience=12)
    assert main(["--seed", "4"], input_fn=plain.input, print_fn=plain.print) == 0
    assert "Coach's hints:" not in plain.text
