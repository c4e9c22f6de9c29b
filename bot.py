"""Entry point of the card table bot (President, Big Two, Sixty on Discord).

``python bot.py`` (from any folder) reads the configuration from the
environment or the ``.env`` beside this file and runs the bot; a relative
``DATABASE_PATH`` is taken from this folder too. Every start-up failure a
host can cause ends with one line saying what to do and a non-zero exit;
SIGTERM (systemd, ``docker stop``) stops it as cleanly as Ctrl-C.
``create_bot(settings, clock=...)`` builds the very same bot for the
end-to-end tests, which give it a temporary database and a fast clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from dotenv import dotenv_values

from cogs.budget import Budget
from cogs.clock import Clock, SystemClock
from cogs.translator import CommandTranslator
from data import BadDatabaseUrl, Database, DatabaseError, parse_url
from data.cluster import Cluster, ShardHeld, open_cluster

log = logging.getLogger("cardtable.bot")

EXTENSIONS: tuple[str, ...] = ("cogs.errors", "cogs.table.extension", "cogs.stats")


VARIABLES: tuple[str, ...] = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "LOG_LEVEL",
    "DEV_GUILD_ID",
    "REQUESTS_PER_SECOND",
    "SHARD_COUNT",
    "SHARD_IDS",
    "CLUSTER_MEMBER",
)
"""Every setting the bot reads from the environment or ``.env``."""

DEFAULT_DATABASE = Path("var/cardtable.sqlite3")
OLD_DEFAULT_DATABASE = Path("var/president.sqlite3")
"""The default of the releases before the bot was named for its card table."""


class ConfigError(Exception):
    """The configuration is unusable; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    """What the bot needs from its environment."""

    token: str = field(repr=False)  # never printed, never logged
    database_path: Path = DEFAULT_DATABASE
    database_url: str | None = field(default=None, repr=False)  # may hold a password
    """A PostgreSQL database (``DATABASE_URL``); None: the SQLite file ``database_path``."""
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    requests_per_second: float = 40.0
    """The bot's own budget under Discord's global limit of 50 a second per token: a fifth
    below it, so requests that reach Discord bunched (network or event-loop jitter of up
    to a quarter second) still meet no 429 (measured at 100 tables, docs/capacity.md)."""
    notes: tuple[str, ...] = ()
    """What the configuration chose that the host should hear of (logged at start-up)."""
    shards: Shards | None = None
    """The shards this process runs, when the bot is sharded (``SHARD_COUNT``)."""


@dataclass(frozen=True)
class Shards:
    """A sharded bot: this process (a cluster member) runs ``ids`` of ``count`` shards and
    owns the tables of their servers; see docs/cluster.md."""

    count: int
    ids: tuple[int, ...]
    member: str
    """The member's name in the cluster's leases (``CLUSTER_MEMBER``, default host:pid)."""

    @property
    def share(self) -> float:
        """This member's part of the token's request budget: its part of the shards.
        Discord spreads servers evenly over shards, so a member's traffic follows its
        shards; a static share needs no coordination and never lets the members
        together exceed the token's limit, even while one of them is away."""
        return len(self.ids) / self.count


@dataclass(frozen=True)
class Timings:
    """Game pacing in clock seconds (a fast test clock shrinks them all)."""

    computer_pause: float = 1.2
    """Pause before a computer move, so people can follow the play."""
    round_pause: float = 8.0
    """Between the results of a round and the next deal."""
    table_edit_interval: float = 2.0
    """At most one redraw of a table message per this many seconds (start to start):
    a change after a quiet spell is drawn at once (after ``table_settle``), the
    changes meanwhile in one trailing redraw. At people's pace (a decision every
    1.3–1.5 s) that is one redraw for about every second decision, the picture
    never more than this (plus drawing it) behind, and a channel's edits well
    inside Discord's bucket of 5 per 5 s."""
    table_edit_busy: float = 1.25
    """While the request budget is busy (a redraw would wait behind turn messages
    anyway) redraws are this many times further apart: at people's pace still
    within 3 s of the table's last decision."""
    table_settle: float = 0.15
    """A change waits this long before the table is redrawn, so a decision and
    the next turn that follows it at once cost one edit, not two."""
    lobby_idle: float = 15 * 60
    warn_before: float = 10.0
    """A turn warning goes out this long before the time runs out."""
    table_max_age: float = 3600.0
    """Discord caps edits of messages older than an hour (30046): repost."""
    bury_limit: int = 6
    """Repost the table once this many messages were posted under it."""
    token_life: float = 14 * 60
    """A player's latest interaction sends them messages through its token (outside
    the global limit) while it is younger than this: Discord keeps a token 15
    minutes, and a minute is left for a send in flight and clocks that differ."""


HERE = Path(__file__).resolve().parent
"""The project folder: its ``.env`` and relative database paths are used
whatever the current folder is."""


def load_settings(
    environ: Mapping[str, str] | None = None,
    *,
    dotenv_path: str | os.PathLike[str] | None = None,
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the ``.env``
    file (default: the one beside this file). Empty variables do not hide the
    file's values. A relative ``DATABASE_PATH`` is relative to the folder of
    the ``.env`` file."""
    env_file = Path(dotenv_path) if dotenv_path is not None else HERE / ".env"
    in_file: dict[str, str | None] = dict(dotenv_values(env_file)) if env_file.is_file() else {}
    values = dict(in_file)
    values.update({k: v for k, v in (os.environ if environ is None else environ).items() if v})

    token = (values.get("DISCORD_TOKEN") or "").strip()
    if not token:
        raise ConfigError(_missing_token(env_file, in_file))
    level = (values.get("LOG_LEVEL") or "INFO").strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"LOG_LEVEL={level!r}: use DEBUG, INFO, WARNING, ERROR or CRITICAL")
    guild_text = (values.get("DEV_GUILD_ID") or "").strip()
    dev_guild: int | None = None
    if guild_text:
        if not guild_text.isdigit():
            raise ConfigError(f"DEV_GUILD_ID={guild_text!r} is not a server id (digits only)")
        dev_guild = int(guild_text)
    rate_text = (values.get("REQUESTS_PER_SECOND") or "40").strip()
    try:
        rate = float(rate_text)
    except ValueError:
        rate = 0.0
    if not 1 <= rate <= 50:
        raise ConfigError(
            f"REQUESTS_PER_SECOND={rate_text!r}: a number from 1 to 50 (Discord's global limit "
            "per token; several processes of one bot share it)"
        )
    # relative paths name the same file whichever folder the bot is started from
    folder = env_file.resolve().parent
    db_path = (values.get("DATABASE_PATH") or "").strip()
    db_url = (values.get("DATABASE_URL") or "").strip()
    notes: tuple[str, ...] = ()
    shared: str | None = None
    if db_url and db_path:
        raise ConfigError(
            "DATABASE_URL and DATABASE_PATH are both set: set one, not both "
            "(DATABASE_URL=sqlite:///path names a SQLite file too)"
        )
    if db_url:
        try:
            target = parse_url(db_url, base=folder)
        except BadDatabaseUrl as exc:
            raise ConfigError(str(exc)) from None
        database = target.path or folder / DEFAULT_DATABASE
        shared = None if target.path else db_url
    elif db_path:
        database = folder / Path(db_path).expanduser()
    else:
        database, notes = _default_database(folder)
    return Settings(
        token=token,
        database_path=database,
        database_url=shared,
        log_level=level,
        dev_guild_id=dev_guild,
        requests_per_second=rate,
        notes=notes,
        shards=load_shards(values),
    )


def load_shards(values: Mapping[str, str | None]) -> Shards | None:
    """``SHARD_COUNT``, ``SHARD_IDS`` (``0-3``, ``0,2``, ``0-1,3``; default all) and
    ``CLUSTER_MEMBER``; None (one unsharded process, as ever) without ``SHARD_COUNT``."""
    count_text = (values.get("SHARD_COUNT") or "").strip()
    ids_text = (values.get("SHARD_IDS") or "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError(
                f"SHARD_IDS={ids_text!r} needs SHARD_COUNT, the bot's total number of shards "
                "(the same in every process)"
            )
        return None
    if not count_text.isdigit() or not 1 <= int(count_text) <= 65536:
        raise ConfigError(
            f"SHARD_COUNT={count_text!r}: the bot's total number of shards, a whole number "
            "from 1 (Discord asks for one per 1,000 to 2,500 servers)"
        )
    count = int(count_text)
    ids = _shard_ids(ids_text, count) if ids_text else tuple(range(count))
    member = (values.get("CLUSTER_MEMBER") or "").strip() or f"{socket.gethostname()}:{os.getpid()}"
    return Shards(count=count, ids=ids, member=member)


def _shard_ids(text: str, count: int) -> tuple[int, ...]:
    problem = ConfigError(
        f"SHARD_IDS={text!r}: the shards this process runs, from 0 to {count - 1} "
        f"(SHARD_COUNT={count}), as a range or a list: 0-3, 0,2 or 0-1,3"
    )
    ids: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise problem
        first, last = int(low), int(high) if dash else int(low)
        if first > last or last >= count:
            raise problem
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


def _default_database(folder: Path) -> tuple[Path, tuple[str, ...]]:
    """The default database file, and the note to log when it is the old one.

    A host upgrading from a release with the old default keeps using that
    file where it is: moving it (and its -wal and -shm files, which hold the
    latest games until SQLite folds them in) could part the three in a crash,
    and would leave a backup job that names the old file copying nothing new.
    """
    new, old = folder / DEFAULT_DATABASE, folder / OLD_DEFAULT_DATABASE
    if new.exists() or not old.exists():
        return new, ()
    return old, (
        f"Using {old}, the database of earlier versions (the default is now {new}): every "
        "game and statistic in it carries on. Set DATABASE_PATH to it to silence this line.",
    )


def _missing_token(env_file: Path, in_file: Mapping[str, str | None]) -> str:
    where = env_file.resolve()
    how = "Discord Developer Portal → your application → Bot → Reset Token"
    if "DISCORD_TOKEN" in in_file:
        return (
            f"DISCORD_TOKEN is empty in {where} (and not set in the environment): paste your "
            f"bot's token after DISCORD_TOKEN= in that file ({how})."
        )
    if where.is_file():
        return (
            f"DISCORD_TOKEN is not set: it is not in the environment and {where} has no "
            f"DISCORD_TOKEN line. Add one with your bot's token, DISCORD_TOKEN=… ({how})."
        )
    return (
        f"DISCORD_TOKEN is not set: it is not in the environment and there is no {where}. "
        f"Copy {where.parent / '.env.example'} to {where} and paste your bot's token after "
        f"DISCORD_TOKEN= ({how})."
    )


class CardTableBot(commands.Bot):
    """The bot: settings, clock, pacing and the database shared by the cogs."""

    def __init__(self, settings: Settings, *, clock: Clock, timings: Timings) -> None:
        intents = discord.Intents.default()
        # Message events (not their content) tell when a table message gets buried.
        intents.message_content = False
        intents.presences = False
        intents.members = False
        share = settings.shards.share if settings.shards is not None else 1.0
        self.budget = Budget(max(1.0, settings.requests_per_second * share))
        """Every request the bot starts waits for its share of the global limit here."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            http_trace=self.budget.trace(),
            **_shard_options(settings.shards),
        )
        self.cluster: Cluster | None = None
        """The cluster this process is a member of, when sharded."""
        self._closing: asyncio.Future[None] | None = None
        self.failure: str | None = None
        """Why the bot stopped by itself, if it did: the process then exits 1 (one line)."""
        self.settings = settings
        self.clock = clock
        self.timings = timings
        self._db: Database | None = None
        self.table_runtime: Any = None
        """The table runtime (``cogs.table``) once loaded: components reach it here."""

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is not open yet")
        return self._db

    async def setup_hook(self) -> None:
        self._db = await _open_database(self.settings)
        await self._join_cluster()
        await self.tree.set_translator(CommandTranslator())  # commands in the user's language
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        if self.cluster is not None:
            await self.load_extension("cogs.cluster")
        if self.settings.shards is not None and 0 not in self.settings.shards.ids:
            return  # the member running shard 0 registers the commands, once for all
        if self.settings.dev_guild_id is not None:
            # Guild commands appear at once; global ones can take a while to propagate.
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the tables of a server (always, unsharded)."""
        return self.cluster is None or self.cluster.owns(guild_id)

    async def _join_cluster(self) -> None:
        """Hold this member's shards in the shared database, or refuse to start."""
        shards = self.settings.shards
        if shards is None:
            return
        where = getattr(self.settings, "database_url", None) or self.settings.database_path
        cluster = await open_cluster(where, shards.member, shards.ids, shards.count)
        try:
            await cluster.claim()
        except ShardHeld as exc:
            await cluster.close(release=False)
            raise StartupError(str(exc)) from None
        self.cluster = cluster
        log.info(
            "cluster member %s runs shards %s of %s",
            shards.member,
            ",".join(map(str, shards.ids)),
            shards.count,
        )

    async def close(self) -> None:
        # Once, to the end, whoever asks and however often: a member that stops itself
        # (its leases were lost) closes from one of its own tasks while ``async with``
        # closes it again, and the process must not end with the cluster half closed.
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close_once())
        await asyncio.shield(self._closing)

    def clear(self) -> None:
        super().clear()
        self._closing = None

    async def _close_once(self) -> None:
        await super().close()  # unloads the cogs first: they stop their tasks
        if self.cluster is not None:
            await self.cluster.close()
            self.cluster = None
        if self._db is not None:
            await self._db.close()
            self._db = None


class ShardedCardTableBot(CardTableBot, commands.AutoShardedBot):
    """The bot running some of a sharded bot's shards (``SHARD_COUNT``)."""


def _shard_options(shards: Shards | None) -> dict[str, Any]:
    if shards is None:
        return {}
    return {"shard_count": shards.count, "shard_ids": list(shards.ids)}


def create_bot(
    settings: Settings, *, clock: Clock | None = None, timings: Timings | None = None
) -> CardTableBot:
    """The bot, used by ``main()`` and by the end-to-end tests."""
    kind = CardTableBot if settings.shards is None else ShardedCardTableBot
    return kind(settings, clock=clock or SystemClock(), timings=timings or Timings())


M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameters (``malloc.h``)."""


def tune_malloc(arenas: int = 2, mmap_threshold: int = 1 << 20) -> bool:
    """Keep glibc's malloc from holding on to freed picture memory; True if set.

    glibc gives threads that allocate at the same time arenas of their own (up
    to eight per core), and the pictures drawn in the thread pool leave freed
    memory in each that is never given back: at most ``arenas`` of them. And it
    raises its threshold for serving a block from the kernel to the largest
    block freed so far, so after the first picture every picture buffer (1 to
    3 MiB) comes from the arenas and fragments them: a fixed ``mmap_threshold``
    hands such buffers back to the kernel when freed, for about 2 ms more per
    picture. Together they take the bot's resident memory at 50 tables from
    about 370 to 170 MiB (``docs/benchmarks.md``). Call it before any thread starts. Anywhere but on
    glibc (musl, macOS, Windows) it does nothing.
    """
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018 (present on glibc only)
        arenas_set = libc.mallopt(M_ARENA_MAX, arenas)
        threshold_set = libc.mallopt(M_MMAP_THRESHOLD, mmap_threshold)
    except (OSError, AttributeError, TypeError):
        return False
    return bool(arenas_set and threshold_set)


def quiet_voice_warnings() -> None:
    """A card bot never joins a voice channel: drop discord.py's two start-up
    warnings about the missing voice libraries (PyNaCl, davey), and only those."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def _open_database(settings: Settings) -> Database:
    if settings.database_url is not None:
        return await Database.open_url(settings.database_url)
    path = settings.database_path
    path.parent.mkdir(parents=True, exist_ok=True)
    return await Database.open(path)


async def _probe_database(settings: Settings) -> None:
    """Open and close the database once before connecting to Discord, so that a
    path that cannot be written, a damaged file, or a PostgreSQL server that cannot
    be reached or refuses the login is reported at once (even with no network)
    rather than after the login."""
    if settings.database_url is not None:
        await (await _open_database(settings)).close()
        return
    path = settings.database_path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StartupError(
            f"Cannot create the folder {path.parent} for the database "
            f"({exc.strerror or exc}): set DATABASE_PATH to a file in a folder you can write."
        ) from None
    db = await Database.open(path)
    await db.close()


class StartupError(Exception):
    """The bot cannot start; the message is the one line that says what to do."""


def _startup_problem(exc: BaseException, settings: Settings) -> str | None:
    """The one-line explanation of a start-up failure, or None for an
    exception that is a bug (and keeps its traceback)."""
    if isinstance(exc, StartupError | DatabaseError):
        return str(exc)
    if isinstance(exc, discord.LoginFailure):
        return (
            "Discord refused the token: copy a fresh one (Developer Portal → your application "
            "→ Bot → Reset Token) into DISCORD_TOKEN."
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return (
            "Discord refused the gateway intents the bot asks for (it needs no privileged "
            "intent): check that DISCORD_TOKEN is this bot's token."
        )
    if isinstance(exc, discord.Forbidden) and settings.dev_guild_id is not None:
        return (
            f"Discord refused to register the slash commands in server {settings.dev_guild_id}: "
            "invite the bot there with the applications.commands scope, or clear DEV_GUILD_ID."
        )
    if isinstance(exc, discord.HTTPException):
        return f"Discord answered {exc.status} at start-up ({exc.text or exc}): try again later."
    if isinstance(exc, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        detail = str(exc) or type(exc).__name__
        return (
            f"Cannot reach Discord ({detail}): check the network connection, a firewall or "
            "proxy, then start the bot again."
        )
    return None


async def _serve(bot: CardTableBot, token: str) -> None:
    """Run the bot until it is closed. SIGTERM (what systemd and ``docker stop``
    send) closes it as Ctrl-C does: the cogs stop their tasks and the database
    is closed before the process exits 0, and live games resume at the next
    start. Without a handler the signal would end the process on the spot."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def terminate() -> None:
        if not closing:
            log.info("SIGTERM: stopping; games in progress resume at the next start")
            closing.append(loop.create_task(bot.close(), name="sigterm-close"))

    with contextlib.suppress(NotImplementedError):  # no loop signal handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, terminate)
    async with bot:
        await bot.start(token)
    # start() returns once the gateway is closed, while close() may still be
    # closing the database: the process must not end before that.
    for task in closing:
        await task
    if bot.failure is not None:
        raise StartupError(bot.failure)


def run_bot(settings: Settings) -> int:
    """Check the database, run the bot until it stops, and turn every start-up
    failure a host can cause into one logged line and exit status 1."""
    try:
        asyncio.run(_probe_database(settings))
        asyncio.run(_serve(create_bot(settings), settings.token))
    except KeyboardInterrupt:
        return 0  # Ctrl-C: asyncio.run closed the bot (``async with``) on its way out
    except Exception as exc:
        problem = _startup_problem(exc, settings)
        if problem is None:
            raise
        log.error("%s", problem)
        return 1
    return 0


def main() -> int:
    tune_malloc()
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    quiet_voice_warnings()
    for note in settings.notes:
        log.info("%s", note)
    return run_bot(settings)


if __name__ == "__main__":
    sys.exit(main())
