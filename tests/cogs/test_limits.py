"""Discord's limits, held in one place: what the clamp does to each kind of
text, and that every answer to a player goes through it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands

from cogs.limits import fit_choices, fit_embed, fit_message, quote
from cogs.replies import respond, suggestions
from cogs.stats import Stats
from cogs.table.commands import build_groups
from cogs.table.runtime import load_adapters

COGS = Path(__file__).resolve().parents[2] / "cogs"


def test_content_is_cut_to_2000_with_a_mark_and_the_rest_kept() -> None:
    view = object()
    fitted = fit_message({"content": "é" * 2100, "ephemeral": True, "view": view})
    assert len(fitted["content"]) == 2000 and fitted["content"].endswith("…")
    assert fitted["ephemeral"] is True and fitted["view"] is view
    assert fit_message({"content": "short"})["content"] == "short"
    assert fit_message({"content": None})["content"] is None


def test_an_embed_fits_part_by_part_and_as_a_whole() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000, colour=0x123456)
    for _ in range(30):
        embed.add_field(name="n" * 300, value="v" * 1100, inline=False)
    embed.set_footer(text="f" * 3000)
    embed.set_image(url="attachment://table.png")
    fitted = fit_embed(embed)
    assert len(fitted.title or "") == 256 and len(fitted.footer.text or "") == 2048
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in fitted.fields)
    assert len(fitted) <= 6000 and len(fitted.fields) <= 25
    assert fitted.image.url == "attachment://table.png" and fitted.colour == embed.colour
    small = discord.Embed(title="ok", description="fine")
    assert fit_embed(small) is small
    many = fit_message({"embeds": [discord.Embed(title=str(i)) for i in range(12)]})
    assert len(many["embeds"]) == 10


def test_choices_are_25_at_most_with_short_names_and_whole_values() -> None:
    offered = [app_commands.Choice(name="n" * 150, value=str(i)) for i in range(30)]
    offered.insert(0, app_commands.Choice(name="big", value="9" * 150))
    offered.insert(0, app_commands.Choice(name="huge", value=10**20))
    fitted = fit_choices(offered)
    assert len(fitted) == 25
    assert [c.value for c in fitted] == [str(i) for i in range(25)]  # cut values mean others
    assert all(len(c.name) == 100 for c in fitted)


def test_user_text_is_quoted_as_a_short_prefix() -> None:
    assert quote("x" * 2100) == "'" + "x" * 39 + "…'"
    assert quote(42) == "'42'"


async def test_replies_and_suggestions_pass_the_clamp() -> None:
    sent: list[dict[str, Any]] = []

    async def send_message(**kwargs: Any) -> None:
        sent.append(kwargs)

    interaction: Any = SimpleNamespace(
        response=SimpleNamespace(is_done=lambda: False, send_message=send_message)
    )
    await respond(interaction, "x" * 2100, ephemeral=True)
    assert len(sent[0]["content"]) == 2000 and sent[0]["ephemeral"]

    @suggestions
    async def echo(interaction: Any, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=current, value=current)] * 30

    assert await echo(None, "9" * 150) == []
    assert len(await echo(None, "9")) == 25
    assert [c.value for c in await echo(None, 7)] == ["7"] * 25  # typed text arrives as text


_RAW_ANSWERS = re.compile(
    r"\.response\.(send_message|edit_message|autocomplete)\(|\.followup\.send\("
    r"|\.edit_original_response\("
)


def test_no_cog_answers_an_interaction_around_the_clamp() -> None:
    """Every reply, edit and followup goes through cogs/replies.py, which fits it."""
    raw = [
        f"{path.relative_to(COGS)}:{n}"
        for path in COGS.rglob("*.py")
        if path.name != "replies.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if _RAW_ANSWERS.search(line)
    ]
    assert raw == []


def test_every_autocomplete_is_fitted() -> None:
    runtime: Any = SimpleNamespace(adapters=load_adapters())
    commands: list[app_commands.Command[Any, ..., Any]] = [
        c
        for g in build_groups(runtime)
        for c in g.walk_commands()
        if not isinstance(c, app_commands.Group)
    ]
    commands += [Stats.leaderboard, Stats.profile]  # type: ignore[list-item]
    completing = [
        (c.qualified_name, p.name) for c in commands for p in c.parameters if p.autocomplete
    ]
    assert len(completing) >= 10
    for command in commands:
        for name, param in command._params.items():
            if param.autocomplete is not None:
                assert getattr(param.autocomplete, "fits_discord", False), (command.name, name)
