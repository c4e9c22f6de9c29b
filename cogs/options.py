"""Slash command options as they arrive, checked against what each command
declares before any of it runs.

Discord checks an option's type and length only in its own clients: a
modified client can send ``seats: "abc"`` or a 2,000-character preset name,
and discord.py hands such values to a command as they are (or fails on a
malformed user id before a command even runs). :func:`refusal` finds the
first option that is not what its command declares, and the error cog
refuses the command with that reason (see ``Errors.check_options``). Number
ranges are left to the commands, which refuse them in their own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Kind

from locales import N_, _, current, format_number

from .limits import SAFE_INTEGER, quote

#: The longest name a text option takes (a preset, level, option, board or game).
NAME_LENGTH = 40
#: The longest value ``/<game> set`` takes (on/off, a number, a word or two).
VALUE_LENGTH = 40

# Whole refusals, one per kind: "a valid …" reads differently in every language.
_SNOWFLAKES = {
    Kind.user: N_("isn't a valid user"),
    Kind.channel: N_("isn't a valid channel"),
    Kind.role: N_("isn't a valid role"),
    Kind.mentionable: N_("isn't a valid user or role"),
    Kind.attachment: N_("isn't a valid file"),
}
_WORDS = {
    Kind.string: N_("isn't a valid text"),
    Kind.integer: N_("isn't a valid whole number"),
    Kind.number: N_("isn't a valid number"),
    Kind.boolean: N_("isn't a valid true or false"),
    **_SNOWFLAKES,
}


def refusal(interaction: discord.Interaction) -> str | None:
    """Why the options of this slash command (or autocomplete) are refused, or None
    (in the language of the current reader)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None  # not a slash command this bot knows: discord.py answers it
    data: Mapping[str, Any] = interaction.data or {}
    options = _leaf_options(data.get("options"))
    if options is None:
        return _("That command arrived malformed, so nothing happened.")
    params = {p.display_name: p for p in command.parameters}
    typing = interaction.type is discord.InteractionType.autocomplete
    for option in options:
        name = option.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None:
            return _("/{command} has no option {option}, so nothing happened.").format(
                command=command.qualified_name, option=quote(name)
            )
        if typing and option.get("focused"):
            continue  # what is being typed: the suggestions take it as text
        problem = _problem(param, option.get("type"), option.get("value"))
        if problem is not None:
            # Translators: {problem} is one of the option refusals ("isn't a valid
            # number", "is too long (at most 40 characters)")
            return _("The **{option}** option {problem}, so nothing happened.").format(
                option=param.display_name, problem=problem
            )
    return None


def _leaf_options(options: Any) -> list[Mapping[str, Any]] | None:
    """The options of the subcommand that runs (past any group and subcommand)."""
    while True:
        if options is None:
            return []
        if not isinstance(options, list) or not all(isinstance(o, Mapping) for o in options):
            return None
        nested = (Kind.subcommand.value, Kind.subcommand_group.value)
        subs = [o for o in options if o.get("type") in nested]
        if not subs:
            return options
        if len(subs) != 1 or len(options) != 1:
            return None
        options = subs[0].get("options")


def _problem(param: app_commands.Parameter, sent_type: Any, value: Any) -> str | None:
    """What is wrong with one option's value, in words that finish a sentence."""
    kind = param.type
    if sent_type != kind.value:
        return (
            _(_WORDS[kind]) if kind in _WORDS else _("isn't a valid {kind}").format(kind=kind.name)
        )
    if kind is Kind.string:
        if not isinstance(value, str):
            return _("isn't text")
        limit = param.max_value
        if limit is not None and len(value) > limit:
            return _("is too long (at most {n} characters)").format(
                n=format_number(current(), int(limit))
            )
        if param.choices and value not in [c.value for c in param.choices]:
            return _("isn't one of its choices ({value})").format(value=quote(value, 20))
        return None
    if kind is Kind.integer:
        if not isinstance(value, int) or isinstance(value, bool):
            return _("isn't a whole number ({value})").format(value=quote(value, 20))
        if not -SAFE_INTEGER < value < SAFE_INTEGER:
            return _("isn't a whole number Discord can send")
        return None
    if kind is Kind.number:
        if not isinstance(value, int | float) or isinstance(value, bool):
            return _("isn't a number ({value})").format(value=quote(value, 20))
        return None
    if kind is Kind.boolean:
        return None if isinstance(value, bool) else _("isn't true or false")
    if kind in _SNOWFLAKES:
        text = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
        if not (text.isascii() and text.isdigit() and 0 < int(text) < 2**64):
            return _(_SNOWFLAKES[kind])
    return None
