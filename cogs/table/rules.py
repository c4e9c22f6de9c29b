"""What every game's rules text is made of: the sections of an embed, how an
option value reads to players, and the summary of a preset with its changes.

A game's ``cogs/<game>/rules_text.py`` writes its own sections from its
options (in its own words) and builds the :class:`RulesText` with
:func:`make_rules_text`, so every game's ``/<game> rules`` fits an embed the
same way. No Discord here, so it is unit-tested in ``tests/cogs``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import GameType
from locales import _

FIELD_LIMIT = 1024
"""Characters in an embed field's value."""
DESCRIPTION_LIMIT = 4096
"""Characters in an embed's description."""


@dataclass(frozen=True, slots=True)
class RulesText:
    title: str
    description: str
    sections: tuple[tuple[str, str], ...]
    """(heading, text) pairs, one embed field each."""


def value_text(value: Any) -> str:
    """How an option value reads to players: ``on``/``off``, ``none``, plain names,
    as they type them in ``/<game> set`` (values are not translated).

    >>> [value_text(v) for v in (True, False, None, 3, "may_replay")]
    ['on', 'off', 'none', '3', 'may_replay']
    """
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None:
        return "none"
    return str(value)


def differences_text(changes: Mapping[str, Any], value: Callable[[Any], str] = value_text) -> str:
    """``jokers = 2, revolution = on``: the options changed from the preset, or ``""``.

    >>> differences_text({"jokers": 2, "revolution": True})
    'jokers = 2, revolution = on'
    """
    return ", ".join(f"{k} = {value(v)}" for k, v in changes.items())


def make_rules_text(
    title: str,
    description: str,
    preset: str,
    changed: str,
    sections: Iterable[tuple[str, str]],
) -> RulesText:
    """The rules text with ``changed`` (from :func:`differences_text`) after the
    description, everything cut to what an embed holds."""
    if changed:
        description += "\n" + _("**Changed from {preset}:** {changed}").format(
            preset=preset, changed=changed
        )
    return RulesText(
        title=title,
        description=description[:DESCRIPTION_LIMIT],
        sections=tuple((h, t[:FIELD_LIMIT]) for h, t in sections),
    )


def describe_options(game: GameType, preset: str, changed: str, *middle: str) -> str:
    """The lobby's paragraph: the preset's summary (its name when it has none),
    the ``middle`` lines, then the house rules ``changed``, if any."""
    info = game.presets.get(preset)
    summary = preset if info is None else info.summary and _(info.summary)  # "": no header
    lines = [summary, *middle]
    if changed:
        lines.append(_("**House rules:** {changed}").format(changed=changed))
    return "\n".join(lines)
