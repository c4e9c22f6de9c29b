"""What a game's own folder gives the table runtime: the per-game adapter.

The runtime (:mod:`cogs.table.runtime`) runs lobbies, seats, turns, clocks,
DMs, the table message, results, rematches and restarts for every game. It
knows a game through two objects only: the engine's
:class:`~engine.game.GameType` (rules, options, states, computer players)
and a :class:`GameAdapter` from ``cogs/<game>/adapter.py`` for everything a
player sees of that game on Discord: the controls for the decision at hand
and how a click becomes a decision, the private hand message, the table
picture and text, the results, the rules text.

An adapter is given a :class:`~cogs.table.snapshot.TableSnapshot` (the
table as it was when the runtime asked, immutable, safe in a drawing thread)
and returns payloads; it never sends messages itself, so the runtime
keeps one lock per table, stores every decision before it is shown, and an
adapter cannot reach into the runtime. ``docs/adding-a-game.md`` walks
through a small example (the take-away game of ``tests/cogs/table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from engine.game import GameOutcome, GameType, RoundScore

from .images import Picture
from .snapshot import TableSnapshot


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A player's private message: their hand and, on their turn, the controls."""

    lines: list[str]
    view: discord.ui.View | None = None
    picture: Picture | None = None


@dataclass(frozen=True, slots=True)
class Redraw:
    """A click that only changes the controls (a menu step): nothing is decided."""

    view: discord.ui.View
    content: str | None = None
    picture: Picture | None = None
    """A new picture for the message (the hand with the chosen cards raised)."""


@dataclass(frozen=True, slots=True)
class Decide:
    """A click that makes a decision for the runtime to validate, store and show."""

    decision: Any


@dataclass(frozen=True, slots=True)
class Aftermath:
    """What the player who decided reads in place of their turn message, and
    private notes for other players (``(player, text)``), e.g. the cards they
    were given."""

    text: str
    private: Sequence[tuple[int, str]] = field(default=())


@dataclass(frozen=True, slots=True)
class ResultsMessage:
    title: str
    text: str
    picture: Picture | None = None


class GameAdapter(Protocol):
    """The Discord side of one game. ``cogs/<game>/adapter.py`` defines
    ``ADAPTER``; the game's manifest (:mod:`cogs.table.manifest`) names it."""

    game: GameType
    colour: discord.Colour

    # -- lobby and rules -------------------------------------------------------
    def describe_options(self, options: Any) -> str:
        """One paragraph for the lobby: the preset and the house rules changed."""
        ...

    def lobby_picture(
        self, options: Any, seats: Sequence[tuple[str, bool]], max_seats: int
    ) -> Picture | None:
        """Blocking (runs in a thread); ``seats`` are (name, is computer)."""
        ...

    def rules_embed(self, options: Any, colour: discord.Colour, where: str) -> discord.Embed: ...

    def value_text(self, value: Any) -> str: ...

    toggles: Sequence[tuple[str, str]]
    """On/off house rules shown as buttons on the House rules panel: (option, label)."""

    round_word: str
    """What the game calls a round in messages (``round``; Big Two says ``deal``)."""

    # -- the table -------------------------------------------------------------
    def table_lines(self, t: TableSnapshot) -> list[str]:
        """Recent public events for the table message (newest last)."""
        ...

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        """What the player to act is asked to do (``to play``, ``gives back cards``)."""
        ...

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        """What happens when the player's time runs out (``I'll decide for you``)."""
        ...

    def scores_text(self, t: TableSnapshot) -> str:
        """The footer of the table message (scores so far)."""
        ...

    def table_picture(self, t: TableSnapshot) -> Picture | None:
        """Blocking; drawn from the public view only."""
        ...

    # -- hands and controls ----------------------------------------------------
    def hand_message(self, t: TableSnapshot, player: int, *, controls: bool) -> HandMessage:
        """Blocking (draws the hand). With ``controls`` and on the player's turn,
        the message carries the controls for the decision at hand."""
        ...

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        """A click on this game's turn controls, parsed strictly: anything malformed
        or not among the current choices raises ``UserFacingError``."""
        ...

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        """After a decision was stored (``before`` is the state before it)."""
        ...

    # -- results ---------------------------------------------------------------
    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        """Blocking (draws the results)."""
        ...

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        """Blocking (draws the standings)."""
        ...

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        """Game-specific facts stored with a player's round row (a title …)."""
        ...


def rules_embed_from(text: Any, colour: discord.Colour, *, where: str = "") -> discord.Embed:
    """An embed from a rules text (``title``, ``description``, ``sections`` of
    (heading, body) pairs, each short enough for an embed field)."""
    embed = discord.Embed(
        title=text.title + (f" {where}" if where else ""),
        description=text.description,
        colour=colour,
    )
    for heading, body in text.sections:
        embed.add_field(name=heading, value=body, inline=False)
    return embed
