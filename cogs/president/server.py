"""The server's side of President: house rules, saved defaults, rules text,
rematches, taking over a computer seat, and forgetting a player.

Kept out of :mod:`cogs.president.cog` (which runs lobbies and tables) so the
game loop stays readable; the cog's slash commands and buttons call in here.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any, Literal

import discord

from cogs.replies import UserFacingError
from data import Database, Seat, Settings
from engine.president import PRESETS, Options, OptionsError, preset
from engine.president.ai import levels

from .models import Lobby, Table
from .rules_text import differences_text, rules_text, value_text
from .server_views import forget_view, house_view
from .settings import LOBBY_SETTINGS, apply_setting, defaults_overrides, parse_lobby_setting
from .text import plural
from .views import lobby_view

if TYPE_CHECKING:
    from .cog import PresidentCog

log = logging.getLogger("president.server")

Scope = Literal["channel", "server"]


def takeable_seat(t: Table) -> int | None:
    """The first seat a newcomer may take: played by the computer because it was
    a computer seat or its human left (not a human's seat after timeouts)."""
    for p, seat in enumerate(t.seats):
        if seat.user_id is None:
            return p
    return None


def rules_embed(options: Options, colour: discord.Colour, *, where: str = "") -> discord.Embed:
    text = rules_text(options)
    embed = discord.Embed(
        title=text.title + (f" {where}" if where else ""),
        description=text.description,
        colour=colour,
    )
    for heading, body in text.sections:
        embed.add_field(name=heading, value=body, inline=False)
    return embed


class ServerFeatures:
    def __init__(self, cog: PresidentCog) -> None:
        self.cog = cog

    @property
    def db(self) -> Database:
        return self.cog.bot.db

    # -- house rules ------------------------------------------------------------------

    def _lobby_here(self, interaction: discord.Interaction) -> Lobby:
        lobby = self.cog.lobbies.get(interaction.channel_id or 0)
        if lobby is None or lobby.closed:
            if self.cog.tables.get(interaction.channel_id or 0) is not None:
                raise UserFacingError(
                    "A game is running here: house rules change in the lobby, before Start."
                )
            raise UserFacingError(
                "No lobby is open in this channel: open one with /president new, "
                "then change its rules."
            )
        return lobby

    def _check_host(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        if not self.cog._may_manage(interaction, lobby.host_id):
            raise UserFacingError(
                f"Only the host (<@{lobby.host_id}>) or someone with Manage Channel "
                "can change the house rules."
            )

    def _change(self, lobby: Lobby, new: Options) -> None:
        """Apply validated options to the lobby; more players means more seats."""
        seated = len(lobby.players) + lobby.computers
        if new.players < seated:
            raise UserFacingError(
                f"{seated} seats are taken; remove players or bots before going down to "
                f"{new.players} players."
            )
        lobby.options = new
        lobby.preset = new.preset
        lobby.seats = new.players
        lobby.last_activity = self.cog.clock.now()

    async def refresh_lobby(self, lobby: Lobby) -> None:
        """Redraw the lobby message after a change made from elsewhere."""
        channel = await self.cog._channel(lobby)
        if channel is None or lobby.message_id is None or lobby.closed:
            return
        embed, picture = await self.cog._lobby_payload(lobby)
        files = (
            [discord.File(io.BytesIO(picture.data), filename=picture.filename)] if picture else []
        )
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(lobby.message_id).edit(  # type: ignore[attr-defined]
                embed=embed, attachments=files, view=lobby_view(lobby.lobby_id)
            )

    async def open_house_rules(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        self._check_host(interaction, lobby)
        await interaction.response.send_message(
            self._panel_text(lobby), view=house_view(lobby.lobby_id, lobby.options), ephemeral=True
        )

    @staticmethod
    def _panel_text(lobby: Lobby) -> str:
        changed = differences_text(lobby.options) or "none"
        return (
            f"**House rules** for this lobby ({lobby.preset}). Changes show on the lobby at "
            f"once; every option is also at `/president set`.\nChanged from {lobby.preset}: "
            f"{changed}"
        )[:2000]

    async def on_house(
        self,
        interaction: discord.Interaction,
        lobby_id: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        lobby = self.cog.lobbies_by_id.get(lobby_id)
        if lobby is None or lobby.closed:
            raise UserFacingError("This lobby is closed; its house rules can't change any more.")
        self._check_host(interaction, lobby)
        if kind == "opt":
            await interaction.response.edit_message(
                view=house_view(lobby_id, lobby.options, selected=values[0])
            )
            return
        async with lobby.lock:
            if lobby.closed:
                raise UserFacingError("This lobby just closed.")
            opts = lobby.options
            if kind == "val":
                new, selected = apply_setting(opts, arg, values[0]), arg
            elif kind == "tog":
                flip = "off" if getattr(opts, arg) else "on"
                new, selected = apply_setting(opts, arg, flip), None
            elif kind == "preset":
                new, selected = apply_setting(opts, "preset", values[0]), None
            else:  # reset
                new, selected = preset(lobby.preset, players=opts.players), None
            self._change(lobby, new)
            await interaction.response.edit_message(
                content=self._panel_text(lobby),
                view=house_view(lobby_id, lobby.options, selected=selected),
            )
            await self.refresh_lobby(lobby)

    async def set_option(self, interaction: discord.Interaction, option: str, value: str) -> None:
        """``/president set``: one option of the lobby here, validated by the engine."""
        lobby = self._lobby_here(interaction)
        self._check_host(interaction, lobby)
        name = option.strip().lower().replace(" ", "_")
        if name in LOBBY_SETTINGS:
            setting = parse_lobby_setting(name, value)  # OptionsError: a clear refusal
            async with lobby.lock:
                if name == "turn_time":
                    lobby.turn_seconds = int(setting)
                    done = f"Turns now last **{setting} s**."
                else:
                    lobby.level = str(setting)
                    done = f"Computers now play at level **{setting}**."
                await interaction.response.send_message(done, ephemeral=True)
                await self.refresh_lobby(lobby)
            return
        async with lobby.lock:
            new = apply_setting(lobby.options, name, value)  # OptionsError: the engine's words
            self._change(lobby, new)
            if name == "preset":
                done = f"The lobby now plays the **{new.preset}** rules (earlier changes dropped)."
            else:
                done = f"**{name}** is now **{value_text(getattr(new, name))}**."
            changed = differences_text(new)
            if changed:
                done += f"\nChanged from {new.preset}: {changed}"
            await interaction.response.send_message(done[:2000], ephemeral=True)
            await self.refresh_lobby(lobby)

    # -- saved defaults ---------------------------------------------------------------

    async def save_defaults(self, interaction: discord.Interaction, scope: Scope) -> None:
        """``/president defaults``: the lobby's settings become the channel's or server's."""
        if not interaction.permissions.manage_guild:
            raise UserFacingError("Saving defaults needs the Manage Server permission.")
        lobby = self._lobby_here(interaction)
        guild_id = interaction.guild_id or 0
        if scope == "server":
            overrides = defaults_overrides(lobby.options)
        else:
            below = await self.db.guild_settings(guild_id)
            overrides = defaults_overrides(lobby.options, below=below.options)
        settings = Settings(
            preset=lobby.preset,
            options=overrides,
            turn_seconds=lobby.turn_seconds,
            computer_level=lobby.level,
        )
        if scope == "server":
            await self.db.set_guild_settings(guild_id, settings)
            where = "this server (channels with their own defaults keep them)"
        else:
            await self.db.set_channel_settings(guild_id, interaction.channel_id or 0, settings)
            where = "this channel"
        changed = differences_text(lobby.options) or "no changes"
        await interaction.response.send_message(
            f"Saved as the default for {where}: **{lobby.preset}** with {lobby.seats} seats "
            f"({changed}), {lobby.turn_seconds} s turns, computers at level {lobby.level}. "
            "`/president new` starts from these.",
            ephemeral=True,
        )

    # -- rules text -------------------------------------------------------------------

    async def show_rules(self, interaction: discord.Interaction, name: str | None) -> None:
        colour = discord.Colour(0x2F8A58)
        if name is not None:
            if name not in PRESETS:
                raise UserFacingError(f"There is no preset {name!r}; choose {', '.join(PRESETS)}.")
            embed = rules_embed(preset(name), colour)
        else:
            channel_id = interaction.channel_id or 0
            lobby = self.cog.lobbies.get(channel_id)
            table = self.cog.tables.get(channel_id)
            if lobby is not None and not lobby.closed:
                embed = rules_embed(lobby.options, colour, where="(this lobby)")
            elif table is not None and not table.closed:
                embed = rules_embed(table.options, colour, where="(this game)")
            else:
                s = await self.db.effective_settings(interaction.guild_id or 0, channel_id)
                embed = rules_embed(self._defaults(s), colour, where="(this channel's default)")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @staticmethod
    def _defaults(s: Settings) -> Options:
        name = s.preset if s.preset in PRESETS else "classic"
        assert name is not None
        overrides = {k: v for k, v in s.options.items() if k != "preset"}
        try:
            return preset(name, **overrides)
        except OptionsError:
            return preset(name)

    # -- rematch ----------------------------------------------------------------------

    async def rematch(
        self, interaction: discord.Interaction, game_id: int, turn: int, level: str
    ) -> None:
        """A new lobby with the same players, computer seats and settings."""
        channel_id = interaction.channel_id or 0
        self.cog._refuse_if_busy(channel_id)
        details = await self.db.game(game_id)
        if details is None:
            raise UserFacingError("That game is no longer on record; start with /president new.")
        seats: tuple[Seat, ...] = details.summary.seats
        user = interaction.user
        humans = [(s.user_id, s.display_name) for s in seats if s.user_id is not None]
        if not any(uid == user.id for uid, _ in humans):
            raise UserFacingError(
                "Only the players of that game can call a rematch; start your own with "
                "/president new."
            )
        try:
            options = Options.from_dict(json.loads(details.options_json))
        except (OptionsError, ValueError, TypeError) as exc:
            raise UserFacingError(f"That game's rules can't be reused: {exc}") from exc
        # The one who asks hosts; the others keep their order.
        players = [(user.id, user.display_name)]
        players += [(uid, name) for uid, name in humans if uid != user.id]
        await interaction.response.defer(thinking=True)
        self.cog._refuse_if_busy(channel_id)  # checked again: the lookup awaited
        lobby = Lobby(
            lobby_id=secrets.randbits(48),
            guild_id=interaction.guild_id or 0,
            channel_id=channel_id,
            host_id=user.id,
            preset=options.preset,
            options=options,
            seats=options.players,
            level=level if level in levels() else "normal",
            turn_seconds=turn,
            players=[(int(uid), name) for uid, name in players if uid is not None],
            computers=len(seats) - len(humans),
            last_activity=self.cog.clock.now(),
        )
        await self.open_lobby(interaction, lobby, note=f"Rematch called by {user.mention}.")

    async def open_lobby(self, interaction: discord.Interaction, lobby: Lobby, note: str) -> None:
        cog = self.cog
        cog.lobbies[lobby.channel_id] = lobby
        cog.lobbies_by_id[lobby.lobby_id] = lobby
        embed, picture = await cog._lobby_payload(lobby)
        files: dict[str, Any] = (
            {"file": discord.File(io.BytesIO(picture.data), filename=picture.filename)}
            if picture
            else {}
        )
        msg = await interaction.followup.send(
            content=note, embed=embed, view=lobby_view(lobby.lobby_id), wait=True, **files
        )
        lobby.message_id = msg.id
        lobby.task = cog._spawn(cog._lobby_idle(lobby), "president-lobby-idle")

    # -- taking over a computer seat --------------------------------------------------

    async def take_seat(self, interaction: discord.Interaction, t: Table) -> None:
        user = interaction.user
        if t.seat_of_user(user.id) is not None:
            raise UserFacingError("You're already playing at this table.")
        if takeable_seat(t) is None:
            raise UserFacingError("No computer seat is free to take at this table.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with t.lock:
            p = takeable_seat(t)
            if t.closed or p is None or t.seat_of_user(user.id) is not None:
                await interaction.followup.send(
                    "Someone was quicker: no computer seat is free now.", ephemeral=True
                )
                return
            old = t.seats[p].display_name
            seat = Seat.human(user.id, user.display_name)
            await self.db.set_seat(t.game_id, p, seat)
            t.seats[p] = seat
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            t.meta.dm_closed[p] = False
            await self.cog._save_meta(t)
        self.cog._note(t, f"{user.display_name} took over {old}'s seat")
        t.changed.set()  # the driver re-checks who plays this seat
        t.dirty.set()
        payload = await self.cog._hand_payload(t, p, controls=True)
        payload["content"] = (
            f"You took over {old}'s seat. Your turns also come by DM (or press **My hand**).\n"
            + payload["content"]
        )[:2000]
        await interaction.followup.send(ephemeral=True, **payload)

    # -- forgetting a player ----------------------------------------------------------

    def _playing_in(self, guild_id: int, user_id: int) -> Table | None:
        for t in self.cog.tables.values():
            if not t.closed and t.guild_id == guild_id and t.seat_of_user(user_id) is not None:
                return t
        return None

    def _refuse_if_playing(self, guild_id: int, user_id: int) -> None:
        t = self._playing_in(guild_id, user_id)
        if t is not None:
            raise UserFacingError(
                f"You're seated in a running game in <#{t.channel_id}>. Leave it "
                "(/president leave) or let it finish, then ask again."
            )

    async def forget_me(self, interaction: discord.Interaction) -> None:
        self._refuse_if_playing(interaction.guild_id or 0, interaction.user.id)
        await interaction.response.send_message(
            "This deletes your President statistics, rating and points **in this server**; "
            "your seats in past games will read “Deleted player”. It can't be undone.",
            view=forget_view(interaction.user.id),
            ephemeral=True,
        )

    async def on_forget(self, interaction: discord.Interaction, user_id: int, action: str) -> None:
        if interaction.user.id != user_id:
            raise UserFacingError("These buttons are someone else's.")
        if action == "cancel":
            await interaction.response.edit_message(content="Nothing was deleted.", view=None)
            return
        guild_id = interaction.guild_id or 0
        self._refuse_if_playing(guild_id, user_id)
        result = await self.db.forget_user(guild_id, user_id)
        log.info("forgot a user in guild %s (%s seats)", guild_id, result.seats_anonymised)
        if result.players_deleted or result.seats_anonymised:
            text = (
                "Done: your statistics in this server are deleted and your seats in "
                f"{plural(result.seats_anonymised, 'past game')} now read “Deleted player”."
            )
        else:
            text = "There was nothing of yours to delete in this server."
        await interaction.response.edit_message(content=text, view=None)
