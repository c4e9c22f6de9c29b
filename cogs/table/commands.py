"""Slash commands: one group per game, all built from one definition.

``/president new``, ``/bigtwo new``, ``/sixty new`` … Each game gets the same
subcommands (new, hand, leave, end, set, defaults, rules, record, review,
forget-me),
generated here from its ``GameType``, so players find a game by typing its
name, every game behaves alike, and a fourth game adds a group without a
line of command code. Per-game limits (seats, presets, levels) come from the
game type; the runtime checks every option again on the server side. Each
command reads in the user's language (``runtime.reader``). Every
text option declares its longest value (Discord enforces it; the error cog
checks it again, :mod:`cogs.options`), and every autocomplete answer is
fitted to Discord's limits (:func:`cogs.replies.suggestions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from cogs.options import NAME_LENGTH, VALUE_LENGTH
from cogs.replies import suggestions
from locales import _

from .context import round_word
from .language import CHOICES, choose_language
from .replay import MAX_GAME_ID, MAX_ROUND
from .settings import TURN_TIME_DEFAULT, TURN_TIME_RANGE, option_matches, value_matches

if TYPE_CHECKING:
    from .adapter import GameAdapter
    from .handlers import TableCommands

Scope = Literal["channel", "server"]
Name = app_commands.Range[str, 1, NAME_LENGTH]
Value = app_commands.Range[str, 1, VALUE_LENGTH]
_TURN_MIN, _TURN_MAX = TURN_TIME_RANGE
AnyCommand = app_commands.Command[Any, ..., Any]


def build_groups(runtime: TableCommands) -> list[app_commands.Group]:
    return [_group(runtime, adapter) for adapter in runtime.adapters.values()]


def build_language(runtime: TableCommands) -> AnyCommand:
    """``/language``: the language of the server's lobbies, tables and results.
    One command for every game, beside the games' groups: the setting is the
    server's, not a game's, so a per-game ``/<game> defaults`` would suggest
    that ``/sixty`` could speak another language than ``/president``."""

    @app_commands.command(
        name="language",
        description="The language of this server's lobbies, tables and results (Manage Server)",
    )
    @app_commands.describe(language="The new language (leave it out to see the current one)")
    @app_commands.choices(
        language=[app_commands.Choice(name=name, value=value) for value, name in CHOICES]
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def language(interaction: discord.Interaction, language: str | None = None) -> None:
        with runtime.reader(interaction):
            await choose_language(interaction, runtime.languages, language)

    return language


def _group(runtime: TableCommands, adapter: GameAdapter) -> app_commands.Group:
    game = adapter.game
    group = app_commands.Group(
        name=game.name, description=f"Play {game.title}, the card game"[:100], guild_only=True
    )
    lo, hi = game.min_players, game.max_players

    async def new(
        interaction: discord.Interaction,
        rules: Name | None = None,
        seats: int | None = None,
        bots: int = 0,
        level: Name | None = None,
        turn_time: int | None = None,
    ) -> None:
        with runtime.reader(interaction):
            await runtime.new_lobby(interaction, adapter, rules, seats, bots, level, turn_time)

    # The limits each game declares to Discord; the runtime checks them again.
    new.__annotations__.update(
        seats=app_commands.Range[int, lo, hi] | None,
        bots=app_commands.Range[int, 0, hi - 1],
        turn_time=app_commands.Range[int, _TURN_MIN, _TURN_MAX] | None,
    )
    # described before the command is built: discord.py hands the translator
    # only the descriptions the command had when it was made
    app_commands.describe(
        rules=f"Rule preset (default: this channel's or server's saved choice, else "
        f"{game.default_preset})",
        seats=f"Number of seats ({lo}–{hi}, within the preset's limits)",
        bots="Computer players to seat now",
        level="Computer player level",
        turn_time=f"Seconds per turn ({_TURN_MIN}–{_TURN_MAX}, default {TURN_TIME_DEFAULT})",
    )(new)
    new_command = app_commands.Command(
        name="new", description=f"Open a {game.title} table in this channel", callback=new
    )

    @new_command.autocomplete("rules")
    @suggestions
    async def _rules(interaction: discord.Interaction, current: str) -> list[Any]:
        cur = current.lower()
        with runtime.reader(interaction):  # a preset's summary where the engine marked it
            return [
                app_commands.Choice(name=f"{n} — {_(info.summary)}"[:100], value=n)
                for n, info in game.presets.items()
                if cur in n
            ][:25]

    @new_command.autocomplete("level")
    @suggestions
    async def _level(interaction: discord.Interaction, current: str) -> list[Any]:
        return [
            app_commands.Choice(name=n, value=n) for n in game.levels() if current.lower() in n
        ][:25]

    group.add_command(new_command)

    @group.command(name="hand", description="Show your hand and controls (only to you)")
    async def hand(interaction: discord.Interaction) -> None:
        with runtime.reader(interaction):
            await runtime.hand_command(interaction, adapter)

    @group.command(name="leave", description="Leave the game here; a computer takes your seat")
    async def leave(interaction: discord.Interaction) -> None:
        with runtime.reader(interaction):
            await runtime.leave_command(interaction, adapter)

    @group.command(name="end", description="End the game here (host or Manage Channel)")
    async def end(interaction: discord.Interaction) -> None:
        with runtime.reader(interaction):
            await runtime.end_command(interaction, adapter)

    @group.command(
        name="set", description="Change a house rule, the turn time or the computer level (host)"
    )
    @app_commands.describe(
        option="The rule or setting to change", value="Its new value (on/off, a number…)"
    )
    async def set_option(interaction: discord.Interaction, option: Name, value: Value) -> None:
        with runtime.reader(interaction):
            await runtime.server.set_option(interaction, adapter, option, value)

    @set_option.autocomplete("option")
    @suggestions
    async def _option(interaction: discord.Interaction, current: str) -> list[Any]:
        return [app_commands.Choice(name=n, value=n) for n in option_matches(game, current)]

    @set_option.autocomplete("value")
    @suggestions
    async def _value(interaction: discord.Interaction, current: str) -> list[Any]:
        name = str(getattr(interaction.namespace, "option", "") or "").strip().lower()
        lobby = runtime.lobbies.get(interaction.channel_id or 0)
        opts = lobby.options if lobby is not None and lobby.kind == game.name else None
        return [
            app_commands.Choice(name=v, value=v) for v in value_matches(game, name, current, opts)
        ]

    @group.command(
        name="defaults", description="Save this lobby's rules as the default (Manage Server)"
    )
    @app_commands.describe(scope="For this channel only, or for the whole server")
    async def defaults(interaction: discord.Interaction, scope: Scope = "channel") -> None:
        with runtime.reader(interaction):
            await runtime.server.save_defaults(interaction, adapter, scope)

    @group.command(name="rules", description="The rules of a preset, or of the game here")
    @app_commands.describe(preset="A preset (default: the lobby or game here, else the default)")
    @app_commands.choices(
        preset=[app_commands.Choice(name=n, value=n) for n in list(game.presets)[:25]]
    )
    async def rules(interaction: discord.Interaction, preset: str | None = None) -> None:
        with runtime.reader(interaction):
            await runtime.server.show_rules(interaction, adapter, preset)

    @group.command(
        name="record", description="Get the record of a game you played here (for bug reports)"
    )
    @app_commands.describe(game_id="The game's number (default: your latest game here)")
    async def record(interaction: discord.Interaction, game_id: int | None = None) -> None:
        with runtime.reader(interaction):
            await runtime.server.send_record(interaction, adapter, game_id)

    @group.command(
        name="replay", description="Post an animated replay of a round of a finished game here"
    )
    @app_commands.describe(
        game_id="The game's number (default: the last one finished in this channel)",
        round_no=f"Which {round_word(adapter)} (default: the last)",
    )
    @app_commands.rename(game_id="game", round_no="round")
    async def replay(
        interaction: discord.Interaction,
        game_id: app_commands.Range[int, 1, MAX_GAME_ID] | None = None,
        round_no: app_commands.Range[int, 1, MAX_ROUND] | None = None,
    ) -> None:
        with runtime.reader(interaction):
            await runtime.replays.replay(interaction, adapter, game_id, round_no)

    @group.command(
        name="review", description="The coach's review of your decisions in a finished game"
    )
    @app_commands.describe(game_id="The game's number (default: your latest game here)")
    async def review(
        interaction: discord.Interaction,
        game_id: app_commands.Range[int, 1, MAX_GAME_ID] | None = None,
    ) -> None:
        with runtime.reader(interaction):
            await runtime.coach.review(interaction, adapter, game_id)

    @group.command(name="forget-me", description="Delete your statistics in this server")
    async def forget_me(interaction: discord.Interaction) -> None:
        with runtime.reader(interaction):
            await runtime.server.forget_me(interaction)

    return group
