"""Big Two's options (bigtwo.md §8) and its three presets (§5).

>>> o = preset("hong_kong")
>>> o.straights, o.flush_compare, o.last_single_two_wins, o.later_leader
('hong_kong', 'rank_first', False, 'winner')
>>> preset("standard", players=3, scoring="doubled_twos").players
3
>>> try:
...     preset("standard", deals=None)
... except OptionsError as exc:
...     print(exc.option, "-", exc)
deals - deals: a session needs an end; set deals to a number or set a threshold

Where the rules are silent:

- A session with neither ``deals`` nor ``threshold`` would never end: it is
  refused (set one of them).
- ``deals`` runs from 1 to 100 and ``threshold`` from 1 to 10,000.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from ..errors import OptionsError
from ..game import OptionSpec
from ..options import check_kinds, differences, from_preset, option_schema, refuse_unknown


def N_(message: str) -> str:
    """Marks a text players read for the bot's catalogs (``pybabel extract``
    finds the calls) and returns it unchanged: the engine imports nothing of
    the bot's, so the bot translates the marked constant where it shows it."""
    return message


CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "suit_order": ("standard", "pusoy_dos", "bridge"),
    "straights": ("standard", "hong_kong"),
    "flush_compare": ("suit_first", "rank_first"),
    "pass_rule": ("may_replay", "out_until_next_trick"),
    "later_leader": ("lowest_card", "winner"),
    "scoring": ("standard", "doubled_twos"),
}
BOOLEANS: Final = ("last_single_two_wins", "play_to_end")
INTEGERS: Final = ("players", "deals", "threshold")
OPTIONAL: Final = ("deals", "threshold")


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of §8; the defaults are the ``standard`` preset's.

    Build with :func:`preset` or :meth:`Options.make`, which validate; the
    plain constructor does not.
    """

    players: int = 4
    suit_order: str = "standard"
    straights: str = "standard"
    flush_compare: str = "suit_first"
    last_single_two_wins: bool = True
    pass_rule: str = "may_replay"
    play_to_end: bool = False
    later_leader: str = "lowest_card"
    scoring: str = "standard"
    deals: int | None = 4
    threshold: int | None = None
    preset: str = "standard"

    @classmethod
    def make(cls, **values: Any) -> Options:
        """Validated options from keyword values (unknown names are refused)."""
        refuse_unknown(cls, values, "Big Two")
        opts = cls(**values)
        _check(opts)
        return opts

    def replace(self, **values: Any) -> Options:
        """A validated copy with some options changed."""
        return Options.make(**{**self.to_dict(), **values})

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

    check_kinds(o, choices=CHOICES, booleans=BOOLEANS, integers=INTEGERS, optional=OPTIONAL)
    if not 2 <= o.players <= 4:
        raise bad(
            "players",
            f"{o.players} players is not possible; set players between 2 and 4",
            "out_of_range",
            low=2,
            high=4,
            value=o.players,
        )
    if o.deals is not None and not 1 <= o.deals <= 100:
        raise bad(
            "deals",
            "play from 1 to 100 deals, or set deals to none and use a threshold",
            "out_of_range",
            low=1,
            high=100,
            value=o.deals,
            none=True,
        )
    if o.threshold is not None and not 1 <= o.threshold <= 10000:
        raise bad(
            "threshold",
            "choose a threshold from 1 to 10000 penalty points, or none",
            "out_of_range",
            low=1,
            high=10000,
            value=o.threshold,
            none=True,
        )
    if o.deals is None and o.threshold is None:
        raise bad(
            "deals",
            "a session needs an end; set deals to a number or set a threshold",
            "needs_an_end",
        )


@dataclass(frozen=True, slots=True)
class PresetInfo:
    name: str
    summary: str
    values: dict[str, Any]


PRESETS: Final[dict[str, PresetInfo]] = {
    "standard": PresetInfo(
        "standard",
        N_("♦ < ♣ < ♥ < ♠; 3♦ leads every deal; flushes by suit; 4 deals, lowest penalty wins."),
        {},
    ),
    "hong_kong": PresetInfo(
        "hong_kong",
        N_("A-2-3-4-5 is the top straight; flushes by rank; no going out on a single 2."),
        {
            "straights": "hong_kong",
            "flush_compare": "rank_first",
            "last_single_two_wins": False,
            "later_leader": "winner",
        },
    ),
    "pusoy_dos": PresetInfo(
        "pusoy_dos",
        N_("Suits ♣ < ♠ < ♥ < ♦, so the 3♣ leads; otherwise as standard."),
        {"suit_order": "pusoy_dos"},
    ),
}


def preset(name: str, **overrides: Any) -> Options:
    """The named preset of §5 with any options overridden, validated."""
    return from_preset(PRESETS, name, overrides, Options.make)


#: One line of help per option (menus show it; at most 100 characters).
OPTION_HELP: Final[dict[str, str]] = {
    "players": N_("Seats at the table (2–4)"),
    "suit_order": N_("Suits low to high: standard ♦♣♥♠, pusoy_dos ♣♠♥♦, bridge ♣♦♥♠"),
    "straights": N_("standard (A-2-3-4-5 lowest) or hong_kong (A-2-3-4-5 highest)"),
    "flush_compare": N_("Flushes by suit_first, or rank_first (highest card's rank, then suit)"),
    "last_single_two_wins": N_("A single 2 may be the play that wins the deal"),
    "pass_rule": N_("may_replay, or out_until_next_trick once you pass"),
    "play_to_end": N_("Keep playing until one player holds cards; only the last pays"),
    "later_leader": N_("Who leads later deals: lowest_card holder or the previous winner"),
    "scoring": N_("standard, or doubled_twos (penalty doubles per 2 left)"),
    "deals": N_("Deals per session (none: play to the threshold)"),
    "threshold": N_("A penalty total that ends the session (none: no threshold)"),
}

_LIMITS: Final[dict[str, tuple[int, int, tuple[int, ...]]]] = {
    "players": (2, 4, (2, 3, 4)),
    "deals": (1, 100, (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20)),
    "threshold": (1, 10000, (10, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200)),
}


#: Every option of the rules, for the bot's menus and ``set`` command.
OPTION_SCHEMA: Final[tuple[OptionSpec, ...]] = option_schema(
    Options(),
    OPTION_HELP,
    booleans=BOOLEANS,
    choices=CHOICES,
    limits=_LIMITS,
    optional=OPTIONAL,
)
