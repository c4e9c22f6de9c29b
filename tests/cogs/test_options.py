"""Slash options checked against their command's declaration: what a modified
client can send, and the reason each is refused with."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs.options import NAME_LENGTH, refusal
from cogs.table.commands import build_groups
from cogs.table.runtime import load_adapters
from locales import reading
from locales.pseudo import untranslated


def _command(name: str) -> app_commands.Command[Any, ..., Any]:
    runtime: Any = SimpleNamespace(adapters=load_adapters())
    group = next(g for g in build_groups(runtime) if g.name == "president")
    command = group.get_command(name)
    assert isinstance(command, app_commands.Command)
    return command


def _interaction(
    name: str,
    options: Any,
    kind: discord.InteractionType = discord.InteractionType.application_command,
) -> Any:
    data = {
        "name": "president",
        "type": 1,
        "options": [{"name": name, "type": 1, "options": options}],
    }
    return SimpleNamespace(command=_command(name), data=data, type=kind)


@pytest.mark.parametrize(
    ("command", "options", "words"),
    [
        ("new", [{"name": "seats", "type": 4, "value": "abc"}], "**seats** option isn't a whole"),
        ("new", [{"name": "seats", "type": 4, "value": True}], "isn't a whole number"),
        ("new", [{"name": "seats", "type": 4, "value": 2**60}], "Discord can send"),
        ("new", [{"name": "seats", "type": 3, "value": "4"}], "isn't a valid whole number"),
        ("new", [{"name": "rules", "type": 3, "value": 7}], "**rules** option isn't text"),
        ("new", [{"name": "rules", "type": 3, "value": "x" * 41}], "too long (at most 40"),
        ("new", [{"name": "colour", "type": 3, "value": "red"}], "has no option 'colour'"),
        ("record", [{"name": "game_id", "type": 4, "value": "1 OR 1=1"}], "game_id"),
        ("defaults", [{"name": "scope", "type": 3, "value": "galaxy"}], "isn't one of its"),
        ("new", "seats=4", "malformed"),
    ],
)
def test_a_forged_option_is_refused_with_its_reason(command: str, options: Any, words: str) -> None:
    problem = refusal(_interaction(command, options))
    assert problem is not None and words in problem and len(problem) < 200, problem


def test_options_as_declared_pass() -> None:
    assert NAME_LENGTH == 40
    good = [
        {"name": "rules", "type": 3, "value": "x" * 40},
        {"name": "seats", "type": 4, "value": 5},
        {"name": "bots", "type": 4, "value": 0},
    ]
    assert refusal(_interaction("new", good)) is None
    assert refusal(_interaction("hand", [])) is None
    # what is being typed is checked by the suggestions, not refused here
    typing = [{"name": "rules", "type": 3, "value": "y" * 300, "focused": True}]
    assert refusal(_interaction("new", typing, discord.InteractionType.autocomplete)) is None


def test_a_forged_option_is_refused_in_the_readers_language() -> None:
    forged = _interaction("new", [{"name": "seats", "type": 4, "value": "abc"}])
    long = _interaction("new", [{"name": "rules", "type": 3, "value": "x" * 41}])
    with reading("fr"):
        assert refusal(forged) == (
            "L’option **seats** n’est pas un nombre entier ('abc'), donc rien n’a été fait."
        )
    with reading("ja"):
        assert refusal(long) == (
            "オプション **rules** の値が長すぎる（最大40文字）ため、何も起きませんでした。"
        )
    with reading("qps-ploc"):
        texts = [refusal(forged), refusal(long), refusal(_interaction("new", "seats=4"))]
    assert all(t and untranslated(t, allowed=("seats", "rules")) == [] for t in texts), texts
