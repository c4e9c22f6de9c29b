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

from .limits import SAFE_INTEGER, quote

#: The longest name a text option takes (a preset, level, option, board or game).
NAME_LENGTH = 40
#: The longest value ``/<game> set`` takes (on/off, a number, a word or two).
VALUE_LENGTH = 40

_SNOWFLAKES = {
    Kind.user: "user",
    Kind.channel: "channel",
    Kind.role: "role",
    Kind.mentionable: "user or role",
    Kind.attachment: "file",
}
_WORDS = {
    Kind.string: "text",
    Kind.integer: "whole number",
    Kind.number: "number",
    Kind.boolean: "true or false",
    **_SNOWFLAKES,
}


def refusal(interaction: discord.Interaction) -> str | None:
    """Why the options of this slash command (or autocomplete) are refused, or None."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None  # not a slash command this bot knows: discord.py answers it
    data: Mapping[str, Any] = interaction.data or {}
    options = _leaf_options(data.get("options"))
    if options is None:
        return "That command arrived malformed, so nothing happened."
    params = {p.display_name: p for p in command.parameters}
    typing = interaction.type is discord.InteractionType.autocomplete
    for option in options:
        name = option.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None:
            return f"/{command.qualified_name} has no option {quote(name)}, so nothing happened."
        if typing and option.get("focused"):
            continue  # what is being typed: the suggestions take it as text
        problem = _problem(param, option.get("type"), option.get("value"))
        if problem is not None:
            return f"The **{param.display_name}** option {problem}, so nothing happened."
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
        return f"isn't a valid {_WORDS.get(kind, kind.name)}"
    if kind is Kind.string:
        if not isinstance(value, str):
            return "isn't text"
        limit = param.max_value
        if limit is not None and len(value) > limit:
            return f"is too long (at most {int(limit)} characters)"
        if param.choices and value not in [c.value for c in param.choices]:
            return f"isn't one of its choices ({quote(value, 20)})"
        return None
    if kind is Kind.integer:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"isn't a whole number ({quote(value, 20)})"
        if not -SAFE_INTEGER < value < SAFE_INTEGER:
            return "isn't a whole number Discord can send"
        return None
    if kind is Kind.number:
        if not isinstance(value, int | float) or isinstance(value, bool):
            return f"isn't a number ({quote(value, 20)})"
        return None
    if kind is Kind.boolean:
        return None if isinstance(value, bool) else "isn't true or false"
    if kind in _SNOWFLAKES:
        text = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
        if not (text.isascii() and text.isdigit() and 0 < int(text) < 2**64):
            return f"isn't a valid {_SNOWFLAKES[kind]}"
    return None
