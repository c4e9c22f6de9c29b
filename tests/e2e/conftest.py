"""Fixtures for end-to-end tests against the Discord API emulator.

``emulator`` starts a fresh emulator per test and, at teardown, fails the
test if the bot hit an unknown route, sent a payload Discord would reject,
answered an interaction too late/twice, or the ``discord`` logger reported an
ERROR.  Declare the ones a test provokes on purpose with
``@pytest.mark.emulator_expect(kind, match=regex)`` or
``emulator.expect_failure(kind, match)``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.emulator import Emulator, run_client

__all__ = ["run_client"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "emulator_expect(kind, match=None): the emulator failure this test provokes on purpose",
    )


@pytest.fixture
async def emulator(request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    emu = Emulator()
    for marker in request.node.iter_markers("emulator_expect"):
        emu.expect_failure(*marker.args, **marker.kwargs)
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
    problems = emu.unexpected_failures()
    if problems:
        pytest.fail("Discord emulator recorded failures:\n  " + "\n  ".join(problems))
