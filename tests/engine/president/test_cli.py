import json
import random
import subprocess
import sys
from pathlib import Path

from engine.__main__ import main
from engine.president import President, preset


def _game_record(seed: int = 5) -> str:
    rng = random.Random(seed)
    g = President.new_game(preset("house"), seed=seed)
    while not g.is_over:
        if g.phase == "round_over":
            g.start_round()
        g.apply(rng.choice(list(g.legal_plays())))
    return g.record().to_json(indent=1)


def test_replay_prints_every_decision_and_outcome(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.json"
    path.write_text(_game_record())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    decisions = sum(len(r["decisions"]) for r in json.loads(path.read_text())["rounds"])
    assert out.count(": ok") == decisions
    assert "game over" in out and "winners" in out


def test_replay_stops_at_first_illegal_decision(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(_game_record())
    data["rounds"][0]["decisions"][3][1] = "XXXX"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count(": ok") == 3
    assert "ILLEGAL" in out


def test_replay_unreadable_record(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2


def test_module_entry_point_runs(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_game_record(1))
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1].startswith("game over")


def test_watching_into_a_closed_pipe_stops_without_a_traceback() -> None:
    # e.g. ``python -m engine play --watch | head``
    proc = subprocess.Popen(
        # a small delay: the game is still writing when the reader goes away
        [sys.executable, "-m", "engine", "play", "--watch", "--delay", "0.01", "--seed", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"Seed 3")
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_state_without_its_record_round_trips_given_the_record() -> None:
    rng = random.Random(2)
    g = President.new_game(preset("house"), seed=9)
    for _ in range(30):
        g.apply(rng.choice(list(g.legal_plays())))
    text = g.to_json(include_record=False)
    assert '"record":null' in text and len(text) < len(g.to_json())
    assert President.from_json(text, g.record()) == g
