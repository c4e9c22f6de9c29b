"""The animated replay of a finished round, decoded as a viewer would."""

from __future__ import annotations

import functools
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from engine.game import game_type
from render.replay import (
    MAX_BYTES,
    MAX_WIDTH,
    ReplayError,
    describe_replay,
    encode_frames,
    frames,
    main,
    render_replay,
)

NAMES = ["Ada", "Bob", "Cy", "Di"]
# what each game's result caption says, so the last frame is the result
RESULT_WORDS = {"president": " is President", "bigtwo": " wins the deal", "sixty": "fewest points"}


def finished_round(kind: str, players: int = 4, seed: int = 3, rounds: int = 1) -> Any:
    gt = game_type(kind)
    state = gt.new_game(gt.make_options(gt.default_preset, {"players": players}), seed)
    while True:
        if state.is_round_over():
            if state.round_number >= rounds:
                return state
            state.start_round()
        state.apply(state.default_decision(), state.current_player)


def decoded(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as im:
        return [f.convert("RGB") for f in ImageSequence.Iterator(im)]


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b)).mean)


@functools.cache
def drawn_round(kind: str) -> tuple[Any, list[Any]]:
    """A finished round's record and its frames, drawn once for both formats."""
    record = finished_round(kind).record()
    return record, frames(record, NAMES, 1)


@pytest.mark.parametrize("kind", ["president", "bigtwo", "sixty"])
@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_a_frame_per_decision_from_the_deal_to_the_result(kind: str, fmt: str) -> None:
    record, drawn = drawn_round(kind)
    decisions = len(record.rounds[-1].decisions)
    data = encode_frames(drawn, fmt)  # type: ignore[arg-type]
    shown = decoded(data)
    assert len(shown) == decisions + 1
    assert len(data) <= MAX_BYTES
    assert all(f.width <= MAX_WIDTH for f in shown)
    # the first frame shows the deal, the last the result
    assert drawn[0].caption.endswith("1: the deal")
    assert RESULT_WORDS[kind] in drawn[-1].caption
    assert difference(drawn[0].image, shown[0]) < difference(drawn[-1].image, shown[0])
    assert difference(drawn[-1].image, shown[-1]) < difference(drawn[0].image, shown[-1])
    # the result stays up longer than any play
    durations = []
    with Image.open(io.BytesIO(data)) as im:
        for f in ImageSequence.Iterator(im):
            f.load()  # WebP reads a frame's duration with the frame
            durations.append(f.info["duration"])
    assert durations[-1] == max(durations) > durations[1]


def test_the_captions_name_who_did_what() -> None:
    record = finished_round("president").record()
    captions = describe_replay(record, NAMES, 1)
    assert captions[0] == "Round 1: the deal"
    assert any(c.endswith(" passes") and c.split()[0] in NAMES for c in captions)
    assert any(" plays " in c for c in captions)


def test_a_later_round_starts_from_its_own_deal() -> None:
    state = finished_round("president", rounds=2)
    record = state.record()
    captions = describe_replay(record, NAMES)
    assert captions[0] == "Round 2: the deal"
    assert len(captions) == len(record.rounds[1].decisions) + 1
    # round 2 opens with the card exchange
    assert any(" gives back " in c for c in captions)


def test_a_round_still_being_played_is_refused() -> None:
    gt = game_type("bigtwo")
    state = gt.new_game(gt.make_options(gt.default_preset, {"players": 4}), 1)
    for _ in range(5):
        state.apply(state.default_decision(), state.current_player)
    drawn: list[int] = []
    with pytest.raises(ReplayError, match="not finished"):
        render_replay(state.record(), NAMES, progress=lambda done, total: drawn.append(done))
    # refused before any frame is drawn: nobody waits for a refusal
    assert drawn == []


def test_a_round_not_in_the_record_is_refused() -> None:
    record = finished_round("sixty").record()
    with pytest.raises(ReplayError, match="no round 3"):
        render_replay(record, NAMES, 3)


def test_progress_is_reported_per_frame() -> None:
    record = finished_round("bigtwo").record()
    seen: list[tuple[int, int]] = []
    render_replay(record, NAMES, progress=lambda done, total: seen.append((done, total)))
    total = len(record.rounds[0].decisions) + 1
    assert seen == [(i, total) for i in range(1, total + 1)]


def test_a_long_president_round_fits_discord() -> None:
    state = finished_round("president", players=8, seed=2)
    record = state.record()
    assert len(record.rounds[0].decisions) >= 100
    data = render_replay(record, [*NAMES, "Eve", "Fay", "Gus", "Hal"])
    assert len(data) <= MAX_BYTES
    assert decoded(data)[0].width <= MAX_WIDTH


@pytest.mark.parametrize("kind", ["president", "bigtwo", "sixty"])
def test_the_command_line_writes_the_animation(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_round(kind, players=3).record()
    path = tmp_path / "record.json"
    path.write_text(record.to_json(), encoding="utf-8")
    out = tmp_path / "replay.gif"
    assert main([str(path), "--round", "1", "--out", str(out)]) == 0
    with Image.open(out) as im:
        assert im.format == "GIF"
        assert im.n_frames == len(record.rounds[0].decisions) + 1
    assert "replay.gif" in capsys.readouterr().out


def test_the_command_line_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_text(finished_round("sixty", players=3).record().to_json(), encoding="utf-8")
    assert main([str(path), "--out", str(tmp_path / "replay.png")]) == 2
    assert ".webp or .gif" in capsys.readouterr().err
    assert main([str(path), "--round", "9", "--out", str(tmp_path / "r.webp")]) == 1
    assert "no round 9" in capsys.readouterr().err
    broken = json.loads(path.read_text(encoding="utf-8"))
    broken["rounds"][0]["decisions"] = broken["rounds"][0]["decisions"][:3]
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert main([str(path), "--out", str(tmp_path / "r.webp")]) == 1
    assert "not finished" in capsys.readouterr().err
    assert not (tmp_path / "r.webp").exists()


def test_sixty_captions_say_where_a_zap_puts_the_cards() -> None:
    gt = game_type("sixty")
    for seed in range(1, 40):
        state = gt.new_game(gt.make_options(gt.default_preset, {"players": 4}), seed)
        rng = random.Random(seed)
        while not state.is_round_over():
            state.apply(rng.choice(list(state.legal_actions())), state.current_player)
        zaps = [c for c in describe_replay(state.record(), NAMES) if " plays Zap: " in c]
        if any("to their penalty" in c for c in zaps):
            break
    else:
        pytest.fail("no round with a Zap that keeps cards")
    kept = next(c for c in zaps if "to their penalty" in c)
    assert kept.split()[0] in NAMES
    assert " on to " in kept
