"""Which reader's language each text of a table is in (``docs/languages.md``).

- Private text (a hand, a turn, a refusal, a hint, a review) is for one
  player: the locale of their click or command (``interaction.locale``);
  a DM sent without an interaction (a turn, a reminder, another player's
  move) uses the locale that player last used, kept per seat in the table's
  meta so that it survives a restart.
- Public text (lobby, table, results, notices) is the server's language: the
  one a manager chose with ``/language``, else Discord's language of the
  server as it was when the lobby opened (``interaction.guild_locale``),
  else English.

The code composing a text opens ``with reading(locale):`` around it (see
:func:`locales.reading`); what it calls marks its strings with ``_()``.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord

from cogs.replies import UserFacingError, respond
from data import Settings
from data.errors import DatabaseError
from locales import LANGUAGES, SOURCE, _, reading, resolve

if TYPE_CHECKING:
    from data import Database

    from .models import Lobby, Table

log = logging.getLogger("cardtable.game")

SETTINGS_KIND = "server"
"""The guild settings row (``Database.guild_settings``) of the server-wide
settings, beside the games' own rows; its ``options`` hold ``language``."""

FOLLOW_DISCORD = "discord"
"""The ``/language`` choice that follows Discord's language of the server."""

CHOICES: tuple[tuple[str, str], ...] = (
    (FOLLOW_DISCORD, "Discord's server language"),
    *((lang.code, lang.name) for lang in LANGUAGES),
)
"""``/language``'s choices: (value, name); each language by its own name."""


def locale_of(value: Any) -> str | None:
    """A Discord locale (``discord.Locale`` or its value) as stored, None when absent."""
    text = getattr(value, "value", value)
    return text if isinstance(text, str) and text else None


REMEMBERED_USERS = 100_000
"""Users whose last locale is kept in memory (about 10 MB): a bot that many servers
use would otherwise keep every user it ever heard from until it restarts."""


class Languages:
    """The server language settings (cached) and the players' last locales."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self._servers: dict[int, str | None] = {}
        """By guild id: the language a manager chose (a catalog code), None: Discord's."""
        self._users: OrderedDict[int, str] = OrderedDict()
        """By user id: the locale of their latest click or command (this run), the
        :data:`REMEMBERED_USERS` heard most recently (a seated player's is also kept
        with their table)."""

    @property
    def db(self) -> Database:
        return self._db() if callable(self._db) else self._db  # type: ignore[no-any-return]

    # -- the server's language --------------------------------------------------

    async def load(self, guild_id: int) -> str | None:
        """The language a manager chose for the server (read once, then cached)."""
        if guild_id in self._servers:
            return self._servers[guild_id]
        try:
            settings = await self.db.guild_settings(guild_id, SETTINGS_KIND)
        except (DatabaseError, sqlite3.Error) as exc:
            log.warning("the language of server %s could not be read: %s", guild_id, exc)
            return None  # not cached: read again next time
        chosen = settings.options.get("language")
        code = resolve(chosen) if isinstance(chosen, str) and chosen else None
        self._servers[guild_id] = code
        return code

    async def choose(self, guild_id: int, code: str | None) -> None:
        """Store the server's language (None: follow Discord's)."""
        options = {"language": code} if code is not None else {}
        await self.db.set_guild_settings(guild_id, SETTINGS_KIND, Settings(options=options))
        self._servers[guild_id] = code

    def server(self, guild_id: int) -> str | None:
        """The language a manager chose, if known (see :meth:`load`)."""
        return self._servers.get(guild_id)

    def public(self, place: Table | Lobby) -> str | None:
        """The locale of a table's or lobby's public text."""
        chosen = self._servers.get(place.guild_id)
        if chosen is not None:
            return chosen
        meta = getattr(place, "meta", None)
        return meta.guild_locale if meta is not None else getattr(place, "guild_locale", None)

    # -- the players' own ---------------------------------------------------------

    def private(self, t: Table, p: int) -> str | None:
        """The locale of a text for the player of seat ``p`` alone."""
        uid = t.seats[p].user_id
        if uid is None:
            return None
        return self._users.get(uid) or t.meta.locales[p]

    def last(self, user_id: int) -> str | None:
        """The locale of the user's latest click or command since the bot started."""
        return self._users.get(user_id)

    def heard(self, interaction: discord.Interaction, t: Table | None = None) -> str | None:
        """Remember the locale of a user's click or command (and on their seat at
        ``t``, stored with the table's meta); returns it."""
        locale = locale_of(interaction.locale)
        if locale is None:
            return None
        uid = interaction.user.id
        self._users[uid] = locale
        self._users.move_to_end(uid)
        while len(self._users) > REMEMBERED_USERS:
            self._users.popitem(last=False)
        if t is not None:
            p = t.seat_of_user(uid)
            if p is not None:
                t.meta.locales[p] = locale
        return locale

    @contextlib.contextmanager
    def reader(self, interaction: discord.Interaction, t: Table | None = None) -> Iterator[str]:
        """Everything composed in the block reads in the clicking user's language."""
        with reading(self.heard(interaction, t)) as code:
            yield code


def language_name(code: str | None) -> str:
    """A catalog code's language by its own name (English for none)."""
    code = code or SOURCE
    return next((lang.name for lang in LANGUAGES if lang.code == code), code)


async def choose_language(
    interaction: discord.Interaction, languages: Languages, choice: str | None
) -> None:
    """``/language``: show the server's language, or (Manage Server) choose it."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise UserFacingError(_("That only works in a server channel."))
    discords = _("Discord's language of the server ({language})").format(
        language=language_name(resolve(interaction.guild_locale))
    )
    if choice is None:
        chosen = await languages.load(guild_id)
        now = language_name(chosen) if chosen is not None else discords
        await respond(
            interaction,
            _("This server's lobbies, tables and results are in: **{language}**.").format(
                language=now
            ),
            ephemeral=True,
        )
        return
    if not interaction.permissions.manage_guild:
        raise UserFacingError(
            _("Choosing the server's language needs the Manage Server permission.")
        )
    codes = {value for value, _name in CHOICES}
    if choice not in codes:
        raise UserFacingError(_("Choose one of the languages offered."))
    code = None if choice == FOLLOW_DISCORD else choice
    await languages.choose(guild_id, code)
    now = language_name(code) if code is not None else discords
    await respond(
        interaction,
        _(
            "From now on, this server's lobbies, tables and results are in **{language}** "
            "(players' own hands and messages stay in each player's Discord language)."
        ).format(language=now),
        ephemeral=True,
    )
