"""The extension that puts the table runtime on a bot (``bot.load_extension``).

A module of its own: discord.py forgets an extension's submodules when it
unloads it, and the games' adapters import the runtime's types, so the
runtime package must stay imported once for the whole process.
"""

from __future__ import annotations

from discord.ext import commands

from .runtime import TableRuntime


async def setup(bot: commands.Bot) -> None:
    runtime = TableRuntime(bot)  # type: ignore[arg-type]
    await bot.add_cog(runtime)
    # the composition root holds the runtime, so components reach it without
    # looking a cog up by name
    bot.table_runtime = runtime  # type: ignore[attr-defined]


async def teardown(bot: commands.Bot) -> None:
    bot.table_runtime = None  # type: ignore[attr-defined]
