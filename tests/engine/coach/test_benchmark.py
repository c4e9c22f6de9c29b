"""``python -m benchmarks.coach`` runs and ends with its JSON line."""

from __future__ import annotations

import json

import pytest

from benchmarks.coach import main


def test_the_benchmark_prints_latency_and_review_cpu(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "bigtwo", "--positions", "2", "--reviews", "1", "--deals", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("bigtwo") and "hint CPU median" in lines[0] and "arena" in lines[0]
    figures = json.loads(lines[-1])["bigtwo"]
    assert figures["hint_p95_s"] > 0 and figures["games"] == 4
