"""Records and given hands that the rules cannot produce are refused at once,
with a message, and ``python -m engine replay`` says so without a traceback."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.errors import IllegalPlay, RecordError
from engine.president import President, Record, preset

ROOT = Path(__file__).resolve().parents[3]


def _record(seed: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    g = President.new_game(preset("classic"), seed=seed)
    for _ in range(12):
        g.apply(rng.choice(list(g.legal_plays())))
    data: dict[str, Any] = json.loads(g.record().to_json())
    return data


def _spoil_decision(data: dict[str, Any]) -> None:
    data["rounds"][0]["decisions"][2][1] = "give me the 2s"


def _spoil_options(data: dict[str, Any]) -> None:
    data["options"]["jokers"] = 7


def _spoil_pair(data: dict[str, Any]) -> None:
    data["rounds"][0]["decisions"][1] = "pass"


def _spoil_triple(data: dict[str, Any]) -> None:
    data["rounds"][0]["decisions"][1].append("extra")


def _spoil_player(data: dict[str, Any]) -> None:
    data["rounds"][0]["decisions"][1][0] = "Ann"


SPOILERS = {
    "decision that cannot be parsed": (_spoil_decision, "give me the 2s"),
    "impossible options": (_spoil_options, "jokers"),
    "decision that is not a pair": (_spoil_pair, "[player, decision] pair"),
    "decision with three parts": (_spoil_triple, "[player, decision] pair"),
    "player that is not a number": (_spoil_player, "'Ann'"),
}


@pytest.mark.parametrize("name", SPOILERS)
def test_malformed_records_raise_record_error(name: str) -> None:
    spoil, words = SPOILERS[name]
    data = _record()
    spoil(data)
    with pytest.raises(RecordError, match=words.replace("[", r"\[").replace("]", r"\]")):
        Record.from_dict(data)


@pytest.mark.parametrize("name", SPOILERS)
def test_replay_of_a_malformed_record_says_why_and_exits_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spoil, words = SPOILERS[name]
    data = _record()
    spoil(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"cannot read {path}:") and words in out


def test_replay_in_a_subprocess_prints_no_traceback(tmp_path: Path) -> None:
    data = _record()
    _spoil_decision(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    assert len((proc.stdout + proc.stderr).strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("options", "hands", "words"),
    [
        ({}, ["X1 3C", "4C", "5C"], "jokers = 0"),
        ({}, ["KH KH", "4C", "5C"], "KH 2 times"),
        ({}, ["KH", "KH", "5C"], "KH 2 times"),
        ({"decks": 2}, ["KH KH", "KH", "5C", "6C"], "KH 3 times"),
        ({"jokers": 2}, ["X1 X1 3C", "X2", "5C"], "3 jokers"),
        ({"rank_order": "short_pack"}, ["4C 7C", "8C", "9C"], "no 4s"),
    ],
)
def test_hands_the_pack_cannot_hold_are_refused_at_the_deal(
    options: dict[str, Any], hands: list[str], words: str
) -> None:
    with pytest.raises(RecordError, match=words):
        President.from_hands(preset("classic", **options), hands)


def test_hands_the_pack_can_hold_are_accepted() -> None:
    g = President.from_hands(
        preset("classic", decks=2, jokers=4), ["KH KH X1 X1", "X2 X2", "5C", "KD"]
    )
    assert g.current_player == 0


def test_replay_refuses_a_record_whose_deal_holds_a_card_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _record()
    hands = data["rounds"][0]["hands"]
    hands[1] = hands[1] + " " + hands[0].split()[0]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert "record is inconsistent" in out and "2 times" in out
    assert ": ok" not in out  # refused at the deal, before any decision


def test_a_short_set_of_another_rank_is_the_wrong_size_under_one_less() -> None:
    # §4.2: only the top rank may be one card short
    g = President.from_hands(preset("house"), ["3C 3D 3H 8C", "5C 5D 2C 2D", "KC KD KS"])
    g.apply("333")
    with pytest.raises(IllegalPlay) as refused:
        g.apply("55")
    assert refused.value.reason == "wrong_size"
    assert "only 2s may be played one card short" in str(refused.value)
    g.apply("22")  # the top rank one short still beats


def test_a_short_set_is_the_wrong_size_without_one_less() -> None:
    g = President.from_hands(preset("classic"), ["3C 3D 3H 8C", "5C 5D 2C 2D", "KC KD KS"])
    g.apply("333")
    for play in ("55", "22"):
        with pytest.raises(IllegalPlay) as refused:
            g.apply(play)
        assert refused.value.reason == "wrong_size"
