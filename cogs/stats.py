"""Standings of a server, per game: ``/leaderboard`` and ``/profile``.

Leaderboards are embeds paged with buttons. Every button says in its
custom_id which game, which board, which page and whose message it is, so
paging works after a restart without any stored state. Anyone may browse: the
clicks of the one who asked edit the message; anyone else gets their own copy
of that page, only to them, with their own place shown (a shared message
never changes under its owner).

Each game declares its boards and what its profile shows (``GameType.statistics``,
:mod:`engine.stats`): President ranks rating, games won, rounds finished first and
points per scoring scheme; the penalty games (Big Two, Sixty) deals won and the
mean penalty per deal (lower is better). A new game needs nothing here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import handle_error
from cogs.limits import quote
from cogs.options import NAME_LENGTH
from cogs.replies import UserFacingError, respond, suggestions, update
from data import HINTS_DETAIL, Board, GameSummary, LeaderboardPage, LeaderboardRow, Profile
from engine import GameType, UnknownGame, game_type, game_types
from engine.stats import DEFAULT_STATISTICS, BoardSpec, StatsSpec

if TYPE_CHECKING:
    from bot import CardTableBot

COLOUR = discord.Colour(0xC9A227)
PAGE_SIZE = 10
MAX_ID = 2**63 - 1

# Ids from before there were several games carry no game: they are President's.
LEADERBOARD = (
    r"lb:(?P<kind>prev|next|board):(?:(?P<game>[a-z0-9_]{1,20})~)?(?P<board>[a-z_-]{1,40})"
    r":(?P<page>[0-9]{1,6}):(?P<owner>[0-9]{1,20})"
)

AnyItem = discord.ui.Item[Any]
Name = app_commands.Range[str, 1, NAME_LENGTH]


#: What each kind of declared board asks the storage for.
_RANKS = {
    "rating": Board.RATING,
    "wins": Board.WINS,
    "count": Board.COUNT,
    "points": Board.POINTS,
    "mean": Board.MEAN,
}


def boards(game: GameType) -> dict[str, str]:
    """Board keys (as in custom ids and the select) and their titles, for one game,
    as it declares them (the first is the default board).

    >>> list(boards(game_type("president")))[:3]
    ['rating', 'wins', 'firsts']
    """
    return {b.key: b.title for b in game.statistics.boards}


def board_query(game: GameType, key: str) -> BoardSpec:
    """The declared board called ``key``; a refusal names the game when it has none."""
    spec = game.statistics.board(key)
    if spec is None:
        raise UserFacingError(f"There is no {quote(key)} leaderboard for {game.title}.")
    return spec


def value_text(board: Board, value: float) -> str:
    if board in (Board.RATING, Board.MEAN):
        return f"{value:.1f}"
    return str(int(value))


def row_line(board: Board, row: LeaderboardRow) -> str:
    name = discord.utils.escape_markdown(row.display_name)
    games = f"{row.games_played} game{'s' if row.games_played != 1 else ''}"
    return f"`#{row.rank:>2}` **{name}** — {value_text(board, row.value)} · {games}"


def leaderboard_embed(
    game: GameType, key: str, page: LeaderboardPage, viewer: int
) -> discord.Embed:
    """One page of a board, and the viewer's own place even when it is off the page."""
    lines = [row_line(page.board, r) for r in page.rows]
    if not lines:
        lines = ["Nobody is on this board yet: finish a game to get on it."]
        if page.board is Board.RATING:
            lines.append("Ratings change in rounds with at least two humans.")
    embed = discord.Embed(
        title=f"🏆 {game.title} leaderboard — {boards(game)[key]}",
        description="\n".join(lines),
        colour=COLOUR,
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


def leaderboard_view(
    game: GameType, key: str, page: LeaderboardPage, owner: int
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = page.pages - 1
    g = game.name
    for kind, label, target, disabled in (
        ("prev", "◀ Prev", max(0, page.page - 1), page.page <= 0),
        ("next", "Next ▶", min(last, page.page + 1), page.page >= last),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=f"lb:{kind}:{g}~{key}:{target}:{owner}",
            label=label,
            disabled=disabled,
            row=0,
        )
        view.add_item(LeaderboardItem(button, kind, g, key, target, owner))
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"lb:board:{g}~{key}:0:{owner}",
        placeholder="Choose a board",
        row=1,
        options=[
            discord.SelectOption(label=title, value=k, default=k == key)
            for k, title in boards(game).items()
        ],
    )
    view.add_item(LeaderboardItem(select, "board", g, key, 0, owner))
    return view


def _places(stats: Any, spec: StatsSpec) -> str:
    avg = stats.average_position
    text = " · ".join(f"{c.label} {stats.counts.get(c.name, 0)}" for c in spec.categories)
    if avg is not None:
        text += f"\nAverage place {avg:.2f}"
    return text


def _hints(used: int) -> str:
    """The coach's hints a player used, shown once they used one (a profile of
    someone who never asked stays as it was)."""
    return f"\nhints used {used}" if used else ""


def _recent(games: Sequence[GameSummary], user_id: int) -> str:
    lines = []
    for g in games:
        seat = next((i for i, s in enumerate(g.seats) if s.user_id == user_id), None)
        result = "🏆 won" if seat is not None and seat in g.winners else "played"
        when = f"<t:{int((g.ended_at or g.started_at).timestamp())}:d>"
        rounds = f"{g.rounds_played} round{'s' if g.rounds_played != 1 else ''}"
        lines.append(f"{when} {g.preset} · {len(g.seats)} players · {rounds} · {result}")
    return "\n".join(lines) or "None yet."


def profile_embed(profile: Profile, game: GameType | None = None) -> discord.Embed:
    s = profile.stats
    game = game or _game_or_none(s.kind)
    spec = game.statistics if game is not None else DEFAULT_STATISTICS
    name = discord.utils.escape_markdown(s.display_name)
    held = s.details.get(spec.title_detail) if spec.title_detail is not None else None
    title = f"{name} — {held}" if held else name
    if game is not None:
        title = f"{game.title}: {title}"
    embed = discord.Embed(title=title[:256], colour=COLOUR)
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
        value=f"{s.games_played} finished · {s.wins} won\n{s.rounds_played} rounds"
        + _hints(s.counts.get(HINTS_DETAIL, 0)),
        inline=True,
    )
    embed.add_field(name="Finishing places", value=_places(s, spec), inline=False)
    if spec.scores == "mean":
        scores = " · ".join(f"{scheme} {mean:.1f}" for scheme, mean in s.means.items())
    else:
        scores = " · ".join(f"{scheme} {pts}" for scheme, pts in s.points.items())
    embed.add_field(name=spec.scores_title, value=scores or "None yet.", inline=False)
    embed.add_field(name="Recent games", value=_recent(profile.recent_games, s.user_id)[:1024])
    return embed


def _game_or_none(kind: str) -> GameType | None:
    try:
        return game_type(kind)
    except UnknownGame:
        return None


class LeaderboardItem(discord.ui.DynamicItem[AnyItem], template=LEADERBOARD):
    def __init__(
        self, item: AnyItem, kind: str, game: str, board: str, page: int, owner: int
    ) -> None:
        super().__init__(item)
        self.kind = kind
        self.game = game
        self.board = board
        self.page = page
        self.owner = owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> LeaderboardItem:
        return cls(
            item,
            match["kind"],
            match["game"] or "president",
            match["board"],
            int(match["page"]),
            int(match["owner"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = cast("Stats | None", getattr(interaction.client, "stats", None))
            if cog is None:
                raise RuntimeError("the Stats cog is not loaded")
            board, page = self.board, self.page
            if self.kind == "board":
                data = cast(dict[str, Any], interaction.data or {})
                values = data.get("values") or []
                if len(values) != 1 or not isinstance(values[0], str):
                    raise UserFacingError("Choose one board from the menu.")
                board, page = values[0], 0
            await cog.turn_page(interaction, self.game, board, page, self.owner)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class Stats(commands.Cog, name="Stats"):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardItem)
        self.bot.stats = self  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardItem)
        self.bot.stats = None  # type: ignore[attr-defined]

    def _games(self) -> list[GameType]:
        """The games this bot hosts (those with tables), President first."""
        runtime = getattr(self.bot, "table_runtime", None)
        hosted = set(runtime.adapters) if runtime is not None else None
        return [g for g in game_types() if hosted is None or g.name in hosted]

    def _game(self, name: str | None) -> GameType:
        games = self._games()
        if name is None:
            return games[0]
        for g in games:
            if g.name == name.strip().lower():
                return g
        raise UserFacingError(f"Choose a game: {', '.join(g.name for g in games)}.")

    async def _page(
        self, guild_id: int, game: GameType, key: str, page: int, viewer: int
    ) -> LeaderboardPage:
        spec = board_query(game, key)
        ask: dict[str, Any] = {
            "kind": game.name,
            "stat": spec.stat,
            "lower_is_better": spec.lower_is_better,
            "page_size": PAGE_SIZE,
            "user_id": viewer,
        }
        board = _RANKS[spec.ranks]
        lb = await self.bot.db.leaderboard(guild_id, board, page=page, **ask)
        if not lb.rows and lb.total and page > 0:  # the board shrank: show its last page
            lb = await self.bot.db.leaderboard(guild_id, board, page=lb.pages - 1, **ask)
        return lb

    @app_commands.command(name="leaderboard", description="This server's standings in a game")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (default: President)", board="What to rank by (default: rating)"
    )
    async def leaderboard(
        self, interaction: discord.Interaction, game: Name | None = None, board: Name | None = None
    ) -> None:
        chosen = self._game(game)
        board = board or chosen.statistics.boards[0].key  # the game's first: rating
        viewer = interaction.user.id
        page = await self._page(interaction.guild_id or 0, chosen, board, 0, viewer)
        await respond(
            interaction,
            embed=leaderboard_embed(chosen, board, page, viewer),
            view=leaderboard_view(chosen, board, page, viewer),
        )

    @leaderboard.autocomplete("game")
    @suggestions
    async def _game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in self._games()
            if current.lower() in g.name or current.lower() in g.title.lower()
        ][:25]

    @leaderboard.autocomplete("board")
    @suggestions
    async def _board_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            chosen = self._game(getattr(interaction.namespace, "game", None))
        except UserFacingError:
            return []
        return [
            app_commands.Choice(name=title, value=key)
            for key, title in boards(chosen).items()
            if current.lower() in key or current.lower() in title.lower()
        ][:25]

    async def turn_page(
        self, interaction: discord.Interaction, game_name: str, key: str, page: int, owner: int
    ) -> None:
        game = self._game(game_name)
        viewer = interaction.user.id
        lb = await self._page(interaction.guild_id or 0, game, key, page, viewer)
        embed = leaderboard_embed(game, key, lb, viewer)
        if viewer == owner:
            await update(interaction, embed=embed, view=leaderboard_view(game, key, lb, owner))
        else:  # someone else's message: their own copy, so the owner's doesn't move
            await respond(
                interaction,
                embed=embed,
                view=leaderboard_view(game, key, lb, viewer),
                ephemeral=True,
            )

    @app_commands.command(name="profile", description="A player's statistics here, per game")
    @app_commands.guild_only()
    @app_commands.describe(
        user="Whose profile (default: yours)", game="Which game (default: every game played)"
    )
    async def profile(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: Name | None = None,
    ) -> None:
        who = user or interaction.user
        guild_id = interaction.guild_id or 0
        if game is not None:
            kinds = [self._game(game).name]
        else:
            hosted = {g.name for g in self._games()}
            kinds = [k for k in await self.bot.db.played_kinds(guild_id, who.id) if k in hosted]
        embeds = []
        for kind in kinds[:10]:
            found = await self.bot.db.profile(guild_id, who.id, kind=kind, recent=5)
            if found is not None:
                embeds.append(profile_embed(found, game_type(kind)))
        if not embeds:
            what = f"{self._game(game).title} " if game is not None else ""
            raise UserFacingError(
                f"{'You have' if who.id == interaction.user.id else who.display_name + ' has'} "
                f"no finished {what}rounds in this server yet."
            )
        await respond(interaction, embeds=embeds)

    @profile.autocomplete("game")
    @suggestions
    async def _profile_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(cast("CardTableBot", bot)))
