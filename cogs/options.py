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

from engine import OptionsError
from locales import N_, _, _n, current, format_number

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


def _number(value: object) -> str:
    return format_number(current(), value) if isinstance(value, int) else quote(value, 20)


def options_refusal(error: OptionsError) -> str:
    """The engine's refusal of some rules (``error.reason`` and its
    ``params``) in the current reader's language, in the engine's own words
    for English readers; option names and values stay as players type them.
    A refusal the bot wrote itself (reason ``invalid``) was composed in its
    reader's language already."""
    p = error.params
    option = str(p.get("option", error.option))
    value = quote(p["value"], 20) if p.get("value") is not None else ""
    listed = p.get("choices")
    choices = ", ".join(str(c) for c in listed) if isinstance(listed, tuple | list) else ""
    low, high = _number(p.get("low")), _number(p.get("high"))
    reason = error.reason
    if reason == "no_such_option":
        game = p.get("game")
        if game:
            # Translators: option names, values (on, off, none, ladder…) as players type them
            return _("{option}: {game} has no such option").format(option=option, game=_(str(game)))
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: there is no such option").format(option=option)
    if reason == "no_preset":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: there is no preset {value}; choose one of {choices}").format(
            option=option, value=value, choices=choices
        )
    if reason == "not_on_off":
        if value:
            # Translators: option names, values (on, off, none, ladder…) as players type them
            return _("{option}: say on or off, not {value}").format(option=option, value=value)
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: say on or off").format(option=option)
    if reason == "not_a_choice":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: choose one of {choices}, not {value}").format(
            option=option, choices=choices, value=value
        )
    if reason == "not_whole":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: {value} is not a whole number").format(option=option, value=value)
    if reason == "out_of_range":
        if p.get("none"):
            # Translators: option names, values (on, off, none, ladder…) as players type them
            return _("{option}: choose a number from {low} to {high}, or none").format(
                option=option, low=low, high=high
            )
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: choose a number from {low} to {high}").format(
            option=option, low=low, high=high
        )
    if reason == "at_least":
        if p.get("none"):
            # Translators: option names, values (on, off, none, ladder…) as players type them
            return _("{option}: choose a number of at least {low}, or none").format(
                option=option, low=low
            )
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: choose a number of at least {low}").format(option=option, low=low)
    if reason == "two_decks_players":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _("{option}: 2 decks need at least 4 players; add players or set decks to 1").format(
            option=option
        )
    if reason == "jokers_for_decks":
        decks = p.get("decks")
        n = decks if isinstance(decks, int) else 1
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _n(
            "{option}: with {decks} deck, use from 0 to {high} jokers",
            "{option}: with {decks} decks, use from 0 to {high} jokers",
            n,
        ).format(option=option, decks=format_number(current(), n), high=high)
    if reason == "ladder_titles_players":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _(
            "{option}: the ladder titles need exactly 4 players; "
            "set players to 4 or choose other titles"
        ).format(option=option)
    if reason == "ladder_scoring_players":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _(
            "{option}: ladder scoring needs exactly 4 players; "
            "set players to 4 or choose other scoring"
        ).format(option=option)
    if reason == "needs_an_end":
        # Translators: option names, values (on, off, none, ladder…) as players type them
        return _(
            "{option}: a session needs an end; set deals to a number or set a threshold"
        ).format(option=option)
    return str(error)
