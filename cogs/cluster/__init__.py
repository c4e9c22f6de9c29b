"""A cluster member's Discord side: clicks in DMs reach the member that owns their table.

Discord sends every DM event, clicks on turn controls included, to shard 0 only,
whichever server's table the click is for. The member running shard 0 looks at each
DM click before discord.py does: a click for a table of another member's shard goes,
as the raw gateway payload, through the cluster relay (:mod:`data.cluster`) to that
member, which parses it as if its own gateway had delivered it and answers with the
interaction's token. Nobody else answers it: if the owner has not taken the click
within :data:`TAKE_WITHIN` seconds (it is restarting), the sender takes it back and
answers it itself. Once the owner has answered a click it marks the relay row so; if
it dies after taking a click and before answering it (its lease gone), the sender
answers it too, saying whether the turn was decided meanwhile (the stored version
moved on) or nothing changed. A click is answered once and in time, whatever happens.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import time
from typing import TYPE_CHECKING, Any

import discord

from cogs.replies import respond
from cogs.table.ids import CONTROL, HINT
from data.cluster import ANSWERED, Cluster, shard_of
from locales import N_, _, reading

if TYPE_CHECKING:
    from bot import CardTableBot

log = logging.getLogger("cardtable.cluster")

TAKE_WITHIN = 0.8
"""Real seconds the owner has to take a forwarded click before the sender answers it
itself: Discord drops an interaction not answered within three, and the owner may
still need to defer."""

ANSWER_WITHIN = 2.7
"""Real seconds after the click reached shard 0 until which the sender waits for the
owner that took it to answer it: past Discord's three seconds nobody can."""
WATCH = 0.02
"""Seconds between the sender's looks at a taken click (answered? owner alive?)."""

HOLD_ENV = "E2E_HOLD_RELAYED"
"""Test hook: seconds the owner holds each click it took before handling it, so that a
test can kill it in between."""

FORWARDED = re.compile(r"pres:[ctk]:(?P<gid>\d{1,19})(?::|$)")
"""The DM components that act on a running table (``cogs/table/ids.py``: turn
controls, table buttons, hints); the rest read only the shared database."""

RESTARTING = N_(
    "The bot's process for this game's server is restarting, so nothing changed. Try "
    "again in a few seconds (your turn message, if it is your turn, comes again)."
)
DECIDED = N_(
    "The bot's process for this game's server is restarting, and this turn was already "
    "decided before it went down. The table goes on in a few seconds."
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
        self._relayed: dict[int, int] = {}
        """The relay id of each click taken here and not yet seen answered, by its id."""
        self._hold = float(os.environ.get(HOLD_ENV) or 0)

    def install(self) -> None:
        self.state.parsers["INTERACTION_CREATE"] = self.parse
        self.bot.add_listener(self._on_interaction, "on_interaction")
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
        self.bot.remove_listener(self._on_interaction, "on_interaction")
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
        log.warning("game %s: shard %s did not answer a click; answered here", game_id, shard)
        interaction = discord.Interaction(data=data, state=self.state)  # type: ignore[arg-type]
        text = await self._restarting_text(data, game_id)
        with reading(interaction.locale):  # the clicker's language
            text = _(text)
        await respond(interaction, text, ephemeral=True)

    async def _restarting_text(self, data: dict[str, Any], game_id: int) -> str:
        """What a click the owner cannot answer is told: a turn control or hint of a
        turn the store shows decided (the owner may have stored this very click before
        dying) is not told that nothing changed."""
        custom_id = str((data.get("data") or {}).get("custom_id", ""))
        parts = CONTROL.parse(custom_id) or HINT.parse(custom_id)
        if parts is None:
            return RESTARTING
        try:
            stored = await self.cluster.game_version(game_id)
        except Exception as exc:
            log.warning("game %s: cannot read its version (%s)", game_id, exc)
            return RESTARTING
        if stored is None or stored > int(parts["ver"]):
            return DECIDED
        return RESTARTING

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
            if await self.cluster.withdraw(relay_id):
                return False
            return await self._answered_by_owner(relay_id, shard, seen)
        except Exception as exc:
            # its fate unknown, the click is left to the owner: answered twice would be
            # worse than not at all
            log.warning("game %s: a passed-on click could not be followed (%s)", game_id, exc)
            return True

    async def _answered_by_owner(self, relay_id: int, shard: int, seen: float) -> bool:
        """Whether the owner that took a click answers it: False once it died first."""
        while time.time() < seen + ANSWER_WITHIN:
            if await self.cluster.state_of(relay_id) == ANSWERED:
                return True
            if not await self.cluster.holder_alive(shard):
                # it may have answered just before dying
                return await self.cluster.state_of(relay_id) == ANSWERED
            await asyncio.sleep(WATCH)
        return True  # a live owner, slow: its answer (or Discord's timeout) stands

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
        self._relayed[int(data["id"])] = relay_id
        if self._hold:
            log.info("holding relayed click %s for %s s (%s)", data.get("id"), self._hold, HOLD_ENV)
            self._spawn(self._parse_later(data), f"hold-{relay_id}")
            return
        self._parse(data)

    async def _parse_later(self, data: dict[str, Any]) -> None:
        await asyncio.sleep(self._hold)
        self._parse(data)

    async def _on_interaction(self, interaction: discord.Interaction) -> None:
        relay_id = self._relayed.pop(interaction.id, None)
        if relay_id is not None:
            self._spawn(self._mark_answered(interaction, relay_id), f"answered-{relay_id}")

    async def _mark_answered(self, interaction: discord.Interaction, relay_id: int) -> None:
        """Tell the sender once the click has its answer (the table answers it in its own
        time, by its own path)."""
        stop = time.monotonic() + 3.0
        while not interaction.response.is_done():
            if time.monotonic() > stop:
                return  # never answered: Discord has dropped it, and so does the sender
            await asyncio.sleep(WATCH / 2)
        try:
            await self.cluster.answered(relay_id)
        except Exception as exc:
            log.warning("relay %s: cannot mark it answered (%s)", relay_id, exc)


async def setup(bot: CardTableBot) -> None:
    assert bot.cluster is not None
    forwarder = Forwarder(bot, bot.cluster)
    forwarder.install()
    bot.forwarder = forwarder  # type: ignore[attr-defined]


async def teardown(bot: CardTableBot) -> None:
    forwarder: Forwarder | None = getattr(bot, "forwarder", None)
    if forwarder is not None:
        forwarder.uninstall()
