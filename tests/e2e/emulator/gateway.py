"""The gateway websocket: hello, identify/READY, heartbeats, dispatch, resume.

Why a session object separate from the socket: on Discord a session outlives
its connection.  Events dispatched while the bot is disconnected are kept in
the session's log with their sequence numbers, and a RESUME (op 6) with the
last sequence the bot saw replays exactly the missed ones before RESUMED.  This
lets tests drop the connection at any moment and check the bot resumes
instead of losing interactions.

discord.py asks for ``compress=zlib-stream`` but also accepts plain text
frames, so frames are sent uncompressed JSON text.

Shards: a connection identifies with ``shard: [shard_id, shard_count]`` (none
means ``[0, 1]``) and gets the events of the servers whose shard, ``(guild_id >>
22) % shard_count``, is its own; events of no server (DMs, clicks in DMs) go to
shard 0 only. As on Discord, nothing stops a second connection identifying
for a shard already connected: both receive its events (a second bot process
answers every click too, which is what the cluster's shard leases prevent). A
session that is no longer connected keeps its events for a RESUME while it is
the latest of its shard.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .control import Emulator

log = logging.getLogger("e2e.emulator.gateway")

HEARTBEAT_INTERVAL_MS = 41250


@dataclass(eq=False)
class Session:
    """A gateway session: identity, sequence counter and event log."""

    id: str
    intents: int
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    resumes: int = 0
    heartbeats: int = 0
    shard_id: int = 0
    shard_count: int = 1

    def wants(self, guild_id: int | None) -> bool:
        """Whether the events of this server (None: of no server) come to this shard."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    def next_frame(self, event: str, data: Any) -> dict[str, Any]:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.log.append(frame)
        return frame


class Gateway:
    """Serves ``/gateway`` and ``/gateway-resume`` and dispatches events."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        """The latest session of shard 0 (of the bot, when it is not sharded)."""
        self.latest: dict[tuple[int, int], Session] = {}
        """The latest session of each ``(shard_id, shard_count)``."""
        self.connections = 0
        self.identified = asyncio.Event()
        self._lock = asyncio.Lock()

    # -- dispatch ------------------------------------------------------------
    async def dispatch(self, event: str, data: Any) -> None:
        """Send an event to the sessions of its shard (buffered while disconnected)."""
        guild_id = guild_of(event, data)
        async with self._lock:
            for session in self.targets(guild_id):
                frame = session.next_frame(event, data)
                ws = session.ws
                if ws is not None and not ws.closed:
                    try:
                        await ws.send_str(json.dumps(frame))
                    except ConnectionError:  # pragma: no cover - racing a drop
                        session.ws = None
        self.emu.notify()

    def targets(self, guild_id: int | None) -> list[Session]:
        """The sessions that get the events of a server (None: of no server)."""
        return [
            s
            for s in self.sessions.values()
            if s.wants(guild_id)
            and (s.ws is not None or self.latest.get((s.shard_id, s.shard_count)) is s)
        ]

    def shard_session(self, shard_id: int) -> Session | None:
        """The latest session identified for a shard (any shard count)."""
        found = [s for (sid, _), s in self.latest.items() if sid == shard_id]
        return found[-1] if found else None

    async def drop(self, code: int = 4000) -> None:
        """Close the live connection the way a network failure would.

        Code 4000 is resumable for discord.py, so it reconnects to
        ``resume_gateway_url`` and sends RESUME.
        """
        session = self.current
        if session is None or session.ws is None:
            raise AssertionError("no live gateway connection to drop")
        ws, session.ws = session.ws, None
        await ws.close(code=code, message=b"emulator: dropped")

    async def invalidate(self) -> None:
        """Send op 9 (not resumable): discord.py waits and identifies again."""
        session = self.current
        if session is None or session.ws is None:
            raise AssertionError("no live gateway connection")
        await session.ws.send_str(json.dumps({"op": 9, "d": False}))

    # -- websocket handler ---------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self.connections += 1
        await ws.send_str(
            json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        )
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                data = frame.get("d")
                if op == 1:
                    if session is not None:
                        session.heartbeats += 1
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    session = await self._identify(ws, data)
                elif op == 6:
                    session = await self._resume(ws, data)
                elif op == 8:
                    await self._request_members(ws, session, data)
                elif op in (3, 4):
                    pass  # presence / voice: accepted, ignored
                else:
                    self.emu.record_failure("gateway", f"unexpected gateway op {op}: {frame}")
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
            self.emu.notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.emu.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = data.get("shard") or [0, 1]
        shard_id, shard_count = int(shard[0]), int(shard[1])
        if not 0 <= shard_id < shard_count:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(
            id=secrets.token_hex(16),
            intents=int(data.get("intents", 0)),
            shard_id=shard_id,
            shard_count=shard_count,
        )
        self.sessions[session.id] = session
        self.latest[(shard_id, shard_count)] = session
        if shard_id == 0:
            self.current = session
        bot = self.emu.bot_user
        guilds = [g for g in self.emu.state.guilds.values() if session.wants(g.id)]
        ready = {
            "v": 10,
            "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": f"{self.emu.ws_base}/gateway-resume",
            "application": {"id": str(self.emu.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "shard": [shard_id, shard_count],
        }
        async with self._lock:
            session.ws = ws
            frames = [session.next_frame("READY", ready)]
            for guild in guilds:
                frames.append(session.next_frame("GUILD_CREATE", guild.payload(bot.id)))
            for frame in frames:
                await ws.send_str(json.dumps(frame))
        self.identified.set()
        self.emu.notify()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.emu.token:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        last = int(data.get("seq") or 0)
        async with self._lock:
            session.ws = ws
            session.resumes += 1
            missed = [f for f in session.log if f["s"] > last]
            for frame in missed:
                await ws.send_str(json.dumps(frame))
            await ws.send_str(json.dumps(session.next_frame("RESUMED", {})))
        self.emu.notify()
        return session

    async def _request_members(
        self, ws: web.WebSocketResponse, session: Session | None, data: dict[str, Any]
    ) -> None:
        if session is None:
            return
        guild = self.emu.state.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif data.get("query"):
            members = [m for m in members if m.user.name.startswith(data["query"])]
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)


GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
"""Events whose data is the server itself (its ``id``); others carry ``guild_id``."""


def guild_of(event: str, data: Any) -> int | None:
    """The server an event is about, which picks its shard (None: a DM, or no server)."""
    if not isinstance(data, dict):
        return None
    if data.get("guild_id"):
        return int(data["guild_id"])
    if event in GUILD_EVENTS and data.get("id"):
        return int(data["id"])
    return None
