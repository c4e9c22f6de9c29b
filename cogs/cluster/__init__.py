"""A cluster member's Discord side: clicks in DMs reach the member that owns their table.

Discord sends every DM event, clicks on turn controls included, to shard 0 only,
whichever server's table the click is for. The member running shard 0 looks at each
DM click before discord.py does: a click for a table of another member's shard goes,
as the raw gateway payload, through the cluster relay (:mod:`data.cluster`) to that
member, which parses it as if its own gateway had delivered it and answers with the
interaction's token. Nobody else answers it: if the owner has not taken the click
within :data:`TAKE_WITHIN` seconds (it is restarting), the sender takes it back and
answers it itself, so a click is answered once and in time, whatever happens.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from typing import TYPE_CHECKING, Any

import discord

from cogs.replies import respond
from data.cluster import Cluster, shard_of

if TYPE_CHECKING:
    from bot import CardTableBot

log = logging.getLogger("cardtable.cluster")

TAKE_WITHIN = 0.8
"""Real seconds the owner has to take a forwarded click before the sender answers it
itself: Discord drops an interaction not answered within three, and the owner may
still need to defer."""

FORWARDED = re.compile(r"pres:[ctk]:(?P<gid>\d{1,19})(?::|$)")
"""The DM components that act on a running table (``cogs/table/ids.py``: turn
controls, table buttons, hints); the rest read only the shared database."""

RESTARTING = (
    "The bot's process for this game's server is restarting, so nothing changed. Try "
    "again in a few seconds (your turn message, if it is your turn, comes again)."
)


class Forwarder:
    def __init__(self, bot: CardTableBot, cluster: Cluster) -> None:
        self.bot = bot
        self.cluster = cluster
        self.state: Any = bot._connection
        self._parse = self.state.parsers["INTERACTION_CREATE"]
        self._guilds: dict[int, int] = {}
        """A game's server, by game id (a game never moves)."""
        self._tasks: set[asyncio.Task[None]] = set()

    def install(self) -> None:
        self.state.parsers["INTERACTION_CREATE"] = self.parse
        self.cluster.start(self.received)
        self._spawn(self._stop_if_lost(), "cluster-lost")

    async def _stop_if_lost(self) -> None:
        """A member whose shards another member took must not run their tables too."""
        await self.cluster.lost.wait()
        self.bot.failure = (
            f"This member ({self.cluster.member}) lost its shard leases: another member runs "
            "its shards now, so it stopped."
        )
        await self.bot.close()

    def uninstall(self) -> None:
        self.state.parsers["INTERACTION_CREATE"] = self._parse
        for task in self._tasks:
            if task is not asyncio.current_task():  # the close of a lost member
                task.cancel()

    def _spawn(self, coro: Any, name: str) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the member running shard 0 -------------------------------------------------

    def parse(self, data: dict[str, Any]) -> None:
        game_id = self._table_click(data)
        if game_id is None:
            self._parse(data)
        else:
            self._spawn(self._route(data, game_id, time.time()), f"route-{game_id}")

    def _table_click(self, data: dict[str, Any]) -> int | None:
        """The game of a DM click that may belong to another member, else None."""
        if data.get("guild_id") or data.get("type") not in (3, 5):
            return None
        m = FORWARDED.match(str((data.get("data") or {}).get("custom_id", "")))
        if m is None:
            return None
        game_id = int(m["gid"])
        runtime = self.bot.table_runtime
        if runtime is not None and game_id in runtime.tables_by_game:
            return None  # running here
        return game_id

    async def _route(self, data: dict[str, Any], game_id: int, seen: float) -> None:
        guild = self._guilds.get(game_id)
        if guild is None:
            try:
                guild = await self.cluster.game_guild(game_id)
            except Exception as exc:  # the database is away: the runtime answers
                log.warning("game %s: cannot find its server (%s)", game_id, exc)
                guild = None
            if guild is not None:
                self._guilds[game_id] = guild
        if guild is None or self.cluster.owns(guild):
            self._parse(data)
            return
        shard = shard_of(guild, self.cluster.shard_count)
        if await self._relay(data, game_id, shard, seen):
            return
        log.warning("game %s: shard %s did not take a click; answered here", game_id, shard)
        interaction = discord.Interaction(data=data, state=self.state)  # type: ignore[arg-type]
        await respond(interaction, RESTARTING, ephemeral=True)

    async def _relay(self, data: dict[str, Any], game_id: int, shard: int, seen: float) -> bool:
        """Pass a click on to the owner of ``shard``; False if it is ours to answer."""
        payload = json.dumps({"kind": "interaction", "seen": seen, "data": data})
        try:
            relay_id = await self.cluster.send(shard, payload)
        except Exception as exc:  # the database is away: nobody else has the click
            log.warning("game %s: a click could not be passed on (%s)", game_id, exc)
            return False
        log.debug("game %s: click %s forwarded to shard %s", game_id, data.get("id"), shard)
        await asyncio.sleep(TAKE_WITHIN)
        try:
            return not await self.cluster.withdraw(relay_id)
        except Exception as exc:
            # its fate unknown, the click is left to the owner: answered twice would be
            # worse than not at all
            log.warning("game %s: a passed-on click could not be taken back (%s)", game_id, exc)
            return True

    # -- the owner --------------------------------------------------------------------

    def received(self, relay_id: int, payload: str) -> None:
        message = json.loads(payload)
        if message.get("kind") != "interaction":
            return
        data = message["data"]
        # read by benchmarks.cluster and the cluster tests: what forwarding added
        log.debug(
            "click %s relayed in %.1f ms (relay %s)",
            data.get("id"),
            (time.time() - float(message["seen"])) * 1000,
            relay_id,
        )
        self._parse(data)


async def setup(bot: CardTableBot) -> None:
    assert bot.cluster is not None
    forwarder = Forwarder(bot, bot.cluster)
    forwarder.install()
    bot.forwarder = forwarder  # type: ignore[attr-defined]


async def teardown(bot: CardTableBot) -> None:
    forwarder: Forwarder | None = getattr(bot, "forwarder", None)
    if forwarder is not None:
        forwarder.uninstall()
