"""Every string the bot registers with Discord, from the command tree itself.

The commands' names and descriptions are written as plain English in the code
(some built from a game's title and limits), and discord.py hands each, as
registered, to the translator (:mod:`cogs.translator`). So the catalogs learn
them here: :func:`command_tree` builds the bot offline (a throwaway database,
the extensions of ``bot.EXTENSIONS``, no network) and :func:`messages` walks
its tree. ``pybabel extract`` calls :func:`extract` for ``bot.py``
(``babel.cfg``); the tests check the translated payloads against Discord's rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from babel.messages.extract import extract_python
from discord import app_commands

from cogs.translator import option_context
from data import Database
from locales import COMMAND_NAME

if TYPE_CHECKING:
    from bot import CardTableBot

AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group

_NAME_NOTE = "Discord command name: lowercase letters, digits, - or _, no spaces, 1-32 characters."
_OPTION_NOTE = "Discord option name: lowercase letters, digits, - or _, no spaces, 1-32 characters."
_DESCRIPTION_NOTE = "Discord shows this under the command: at most 100 characters."
_CHOICE_NOTE = "A choice offered for an option: at most 100 characters."


@dataclass(frozen=True, slots=True)
class Message:
    """One string the bot registers, where, and what a translator must know."""

    context: str | None
    text: str
    where: str
    note: str


@contextlib.asynccontextmanager
async def offline_bot(
    translator: app_commands.Translator | None = None,
) -> AsyncIterator[CardTableBot]:
    """The bot with its extensions loaded as ``setup_hook`` loads them, on a
    throwaway database, never connected."""
    import bot as composition  # the extensions and settings the bot runs with

    with tempfile.TemporaryDirectory() as folder:
        settings = composition.Settings(token="offline", database_path=Path(folder) / "db")
        client = composition.create_bot(settings)
        client._db = await Database.open(settings.database_path)
        try:
            if translator is not None:
                await client.tree.set_translator(translator)
            for extension in composition.EXTENSIONS:
                await client.load_extension(extension)
            yield client
        finally:
            await client.close()


async def command_tree() -> list[AnyCommand]:
    """The top-level commands the bot registers."""
    async with offline_bot() as client:
        return [
            c
            for c in client.tree.get_commands()
            if isinstance(c, app_commands.Command | app_commands.Group)
        ]


async def translated_payloads(translator: app_commands.Translator) -> list[dict[str, Any]]:
    """What ``tree.sync()`` sends Discord with ``translator``: each command with
    its ``name_localizations`` and ``description_localizations``."""
    async with offline_bot(translator) as client:
        return [
            await c.get_translated_payload(client.tree, translator)
            for c in client.tree.get_commands()
        ]


def walk(commands: list[AnyCommand]) -> Iterator[Message]:
    """Every name, description and choice of ``commands``, in tree order."""
    for command in commands:
        where = f"/{command.qualified_name}"
        yield Message(COMMAND_NAME, command.name, where, _NAME_NOTE)
        yield Message(None, command.description, where, _DESCRIPTION_NOTE)
        if isinstance(command, app_commands.Group):
            yield from walk(list(command.commands))
            continue
        for param in command.parameters:
            at = f"{where} {param.display_name}:"
            yield Message(option_context(command.name), param.display_name, at, _OPTION_NOTE)
            yield Message(None, param.description, at, _DESCRIPTION_NOTE)
            for choice in param.choices:
                yield Message(None, choice.name, at, _CHOICE_NOTE)


def messages() -> list[Message]:
    """Every string of the bot's commands, once each, with every place it is used."""
    seen: dict[tuple[str | None, str], Message] = {}
    for m in walk(asyncio.run(command_tree())):
        key = (m.context, m.text)
        if key in seen:
            m = Message(m.context, m.text, f"{seen[key].where}, {m.where}", m.note)
        seen[key] = m
    return list(seen.values())


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method for ``bot.py``: its own marked strings, then
    every string of the commands it registers (``babel.cfg``)."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    for m in messages():
        comments = [f"{m.note} Used in {m.where}"]
        if m.context is None:
            yield 0, "gettext", (None, m.text), comments
        else:
            yield 0, "pgettext", (None, m.context, m.text), comments
