"""Every leaderboard page and profile the bot shows for a fixture database, as JSON.

    python -m tests.data.standings build FILE   # the fixture: three games' statistics
    python -m tests.data.standings render FILE  # the embeds and controls, to stdout

Run on two commits against copies of one file, the outputs must be the same bytes:
what players see does not change when the storage does. ``build`` writes through
the public API of either release (rounds carry their game's statistics when the
release asks for them); ``render`` goes through the Stats cog's own functions.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from cogs.stats import Stats, boards, leaderboard_embed, leaderboard_view, profile_embed
from data import Database, NewGame, RoundResult, Seat, SeatResult
from engine import game_type

GUILD = 7
KINDS = ("president", "bigtwo", "sixty")
USERS = range(101, 124)
TITLES = ["President", "Vice-President", "Citizen", "Vice-Scum", "Scum"]


class _Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 37.0
        return self.now


def _title(pos: int, n: int) -> str:
    return TITLES[{0: 0, 1: 1, n - 2: 3, n - 1: 4}.get(pos, 2)]


def _result(kind: str, number: int, seats: list[SeatResult]) -> RoundResult:
    if "statistics" in {f.name for f in fields(RoundResult)}:
        return RoundResult(number, seats, game_type(kind).statistics)  # type: ignore[call-arg]
    return RoundResult(number, seats)  # the release before declared statistics


async def build(path: Path) -> None:
    rng = random.Random(3)
    async with await Database.open(path, clock=_Clock()) as db:
        for g in range(36):
            kind = KINDS[g % 3]
            game = game_type(kind)
            low = game.lower_is_better
            scoring = {"president": ["classic", "credits"][g % 2], "bigtwo": "standard"}.get(
                kind, "standard"
            )
            n = rng.choice((3, 4, 4, 5))
            humans = rng.sample(USERS, n - rng.choice((0, 1)))
            seats = [Seat.human(u, f"Player {u}") for u in humans]
            seats += [Seat.computer("easy")] * (n - len(humans))
            gid = await db.create_game(
                NewGame(GUILD, 50 + g % 2, kind, "classic", "{}", scoring, seats,
                        json.dumps({"game": kind}), "{}", "{}", lower_is_better=low)
            )  # fmt: skip
            totals = [0] * n
            version = 0
            rounds = rng.randint(1, 3)
            for r in range(1, rounds + 1):
                scores = [rng.randint(0, 3) * (3 if low else 1) for _ in range(n)]
                sign = 1 if low else -1
                places = [sum(sign * o < sign * s for o in scores) for s in scores]
                for p in range(n):
                    totals[p] += scores[p]
                details: list[dict[str, Any]] = [
                    {"title": _title(places[p], n), "promotion": 0} if kind == "president"
                    else {"won_deal": places[p] == 0} for p in range(n)
                ]  # fmt: skip
                result = _result(
                    kind,
                    r,
                    [SeatResult(p, places[p], scores[p], totals[p], details[p]) for p in range(n)],
                )
                best = (min if low else max)(totals)
                end = r == rounds and g % 5 != 4  # some games are still going on
                version = await db.append_decision(
                    gid, version, 0, "x", round_result=result,
                    winners=[p for p in range(n) if totals[p] == best] if end else None,
                )  # fmt: skip


class _Bot:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.table_runtime = None


async def render(path: Path | str) -> str:
    """What the bot shows of the database at ``path`` (a file, or a URL)."""
    out: list[Any] = []
    opened = Database.open(path) if isinstance(path, Path) else Database.open_url(path)
    async with await opened as db:
        cog = Stats(_Bot(db))  # type: ignore[arg-type]
        for kind in KINDS:
            game = game_type(kind)
            for key in boards(game):
                for page in (0, 1, 5):
                    for viewer in (101, 110, 999):
                        lb = await cog._page(GUILD, game, key, page, viewer)
                        out.append(
                            {
                                "board": [kind, key, page, viewer],
                                "embed": leaderboard_embed(game, key, lb, viewer).to_dict(),
                                "view": leaderboard_view(game, key, lb, viewer).to_components(),
                            }
                        )
            for user in (*USERS, 999):
                found = await db.profile(GUILD, user, kind=kind, recent=5)
                if found is not None:
                    embed = profile_embed(found, game).to_dict()
                    out.append({"profile": [kind, user], "embed": embed})
        out.append({"played": [list(await db.played_kinds(GUILD, u)) for u in USERS]})
    return json.dumps(out, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def main(argv: list[str]) -> int:
    what, file = argv
    if what == "build":
        asyncio.run(build(Path(file)))
    else:
        sys.stdout.write(asyncio.run(render(Path(file))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
