"""What players see of their standings does not change with the storage.

``fixtures/standings-v4.sqlite3`` was written by the release before statistics were
declared (schema 4, ``python -m tests.data.standings build``), and ``BEFORE`` is the
SHA-256 of every leaderboard page and profile that release rendered from it. The same
file migrated, and the same games stored afresh, must render the same bytes; to see
a difference, run ``python -m tests.data.standings render`` on both commits.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

from tests.data.standings import build, render

FIXTURE = Path(__file__).parent / "fixtures" / "standings-v4.sqlite3"
BEFORE = "385280550aacbb82f781e4ded7095a80130d44c077d3a38f41ac5a01e60f03f1"
"""Since the texts went through the catalogs, a profile of one round reads "1 round" and
"1 rated round" (it read "1 rounds"); nothing else of the release's rendering changed."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def test_the_previous_releases_standings_render_the_same(tmp_path: Path) -> None:
    copy = tmp_path / "v4.sqlite3"
    shutil.copyfile(FIXTURE, copy)
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA user_version").fetchone() == (4,)
    conn.close()
    assert _digest(await render(copy)) == BEFORE


async def test_the_same_games_stored_now_render_the_same(tmp_path: Path) -> None:
    path = tmp_path / "now.sqlite3"
    await build(path)
    assert _digest(await render(path)) == BEFORE
