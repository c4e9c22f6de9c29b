"""What a seat, a spectator and the results screens may see.

Views are frozen dataclasses built afresh from the state: they hold no
reference to it, so nothing reachable from a view can reveal a hidden card.
The :class:`PublicView` has card *counts* only; an :class:`Observation` adds
the observing player's own hand and the exchange cards that player gave or
received.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..cards import Card
from ..game import GameOutcome
from .options import Options
from .plays import Decision, Play


class Event(NamedTuple):
    """One public line of a round's history.

    ``kind`` is ``play``, ``pass``, ``skip`` (``player`` was skipped),
    ``revolution`` (``player`` started or ended one), ``trick`` (``player``
    won the trick), ``finish`` (``player`` went out at ``position``),
    ``abandoned`` (the round ended mid-trick) or ``lead`` (``player`` leads).
    A named tuple rather than a dataclass: one is made per decision.
    """

    kind: str
    player: int
    play: Play | None = None
    position: int | None = None
    cards: tuple[Card, ...] | None = None
    """The cards of a play (public once played: the table shows them)."""

    def __str__(self) -> str:
        if self.kind == "play" and self.play is not None:
            return f"P{self.player} {self.play}"
        if self.kind == "finish":
            return f"P{self.player} out #{(self.position or 0) + 1}"
        return f"P{self.player} {self.kind}"


@dataclass(frozen=True, slots=True)
class ExchangeEvent:
    """Cards moved in the exchange. ``cards`` is ``None`` in views of players
    who were not the giver or the receiver."""

    kind: str  # "tribute", "return" or "swap"
    giver: int
    receiver: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class SeatView:
    player: int
    seat: int
    cards: int
    title: str | None
    """Title from the previous round, if any."""
    position: int | None
    """Finishing position in this round, once out."""
    passed: bool
    """Passed or was skipped since the top play (out for the trick under
    ``out_until_next_trick``)."""
    to_act: bool
    score: int
    earned_title: str | None = None
    """The title this round's finishing position earns, once out (players
    hold ``title`` until the round ends)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    round_number: int
    order: tuple[int, ...]
    """Players by finishing position."""
    titles: tuple[str, ...]
    """Title per player (index = player)."""
    points: tuple[int, ...]
    """Points won this round per player."""
    totals: tuple[int, ...]
    promotions: tuple[int, ...]
    """Positions risen since the previous round per player (0 in round 1)."""

    def position_of(self, player: int) -> int:
        return self.order.index(player)


Outcome = GameOutcome
"""Winners, totals and standings (players from best to worst total, ties by
the last round's position): the shape every game shares."""


@dataclass(frozen=True, slots=True)
class TrickState:
    """The public bookkeeping of the trick in progress (enough, with hands,
    to rebuild a full state: computer players use it for their searches)."""

    top: Play | None
    top_player: int | None
    size: int
    plays: tuple[tuple[int, Play], ...]
    cards: tuple[tuple[Card, ...], ...]
    """The cards of each entry of ``plays`` (empty for a pass)."""
    since_top: int
    passed: int
    had_turn: int
    lead_needs_three_of_clubs: bool


@dataclass(frozen=True, slots=True)
class PublicView:
    options: Options
    round_number: int
    phase: str
    seats: tuple[SeatView, ...]
    """In seat order, clockwise."""
    dealer: int
    turn: int | None
    trick: TrickState
    history: tuple[Event, ...]
    revolution: bool
    direction: int
    """+1 clockwise, -1 counter-clockwise."""
    finished: tuple[int, ...]
    scores: tuple[int, ...]
    exchange: tuple[ExchangeEvent, ...]
    pending_exchange: tuple[tuple[int, int, int], ...]
    """Give-backs still to make: (giver, receiver, count)."""
    previous_order: tuple[int, ...] | None
    results: tuple[RoundResult, ...]
    is_over: bool
    winners: tuple[int, ...]
    top_rank: int
    players: int

    def seat_of(self, player: int) -> SeatView:
        for s in self.seats:
            if s.player == player:
                return s
        raise KeyError(player)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        sizes = [0] * self.players
        for s in self.seats:
            sizes[s.player] = s.cards
        return tuple(sizes)


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one player may know: the public view, their hand, the
    exchange cards they saw and, on their turn, their legal decisions."""

    player: int
    public: PublicView
    hand: tuple[Card, ...]
    exchange: tuple[ExchangeEvent, ...]
    legal: tuple[Decision, ...] = field(default=())
