"""Sixty's options (sixty.md §1, §3, §5, §7) and presets.

Every choice the rules mark as a *decision* and §7 names is an option:
the player count, ``voluntary_take`` and ``tiebreak``. ``rounds`` (3 in the
rules) is an option too, so shorter games can be tried.

>>> preset("standard")
Options(players=4, rounds=3, tiebreak='one_round', voluntary_take=True, preset='standard')
>>> try:
...     preset("standard", players=7)
... except OptionsError as exc:
...     print(exc.option, "-", exc)
players - players: Sixty is for 2 to 6 players, not 7
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..errors import OptionsError
from ..game import OptionSpec, PresetSpec


def N_(message: str) -> str:
    """Marks a text players read for the bot's catalogs (``pybabel extract``
    finds the calls) and returns it unchanged: the engine imports nothing of
    the bot's, so the bot translates the marked constant where it shows it."""
    return message


TIEBREAKS: Final = ("one_round", "until_broken", "shared")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


@dataclass(frozen=True, slots=True)
class Options:
    """The rules of one game. Construction validates (raises
    :class:`~engine.errors.OptionsError` naming the option)."""

    players: int = 4
    rounds: int = 3
    tiebreak: str = "one_round"
    voluntary_take: bool = True
    preset: str = "standard"

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise OptionsError(
                "players",
                f"players: a whole number, not {self.players!r}",
                "not_whole",
                value=str(self.players),
            )
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise OptionsError(
                "players",
                f"players: Sixty is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}",
                "out_of_range",
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                value=self.players,
            )
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int):
            raise OptionsError(
                "rounds",
                f"rounds: a whole number, not {self.rounds!r}",
                "not_whole",
                value=str(self.rounds),
            )
        if not 1 <= self.rounds <= 20:
            raise OptionsError(
                "rounds",
                f"rounds: choose 1 to 20 rounds, not {self.rounds}",
                "out_of_range",
                low=1,
                high=20,
                value=self.rounds,
            )
        if self.tiebreak not in TIEBREAKS:
            raise OptionsError(
                "tiebreak",
                f"tiebreak: choose one of {', '.join(TIEBREAKS)}, not {self.tiebreak!r}",
                "not_a_choice",
                value=str(self.tiebreak),
                choices=tuple(TIEBREAKS),
            )
        if not isinstance(self.voluntary_take, bool):
            raise OptionsError("voluntary_take", "voluntary_take: say on or off", "not_on_off")
        if self.preset not in PRESETS:
            raise OptionsError(
                "preset",
                f"preset: no preset {self.preset!r}",
                "no_preset",
                value=str(self.preset),
                choices=tuple(PRESETS),
            )

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise OptionsError(
                    str(key), f"{key}: Sixty has no such option", "no_such_option", game="Sixty"
                )
        return cls(**dict(data))

    def changes(self) -> dict[str, Any]:
        """The options that differ from the preset's."""
        base = PRESETS[self.preset].values
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name in ("preset", "players"):
                continue
            value = getattr(self, f.name)
            if value != base.get(f.name, f.default):
                out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class PresetInfo:
    summary: str
    values: Mapping[str, Any]


PRESETS: Final[dict[str, PresetInfo]] = {
    "standard": PresetInfo(
        N_("The rules as written: three rounds, takes allowed, one tie-break round"), {}
    ),
    "strict": PresetInfo(
        N_("Take only when nothing else is possible; ties play until broken"),
        {"voluntary_take": False, "tiebreak": "until_broken"},
    ),
    "quick": PresetInfo(N_("One round, ties shared"), {"rounds": 1, "tiebreak": "shared"}),
}

OPTION_SCHEMA: Final = (
    OptionSpec("players", "int", 4, N_("Seats at the table (2–6)"), minimum=2, maximum=6),
    OptionSpec(
        "rounds",
        "int",
        3,
        N_("Rounds before the totals decide (the rules say 3)"),
        minimum=1,
        maximum=20,
    ),
    OptionSpec(
        "tiebreak",
        "choice",
        "one_round",
        # Translators: one_round, until_broken and shared are the values players type.
        N_("A tie for the win: one_round more, until_broken, or shared"),
        choices=TIEBREAKS,
    ),
    OptionSpec(
        "voluntary_take",
        "bool",
        True,
        N_("You may take the cards even when you could pass, joker or fight"),
    ),
)


def preset(name: str = "standard", **overrides: Any) -> Options:
    """The named preset with any options overridden, validated."""
    info = PRESETS.get(name)
    if info is None:
        raise OptionsError(
            "preset",
            f"preset: no preset {name!r}; choose one of {', '.join(PRESETS)}",
            "no_preset",
            value=name,
            choices=tuple(PRESETS),
        )
    known = {f.name for f in dataclasses.fields(Options)}
    for key in overrides:
        if key not in known:
            raise OptionsError(
                key, f"{key}: Sixty has no such option", "no_such_option", game="Sixty"
            )
    return Options(**{**info.values, **overrides, "preset": name})


def preset_specs() -> dict[str, PresetSpec]:
    return {
        name: PresetSpec(name, info.summary, MIN_PLAYERS, MAX_PLAYERS, 4)
        for name, info in PRESETS.items()
    }
