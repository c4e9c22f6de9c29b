"""What every game's options module builds the same way: the schema of its
options (:class:`~engine.game.OptionSpec` per field, for the bot's menus and
``set`` command) and a preset with overrides.

A game keeps its own rules about which values fit together (its
``Options``); this only turns its tables of help texts, choices and limits
into specs, so the specs of every game read alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from .errors import OptionsError
from .game import OptionSpec

T = TypeVar("T")


def option_schema(
    defaults: Any,
    help_texts: Mapping[str, str],
    *,
    booleans: Collection[str],
    choices: Mapping[str, tuple[str, ...]],
    limits: Mapping[str, tuple[int, int, tuple[int, ...]]],
    optional: Collection[str] = (),
) -> tuple[OptionSpec, ...]:
    """A spec for every field of the options dataclass ``defaults`` (but its
    ``preset``), in field order: on/off for ``booleans``, a choice for
    ``choices``, otherwise a whole number with its (minimum, maximum, menu)
    from ``limits``, which may be unset (none) when ``optional``."""
    specs: list[OptionSpec] = []
    for f in dataclasses.fields(defaults):
        name = f.name
        if name == "preset":
            continue
        default = getattr(defaults, name)
        text = help_texts[name]
        if name in booleans:
            specs.append(OptionSpec(name, "bool", default, text))
        elif name in choices:
            specs.append(OptionSpec(name, "choice", default, text, choices=choices[name]))
        else:
            lo, hi, menu = limits[name]
            specs.append(
                OptionSpec(
                    name,
                    "int",
                    default,
                    text,
                    minimum=lo,
                    maximum=hi,
                    optional=name in optional,
                    menu=menu,
                )
            )
    return tuple(specs)


def from_preset(
    presets: Mapping[str, Any], name: str, overrides: Mapping[str, Any], make: Callable[..., T]
) -> T:
    """``make(**values)``: the preset's values (its ``values`` mapping) with
    ``overrides`` on top and the preset's name; an unknown preset is refused
    naming the ``preset`` option."""
    info = presets.get(name)
    if info is None:
        raise OptionsError(
            "preset",
            f"preset: no preset {name!r}; choose one of {', '.join(presets)}",
            "no_preset",
            value=name,
            choices=tuple(presets),
        )
    return make(**{**info.values, **overrides, "preset": name})


def from_schema(
    options_class: Callable[..., T],
    schema: Collection[OptionSpec],
    presets: Mapping[str, Mapping[str, Any]],
    name: str,
    overrides: Mapping[str, Any],
) -> T:
    """Options for a small game whose specs are all its rules about values:
    preset ``name``'s values with ``overrides`` on top, every field known and
    every value within its spec (refusals name the option).

    >>> @dataclasses.dataclass
    ... class Pile:
    ...     stones: int = 7
    ...     preset: str = "long"
    >>> spec = OptionSpec("stones", "int", 7, "Stones", minimum=1, maximum=50)
    >>> from_schema(Pile, [spec], {"short": {"stones": 3}}, "short", {})
    Pile(stones=3, preset='short')
    >>> from_schema(Pile, [spec], {"short": {}}, "short", {"stones": 99})
    Traceback (most recent call last):
    ...
    engine.errors.OptionsError: stones: choose a number from 1 to 50
    """
    if name not in presets:
        raise OptionsError(
            "preset",
            f"preset: choose one of {', '.join(presets)}",
            "no_preset",
            value=name,
            choices=tuple(presets),
        )
    values = {**presets[name], **overrides, "preset": name}
    refuse_unknown(options_class, values)
    options = options_class(**values)
    for spec in schema:
        spec.parse(spec.format(getattr(options, spec.name)))  # parse checks the limits
    return options


def refuse_unknown(options_class: Any, values: Mapping[str, Any], game: str = "") -> None:
    """Refuse (naming it) the first of ``values`` that is no field of the
    options dataclass ``options_class``; ``game`` ends the message (``in Big Two``)."""
    names = {f.name for f in dataclasses.fields(options_class)}
    for name in values:
        if name not in names:
            where = f" in {game}" if game else ""
            raise OptionsError(
                name, f"{name}: there is no such option{where}", "no_such_option", game=game
            )


def check_kinds(
    options: Any,
    *,
    choices: Mapping[str, tuple[str, ...]],
    booleans: Collection[str],
    integers: Collection[str],
    optional: Collection[str] = (),
) -> None:
    """Refuse, naming the option, a value of the wrong kind: a choice not
    listed, a flag that is not on or off, a number that is not whole (or
    unset where ``optional`` allows none). The game then checks the ranges
    and the combinations."""
    for name, allowed in choices.items():
        value = getattr(options, name)
        if value not in allowed:
            raise OptionsError(
                name,
                f"{name}: {value!r} is not allowed; choose one of {', '.join(allowed)}",
                "not_a_choice",
                value=str(value),
                choices=tuple(allowed),
            )
    for name in booleans:
        if not isinstance(getattr(options, name), bool):
            raise OptionsError(name, f"{name}: must be on or off", "not_on_off")
    for name in integers:
        value = getattr(options, name)
        if name in optional and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(
                name,
                f"{name}: must be a whole number, not {value!r}",
                "not_whole",
                value=str(value),
            )


def differences(options: Any, base: Any) -> dict[str, Any]:
    """The options (but ``preset`` and ``players``) whose value in ``options``
    differs from ``base``'s, in field order (the lobby lists them)."""
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if f.name not in ("preset", "players") and getattr(options, f.name) != getattr(base, f.name)
    }
