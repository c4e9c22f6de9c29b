"""Rules options (president.md §2) and the four presets (§8).

>>> opts = preset("house")
>>> opts.twos, opts.jokers, opts.scoring
('one_less', 2, 'position')
>>> preset("classic", players=5, jokers=2).joker_mode
'trump'
>>> try:
...     preset("ladder", players=5)
... except OptionsError as exc:
...     print(exc.option, "-", exc)
players - players: the ladder titles need exactly 4 players; set players to 4 or choose other titles
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from ..errors import OptionsError
from ..game import OptionSpec
from ..options import check_kinds, differences, from_preset, option_schema, refuse_unknown


def N_(message: str) -> str:
    """Marks a text players read (a preset's summary, an option's help) for the
    bot's catalogs and returns it unchanged: the engine imports nothing of the
    bot's, which translates the text where it shows it."""
    return message


CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "rank_order": ("normal", "aces_high", "short_pack"),
    "joker_mode": ("trump", "high"),
    "twos": ("normal", "one_less", "single_wins"),
    "pass_rule": ("may_replay", "out_until_next_trick"),
    "first_lead": ("random", "left_of_dealer", "three_of_clubs"),
    "leader": ("president", "beggar"),
    "titles": ("classic", "house", "revolution", "ladder"),
    "exchange": ("classic", "house", "revolution", "ladder", "none"),
    "exchange_return": ("choice", "lowest"),
    "scoring": ("classic", "position", "credits", "ladder"),
}
BOOLEANS: Final = (
    "revolution",
    "revolution_reverses_direction",
    "equal_plays",
    "skip_on_equal",
    "single_round",
    "compulsory",
    "reseat",
    "butthead",
)
INTEGERS: Final = ("players", "decks", "jokers", "advantage", "target", "start_credits", "rounds")


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of §2; the defaults are the ``classic`` preset's.

    Build with :func:`preset` or :meth:`Options.make`, which validate; the
    plain constructor does not.
    """

    players: int = 4
    decks: int = 1
    jokers: int = 0
    rank_order: str = "normal"
    joker_mode: str = "trump"
    twos: str = "normal"
    revolution: bool = False
    revolution_reverses_direction: bool = False
    equal_plays: bool = False
    skip_on_equal: bool = False
    pass_rule: str = "may_replay"
    single_round: bool = False
    compulsory: bool = False
    first_lead: str = "left_of_dealer"
    leader: str = "president"
    reseat: bool = True
    titles: str = "classic"
    exchange: str = "classic"
    advantage: int = 2
    exchange_return: str = "choice"
    butthead: bool = False
    scoring: str = "classic"
    target: int = 11
    start_credits: int = 50
    rounds: int | None = None
    preset: str = "classic"

    @classmethod
    def make(cls, **values: Any) -> Options:
        """Validated options from keyword values (unknown names are refused)."""
        refuse_unknown(cls, values)
        opts = cls(**values)
        return opts.validated()

    def replace(self, **values: Any) -> Options:
        """A validated copy with some options changed."""
        return Options.make(**{**self.to_dict(), **values})

    @property
    def game_rounds(self) -> int | None:
        """The round limit in force (5 by default under ladder scoring)."""
        if self.rounds is None and self.scoring == "ladder":
            return 5
        return self.rounds

    def validated(self) -> Options:
        _check(self)
        if self.skip_on_equal and not self.equal_plays:
            return dataclasses.replace(self, equal_plays=True)
        return self

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        return cls.make(**data)

    def differences(self) -> dict[str, Any]:
        """Options that differ from this options' preset (for the lobby)."""
        base = preset(self.preset, players=self.players) if self.preset in PRESETS else Options()
        return differences(self, base)


def _check(o: Options) -> None:
    def bad(option: str, msg: str, reason: str, **params: object) -> OptionsError:
        return OptionsError(option, f"{option}: {msg}", reason, **params)

    check_kinds(o, choices=CHOICES, booleans=BOOLEANS, integers=INTEGERS, optional=("rounds",))
    if not 3 <= o.players <= 8:
        raise bad(
            "players",
            f"{o.players} players is not possible; set players between 3 and 8",
            "out_of_range",
            low=3,
            high=8,
            value=o.players,
        )
    if o.decks not in (1, 2):
        raise bad("decks", "play with 1 or 2 decks", "out_of_range", low=1, high=2, value=o.decks)
    if o.decks == 2 and o.players < 4:
        raise bad(
            "decks",
            "2 decks need at least 4 players; add players or set decks to 1",
            "two_decks_players",
        )
    if not 0 <= o.jokers <= 2 * o.decks:
        raise bad(
            "jokers",
            f"with {o.decks} deck(s) use between 0 and {2 * o.decks} jokers",
            "jokers_for_decks",
            decks=o.decks,
            high=2 * o.decks,
        )
    if o.advantage not in (1, 2):
        raise bad(
            "advantage", "advantage is 1 or 2", "out_of_range", low=1, high=2, value=o.advantage
        )
    if o.target < 1:
        raise bad("target", "the target must be at least 1 point", "at_least", low=1)
    if o.start_credits < 1:
        raise bad("start_credits", "start with at least 1 credit", "at_least", low=1)
    if o.rounds is not None and o.rounds < 1:
        raise bad(
            "rounds",
            "play at least 1 round, or leave rounds unset",
            "at_least",
            low=1,
            none=True,
        )
    if o.titles == "ladder" and o.players != 4:
        raise bad(
            "players",
            "the ladder titles need exactly 4 players; set players to 4 or choose other titles",
            "ladder_titles_players",
        )
    if o.scoring == "ladder" and o.players != 4:
        raise bad(
            "players",
            "ladder scoring needs exactly 4 players; set players to 4 or choose other scoring",
            "ladder_scoring_players",
        )


@dataclass(frozen=True, slots=True)
class PresetInfo:
    name: str
    min_players: int
    max_players: int
    summary: str
    values: dict[str, Any]


PRESETS: Final[dict[str, PresetInfo]] = {
    "classic": PresetInfo(
        "classic",
        3,
        7,
        N_(
            "One deck, no jokers, 2s high; President and Scum swap one card; 2 points a win, to 11."
        ),
        {},
    ),
    "house": PresetInfo(
        "house",
        4,
        7,
        N_("Two trump jokers, 2s beat with one card less; two-card exchange; points by position."),
        {
            "jokers": 2,
            "joker_mode": "trump",
            "twos": "one_less",
            "first_lead": "random",
            "titles": "house",
            "exchange": "house",
            "advantage": 2,
            "scoring": "position",
            "target": 11,
        },
    ),
    "revolution": PresetInfo(
        "revolution",
        4,
        8,
        N_("Two trump jokers, four of a kind starts a revolution, out once you pass; 50 credits."),
        {
            "jokers": 2,
            "joker_mode": "trump",
            "revolution": True,
            "pass_rule": "out_until_next_trick",
            "first_lead": "random",
            "reseat": False,
            "leader": "beggar",
            "titles": "revolution",
            "exchange": "revolution",
            "scoring": "credits",
            "start_credits": 50,
        },
    ),
    "ladder": PresetInfo(
        "ladder",
        4,
        4,
        N_(
            "Four players, trump jokers, 2s one less; swaps at the deal; "
            "100/50/25 points, 5 rounds."
        ),
        {
            "jokers": 2,
            "joker_mode": "trump",
            "twos": "one_less",
            "first_lead": "random",
            "titles": "ladder",
            "exchange": "ladder",
            "scoring": "ladder",
            "rounds": 5,
        },
    ),
}


def preset(name: str, **overrides: Any) -> Options:
    """The named preset of §8 with any options overridden, validated.

    Adding jokers to ``classic`` uses ``joker_mode = trump`` (§10).
    """
    return from_preset(PRESETS, name, overrides, Options.make)


#: One line of help per option (menus show it; at most 100 characters).
OPTION_HELP: Final[dict[str, str]] = {
    "players": N_("Seats at the table (3–8)"),
    "decks": N_("1 or 2 decks (2 decks need 4+ players)"),
    "jokers": N_("Jokers in the pack (up to 2 per deck)"),
    "rank_order": N_("normal (2 high), aces_high (A high) or short_pack (3 high)"),
    "joker_mode": N_("trump: a joker beats anything; high: jokers are one more rank"),
    "twos": N_("Power of the top rank: normal, one_less or single_wins"),
    "revolution": N_("Four of a kind flips the order of ranks"),
    "revolution_reverses_direction": N_("A revolution also reverses the direction of play"),
    "equal_plays": N_("A set may match the top play's rank"),
    "skip_on_equal": N_("An equal play skips the next player"),
    "pass_rule": N_("may_replay, or out_until_next_trick once you pass"),
    "single_round": N_("One turn each after the lead, then the trick ends"),
    "compulsory": N_("You must play when you can"),
    "first_lead": N_("Who leads round 1: random, left_of_dealer, three_of_clubs"),
    "leader": N_("Who leads later rounds: president or beggar"),
    "reseat": N_("Reseat players by finishing place each round"),
    "titles": N_("Titles: classic, house, revolution or ladder"),
    "exchange": N_("Card exchange: classic, house, revolution, ladder or none"),
    "advantage": N_("Cards the President gets under the house exchange (1 or 2)"),
    "exchange_return": N_("Give-backs: receivers choose, or always the lowest"),
    "butthead": N_("Receivers give back one card more than they got"),
    "scoring": N_("classic, position, credits or ladder"),
    "target": N_("Points that end the game (classic, position scoring)"),
    "start_credits": N_("Starting credits (credits scoring)"),
    "rounds": N_("Round limit (none for no limit)"),
}

_INTEGER_LIMITS: Final[dict[str, tuple[int, int, tuple[int, ...]]]] = {
    "players": (3, 8, (3, 4, 5, 6, 7, 8)),
    "decks": (1, 2, (1, 2)),
    "jokers": (0, 4, (0, 1, 2, 3, 4)),
    "advantage": (1, 2, (1, 2)),
    "target": (
        1,
        1000,
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17, 20, 21, 25, 30, 40, 50),
    ),
    "start_credits": (1, 10000, (10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200)),
    "rounds": (1, 1000, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)),
}


#: Every option of the rules, for the bot's menus and ``set`` command.
OPTION_SCHEMA: Final[tuple[OptionSpec, ...]] = option_schema(
    Options(),
    OPTION_HELP,
    booleans=BOOLEANS,
    choices=CHOICES,
    limits=_INTEGER_LIMITS,
    optional=("rounds",),
)
