"""The emulator's own tests, driving a minimal discord.py bot end to end."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.e2e.emulator import Emulator, run_client

CARDS = ["3♣", "7♦", "Q♠", "2♥"]


def png(width: int, height: int) -> discord.File:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (0, 90, 40)).save(buf, format="PNG")
    buf.seek(0)
    return discord.File(buf, filename="table.png")


class HandView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.pick.options = [discord.SelectOption(label=c, value=c) for c in CARDS]

    @discord.ui.select(custom_id="demo:hand", placeholder="Play a card")
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"You played {select.values[0]}", view=None)


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Deal me in", custom_id="demo:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await interaction.user.send("Your hand", view=HandView())
        except discord.Forbidden as exc:
            await interaction.followup.send(f"DMs closed ({exc.code})", ephemeral=True)
            return
        await interaction.followup.send("Check your DMs", ephemeral=True)


def make_bot(
    *,
    guild_id: int | None = None,
    extra: Callable[[commands.Bot], None] | None = None,
    message_content: bool = False,
) -> commands.Bot:
    """A minimal bot with a ``/president`` group, built like the real one."""
    intents = discord.Intents.default()
    intents.message_content = message_content
    bot = commands.Bot(command_prefix="!", intents=intents)
    group = app_commands.Group(name="president", description="Play President")

    @group.command(name="new", description="Open a table")
    @app_commands.describe(seats="Number of seats")
    async def new(
        interaction: discord.Interaction, seats: app_commands.Range[int, 3, 7] = 4
    ) -> None:
        await interaction.response.send_message(
            f"Table for {seats}", file=png(100 * seats, 200), view=JoinView()
        )

    @group.command(name="rules", description="Pick a rule set")
    async def rules(interaction: discord.Interaction, preset: str) -> None:
        await interaction.response.send_message(f"Rules: {preset}", ephemeral=True)

    @rules.autocomplete("preset")
    async def preset_autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["classic", "revolution", "eight-cut"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    bot.tree.add_command(group)
    if extra is not None:
        extra(bot)

    async def setup_hook() -> None:
        if guild_id is None:
            await bot.tree.sync()
        else:
            guild = discord.Object(guild_id)
            bot.tree.copy_global_to(guild=guild)
            await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
def world(emulator: Emulator) -> tuple:
    alice = emulator.create_user("alice")
    bob = emulator.create_user("bob")
    guild = emulator.create_guild("Card Club", members=[alice, bob])
    return alice, bob, guild, guild.channels[0]


async def test_full_flow_slash_image_button_dm_select(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    async with run_client(emulator, make_bot()):
        assert set(emulator.commands()) == {"president"}
        handle = await emulator.slash(alice, channel, "president new", options={"seats": 5})
        assert handle.response_type == 4
        table = handle.message
        assert table is not None and not table.ephemeral
        assert table.content == "Table for 5"
        assert table.attachments[0].image().size == (500, 200)
        assert table.button(label="Deal me in")["custom_id"] == "demo:join"
        assert emulator.messages(channel) == [table]

        mark = emulator.mark()
        click = await emulator.click(alice, table, label="Deal me in")
        assert click.response_type == 5 and click.ephemeral
        dm = await emulator.wait_for_message(alice, since=mark)
        menu = dm.select(custom_id="demo:hand")
        assert [o["value"] for o in menu["options"]] == CARDS
        reply = await click.wait_message(lambda m: "DMs" in m.content)
        assert reply.visible_to == alice.id
        assert reply not in emulator.messages(channel, visible_to=_bob)

        chosen = await emulator.select(alice, dm, "demo:hand", ["Q♠"])
        assert chosen.response_type == 7
        assert dm.content == "You played Q♠" and dm.components == []
        assert [r.content for r in dm.revisions] == ["Your hand", "You played Q♠"]
        assert dm.edited_timestamp is not None


async def test_guild_commands_subcommand_validation_and_autocomplete(
    emulator: Emulator, world: tuple
) -> None:
    alice, _bob, guild, channel = world
    async with run_client(emulator, make_bot(guild_id=guild.id)):
        assert emulator.commands() == {}
        assert set(emulator.commands(guild)) == {"president"}
        ac = await emulator.autocomplete(
            alice, channel, "president rules", {"preset": "re"}, focused="preset"
        )
        assert ac.response_type == 8
        assert ac.choices == [{"name": "revolution", "value": "revolution"}]
        with pytest.raises(AssertionError, match="max"):
            await emulator.slash(alice, channel, "president new", options={"seats": 9})
        emulator.command_sync_grace = 0.05
        with pytest.raises(AssertionError, match="not registered"):
            await emulator.slash(alice, channel, "poker new")
        with pytest.raises(AssertionError, match="no subcommand"):
            await emulator.slash(alice, channel, "president leave")
        rules = await emulator.slash(alice, channel, "president rules", {"preset": "classic"})
        assert rules.ephemeral and rules.message is not None
        assert rules.message.content == "Rules: classic"


async def test_resume_replays_missed_events(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    bot = make_bot()
    resumed: list[bool] = []

    async def on_resumed() -> None:
        resumed.append(True)

    bot.add_listener(on_resumed)
    async with run_client(emulator, bot):
        await emulator.drop_gateway()
        # Dispatched while the bot is disconnected: must be replayed on RESUME.
        handle = await emulator.slash(alice, channel, "president new", wait=False)
        await emulator.wait_resumed()
        await handle.wait_response()
        assert handle.message is not None and handle.message.content == "Table for 4"
        assert emulator.gateway.connections == 2
        assert len(emulator.gateway.sessions) == 1  # resumed, not re-identified
        await emulator.wait_for(lambda: resumed, description="on_resumed")


async def test_429_is_retried_without_errors(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    async with run_client(emulator, make_bot()) as bot:
        fault = emulator.fail_next(429, count=2, method="POST", path=r"/callback$")
        handle = await emulator.slash(alice, channel, "president new")
        assert handle.response_type == 4
        assert fault.hits == 2
        statuses = [r.status for r in emulator.requests if r.path.endswith("/callback")]
        assert statuses == [429, 429, 200]
        # A global rate limit on a plain channel send is waited out as well.
        emulator.fail_next(429, is_global=True, path=r"/channels/\d+/messages$")
        sent = await bot.get_channel(channel.id).send("after the limit")  # type: ignore[union-attr]
        assert sent.content == "after the limit"


async def test_500_is_retried(emulator: Emulator, world: tuple) -> None:
    _alice, _bob, _guild, channel = world
    sent: list[discord.Message] = []

    async def on_message_later(bot: commands.Bot) -> None:
        sent.append(await bot.get_channel(channel.id).send("hello"))  # type: ignore[union-attr]

    async with run_client(emulator, make_bot()) as bot:
        emulator.fail_next(500, count=1, method="POST", path=r"/channels/\d+/messages$")
        await on_message_later(bot)
        assert sent[0].content == "hello"
        statuses = [r.status for r in emulator.requests if r.path.endswith("/messages")]
        assert statuses == [500, 200]
        assert [m.content for m in emulator.messages(channel)] == ["hello"]


async def test_closed_dms_give_forbidden_50007(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    emulator.close_dms(alice)
    async with run_client(emulator, make_bot()) as bot:
        user = await bot.fetch_user(alice.id)
        with pytest.raises(discord.Forbidden) as info:
            await user.send("hi")
        assert info.value.code == 50007 and info.value.status == 403
        # The button flow falls back to an ephemeral message.
        table = (await emulator.slash(alice, channel, "president new")).message
        assert table is not None
        click = await emulator.click(alice, table, "demo:join")
        reply = await click.wait_message()
        assert reply.content == "DMs closed (50007)" and reply.ephemeral
        assert emulator.dms(alice) == []


@pytest.mark.emulator_expect("validation", match="26 options")
@pytest.mark.emulator_expect("log", match="Ignoring exception in command")
async def test_oversized_select_is_rejected(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world

    def add(bot: commands.Bot) -> None:
        @bot.tree.command(name="bighand", description="Too many options")
        async def bighand(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(
                discord.ui.Select(
                    custom_id="big",
                    options=[discord.SelectOption(label=str(i)) for i in range(26)],
                )
            )
            await interaction.response.send_message("hand", view=view)

    async with run_client(emulator, make_bot(extra=add)):
        handle = await emulator.slash(alice, channel, "bighand", wait=False)
        await emulator.wait_for(lambda: emulator.failures_of("log"), description="error log")
        assert not handle.responded
        [failure] = emulator.failures_of("validation")
        assert "50035" in failure.detail and "26 options" in failure.detail


@pytest.mark.emulator_expect("interaction", match="10062")
async def test_late_interaction_response_gets_10062(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    emulator.interaction_deadline = 0.2
    errors: list[discord.HTTPException] = []

    def add(bot: commands.Bot) -> None:
        @bot.tree.command(name="slow", description="Answers too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.3)
            try:
                await interaction.response.send_message("too late")
            except discord.NotFound as exc:
                errors.append(exc)

    async with run_client(emulator, make_bot(extra=add)):
        handle = await emulator.slash(alice, channel, "slow")
        assert not handle.responded
        assert handle.rejections[0][0] == 10062
        await emulator.wait_for(lambda: errors, description="NotFound in the bot")
        assert errors[0].code == 10062


@pytest.mark.emulator_expect("interaction", match="40060")
async def test_second_initial_response_is_rejected(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    errors: list[discord.HTTPException] = []

    def add(bot: commands.Bot) -> None:
        @bot.tree.command(name="twice", description="Responds twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("one")
            # Bypass discord.py's own guard to hit the API twice.
            interaction.response._response_type = None
            try:
                await interaction.response.send_message("two")
            except discord.HTTPException as exc:
                errors.append(exc)

    async with run_client(emulator, make_bot(extra=add)):
        await emulator.slash(alice, channel, "twice")
        await emulator.wait_for(lambda: errors)
        assert errors[0].code == 40060
        assert [m.content for m in emulator.messages(channel)] == ["one"]


async def test_edit_replaces_attachments_and_history(emulator: Emulator, world: tuple) -> None:
    _alice, _bob, _guild, channel = world
    async with run_client(emulator, make_bot()) as bot:
        ch = bot.get_channel(channel.id)
        assert isinstance(ch, discord.TextChannel)
        msg = await ch.send("v1", file=png(10, 10))
        first = msg.attachments[0]
        msg = await msg.edit(content="v2", attachments=[first, png(20, 20)])
        stored = emulator.messages(channel)[0]
        assert [a.image().size for a in stored.attachments] == [(10, 10), (20, 20)]
        msg = await msg.edit(attachments=[png(30, 30)])
        assert [a.image().size for a in stored.attachments] == [(30, 30)]
        assert [r.content for r in stored.revisions] == ["v1", "v2", "v2"]
        fetched = [m async for m in ch.history(limit=10)]
        assert [m.id for m in fetched] == [stored.id]
        assert (await ch.fetch_message(stored.id)).content == "v2"
        await msg.delete()
        with pytest.raises(discord.NotFound) as info:
            await ch.fetch_message(stored.id)
        assert info.value.code == 10008
        with pytest.raises(discord.NotFound) as info2:
            await bot.http.send_message(123, params=discord.http.handle_message_parameters("x"))
        assert info2.value.code == 10003


@pytest.mark.emulator_expect("unknown_route", match="GET /api/v10/channels/.*/pins")
@pytest.mark.emulator_expect("log")
async def test_unknown_route_is_a_failure(emulator: Emulator, world: tuple) -> None:
    _alice, _bob, _guild, channel = world
    async with run_client(emulator, make_bot()) as bot:
        ch = bot.get_channel(channel.id)
        assert isinstance(ch, discord.TextChannel)
        with pytest.raises(discord.NotFound):
            _ = [m async for m in ch.pins()]
        discord.client._log.error("a bot error")  # what a failing callback looks like
    assert [f.kind for f in emulator.failures] == ["unknown_route", "log"]


async def test_followups_original_edit_and_user_messages(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    seen: list[str] = []

    def add(bot: commands.Bot) -> None:
        @bot.tree.command(name="deal", description="Deferred then followups")
        async def deal(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await interaction.edit_original_response(content="dealt")
            await interaction.followup.send("your cards", ephemeral=True)
            extra = await interaction.followup.send("public", wait=True)
            await extra.edit(content="public (edited)")

        @bot.listen()
        async def on_message(message: discord.Message) -> None:
            if not message.author.bot:
                seen.append(message.content)

    bot = make_bot(extra=add, message_content=True)
    async with run_client(emulator, bot):
        handle = await emulator.slash(alice, channel, "deal")
        assert handle.response_type == 5
        await handle.wait_followups(2)
        original = await handle.wait_message()
        assert original.content == "dealt" and not original.loading
        secret, public = handle.followups
        assert secret.ephemeral and secret.visible_to == alice.id
        await emulator.wait_for(lambda: public.content == "public (edited)")
        await emulator.send_message(alice, channel, "gg")
        await emulator.wait_for(lambda: seen == ["gg"], description="on_message")


class NameModal(discord.ui.Modal, title="Name your table"):
    name = discord.ui.TextInput(label="Table name", custom_id="table-name", max_length=30)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table {self.name.value!r} ready")


async def test_modal_dm_command_and_message_content_intent(
    emulator: Emulator, world: tuple
) -> None:
    alice, _bob, _guild, channel = world
    heard: list[str] = []

    def add(bot: commands.Bot) -> None:
        @bot.tree.command(name="name", description="Opens a modal")
        async def name(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @bot.tree.command(name="hand", description="Works in DMs")
        async def hand(interaction: discord.Interaction) -> None:
            where = "dm" if interaction.guild is None else "guild"
            await interaction.response.send_message(f"hand in {where}", ephemeral=True)

        @bot.listen()
        async def on_message(message: discord.Message) -> None:
            if not message.author.bot:
                heard.append(message.content)

    async with run_client(emulator, make_bot(extra=add)):
        opened = await emulator.slash(alice, channel, "name")
        assert opened.response_type == 9 and opened.modal is not None
        assert opened.modal["title"] == "Name your table"
        submitted = await emulator.submit_modal(alice, opened, {"table-name": "Aces"})
        assert submitted.message is not None
        assert submitted.message.content == "Table 'Aces' ready"

        in_dm = await emulator.slash(alice, emulator.dm_channel(alice), "hand")
        assert in_dm.message is not None and in_dm.message.content == "hand in dm"

        # Without the privileged intent a guild message arrives with empty content.
        await emulator.send_message(alice, channel, "secret")
        await emulator.send_message(alice, emulator.dm_channel(alice), "dm text")
        await emulator.wait_for(lambda: len(heard) == 2, description="two on_message")
        assert heard == ["", "dm text"]


async def test_discord_limits_are_enforced(emulator: Emulator, world: tuple) -> None:
    _alice, _bob, _guild, channel = world
    for pattern in ("2001 chars", "11 embeds", "6 action rows", "6 buttons", "alone", "101 chars"):
        emulator.expect_failure("validation", match=pattern)
    row = [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"} for i in range(6)]
    select = {"type": 3, "custom_id": "s", "options": [{"label": "x", "value": "x"}]}
    bad_payloads = [
        {"content": "x" * 2001},
        {"embeds": [{"title": "t"}] * 11},
        {"components": [{"type": 1, "components": row[i : i + 1]} for i in range(6)]},
        {"components": [{"type": 1, "components": row}]},
        {"components": [{"type": 1, "components": [select, row[0]]}]},
        {
            "content": "x",
            "components": [{"type": 1, "components": [{**row[0], "custom_id": "c" * 101}]}],
        },
    ]
    async with run_client(emulator, make_bot()) as bot:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        for payload in bad_payloads:
            with pytest.raises(discord.HTTPException) as info:
                await bot.http.request(route, json=payload)
            assert info.value.status == 400 and info.value.code == 50035
        emulator.attachment_limit = 1000
        emulator.expect_failure("validation", match="bytes > 1000")
        with pytest.raises(discord.HTTPException):
            blob = discord.File(io.BytesIO(bytes(2000)), filename="blob.bin")
            await bot.get_channel(channel.id).send(file=blob)  # type: ignore[union-attr]
    assert emulator.messages(channel) == []
    assert len(emulator.failures_of("validation")) == 7


class TableView(discord.ui.View):
    """Persistent: fixed custom_id and no timeout, re-registered after a restart."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Sit", custom_id="demo:sit")
    async def sit(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"{interaction.user.name} sits", ephemeral=True)


async def test_persistent_view_survives_a_bot_restart(emulator: Emulator, world: tuple) -> None:
    alice, _bob, _guild, channel = world
    async with run_client(emulator, make_bot()) as first:
        await first.get_channel(channel.id).send("table", view=TableView())  # type: ignore[union-attr]
    table = emulator.messages(channel)[0]

    second = make_bot()
    second.add_view(TableView())
    async with run_client(emulator, second):
        sit = await emulator.click(alice, table, label="Sit")
        assert sit.message is not None and sit.message.content == "alice sits"
    assert len(emulator.gateway.sessions) == 2


async def test_a_burst_over_the_global_limit_is_answered_429_and_waited_out(
    emulator: Emulator, world: tuple
) -> None:
    _alice, _bob, guild, channel = world
    players = [emulator.create_user(f"p{i}") for i in range(24)]
    for user in players:
        emulator.add_member(guild, user)
    emulator.limit_rate(global_per_second=10, route=(5, 1.0))
    async with run_client(emulator, make_bot()) as bot:
        first = len(emulator.requests)
        users = [await bot.fetch_user(u.id) for u in players]
        await asyncio.gather(*(u.send(f"hello {u.name}") for u in users))
        # one channel: its own bucket (5 a second) says so in its headers
        target = bot.get_channel(channel.id)
        await asyncio.gather(*(target.send(f"burst {i}") for i in range(8)))  # type: ignore[union-attr]
    for user in players:
        assert [m.content for m in emulator.dms(user)] == [f"hello {user.name}"]
    assert sorted(m.content for m in emulator.messages(channel)) == [f"burst {i}" for i in range(8)]
    made = emulator.requests[first:]
    refused = [r for r in made if r.status == 429]
    assert any(r.global_limit for r in refused)
    assert emulator.invalid_requests() == len(refused)
    accepted = sorted(r.at for r in made if r.status < 400 and r.global_limited)
    busiest = max(sum(1 for t in accepted if s <= t < s + 1.0) for s in accepted)
    assert busiest <= 10
    kinds = {r.kind for r in made if r.status < 400}
    assert {"user", "dm_open", "dm", "channel"} <= kinds
