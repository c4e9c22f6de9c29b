"""Shared test settings.

Hypothesis runs derandomised profiles: ``standard`` (25 examples a property) on a
developer's machine, ``lean`` (10) in CI (``CI=true``, where the whole suite has 12
minutes on two cores; see ``tests/sizes.py`` for the other slow tests), and
``HYPOTHESIS_PROFILE=thorough`` (1,000) for a long local run.

No test sees how the host running the tests configured the bot: the bot's
variables are taken out of the environment (and so out of every child
process's) and ``bot.py`` takes an empty folder for its own, so the
checkout's ``.env`` and ``var/`` are never read or written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.sizes import CI

# (profile, examples a property, derandomised: the same examples every run)
PROFILES = (("lean", 10, True), ("standard", 25, True), ("thorough", 1000, False))
for name, examples, fixed in PROFILES:
    settings.register_profile(
        name,
        max_examples=examples,
        derandomize=fixed,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("lean" if CI else "standard"))


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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server for the tests that need one: ``TEST_POSTGRES_URL`` (what
    ``.ci/run`` starts) or, without it, a throwaway one started here.

    Without PostgreSQL's server programs the tests that need it are skipped with
    the reason shown, but never in CI (``CI=true``): there they fail."""
    from tests import pg_server

    given = os.environ.get("TEST_POSTGRES_URL", "").strip()
    if given:
        yield given
        return
    # not under pytest's own temporary folders: those are private to the user running
    # the tests, and as root the server runs as ``postgres``, which could not enter them
    folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    try:
        server = pg_server.start(folder)
    except pg_server.NoPostgres as exc:
        if CI:
            pytest.fail(f"CI needs PostgreSQL: {exc}")
        pytest.skip(str(exc))
    try:
        yield server.url
    finally:
        pg_server.stop(server.folder)
        shutil.rmtree(folder, ignore_errors=True)
