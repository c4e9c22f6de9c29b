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
from babel.numbers import format_decimal
from discord import app_commands
from discord.ext import commands

from cogs.errors import handle_error
from cogs.limits import quote
from cogs.options import NAME_LENGTH
from cogs.replies import UserFacingError, public_locale, respond, suggestions, update
from data import HINTS_DETAIL, Board, GameSummary, LeaderboardPage, LeaderboardRow, Profile
from engine import GameType, UnknownGame, game_type, game_types
from engine.stats import DEFAULT_STATISTICS, BoardSpec, StatsSpec
from locales import _, _n, babel_locale, current, format_number, reading

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
    as it declares them (the first is the default board), in the reader's language.

    >>> list(boards(game_type("president")))[:3]
    ['rating', 'wins', 'firsts']
    """
    return {b.key: _(b.title) for b in game.statistics.boards}


def board_query(game: GameType, key: str) -> BoardSpec:
    """The declared board called ``key``; a refusal names the game when it has none."""
    spec = game.statistics.board(key)
    if spec is None:
        raise UserFacingError(
            _("There is no {board} leaderboard for {game}.").format(
                board=quote(key), game=_(game.title)
            )
        )
    return spec


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals as the reader writes it (``30,0`` in French)."""
    pattern = "#,##0." + "0" * places if places else "#,##0"
    return format_decimal(value, format=pattern, locale=babel_locale(current()))


def value_text(board: Board, value: float) -> str:
    if board in (Board.RATING, Board.MEAN):
        return decimal(value, 1)
    return format_number(current(), int(value))


def row_line(board: Board, row: LeaderboardRow) -> str:
    name = discord.utils.escape_markdown(row.display_name)
    n = row.games_played
    games = _n("{n} game", "{n} games", n).format(n=format_number(current(), n))
    return f"`#{row.rank:>2}` **{name}** — {value_text(board, row.value)} · {games}"


def leaderboard_embed(
    game: GameType, key: str, page: LeaderboardPage, viewer: int
) -> discord.Embed:
    """One page of a board, and the viewer's own place even when it is off the page."""
    loc = current()
    lines = [row_line(page.board, r) for r in page.rows]
    if not lines:
        lines = [_("Nobody is on this board yet: finish a game to get on it.")]
        if page.board is Board.RATING:
            lines.append(_("Ratings change in rounds with at least two humans."))
    embed = discord.Embed(
        # Translators: {trophy} is an emoji (pictures' fonts draw no emoji, so it stays
        # out of the catalogs)
        title=_("{trophy} {game} leaderboard — {board}").format(
            trophy="🏆", game=_(game.title), board=boards(game)[key]
        ),
        description="\n".join(lines),
        colour=COLOUR,
    )
    me = page.me
    if me is not None:
        on_page = any(r.user_id == viewer for r in page.rows)
        number = format_number(loc, (me.rank - 1) // page.page_size + 1)
        where = _("on this page") if on_page else _("page {number}").format(number=number)
        embed.add_field(
            name=_("Your place"),
            # Translators: the viewer's row of a leaderboard, then which page it is on
            value=_("{line} ({where})").format(line=row_line(page.board, me), where=where),
        )
    else:
        embed.add_field(name=_("Your place"), value=_("You're not on this board yet."))
    players = _n("{n} player", "{n} players", page.total).format(n=format_number(loc, page.total))
    embed.set_footer(
        text=_("Page {page}/{pages} · {players}").format(
            page=format_number(loc, page.page + 1),
            pages=format_number(loc, page.pages),
            players=players,
        )
    )
    return embed


def leaderboard_view(
    game: GameType, key: str, page: LeaderboardPage, owner: int
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = page.pages - 1
    g = game.name
    for kind, label, target, disabled in (
        ("prev", _("◀ Prev"), max(0, page.page - 1), page.page <= 0),
        ("next", _("Next ▶"), min(last, page.page + 1), page.page >= last),
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
        placeholder=_("Choose a board"),
        row=1,
        options=[
            discord.SelectOption(label=title, value=k, default=k == key)
            for k, title in boards(game).items()
        ],
    )
    view.add_item(LeaderboardItem(select, "board", g, key, 0, owner))
    return view


def _places(stats: Any, spec: StatsSpec) -> str:
    loc = current()
    avg = stats.average_position
    text = " · ".join(
        # Translators: a kind of place a player finished in and how often, in a
        # profile ("1st 4", "last 1")
        _("{place} {count}").format(
            place=_(c.label), count=format_number(loc, stats.counts.get(c.name, 0))
        )
        for c in spec.categories
    )
    if avg is not None:
        text += "\n" + _("Average place {place}").format(place=decimal(avg, 2))
    return text


def _hints(used: int) -> str:
    """The coach's hints a player used, shown once they used one (a profile of
    someone who never asked stays as it was)."""
    if not used:
        return ""
    return "\n" + _n("{n} hint used", "{n} hints used", used).format(
        n=format_number(current(), used)
    )


def _recent(games: Sequence[GameSummary], user_id: int) -> str:
    loc = current()
    lines = []
    for g in games:
        seat = next((i for i, s in enumerate(g.seats) if s.user_id == user_id), None)
        won = seat is not None and seat in g.winners
        result = _("{trophy} won").format(trophy="🏆") if won else _("played")
        when = f"<t:{int((g.ended_at or g.started_at).timestamp())}:d>"
        n, r = len(g.seats), g.rounds_played
        lines.append(
            # Translators: a game in a profile's recent games: its date, its rules (a
            # preset's name as players type it), players, rounds and the result
            _("{when} {preset} · {players} · {rounds} · {result}").format(
                when=when,
                preset=g.preset,
                players=_n("{n} player", "{n} players", n).format(n=format_number(loc, n)),
                rounds=_n("{n} round", "{n} rounds", r).format(n=format_number(loc, r)),
                result=result,
            )
        )
    return "\n".join(lines) or _("None yet.")


def profile_embed(profile: Profile, game: GameType | None = None) -> discord.Embed:
    s = profile.stats
    game = game or _game_or_none(s.kind)
    spec = game.statistics if game is not None else DEFAULT_STATISTICS
    name = discord.utils.escape_markdown(s.display_name)
    loc = current()
    held = s.details.get(spec.title_detail) if spec.title_detail is not None else None
    # a held title is a word the game declares (President's "President"): in the
    # reader's words where the game marked it for the catalogs
    title = _("{name} — {title}").format(name=name, title=_(str(held))) if held else name
    if game is not None:
        title = _("{game}: {player}").format(game=_(game.title), player=title)
    embed = discord.Embed(title=title[:256], colour=COLOUR)
    if s.rated_rounds:
        ordinal = decimal(s.rating.ordinal, 1)
        if profile.rating_rank:
            rating = _("**{rating}** (#{rank} here)").format(
                rating=ordinal, rank=format_number(loc, profile.rating_rank)
            )
        else:
            rating = f"**{ordinal}**"
        rated = _n("{n} rated round", "{n} rated rounds", s.rated_rounds).format(
            n=format_number(loc, s.rated_rounds)
        )
        rating += f"\nμ {decimal(s.rating.mu, 1)} · σ {decimal(s.rating.sigma, 2)} · {rated}"
    else:
        rating = _("Unrated: ratings change in rounds with at least two humans.")
    embed.add_field(name=_("Rating"), value=rating, inline=True)
    games = _("{finished} finished · {won} won").format(
        finished=format_number(loc, s.games_played), won=format_number(loc, s.wins)
    )
    rounds = _n("{n} round", "{n} rounds", s.rounds_played).format(
        n=format_number(loc, s.rounds_played)
    )
    embed.add_field(
        name=_("Games"),
        value=f"{games}\n{rounds}" + _hints(s.counts.get(HINTS_DETAIL, 0)),
        inline=True,
    )
    embed.add_field(name=_("Finishing places"), value=_places(s, spec), inline=False)
    # scoring schemes are option values players type: their names stay as written
    if spec.scores == "mean":
        scores = " · ".join(f"{scheme} {decimal(mean, 1)}" for scheme, mean in s.means.items())
    else:
        scores = " · ".join(
            f"{scheme} {format_number(loc, pts)}" for scheme, pts in s.points.items()
        )
    embed.add_field(name=_(spec.scores_title), value=scores or _("None yet."), inline=False)
    embed.add_field(name=_("Recent games"), value=_recent(profile.recent_games, s.user_id)[:1024])
    return embed


def _game_or_none(kind: str) -> GameType | None:
    try:
        return game_type(kind)
    except UnknownGame:
        return None


def _no_rounds(who: discord.abc.User, asker: int, game: GameType | None) -> str:
    """The refusal of a profile with nothing in it: whose, and of which game."""
    if who.id == asker:
        if game is None:
            return _("You have no finished rounds in this server yet.")
        return _("You have no finished {game} rounds in this server yet.").format(
            game=_(game.title)
        )
    if game is None:
        return _("{name} has no finished rounds in this server yet.").format(name=who.display_name)
    return _("{name} has no finished {game} rounds in this server yet.").format(
        name=who.display_name, game=_(game.title)
    )


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
                    with reading(interaction.locale):
                        raise UserFacingError(_("Choose one board from the menu."))
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
        raise UserFacingError(
            # Translators: {games}: the games as typed in commands (president, bigtwo, …)
            _("Choose a game: {games}.").format(games=", ".join(g.name for g in games))
        )

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
        with reading(interaction.locale):  # a refusal is only the asker's
            chosen = self._game(game)
            board = board or chosen.statistics.boards[0].key  # the game's first: rating
            viewer = interaction.user.id
            page = await self._page(interaction.guild_id or 0, chosen, board, 0, viewer)
        with reading(await public_locale(interaction)):  # the board is the channel's
            embed = leaderboard_embed(chosen, board, page, viewer)
            view = leaderboard_view(chosen, board, page, viewer)
        await respond(interaction, embed=embed, view=view)

    @leaderboard.autocomplete("game")
    @suggestions
    async def _game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        with reading(interaction.locale):
            return [
                app_commands.Choice(name=_(g.title), value=g.name)
                for g in self._games()
                if typed in g.name or typed in g.title.lower() or typed in _(g.title).lower()
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
        typed = current.lower()
        with reading(interaction.locale):
            return [
                app_commands.Choice(name=title, value=key)
                for key, title in boards(chosen).items()
                if typed in key or typed in title.lower()
            ][:25]

    async def turn_page(
        self, interaction: discord.Interaction, game_name: str, key: str, page: int, owner: int
    ) -> None:
        with reading(interaction.locale):
            game = self._game(game_name)
            viewer = interaction.user.id
            lb = await self._page(interaction.guild_id or 0, game, key, page, viewer)
        if viewer == owner:
            with reading(await public_locale(interaction)):  # the channel's message
                embed = leaderboard_embed(game, key, lb, viewer)
                view = leaderboard_view(game, key, lb, owner)
            await update(interaction, embed=embed, view=view)
        else:  # someone else's message: their own copy, so the owner's doesn't move
            with reading(interaction.locale):
                embed = leaderboard_embed(game, key, lb, viewer)
                view = leaderboard_view(game, key, lb, viewer)
            await respond(interaction, embed=embed, view=view, ephemeral=True)

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
        with reading(interaction.locale):  # a refusal is only the asker's
            chosen = self._game(game) if game is not None else None
            if chosen is not None:
                kinds = [chosen.name]
            else:
                hosted = {g.name for g in self._games()}
                played = await self.bot.db.played_kinds(guild_id, who.id)
                kinds = [k for k in played if k in hosted]
            found = [
                await self.bot.db.profile(guild_id, who.id, kind=k, recent=5) for k in kinds[:10]
            ]
            shown = [(p, game_type(k)) for p, k in zip(found, kinds, strict=False) if p is not None]
            if not shown:
                raise UserFacingError(_no_rounds(who, interaction.user.id, chosen))
        with reading(await public_locale(interaction)):  # the profile is posted in the channel
            embeds = [profile_embed(p, g) for p, g in shown]
        await respond(interaction, embeds=embeds)

    @profile.autocomplete("game")
    @suggestions
    async def _profile_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._game_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(cast("CardTableBot", bot)))
