"""What the table's Discord services share: the bot, its clock and pacing,
the games it hosts, the lobbies and tables by channel and by id, background
tasks and the picture threads.

One :class:`TableContext` per runtime (:mod:`cogs.table.runtime` makes it);
the services (:mod:`.lobby`, :mod:`.table_message`, :mod:`.private`,
:mod:`.notices`) are given it and nothing else of the runtime.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.replies import UserFacingError
from locales import N_, _
from render.theme import seat_colours

from .language import Languages
from .models import Lobby, Table

if TYPE_CHECKING:
    from bot import CardTableBot

    from .adapter import GameAdapter
    from .manifest import GameManifest


def _drawn(colours: list[int] | None, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
    """Call an adapter's drawing function with the players' lobby colours."""
    with seat_colours(colours):
        return fn(*args, **kwargs)


class TableContext:
    def __init__(self, bot: CardTableBot, manifests: Mapping[str, GameManifest]) -> None:
        self.bot = bot
        self.clock = bot.clock
        self.timings = bot.timings
        self.manifests = manifests
        self.adapters: dict[str, GameAdapter] = {n: m.adapter for n, m in manifests.items()}
        self.lobbies: dict[int, Lobby] = {}  # by channel id
        self.lobbies_by_id: dict[int, Lobby] = {}
        self.tables: dict[int, Table] = {}  # by channel id
        self.tables_by_game: dict[int, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._drawing = ThreadPoolExecutor(max_workers=2, thread_name_prefix="draw")
        self.languages = Languages(lambda: bot.db)

    def public(self, place: Table | Lobby) -> str | None:
        """The locale of a table's or lobby's public text (the server's language)."""
        return self.languages.public(place)

    def private(self, t: Table, p: int) -> str | None:
        """The locale of a text for the player of seat ``p`` alone."""
        return self.languages.private(t, p)

    def spawn(self, coro: Any, name: str) -> asyncio.Task[None]:
        """A background task that the runtime cancels when it unloads."""
        task: asyncio.Task[None] = asyncio.create_task(coro, name=name)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def draw(self, t: Table | None, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Run a drawing function of an adapter in the picture threads, with the
        table's players' colours. Two threads: more only contend for the
        interpreter lock with the event loop (at 50 tables six threads made most
        of the click-to-response tail). The caller's context goes along (an
        executor does not carry it): the picture is drawn for the reader of the
        text being composed (:func:`locales.reading`)."""
        loop = asyncio.get_running_loop()
        colours = t.meta.colours if t is not None else None
        call = functools.partial(_drawn, colours, fn, *args, **kwargs)
        context = contextvars.copy_context()
        return await loop.run_in_executor(self._drawing, context.run, call)

    async def channel(self, place: Table | Lobby) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(place.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(place.channel_id)
            except discord.HTTPException:
                return None
        return cast(discord.abc.Messageable, channel)

    async def user(self, user_id: int) -> discord.User:
        return self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)

    def register(self, table: Table) -> None:
        self.tables[table.channel_id] = table
        self.tables_by_game[table.game_id] = table

    def unregister(self, table: Table) -> None:
        if self.tables.get(table.channel_id) is table:
            del self.tables[table.channel_id]
        self.tables_by_game.pop(table.game_id, None)

    async def stop(self) -> None:
        """Cancel every background task and the picture threads (unloading)."""
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._drawing.shutdown(wait=False, cancel_futures=True)


def mention(t: Table, p: int) -> str:
    uid = t.seats[p].user_id
    return f"<@{uid}>" if uid is not None else t.names[p]


def round_word(adapter: GameAdapter) -> str:
    """What the game calls a round (``deal`` in Big Two): an English key, never shown
    as it is (see :func:`by_round`)."""
    return str(getattr(adapter, "round_word", "round"))


# Translators: the games' names, as the table's messages show them.
GAME_TITLES = (N_("President"), N_("Big Two"), N_("Sixty"))


def game_title(adapter: GameAdapter) -> str:
    """The game's name for the current reader (``Président``, ``大富豪``)."""
    return _(adapter.game.title)


ROUND_TEXTS: dict[str, tuple[str, str]] = {
    # (round, deal): whole sentences, since languages put the word and number differently
    "title": (N_("{game} — {preset} · round {n}"), N_("{game} — {preset} · deal {n}")),
    "over": (
        N_("Round over — the next one starts shortly."),
        N_("Deal over — the next one starts shortly."),
    ),
    "next": (N_("The next round starts {when}."), N_("The next deal starts {when}.")),
    "caption": (
        N_("**{game}**, game {id} · round {n} of {total}"),
        N_("**{game}**, game {id} · deal {n} of {total}"),
    ),
}


def by_round(adapter: GameAdapter, key: str) -> str:
    """The sentence ``key`` of :data:`ROUND_TEXTS` in the game's words, translated."""
    rounds, deals = ROUND_TEXTS[key]
    message = deals if round_word(adapter) == "deal" else rounds
    return _(message)


def refuse_elsewhere(interaction: discord.Interaction, channel_id: int) -> None:
    """A lobby or table control acts only in its own channel: an id that a
    modified client carries elsewhere changes nothing."""
    if interaction.channel_id != channel_id:
        raise UserFacingError(
            _("That control belongs to {channel}, so nothing happened here.").format(
                channel=f"<#{channel_id}>"
            )
        )


def may_manage(interaction: discord.Interaction, host_id: int) -> bool:
    perms = interaction.permissions
    return interaction.user.id == host_id or perms.manage_channels
