"""The table runtime speaks each reader's language: pictures drawn for the
reader of the text being composed, the players' locales kept with the table,
the server's language chosen by a manager, and the runtime's own texts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.table import language
from cogs.table.context import TableContext
from cogs.table.images import bare_name
from cogs.table.language import Languages
from cogs.table.models import Lobby, TableMeta, shown_name
from cogs.table.replay import Replays
from cogs.table.runtime import load_adapters
from cogs.table.text import later, ordinal, standings_lines
from cogs.table.views import lobby_view, table_view
from data import Database, Seat
from locales import N_, current, reading
from locales.pseudo import untranslated
from tests.cogs.table.test_replay import _db, _Interaction


def _context() -> TableContext:
    bot = SimpleNamespace(clock=None, timings=None, db=None)
    return TableContext(bot, {})  # type: ignore[arg-type]


async def test_a_picture_is_drawn_for_the_reader_of_the_text_being_composed() -> None:
    ctx = _context()
    try:
        with reading("ja"):
            drawn_for = await ctx.draw(None, current)
        assert drawn_for == "ja"
        assert await ctx.draw(None, current) == "en"
    finally:
        await ctx.stop()


async def test_a_replay_is_drawn_in_the_servers_language() -> None:
    seen: list[str] = []

    def render(record: str, names: Any, number: int, *, progress: Any) -> bytes:
        seen.append(current())
        return b"GIF89a"

    replays = Replays(_db(), load_adapters(), render=render)
    interaction = _Interaction()
    interaction.guild_locale = "fr"  # type: ignore[attr-defined]
    try:
        await replays.replay(interaction, load_adapters()["president"], None, None)
    finally:
        replays.close()
    assert seen == ["fr"]
    caption = interaction.edits[-1]["content"]
    assert caption.startswith("**Président**, partie 7 · manche 1 sur 1"), caption


def test_the_players_locales_and_the_servers_are_kept_with_the_table() -> None:
    meta = TableMeta(1, 60, "normal", [False] * 3, [0] * 3, [False] * 3)
    meta.guild_locale = "fr"
    meta.locales = ["ja", None, "es-ES"]
    again = TableMeta.from_json(meta.to_json(), 3)
    assert again.guild_locale == "fr" and again.locales == ["ja", None, "es-ES"]
    # a meta stored before this release, or a forged one, reads English
    old = TableMeta.from_json('{"host_id": 1, "locales": [7, "x" ]}', 3)
    assert old.guild_locale is None and old.locales == [None, "x", None]


async def test_the_servers_language_is_a_setting_that_outlives_the_bot(tmp_path: Path) -> None:
    async with await Database.open(tmp_path / "db.sqlite3") as db:
        languages = Languages(db)
        lobby = SimpleNamespace(guild_id=5, guild_locale="ja")
        assert await languages.load(5) is None
        assert languages.public(lobby) == "ja"  # Discord's language of the server
        await languages.choose(5, "fr")
        assert languages.public(lobby) == "fr"
        again = Languages(db)  # after a restart
        assert await again.load(5) == "fr" and again.public(lobby) == "fr"
        await again.choose(5, None)  # follow Discord's again
        assert again.public(lobby) == "ja"
        assert Languages(db).public(SimpleNamespace(guild_id=6, guild_locale=None)) is None


def test_a_players_private_text_follows_the_locale_they_last_used() -> None:
    languages = Languages(None)
    seats = [Seat.human(11, "ann"), Seat.computer("easy", "Ada (computer)")]
    meta = TableMeta(11, 60, "normal", [False] * 2, [0] * 2, [False] * 2, locales=["fr", None])
    t: Any = SimpleNamespace(
        seats=seats, meta=meta, seat_of_user=lambda uid: 0 if uid == 11 else None
    )
    assert languages.private(t, 0) == "fr"  # stored with the table, after a restart
    assert languages.private(t, 1) is None  # the computer reads nothing
    click: Any = SimpleNamespace(locale=SimpleNamespace(value="ja"), user=SimpleNamespace(id=11))
    with languages.reader(click, t) as code:
        assert code == "ja" and current() == "ja"
    assert languages.private(t, 0) == "ja" and meta.locales == ["ja", None]


def test_only_the_most_recent_users_locales_are_kept_in_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(language, "REMEMBERED_USERS", 3)
    languages = Languages(None)

    def click(uid: int, locale: str) -> None:
        clicked: Any = SimpleNamespace(
            locale=SimpleNamespace(value=locale), user=SimpleNamespace(id=uid)
        )
        languages.heard(clicked)

    for uid, locale in ((1, "fr"), (2, "ja"), (3, "es-ES"), (1, "fr"), (4, "zh-TW")):
        click(uid, locale)
    # user 2 was heard least recently (user 1 clicked again): forgotten
    assert [languages.last(u) for u in (1, 2, 3, 4)] == ["fr", None, "es-ES", "zh-TW"]
    # a seated player's locale is still kept with their table
    seats = [Seat.human(2, "bo")]
    meta = TableMeta(2, 60, "normal", [False], [0], [False], locales=["ja"])
    t: Any = SimpleNamespace(seats=seats, meta=meta)
    assert languages.private(t, 0) == "ja"


def test_places_standings_and_computers_read_in_the_readers_language() -> None:
    with reading("fr"):
        assert standings_lines([1, 0, 2], [5, 5, 9], [0, 1], ["A", "B", "C"]) == [
            "1er B — 5 👑",
            "1er A — 5 👑",
            "3e C — 9",
        ]
        ada = Seat.computer("easy", "Ada (computer)")
        assert shown_name(ada) == "Ada (ordinateur)"
        assert bare_name(shown_name(ada)) == "Ada" and bare_name("Ada (computer)") == "Ada"
    with reading("ja"):
        assert ordinal(2) == "2位"
        assert shown_name(Seat.computer("easy", "Ada (computer)")) == "Ada（CPU）"
    assert ordinal(2) == "2nd"


def test_the_table_log_is_written_once_and_read_in_each_readers_language() -> None:
    note = later(N_("{name} ran out of time"), name=lambda: "Ann")
    with reading("fr"):
        assert str(note) == "Ann a dépassé son temps"
    with reading("zh-TW"):
        assert f"*{note}*" == "*Ann 超時了*"
    assert str(note) == "Ann ran out of time"


def test_the_lobby_and_table_buttons_have_no_english_in_the_pseudo_locale() -> None:
    with reading("qps-ploc"):
        views = [lobby_view(1), table_view(2, take_seat=True)]
    labels = [str(getattr(item, "label", "")) for view in views for item in view.children]
    assert len(labels) == 9
    assert [w for label in labels for w in untranslated(label)] == []


async def test_a_lobby_reads_in_the_servers_language_whoever_clicks() -> None:
    from cogs.table.lobby import Lobbies

    adapters = load_adapters()
    ctx = _context()
    ctx.languages._servers[3] = "es_ES"
    lobby = Lobby(
        lobby_id=1,
        guild_id=3,
        channel_id=4,
        adapter=adapters["sixty"],
        host_id=11,
        preset="standard",
        options=adapters["sixty"].game.make_options("standard", {}),
        seats=4,
        level="normal",
        turn_seconds=60,
        players=[(11, "ann")],
        computers=1,
        last_activity=0.0,
        guild_locale="fr",
    )
    lobbies = Lobbies(ctx, None, started=lambda t: None, house_rules=None)  # type: ignore[arg-type]
    try:
        with reading("ja"):  # the host's click
            embed, _picture = await lobbies.payload(lobby)
    finally:
        await ctx.stop()
    assert "(anfitrión)" in (embed.description or "")
    assert "asientos" in (embed.title or "")
    assert (embed.footer.text or "").startswith("Empezar y Cancelar")


def test_the_reader_stays_in_its_task() -> None:
    async def other() -> str:
        return current()

    async def main() -> tuple[str, str]:
        task = asyncio.ensure_future(other())  # started outside the block
        with reading("fr"):
            return current(), await task

    assert asyncio.run(main()) == ("fr", "en")


def test_a_round_is_stored_in_english_whoever_ended_it() -> None:
    from cogs.table.models import Table
    from cogs.table.records import stored_round
    from engine import RoundScore
    from tests.takeaway.game import GAME_TYPE as TAKEAWAY

    result = RoundScore(1, (1, 0), (1, 1), (1, 1), ({}, {}))
    state = SimpleNamespace(n=2, round_results=lambda: [result])
    adapter: Any = SimpleNamespace(game=TAKEAWAY, round_details=lambda t, r, p: {})
    seats = [Seat.human(11, "ann"), Seat.computer("easy", "Ada (computer)")]
    meta = TableMeta(11, 60, "normal", [False] * 2, [0] * 2, [False] * 2)
    t = Table(1, 2, 3, adapter, state, 0, seats, meta, 0)
    with reading("fr"):  # a French player's move ended the round
        stored = stored_round(t, state)
    assert [s.display_name for s in stored.seats] == ["ann", "Ada (computer)"]
