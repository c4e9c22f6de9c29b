"""In-memory ports for the table session's unit tests: a storage that keeps
games as the real one does (a live snapshot, deals and a decision log, and
the record assembled from them on resume) and can fail on demand, a clock
whose sleeps pass at once, a messenger that writes down what players are
told, and computers that decide in the test's process."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cogs.table.manifest import GameManifest
from cogs.table.models import Table, TableMeta
from cogs.table.session import TableSession
from data import GameNotLive, LiveTable, NewGame, RoundResult, Seat, StaleVersion


class StorageDown(OSError):
    """What the fake storage raises while it is made to fail."""


@dataclass
class StoredGame:
    new: NewGame
    seats: list[Seat]
    version: int = 0
    seq: int = 0
    meta_json: str = ""
    snapshot: tuple[int, str] = (0, "")
    deals: list[tuple[int, str]] = field(default_factory=list)
    log: list[tuple[int, int, str]] = field(default_factory=list)
    rounds: list[RoundResult] = field(default_factory=list)
    status: str = "live"
    winners: tuple[int, ...] | None = None


class FakeStorage:
    def __init__(self) -> None:
        self.games: dict[int, StoredGame] = {}
        self.failures = 0
        """Calls that fail from now on (each failing call counts one down)."""
        self.calls: list[str] = []

    def _call(self, name: str) -> None:
        self.calls.append(name)
        if self.failures:
            self.failures -= 1
            raise StorageDown("the disk is full")

    def _live(self, game_id: int) -> StoredGame:
        g = self.games[game_id]
        if g.status != "live":
            raise GameNotLive(game_id, g.status)
        return g

    async def create_game(self, game: NewGame) -> int:
        self._call("create_game")
        game_id = len(self.games) + 1
        self.games[game_id] = StoredGame(
            new=game,
            seats=list(game.seats),
            meta_json=game.meta_json,
            snapshot=(0, game.snapshot_json),
            deals=[(0, game.deal_json)],
        )
        return game_id

    async def append_decision(
        self,
        game_id: int,
        expected_version: int,
        player: int,
        decision: str,
        *,
        meta_json: str | None = None,
        round_result: RoundResult | None = None,
        winners: Sequence[int] | None = None,
    ) -> int:
        self._call("append_decision")
        g = self._live(game_id)
        if g.version != expected_version:
            raise StaleVersion(game_id, expected_version, g.version)
        g.seq += 1
        g.log.append((g.seq, player, decision))
        if meta_json is not None:
            g.meta_json = meta_json
        if round_result is not None:
            g.rounds.append(round_result)
        if winners is not None:
            g.status, g.winners = "finished", tuple(winners)
        g.version += 1
        return g.version

    async def start_round(
        self,
        game_id: int,
        expected_version: int,
        snapshot_json: str,
        deal_json: str,
        *,
        meta_json: str | None = None,
    ) -> int:
        self._call("start_round")
        g = self._live(game_id)
        if g.version != expected_version:
            raise StaleVersion(game_id, expected_version, g.version)
        g.deals.append((g.seq, deal_json))
        g.snapshot = (g.seq, snapshot_json)
        if meta_json is not None:
            g.meta_json = meta_json
        g.version += 1
        return g.version

    async def set_meta(self, game_id: int, meta_json: str) -> None:
        self._call("set_meta")
        self._live(game_id).meta_json = meta_json

    async def set_seat(self, game_id: int, seat: int, new: Seat) -> None:
        self._call("set_seat")
        self._live(game_id).seats[seat] = new

    async def abandon_game(self, game_id: int) -> None:
        self._call("abandon_game")
        self._live(game_id).status = "abandoned"

    async def live_tables(self) -> list[LiveTable]:
        self._call("live_tables")
        return [self._live_table(i) for i, g in self.games.items() if g.status == "live"]

    def _live_table(self, game_id: int) -> LiveTable:
        """As ``data.Database`` assembles it: the record as of the snapshot, and
        the decisions stored since."""
        g = self.games[game_id]
        cut, snapshot_json = g.snapshot
        record = json.loads(g.new.header_json)
        deals = [(seq, {**json.loads(text), "decisions": []}) for seq, text in g.deals]
        for s, p, d in g.log:
            if s <= cut:  # a decision belongs to the last deal dealt before it
                [deal for seq, deal in deals if seq < s][-1]["decisions"].append([p, d])
        rounds = [deal for _, deal in deals]
        record["rounds"] = rounds
        now = datetime.now(UTC)
        return LiveTable(
            game_id=game_id,
            guild_id=g.new.guild_id,
            channel_id=g.new.channel_id,
            kind=g.new.kind,
            preset=g.new.preset,
            options_json=g.new.options_json,
            seats=tuple(g.seats),
            version=g.version,
            snapshot_json=snapshot_json,
            record_json=json.dumps(record),
            decisions=tuple((p, d) for s, p, d in g.log if s > cut),
            meta_json=g.meta_json,
            started_at=now,
            updated_at=now,
        )


class FakeClock:
    """Clock seconds that pass only when someone sleeps (at once)."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += max(0.0, seconds)
        await asyncio.sleep(0)


Player = Callable[[Table, int], Any]
"""A human at the table: the decision they click when it is their turn."""


class FakeMessenger:
    """Writes down what the players are told; the humans in ``players`` answer
    their turn at once (as a click would), the others never do."""

    def __init__(self) -> None:
        self.session: TableSession | None = None
        self.players: dict[int, Player] = {}
        self.told: list[tuple[str, Any]] = []
        self.on_turn: Callable[[Table], Awaitable[None]] | None = None
        """Runs at each human turn, before the human answers."""

    def events(self, kind: str) -> list[Any]:
        return [what for k, what in self.told if k == kind]

    async def turn(self, t: Table, player: int, version: int) -> None:
        self.told.append(("turn", player))
        if self.on_turn is not None:
            await self.on_turn(t)
        play = self.players.get(player)
        if play is not None and self.session is not None:
            await self.session.apply(t, player, play(t, player), version, by="human")

    async def warn(self, t: Table, player: int, deadline: float) -> None:
        self.told.append(("warn", player))

    async def clear_ping(self, t: Table) -> None:
        pass

    async def took_over(self, t: Table, player: int) -> None:
        self.told.append(("took_over", player))

    async def round_over(self, t: Table, result: Any, next_at: float) -> None:
        self.told.append(("round_over", result.number))

    async def dealt(self, t: Table) -> None:
        self.told.append(("dealt", t.state.round_number))

    async def game_over(self, t: Table) -> None:
        self.told.append(("game_over", t.state.outcome().winners))
        t.closed = True

    async def paused(self, t: Table) -> None:
        self.told.append(("paused", t.game_id))

    def unpaused(self, t: Table) -> None:
        self.told.append(("unpaused", t.game_id))


class FakeComputers:
    def __init__(self) -> None:
        self.players: dict[tuple[int, int], Any] = {}
        self.decided: list[int] = []

    async def decide(
        self, manifest: GameManifest, level: str, seed: int, game_id: int, seat: int, obs: Any
    ) -> Any:
        player = self.players.get((game_id, seat))
        if player is None:
            player = self.players[(game_id, seat)] = manifest.computer(level, seed)
        self.decided.append(seat)
        return player.decide(obs)

    def forget(self, game_id: int) -> None:
        for key in [k for k in self.players if k[0] == game_id]:
            del self.players[key]


@dataclass
class Timings:
    computer_pause: float = 1.2
    round_pause: float = 8.0
    warn_before: float = 10.0


@dataclass
class Ports:
    storage: FakeStorage = field(default_factory=FakeStorage)
    clock: FakeClock = field(default_factory=FakeClock)
    messenger: FakeMessenger = field(default_factory=FakeMessenger)
    computers: FakeComputers = field(default_factory=FakeComputers)

    def session(self, *manifests: GameManifest) -> TableSession:
        session = TableSession(
            {m.name: m for m in manifests},
            storage=self.storage,
            clock=self.clock,
            messenger=self.messenger,
            computers=self.computers,
            timings=Timings(),
        )
        self.messenger.session = session
        return session


def new_meta(n: int, level: str = "normal", turn_seconds: int = 60) -> TableMeta:
    return TableMeta(1, turn_seconds, level, [False] * n, [0] * n, [False] * n)
