"""What a seat, a spectator and the results screens of Sixty may see.

Views are frozen dataclasses built afresh from the state and hold no
reference to it, so nothing reachable from a view reveals a hidden card.

Penalty piles are face down (§3: the defender "takes the attacking cards
face down"): views show how many cards each pile holds and keep the
points hidden until the round ends (``penalty_points`` is ``None`` during
a round). The cards that went into a pile were played face up first, so
a player with a perfect memory could tally them: the public events of a
take carry its points, and an observation's ``unseen`` (the cards its seat
has not seen: the other hands and the deck) is what such a memory would
know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..game import GameOutcome, RoundScore
from .cards import CARDS, Card, Decision
from .options import Options


class Event(NamedTuple):
    """One public thing a decision did.

    ``kind`` and its fields:

    - ``attack``: ``player`` attacks ``target`` with ``count`` cards of
      number ``card``, ``total`` is their sum;
    - ``pass_on``: ``player`` adds ``count`` cards of ``card`` and passes the
      attack (now ``total``) to ``target``;
    - ``joker``: ``player`` plays joker ``card`` (``which`` names it); the
      attack goes to ``target``; ``count`` is the cards Hocus-pocus added (1)
      or Zap kept as penalty cards; ``total`` the attack's sum after it;
    - ``fight``: ``player`` fights back with ``count`` cards of ``card``
      summing ``total``; the attack and the fight go to the discard pile;
    - ``take``: ``player`` takes ``count`` cards worth ``total`` points;
    - ``draw``: ``player`` draws ``count`` cards (which ones stays hidden);
    - ``skip``: ``player`` misses an attack turn holding only jokers;
    - ``direction``: ``player`` flipped the direction, now ``total``
      (+1 clockwise, -1 counter-clockwise);
    - ``out``: ``player`` has no cards left and the deck is empty;
    - ``round_over``: ``player`` is ``None``.
    """

    kind: str
    player: int | None
    card: int = 0
    count: int = 0  # type: ignore[assignment]  # a field, shadowing tuple.count
    total: int = 0
    target: int | None = None

    @property
    def which(self) -> str:
        """A joker's name (``abracadabra`` …), else ``""``."""
        return str(Decision("joker", self.card, 1)).split()[1] if self.kind == "joker" else ""

    def __str__(self) -> str:
        p = f"P{self.player}"
        k = self.kind
        if k == "attack":
            return f"{p} attacks P{self.target} with {self.card}x{self.count} ({self.total})"
        if k == "pass_on":
            return f"{p} passes on with {self.card}x{self.count} to P{self.target} ({self.total})"
        if k == "joker":
            return f"{p} plays {self.which} (to P{self.target}, {self.total})"
        if k == "fight":
            return f"{p} fights back with {self.card}x{self.count} ({self.total})"
        if k == "take":
            return f"{p} takes {self.count} cards ({self.total} points)"
        if k == "draw":
            return f"{p} draws {self.count}"
        if k == "direction":
            return f"{p} flips the direction ({'clockwise' if self.total > 0 else 'counter'})"
        if k == "round_over":
            return "round over"
        return f"{p} {k}"


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack in flight."""

    card: Card
    count: int
    attacker: int
    """Who started it."""
    last: int
    """Who last added to it or sent it on."""
    defender: int

    @property
    def sum(self) -> int:
        return int(self.card) * self.count


@dataclass(frozen=True, slots=True)
class PublicView:
    options: Options
    players: int
    round_number: int
    phase: str
    """``attack``, ``defend``, ``round_over`` or ``game_over``."""
    turn: int | None
    direction: int
    """+1 clockwise (increasing player numbers), -1 counter-clockwise."""
    starter: int
    hand_sizes: tuple[int, ...]
    deck_count: int
    discard: tuple[int, ...]
    """Cards on the discard pile by kind, in :data:`~engine.sixty.cards.FACES` order."""
    penalty_counts: tuple[int, ...]
    penalty_points: tuple[int, ...] | None
    """Each pile's points plus the cards left in hand, once the round is over."""
    attack: AttackView | None
    totals: tuple[int, ...]
    """Totals of the finished rounds."""
    results: tuple[RoundScore, ...]
    tiebreak_round: bool
    outcome: GameOutcome | None

    def discard_cards(self) -> tuple[tuple[Card, int], ...]:
        return tuple((CARDS[t], k) for t, k in enumerate(self.discard) if k)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one player may know: the public view, their hand, their
    own penalty points, the cards they have not seen and, on their turn,
    their legal decisions."""

    player: int
    public: PublicView
    hand: tuple[Card, ...]
    own_penalty: int
    unseen: tuple[int, ...]
    """Cards in the other hands and the deck, by kind (FACES order)."""
    legal: tuple[Decision, ...] = field(default=())
