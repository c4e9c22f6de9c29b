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
import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

import discord

from cogs.limits import SAFE_INTEGER
from cogs.replies import UserFacingError, edit_original
from engine import EngineError
from render.replay import MAX_BYTES, ReplayError, render_replay

from .context import round_word
from .text import plural

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
            return "Waiting for another replay to finish…"
        done, total = self.frames
        return f"Drawing the replay… {done}/{total} frames"


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
    ) -> None:
        self.db = db
        self.adapters = adapters
        self.render = render
        self.progress_every = progress_every
        self.sleep = sleep
        """Real time (Discord counts requests in real time, not in game time)."""
        self.pending = 0
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
        word = round_word(adapter)
        if round_no is not None and not 1 <= round_no <= rounds:
            raise UserFacingError(
                f"Game {summary.game_id} had {plural(rounds, word)}: choose a {word} "
                f"from 1 to {rounds}."
            )
        number = rounds if round_no is None else round_no
        record = details.record_json
        if record is None:
            raise UserFacingError(f"Game {summary.game_id} has no record to replay.")
        if self.pending >= MAX_PENDING:
            raise UserFacingError("Several replays are being drawn: ask again in a minute.")
        names = [s.display_name for s in summary.seats]
        caption = (
            f"**{adapter.game.title}**, game {summary.game_id} · {word} {number} of {rounds}\n"
            + ", ".join(discord.utils.escape_markdown(n) for n in names)
        )
        self.pending += 1
        try:
            await interaction.response.defer(thinking=True)
            await self._draw_and_post(interaction, summary.game_id, record, names, number, caption)
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
                    f"No {game.title} game has finished in this channel yet: play one with "
                    f"/{game.name} new, then replay it."
                )
            game_id = last[0].game_id
        elif not 1 <= game_id <= MAX_GAME_ID:
            raise UserFacingError("There is no game with that number.")
        details = await self.db.game(game_id)
        if details is None or details.summary.guild_id != (interaction.guild_id or 0):
            raise UserFacingError(f"There is no game {game_id} in this server.")
        summary = details.summary
        if summary.kind != game.name:
            other = self.adapters.get(summary.kind)
            title = other.game.title if other is not None else summary.kind
            raise UserFacingError(f"Game {game_id} is a {title} game: use /{summary.kind} replay.")
        if summary.channel_id != channel_id:
            raise UserFacingError(
                f"Game {game_id} was played in <#{summary.channel_id}>: ask for its replay there."
            )
        if summary.status == "live":
            raise UserFacingError(
                f"Game {game_id} is still being played: only a finished game can be replayed."
            )
        if summary.status != "finished" or summary.rounds_played < 1:
            raise UserFacingError(
                f"Game {game_id} was ended before it finished: only a finished game can be "
                "replayed."
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
        drawing = loop.run_in_executor(
            self._thread, lambda: self.render(record, names, number, progress=progress)
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
            await edit_original(interaction, content=f"This replay could not be drawn: {exc}")
            return
        except Exception:
            log.exception("game %s round %s: replay not drawn", game_id, number)
            await edit_original(
                interaction, content="The replay could not be drawn; the error has been logged."
            )
            return
        if len(data) > MAX_BYTES:
            await edit_original(
                interaction,
                content=f"This replay is too large for Discord ({len(data) / 2**20:.1f} MiB).",
            )
            return
        await edit_original(
            interaction,
            content=caption,
            attachments=[discord.File(io.BytesIO(data), filename=FILENAME)],
            allowed_mentions=discord.AllowedMentions.none(),
        )
