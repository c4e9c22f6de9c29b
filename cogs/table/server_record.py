"""``/<game> record``: a finished game's record as a file, only to one of its
players (it holds every hand). Refusals in the asker's language."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

import discord

from cogs.replies import UserFacingError, respond
from data import Database
from locales import _

from .records import mark_hints

if TYPE_CHECKING:
    from .adapter import GameAdapter

#: The largest id SQLite stores (a forged id beyond it is refused before a query).
MAX_ID = 2**63 - 1


async def send_record(
    db: Database,
    adapters: Mapping[str, GameAdapter],
    interaction: discord.Interaction,
    adapter: GameAdapter,
    game_id: int | None,
) -> None:
    """``/<game> record``: the record of a game the asker sat in, as a file
    for ``python -m engine replay`` (only to them: it holds every hand)."""
    user_id = interaction.user.id
    guild_id = interaction.guild_id or 0
    if game_id is not None and not 0 < game_id <= MAX_ID:
        raise UserFacingError(_("There is no game with that number."))
    if game_id is None:
        recent = await db.recent_games(
            interaction.channel_id or 0, kind=adapter.game.name, limit=25
        )
        mine = [g for g in recent if any(s.user_id == user_id for s in g.seats)]
        if not mine:
            raise UserFacingError(
                _("You have no finished {game} game in this channel.").format(
                    game=_(adapter.game.title)
                )
            )
        game_id = mine[0].game_id
    details = await db.game(game_id)
    if (
        details is None
        or details.summary.guild_id != guild_id
        or not any(s.user_id == user_id for s in details.summary.seats)
    ):
        raise UserFacingError(_("You can only get the record of a game you played here."))
    kind = details.summary.kind
    if kind != adapter.game.name:
        other = adapters.get(kind)
        title = _(other.game.title) if other is not None else kind
        raise UserFacingError(
            _("Game {number} is a {game} game: use /{command} record.").format(
                number=game_id, game=title, command=kind
            )
        )
    if details.summary.channel_id != interaction.channel_id:
        raise UserFacingError(
            _("Game {number} was played in {channel}: ask for its record there.").format(
                number=game_id, channel=f"<#{details.summary.channel_id}>"
            )
        )
    if details.summary.status == "live":
        raise UserFacingError(_("That game is still being played: ask again when it is over."))
    record = await db.game_record(game_id)
    if record is None:
        raise UserFacingError(_("That game has no record."))
    record = mark_hints(record, details.rounds)
    file = discord.File(
        io.BytesIO(record.encode("utf-8")), filename=f"{details.summary.kind}-{game_id}.json"
    )
    text = _(
        "The record of game {number}: replay it with `python -m engine replay "
        "{file}`, or attach it to a bug report."
    ).format(number=game_id, file=f"{details.summary.kind}-{game_id}.json")
    await respond(interaction, text, file=file, ephemeral=True)
