"""Pure helpers of the bot: menus, narration, settings, meta, clock, privacy of pictures."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import discord
import pytest

import render.president as render
from bot import ConfigError, load_settings
from cogs.clock import ScaledClock, wait_event
from cogs.president.manifest import MANIFEST
from cogs.president.text import (
    MAX_SELECT_OPTIONS,
    exchange_private_lines,
    exchange_public_lines,
    give_choices,
    play_choices,
    recent_log,
    resolve_give,
)
from cogs.table.images import table_picture
from cogs.table.manifest import SEARCH_TIME_CAP
from cogs.table.models import TableMeta
from cogs.table.runtime import missing_permissions
from engine.president import ExchangeEvent, Give, President, parse_cards, preset


def test_play_choices_cover_every_legal_play_in_at_most_25_options() -> None:
    for name in ("classic", "house", "revolution", "ladder"):
        for seed in range(20):
            g = President.new_game(
                preset(name, decks=2, players=5) if name == "house" else preset(name), seed=seed
            )
            legal = list(g.legal_plays())
            choices = play_choices(legal)
            assert len(choices.ranks) <= MAX_SELECT_OPTIONS
            rebuilt = {(r, c) for r, counts in choices.ranks for c in counts}
            assert rebuilt == {(p.rank, p.count) for p in legal if not p.is_pass}


def test_give_choices_per_card_and_grouped_beyond_25_cards() -> None:
    small = parse_cards("3C 3C 5D 9H KS")
    g = give_choices(small, 2)
    assert not g.grouped and len(g.options) == 5
    give = resolve_give(small, ["3C", "3C~2"], 2, g.grouped)
    assert give == Give(parse_cards("3C 3C"))
    with pytest.raises(ValueError, match="exactly 2"):
        resolve_give(small, ["3C"], 2, g.grouped)

    big = parse_cards(
        "3C 3D 3H 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD JC JD QC QD KC KD AC AD 2C 2D X1"
    )
    assert len(big) == 28
    g = give_choices(big, 2)
    assert g.grouped and len(g.options) <= MAX_SELECT_OPTIONS
    give = resolve_give(big, ["3", "K"], 2, g.grouped)
    assert sorted(c.rank for c in give.cards) == [0, 10]


def test_public_lines_name_counts_and_private_lines_name_cards() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    events = [ExchangeEvent("tribute", 3, 0, 1, parse_cards("2S"))]
    public = exchange_public_lines(events, names)
    assert public == ["Di gave 1 card to Ann"]
    assert exchange_private_lines(events, 0, names) == ["You received 2♠ from Di"]
    assert exchange_private_lines(events, 3, names) == ["You gave 2♠ to Ann"]
    assert exchange_private_lines(events, 1, names) == []


def test_recent_log_reads_like_a_table() -> None:
    g = President.from_hands(preset("classic"), ["3C 3D", "4C", "KH"])
    g.apply("33", 0)
    lines = recent_log(g.public_view().history, ["Ann", "Bo", "Cy"])
    assert lines[0] == "Ann leads"
    assert "Ann played pair of 3" in lines


def test_table_picture_is_identical_for_states_differing_only_in_hidden_cards() -> None:
    opts = preset("classic", players=3)
    a = President.from_hands(opts, ["3C 5D 9H", "4C 6D TH", "7S 8S JH"])
    b = President.from_hands(opts, ["3C 6D 8S", "4C 5D JH", "7S 9H TH"])
    assert a.hand(1) != b.hand(1)
    names, flags = ["Ann", "Bo", "Cy"], [False] * 3
    pa = table_picture(render.render_table, a.public_view(), names, flags, flags)
    pb = table_picture(render.render_table, b.public_view(), names, flags, flags)
    assert pa is not None and pb is not None
    assert pa.data == pb.data


def test_missing_permissions_are_named() -> None:
    perms = discord.Permissions(view_channel=True, send_messages=True)
    assert missing_permissions(perms) == ["Embed Links", "Attach Files", "Read Message History"]
    full = discord.Permissions(
        view_channel=True,
        send_messages=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )
    assert missing_permissions(full) == []
    assert missing_permissions(full, thread=True) == ["Send Messages in Threads"]


def test_table_meta_round_trips_and_pads() -> None:
    meta = TableMeta(1, 60, "normal", [False, True], [0, 2], [True, False], 99)
    back = TableMeta.from_json(meta.to_json(), 2)
    assert back == meta
    padded = TableMeta.from_json('{"host_id": 5}', 3)
    assert padded.auto == [False] * 3 and padded.turn_seconds == 60


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_search_levels_in_the_bot_have_a_wall_clock_cap(level: str) -> None:
    state = President.new_game(preset("classic"), seed=1)
    ai = MANIFEST.computer(level, 7)
    limit = getattr(ai, "time_limit", None)
    assert limit == (None if level == "normal" else SEARCH_TIME_CAP)
    # the capped player still decides legally
    p = state.current_player
    assert p is not None
    assert ai.decide(state.observation(p)) in state.observation(p).legal


def test_settings_require_a_token_and_never_show_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        load_settings({}, dotenv_path=tmp_path / "none")
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=secret-from-file\nDEV_GUILD_ID=42\n")
    s = load_settings({"LOG_LEVEL": "debug"}, dotenv_path=env_file)
    assert s.token == "secret-from-file" and s.dev_guild_id == 42 and s.log_level == "DEBUG"
    assert "secret" not in repr(s)
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_settings({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}, dotenv_path=env_file)


def test_main_exits_non_zero_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main() == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


async def test_scaled_clock_runs_fast_and_wait_event() -> None:
    clock = ScaledClock(0.001)
    t0, w0 = time.monotonic(), clock.now()
    await clock.sleep(50)  # 50 game seconds
    assert time.monotonic() - t0 < 1.0
    assert clock.now() - w0 >= 49
    event = asyncio.Event()
    assert not await wait_event(clock, event, 10)
    asyncio.get_running_loop().call_soon(event.set)
    assert await wait_event(clock, event, 1000)


def test_pictures_show_computer_names_without_the_text_suffix() -> None:
    from cogs.table.images import picture_names as _picture_names

    names = ["alice", "Ada (computer)", "bob (computer)"]
    assert _picture_names(names, [False, True, False]) == ["alice", "Ada", "bob (computer)"]
