"""House rules: option names, values as players type them, menu choices, saved defaults.

Pure helpers (no Discord), unit-tested in ``tests/cogs``. Every option of
president.md §2 can be changed by name (``/president set``, the House rules
panel); the engine validates the result, so an impossible combination is
refused with its own :class:`engine.OptionsError` message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from engine.president import PRESETS, Options, OptionsError, preset
from engine.president.ai import levels
from engine.president.options import BOOLEANS, CHOICES, INTEGERS

from .rules_text import value_text

MAX_CHOICES = 25  # Discord's limit for select options and autocomplete results

#: Every option of §2 by its Options field name (``preset`` is changed separately).
OPTION_NAMES: Final[tuple[str, ...]] = tuple(
    f.name for f in dataclasses.fields(Options) if f.name != "preset"
)
#: Lobby settings that are not rules: seconds per turn and the computers' level
#: (as ``/president new`` takes them).
LOBBY_SETTINGS: Final[tuple[str, ...]] = ("turn_time", "level")
TURN_TIME_RANGE: Final[tuple[int, int]] = (15, 600)
#: Seconds per turn when neither the host nor the server chose.
TURN_TIME_DEFAULT: Final[int] = 60
#: What ``/president set option:`` offers: the preset, the lobby settings, every option.
SETTABLE: Final[tuple[str, ...]] = ("preset", *LOBBY_SETTINGS, *OPTION_NAMES)

#: One line per option for select descriptions (≤ 100 characters each).
OPTION_HELP: Final[dict[str, str]] = {
    "players": "Seats at the table (3–8)",
    "decks": "1 or 2 decks (2 decks need 4+ players)",
    "jokers": "Jokers in the pack (up to 2 per deck)",
    "rank_order": "normal (2 high), aces_high (A high) or short_pack (3 high)",
    "joker_mode": "trump: a joker beats anything; high: jokers are one more rank",
    "twos": "Power of the top rank: normal, one_less or single_wins",
    "revolution": "Four of a kind flips the order of ranks",
    "revolution_reverses_direction": "A revolution also reverses the direction of play",
    "equal_plays": "A set may match the top play's rank",
    "skip_on_equal": "An equal play skips the next player",
    "pass_rule": "may_replay, or out_until_next_trick once you pass",
    "single_round": "One turn each after the lead, then the trick ends",
    "compulsory": "You must play when you can",
    "first_lead": "Who leads round 1: random, left_of_dealer, three_of_clubs",
    "leader": "Who leads later rounds: president or beggar",
    "reseat": "Reseat players by finishing place each round",
    "titles": "Titles: classic, house, revolution or ladder",
    "exchange": "Card exchange: classic, house, revolution, ladder or none",
    "advantage": "Cards the President gets under the house exchange (1 or 2)",
    "exchange_return": "Give-backs: receivers choose, or always the lowest",
    "butthead": "Receivers give back one card more than they got",
    "scoring": "classic, position, credits or ladder",
    "target": "Points that end the game (classic, position scoring)",
    "start_credits": "Starting credits (credits scoring)",
    "rounds": "Round limit (none for no limit)",
}

_TRUE = ("on", "true", "yes", "1", "y")
_FALSE = ("off", "false", "no", "0", "n")
_INTEGER_MENU: Final[dict[str, tuple[int, ...]]] = {
    "players": (3, 4, 5, 6, 7, 8),
    "decks": (1, 2),
    "jokers": (0, 1, 2, 3, 4),
    "advantage": (1, 2),
    "target": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17, 20, 21, 25, 30, 40, 50),
    "start_credits": (10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200),
    "rounds": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20),
}


def parse_value(name: str, text: str) -> Any:
    """The typed value of option ``name`` from what a player typed.

    >>> parse_value("revolution", "On"), parse_value("target", " 7 "), parse_value("rounds", "none")
    (True, 7, None)
    >>> parse_value("twos", "one less")
    'one_less'
    """
    raw = text.strip().lower()
    if name == "preset":
        if raw not in PRESETS:
            raise OptionsError(name, f"preset: choose one of {', '.join(PRESETS)}")
        return raw
    if name in BOOLEANS:
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        raise OptionsError(name, f"{name}: say on or off")
    if name in INTEGERS:
        if name == "rounds" and raw in ("none", "", "no limit", "unlimited", "off"):
            return None
        try:
            return int(raw)
        except ValueError:
            raise OptionsError(name, f"{name}: {text!r} is not a whole number") from None
    if name in CHOICES:
        value = raw.replace(" ", "_").replace("-", "_")
        if value not in CHOICES[name]:
            allowed = ", ".join(CHOICES[name])
            raise OptionsError(name, f"{name}: {text!r} is not allowed; choose one of {allowed}")
        return value
    raise OptionsError(name, f"{name}: there is no such option; see /president rules")


def parse_lobby_setting(name: str, text: str) -> int | str:
    """A lobby setting's value from what a player typed.

    >>> parse_lobby_setting("turn_time", " 90 ")
    90
    >>> parse_lobby_setting("level", "Hard")
    'hard'
    """
    raw = text.strip().lower()
    if name == "turn_time":
        lo, hi = TURN_TIME_RANGE
        raw = raw.removesuffix("s").strip()
        if not raw.isdigit() or not lo <= int(raw) <= hi:
            raise OptionsError(name, f"turn_time: give whole seconds from {lo} to {hi}")
        return int(raw)
    if name == "level":
        if raw not in levels():
            raise OptionsError(name, f"level: choose one of {', '.join(levels())}")
        return raw
    raise OptionsError(name, f"{name}: there is no such setting")


def apply_setting(options: Options, name: str, text: str) -> Options:
    """``options`` with one option changed, validated by the engine.

    Choosing a ``preset`` starts over from that preset (at the same number of
    players): its rules replace the earlier changes.
    """
    value = parse_value(name, text)
    if name == "preset":
        return preset(value, players=options.players)
    return options.replace(**{name: value})


def value_choices(name: str, current: Any = None) -> list[tuple[str, str]]:
    """(label, value) pairs for option ``name``'s menu, at most 25, current value included."""
    if name == "preset":
        return [(n, n) for n in PRESETS]
    if name == "level":
        return [(n, n) for n in levels()]
    if name == "turn_time":
        return [(f"{n} s", str(n)) for n in (15, 30, 45, 60, 90, 120, 180, 300, 600)]
    if name in BOOLEANS:
        return [("on", "on"), ("off", "off")]
    if name in CHOICES:
        return [(v, v) for v in CHOICES[name]]
    numbers = list(_INTEGER_MENU.get(name, ()))
    if isinstance(current, int) and current not in numbers:
        numbers = sorted([*numbers, current])[: MAX_CHOICES - 1]
    out = [(str(n), str(n)) for n in numbers]
    if name == "rounds":
        out.insert(0, ("none (no limit)", "none"))
    return out[:MAX_CHOICES]


def option_matches(current: str) -> list[str]:
    """Option names for autocomplete: those starting with what was typed, then those
    containing it, at most 25."""
    cur = current.strip().lower().replace(" ", "_")
    first = [n for n in SETTABLE if n.startswith(cur)]
    return (first + [n for n in SETTABLE if cur in n and n not in first])[:MAX_CHOICES]


def value_matches(name: str, current: str, options: Options | None = None) -> list[str]:
    """Value suggestions for autocomplete of option ``name`` (what the menu offers)."""
    now = getattr(options, name, None) if options is not None else None
    cur = current.strip().lower()
    values = [v for _label, v in value_choices(name, now)]
    if (name in INTEGERS or name == "turn_time") and cur.isdigit() and cur not in values:
        values.insert(0, cur)  # any whole number may be typed
    return [v for v in values if cur in v][:MAX_CHOICES]


def current_value(options: Options, name: str) -> str:
    """The option's value as a menu value (``on``, ``none``, ``7``)."""
    if name == "preset":
        return options.preset
    return value_text(getattr(options, name))


def defaults_overrides(
    options: Options, *, below: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Option overrides to save so that ``/president new`` rebuilds ``options``.

    The changes from the preset and the number of players are saved; keys that
    a broader level (``below``: the server's defaults, under a channel's)
    overrides are saved too, so that they come back as they are now.
    """
    out = dict(options.differences())
    for key in below or {}:
        if key in OPTION_NAMES:
            out[key] = getattr(options, key)
    out["players"] = options.players
    return out
