"""What a seat, a spectator and the results screens may see of Big Two.

Views are frozen dataclasses built afresh from the state: they hold no
reference to it, so nothing reachable from a view reveals a hidden card. The
:class:`PublicView` has card *counts* only (and the face-up 52nd card of a
three-player deal, which everyone saw); an :class:`Observation` adds the
observing player's own hand and, on their turn, their legal decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..cards import Card
from ..game import RoundScore
from .combos import Combo, Decision
from .options import Options


class Event(NamedTuple):
    """One public line of a deal's history.

    ``kind`` is ``lead`` (``player`` is to lead a new trick), ``play``
    (``combo`` holds the cards), ``pass`` (also a leader who may only hold a
    single 2 passing the lead on), ``trick`` (``player`` won it), ``finish``
    (``player`` went out at ``position``), ``abandoned`` (the deal ended
    mid-trick, nobody wins it) or ``deal_over`` (``player`` won the deal).
    """

    kind: str
    player: int
    combo: Combo | None = None
    position: int | None = None

    def __str__(self) -> str:
        if self.kind == "play" and self.combo is not None:
            return f"P{self.player} {self.combo}"
        if self.kind == "finish":
            return f"P{self.player} out #{(self.position or 0) + 1}"
        return f"P{self.player} {self.kind}"


@dataclass(frozen=True, slots=True)
class SeatView:
    player: int
    cards: int
    """How many cards the player holds (everyone may see it)."""
    passed: bool
    """Passed since the top play (under ``out_until_next_trick``: out of
    this trick)."""
    to_act: bool
    total: int
    """Running penalty total (this deal's penalty is added when it ends)."""
    position: int | None
    """Finishing place in this deal once out (``play_to_end``)."""


@dataclass(frozen=True, slots=True)
class PublicView:
    options: Options
    deal_number: int
    phase: str
    seats: tuple[SeatView, ...]
    """By player number, which is also the order of play."""
    turn: int | None
    top: Combo | None
    top_player: int | None
    trick: tuple[tuple[int, Decision], ...]
    """The plays and passes of the trick in progress, in order."""
    passed: int
    """Bit mask of the players counted as passed (see :attr:`SeatView.passed`)."""
    lead_card: Card | None
    """The card the next lead must include (the first lead of a deal), when
    everyone can know it: when the whole pack is dealt. With fewer cards
    dealt only the leader knows it (:attr:`Observation.lead_card`)."""
    lead_restricted: bool
    """The next lead must include the lowest card dealt."""
    face_up: tuple[int, Card] | None
    """Three players: who received the face-up 52nd card, and which it was."""
    history: tuple[Event, ...]
    """This deal's events so far."""
    played: tuple[Card, ...]
    """Every card played in this deal (all of them are public)."""
    finished: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundScore, ...]
    is_over: bool
    winners: tuple[int, ...]
    players: int

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(s.cards for s in self.seats)


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one player may know: the public view, their hand and, on
    their turn, their legal decisions (pass first when allowed)."""

    player: int
    public: PublicView
    hand: tuple[Card, ...]
    legal: tuple[Decision, ...] = field(default=())
    lead_card: Card | None = None
    """The card this player's lead must include (they hold it)."""
