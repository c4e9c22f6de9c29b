"""The server's side of every table: house rules, saved defaults, rules text,
rematches, game records, taking over a computer seat, and forgetting a player.

Kept out of :mod:`cogs.table.runtime` (which runs lobbies and tables) so the
game loop stays readable; the slash commands and buttons call in here. The
house rules come from each game's option schema; the rules text from its
adapter.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any, Literal

import discord

from cogs.limits import quote
from cogs.options import options_refusal
from cogs.replies import (
    UserFacingError,
    edit,
    followup,
    in_asker_language,
    public_locale,
    respond,
    update,
)
from data import Database, Seat, Settings
from engine import OptionsError
from locales import _, current, format_number, reading

from .models import Lobby, Table
from .seating import seat_refusal, takeable_seat
from .server_record import send_record
from .server_text import forget_warning, forgotten, panel_text, saved_text, seats_taken
from .server_views import forget_view, house_view
from .settings import (
    LOBBY_SETTINGS,
    apply_setting,
    current_value,
    default_level,
    defaults_overrides,
    differences,
    options_from_settings,
    parse_lobby_setting,
    parse_turn_time,
    settable,
)
from .views import lobby_view

if TYPE_CHECKING:
    from .adapter import GameAdapter
    from .handlers import TableHost

#: The largest id SQLite stores (a forged id beyond it is refused before a query).
MAX_ID = 2**63 - 1

log = logging.getLogger("cardtable.server")

Scope = Literal["channel", "server"]


def differences_text(adapter: GameAdapter, options: Any) -> str:
    """``jokers = 2, revolution = on`` — the options changed from the preset, or ``""``."""
    return ", ".join(
        f"{k} = {adapter.value_text(v)}" for k, v in differences(adapter.game, options).items()
    )


class ServerFeatures:
    def __init__(self, cog: TableHost) -> None:
        self.cog = cog

    @property
    def db(self) -> Database:
        return self.cog.db

    # -- house rules ------------------------------------------------------------------

    def _lobby_here(self, interaction: discord.Interaction, adapter: GameAdapter) -> Lobby:
        lobby = self.cog.lobbies.get(interaction.channel_id or 0)
        game = adapter.game
        if lobby is None or lobby.closed:
            if self.cog.tables.get(interaction.channel_id or 0) is not None:
                raise UserFacingError(
                    _("A game is running here: house rules change in the lobby, before Start.")
                )
            raise UserFacingError(
                _(
                    "No lobby is open in this channel: open one with /{command} new, "
                    "then change its rules."
                ).format(command=game.name)
            )
        if lobby.kind != game.name:
            raise UserFacingError(
                _("The lobby here is for {game}: use /{command} commands.").format(
                    game=_(lobby.adapter.game.title), command=lobby.kind
                )
            )
        return lobby

    def _check_host(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        if not self.cog.may_manage(interaction, lobby.host_id):
            raise UserFacingError(
                _(
                    "Only the host ({host}) or someone with Manage Channel "
                    "can change the house rules."
                ).format(host=f"<@{lobby.host_id}>")
            )

    def _change(self, lobby: Lobby, new: Any) -> None:
        """Apply validated options to the lobby; more players means more seats."""
        seated = len(lobby.players) + lobby.computers
        if new.players < seated:
            raise UserFacingError(seats_taken(seated, new.players))
        lobby.options = new
        lobby.preset = new.preset
        lobby.seats = new.players
        lobby.last_activity = self.cog.now()

    async def refresh_lobby(self, lobby: Lobby, interaction: discord.Interaction) -> None:
        """Redraw the lobby message after a change made from elsewhere (by
        ``interaction``): in the server's language, whoever changed it."""
        channel = await self.cog.channel(lobby)
        if channel is None or lobby.message_id is None or lobby.closed:
            return
        with reading(await public_locale(interaction)):
            embed, picture = await self.cog.lobby_payload(lobby)
            view = lobby_view(lobby.lobby_id)
        files = (
            [discord.File(io.BytesIO(picture.data), filename=picture.filename)] if picture else []
        )
        with contextlib.suppress(discord.HTTPException):
            await edit(
                channel.get_partial_message(lobby.message_id),  # type: ignore[attr-defined]
                embed=embed,
                attachments=files,
                view=view,
            )

    @in_asker_language
    async def open_house_rules(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        self._check_host(interaction, lobby)
        await respond(interaction, self._panel_text(lobby), view=house_view(lobby), ephemeral=True)

    @staticmethod
    def _panel_text(lobby: Lobby) -> str:
        changed = differences_text(lobby.adapter, lobby.options)
        return panel_text(lobby.preset, lobby.kind, changed, lobby.hints)

    @in_asker_language
    async def on_house(
        self,
        interaction: discord.Interaction,
        lobby_id: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        """A House rules control. Ids and values are checked against the panel's
        own choices: anything else is refused and changes nothing."""
        lobby = self.cog.lobbies_by_id.get(lobby_id)
        if lobby is None or lobby.closed:
            raise UserFacingError(_("This lobby is closed; its house rules can't change any more."))
        self.cog.refuse_elsewhere(interaction, lobby.channel_id)
        self._check_host(interaction, lobby)
        game = lobby.adapter.game
        names = [spec.name for spec in game.option_schema]
        toggles = [name for name, _label in lobby.adapter.toggles]
        value = values[0] if len(values) == 1 else None
        refused = _("That control is out of date or not valid; nothing changed.")
        if kind == "hints":
            async with lobby.lock:
                if lobby.closed:
                    raise UserFacingError(_("This lobby just closed."))
                lobby.hints = not lobby.hints
                lobby.last_activity = self.cog.now()
                await update(interaction, content=self._panel_text(lobby), view=house_view(lobby))
                await self.refresh_lobby(lobby, interaction)
            return
        if kind == "opt":
            if value not in names:
                raise UserFacingError(refused)
            await update(interaction, view=house_view(lobby, selected=value))
            return
        if (
            (kind == "val" and (arg not in names or value is None))
            or (kind == "tog" and arg not in toggles)
            or (kind == "preset" and value not in game.presets)
            or kind not in ("val", "tog", "preset", "reset")
        ):
            raise UserFacingError(refused)
        async with lobby.lock:
            if lobby.closed:
                raise UserFacingError(_("This lobby just closed."))
            opts = lobby.options
            if kind == "val":
                assert value is not None
                new, selected = apply_setting(game, opts, arg, value), arg
            elif kind == "tog":
                flip = "off" if getattr(opts, arg) else "on"
                new, selected = apply_setting(game, opts, arg, flip), None
            elif kind == "preset":
                assert value is not None
                new, selected = apply_setting(game, opts, "preset", value), None
            else:  # reset
                new, selected = game.make_options(lobby.preset, {"players": opts.players}), None
            self._change(lobby, new)
            await update(
                interaction,
                content=self._panel_text(lobby),
                view=house_view(lobby, selected=selected),
            )
            await self.refresh_lobby(lobby, interaction)

    @in_asker_language
    async def set_option(
        self, interaction: discord.Interaction, adapter: GameAdapter, option: str, value: str
    ) -> None:
        """``/<game> set``: one option of the lobby here, validated by the engine."""
        lobby = self._lobby_here(interaction, adapter)
        self._check_host(interaction, lobby)
        game = adapter.game
        name = option.strip().lower().replace(" ", "_")
        if name not in settable(game):
            raise UserFacingError(
                _(
                    "{game} has no option {option}: see /{command} rules, "
                    "or pick one from the list as you type."
                ).format(game=_(game.title), option=quote(option), command=game.name)
            )
        if name in LOBBY_SETTINGS:
            setting = parse_lobby_setting(game, name, value)  # OptionsError: a clear refusal
            async with lobby.lock:
                if name == "turn_time":
                    lobby.turn_seconds = int(setting)
                    done = _("Turns now last **{seconds} s**.").format(
                        seconds=format_number(current(), int(setting))
                    )
                elif name == "hints":
                    lobby.hints = bool(setting)
                    if lobby.hints:
                        done = _("Hints are now **on** at this table.")
                    else:
                        done = _("Hints are now **off** at this table.")
                else:
                    lobby.level = str(setting)
                    # Translators: {level} is a level as players type it (easy, normal, …)
                    done = _("Computers now play at level **{level}**.").format(level=setting)
                await respond(interaction, done, ephemeral=True)
                await self.refresh_lobby(lobby, interaction)
            return
        async with lobby.lock:
            new = apply_setting(game, lobby.options, name, value)  # OptionsError: engine's words
            self._change(lobby, new)
            if name == "preset":
                done = _(
                    "The lobby now plays the **{preset}** rules (earlier changes dropped)."
                ).format(preset=new.preset)
            else:
                # Translators: an option and its value, both as players type them
                done = _("**{option}** is now **{value}**.").format(
                    option=name, value=current_value(game, new, name)
                )
            changed = differences_text(adapter, new)
            if changed:
                done += "\n" + _("Changed from {preset}: {changed}").format(
                    preset=new.preset, changed=changed
                )
            await respond(interaction, done, ephemeral=True)
            await self.refresh_lobby(lobby, interaction)

    # -- saved defaults ---------------------------------------------------------------

    @in_asker_language
    async def save_defaults(
        self, interaction: discord.Interaction, adapter: GameAdapter, scope: Scope
    ) -> None:
        """``/<game> defaults``: the lobby's settings become the channel's or server's."""
        if not interaction.permissions.manage_guild:
            raise UserFacingError(_("Saving defaults needs the Manage Server permission."))
        if scope not in ("channel", "server"):
            raise UserFacingError(_("Save for the channel or for the server."))
        lobby = self._lobby_here(interaction, adapter)
        game = adapter.game
        guild_id = interaction.guild_id or 0
        if scope == "server":
            overrides = defaults_overrides(game, lobby.options)
        else:
            below = await self.db.guild_settings(guild_id, game.name)
            overrides = defaults_overrides(game, lobby.options, below=below.options)
        settings = Settings(
            preset=lobby.preset,
            options=overrides,
            turn_seconds=lobby.turn_seconds,
            computer_level=lobby.level,
        )
        if scope == "server":
            await self.db.set_guild_settings(guild_id, game.name, settings)
        else:
            await self.db.set_channel_settings(
                interaction.channel_id or 0, guild_id, game.name, settings
            )
        text = saved_text(scope, game, lobby, differences_text(adapter, lobby.options))
        await respond(interaction, text, ephemeral=True)

    # -- rules text -------------------------------------------------------------------

    @in_asker_language
    async def show_rules(
        self, interaction: discord.Interaction, adapter: GameAdapter, name: str | None
    ) -> None:
        game = adapter.game
        colour = adapter.colour
        if name is not None:
            if name not in game.presets:
                raise UserFacingError(
                    # Translators: {presets}: the presets' names as players type them
                    _("There is no {game} preset {name}; choose {presets}.").format(
                        game=_(game.title), name=quote(name), presets=", ".join(game.presets)
                    )
                )
            embed = adapter.rules_embed(game.make_options(name, {}), colour, "")
        else:
            channel_id = interaction.channel_id or 0
            lobby = self.cog.lobbies.get(channel_id)
            table = self.cog.tables.get(channel_id)
            if lobby is not None and not lobby.closed and lobby.kind == game.name:
                embed = adapter.rules_embed(lobby.options, colour, _("(this lobby)"))
            elif table is not None and not table.closed and table.kind == game.name:
                embed = adapter.rules_embed(table.options, colour, _("(this game)"))
            else:
                s = await self.db.effective_settings(
                    interaction.guild_id or 0, channel_id, game.name
                )
                options = options_from_settings(game, s.preset, s.options)
                embed = adapter.rules_embed(options, colour, _("(this channel's default)"))
        await respond(interaction, embed=embed, ephemeral=True)

    # -- game records -----------------------------------------------------------------

    @in_asker_language
    async def send_record(
        self, interaction: discord.Interaction, adapter: GameAdapter, game_id: int | None
    ) -> None:
        """``/<game> record``: the record of a game the asker sat in."""
        await send_record(self.db, self.cog.adapters, interaction, adapter, game_id)

    # -- rematch ----------------------------------------------------------------------

    @in_asker_language
    async def rematch(
        self,
        interaction: discord.Interaction,
        game_id: int,
        turn: int,
        level: str,
        *,
        hints: bool = True,
    ) -> None:
        """A new lobby with the same players, computer seats and settings. The
        id's numbers are checked before any query: a forged one is refused."""
        if not 0 < game_id <= MAX_ID:
            raise UserFacingError(_("That Rematch button is not valid; start with /<game> new."))
        try:
            turn_seconds = parse_turn_time(turn)
        except OptionsError:
            raise UserFacingError(
                _("That Rematch button is not valid; start a new game instead.")
            ) from None
        channel_id = interaction.channel_id or 0
        self.cog.refuse_if_busy(channel_id)
        details = await self.db.game(game_id)
        if details is None or details.summary.guild_id != (interaction.guild_id or 0):
            raise UserFacingError(_("That game is no longer on record; start a new one."))
        if details.summary.channel_id != channel_id:
            # a lobby opens where its game was played, never where an id was carried
            raise UserFacingError(
                _("That game was played in {channel}: call the rematch there.").format(
                    channel=f"<#{details.summary.channel_id}>"
                )
            )
        adapter = self.cog.adapters.get(details.summary.kind)
        if adapter is None:
            raise UserFacingError(_("This bot no longer hosts that game."))
        game = adapter.game
        seats: tuple[Seat, ...] = details.summary.seats
        user = interaction.user
        humans = [(s.user_id, s.display_name) for s in seats if s.user_id is not None]
        if not any(uid == user.id for uid, _name in humans):
            raise UserFacingError(
                _(
                    "Only the players of that game can call a rematch; start your own with "
                    "/{command} new."
                ).format(command=game.name)
            )
        try:
            options = game.options_from_dict(json.loads(details.options_json))
        except (OptionsError, ValueError, TypeError) as exc:
            why = options_refusal(exc) if isinstance(exc, OptionsError) else str(exc)
            raise UserFacingError(
                _("That game's rules can't be reused: {reason}").format(reason=why)
            ) from exc
        # The one who asks hosts; the others keep their order.
        players = [(user.id, user.display_name)]
        players += [(uid, name) for uid, name in humans if uid != user.id]
        await interaction.response.defer(thinking=True)
        self.cog.refuse_if_busy(channel_id)  # checked again: the lookup awaited
        lobby = Lobby(
            lobby_id=secrets.randbits(48),
            guild_id=interaction.guild_id or 0,
            channel_id=channel_id,
            adapter=adapter,
            host_id=user.id,
            preset=options.preset,
            options=options,
            seats=options.players,
            level=level if level in game.levels() else default_level(game),
            turn_seconds=turn_seconds,
            players=[(int(uid), name) for uid, name in players if uid is not None],
            computers=len(seats) - len(humans),
            last_activity=self.cog.now(),
            hints=hints,
        )
        with reading(await public_locale(interaction)):  # the lobby is everyone's
            note = _("Rematch called by {player}.").format(player=user.mention)
            await self.cog.open_lobby(interaction, lobby, note=note)

    # -- taking over a computer seat --------------------------------------------------

    @in_asker_language
    async def take_seat(self, interaction: discord.Interaction, t: Table) -> None:
        """Take seat: a newcomer plays a computer-played seat from now on (the
        rules are the session's, :meth:`~cogs.table.session.TableSession.take_seat`).
        A human whose own seat the computer covers after timeouts takes it back
        with I'm back."""
        user = interaction.user
        refused = seat_refusal(t, user.id)
        if refused is not None:
            raise UserFacingError(refused)
        if takeable_seat(t) is None:
            raise UserFacingError(_("No computer seat is free to take at this table."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        taken = await self.cog.take_seat(t, user.id, user.display_name)
        if isinstance(taken, str):
            await followup(interaction, content=taken, ephemeral=True)
            return
        p, old = taken
        payload = await self.cog.hand_payload(t, p, controls=True)
        took = _(
            "You took over {name}'s seat. Your turns also come by DM (or press **My hand**)."
        ).format(name=old)
        payload["content"] = f"{took}\n{payload['content']}"
        await followup(interaction, ephemeral=True, **payload)

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
                _(
                    "You're seated in a running game in {channel}. Leave it "
                    "(/{command} leave) or let it finish, then ask again."
                ).format(channel=f"<#{t.channel_id}>", command=t.kind)
            )

    @in_asker_language
    async def forget_me(self, interaction: discord.Interaction) -> None:
        self._refuse_if_playing(interaction.guild_id or 0, interaction.user.id)
        await respond(
            interaction,
            forget_warning(),
            view=forget_view(interaction.user.id),
            ephemeral=True,
        )

    @in_asker_language
    async def on_forget(self, interaction: discord.Interaction, user_id: int, action: str) -> None:
        if interaction.user.id != user_id:
            raise UserFacingError(_("These buttons are someone else's."))
        if action == "cancel":
            await update(interaction, content=_("Nothing was deleted."), view=None)
            return
        guild_id = interaction.guild_id or 0
        self._refuse_if_playing(guild_id, user_id)
        result = await self.db.forget_user(guild_id, user_id)
        log.info("forgot a user in guild %s (%s seats)", guild_id, result.seats_anonymised)
        if result.players_deleted or result.seats_anonymised:
            text = forgotten(result.seats_anonymised)
        else:
            text = _("There was nothing of yours to delete in this server.")
        await update(interaction, content=text, view=None)
