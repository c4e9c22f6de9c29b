"""The coach at the table: 💡 Hint on a player's turn and the review of a
finished game (``/<game> review``, Review under the final standings).

Both are computed by :mod:`engine.coach` from the asking player's own
observation (a hint: what they see now; a review: the record replayed, each
decision judged from what they saw then), in the computer worker process
(:meth:`cogs.table.computers.ComputerPool.run`): a search never holds the
event loop, so the tables play on meanwhile. Both answers are private.

A hint is recorded: the table's meta keeps, per seat, the decisions hinted
(``[round, version]``), stored with the game; each round's results count them
in the player's round details (``hints``), which the statistics add up for
the profile's "hints used".
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs.replies import UserFacingError, edit_original, followup
from engine import RecordError, coach
from locales import _, _n, current, format_number

from .clicks import seat_for
from .coach_words import worded
from .coach_work import ReviewResult, review_game
from .context import game_title
from .records import decisions_made
from .settings import hints_text

if TYPE_CHECKING:
    from data import Database

    from .adapter import GameAdapter
    from .clicks import Clicks
    from .computers import ComputerPool
    from .context import TableContext
    from .session import TableSession

log = logging.getLogger("cardtable.game")

#: The largest id SQLite stores (a forged id beyond it is refused before a query).
MAX_ID = 2**63 - 1
#: About how many progress edits a review makes, however long the game.
PROGRESS_STEPS = 8


def _figure(x: float) -> str:
    """A cost with at most two decimals, as the reader writes numbers."""
    return format_number(current(), round(x, 2))


Naming = Callable[[Any], str]
"""A game adapter's ``decision_text``: a decision named in the reader's language
(without one, the coach shows a decision as its record writes it)."""


def _move(adapter: Any, notation: str) -> str:
    """A reviewed decision, from its notation, as the adapter names it."""
    name: Naming | None = getattr(adapter, "decision_text", None)
    return notation if name is None else name(adapter.game.parse_decision(notation))


def hint_text(game: str, tips: list[coach.Suggestion], name: Naming | None = None) -> str:
    """The hint as the player reads it: the ranked decisions in the game's terms."""
    if not tips:
        return "💡 " + _("Nothing to choose here: any move is the same.")
    unit = _(coach.hook(game).UNIT)  # where the engine marked it (N_)
    lines = ["💡 " + _("**Hint** — the coach's choices from what you can see (best first):")]
    for i, tip in enumerate(tips, 1):
        if i > 1 and tip.cost > 0:
            line = _("{i}. **{move}** — {estimate} ({cost} {unit} worse). {reason}")
        else:
            line = _("{i}. **{move}** — {estimate}. {reason}")
        lines.append(
            line.format(
                i=i,
                move=tip.notation if name is None else name(tip.decision),
                estimate=worded(tip.estimate),
                cost=_figure(tip.cost),
                unit=unit,
                reason=worded(tip.reason),
            )
        )
    lines.append(_("*This decision is marked as hinted in the game's record.*"))
    return "\n".join(lines)[:2000]


def review_embeds(
    adapter: GameAdapter, game_id: int, name: str, result: ReviewResult
) -> tuple[list[discord.Embed], list[discord.File]]:
    """The review: its accuracy, then one embed per costliest decision with
    the position's picture where there is one."""
    r = result.review
    lines = [
        _n(
            "**Accuracy {accuracy}** of {n} decision with a real choice "
            "({forced} forced ones not counted).",
            "**Accuracy {accuracy}** of {n} decisions with a real choice "
            "({forced} forced ones not counted).",
            len(r.decisions),
        ).format(
            accuracy=_("{percent}%").format(
                percent=format_number(current(), round(r.accuracy * 100))
            ),
            n=format_number(current(), len(r.decisions)),
            forced=format_number(current(), r.forced),
        ),
        f"*{_(r.rule)}*",
    ]
    if not r.costliest:
        lines += [
            "",
            _("No decision of yours cost anything the coach could measure. Well played!"),
        ]
    else:
        lines += ["", _("Your costliest decisions follow, with your hand at the time.")]
    embeds = [
        discord.Embed(
            title="🎓 "
            + _("Review of {game} game {id} — {name}").format(
                game=game_title(adapter), id=game_id, name=name
            )[:250],
            description="\n".join(lines)[:4096],
            colour=adapter.colour,
        )
    ]
    files: list[discord.File] = []
    for i, d in enumerate(r.costliest):
        hand = result.hands[i] if i < len(result.hands) else ()
        picture = result.pictures[i] if i < len(result.pictures) else None
        embed = discord.Embed(
            title=_("{i}. Round {round}, decision {number}: cost ≈ {cost} {unit}").format(
                i=i + 1, round=d.round, number=d.number, cost=_figure(d.cost), unit=_(r.unit)
            )[:256],
            description=_(
                "You played **{played}** ({played_estimate}).\n"
                "The coach would play **{coach}** ({coach_estimate}): {reason}.\n"
                "Your hand then: {hand}"
            ).format(
                played=_move(adapter, d.played),
                played_estimate=worded(d.played_estimate),
                coach=_move(adapter, d.coach),
                coach_estimate=worded(d.coach_estimate),
                reason=worded(d.coach_reason),
                hand=" ".join(hand) if hand else "—",
            )[:4096],
            colour=adapter.colour,
        )
        if picture is not None:
            ext = picture.filename.rpartition(".")[2]
            filename = f"position-{i + 1}.{ext or 'png'}"
            files.append(discord.File(io.BytesIO(picture.data), filename=filename))
            embed.set_image(url=f"attachment://{filename}")
        embeds.append(embed)
    return embeds, files


class Coach:
    def __init__(
        self,
        ctx: TableContext,
        session: TableSession,
        clicks: Clicks,
        computers: ComputerPool,
        db: Database,
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.clicks = clicks
        self.computers = computers
        self.db = db

    # -- hint -----------------------------------------------------------------------

    async def hint(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        t = await self.clicks.table(game_id)
        p = seat_for(t, interaction.user)
        if not t.meta.hints:
            raise UserFacingError(
                _("This table plays with {hints}: the host chose so.").format(
                    hints=hints_text(False)
                )
            )
        if t.state.current_player != p or t.is_computer(p) or t.version != version:
            raise UserFacingError(
                _("A hint is for the turn you are on: this button is from an earlier one.")
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        # the observation only: what the player sees, never the others' cards
        obs = t.state.observation(p)
        tips: list[coach.Suggestion] = await self.computers.run(
            t.game_id, coach.hint, t.kind, obs, (t.seed + version) % 2**31
        )
        # the decision's place in its round of the record: what a replay counts
        mark = [t.state.round_number, decisions_made(t.state)]
        if t.version == version and not t.closed and mark not in t.meta.hinted[p]:
            t.meta.hinted[p].append(mark)
            async with t.lock:
                await self.session.save_meta(t)
        text = hint_text(t.kind, tips, getattr(t.adapter, "decision_text", None))
        await followup(interaction, content=text, ephemeral=True)

    # -- review ---------------------------------------------------------------------

    async def review(
        self, interaction: discord.Interaction, adapter: GameAdapter | None, game_id: int | None
    ) -> None:
        """``/<game> review`` (``adapter``: its game) or Review under the results."""
        user_id = interaction.user.id
        guild_id = interaction.guild_id or 0
        if game_id is not None and not 0 < game_id <= MAX_ID:
            raise UserFacingError(_("There is no game with that number."))
        if game_id is None:
            assert adapter is not None
            recent = await self.db.recent_games(
                interaction.channel_id or 0, kind=adapter.game.name, limit=25
            )
            mine = [
                g
                for g in recent
                if g.status == "finished" and any(s.user_id == user_id for s in g.seats)
            ]
            if not mine:
                raise UserFacingError(
                    _("You have no finished {game} game in this channel to review.").format(
                        game=game_title(adapter)
                    )
                )
            game_id = mine[0].game_id
        details = await self.db.game(game_id)
        if details is None or details.summary.guild_id != guild_id:
            raise UserFacingError(_("There is no such game here."))
        summary = details.summary
        seat = next((i for i, s in enumerate(summary.seats) if s.user_id == user_id), None)
        if seat is None:
            raise UserFacingError(_("Only the players who sat in that game can review it."))
        if adapter is not None and summary.kind != adapter.game.name:
            raise UserFacingError(
                _("Game {id} is not a {game} game: use {command}.").format(
                    id=game_id, game=game_title(adapter), command=f"/{summary.kind} review"
                )
            )
        own = self.ctx.adapters.get(summary.kind)
        if own is None:
            raise UserFacingError(_("This bot no longer hosts that game."))
        if summary.status == "live":
            raise UserFacingError(_("That game is still being played: review it when it is over."))
        record = await self.db.game_record(game_id)
        if record is None:
            raise UserFacingError(_("That game has no record to review."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        name = summary.seats[seat].display_name
        shown = Shown(interaction, game_id)
        try:
            result: ReviewResult = await self.computers.run(
                game_id,
                review_game,
                summary.kind,
                record,
                seat,
                game_id % 2**31,
                getattr(own, "position_picture", None),
                current(),
                progress=shown.report,
                long=True,
            )
        except (ValueError, RecordError) as exc:
            await shown.stop()
            raise UserFacingError(
                _("That game can't be reviewed: {problem}").format(problem=exc)
            ) from exc
        await shown.stop()
        embeds, files = review_embeds(own, game_id, name, result)
        await edit_original(interaction, content=None, embeds=embeds, attachments=files)


class Shown:
    """A review's progress, shown by editing the asker's private answer: about
    :data:`PROGRESS_STEPS` edits however long the game, one at a time (a slow
    edit is overtaken by the newest count, never queued behind)."""

    def __init__(self, interaction: discord.Interaction, game_id: int) -> None:
        self.interaction = interaction
        self.game_id = game_id
        self.latest: tuple[int, int] | None = None
        self.shown = 0
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.stopped = False

    def report(self, done: int, total: int) -> None:
        step = max(1, total // PROGRESS_STEPS)
        # a report may arrive after the answer (it was on its way): it changes nothing
        if self.stopped or done - self.shown < step or done >= total:
            return
        self.shown = done
        self.latest = (done, total)
        self.wake.set()
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._edit())

    async def _edit(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            if self.latest is None:
                return
            done, total = self.latest
            text = "🎓 " + _(
                "Reviewing your decisions in game {id}… {done} of {total} done."
            ).format(id=self.game_id, done=done, total=total)
            with contextlib.suppress(discord.HTTPException):
                await edit_original(self.interaction, content=text)

    async def stop(self) -> None:
        """No more edits: the last one in flight ends before the answer replaces it."""
        self.stopped = True
        self.latest = None
        self.wake.set()
        if self.task is not None:
            with contextlib.suppress(Exception):
                await self.task
