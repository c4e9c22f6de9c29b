"""Child process of the crash test: plays stored games until it is killed.

    python -m tests.data.crash_worker DB_PATH [--tables N] [--seed S] [--game KIND]

Resumes every live table it finds (as the bot does: snapshot, record as of it, then
the decisions since), creates more up to ``--tables``, then loops forever: pick a
table, deal its next round (``start_round``) or apply one random legal decision
(``append_decision``, with the round's result when it ended one and the winners when
it ended the game); and only AFTER the commit print one line and flush it:

    C <game_id> <version> <sha256 of the whole state JSON>   a move (or a new game, v0)
    F <game_id>                                           a finished game
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import random
import sys

from data import Database, Seat
from engine.game import GameState, game_type
from tests.data.real_games import new_game, new_state, resume, step

USERS = [101, 102, 103, 104, 105, 106]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def new_table(db: Database, kind: str, rng: random.Random) -> tuple[int, GameState]:
    players = game_type(kind).default_players
    state = new_state(kind, rng.randrange(2**31), players)
    users = rng.sample(USERS, players - 1)
    seats = [Seat.human(u, f"User {u}") for u in users] + [Seat.computer("easy")]
    rng.shuffle(seats)
    gid = await db.create_game(new_game(state, seats, channel_id=rng.randrange(3)))
    say(f"C {gid} 0 {sha(state.to_json())}")
    return gid, state


async def run(path: str, tables: int, seed: int, kind: str) -> None:
    rng = random.Random(seed)
    db = await Database.open(path)
    live: dict[int, tuple[int, GameState]] = {
        t.game_id: (t.version, resume(t)) for t in await db.live_tables()
    }
    while True:
        while len(live) < tables:
            gid, state = await new_table(db, kind, rng)
            live[gid] = (0, state)
        gid = rng.choice(sorted(live))
        version, state = live[gid]
        version = await step(db, gid, version, state, rng)
        if state.is_terminal():
            del live[gid]
            say(f"F {gid}")
        else:
            live[gid] = (version, state)
            say(f"C {gid} {version} {sha(state.to_json())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="president")
    args = parser.parse_args()
    asyncio.run(run(args.db, args.tables, args.seed, args.game))


if __name__ == "__main__":
    main()
