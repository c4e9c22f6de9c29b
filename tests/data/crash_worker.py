"""Child process of the crash test: applies decisions to live tables until killed.

    python -m tests.data.crash_worker DB_PATH [--tables N] [--seed S] [--game NAME]

Resumes every live table it finds (creating more up to ``--tables``), then loops
forever: pick a table, apply one random legal decision, store it with
``save_decision`` (recording a finished round in the same transaction) or, when the
game ends, ``finish_game``; and only AFTER the commit print one line and flush it:

    C <game_id> <version> <sha256 of state_json>   a decision (or a new game, version 0)
    F <game_id>                                  a finished game
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import random
import sys
from typing import Any

from data import Database, NewGame, RoundResult, Seat, SeatResult
from tests.data.crash_games import CrashGame, Round, load_game

USERS = [101, 102, 103, 104, 105, 106]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def round_result(r: Round) -> RoundResult:
    return RoundResult(
        number=r.number,
        seats=[
            SeatResult(
                seat=p,
                position=r.order.index(p),
                title=r.titles[p],
                points=r.points[p],
                total=r.totals[p],
                promotion=r.promotions[p],
            )
            for p in range(len(r.order))
        ],
    )


async def new_table(db: Database, game: CrashGame, rng: random.Random) -> tuple[int, int, Any]:
    state = game.new(rng.randrange(2**31))
    users = rng.sample(USERS, 3)
    seats = [Seat.human(u, f"User {u}") for u in users] + [Seat.computer("easy")]
    rng.shuffle(seats)
    state_json = game.to_json(state)
    gid = await db.create_game(
        NewGame(
            guild_id=1,
            channel_id=rng.randrange(3),
            preset="classic",
            options_json="{}",
            scoring=game.scoring,
            seats=seats,
            state_json=state_json,
            record_json=game.record_json(state),
        )
    )
    say(f"C {gid} 0 {sha(state_json)}")
    return gid, 0, state


async def run(path: str, tables: int, seed: int, game_name: str | None) -> None:
    game = load_game(game_name)
    rng = random.Random(seed)
    db = await Database.open(path)
    live: dict[int, tuple[int, Any]] = {
        t.game_id: (t.version, game.from_json(t.state_json)) for t in await db.live_tables()
    }
    while True:
        while len(live) < tables:
            gid, version, state = await new_table(db, game, rng)
            live[gid] = (version, state)
        gid = rng.choice(sorted(live))
        version, state = live[gid]
        before = len(game.rounds(state))
        game.step(state, rng)
        rounds = game.rounds(state)
        finished = round_result(rounds[-1]) if len(rounds) > before else None
        if game.is_over(state):
            await db.finish_game(
                gid,
                game.winners(state),
                record_json=game.record_json(state),
                last_round=finished,
                expected_version=version,
            )
            del live[gid]
            say(f"F {gid}")
        else:
            state_json = game.to_json(state)
            version = await db.save_decision(
                gid, version, state_json, game.record_json(state), round_result=finished
            )
            live[gid] = (version, state)
            say(f"C {gid} {version} {sha(state_json)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None)
    args = parser.parse_args()
    asyncio.run(run(args.db, args.tables, args.seed, args.game))


if __name__ == "__main__":
    main()
