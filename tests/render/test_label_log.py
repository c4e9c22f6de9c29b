"""The captions a picture draws can be logged (the pseudo-locale e2e run reads
them to find English left in pictures); off, nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw

from render import fonts


def _draw(text: str) -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (200, 40)))
    fonts.draw_label(draw, (0, 0), text, 14, (255, 255, 255), locale="ja")


def test_every_caption_drawn_is_logged_while_a_log_is_set(tmp_path: Path) -> None:
    log = tmp_path / "labels.jsonl"
    fonts.log_labels(str(log))
    try:
        _draw("Turn")
        _draw("手番")
    finally:
        fonts.log_labels(None)
    _draw("after")
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == ["Turn", "手番"]
