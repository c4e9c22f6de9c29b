"""What the end-to-end language tests share: every text the players were
shown (messages, embeds, buttons, menus, modals, autocomplete suggestions),
the captions the pictures drew, and a run of the bot in the pseudo-locale
that fails on any English left.

The bot runs in the test's process (:func:`tests.e2e.table_support.running`),
so ``CARDTABLE_PSEUDO_LOCALE=1`` set here is the bot's environment too, and
``render.fonts.log_labels`` collects the pictures' captions.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from bot import CardTableBot
from cogs.table.images import bare_name
from cogs.table.models import Table
from data import Database, Settings
from locales import PSEUDO_ENV
from locales.pseudo import untranslated
from render import fonts
from tests.e2e.emulator import Emulator, Message
from tests.e2e.table_support import FAST_TIMINGS, running

#: The games whose table pictures map onto one palette fitted to samples.
PALETTES = ("president", "bigtwo", "sixty")


def _component_texts(components: Iterable[dict[str, Any]]) -> Iterator[str]:
    for c in components:
        for key in ("label", "placeholder", "content", "title", "value"):
            if isinstance(c.get(key), str):
                yield c[key]
        for option in c.get("options") or []:
            yield str(option.get("label", ""))
            yield str(option.get("description", "") or "")
        yield from _component_texts(c.get("components") or [])
        if isinstance(c.get("component"), dict):
            yield from _component_texts([c["component"]])


def _embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    yield str(embed.get("title", "") or "")
    yield str(embed.get("description", "") or "")
    for f in embed.get("fields", []):
        yield str(f.get("name", ""))
        yield str(f.get("value", ""))
    yield str((embed.get("footer") or {}).get("text", ""))
    yield str((embed.get("author") or {}).get("name", ""))


def message_texts(m: Message) -> Iterator[str]:
    """Every text of every revision of one message."""
    for r in [*m.revisions, m]:
        yield r.content
        for e in r.embeds:
            yield from _embed_texts(e)
        yield from _component_texts(r.components)


def seen_texts(emulator: Emulator) -> list[str]:
    """Every text the bot showed anyone: its messages (channels, DMs, ephemeral
    answers, deleted ones, each revision), the modals it opened and the
    autocomplete suggestions it gave."""
    bot_id = emulator.bot_user.id
    out: list[str] = []
    for m in emulator.state.messages.values():
        if m.author.id == bot_id:
            out += message_texts(m)
    for inter in emulator.state.interactions.values():
        if inter.modal is not None:
            out.append(str(inter.modal.get("title", "")))
            out += _component_texts(inter.modal.get("components") or [])
        for choice in inter.choices or []:
            out.append(str(choice.get("name", "")))
    return [t for t in out if t]


def english_left(texts: Iterable[str], allowed: tuple[str, ...]) -> dict[str, list[str]]:
    """Each text that shows English words in the pseudo-locale, with those words."""
    found: dict[str, list[str]] = {}
    for text in texts:
        words = untranslated(text, allowed)
        if words:
            found[text] = words
    return found


def report(left: dict[str, list[str]]) -> str:
    """The English found, one line per text (its first line, then the words)."""
    lines = [f"{len(left)} texts with English left:"]
    for text, words in sorted(left.items()):
        first = text.strip().splitlines()[0][:90] if text.strip() else text
        lines.append(f"  {first!r}: {' '.join(dict.fromkeys(words))}")
    return "\n".join(lines)


def values_players_type(t: Table) -> tuple[str, ...]:
    """Words that are no text of ours but values players type, which stay as
    typed in every language (docs/languages.md): the table's preset and the
    computers' level (``/president new rules:revolution level:easy``), which
    the lobby and the table show as they are typed. Only the ones in play:
    any other would be English left."""
    return (t.options.preset, t.meta.level)


def seat_names(t: Table) -> list[str]:
    """The names of the players seated at ``t`` (a computer's without the
    ``(computer)`` its seat stores, which is shown translated): names are no
    text to translate, and nothing else is allowed for them."""
    return [bare_name(s.display_name) for s in t.seats]


@contextlib.contextmanager
def pseudo_locale(monkeypatch: pytest.MonkeyPatch, labels: Path) -> Iterator[None]:
    """The bot serves the pseudo-locale to every reader, and the pictures'
    captions are written to ``labels``: every one ``render.fonts.draw_label``
    draws, and, since some pictures draw text with Pillow directly (chips,
    the replay's lines), every text Pillow draws. The pictures' caches are
    emptied first, so that a caption drawn in English by an earlier test of
    this process cannot be pasted again unseen."""
    monkeypatch.setenv(PSEUDO_ENV, "1")
    monkeypatch.setenv(fonts.LABEL_LOG_ENV, str(labels))  # the computer workers too
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    # The palettes are fitted once to sample tables with sample names, drawn
    # and thrown away: fitted before the log opens, they are not taken for
    # pictures players see.
    for game in PALETTES:
        importlib.import_module(f"render.{game}.table").table_palette()
    drawn = ImageDraw.ImageDraw.text

    def text(draw: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            fonts._log_label(str(labels), value)
        return drawn(draw, xy, value, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    fonts.log_labels(str(labels))
    try:
        yield
    finally:
        fonts.log_labels(None)


def drawn_labels(labels: Path) -> list[str]:
    """The captions drawn while the log was open."""
    if not labels.exists():
        return []
    return [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines()]


@contextlib.asynccontextmanager
async def short_game_bot(
    emulator: Emulator, tmp_path: Path, game: str, channel_id: int, guild_id: int, **options: Any
) -> AsyncIterator[CardTableBot]:
    """The bot, with the channel's saved rules making ``game`` short."""
    db_path = tmp_path / "db.sqlite3"
    async with await Database.open(db_path) as db:
        await db.set_channel_settings(channel_id, guild_id, game, Settings(options=options))
    async with running(emulator, db_path, timings=FAST_TIMINGS) as bot:
        yield bot
