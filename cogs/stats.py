"""Standings of a server: ``/leaderboard`` and ``/profile``.

Leaderboards are embeds paged with buttons. Every button says in its
custom_id which board, which page and whose message it is, so paging works
after a restart without any stored state. Anyone may browse: the clicks of
the one who asked edit the message; anyone else gets their own copy of that
page, only to them, with their own place shown (a shared message never
changes under its owner).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import handle_error
from cogs.replies import UserFacingError
from data import SCORING_SCHEMES, Board, GameSummary, LeaderboardPage, LeaderboardRow, Profile

if TYPE_CHECKING:
    from bot import PresidentBot

COLOUR = discord.Colour(0xC9A227)
PAGE_SIZE = 10

#: Board keys (as in custom ids and the select) and their titles.
BOARDS: Final[dict[str, str]] = {
    "rating": "Rating",
    "wins": "Games won",
    "firsts": "Rounds finished first",
    **{f"points-{s}": f"Points ({s} scoring)" for s in SCORING_SCHEMES},
}
LEADERBOARD = r"lb:(?P<kind>prev|next|board):(?P<board>[a-z-]+):(?P<page>[0-9]+):(?P<owner>[0-9]+)"

AnyItem = discord.ui.Item[Any]


def board_query(key: str) -> tuple[Board, str | None]:
    """``points-classic`` → (Board.POINTS, "classic"); ``wins`` → (Board.WINS, None)."""
    if key.startswith("points-"):
        scheme = key.removeprefix("points-")
        if scheme not in SCORING_SCHEMES:
            raise UserFacingError(f"There is no {scheme!r} scoring; see /leaderboard.")
        return Board.POINTS, scheme
    if key not in BOARDS:
        raise UserFacingError(f"There is no {key!r} leaderboard.")
    return Board(key), None


def value_text(board: Board, value: float) -> str:
    if board is Board.RATING:
        return f"{value:.1f}"
    return str(int(value))


def row_line(board: Board, row: LeaderboardRow) -> str:
    name = discord.utils.escape_markdown(row.display_name)
    games = f"{row.games_played} game{'s' if row.games_played != 1 else ''}"
    return f"`#{row.rank:>2}` **{name}** — {value_text(board, row.value)} · {games}"


def leaderboard_embed(key: str, page: LeaderboardPage, viewer: int) -> discord.Embed:
    """One page of a board, and the viewer's own place even when it is off the page."""
    lines = [row_line(page.board, r) for r in page.rows]
    if not lines:
        lines = ["Nobody is on this board yet: finish a game to get on it."]
        if page.board is Board.RATING:
            lines.append("Ratings change in rounds with at least two humans.")
    embed = discord.Embed(
        title=f"🏆 Leaderboard — {BOARDS[key]}", description="\n".join(lines), colour=COLOUR
    )
    me = page.me
    if me is not None:
        on_page = any(r.user_id == viewer for r in page.rows)
        where = "on this page" if on_page else f"page {(me.rank - 1) // page.page_size + 1}"
        embed.add_field(name="Your place", value=f"{row_line(page.board, me)} ({where})")
    else:
        embed.add_field(name="Your place", value="You're not on this board yet.")
    embed.set_footer(
        text=f"Page {page.page + 1}/{page.pages} · {page.total} "
        f"player{'s' if page.total != 1 else ''}"
    )
    return embed


def leaderboard_view(key: str, page: LeaderboardPage, owner: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = page.pages - 1
    for kind, label, target, disabled in (
        ("prev", "◀ Prev", max(0, page.page - 1), page.page <= 0),
        ("next", "Next ▶", min(last, page.page + 1), page.page >= last),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=f"lb:{kind}:{key}:{target}:{owner}",
            label=label,
            disabled=disabled,
            row=0,
        )
        view.add_item(LeaderboardItem(button, kind, key, target, owner))
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"lb:board:{key}:0:{owner}",
        placeholder="Choose a board",
        row=1,
        options=[
            discord.SelectOption(label=title, value=k, default=k == key)
            for k, title in BOARDS.items()
        ],
    )
    view.add_item(LeaderboardItem(select, "board", key, 0, owner))
    return view


def _places(stats: Any) -> str:
    avg = stats.average_position
    text = (
        f"1st {stats.firsts} · 2nd {stats.seconds} · middle {stats.middles} · "
        f"second-last {stats.second_lasts} · last {stats.lasts}"
    )
    if avg is not None:
        text += f"\nAverage place {avg:.2f}"
    return text


def _recent(games: Sequence[GameSummary], user_id: int) -> str:
    lines = []
    for g in games:
        seat = next((i for i, s in enumerate(g.seats) if s.user_id == user_id), None)
        result = "🏆 won" if seat is not None and seat in g.winners else "played"
        when = f"<t:{int((g.ended_at or g.started_at).timestamp())}:d>"
        rounds = f"{g.rounds_played} round{'s' if g.rounds_played != 1 else ''}"
        lines.append(f"{when} {g.preset} · {len(g.seats)} players · {rounds} · {result}")
    return "\n".join(lines) or "None yet."


def profile_embed(profile: Profile) -> discord.Embed:
    s = profile.stats
    name = discord.utils.escape_markdown(s.display_name)
    title = f"{name} — {s.title}" if s.title else name
    embed = discord.Embed(title=title, colour=COLOUR)
    if s.rated_rounds:
        rank = f" (#{profile.rating_rank} here)" if profile.rating_rank else ""
        rating = (
            f"**{s.rating.ordinal:.1f}**{rank}\nμ {s.rating.mu:.1f} · σ {s.rating.sigma:.2f} "
            f"· {s.rated_rounds} rated rounds"
        )
    else:
        rating = "Unrated: ratings change in rounds with at least two humans."
    embed.add_field(name="Rating", value=rating, inline=True)
    embed.add_field(
        name="Games",
        value=f"{s.games_played} finished · {s.wins} won\n{s.rounds_played} rounds",
        inline=True,
    )
    embed.add_field(name="Finishing places", value=_places(s), inline=False)
    points = " · ".join(f"{scheme} {pts}" for scheme, pts in s.points.items()) or "None yet."
    embed.add_field(name="Points by scoring", value=points, inline=False)
    embed.add_field(name="Recent games", value=_recent(profile.recent_games, s.user_id)[:1024])
    return embed


class LeaderboardItem(discord.ui.DynamicItem[AnyItem], template=LEADERBOARD):
    def __init__(self, item: AnyItem, kind: str, board: str, page: int, owner: int) -> None:
        super().__init__(item)
        self.kind = kind
        self.board = board
        self.page = page
        self.owner = owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> LeaderboardItem:
        return cls(item, match["kind"], match["board"], int(match["page"]), int(match["owner"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = cast("Stats | None", interaction.client.get_cog("Stats"))  # type: ignore[attr-defined]
            if cog is None:
                raise RuntimeError("the Stats cog is not loaded")
            board, page = self.board, self.page
            if self.kind == "board":
                data = cast(dict[str, Any], interaction.data or {})
                board, page = str((data.get("values") or [board])[0]), 0
            await cog.turn_page(interaction, board, page, self.owner)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class Stats(commands.Cog, name="Stats"):
    def __init__(self, bot: PresidentBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardItem)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardItem)

    async def _page(self, guild_id: int, key: str, page: int, viewer: int) -> LeaderboardPage:
        board, scheme = board_query(key)
        lb = await self.bot.db.leaderboard(
            guild_id, board, scheme=scheme, page=page, page_size=PAGE_SIZE, user_id=viewer
        )
        if not lb.rows and lb.total and page > 0:  # the board shrank: show its last page
            lb = await self.bot.db.leaderboard(
                guild_id,
                board,
                scheme=scheme,
                page=lb.pages - 1,
                page_size=PAGE_SIZE,
                user_id=viewer,
            )
        return lb

    @app_commands.command(name="leaderboard", description="This server's President standings")
    @app_commands.guild_only()
    @app_commands.describe(board="What to rank by (default: rating)")
    @app_commands.choices(board=[app_commands.Choice(name=t, value=k) for k, t in BOARDS.items()])
    async def leaderboard(self, interaction: discord.Interaction, board: str = "rating") -> None:
        viewer = interaction.user.id
        page = await self._page(interaction.guild_id or 0, board, 0, viewer)
        await interaction.response.send_message(
            embed=leaderboard_embed(board, page, viewer),
            view=leaderboard_view(board, page, viewer),
        )

    async def turn_page(
        self, interaction: discord.Interaction, key: str, page: int, owner: int
    ) -> None:
        viewer = interaction.user.id
        lb = await self._page(interaction.guild_id or 0, key, page, viewer)
        embed = leaderboard_embed(key, lb, viewer)
        if viewer == owner:
            await interaction.response.edit_message(
                embed=embed, view=leaderboard_view(key, lb, owner)
            )
        else:  # someone else's message: their own copy, so the owner's doesn't move
            await interaction.response.send_message(
                embed=embed, view=leaderboard_view(key, lb, viewer), ephemeral=True
            )

    @app_commands.command(name="profile", description="A player's President statistics here")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        who = user or interaction.user
        profile = await self.bot.db.profile(interaction.guild_id or 0, who.id, recent=5)
        if profile is None:
            raise UserFacingError(
                f"{'You have' if who.id == interaction.user.id else who.display_name + ' has'} "
                "no finished rounds of President in this server yet."
            )
        await interaction.response.send_message(embed=profile_embed(profile))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(cast("PresidentBot", bot)))
