"""Discord's limits on what the bot sends, in one place.

Discord refuses a whole message (400, Invalid Form Body) when one part is too
long, and the player then gets no answer at all. So every reply, edit,
followup and autocomplete answer goes through :func:`fit_message` or
:func:`fit_choices` (the helpers of :mod:`cogs.replies` call them), and any
text that quotes what a user typed quotes a short prefix (:func:`quote`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
#: Discord's integer options and choices stay within JavaScript's safe integers.
SAFE_INTEGER = 2**53
#: How much of a user's text a reply quotes.
QUOTE = 40

ELLIPSIS = "…"


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut marked.

    >>> shorten("abcdef", 4), shorten("abc", 4)
    ('abc…', 'abc')
    """
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + ELLIPSIS


def quote(value: object, limit: int = QUOTE) -> str:
    """What a user typed, as a reply quotes it: a short prefix in quotes.

    >>> quote("nonsense"), quote("x" * 100, 5)
    ("'nonsense'", "'xxxx…'")
    """
    return repr(shorten(str(value), limit))


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """The embed within Discord's limits: each part shortened, then the
    description and the last fields cut until the whole fits in 6,000."""
    data = embed.to_dict()
    fitted: dict[str, Any] = dict(data)
    for key, limit in (("title", EMBED_TITLE), ("description", EMBED_DESCRIPTION)):
        if isinstance(fitted.get(key), str):
            fitted[key] = shorten(fitted[key], limit)
    for key, limit in (("footer", FOOTER), ("author", AUTHOR)):
        part = fitted.get(key)
        text_key = "text" if key == "footer" else "name"
        if isinstance(part, Mapping) and isinstance(part.get(text_key), str):
            fitted[key] = {**part, text_key: shorten(part[text_key], limit)}
    fields = [
        {
            **f,
            "name": shorten(str(f.get("name", "")), FIELD_NAME),
            "value": shorten(str(f.get("value", "")), FIELD_VALUE),
        }
        for f in list(fitted.get("fields") or [])[:EMBED_FIELDS]
    ]
    if "fields" in fitted:
        fitted["fields"] = fields
    over = _embed_length(fitted) - EMBED_TOTAL
    if over > 0 and isinstance(fitted.get("description"), str):
        description = fitted["description"]
        fitted["description"] = shorten(description, max(len(description) - over, 1))
        over = _embed_length(fitted) - EMBED_TOTAL
    while over > 0 and fields:
        fields.pop()
        over = _embed_length(fitted) - EMBED_TOTAL
    if fitted == data:
        return embed
    return discord.Embed.from_dict(fitted)


def _embed_length(data: Mapping[str, Any]) -> int:
    total = sum(len(data.get(k) or "") for k in ("title", "description"))
    total += len((data.get("footer") or {}).get("text") or "")
    total += len((data.get("author") or {}).get("name") or "")
    for f in data.get("fields") or []:
        total += len(f.get("name") or "") + len(f.get("value") or "")
    return total


def fit_message(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments of a send or edit, with the content and embeds within
    Discord's limits; everything else as it was.

    >>> len(fit_message({"content": "x" * 3000, "ephemeral": True})["content"])
    2000
    """
    out = dict(kwargs)
    content = out.get("content")
    if content is not None:
        out["content"] = shorten(str(content), CONTENT)
    embed = out.get("embed")
    if isinstance(embed, discord.Embed):
        out["embed"] = fit_embed(embed)
    embeds = out.get("embeds")
    if embeds is not None:
        out["embeds"] = [fit_embed(e) for e in list(embeds)[:EMBEDS]]
    return out


def fit_choices(choices: Iterable[app_commands.Choice[Any]]) -> list[app_commands.Choice[Any]]:
    """At most 25 autocomplete choices, names shortened to 100 characters. A
    value that does not fit is left out: cut short, it would be another value.

    >>> offered = [app_commands.Choice(name=v, value=v) for v in ("1", "9" * 101)]
    >>> [c.value for c in fit_choices(offered)]
    ['1']
    """
    out: list[app_commands.Choice[Any]] = []
    for choice in choices:
        value = choice.value
        if isinstance(value, str) and not 0 < len(value) <= CHOICE_VALUE:
            continue
        if isinstance(value, int | float) and not -SAFE_INTEGER < value < SAFE_INTEGER:
            continue
        name = shorten(str(choice.name), CHOICE_NAME) or shorten(str(value), CHOICE_NAME)
        out.append(app_commands.Choice(name=name, value=value))
        if len(out) == CHOICES:
            break
    return out
