"""What a game's statistics are: its leaderboards, the places it counts and the
per-player facts it keeps. Each :class:`~engine.game.GameType` declares one
:class:`StatsSpec` (``statistics``); storage and the leaderboards read only that,
so a new game gets its boards and profile without code elsewhere.

    >>> spec = StatsSpec(boards=(RATING_BOARD, WINS_BOARD,
    ...                          BoardSpec("firsts", "Rounds won", "count", stat="firsts")))
    >>> [b.key for b in spec.boards], [c.name for c in spec.categories][:2]
    (['rating', 'wins', 'firsts'], ['firsts', 'seconds'])

Which place a finishing position is (first, second, middle, second-last, last) is a
statistics rule storage applies (``data.stats_rules.place_kind``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

PlaceKind = Literal["first", "second", "middle", "second_last", "last"]
Ranks = Literal["rating", "wins", "count", "points", "mean"]
Keep = Literal["last", "count"]


def N_(message: str) -> str:
    """Marks a title or label for the catalogs (``locales``), which the engine may not
    import: the cogs translate it where it is shown."""
    return message


@dataclass(frozen=True, slots=True)
class Category:
    """A count of rounds finished in one kind of place (``place``), stored by ``name``.

    Position 0 is first and n-1 last; with four or more players position 1 is second
    and n-2 second-last; every other position is a middle one."""

    name: str
    label: str
    """For people, before the count in a profile (``1st 4``)."""
    place: PlaceKind


@dataclass(frozen=True, slots=True)
class Detail:
    """A per-player fact of :attr:`RoundScore.details` the statistics keep.

    ``keep="last"``: the value of the player's latest round (None when that round had
    none); ``keep="count"``: how many rounds ended with each value (``name=value``).
    """

    name: str
    keep: Keep = "last"


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """One leaderboard: its key (in menus and button ids), its title, what it ranks.

    ``ranks``: ``rating`` (skill ordinal, players with a rated round), ``wins``
    (games won), ``count`` (a counted statistic, ``stat`` names it: a category or
    a counted detail), ``points`` (lifetime points of the scoring scheme ``stat``)
    or ``mean`` (points per round of the scheme ``stat``). ``lower_is_better`` ranks
    the lowest first (penalties).
    """

    key: str
    title: str
    ranks: Ranks
    stat: str | None = None
    lower_is_better: bool = False

    def __post_init__(self) -> None:
        if (self.stat is None) != (self.ranks in ("rating", "wins")):
            raise ValueError(f"board {self.key!r}: {self.ranks} boards name a stat or none")


RATING_BOARD = BoardSpec("rating", N_("Rating"), "rating")
WINS_BOARD = BoardSpec("wins", N_("Games won"), "wins")

#: The places every card game here counts (a profile's "Finishing places").
PLACE_CATEGORIES: tuple[Category, ...] = (
    Category("firsts", N_("1st"), "first"),
    Category("seconds", N_("2nd"), "second"),
    Category("middles", N_("middle"), "middle"),
    Category("second_lasts", N_("second-last"), "second_last"),
    Category("lasts", N_("last"), "last"),
)


@dataclass(frozen=True, slots=True)
class StatsSpec:
    """A game's statistics.

    ``boards`` (at most 25, the first is the default one); ``categories``: the
    places counted per round; ``details``: the facts of a round's details kept per
    player; ``title_detail``: a kept detail shown after the player's name (a title);
    ``scores``: whether a profile shows lifetime points or the mean per round of each
    scoring scheme played, under ``scores_title``.
    """

    boards: tuple[BoardSpec, ...] = (RATING_BOARD, WINS_BOARD)
    categories: tuple[Category, ...] = PLACE_CATEGORIES
    details: tuple[Detail, ...] = ()
    title_detail: str | None = None
    scores: Literal["points", "mean"] = "points"
    scores_title: str = N_("Points by scoring")

    def __post_init__(self) -> None:
        keys = [b.key for b in self.boards]
        if not keys or len(keys) > 25 or len(set(keys)) != len(keys):
            raise ValueError(f"1 to 25 boards with distinct keys, not {keys}")
        kept = {d.name for d in self.details if d.keep == "last"}
        if self.title_detail is not None and self.title_detail not in kept:
            raise ValueError(f"the title detail {self.title_detail!r} is not a kept detail")

    def board(self, key: str) -> BoardSpec | None:
        return next((b for b in self.boards if b.key == key), None)


#: What a game that declares nothing gets: rating and wins boards, places counted.
DEFAULT_STATISTICS = StatsSpec()


def check_places(positions: Sequence[int], players: int) -> None:
    """Refuse (``ValueError``) a round's places that are not one per player in
    standard competition ranking (:func:`engine.game.places`): each place the number
    of players placed strictly better. Storage refuses such a round too; the table
    asks here first so that nothing of a broken round is written.

    >>> check_places((1, 0, 1, 3), 4)
    >>> check_places((0, 1, 1, 2), 4)
    Traceback (most recent call last):
    ...
    ValueError: places (0, 1, 1, 2) are not a competition ranking of 4 players
    """
    ok = len(positions) == players and all(
        isinstance(p, int) and p == sum(q < p for q in positions) for p in positions
    )
    if not ok:
        raise ValueError(
            f"places {tuple(positions)} are not a competition ranking of {players} players"
        )
