"""The in-process control API that end-to-end tests drive.

Why an in-process object rather than more HTTP: tests run in the same event
loop as the emulator and the bot, so they can create users and guilds, act as
players (slash commands, clicks, selects, modal submits), inject faults and
read every message directly from the state model, and await conditions
instead of sleeping.

Typical use (see ``tests/e2e/test_emulator.py``)::

    emu = Emulator()
    await emu.start()
    alice = emu.create_user("alice")
    guild = emu.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with run_client(emu, bot):
        handle = await emu.slash(alice, channel, "president new", options={"seats": 4})
        assert handle.message.attachments[0].image().size == (800, 600)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from . import validation
from .gateway import Gateway
from .ratelimit import RateLimits, exempt_from_global
from .rest import RestApi
from .server import Fault, RequestRecord, build_app
from .state import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM,
    GUILD_TEXT,
    AppCommand,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    State,
    User,
    channel_permissions,
)

T = TypeVar("T")

# Gateway intents that gate message events.
_INTENT_GUILD_MESSAGES = 1 << 9
_INTENT_DM_MESSAGES = 1 << 12
_INTENT_MESSAGE_CONTENT = 1 << 15

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

_OPTION_TYPES = {3: str, 4: int, 5: bool, 10: float}


@dataclass
class Failure:
    """Something that must fail the test unless it was declared expected."""

    kind: str  # unknown_route | validation | interaction | log | gateway
    detail: str


@dataclass
class Expectation:
    kind: str
    pattern: str | None
    seen: int = 0


class _LogCollector(logging.Handler):
    """Turns ERROR records of the ``discord`` logger into test failures."""

    def __init__(self, emu: Emulator) -> None:
        super().__init__(level=logging.ERROR)
        self.emu = emu

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" [{type(exc).__name__}: {exc}]"
        self.emu.record_failure("log", f"{record.name}: {text}")


class InteractionHandle:
    """What a player's action produced; await it to see the bot's answer."""

    def __init__(self, emu: Emulator, interaction: Interaction) -> None:
        self.emu = emu
        self.interaction = interaction

    def __repr__(self) -> str:
        i = self.interaction
        return f"<InteractionHandle id={i.id} type={i.type} response={i.response_type}>"

    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def response_type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return self.interaction.response_type

    @property
    def responded(self) -> bool:
        return self.interaction.responded

    @property
    def ephemeral(self) -> bool:
        return self.interaction.ephemeral

    @property
    def message(self) -> Message | None:
        """The message the response created or updated (``@original``)."""
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.interaction.choices

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    @property
    def rejections(self) -> list[tuple[int, str]]:
        """Error codes the emulator answered to callback attempts (10062, 40060)."""
        return self.interaction.rejections

    async def wait_response(self, timeout: float = 5.0) -> InteractionHandle:
        """Wait until the bot acknowledged the interaction (or it was rejected)."""
        await self.emu.wait_for(
            lambda: self.interaction.responded or bool(self.interaction.rejections),
            timeout,
            f"a response to interaction {self.interaction.id} ({self.interaction.data})",
        )
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        await self.emu.wait_for(
            lambda: len(self.interaction.followups) >= count,
            timeout,
            f"{count} followup(s) to interaction {self.interaction.id}",
        )
        return self.interaction.followups

    async def wait_message(
        self, predicate: Callable[[Message], bool] | None = None, timeout: float = 5.0
    ) -> Message:
        """Wait until ``@original`` exists, is not 'thinking' and matches."""

        def ready() -> Message | None:
            msg = self.interaction.original
            if msg is None or msg.loading:
                return None
            return msg if predicate is None or predicate(msg) else None

        return await self.emu.wait_for(ready, timeout, "the interaction's message")


class Emulator:
    """A local Discord: REST + gateway server, state model and control API."""

    def __init__(
        self,
        *,
        interaction_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        attachment_limit: int = validation.DEFAULT_ATTACHMENT_LIMIT,
        bot_name: str = "CardTable",
    ) -> None:
        self.state = State()
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.attachment_limit = attachment_limit
        self.client_checks = True
        """Whether slash options are checked against the command's schema, as
        Discord's clients do (off: a modified client sends any value)."""
        self.token = "emu." + secrets.token_urlsafe(24)
        self.bot_user = self._add_user(User(id=self.state.snowflake(), name=bot_name, bot=True))
        self.application_id = self.bot_user.id
        self.owner = self._add_user(User(id=self.state.snowflake(), name="app-owner"))
        self.rest = RestApi(self)
        self.gateway = Gateway(self)
        self.failures: list[Failure] = []
        self.expectations: list[Expectation] = []
        self.requests: list[RequestRecord] = []
        self.faults: list[Fault] = []
        self.rate_limits = RateLimits()
        self.latency = 0.0
        self.clock_since = time.time()
        """The wall time from which the scaled game clocks of this emulator's bot
        processes count (``tests/e2e/launcher.py``), so that they agree."""
        # How long slash() waits for a command the bot may still be syncing.
        self.command_sync_grace = 1.0
        self.port = 0
        self._changed: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None
        self._log_handler = _LogCollector(self)
        self._watched_loggers: list[logging.Logger] = []

    # -- lifecycle ----------------------------------------------------------------
    @property
    def http_base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.http_base}/api/v10"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def start(self) -> Emulator:
        self._changed = asyncio.Event()
        self._runner = web.AppRunner(build_app(self), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.watch_logger("discord")
        return self

    async def stop(self) -> None:
        for session in self.gateway.sessions.values():
            if session.ws is not None and not session.ws.closed:
                await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for logger in self._watched_loggers:
            logger.removeHandler(self._log_handler)
        self._watched_loggers.clear()

    def watch_logger(self, name: str) -> None:
        """Also fail the test on ERROR records of this logger (e.g. the bot's)."""
        logger = logging.getLogger(name)
        if logger not in self._watched_loggers:
            logger.addHandler(self._log_handler)
            self._watched_loggers.append(logger)

    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    # -- change notification & waiting --------------------------------------------
    def notify(self) -> None:
        """Wake every ``wait_for``; called on every state change."""
        if self._changed is not None:
            event, self._changed = self._changed, asyncio.Event()
            event.set()

    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = 5.0, description: str = ""
    ) -> T:
        """Return the first truthy ``predicate()`` value, re-checked on every change.

        Raises AssertionError (with recorded failures, for context) on timeout.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            assert self._changed is not None, "emulator not started"
            event = self._changed
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                what = description or getattr(predicate, "__name__", "condition")
                extra = "".join(f"\n  {f.kind}: {f.detail}" for f in self.failures)
                raise AssertionError(f"timed out after {timeout}s waiting for {what}{extra}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))

    def mark(self) -> int:
        """A high-water mark: messages created later have a larger id."""
        return self.state.snowflake()

    async def wait_for_message(
        self,
        where: Channel | User,
        predicate: Callable[[Message], bool] | None = None,
        *,
        since: int = 0,
        timeout: float = 5.0,
    ) -> Message:
        """First message in a channel (or a user's DM) newer than ``since`` matching."""

        def find() -> Message | None:
            for msg in self.messages(where):
                if msg.id > since and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.wait_for(find, timeout, f"a message in {where!r}")

    # -- failures -----------------------------------------------------------------
    def record_failure(self, kind: str, detail: str) -> None:
        self.failures.append(Failure(kind, detail))
        self.notify()

    def record_request(
        self,
        method: str,
        path: str,
        status: int,
        *,
        global_limit: bool = False,
        at: float | None = None,
    ) -> None:
        """``at``: when the rate limits admitted or refused it (default now): an answer
        can take longer than its neighbours', and the limits count arrivals."""
        api_path = path[len("/api/v10") :] if path.startswith("/api/v10") else path
        self.requests.append(
            RequestRecord(
                method,
                path,
                status,
                self.loop_time() if at is None else at,
                kind=self._request_kind(method, api_path),
                global_limited=path.startswith("/api/") and not exempt_from_global(api_path),
                global_limit=global_limit,
            )
        )

    def _request_kind(self, method: str, api_path: str) -> str:
        if exempt_from_global(api_path):
            return "interaction"
        if api_path == "/users/@me/channels":
            return "dm_open"
        if re.fullmatch(r"/users/\d+", api_path):
            return "user"
        found = re.fullmatch(r"/channels/(\d+)/messages(/\d+)?", api_path)
        if found:
            channel = self.state.channels.get(int(found[1]))
            return "dm" if channel is not None and channel.type == DM else "channel"
        return "other"

    def invalid_requests(self) -> int:
        """Answers Discord counts towards its invalid-request limit (401, 403, 429;
        about 10,000 in 10 minutes blocks the bot's address for an hour)."""
        return sum(1 for r in self.requests if r.status in (401, 403, 429))

    def limit_rate(
        self, *, global_per_second: float | None = 50, route: tuple[int, float] | None = (5, 5.0)
    ) -> RateLimits:
        """Enforce Discord's global limit (requests a second, interaction answers
        exempt) and a bucket of ``route`` = (requests, seconds) per route and major
        parameter, reported in X-RateLimit-* headers; None turns either off."""
        self.rate_limits = RateLimits(global_per_second, route)
        return self.rate_limits

    def expect_failure(self, kind: str, match: str | None = None) -> Expectation:
        """Declare that a failure of ``kind`` (regex ``match`` on its detail) is expected.

        Kinds: ``validation``, ``interaction``, ``log``, ``unknown_route``,
        ``gateway``.  An expectation that is never met is itself a failure.
        """
        exp = Expectation(kind, match)
        self.expectations.append(exp)
        return exp

    def unexpected_failures(self) -> list[str]:
        """Problems that should fail the test: unexpected failures, unmet expectations."""
        problems = []
        for failure in self.failures:
            matched = [
                e
                for e in self.expectations
                if e.kind == failure.kind
                and (e.pattern is None or re.search(e.pattern, failure.detail))
            ]
            for e in matched:
                e.seen += 1
            if not matched:
                problems.append(f"{failure.kind}: {failure.detail}")
        for e in self.expectations:
            if e.seen == 0:
                problems.append(f"expected a {e.kind} failure matching {e.pattern!r}, none seen")
        return problems

    def failures_of(self, kind: str) -> list[Failure]:
        return [f for f in self.failures if f.kind == kind]

    # -- faults -------------------------------------------------------------------
    def fail_next(
        self,
        status: int = 429,
        count: int = 1,
        *,
        method: str | None = None,
        path: str | None = None,
        retry_after: float = 0.05,
        is_global: bool = False,
    ) -> Fault:
        """Answer the next ``count`` REST calls matching method/path regex with
        ``status`` (429 with ``retry_after``/``Via``/X-RateLimit headers, or 5xx)."""
        fault = Fault(status, count, method, path, retry_after, is_global)
        self.faults.append(fault)
        return fault

    def delay_next(
        self,
        seconds: float,
        count: int = 1,
        *,
        method: str | None = None,
        path: str | None = None,
    ) -> Fault:
        """Delay the next matching REST calls (they then succeed normally)."""
        fault = Fault(0, count, method, path, delay=seconds)
        self.faults.append(fault)
        return fault

    async def drop_gateway(self, code: int = 4000) -> None:
        """Cut the bot's websocket; it is expected to RESUME."""
        await self.gateway.drop(code)

    async def wait_resumed(self, resumes: int = 1, timeout: float = 10.0) -> None:
        def done() -> bool:
            s = self.gateway.current
            return s is not None and s.resumes >= resumes and s.ws is not None

        await self.wait_for(done, timeout, f"{resumes} gateway resume(s)")

    def close_dms(self, user: User, closed: bool = True) -> None:
        """The user blocks DMs from server members: sends answer 403/50007."""
        user.dms_closed = closed

    # -- world building -----------------------------------------------------------
    def _add_user(self, user: User) -> User:
        self.state.users[user.id] = user
        return user

    def create_user(self, name: str, *, dms_closed: bool = False, locale: str = "en-US") -> User:
        return self._add_user(
            User(id=self.state.snowflake(), name=name, dms_closed=dms_closed, locale=locale)
        )

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        members: Iterable[User] = (),
        channels: Iterable[str] = ("general",),
        owner: User | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        shard: tuple[int, int] | None = None,
        locale: str = "en-US",
    ) -> Guild:
        """A guild with the bot, the given members and text channels; ``shard``
        ``(shard_id, shard_count)`` picks an id on that shard; ``locale`` is
        Discord's language of the server (``guild_locale`` of interactions).

        If the bot is already connected it receives GUILD_CREATE.
        """
        gid = self.state.snowflake() if shard is None else self.state.snowflake.for_shard(*shard)
        owner = owner or self.owner
        everyone = Role(id=gid, name="@everyone", permissions=DEFAULT_MEMBER_PERMISSIONS)
        bot_role = Role(
            id=self.state.snowflake(),
            name=self.bot_user.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
        )
        guild = Guild(
            id=gid, name=name, owner_id=owner.id, roles=[everyone, bot_role], locale=locale
        )
        guild.members[self.bot_user.id] = Member(self.bot_user, roles=[bot_role.id])
        for user in [owner, *members]:
            guild.members.setdefault(user.id, Member(user))
        self.state.guilds[gid] = guild
        for i, cname in enumerate(channels):
            self._new_channel(guild, cname, position=i)
        self._dispatch_soon("GUILD_CREATE", lambda: guild.payload(self.bot_user.id))
        return guild

    def _new_channel(
        self,
        guild: Guild,
        name: str,
        *,
        position: int = 0,
        type: int = GUILD_TEXT,
        overwrites: list[dict[str, Any]] | None = None,
        parent: Channel | None = None,
    ) -> Channel:
        ch = Channel(
            id=self.state.snowflake(),
            type=type,
            name=name,
            guild_id=guild.id,
            position=position,
            parent_id=parent.id if parent else None,
            permission_overwrites=overwrites or [],
        )
        guild.channels.append(ch)
        self.state.channels[ch.id] = ch
        return ch

    def create_channel(
        self,
        guild: Guild,
        name: str,
        *,
        overwrites: list[dict[str, Any]] | None = None,
        thread_of: Channel | None = None,
    ) -> Channel:
        """A text channel (or a public thread of ``thread_of``)."""
        ch = self._new_channel(
            guild,
            name,
            position=len(guild.channels),
            type=11 if thread_of else GUILD_TEXT,
            overwrites=overwrites,
            parent=thread_of,
        )
        event = "THREAD_CREATE" if thread_of else "CHANNEL_CREATE"
        self._dispatch_soon(event, ch.payload)
        return ch

    def add_member(self, guild: Guild, user: User) -> Member:
        member = guild.members.setdefault(user.id, Member(user))
        self._dispatch_soon(
            "GUILD_MEMBER_ADD", lambda: {**member.payload(), "guild_id": str(guild.id)}
        )
        return member

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on demand)."""
        ch = self.state.dm_channel_for(user)
        assert ch is not None
        return ch

    def _dispatch_soon(self, event: str, data: Callable[[], Any]) -> None:
        if self.gateway.current is None:
            return
        asyncio.get_running_loop().create_task(self.gateway.dispatch(event, data()))

    async def dispatch_message_event(self, event: str, msg: Message) -> None:
        session = self.gateway.current
        if session is None:
            return
        needed = _INTENT_GUILD_MESSAGES if msg.guild_id else _INTENT_DM_MESSAGES
        if not session.intents & needed:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
        else:
            data = self.rest.message_payload(msg)
            hidden = (
                msg.guild_id is not None
                and msg.author is not self.bot_user
                and not session.intents & _INTENT_MESSAGE_CONTENT
                and self.bot_user.mention not in msg.content
            )
            if hidden:  # the privileged intent is missing: Discord blanks these fields
                data.update(content="", embeds=[], attachments=[], components=[])
        await self.gateway.dispatch(event, data)

    # -- reading ------------------------------------------------------------------
    def messages(
        self,
        where: Channel | User,
        *,
        visible_to: User | None = None,
        include_ephemeral: bool = True,
        include_deleted: bool = False,
    ) -> list[Message]:
        """Messages of a channel (or of the DM with a user), oldest first.

        ``visible_to``: only what that user can see (drops others' ephemerals).
        """
        channel = self.dm_channel(where) if isinstance(where, User) else where
        out = []
        for m in channel.messages:
            if m.deleted and not include_deleted:
                continue
            if m.visible_to is not None:
                if not include_ephemeral:
                    continue
                if visible_to is not None and m.visible_to != visible_to.id:
                    continue
            out.append(m)
        return out

    def dms(self, user: User) -> list[Message]:
        return self.messages(user)

    def last_message(self, where: Channel | User) -> Message | None:
        msgs = self.messages(where)
        return msgs[-1] if msgs else None

    def commands(self, guild: Guild | None = None) -> dict[str, AppCommand]:
        """Synced commands: global, or a guild's."""
        if guild is None:
            return dict(self.state.global_commands)
        return dict(self.state.guild_commands.get(guild.id, {}))

    # -- player actions -----------------------------------------------------------
    async def send_message(self, user: User, channel: Channel, content: str) -> Message:
        """A player writes a message (dispatched as MESSAGE_CREATE)."""
        self._check_can_see(user, channel)
        msg = Message(
            id=self.state.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=user,
            content=content,
        )
        msg.snapshot()
        channel.messages.append(msg)
        self.state.messages[msg.id] = msg
        self.notify()
        await self.dispatch_message_event("MESSAGE_CREATE", msg)
        return msg

    def _check_can_see(self, user: User, channel: Channel) -> None:
        if channel.type == DM:
            if channel.recipient is not user:
                raise AssertionError(f"{user.name} is not the recipient of DM {channel.id}")
            return
        assert channel.guild_id is not None
        guild = self.state.guilds[channel.guild_id]
        if user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")

    def _find_command(self, channel: Channel, root: str) -> AppCommand | None:
        if channel.guild_id is not None:
            cmd = self.state.guild_commands.get(channel.guild_id, {}).get(root)
            if cmd is not None:
                return cmd
        cmd = self.state.global_commands.get(root)
        if cmd is not None and channel.type == DM:
            contexts = cmd.data.get("contexts")
            if cmd.data.get("dm_permission") is False or (
                contexts is not None and 1 not in contexts
            ):
                return None
        return cmd

    async def _resolve_command(self, channel: Channel, name: str) -> AppCommand:
        root = name.split()[0]
        try:
            return await self.wait_for(
                lambda: self._find_command(channel, root),
                self.command_sync_grace,
                f"command /{root}",
            )
        except AssertionError:
            known = sorted(self.state.global_commands) + [
                f"{n} (guild)" for n in self.state.guild_commands.get(channel.guild_id or 0, {})
            ]
            raise AssertionError(
                f"/{root} is not registered for channel {channel.id}; registered: {known}"
            ) from None

    def _build_options(
        self,
        cmd: AppCommand,
        path: list[str],
        options: dict[str, Any],
        guild: Guild | None,
        *,
        focused: str | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        schema: list[dict[str, Any]] = cmd.data.get("options") or []
        resolved: dict[str, dict[str, Any]] = {}
        for sub in path:
            match = next((o for o in schema if o["name"] == sub and o.get("type") in (1, 2)), None)
            if match is None:
                have = [o["name"] for o in schema if o.get("type") in (1, 2)]
                raise AssertionError(f"/{cmd.name}: no subcommand {sub!r}; have {have}")
            schema = match.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema):
            subs = [o["name"] for o in schema if o.get("type") in (1, 2)]
            raise AssertionError(f"/{' '.join([cmd.name, *path])} needs a subcommand: {subs}")
        leaf: list[dict[str, Any]] = []
        by_name = {o["name"]: o for o in schema}
        for key, value in options.items():
            if key not in by_name:
                raise AssertionError(f"/{cmd.name} {' '.join(path)}: unknown option {key!r}")
            opt = by_name[key]
            otype = int(opt["type"])
            entry: dict[str, Any] = {"name": key, "type": otype}
            if key == focused:
                entry["focused"] = True
                entry["value"] = str(value)
            else:
                entry["value"] = self._option_value(opt, value, resolved, guild)
            leaf.append(entry)
        if focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
            if missing:
                raise AssertionError(f"/{cmd.name} {' '.join(path)}: missing required {missing}")
        tree: list[dict[str, Any]] = leaf
        sub_types = []
        cursor = cmd.data.get("options") or []
        for sub in path:
            match = next(o for o in cursor if o["name"] == sub)
            sub_types.append(int(match["type"]))
            cursor = match.get("options") or []
        for sub, stype in reversed(list(zip(path, sub_types, strict=True))):
            tree = [{"name": sub, "type": stype, "options": tree}]
        return tree, resolved

    def _option_value(
        self,
        opt: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
    ) -> Any:
        otype = int(opt["type"])
        name = opt["name"]
        if otype in _OPTION_TYPES:
            if not self.client_checks:  # a modified client sends what it likes, as it is
                return value
            if otype in (4, 10) and isinstance(value, bool):
                raise AssertionError(f"option {name!r} expects a number, got {value!r}")
            value = _OPTION_TYPES[otype](value)
            choices = opt.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise AssertionError(f"option {name!r}: {value!r} is not one of the choices")
            if "min_value" in opt and value < opt["min_value"]:
                raise AssertionError(f"option {name!r}: {value} < min {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise AssertionError(f"option {name!r}: {value} > max {opt['max_value']}")
            if otype == 3 and "max_length" in opt and len(value) > opt["max_length"]:
                raise AssertionError(f"option {name!r}: longer than {opt['max_length']}")
            return value
        if not self.client_checks and not isinstance(value, User | Channel | Role):
            return value  # a forged id: nothing is resolved
        if otype in (6, 9) and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.members[value.id]
                resolved.setdefault("members", {})[str(value.id)] = member.payload(
                    with_user=False, permissions=guild.permissions_of(value)
                )
            return str(value.id)
        if otype in (7, 9) and isinstance(value, Channel):
            payload = value.payload()
            payload["permissions"] = str(DEFAULT_BOT_PERMISSIONS)
            resolved.setdefault("channels", {})[str(value.id)] = payload
            return str(value.id)
        if otype in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        raise AssertionError(f"option {name!r} of type {otype}: unsupported value {value!r}")

    def _new_interaction(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> Interaction:
        if self.gateway.current is None:
            raise AssertionError("the bot is not connected to the emulator gateway")
        self._check_can_see(user, channel)
        guild = self.state.guilds.get(channel.guild_id) if channel.guild_id else None
        inter = Interaction(
            id=self.state.snowflake(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=itype,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            created_at=self.loop_time(),
            message=message,
        )
        self.state.interactions[inter.id] = inter
        self.state.interactions_by_token[inter.token] = inter
        return inter

    def interaction_payload(self, inter: Interaction) -> dict[str, Any]:
        """INTERACTION_CREATE data with every field discord.py 2.7 reads."""
        guild, channel, user = inter.guild, inter.channel, inter.user
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_limit,
            "channel_id": str(channel.id),
        }
        channel_payload = channel.payload()
        if guild is not None:
            member = guild.members[user.id]
            perms = channel_permissions(guild, channel, user)
            channel_payload["permissions"] = str(perms)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member.payload(permissions=perms),
                app_permissions=str(channel_permissions(guild, channel, self.bot_user)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(DEFAULT_BOT_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        payload["channel"] = channel_payload
        if inter.message is not None:
            payload["message"] = self.rest.message_payload(inter.message)
        return payload

    async def _fire(self, inter: Interaction, wait: bool, timeout: float) -> InteractionHandle:
        await self.gateway.dispatch("INTERACTION_CREATE", self.interaction_payload(inter))
        handle = InteractionHandle(self, inter)
        if wait:
            await handle.wait_response(timeout)
        return handle

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """Run ``/command sub [options]`` as ``user`` in ``channel``.

        The command must have been synced by the bot (guild or global); option
        values are typed and checked against the registered schema (User,
        Channel and Role objects are resolved).  With ``wait`` the call
        returns once the bot has acknowledged the interaction.
        """
        cmd = await self._resolve_command(channel, command)
        parts = command.split()
        guild = self.state.guilds.get(channel.guild_id) if channel.guild_id else None
        tree, resolved = self._build_options(cmd, parts[1:], options or {}, guild)
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": tree}
        if resolved:
            data["resolved"] = resolved
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        inter = self._new_interaction(APPLICATION_COMMAND, user, channel, data)
        return await self._fire(inter, wait, timeout)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """The user is typing option ``focused``; ``handle.choices`` holds the answer."""
        cmd = await self._resolve_command(channel, command)
        parts = command.split()
        guild = self.state.guilds.get(channel.guild_id) if channel.guild_id else None
        tree, _ = self._build_options(cmd, parts[1:], options, guild, focused=focused)
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": tree}
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        inter = self._new_interaction(AUTOCOMPLETE, user, channel, data)
        return await self._fire(inter, wait, timeout)

    def _usable_message(self, user: User, message: Message) -> Channel:
        current = self.state.messages.get(message.id)
        if current is None or current.deleted:
            raise AssertionError(f"message {message.id} does not exist (deleted?)")
        if current.visible_to is not None and current.visible_to != user.id:
            raise AssertionError(f"message {message.id} is ephemeral for another user")
        channel = self.state.channels[current.channel_id]
        self._check_can_see(user, channel)
        return channel

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """Click a button (by custom_id or label) as ``user``; disabled buttons can't be."""
        channel = self._usable_message(user, message)
        button = message.button(label=label, custom_id=custom_id)
        if button.get("disabled"):
            raise AssertionError(f"button {button.get('label')!r} is disabled")
        if button.get("style") == 5 or not button.get("custom_id"):
            raise AssertionError("link buttons do not create interactions")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        inter = self._new_interaction(MESSAGE_COMPONENT, user, channel, data, message)
        return await self._fire(inter, wait, timeout)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str | None,
        values: list[str],
        *,
        placeholder: str | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """Choose ``values`` in a string select; checked against its options and bounds."""
        channel = self._usable_message(user, message)
        menu = message.select(custom_id=custom_id, placeholder=placeholder)
        if menu.get("disabled"):
            raise AssertionError(f"select {menu.get('custom_id')!r} is disabled")
        if menu.get("type") == 3:
            allowed = [o["value"] for o in menu.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"values {bad} are not options of the select ({allowed})")
        lo, hi = menu.get("min_values", 1), menu.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"{len(values)} values chosen, the select allows {lo}..{hi}")
        data = {"custom_id": menu["custom_id"], "component_type": menu["type"], "values": values}
        inter = self._new_interaction(MESSAGE_COMPONENT, user, channel, data, message)
        return await self._fire(inter, wait, timeout)

    async def forge(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[str] | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """What a modified client (or a message from an older release) can send:
        a component interaction on ``message`` with any id, type and values,
        none of them checked against the message's components."""
        channel = self._usable_message(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        inter = self._new_interaction(MESSAGE_COMPONENT, user, channel, data, message)
        return await self._fire(inter, wait, timeout)

    async def submit_modal(
        self,
        user: User,
        opened_by: InteractionHandle,
        values: dict[str, str],
        *,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        """Fill in the modal the bot opened (callback type 9) and submit it."""
        modal = opened_by.modal
        if modal is None:
            raise AssertionError("the bot did not open a modal for this interaction")

        def fill(comp: dict[str, Any]) -> dict[str, Any]:
            t = comp.get("type")
            if t == 4:
                value = values.get(comp["custom_id"], comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise AssertionError(f"text input {comp['custom_id']!r} is required")
                return {"type": 4, "custom_id": comp["custom_id"], "value": value}
            if t in (3, 5, 6, 7, 8):
                chosen = values.get(comp["custom_id"], [])
                return {"type": t, "custom_id": comp["custom_id"], "values": chosen}
            out: dict[str, Any] = {"type": t}
            if "id" in comp:
                out["id"] = comp["id"]
            if "components" in comp:
                out["components"] = [fill(c) for c in comp["components"]]
            if isinstance(comp.get("component"), dict):
                out["component"] = fill(comp["component"])
            return out

        data = {
            "custom_id": modal["custom_id"],
            "components": [fill(c) for c in modal.get("components", [])],
        }
        source = opened_by.interaction
        inter = self._new_interaction(MODAL_SUBMIT, user, source.channel, data, source.message)
        return await self._fire(inter, wait, timeout)
