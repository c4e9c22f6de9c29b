"""The custom ids of every component the table sends, in one place.

A custom id is the whole memory of a button: after a restart the click
arrives with nothing but its id, so the id says what it acts on. Each kind of
id is declared here once, as its parts (a fixed word, a number of at most so
many digits, a word from a set, free text from :data:`ARG_ALPHABET`); the
templates that parse ids (``DynamicItem`` templates) and the functions that
build them both come from that declaration, and building one with a part out
of its alphabet or length is a programming error, raised at once.

The ``pres:`` namespace dates from when the bot hosted President alone; ids
keep it, so buttons sent by earlier releases parse as they always did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

NAMESPACE: Final = "pres"

MAX_LENGTH: Final = 100
"""Discord's limit on a component's custom id."""

ARG_ALPHABET: Final = "0-9A-Za-z~_.-"
"""What a turn control's argument may hold (a regex character class)."""


@dataclass(frozen=True, slots=True)
class Part:
    name: str
    pattern: str
    """A regex character class (or alternatives, for ``words``)."""
    low: int = 1
    high: int = 1
    words: tuple[str, ...] = ()
    optional: bool = False
    """Left out with its ``:`` when empty."""

    def regex(self) -> str:
        body = "|".join(self.words) if self.words else f"[{self.pattern}]{{{self.low},{self.high}}}"
        return f"(?P<{self.name}>{body})"

    def check(self, value: str) -> None:
        if not re.fullmatch(self.regex(), value):
            raise ValueError(f"custom id part {self.name}={value!r} is out of its alphabet")


def number(name: str, digits: int) -> Part:
    return Part(name, "0-9", 1, digits)


def word(name: str, high: int, alphabet: str = "a-z") -> Part:
    return Part(name, alphabet, 1, high)


def one_of(name: str, *words: str) -> Part:
    return Part(name, "", words=words)


def arg(name: str, high: int, alphabet: str = ARG_ALPHABET) -> Part:
    return Part(name, alphabet, 0, high, optional=True)


@dataclass(frozen=True, slots=True)
class IdKind:
    """One kind of custom id: ``pres:<tag>:<part>:<part>…``."""

    tag: str
    parts: tuple[Part, ...]

    @property
    def template(self) -> str:
        """The regex a ``DynamicItem`` registers (matched against the whole id)."""
        out = f"{NAMESPACE}:{self.tag}"
        for part in self.parts:
            out += f"(?::{part.regex()})?" if part.optional else f":{part.regex()}"
        return out

    def build(self, *values: object) -> str:
        if len(values) != len(self.parts):
            raise ValueError(f"{self.tag} ids have {len(self.parts)} parts")
        out = f"{NAMESPACE}:{self.tag}"
        for part, value in zip(self.parts, values, strict=True):
            text = str(value)
            if part.optional and not text:
                continue
            part.check(text)
            out += f":{text}"
        if len(out) > MAX_LENGTH:
            raise ValueError(f"custom id {out!r} is longer than {MAX_LENGTH}")
        return out

    def parse(self, custom_id: str) -> dict[str, str] | None:
        """The parts of an id of this kind (optional ones ``""`` when absent), or None."""
        m = re.fullmatch(self.template, custom_id)
        if m is None:
            return None
        return {k: v or "" for k, v in m.groupdict().items()}


# Numbers are checked loosely here (digits, a length) and strictly by whoever
# acts on them: a number too large for the database is refused before it gets there.
CONTROL = IdKind(
    "c",
    (number("gid", 19), number("ver", 9), word("kind", 16), arg("arg", 64)),
)
"""A turn control: the game, the state version it was drawn for, and what the
game's adapter makes of ``kind`` and ``arg``."""

TABLE = IdKind("t", (number("gid", 19), one_of("action", "hand", "leave", "back", "take")))
LOBBY = IdKind(
    "l",
    (number("lid", 19), one_of("action", "join", "leave", "bot", "start", "cancel", "rules")),
)
HOUSE = IdKind("h", (number("lid", 19), word("kind", 8), arg("arg", 40, "a-z_")))
REMATCH = IdKind(
    "r",
    (number("gid", 20), number("turn", 9), word("level", 20, "a-z_"), arg("hints", 3, "of")),
)
"""Rematch: the game, its turn time, computer level and ``off`` when hints were
off (left out when on, so buttons from before hints existed parse alike)."""
HINT = IdKind("k", (number("gid", 19), number("ver", 9)))
"""The Hint button of a player's turn controls: the game and the state version."""
REVIEW = IdKind("v", (number("gid", 20),))
"""Review under the final standings: the game whose decisions to review."""
FORGET = IdKind("f", (number("uid", 20), one_of("action", "confirm", "cancel")))


def control_id(game_id: int, version: int, kind: str, arg: str = "") -> str:
    return CONTROL.build(game_id, version, kind, arg)


def is_control_of(custom_id: str, game_id: int) -> bool:
    """Whether an id is a turn control of this game (any version)."""
    parts = CONTROL.parse(custom_id)
    return parts is not None and parts["gid"] == str(game_id)
