"""Every click and command is untrusted input: what a modified client, or a
message left by an older release, can send is refused politely, changes
nothing and logs no ERROR (the emulator fixture and ``running`` fail a test
on any ERROR line of the ``discord`` and ``president`` loggers)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.emulator import Emulator, Message, User
from tests.e2e.president_support import (
    cog,
    custom_ids,
    has_controls,
    open_lobby,
    running,
    start,
    table_of,
    visible_to,
)


def _refused(h: object, words: str = "") -> None:
    msg = h.message  # type: ignore[attr-defined]
    assert h.ephemeral and msg is not None, h  # type: ignore[attr-defined]
    assert "went wrong" not in msg.content and words in msg.content, msg.content


async def test_forged_house_rules_controls_are_refused(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, channel, [], seats=4)
        h = await emulator.click(alice, lobby, label="House rules")
        panel = h.message
        assert panel is not None
        lid = next(c for c in custom_ids(lobby) if c.startswith("pres:l:")).split(":")[2]
        before = cog(bot).lobbies[channel.id].options
        text = lobby.text()
        for cid, ctype, values in [
            (f"pres:h:{lid}:opt", 2, None),  # a select arriving as a button
            (f"pres:h:{lid}:opt", 3, ["colour"]),  # no such option
            (f"pres:h:{lid}:val:colour", 3, ["red"]),
            (f"pres:h:{lid}:val:jokers", 3, []),
            (f"pres:h:{lid}:tog:decks", 2, None),  # not a toggle
            (f"pres:h:{lid}:preset", 3, ["nonsense"]),
            (f"pres:h:{lid}:zap", 2, None),
        ]:
            _refused(await emulator.forge(alice, panel, cid, component_type=ctype, values=values))
        assert cog(bot).lobbies[channel.id].options == before and lobby.text() == text


async def _turn(emulator: Emulator, bot: object, alice: User, channel: object) -> Message:
    t = table_of(bot, channel)  # type: ignore[arg-type]
    assert t is not None

    def mine() -> Message | None:
        if t.state.current_player is None or t.seats[t.state.current_player].user_id != alice.id:
            return None
        for m in reversed(visible_to(emulator, alice, channel)):  # type: ignore[arg-type]
            if has_controls(m, t.game_id, t.version):
                return m
        return None

    return await emulator.wait_for(mine, 30.0, "alice's turn")


async def test_forged_turn_controls_change_nothing(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, channel, [], seats=4, bots=3, turn_time=600)
        t = await start(emulator, bot, alice, lobby, channel)
        msg = await _turn(emulator, bot, alice, channel)
        base = f"pres:c:{t.game_id}:{t.version}"
        state, version, hand = t.state.to_json(), t.version, t.state.hand(t.state.current_player)
        for cid, ctype, values in [
            (f"{base}:set", 3, ["ZZ"]),
            (f"{base}:set", 3, ["2222"]),  # not a play on the menu
            (f"{base}:set", 2, None),  # a select arriving as a button
            (f"{base}:set:3", 3, ["3"]),
            (f"{base}:rank", 3, ["3"]),  # the rank step of the menu beyond 25 plays
            (f"{base}:rank", 3, ["ZZ"]),
            (f"{base}:rank", 2, None),  # a select arriving as a button
            (f"{base}:rank", 3, []),
            (f"{base}:play:Q~bogus", 2, None),
            (f"{base}:play:ZZZZ", 2, None),
            (f"{base}:count:3", 3, ["x"]),
            (f"{base}:count:Z", 3, ["1"]),
            (f"{base}:give:c", 3, ["3C"]),  # not the exchange
            (f"{base}:launch", 2, None),
        ]:
            _refused(await emulator.forge(alice, msg, cid, component_type=ctype, values=values))
        assert t.state.to_json() == state and t.version == version
        assert t.state.hand(t.state.current_player) == hand


async def test_forged_rematch_and_unknown_ids_are_answered(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        lobby = await open_lobby(emulator, alice, channel, [], seats=4)
        for cid in ("pres:r:99999999999999999999:60:normal", "pres:r:1:0:normal"):
            _refused(await emulator.forge(alice, lobby, cid), "valid")
        assert len(cog(bot).lobbies) == 1
        # An id no handler knows (an older release's message): answered, and the
        # live lobby keeps its buttons.
        h = await emulator.forge(alice, lobby, "president:join:12")
        _refused(h, "older message")
        assert lobby.buttons()
        # On a message whose controls are all dead, the dead buttons go.
        dead = await emulator.forge(alice, lobby, "pres:x:1")
        _refused(dead, "older message")


async def test_slash_options_are_checked_on_the_server(emulator: Emulator, tmp_path: Path) -> None:
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    emulator.client_checks = False
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        for options, words in [
            ({"turn_time": 99999}, "from 15 to 600"),
            ({"turn_time": 0}, "from 15 to 600"),
            ({"seats": 99}, "seats"),
            ({"seats": 2}, "seats"),
            ({"bots": -1}, "computer players"),
            ({"bots": 9, "seats": 4}, "computer players"),
            ({"level": "godlike"}, "Computer level"),
            ({"rules": "nonsense"}, "no President preset"),
        ]:
            h = await emulator.slash(alice, channel, "president new", options)
            _refused(h, words)
        assert not cog(bot).lobbies


async def test_forged_option_types_are_refused_with_the_reason(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A modified client can send any JSON value for any option: each is refused
    by name, politely, before a command runs (no ERROR, no "went wrong")."""
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    emulator.client_checks = False
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        for command, options, words in [
            ("bigtwo new", {"seats": "abc"}, "seats"),
            ("bigtwo new", {"bots": 1.5}, "bots"),
            ("bigtwo new", {"turn_time": True}, "turn_time"),
            ("president new", {"rules": 7}, "rules"),
            ("president record", {"game_id": "1 OR 1=1"}, "game_id"),
            ("sixty set", {"option": ["jokers"], "value": "2"}, "option"),
            ("leaderboard", {"board": {"$ne": 1}}, "board"),
            ("profile", {"user": "abc"}, "user"),
        ]:
            h = await emulator.slash(alice, channel, command, options)
            _refused(h, words)
            assert "isn't" in h.message.content, h.message.content  # type: ignore[union-attr]
        assert not cog(bot).lobbies


LONG = "x" * 2100


async def test_over_long_text_options_are_declared_and_refused_briefly(
    emulator: Emulator, tmp_path: Path
) -> None:
    alice = emulator.create_user("alice")
    guild = emulator.create_guild("Club", members=[alice])
    channel = guild.channels[0]
    async with running(emulator, tmp_path / "db.sqlite3") as bot:
        await emulator.slash(alice, channel, "leaderboard")  # the commands are synced
        commands = {
            **emulator.state.global_commands,
            **emulator.state.guild_commands.get(guild.id, {}),
        }

        def strings(options: list[dict[str, object]], where: str) -> list[tuple[str, object]]:
            found = []
            for o in options:
                if o.get("type") == 3 and not o.get("choices"):  # choices limit themselves
                    found.append((f"{where} {o['name']}", o.get("max_length")))
                found += strings(o.get("options") or [], f"{where} {o['name']}")  # type: ignore[arg-type]
            return found

        declared = [
            s for c in commands.values() for s in strings(c.data.get("options") or [], c.name)
        ]
        assert len(declared) > 10
        # Discord enforces a declared max_length, so no string option goes without one.
        assert all(isinstance(n, int) and 0 < n <= 100 for _, n in declared), declared

        # A client that ignores it gets a short refusal, never its text echoed back.
        emulator.client_checks = False
        await open_lobby(emulator, alice, channel, [], seats=4)
        for command, options in [
            ("bigtwo new", {"rules": LONG}),
            ("leaderboard", {"board": LONG}),
            ("president set", {"option": LONG, "value": LONG}),
            ("president set", {"option": "jokers", "value": LONG}),
        ]:
            h = await emulator.slash(alice, channel, command, options)
            _refused(h, "too long")
            assert len(h.message.content) < 200 and "x" * 50 not in h.message.content  # type: ignore[union-attr]
        assert cog(bot).lobbies[channel.id].options.jokers == 0


async def test_autocomplete_answers_fit_discords_limits(emulator: Emulator, tmp_path: Path) -> None:
    """What a player types comes back as a suggestion only if it fits: a 150-digit
    number used to be offered as a choice Discord refuses (no suggestions at all)."""
    alice = emulator.create_user("alice")
    channel = emulator.create_guild("Club", members=[alice]).channels[0]
    async with running(emulator, tmp_path / "db.sqlite3"):
        await open_lobby(emulator, alice, channel, [], seats=4)
        for typed in ("9" * 150, "123"):
            h = await emulator.autocomplete(
                alice, channel, "president set", {"option": "turn_time", "value": typed}, "value"
            )
            choices = h.choices
            assert choices is not None and len(choices) <= 25
            assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in choices)
        # a number that fits is still offered as typed
        assert [c["value"] for c in choices] == ["123"]
