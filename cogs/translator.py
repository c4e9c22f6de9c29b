"""Slash commands in the user's language: discord.py's translator over our catalogs.

``bot.tree.set_translator(CommandTranslator())`` (``bot.py``) makes every sync
send, beside each English command, group, option and choice name and
description, its translation for each Discord locale a catalog serves
(:func:`locales.resolve`); Discord shows each user the one of their client's
language. Names are looked up in their own message context (Discord's rules for
names differ from a sentence's, and an option's name is read with its
command's); descriptions and choice names are plain messages. English, and
every locale we do not translate, get none: Discord shows the English text.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from locales import COMMAND_NAME, OPTION_NAME, SOURCE, pgettext, resolve, translations


def option_context(command: str) -> str:
    """The message context of an option's name: per command, since one English
    name can mean two things (``game``: a game's number, or which game)."""
    return f"{OPTION_NAME} of {command}"


class CommandTranslator(app_commands.Translator):
    """Commands' names and descriptions from the catalogs under ``locales/``."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in (Where.command_name, Where.group_name):
            where: str | None = COMMAND_NAME
        elif context.location is Where.parameter_name:
            where = option_context(context.data.command.name)
        else:
            where = None  # descriptions and choices read as sentences
        return translate(string.message, locale, where)


def translate(message: str, locale: object, context: str | None) -> str | None:
    """``message`` (in the message context ``context``) for ``locale``; None
    where Discord should show the English (an untranslated locale, or the
    same text)."""
    code = resolve(locale)
    if code == SOURCE:
        return None
    if context is not None:
        text = pgettext(code, context, message)
    else:
        text = translations(code).gettext(message)
    return None if text == message else text
