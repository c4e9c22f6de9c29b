"""REST routes under ``/api/v10`` with Discord's status codes and error bodies.

Why so strict: the point of an emulator is that whatever passes here also
passes on Discord.  So every answer is ``Content-Type: application/json``
exactly (discord.py ignores bodies with a charset suffix), errors carry
Discord's ``{"message", "code"}`` bodies, and payload limits are enforced via
:mod:`.validation`.  Handlers raise :class:`ApiError`; the middleware in
:mod:`.server` turns it into a response and records test failures.
"""

from __future__ import annotations

import io
import json
import mimetypes
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import validation
from .state import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    PERM_ATTACH_FILES,
    PERM_EMBED_LINKS,
    PERM_MANAGE_MESSAGES,
    PERM_SEND_MESSAGES,
    PERM_VIEW_CHANNEL,
    AppCommand,
    Attachment,
    Channel,
    Interaction,
    Message,
    channel_permissions,
    iso_now,
)

if TYPE_CHECKING:
    from .control import Emulator

# Message flags a bot may set when sending.
_SETTABLE_FLAGS = (1 << 2) | FLAG_EPHEMERAL | (1 << 12) | FLAG_COMPONENTS_V2

# Which callback types each interaction type accepts.
_ALLOWED_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


class ApiError(Exception):
    """A Discord error answer: HTTP status, JSON error code and message."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: Any = None,
        failure: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.failure = failure  # failure kind to record, if any

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    hdrs = {"Content-Type": "application/json"}
    hdrs.update(headers or {})
    return web.Response(body=json.dumps(data).encode(), status=status, headers=hdrs)


def no_content() -> web.Response:
    return web.Response(status=204)


def invalid_form(problems: list[str]) -> ApiError:
    return ApiError(
        400,
        50035,
        "Invalid Form Body",
        errors={"_problems": problems},
        failure="validation",
    )


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")


def unknown_webhook() -> ApiError:
    return ApiError(404, 10015, "Unknown Webhook")


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[tuple[int, str, bytes]]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]`` parts."""
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        files: list[tuple[int, str, bytes]] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            data = await part.read(decode=False)  # type: ignore[union-attr]
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(data.decode())
            elif name.startswith("files[") or name.startswith("file"):
                index = int(name[6:-1]) if name.startswith("files[") else len(files)
                files.append((index, part.filename or f"file{index}", bytes(data)))  # type: ignore[union-attr]
        return payload, files
    if request.can_read_body:
        raw = await request.read()
        if raw:
            return json.loads(raw), []
    return {}, []


def _image_size(data: bytes) -> tuple[int, int] | None:
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as img:
            return img.size
    except Exception:
        return None


class RestApi:
    """Route handlers; all state lives on the :class:`Emulator`."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu

    def routes(self) -> list[web.RouteDef]:
        p = "/api/v10"
        return [
            web.get(p + "/gateway", self.get_gateway),
            web.get(p + "/gateway/bot", self.get_gateway),
            web.get(p + "/users/@me", self.get_me),
            web.post(p + "/users/@me/channels", self.create_dm),
            web.get(p + "/users/{user_id:[0-9]+}", self.get_user),
            web.get(p + "/oauth2/applications/@me", self.get_application),
            web.get(p + "/applications/@me", self.get_application),
            web.get(p + "/applications/{app_id:[0-9]+}/commands", self.list_commands),
            web.put(p + "/applications/{app_id:[0-9]+}/commands", self.bulk_commands),
            web.post(p + "/applications/{app_id:[0-9]+}/commands", self.upsert_command),
            web.get(p + "/applications/{app_id:[0-9]+}/commands/{cmd_id:[0-9]+}", self.get_command),
            web.patch(
                p + "/applications/{app_id:[0-9]+}/commands/{cmd_id:[0-9]+}", self.edit_command
            ),
            web.delete(
                p + "/applications/{app_id:[0-9]+}/commands/{cmd_id:[0-9]+}", self.delete_command
            ),
            web.get(
                p + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands/permissions",
                self.command_permissions,
            ),
            web.get(
                p + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands",
                self.list_commands,
            ),
            web.put(
                p + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands",
                self.bulk_commands,
            ),
            web.post(
                p + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands",
                self.upsert_command,
            ),
            web.get(
                p
                + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands/{cmd_id:[0-9]+}",
                self.get_command,
            ),
            web.patch(
                p
                + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands/{cmd_id:[0-9]+}",
                self.edit_command,
            ),
            web.delete(
                p
                + "/applications/{app_id:[0-9]+}/guilds/{guild_id:[0-9]+}/commands/{cmd_id:[0-9]+}",
                self.delete_command,
            ),
            web.get(p + "/applications/{app_id:[0-9]+}/entitlements", self.empty_list),
            web.get(p + "/guilds/{guild_id:[0-9]+}", self.get_guild),
            web.get(p + "/guilds/{guild_id:[0-9]+}/channels", self.get_guild_channels),
            web.get(p + "/guilds/{guild_id:[0-9]+}/roles", self.get_guild_roles),
            web.get(p + "/guilds/{guild_id:[0-9]+}/members/{user_id:[0-9]+}", self.get_member),
            web.get(p + "/channels/{channel_id:[0-9]+}", self.get_channel),
            web.post(p + "/channels/{channel_id:[0-9]+}/typing", self.typing),
            web.get(p + "/channels/{channel_id:[0-9]+}/messages", self.list_messages),
            web.post(p + "/channels/{channel_id:[0-9]+}/messages", self.post_message),
            web.get(
                p + "/channels/{channel_id:[0-9]+}/messages/{message_id:[0-9]+}", self.get_message
            ),
            web.patch(
                p + "/channels/{channel_id:[0-9]+}/messages/{message_id:[0-9]+}", self.patch_message
            ),
            web.delete(
                p + "/channels/{channel_id:[0-9]+}/messages/{message_id:[0-9]+}",
                self.delete_message,
            ),
            web.post(p + "/interactions/{interaction_id:[0-9]+}/{token}/callback", self.callback),
            web.post(p + "/webhooks/{app_id:[0-9]+}/{token}", self.followup),
            web.get(
                p + "/webhooks/{app_id:[0-9]+}/{token}/messages/{message_id:([0-9]+|@original)}",
                self.get_webhook_msg,
            ),
            web.patch(
                p + "/webhooks/{app_id:[0-9]+}/{token}/messages/{message_id:([0-9]+|@original)}",
                self.patch_webhook_msg,
            ),
            web.delete(
                p + "/webhooks/{app_id:[0-9]+}/{token}/messages/{message_id:([0-9]+|@original)}",
                self.delete_webhook_msg,
            ),
            web.get(
                "/attachments/{channel_id:[0-9]+}/{attachment_id:[0-9]+}/{filename}",
                self.get_attachment,
            ),
        ]

    # -- helpers -------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.emu.state

    def _channel(self, request: web.Request) -> Channel:
        try:
            return self.state.channels[int(request.match_info["channel_id"])]
        except (KeyError, ValueError):
            raise unknown_channel() from None

    def _channel_message(self, channel: Channel, raw_id: str) -> Message:
        try:
            msg = self.state.messages[int(raw_id)]
        except (KeyError, ValueError):
            raise unknown_message() from None
        if msg.channel_id != channel.id or msg.deleted or msg.visible_to is not None:
            raise unknown_message()
        return msg

    def _check_app(self, request: web.Request) -> None:
        if int(request.match_info["app_id"]) != self.emu.application_id:
            raise ApiError(403, 50001, "Missing Access")

    def _require_perms(self, channel: Channel, needed: int, what: str) -> None:
        if channel.guild_id is None:
            return
        guild = self.state.guilds[channel.guild_id]
        perms = channel_permissions(guild, channel, self.emu.bot_user)
        if perms & needed != needed:
            raise ApiError(403, 50013, f"Missing Permissions ({what})")

    def message_payload(self, msg: Message) -> dict[str, Any]:
        guild = self.state.guilds.get(msg.guild_id) if msg.guild_id else None
        member = guild.members.get(msg.author.id) if guild else None
        return msg.payload(member)

    # -- messages: shared create/edit logic -----------------------------------
    def build_attachments(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: list[tuple[int, str, bytes]],
        existing: list[Attachment],
    ) -> list[Attachment]:
        """Apply Discord's ``attachments`` semantics: keep listed ids, add files."""
        by_index = {index: (name, data) for index, name, data in files}
        result: list[Attachment] = []
        used: set[int] = set()
        entries = payload.get("attachments")
        if entries is None:
            result = list(existing)
            entries = []
        existing_by_id = {a.id: a for a in existing}
        for entry in entries:
            aid = int(entry["id"])
            if aid in existing_by_id:
                result.append(existing_by_id[aid])
            elif aid in by_index:
                name, data = by_index[aid]
                result.append(
                    self._new_attachment(
                        channel, entry.get("filename") or name, data, entry.get("description")
                    )
                )
                used.add(aid)
            else:
                raise invalid_form([f"attachments: unknown attachment id {aid}"])
        for index, name, data in files:
            if index not in used:
                result.append(self._new_attachment(channel, name, data, None))
        return result

    def _new_attachment(
        self, channel: Channel, filename: str, data: bytes, description: str | None
    ) -> Attachment:
        aid = self.state.snowflake()
        att = Attachment(
            id=aid,
            filename=filename,
            data=data,
            content_type=mimetypes.guess_type(filename)[0],
            description=description,
            url=f"{self.emu.http_base}/attachments/{channel.id}/{aid}/{filename}",
        )
        size = _image_size(data)
        if size is not None:
            att.width, att.height = size
        return att

    def create_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: list[tuple[int, str, bytes]],
        *,
        interaction: Interaction | None = None,
        loading: bool = False,
    ) -> Message:
        problems = validation.validate_message(
            payload,
            [(n, d) for _, n, d in files],
            attachment_limit=self.emu.attachment_limit,
            creating=not loading,
        )
        if problems:
            raise invalid_form(problems)
        flags = int(payload.get("flags") or 0) & _SETTABLE_FLAGS
        if loading:
            flags |= FLAG_LOADING
        if flags & FLAG_EPHEMERAL and interaction is None:
            flags &= ~FLAG_EPHEMERAL  # Discord ignores the flag outside interactions
        bot = self.emu.bot_user
        msg = Message(
            id=self.state.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=bot,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=flags,
        )
        msg.attachments = self.build_attachments(channel, payload, files, [])
        if payload.get("message_reference"):
            msg.message_type = 19
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.interaction_user = interaction.user
            msg.interaction_type = interaction.type
            msg.webhook_id = self.emu.application_id
            msg.application_id = self.emu.application_id
            msg.message_type = 20 if interaction.type == 2 else 19
            if flags & FLAG_EPHEMERAL:
                msg.visible_to = interaction.user.id
        msg.snapshot()
        channel.messages.append(msg)
        self.state.messages[msg.id] = msg
        self.emu.notify()
        return msg

    def edit_message(
        self, msg: Message, payload: dict[str, Any], files: list[tuple[int, str, bytes]]
    ) -> Message:
        channel = self.state.channels[msg.channel_id]
        kept = payload.get("attachments")
        kept_ids = {int(a["id"]) for a in kept} if kept is not None else None
        kept_bytes = sum(a.size for a in msg.attachments if kept_ids is None or a.id in kept_ids)
        merged = {
            "content": payload.get("content", msg.content),
            "embeds": payload.get("embeds", msg.embeds),
            "components": payload.get("components", msg.components),
            "flags": payload.get("flags", msg.flags),
        }
        problems = validation.validate_message(
            {**payload, "flags": merged["flags"]},
            [(n, d) for _, n, d in files],
            attachment_limit=self.emu.attachment_limit,
            kept_bytes=kept_bytes,
            creating=False,
        )
        if problems:
            raise invalid_form(problems)
        attachments = self.build_attachments(channel, payload, files, msg.attachments)
        if not (merged["content"] or merged["embeds"] or merged["components"] or attachments):
            raise ApiError(400, 50006, "Cannot send an empty message", failure="validation")
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & FLAG_EPHEMERAL
            msg.flags = (int(payload["flags"]) & _SETTABLE_FLAGS & ~FLAG_EPHEMERAL) | keep
        msg.flags &= ~FLAG_LOADING
        msg.attachments = attachments
        msg.edited_timestamp = iso_now()
        msg.snapshot()
        self.emu.notify()
        return msg

    async def announce_create(self, msg: Message) -> None:
        if msg.visible_to is None:
            await self.emu.dispatch_message_event("MESSAGE_CREATE", msg)

    async def announce_update(self, msg: Message) -> None:
        if msg.visible_to is None:
            await self.emu.dispatch_message_event("MESSAGE_UPDATE", msg)

    async def announce_delete(self, msg: Message) -> None:
        if msg.visible_to is None:
            await self.emu.dispatch_message_event("MESSAGE_DELETE", msg)

    # -- gateway/users/applications -------------------------------------------
    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": f"{self.emu.ws_base}/gateway",
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 14400000,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        bot = self.emu.bot_user
        return json_response({**bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        try:
            user = self.state.users[int(request.match_info["user_id"])]
        except (KeyError, ValueError):
            raise ApiError(404, 10013, "Unknown User") from None
        return json_response(user.payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        try:
            user = self.state.users[int(body["recipient_id"])]
        except (KeyError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        if user.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        channel = self.state.dm_channel_for(user)
        return json_response(channel.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        owner = self.emu.owner
        return json_response(
            {
                "id": str(self.emu.application_id),
                "name": self.emu.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": owner.payload(),
                "team": None,
                "flags": 0,
                "bot": self.emu.bot_user.payload(),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "integration_types_config": {"0": {}},
            }
        )

    def _command_table(self, request: web.Request) -> tuple[dict[str, AppCommand], int | None]:
        self._check_app(request)
        gid = request.match_info.get("guild_id")
        if gid is None:
            return self.state.global_commands, None
        guild_id = int(gid)
        if guild_id not in self.state.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return self.state.guild_commands.setdefault(guild_id, {}), guild_id

    def _make_command(
        self, table: dict[str, AppCommand], guild_id: int | None, data: dict[str, Any]
    ) -> AppCommand:
        problems = validation.validate_command(data)
        if problems:
            raise invalid_form(problems)
        old = table.get(data["name"])
        cmd = AppCommand(
            id=old.id if old else self.state.snowflake(),
            application_id=self.emu.application_id,
            guild_id=guild_id,
            data=data,
        )
        return cmd

    async def list_commands(self, request: web.Request) -> web.Response:
        table, _ = self._command_table(request)
        return json_response([c.payload() for c in table.values()])

    async def bulk_commands(self, request: web.Request) -> web.Response:
        table, guild_id = self._command_table(request)
        body, _ = await read_body(request)
        if len(body) > 100:
            raise invalid_form([f"{len(body)} commands > 100"])
        new = {}
        for data in body:
            cmd = self._make_command(table, guild_id, data)
            new[cmd.name] = cmd
        table.clear()
        table.update(new)
        self.emu.notify()
        return json_response([c.payload() for c in table.values()])

    async def upsert_command(self, request: web.Request) -> web.Response:
        table, guild_id = self._command_table(request)
        body, _ = await read_body(request)
        cmd = self._make_command(table, guild_id, body)
        created = cmd.name not in table
        table[cmd.name] = cmd
        self.emu.notify()
        return json_response(cmd.payload(), status=201 if created else 200)

    def _find_command(self, request: web.Request) -> tuple[dict[str, AppCommand], AppCommand]:
        table, _ = self._command_table(request)
        cid = int(request.match_info["cmd_id"])
        for cmd in table.values():
            if cmd.id == cid:
                return table, cmd
        raise ApiError(404, 10063, "Unknown application command")

    async def get_command(self, request: web.Request) -> web.Response:
        _, cmd = self._find_command(request)
        return json_response(cmd.payload())

    async def edit_command(self, request: web.Request) -> web.Response:
        table, cmd = self._find_command(request)
        body, _ = await read_body(request)
        del table[cmd.name]
        cmd.data = {**cmd.data, **body}
        table[cmd.name] = cmd
        self.emu.notify()
        return json_response(cmd.payload())

    async def delete_command(self, request: web.Request) -> web.Response:
        table, cmd = self._find_command(request)
        del table[cmd.name]
        return no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        self._command_table(request)
        return json_response([])

    async def empty_list(self, request: web.Request) -> web.Response:
        return json_response([])

    # -- guilds ----------------------------------------------------------------
    def _guild(self, request: web.Request) -> Any:
        try:
            return self.state.guilds[int(request.match_info["guild_id"])]
        except (KeyError, ValueError):
            raise ApiError(404, 10004, "Unknown Guild") from None

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response(guild.payload(self.emu.bot_user.id))

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([c.payload() for c in guild.channels])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([r.payload() for r in guild.roles])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    # -- channels & messages ---------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def typing(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        channel.typing_count += 1
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._require_perms(channel, PERM_VIEW_CHANNEL, "read history")
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = sorted(channel.visible_messages(None), key=lambda m: m.id)
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
            msgs = msgs[-limit:]
        elif "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        elif "around" in q:
            pivot = int(q["around"])
            before = [m for m in msgs if m.id < pivot][-(limit // 2) :] if limit > 1 else []
            rest = [m for m in msgs if m.id >= pivot][: limit - len(before)]
            msgs = before + rest
        else:
            msgs = msgs[-limit:]
        return json_response([self.message_payload(m) for m in reversed(msgs)])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(channel, request.match_info["message_id"])
        return json_response(self.message_payload(msg))

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await read_body(request)
        if channel.type == DM:
            assert channel.recipient is not None
            if channel.recipient.dms_closed:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            needed = PERM_VIEW_CHANNEL | PERM_SEND_MESSAGES
            if files:
                needed |= PERM_ATTACH_FILES
            if payload.get("embeds"):
                needed |= PERM_EMBED_LINKS
            self._require_perms(channel, needed, "send messages")
        msg = self.create_message(channel, payload, files)
        await self.announce_create(msg)
        return json_response(self.message_payload(msg))

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(channel, request.match_info["message_id"])
        if msg.author is not self.emu.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        self.edit_message(msg, payload, files)
        await self.announce_update(msg)
        return json_response(self.message_payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._channel_message(channel, request.match_info["message_id"])
        if msg.author is not self.emu.bot_user:
            self._require_perms(channel, PERM_MANAGE_MESSAGES, "manage messages")
        msg.deleted = True
        self.emu.notify()
        await self.announce_delete(msg)
        return no_content()

    async def get_attachment(self, request: web.Request) -> web.Response:
        for msg in self.state.messages.values():
            for att in msg.attachments:
                if str(att.id) == request.match_info["attachment_id"]:
                    ctype = att.content_type or "application/octet-stream"
                    return web.Response(body=att.data, headers={"Content-Type": ctype})
        raise ApiError(404, 0, "404: Not Found")

    # -- interactions ----------------------------------------------------------
    def _interaction_for_callback(self, request: web.Request) -> Interaction:
        try:
            inter = self.state.interactions[int(request.match_info["interaction_id"])]
        except (KeyError, ValueError):
            raise ApiError(404, 10062, "Unknown interaction", failure="interaction") from None
        if inter.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction", failure="interaction")
        return inter

    async def callback(self, request: web.Request) -> web.Response:
        inter = self._interaction_for_callback(request)
        payload, files = await read_body(request)
        loop_now = self.emu.loop_time()
        if inter.responded:
            inter.rejections.append((40060, "already acknowledged"))
            self.emu.notify()
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                failure="interaction",
            )
        age = loop_now - inter.created_at
        if age > self.emu.interaction_deadline:
            inter.rejections.append((10062, f"first response after {age:.2f}s"))
            self.emu.notify()
            raise ApiError(
                404,
                10062,
                "Unknown interaction",
                failure="interaction",
            )
        rtype = int(payload.get("type", 0))
        data = payload.get("data") or {}
        if rtype not in _ALLOWED_CALLBACKS.get(inter.type, set()):
            raise invalid_form(
                [f"callback type {rtype} is invalid for interaction type {inter.type}"]
            )
        channel = inter.channel
        if rtype == 4:
            msg = self.create_message(channel, data, files, interaction=inter)
            inter.original = msg
            inter.ephemeral = msg.ephemeral
            await self.announce_create(msg)
        elif rtype == 5:
            msg = self.create_message(
                channel, {"flags": data.get("flags", 0)}, [], interaction=inter, loading=True
            )
            inter.original = msg
            inter.ephemeral = msg.ephemeral
            await self.announce_create(msg)
        elif rtype in (6, 7):
            if inter.message is None:
                raise invalid_form(["this interaction has no message to update"])
            inter.original = inter.message
            inter.ephemeral = inter.message.ephemeral
            if rtype == 7:
                self.edit_message(inter.message, data, files)
                await self.announce_update(inter.message)
        elif rtype == 8:
            problems = validation.validate_choices(data.get("choices", []))
            if problems:
                raise invalid_form(problems)
            inter.choices = list(data.get("choices", []))
        elif rtype == 9:
            problems = validation.validate_modal(data)
            if problems:
                raise invalid_form(problems)
            inter.modal = data
        inter.response_type = rtype
        inter.response_payload = payload
        self.emu.notify()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        resource: dict[str, Any] = {"type": rtype}
        if inter.original is not None and rtype in (4, 5, 6, 7):
            info["response_message_id"] = str(inter.original.id)
            info["response_message_loading"] = rtype == 5
            info["response_message_ephemeral"] = inter.original.ephemeral
            resource["message"] = self.message_payload(inter.original)
        return json_response({"interaction": info, "resource": resource})

    def _interaction_for_webhook(self, request: web.Request) -> Interaction:
        if int(request.match_info["app_id"]) != self.emu.application_id:
            raise unknown_webhook()
        inter = self.state.interactions_by_token.get(request.match_info["token"])
        if inter is None:
            raise unknown_webhook()
        if time.time() - inter.created_wall > self.emu.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token", failure="interaction")
        return inter

    def _webhook_message(self, inter: Interaction, raw_id: str) -> Message:
        if raw_id == "@original":
            if inter.original is None or inter.original.deleted:
                raise unknown_message()
            return inter.original
        for msg in [inter.original, *inter.followups]:
            if msg is not None and str(msg.id) == raw_id and not msg.deleted:
                return msg
        raise unknown_message()

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._interaction_for_webhook(request)
        if not inter.responded or inter.response_type in (8, 9):
            raise ApiError(404, 10015, "Unknown Webhook", failure="interaction")
        payload, files = await read_body(request)
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer replaces the placeholder.
            payload = {k: v for k, v in payload.items() if k != "flags"}
            msg = self.edit_message(original, payload, files)
            await self.announce_update(msg)
        else:
            msg = self.create_message(inter.channel, payload, files, interaction=inter)
            inter.followups.append(msg)
            await self.announce_create(msg)
        self.emu.notify()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(self.message_payload(msg))
        return no_content()

    async def get_webhook_msg(self, request: web.Request) -> web.Response:
        inter = self._interaction_for_webhook(request)
        msg = self._webhook_message(inter, request.match_info["message_id"])
        return json_response(self.message_payload(msg))

    async def patch_webhook_msg(self, request: web.Request) -> web.Response:
        inter = self._interaction_for_webhook(request)
        msg = self._webhook_message(inter, request.match_info["message_id"])
        payload, files = await read_body(request)
        self.edit_message(msg, payload, files)
        await self.announce_update(msg)
        return json_response(self.message_payload(msg))

    async def delete_webhook_msg(self, request: web.Request) -> web.Response:
        inter = self._interaction_for_webhook(request)
        msg = self._webhook_message(inter, request.match_info["message_id"])
        msg.deleted = True
        self.emu.notify()
        await self.announce_delete(msg)
        return no_content()
