"""Sharding settings: SHARD_COUNT, SHARD_IDS and CLUSTER_MEMBER, each bad value one line."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

import bot


def settings(tmp_path: Path, **values: str) -> bot.Settings:
    return bot.load_settings({"DISCORD_TOKEN": "x", **values}, dotenv_path=tmp_path / ".env")


def test_without_shard_count_the_bot_is_one_unsharded_process(tmp_path: Path) -> None:
    s = settings(tmp_path)
    assert s.shards is None
    assert type(bot.create_bot(s)) is bot.CardTableBot


@pytest.mark.parametrize(
    ("ids", "expected"),
    [("", (0, 1, 2, 3)), ("0-3", (0, 1, 2, 3)), ("0,2", (0, 2)), ("3, 0-1", (0, 1, 3))],
)
def test_shard_ids_are_a_range_or_a_list(tmp_path: Path, ids: str, expected: tuple[int]) -> None:
    s = settings(tmp_path, SHARD_COUNT="4", SHARD_IDS=ids)
    assert s.shards is not None
    assert (s.shards.count, s.shards.ids) == (4, expected)
    assert s.shards.member == f"{socket.gethostname()}:{os.getpid()}"
    sharded = bot.create_bot(s)
    assert (sharded.shard_count, sharded.shard_ids) == (4, list(expected))


@pytest.mark.parametrize(
    ("values", "line"),
    [
        ({"SHARD_COUNT": "four"}, "SHARD_COUNT='four': the bot's total number of shards"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT='0': the bot's total number of shards"),
        ({"SHARD_IDS": "0-1"}, "SHARD_IDS='0-1' needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "SHARD_IDS='2-5': the shards this process"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS='3-1': the shards this process"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a"}, "from 0 to 3 (SHARD_COUNT=4)"),
    ],
)
def test_a_bad_shard_setting_is_one_line(tmp_path: Path, values: dict[str, str], line: str) -> None:
    with pytest.raises(bot.ConfigError) as refused:
        settings(tmp_path, **values)
    assert line in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_member_shares_the_request_budget_by_its_shards(tmp_path: Path) -> None:
    s = settings(
        tmp_path, SHARD_COUNT="4", SHARD_IDS="0,1", CLUSTER_MEMBER="a", REQUESTS_PER_SECOND="40"
    )
    assert s.shards is not None and s.shards.member == "a"
    assert bot.create_bot(s).budget.rate == 20
