"""``/<game> replay``: an animated picture of one round of a finished game,
posted in the channel for everyone.

The picture is :func:`render.replay.render_replay`'s (one frame per
decision, every hand face up: only a finished game is replayed, so nothing
in it is secret any more). Drawing a long round takes seconds of CPU, so it
runs in a thread of its own, one replay at a time: the two picture threads
that every live table shares (:meth:`cogs.table.context.TableContext.draw`)
never wait behind a replay, and a burst of requests queues instead of
taking both cores. While it draws, the deferred answer shows how far it got,
edited at most once per ``progress_every`` seconds (each edit is a Discord
request); then it becomes the replay itself, with a line naming the game,
the round and the players.

Everything that can be refused is checked before the answer is deferred, so
a refusal is a short message to the asker only, never a public one.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

import discord

from cogs.limits import SAFE_INTEGER
from cogs.replies import UserFacingError, edit_original
from engine import EngineError
from locales import _, _n, current, format_list, format_number, reading
from render.replay import MAX_BYTES, ReplayError, render_replay

from .context import by_round, game_title, round_word
from .language import Languages, locale_of

if TYPE_CHECKING:
    from data import Database, GameDetails

    from .adapter import GameAdapter

log = logging.getLogger("cardtable.replay")

FILENAME: Final = "replay.gif"
PROGRESS_EVERY: Final = 1.0
"""Real seconds between two edits of the progress message, at most."""
MAX_PENDING: Final = 4
"""Replays drawing or waiting their turn, at most; one more is refused."""
MAX_GAME_ID: Final = SAFE_INTEGER - 1
"""The largest game number the option takes (Discord's largest integer)."""
MAX_ROUND: Final = 1000
"""The largest round number the option takes (no game plays nearly as many)."""

Render = Callable[..., bytes]


class Progress:
    """How far the drawing got: written by the drawing thread, read by the loop
    (two ints swapped in one assignment, so a reader never sees half of it)."""

    def __init__(self) -> None:
        self.frames: tuple[int, int] | None = None

    def __call__(self, done: int, total: int) -> None:
        self.frames = (done, total)

    def text(self) -> str:
        if self.frames is None:
            return _("Waiting for another replay to finish…")
        done, total = self.frames
        return _("Drawing the replay… {done}/{total} frames").format(done=done, total=total)


class Replays:
    """The replay service of the table runtime (``runtime.replays``)."""

    def __init__(
        self,
        db: Database,
        adapters: Mapping[str, GameAdapter],
        *,
        render: Render = render_replay,
        progress_every: float = PROGRESS_EVERY,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        languages: Languages | None = None,
    ) -> None:
        self.db = db
        self.adapters = adapters
        self.render = render
        self.progress_every = progress_every
        self.sleep = sleep
        """Real time (Discord counts requests in real time, not in game time)."""
        self.pending = 0
        self.languages = languages
        """The server language settings: a replay is posted for everyone."""
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

    async def replay(
        self,
        interaction: discord.Interaction,
        adapter: GameAdapter,
        game_id: int | None,
        round_no: int | None,
    ) -> None:
        """Post the replay of round ``round_no`` (default: the last) of game
        ``game_id`` (default: the channel's last finished game of this kind)."""
        details = await self._finished_game(interaction, adapter, game_id)
        summary = details.summary
        rounds = summary.rounds_played
        if round_no is not None and not 1 <= round_no <= rounds:
            if round_word(adapter) == "deal":
                refusal = _n(
                    "Game {id} had {n} deal: choose a deal from 1 to {n}.",
                    "Game {id} had {n} deals: choose a deal from 1 to {n}.",
                    rounds,
                )
            else:
                refusal = _n(
                    "Game {id} had {n} round: choose a round from 1 to {n}.",
                    "Game {id} had {n} rounds: choose a round from 1 to {n}.",
                    rounds,
                )
            raise UserFacingError(refusal.format(id=summary.game_id, n=rounds))
        number = rounds if round_no is None else round_no
        record = details.record_json
        if record is None:
            raise UserFacingError(
                _("Game {id} has no record to replay.").format(id=summary.game_id)
            )
        if self.pending >= MAX_PENDING:
            raise UserFacingError(_("Several replays are being drawn: ask again in a minute."))
        names = [s.display_name for s in summary.seats]
        chosen = None
        if self.languages is not None:
            chosen = await self.languages.load(interaction.guild_id or 0)
        self.pending += 1
        try:
            await interaction.response.defer(thinking=True)
            # posted for everyone: in the server's language (:mod:`.language`)
            with reading(chosen or locale_of(getattr(interaction, "guild_locale", None))):
                caption = (
                    by_round(adapter, "caption").format(
                        game=game_title(adapter), id=summary.game_id, n=number, total=rounds
                    )
                    + "\n"
                    + format_list(current(), [discord.utils.escape_markdown(n) for n in names])
                )
                await self._draw_and_post(
                    interaction, summary.game_id, record, names, number, caption
                )
        finally:
            self.pending -= 1

    async def _finished_game(
        self, interaction: discord.Interaction, adapter: GameAdapter, game_id: int | None
    ) -> GameDetails:
        """The game to replay, refused unless it is a finished game of this kind
        played in this channel."""
        game = adapter.game
        channel_id = interaction.channel_id or 0
        if game_id is None:
            last = await self.db.recent_games(channel_id, kind=game.name, limit=1)
            if not last:
                raise UserFacingError(
                    _(
                        "No {game} game has finished in this channel yet: play one with "
                        "{command}, then replay it."
                    ).format(game=game_title(adapter), command=f"/{game.name} new")
                )
            game_id = last[0].game_id
        elif not 1 <= game_id <= MAX_GAME_ID:
            raise UserFacingError(_("There is no game with that number."))
        details = await self.db.game(game_id)
        if details is None or details.summary.guild_id != (interaction.guild_id or 0):
            raise UserFacingError(_("There is no game {id} in this server.").format(id=game_id))
        summary = details.summary
        if summary.kind != game.name:
            other = self.adapters.get(summary.kind)
            title = game_title(other) if other is not None else summary.kind
            raise UserFacingError(
                _("Game {id} is a {game} game: use {command}.").format(
                    id=game_id, game=title, command=f"/{summary.kind} replay"
                )
            )
        if summary.channel_id != channel_id:
            raise UserFacingError(
                _("Game {id} was played in {channel}: ask for its replay there.").format(
                    id=game_id, channel=f"<#{summary.channel_id}>"
                )
            )
        if summary.status == "live":
            raise UserFacingError(
                _("Game {id} is still being played: only a finished game can be replayed.").format(
                    id=game_id
                )
            )
        if summary.status != "finished" or summary.rounds_played < 1:
            raise UserFacingError(
                _(
                    "Game {id} was ended before it finished: only a finished game can be replayed."
                ).format(id=game_id)
            )
        return details

    async def _draw_and_post(
        self,
        interaction: discord.Interaction,
        game_id: int,
        record: str,
        names: Sequence[str],
        number: int,
        caption: str,
    ) -> None:
        progress = Progress()
        loop = asyncio.get_running_loop()
        # the reader's context goes along: an executor does not carry it
        context = contextvars.copy_context()
        drawing = loop.run_in_executor(
            self._thread,
            lambda: context.run(self.render, record, names, number, progress=progress),
        )
        shown: str | None = None
        while not drawing.done():
            tick = asyncio.ensure_future(self.sleep(self.progress_every))
            try:
                await asyncio.wait({drawing, tick}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                tick.cancel()
            text = progress.text()
            if drawing.done() or text == shown:
                continue
            shown = text
            with contextlib.suppress(discord.HTTPException):  # only a progress note
                await edit_original(interaction, content=text)
        try:
            data = drawing.result()
        except (ReplayError, EngineError) as exc:
            log.warning("game %s round %s: replay not drawn: %s", game_id, number, exc)
            await edit_original(
                interaction,
                content=_("This replay could not be drawn: {problem}").format(problem=exc),
            )
            return
        except Exception:
            log.exception("game %s round %s: replay not drawn", game_id, number)
            await edit_original(
                interaction,
                content=_("The replay could not be drawn; the error has been logged."),
            )
            return
        if len(data) > MAX_BYTES:
            size = format_number(current(), round(len(data) / 2**20, 1))
            await edit_original(
                interaction,
                content=_("This replay is too large for Discord ({size} MiB).").format(size=size),
            )
            return
        await edit_original(
            interaction,
            content=caption,
            attachments=[discord.File(io.BytesIO(data), filename=FILENAME)],
            allowed_mentions=discord.AllowedMentions.none(),
        )
