"""House rules of any game: option names, values as players type them, menu
choices and saved defaults, all from the game's option schema.

Pure helpers (no Discord), unit-tested in ``tests/cogs``. Every option of a
game can be changed by name (``/<game> set``, the House rules panel); the
engine validates the result, so an impossible combination is refused with
its own :class:`engine.OptionsError` message. A game's options object has
``preset``, ``players`` and ``to_dict()``; nothing else is assumed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import GameType, OptionsError, OptionSpec
from locales import _, format_number
from locales import current as reader  # "current" is a menu's current value here

MAX_CHOICES = 25  # Discord's limit for select options and autocomplete results

#: Lobby settings that are not rules: seconds per turn, the computers' level and
#: whether players may ask the coach for a hint on their turn.
LOBBY_SETTINGS: Final[tuple[str, ...]] = ("turn_time", "level", "hints")
#: Hints are on unless the host turns them off: the tables are casual ones.
HINTS_DEFAULT: Final[bool] = True
TURN_TIME_RANGE: Final[tuple[int, int]] = (15, 600)
#: Seconds per turn when neither the host nor the server chose.
TURN_TIME_DEFAULT: Final[int] = 60
TURN_TIME_MENU: Final[tuple[int, ...]] = (15, 30, 45, 60, 90, 120, 180, 300, 600)


def default_level(game: GameType) -> str:
    """The computers' level when nobody chose: ``normal`` where the game has it."""
    levels = game.levels()
    return "normal" if "normal" in levels or not levels else levels[0]


def hints_text(on: bool) -> str:
    """How the lobby and the table say whether hints are on."""
    if on:
        # Translators: {emoji} is the Hint button's emoji (kept out of the catalogs:
        # the pictures' fonts draw no emoji)
        return _("hints on ({emoji} Hint on your turn)").format(emoji="💡")
    return _("hints off")


def option_names(game: GameType) -> tuple[str, ...]:
    """Every option of the game's schema (``preset`` is changed separately)."""
    return tuple(spec.name for spec in game.option_schema)


def settable(game: GameType) -> tuple[str, ...]:
    """What ``/<game> set option:`` offers: the preset, the lobby settings, every option."""
    return ("preset", *LOBBY_SETTINGS, *option_names(game))


def _spec(game: GameType, name: str) -> OptionSpec:
    for spec in game.option_schema:
        if spec.name == name:
            return spec
    raise OptionsError(
        name,
        _("{option}: there is no such option; see /{command} rules").format(
            option=name, command=game.name
        ),
    )


def parse_value(game: GameType, name: str, text: str) -> Any:
    """The typed value of option ``name`` from what a player typed.

    >>> from engine import game_type
    >>> g = game_type("president")
    >>> parse_value(g, "revolution", "On"), parse_value(g, "target", " 7 ")
    (True, 7)
    >>> parse_value(g, "rounds", "none"), parse_value(g, "twos", "one less")
    (None, 'one_less')
    """
    raw = text.strip().lower()
    if name == "preset":
        if raw not in game.presets:
            raise OptionsError(
                name,
                # Translators: "preset" and the presets' names are as players type them
                _("preset: choose one of {presets}").format(presets=", ".join(game.presets)),
            )
        return raw
    spec = _spec(game, name)
    if spec.kind == "int" and spec.optional and raw in ("no limit", "unlimited"):
        return None
    return spec.parse(raw)


def parse_lobby_setting(game: GameType, name: str, text: str) -> int | str | bool:
    """A lobby setting's value from what a player typed.

    >>> from engine import game_type
    >>> parse_lobby_setting(game_type("president"), "turn_time", " 90 ")
    90
    >>> parse_lobby_setting(game_type("president"), "level", "Hard")
    'hard'
    >>> parse_lobby_setting(game_type("sixty"), "hints", "Off")
    False
    """
    raw = text.strip().lower()
    if name == "turn_time":
        return parse_turn_time(raw.removesuffix("s").strip())
    if name == "level":
        if raw not in game.levels():
            raise OptionsError(
                name,
                # Translators: "level" and the levels' names are as players type them
                _("level: choose one of {levels}").format(levels=", ".join(game.levels())),
            )
        return raw
    if name == "hints":
        if raw not in ("on", "off"):
            # Translators: "hints", "on" and "off" are as players type them
            raise OptionsError(name, _("hints: choose on or off"))
        return raw == "on"
    raise OptionsError(name, _("{name}: there is no such setting").format(name=name))


def parse_turn_time(text: str | int) -> int:
    """Whole seconds within :data:`TURN_TIME_RANGE`; anything else is refused,
    never clamped."""
    lo, hi = TURN_TIME_RANGE
    raw = str(text).strip()
    if not (raw.isascii() and raw.isdigit()) or not lo <= int(raw) <= hi:
        raise OptionsError(
            "turn_time",
            # Translators: "turn_time" is the setting's name as players type it
            _("turn_time: give whole seconds from {low} to {high}").format(
                low=format_number(reader(), lo), high=format_number(reader(), hi)
            ),
        )
    return int(raw)


def differences(game: GameType, options: Any) -> dict[str, Any]:
    """Options that differ from their preset (for the lobby and saved defaults)."""
    values = options.to_dict()
    try:
        base = game.make_options(options.preset, {"players": options.players}).to_dict()
    except (OptionsError, KeyError):
        base = {spec.name: spec.default for spec in game.option_schema}
    return {
        k: v
        for k, v in values.items()
        if k not in ("preset", "players") and k in base and base[k] != v
    }


def apply_setting(game: GameType, options: Any, name: str, text: str) -> Any:
    """``options`` with one option changed, validated by the engine.

    Choosing a ``preset`` starts over from that preset (at the same number of
    players): its rules replace the earlier changes.
    """
    value = parse_value(game, name, text)
    if name == "preset":
        return game.make_options(value, {"players": options.players})
    changed = {**differences(game, options), "players": options.players, name: value}
    return game.make_options(options.preset, changed)


def value_choices(game: GameType, name: str, current: Any = None) -> list[tuple[str, str]]:
    """(label, value) pairs for option ``name``'s menu, at most 25, current value
    included; labels in the reader's language, values as players type them."""
    if name == "preset":
        return [(n, n) for n in game.presets]
    if name == "level":
        return [(n, n) for n in game.levels()]
    if name == "turn_time":
        return [
            (_("{seconds} s").format(seconds=format_number(reader(), n)), str(n))
            for n in TURN_TIME_MENU
        ]
    if name == "hints":
        return [(_("on"), "on"), (_("off"), "off")]
    spec = _spec(game, name)
    if spec.kind != "int":
        return [(v, v) for v in spec.values()]
    numbers = list(spec.menu or range(spec.minimum or 0, (spec.maximum or 0) + 1))
    if isinstance(current, int) and not isinstance(current, bool) and current not in numbers:
        numbers = sorted([*numbers, current])
    out = [(str(n), str(n)) for n in numbers][: MAX_CHOICES - (1 if spec.optional else 0)]
    if spec.optional:
        out.insert(0, (_("none (no limit)"), "none"))
    return out[:MAX_CHOICES]


def option_matches(game: GameType, current: str) -> list[str]:
    """Option names for autocomplete: those starting with what was typed, then those
    containing it, at most 25."""
    cur = current.strip().lower().replace(" ", "_")
    names = settable(game)
    first = [n for n in names if n.startswith(cur)]
    return (first + [n for n in names if cur in n and n not in first])[:MAX_CHOICES]


def value_matches(game: GameType, name: str, current: str, options: Any = None) -> list[str]:
    """Value suggestions for autocomplete of option ``name`` (what the menu offers)."""
    now = getattr(options, name, None) if options is not None else None
    cur = current.strip().lower()
    try:
        values = [v for _label, v in value_choices(game, name, now)]
    except OptionsError:
        return []
    numeric = name == "turn_time" or (
        name in option_names(game) and _spec(game, name).kind == "int"
    )
    if numeric and cur.isascii() and cur.isdigit() and cur not in values:
        values.insert(0, cur)  # any whole number may be typed
    return [v for v in values if cur in v][:MAX_CHOICES]


def current_value(game: GameType, options: Any, name: str) -> str:
    """The option's value as a menu value (``on``, ``none``, ``7``)."""
    if name == "preset":
        return str(options.preset)
    return _spec(game, name).format(getattr(options, name))


def defaults_overrides(
    game: GameType, options: Any, *, below: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Option overrides to save so that ``/<game> new`` rebuilds ``options``.

    The changes from the preset and the number of players are saved; keys that
    a broader level (``below``: the server's defaults, under a channel's)
    overrides are saved too, so that they come back as they are now.
    """
    out = differences(game, options)
    names = option_names(game)
    for key in below or {}:
        if key in names:
            out[key] = getattr(options, key)
    out["players"] = options.players
    return out


def options_from_settings(game: GameType, preset: str | None, overrides: Mapping[str, Any]) -> Any:
    """Saved defaults as options; a saved combination that no longer validates
    falls back to the plain preset."""
    name = preset if preset in game.presets else game.default_preset
    assert name is not None
    values = {k: v for k, v in overrides.items() if k != "preset"}
    try:
        return game.make_options(name, values)
    except OptionsError:
        return game.make_options(name, {})
