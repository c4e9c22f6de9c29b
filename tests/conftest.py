"""Shared test settings.

Hypothesis runs a fast, derandomised profile by default (CI); set
``HYPOTHESIS_PROFILE=thorough`` for a long local run.

No test sees how the host running the tests configured the bot: the bot's
variables are taken out of the environment (and so out of every child
process's) and ``bot.py`` takes an empty folder for its own, so the
checkout's ``.env`` and ``var/`` are never read or written.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def no_host_configuration(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The folder ``bot.py`` takes for its own in this test (empty)."""
    import bot

    for name in bot.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path_factory.mktemp("checkout")
    monkeypatch.setattr(bot, "HERE", folder)
    return folder
