"""Whole games in the players' languages.

- In the pseudo-locale (every translated string visibly changed), a short
  game of each game is played by one human, who lets the clock and the
  computer play for them, and no text anyone was shown, nor any caption a
  picture drew, may be left in English.
- A French server with a Japanese player: the lobby, table and results are in
  French, the Japanese player's DMs in Japanese.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import CardTableBot
from cogs.table import ids
from cogs.table.models import Table
from cogs.table.text import TOOK_OVER
from locales import _, _p
from tests.e2e.emulator import Channel, Emulator, Message, User
from tests.e2e.language_support import (
    drawn_labels,
    english_left,
    pseudo_locale,
    report,
    seat_names,
    seen_texts,
    short_game_bot,
    values_players_type,
)
from tests.e2e.table_support import table_of, wait_text


async def _start(
    emulator: Emulator,
    bot: CardTableBot,
    host: User,
    channel: Channel,
    game: str,
    joiners: list[User],
    start: str,
    join: str,
    refused: tuple[str, str] | None = None,
    **options: Any,
) -> Table:
    h = await emulator.slash(host, channel, f"{game} new", options)
    lobby = await h.wait_message(lambda m: bool(m.buttons()))
    if refused is not None:  # rules the engine refuses: its reason, in the host's words
        option, value = refused
        asked = await emulator.slash(
            host, channel, f"{game} set", {"option": option, "value": value}
        )
        answer = await asked.wait_message()
        assert answer.ephemeral and answer.content.startswith("["), answer.content
    for user in joiners:
        await emulator.click(user, lobby, label=join)
    await emulator.click(host, lobby, label=start)
    return await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to start")


def _final(emulator: Emulator, channel: Channel, t: Table) -> Message | None:
    review = ids.REVIEW.build(t.game_id)
    for m in emulator.messages(channel):
        if any(c.get("custom_id") == review for c in m.all_components()):
            return m
    return None


async def _play_out(emulator: Emulator, channel: Channel, t: Table) -> Message:
    """The game plays to its end (the humans' clocks run out, then the computer
    plays their seats): its final standings, with Review."""
    return await emulator.wait_for(
        lambda: _final(emulator, channel, t), 120.0, "the final standings"
    )


async def _pseudo_game(
    emulator: Emulator,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seats: int,
    refused: tuple[str, str],
    **short: Any,
) -> dict[str, list[str]]:
    """One short game in the pseudo-locale, seen by everyone: the channel, the
    human's DMs (her hand and turns, the takeover when her clock runs out) and
    her clicks' answers, a value the rules refuse in ``/<game> set``, then the
    coach's review of her game, the leaderboard and her profile; the English
    words left in any text or caption, but the names of the players seated
    and the option values players type."""
    labels = tmp_path / "labels.jsonl"
    with pseudo_locale(monkeypatch, labels):
        ann = emulator.create_user("ann")
        guild = emulator.create_guild("Club", members=[ann], owner=ann)
        channel = guild.channels[0]
        async with short_game_bot(emulator, tmp_path, game, channel.id, guild.id, **short) as bot:
            t = await _start(
                emulator,
                bot,
                ann,
                channel,
                game,
                [],
                _p("button", "Start"),
                _p("button", "Join"),
                refused,
                seats=seats,
                bots=seats - 1,
                level="easy",
                turn_time=15,
            )
            table = await wait_text(emulator, channel, "")  # the lobby became the start note
            assert table is not None
            hand = await emulator.wait_for(
                lambda: emulator.state.messages.get(t.meta.table_message_id or 0),
                10.0,
                "the table message",
            )
            await emulator.click(ann, hand, label=_p("button", "My hand"))
            final = await _play_out(emulator, channel, t)
            seated = tuple(seat_names(t))  # names are no text of ours
            # the coach's review of her game, as she asks for it under the standings
            asked = await emulator.click(ann, final, ids.REVIEW.build(t.game_id))
            review = await asked.wait_message(
                lambda m: f"{t.game_id} — {ann.name}" in m.text(), timeout=60.0
            )
            assert review.text().startswith("🎓 ["), review.text()
            # the standings and her record after the game, as players look them up
            for command in ("leaderboard", "profile"):
                asked = await emulator.slash(ann, channel, command, {"game": game})
                answer = await asked.wait_message()
                assert answer.embeds and all(
                    str(e.get("title", "")).startswith("[") for e in answer.embeds
                ), (command, answer.embeds)
        # her hand and turns came by DM (with its picture), then the takeover
        dms = emulator.dms(ann)
        # her hand was shown with its picture (then reduced to a line once the computer
        # took her seat: an earlier state of the message); whether a turn's controls
        # reached her DMs before her clock ran out depends on who acts first
        shown = [m.attachments or any(r.attachment_ids for r in m.revisions) for m in dms]
        assert any(shown), [m.text() for m in dms]
        assert any(_(TOOK_OVER) in m.text() for m in dms), [m.text() for m in dms]
        texts = seen_texts(emulator)
        pictures = drawn_labels(labels)
    assert texts and pictures  # something was shown and drawn
    return english_left([*texts, *pictures], (*seated, *values_players_type(t)))


async def test_president_in_the_pseudo_locale_has_no_english_left(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = await _pseudo_game(
        emulator, tmp_path, monkeypatch, "president", 4, ("rounds", "0"), rounds=1
    )
    assert not left, report(left)


async def test_big_two_in_the_pseudo_locale_has_no_english_left(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = await _pseudo_game(
        emulator, tmp_path, monkeypatch, "bigtwo", 4, ("deals", "500"), deals=1
    )
    assert not left, report(left)


async def test_sixty_in_the_pseudo_locale_has_no_english_left(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = await _pseudo_game(
        emulator, tmp_path, monkeypatch, "sixty", 4, ("rounds", "25"), rounds=1
    )
    assert not left, report(left)


async def test_a_french_server_reads_french_while_a_japanese_player_reads_japanese(
    emulator: Emulator, tmp_path: Path
) -> None:
    amelie = emulator.create_user("amelie", locale="fr")
    kenji = emulator.create_user("kenji", locale="ja")
    # Discord's language of the server is English: a manager chose French
    guild = emulator.create_guild("Club", members=[amelie, kenji], owner=amelie)
    channel = guild.channels[0]
    async with short_game_bot(emulator, tmp_path, "sixty", channel.id, guild.id, rounds=2) as bot:
        chosen = await emulator.slash(amelie, channel, "language", {"language": "fr"})
        answer = await chosen.wait_message()
        assert answer.ephemeral and "**Français**" in answer.content, answer.content
        # only a manager chooses; anyone may ask, and is answered in their language
        refused = await emulator.slash(kenji, channel, "language", {"language": "ja"})
        text = (await refused.wait_message()).content
        assert "「サーバー管理」権限が必要です" in text, text
        asked = await emulator.slash(kenji, channel, "language")
        assert "**Français**" in (await asked.wait_message()).content
        h = await emulator.slash(
            amelie, channel, "sixty new", {"bots": 2, "level": "easy", "turn_time": 15}
        )
        lobby = await h.wait_message(lambda m: bool(m.buttons()))
        assert "Soixante — standard · 3/4 places" in lobby.text(), lobby.text()
        # the Japanese player's click does not turn the public lobby Japanese
        await emulator.click(kenji, lobby, label="Rejoindre")
        joined = await emulator.wait_for(
            lambda: "4/4" in lobby.text() and lobby, 10.0, "the lobby to show Kenji"
        )
        assert "Soixante — standard · 4/4 places" in joined.text(), joined.text()
        assert [b["label"] for b in joined.buttons()][:2] == ["Rejoindre", "Quitter"]
        await emulator.click(amelie, lobby, label="Lancer")
        t = await emulator.wait_for(lambda: table_of(bot, channel), 10.0, "the game to start")
        started = await wait_text(emulator, channel, "La partie a commencé")
        assert "Vos mains sont dans vos messages privés" in started.text()
        # Kenji lets his clock run out: his reminders and the takeover are Japanese
        await wait_text(emulator, kenji, "持ち時間の終了", timeout=60.0)
        await wait_text(emulator, kenji, "2回続けて時間切れ", timeout=60.0)
        takeover = await wait_text(emulator, kenji, "2回続けて時間切れ")
        assert [b["label"] for b in takeover.buttons()] == ["戻りました"]
        await _play_out(emulator, channel, t)
        public = "\n".join(
            text
            for m in emulator.messages(channel, include_ephemeral=False, include_deleted=True)
            for text in (m.text(), *(r.content for r in m.revisions))
        )
        tables = [
            str(e.get("title", ""))
            for m in emulator.messages(channel, include_deleted=True)
            for r in m.revisions
            for e in r.embeds
        ]
    assert any(title.startswith("Soixante — standard · manche 1") for title in tables), tables
    assert any(title.startswith("Soixante — standard · manche 2") for title in tables), tables
    assert "kenji a dépassé son temps" in "\n".join(
        str(e.get("description", ""))
        for m in emulator.messages(channel, include_deleted=True)
        for r in m.revisions
        for e in r.embeds
    )
    assert "La manche suivante commence" in "\n".join(
        str(e.get("description", "")) for m in emulator.messages(channel) for e in m.embeds
    )
    # nothing meant for Kenji alone went to the channel, and no Japanese there
    assert "持ち時間" not in public and "卓" not in public
    dms = "\n".join(r.content for m in emulator.dms(kenji) for r in [*m.revisions, m])
    assert "Temps" not in dms and "manche" not in dms
