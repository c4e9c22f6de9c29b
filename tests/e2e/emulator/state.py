"""In-memory model of the slice of Discord a bot can observe.

The emulator keeps *one* authoritative state object that both sides read: the
REST handlers and the gateway mutate it on behalf of the bot, the control API
mutates it on behalf of the test (a user clicks, a user closes their DMs), and
tests read it to assert what players would have seen.  Everything here is plain
data plus the functions that turn it into the exact JSON shapes discord.py
parses, so a payload bug shows up in one place.

Why real snowflakes: discord.py derives ``created_at`` and history ordering
from ids, so ids are time-based and strictly increasing.
"""

from __future__ import annotations

import datetime as dt
import io
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord API).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Permission bits a text bot cares about.
PERM_ADMINISTRATOR = 1 << 3
PERM_ADD_REACTIONS = 1 << 6
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_MANAGE_MESSAGES = 1 << 13
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_MESSAGE_HISTORY = 1 << 16
PERM_USE_EXTERNAL_EMOJIS = 1 << 18
PERM_USE_APPLICATION_COMMANDS = 1 << 31
PERM_SEND_MESSAGES_IN_THREADS = 1 << 38

DEFAULT_MEMBER_PERMISSIONS = (
    PERM_ADD_REACTIONS
    | PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_MESSAGE_HISTORY
    | PERM_USE_EXTERNAL_EMOJIS
    | PERM_USE_APPLICATION_COMMANDS
    | PERM_SEND_MESSAGES_IN_THREADS
)
DEFAULT_BOT_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS | PERM_MANAGE_MESSAGES


class SnowflakeFactory:
    """Time-based, strictly increasing Discord snowflakes."""

    def __init__(self) -> None:
        self._last = 0
        self._worker = itertools.count()

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (1 << 17) | (next(self._worker) & 0xFFF)
        self._last = max(self._last + 1, candidate)
        return self._last

    def for_shard(self, shard_id: int, shard_count: int) -> int:
        """A snowflake whose shard, ``(id >> 22) % shard_count``, is ``shard_id``: its
        time part moved on by at most ``shard_count - 1`` milliseconds."""
        base = self()
        ms = base >> 22
        ms += (shard_id - ms) % shard_count
        self._last = (ms << 22) | (base & ((1 << 22) - 1))
        return self._last


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class User:
    """A Discord user (players and the bot itself)."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    global_name: str | None = None
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name or self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Attachment:
    """A stored file; ``data`` holds the exact bytes the bot uploaded."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    width: int | None = None
    height: int | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        return data

    def image(self) -> Any:
        """Decode the attachment with Pillow (raises if it is not an image)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img


def iter_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flatten a component tree (action rows, V2 containers, sections…)."""
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(iter_components(comp.get("components", [])))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                out.extend(iter_components([comp[key]]))
    return out


@dataclass
class Revision:
    """A snapshot of a message's visible content, kept on every edit."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachment_ids: list[int]
    flags: int
    timestamp: str


@dataclass(eq=False)
class Message:
    """A message as players see it, with its edit history.

    ``visible_to`` is set for ephemeral messages: only that user sees them, the
    bot cannot fetch them through channel routes, only through the
    interaction token.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    visible_to: int | None = None
    interaction_id: int | None = None
    interaction_user: User | None = None
    interaction_type: int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    message_type: int = 0
    deleted: bool = False
    revisions: list[Revision] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def snapshot(self) -> None:
        self.revisions.append(
            Revision(
                content=self.content,
                embeds=[dict(e) for e in self.embeds],
                components=list(self.components),
                attachment_ids=[a.id for a in self.attachments],
                flags=self.flags,
                timestamp=self.edited_timestamp or self.timestamp,
            )
        )

    # -- helpers for tests -------------------------------------------------
    def all_components(self) -> list[dict[str, Any]]:
        return iter_components(self.components)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The button with this label or custom_id; AssertionError if absent."""
        for b in self.buttons():
            if (label is None or b.get("label") == label) and (
                custom_id is None or b.get("custom_id") == custom_id
            ):
                return b
        have = [(b.get("label"), b.get("custom_id")) for b in self.buttons()]
        raise AssertionError(f"no button label={label!r} custom_id={custom_id!r}; have {have}")

    def select(
        self, custom_id: str | None = None, placeholder: str | None = None
    ) -> dict[str, Any]:
        """The select menu with this custom_id or placeholder."""
        for s in self.selects():
            if (custom_id is None or s.get("custom_id") == custom_id) and (
                placeholder is None or s.get("placeholder") == placeholder
            ):
                return s
        have = [(s.get("custom_id"), s.get("placeholder")) for s in self.selects()]
        raise AssertionError(
            f"no select custom_id={custom_id!r} placeholder={placeholder!r}; {have}"
        )

    def text(self) -> str:
        """Content plus embed and V2 text, for loose assertions."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title", ""), e.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in e.get("fields", [])]
            parts.append((e.get("footer") or {}).get("text", ""))
        parts += [c.get("content", "") for c in self.all_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def images(self) -> list[Any]:
        return [a.image() for a in self.attachments if a.width is not None]

    def payload(self, guild_member: Member | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.message_type,
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            if guild_member is not None:
                data["member"] = guild_member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type or 2,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        return data


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient: User | None = None
    position: int = 0
    parent_id: int | None = None
    permission_overwrites: list[dict[str, Any]] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    typing_count: int = 0

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "recipients": [self.recipient.payload()],
                "last_message_id": str(self.messages[-1].id) if self.messages else None,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "position": self.position,
            "permission_overwrites": self.permission_overwrites,
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "last_message_id": None,
        }
        if self.type in (PUBLIC_THREAD, PRIVATE_THREAD):
            data["owner_id"] = None
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": iso_now(),
                "locked": False,
            }
            data["message_count"] = len(self.messages)
            data["member_count"] = 1
        return data

    def visible_messages(self, user: User | None = None) -> list[Message]:
        """Non-deleted messages; ephemeral ones only for their recipient."""
        return [
            m
            for m in self.messages
            if not m.deleted
            and (m.visible_to is None or (user is not None and m.visible_to == user.id))
        ]


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)
    locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def permissions_of(self, user: User) -> int:
        if user.id == self.owner_id:
            return PERM_ADMINISTRATOR | DEFAULT_BOT_PERMISSIONS
        member = self.members.get(user.id)
        perms = self.everyone.permissions
        if member is not None:
            for role in self.roles:
                if role.id in member.roles:
                    perms |= role.permissions
        return perms

    def payload(self, bot_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner_id),
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload() for c in self.channels if c.type not in (11, 12)],
            "threads": [c.payload() for c in self.channels if c.type in (11, 12)],
            "members": [m.payload() for m in self.members.values()],
            "member_count": len(self.members),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "large": False,
            "unavailable": False,
            "joined_at": iso_now(),
            "max_members": 500000,
            "premium_progress_bar_enabled": False,
        }


@dataclass(eq=False)
class AppCommand:
    """A registered application command, as the bot synced it."""

    id: int
    application_id: int
    guild_id: int | None
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.data["name"])

    def payload(self) -> dict[str, Any]:
        out = dict(self.data)
        out.setdefault("type", 1)
        out.setdefault("description", "")
        out.setdefault("options", [])
        out.setdefault("default_member_permissions", None)
        out.setdefault("nsfw", False)
        out["id"] = str(self.id)
        out["application_id"] = str(self.application_id)
        out["version"] = str(self.id)
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        return out


@dataclass(eq=False)
class Interaction:
    """One interaction and everything the bot did with its token."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    created_at: float  # loop.time()
    created_wall: float = field(default_factory=time.time)
    message: Message | None = None  # the message a component sits on
    response_type: int | None = None
    response_payload: dict[str, Any] | None = None
    original: Message | None = None  # @original target
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    rejections: list[tuple[int, str]] = field(default_factory=list)  # (code, message)
    ephemeral: bool = False

    @property
    def responded(self) -> bool:
        return self.response_type is not None


@dataclass
class State:
    """All guilds, users, channels, messages, commands and interactions."""

    snowflake: SnowflakeFactory = field(default_factory=SnowflakeFactory)
    users: dict[int, User] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)
    global_commands: dict[str, AppCommand] = field(default_factory=dict)
    guild_commands: dict[int, dict[str, AppCommand]] = field(default_factory=dict)
    interactions: dict[int, Interaction] = field(default_factory=dict)
    interactions_by_token: dict[str, Interaction] = field(default_factory=dict)

    def dm_channel_for(self, user: User, *, create: bool = True) -> Channel | None:
        for ch in self.channels.values():
            if ch.type == DM and ch.recipient is user:
                return ch
        if not create:
            return None
        ch = Channel(id=self.snowflake(), type=DM, recipient=user)
        self.channels[ch.id] = ch
        return ch

    def member_of(self, guild: Guild | None, user: User) -> Member | None:
        return None if guild is None else guild.members.get(user.id)


def channel_permissions(guild: Guild, channel: Channel, user: User) -> int:
    """Discord's permission algorithm: roles, then @everyone/role/member overwrites."""
    base = guild.permissions_of(user)
    if base & PERM_ADMINISTRATOR:
        return ~0 & ((1 << 53) - 1)
    member = guild.members.get(user.id)
    role_ids = set(member.roles) if member else set()
    overwrites = {int(o["id"]): o for o in channel.permission_overwrites}
    if channel.parent_id and not overwrites:
        parent = next((c for c in guild.channels if c.id == channel.parent_id), None)
        if parent is not None:
            overwrites = {int(o["id"]): o for o in parent.permission_overwrites}
    perms = base
    everyone = overwrites.get(guild.id)
    if everyone:
        perms = (perms & ~int(everyone.get("deny", 0))) | int(everyone.get("allow", 0))
    allow = deny = 0
    for rid in role_ids:
        ow = overwrites.get(rid)
        if ow and int(ow.get("type", 0)) == 0:
            allow |= int(ow.get("allow", 0))
            deny |= int(ow.get("deny", 0))
    perms = (perms & ~deny) | allow
    mine = overwrites.get(user.id)
    if mine and int(mine.get("type", 1)) == 1:
        perms = (perms & ~int(mine.get("deny", 0))) | int(mine.get("allow", 0))
    return perms
