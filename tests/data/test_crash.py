"""Crash test: a child plays stored games and is SIGKILLed at random.

After every kill: each move the child reported (it prints only after the commit)
is stored, at most one commit is unreported, the file passes ``integrity_check``,
the aggregated stats equal a recount from the
stored rounds, each live game resumes (snapshot, record as of it, decisions since) to
the reported state and its assembled record replays to that state, and every finished
game's record replays to its end and winners. ``CRASH_KILLS`` sets the number of
kills (default 5; 50 or more locally), ``CRASH_GAME`` the game kind (president).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from data import Database
from tests.data.real_games import replay, resume, same_state

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("CRASH_KILLS", "5"))
GAME = os.environ.get("CRASH_GAME", "president")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run_child(db: Path, seed: int, delay: float, game: str) -> list[str]:
    """Start the worker, SIGKILL it after ``delay`` seconds; its output lines."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.data.crash_worker",
            str(db),
            "--seed",
            str(seed),
            "--tables",
            "3",
            "--game",
            game,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    errors: list[str] = []
    readers = [
        threading.Thread(target=lambda: lines.extend(proc.stdout or ()), daemon=True),
        threading.Thread(target=lambda: errors.extend(proc.stderr or ()), daemon=True),
    ]
    for r in readers:
        r.start()
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    else:
        pytest.fail(f"worker exited by itself ({proc.returncode}):\n{''.join(errors)}")
    for r in readers:
        r.join(timeout=10)
    assert proc.returncode == -signal.SIGKILL, "".join(errors)
    # a kill can cut the last line short: only whole lines count as reported
    return [line for line in lines if line.endswith("\n")]


def check_database(
    db: Path,
    kind: str,
    reported: dict[int, tuple[int, str]],
    finished: set[int],
    replayed_finished: set[int],
) -> None:
    """Check the file after a kill; absorb the (at most one) unreported commit."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
            # killed before the first migration committed: the file holds no
            # schema yet (the migration rolled back), so nothing may be reported
            assert not reported and not finished, "decisions reported before any schema"
            return
    finally:
        conn.close()
    # the stored games, resumed as the bot resumes them
    live, records = asyncio.run(_resume_all(db))
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        status = dict(conn.execute("SELECT game_id, status FROM games"))
        unreported = 0
        for gid, (version, state_sha) in list(reported.items()):
            if gid in live:
                stored_version, state = live[gid]
                if stored_version == version:
                    assert sha(state.to_json()) == state_sha, f"game {gid} v{version} differs"
                else:
                    assert stored_version == version + 1, (gid, version, stored_version)
                    unreported += 1
            else:
                assert status[gid] == "finished", f"game {gid} reported at v{version} is lost"
                unreported += 1
                finished.add(gid)
                del reported[gid]
        for gid in live.keys() - reported.keys():
            assert status[gid] == "live"
            unreported += 1  # created but not reported
        for gid in finished:
            assert status[gid] == "finished" and gid not in live
        assert unreported <= 1, f"{unreported} commits were not reported"

        for gid, (version, state) in live.items():
            replayed = replay(kind, records[gid])
            # (a game with no decision yet has nothing to replay: its snapshot is all)
            if replayed is not None or version > 0:
                assert same_state(replayed, state), f"game {gid} replay differs"
            reported[gid] = (version, sha(state.to_json()))
        for gid, record, winners in conn.execute(
            "SELECT game_id, record_json, winners_json FROM games WHERE status = 'finished'"
        ):
            if gid in replayed_finished:
                continue
            replayed = replay(kind, record)
            assert replayed is not None and replayed.is_terminal(), f"game {gid} is unfinished"
            outcome = replayed.outcome()
            assert outcome is not None
            assert sorted(outcome.winners) == json.loads(winners), f"game {gid} winners"
            replayed_finished.add(gid)
        leftovers = conn.execute(
            "SELECT count(*) FROM live_log WHERE game_id NOT IN (SELECT game_id FROM live_games)"
        ).fetchone()
        assert leftovers == (0,)

        # the aggregates moved with the rounds, in the same transactions
        recount = dict(
            conn.execute(
                "SELECT s.user_id, count(*) FROM round_seats r JOIN game_seats s"
                " USING (game_id, seat) WHERE s.user_id IS NOT NULL GROUP BY s.user_id"
            )
        )
        stored = dict(conn.execute("SELECT user_id, rounds_played FROM players"))
        assert stored == recount
        games_recount = dict(
            conn.execute(
                "SELECT s.user_id, count(*) FROM game_seats s JOIN games g USING (game_id)"
                " WHERE g.status = 'finished' AND s.user_id IS NOT NULL GROUP BY s.user_id"
            )
        )
        games_stored = {
            u: n for u, n in conn.execute("SELECT user_id, games_played FROM players") if n
        }
        assert games_stored == games_recount
        rounds_recount = dict(conn.execute("SELECT game_id, count(*) FROM rounds GROUP BY game_id"))
        for gid, n in conn.execute("SELECT game_id, rounds_played FROM games"):
            assert rounds_recount.get(gid, 0) == n
    finally:
        conn.close()


async def _resume_all(db: Path) -> tuple[dict[int, tuple[int, Any]], dict[int, str]]:
    async with await Database.open(db) as database:
        live = {t.game_id: (t.version, resume(t)) for t in await database.live_tables()}
        records = {gid: await database.game_record(gid) or "" for gid in live}
    return live, records


def test_crash_soak(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    game = GAME
    rng = random.Random(int(os.environ.get("CRASH_SEED", "12345")))
    reported: dict[int, tuple[int, str]] = {}
    finished: set[int] = set()
    replayed_finished: set[int] = set()
    commits = 0
    started = time.monotonic()
    for kill in range(KILLS):
        # Mostly kill while decisions flow; sometimes during start-up or migration.
        delay = rng.uniform(0.05, 0.6) if kill % 10 == 0 else rng.uniform(0.6, 2.5)
        lines = run_child(db, seed=rng.randrange(2**31), delay=delay, game=game)
        for line in lines:
            kind, gid, *rest = line.split()
            if kind == "C":
                reported[int(gid)] = (int(rest[0]), rest[1])
                commits += 1
            elif kind == "F":
                reported.pop(int(gid), None)
                finished.add(int(gid))
                commits += 1
        if db.exists():
            check_database(db, game, reported, finished, replayed_finished)
    print(
        f"crash soak ({game}): {KILLS} kills, {commits} reported commits, "
        f"{len(finished)} finished games, {time.monotonic() - started:.0f} s"
    )
    assert commits > 0
