"""Sixty in words: the answers open to a player, their effects, the table log.

No Discord here, so every builder and the strict parser are unit-tested in
``tests/cogs/sixty``. Everything is computed from what the acting player may
know: their observation (hand, public view, legal decisions); the table log
replays the current round's public decisions.

A choice's *code* is its decision's notation with ``_`` for the space
(``fight_10x2``, ``joker_hocus-pocus``, ``take``): it fits the runtime's
control-id alphabet and reads back with the engine's own parser.

>>> from engine.sixty import Sixty
>>> g = Sixty.from_hands(None, ["4 4 5", "10 10 3 AB", "5", "ZP"], deck="")
>>> [c.label for c in choices(g.observation(0), ["Ann", "Bob", "Cy", "Di"])]
['Attack Bob with 4 ×1 = 4', 'Attack Bob with 4 ×2 = 8', 'Attack Bob with 5 ×1 = 5']
>>> _ = g.apply("attack 4x2")
>>> for c in choices(g.observation(1), ["Ann", "Bob", "Cy", "Di"]):
...     print(c.code, "|", c.label)
fight_10x1 | Fight back with 10 ×1 = 10 > 8
fight_10x2 | Fight back with 10 ×2 = 20 > 8
joker_abracadabra | Abracadabra: back to Ann, direction flips
take | Take the 2 cards: +8 penalty
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cogs.table.text import plural
from engine.errors import IllegalDecision
from engine.sixty import (
    ATTACK,
    ATTACK_PHASE,
    DEFEND,
    FIGHT,
    JOKER,
    PASS,
    TAKE,
    Card,
    Decision,
    Event,
    Observation,
    PublicView,
    Sixty,
    parse_decision,
)
from engine.sixty.cards import ABRACADABRA, HOCUS_POCUS, ZAP

CODE = re.compile(
    r"(?:(?:attack|pass|fight)_(?:3|4|5|6|10|12|15|20|30)x[1-5]"
    r"|joker_(?:abracadabra|hocus-pocus|zap)|take)"
)
"""Every code a control can carry (anything else is refused before parsing)."""

JOKER_WORDS = {ABRACADABRA: "Abracadabra", HOCUS_POCUS: "Hocus-pocus", ZAP: "Zap"}


def code_of(decision: Decision) -> str:
    """The control code of a decision.

    >>> code_of(parse_decision("joker hocus-pocus")), code_of(parse_decision("take"))
    ('joker_hocus-pocus', 'take')
    """
    return str(decision).replace(" ", "_")


def decision_of(code: str) -> Decision | None:
    """The decision a well-formed code stands for, else ``None`` (never raises).

    >>> decision_of("fight_10x2"), decision_of("fight_10x9"), decision_of("attack 4")
    (Decision(kind='fight', card=10, count=2), None, None)
    """
    if not isinstance(code, str) or not CODE.fullmatch(code):
        return None
    return parse_decision(code.replace("_", " "))


def cards_text(cards: Sequence[int]) -> str:
    """A hand in words, numbers up then jokers by name.

    >>> cards_text([30, 3, 63, 3])
    '3 3 30 Zap'
    """
    if not cards:
        return "no cards"
    return " ".join(
        JOKER_WORDS[int(c)] if int(c) in JOKER_WORDS else str(int(c)) for c in sorted(cards)
    )


def set_text(card: int, count: int) -> str:
    """A set of equal numbers and its sum.

    >>> set_text(10, 2)
    '10 ×2 = 20'
    """
    return f"{card} ×{count} = {card * count}"


def next_holder(view: PublicView, player: int, step: int | None = None) -> int | None:
    """The next player after ``player`` in the direction (``step``) still
    holding cards, as the engine finds the defender."""
    n = view.players
    d = view.direction if step is None else step
    q = player
    for _ in range(n - 1):
        q = (q + d) % n
        if view.hand_sizes[q]:
            return q
    return None


def _name(names: Sequence[str], p: int | None) -> str:
    if p is None:
        return "nobody"
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer open to the player: its code, a label (what it is, at most
    100 characters) and a description (what it does)."""

    code: str
    decision: Decision
    label: str
    description: str


def describe(obs: Observation, d: Decision, names: Sequence[str]) -> Choice:
    """What decision ``d`` is and does, for the player of ``obs``."""
    view = obs.public
    me = obs.player
    after = _name(names, next_holder(view, me))
    at = view.attack
    kind, card, count = d
    if kind == ATTACK:
        label = f"Attack {after} with {set_text(card, count)}"
        desc = f"{after} must beat {card * count}, pass it on, play a joker or take it"
    elif kind == TAKE:
        assert at is not None
        label = f"Take the {plural(at.count, 'card')}: +{at.sum} penalty"
        desc = "They go face down to your penalty pile; the next player attacks"
    elif kind == PASS:
        assert at is not None
        total = at.sum + card * count
        label = f"Pass on with {card} ×{count}: {total} to {after}"
        desc = f"The attack grows to {at.count + count} cards ({total}) and goes to {after}"
    elif kind == FIGHT:
        assert at is not None
        label = f"Fight back with {set_text(card, count)} > {at.sum}"
        desc = "The attack and your cards go to the discard pile; then you attack"
    else:
        assert at is not None and kind == JOKER
        if card == ABRACADABRA:
            back = _name(names, next_holder(view, me, -view.direction))
            label = f"Abracadabra: back to {back}, direction flips"
            turn = "counter-clockwise" if view.direction > 0 else "clockwise"
            desc = f"The attack ({at.sum}) returns to {back}; play goes {turn} from now on"
        elif card == HOCUS_POCUS:
            total = at.sum + int(at.card)
            label = f"Hocus-pocus: +1 {int(at.card)} from the discard, {total} to {after}"
            desc = f"One {int(at.card)} joins the attack from the discard pile; it goes to {after}"
        else:
            kept = at.count // 2
            on = at.count - kept
            if kept:
                label = f"Zap: {plural(kept, 'card')} to your penalty (+{kept * int(at.card)}),"
                label += f" {on} on to {after}"
            else:
                label = f"Zap: pass the {int(at.card)} on to {after}"
            desc = f"{on} ×{int(at.card)} = {on * int(at.card)} goes on to {after}"
    return Choice(code_of(d), d, label[:100], desc[:100])


def choices(obs: Observation, names: Sequence[str]) -> list[Choice]:
    """Every legal decision of the player of ``obs``, described, in the
    engine's order (attacks by number; pass-ons, fights, jokers, take)."""
    return [describe(obs, d, names) for d in obs.legal]


def attack_line(view: PublicView, player: int, names: Sequence[str]) -> str:
    """The attack in flight, plainly, as its defender reads it first."""
    at = view.attack
    if at is None:
        return ""
    what = f"{plural(at.count, 'card')} of {int(at.card)} = **{at.sum}**"
    target = "you" if at.defender == player else _name(names, at.defender)
    if at.last == at.attacker:
        return f"⚔️ **{_name(names, at.attacker)} attacks {target}** with {what}."
    return (
        f"⚔️ **{_name(names, at.last)} sent {target} an attack** of {what} "
        f"(started by {_name(names, at.attacker)})."
    )


def held_jokers_refused(state: Sixty, player: int) -> list[tuple[str, str]]:
    """The jokers ``player`` holds but may not play now: (code, the joker's
    name and the engine's reason), e.g. Hocus-pocus with no such card on
    the discard pile, or any joker of the last player holding cards."""
    if state.phase != DEFEND or state.current_player != player:
        return []
    legal = set(state.legal_list())
    out = []
    for face in (ABRACADABRA, HOCUS_POCUS, ZAP):
        if Card(face) not in state.hand(player):
            continue
        d = Decision(JOKER, face, 1)
        if d not in legal:
            why = refusal(state, player, d)
            name = JOKER_WORDS[face]
            out.append((code_of(d), why if why.startswith(name) else f"{name}: {why}"))
    return out


def refusal(state: Sixty, player: int, d: Decision) -> str:
    """Why the engine refuses ``d`` now, in its words (on a throwaway copy)."""
    try:
        state.playout_copy().apply(d, player)
    except IllegalDecision as exc:
        return str(exc)
    return "that is allowed"


def answerable(obs: Observation) -> list[bool]:
    """Per card of the hand (as ordered by ``obs.hand``): whether it can take
    part in a legal decision now (nothing on another player's turn)."""
    faces = {d.card for d in obs.legal if d.kind != TAKE}
    return [int(c) in faces for c in obs.hand]


# -- the table log --------------------------------------------------------------------


def round_events(state: Sixty) -> list[Event]:
    """The current round's public events, replayed from its deal (decisions
    in Sixty are all played face up; draws say how many, never which)."""
    record = state.record()
    if not record.rounds:
        return []
    last = record.rounds[-1]
    replay = Sixty(record.options, record.seed)
    replay.round_number = state.round_number - 1
    replay.start_round(last.deal)
    events: list[Event] = []
    for player, decision in last.decisions:
        try:
            events.extend(replay.apply(decision, player))
        except IllegalDecision:  # a record the engine wrote always replays
            break
    return events


def event_line(e: Event, names: Sequence[str]) -> str | None:
    """One event in words for the table log (``None``: not worth a line)."""
    who = _name(names, e.player)
    to = _name(names, e.target)
    if e.kind == "attack":
        return f"{who} attacks {to} with {set_text(e.card, e.count)}"
    if e.kind == "pass_on":
        return f"{who} passes on with {e.card} ×{e.count}: {e.total} to {to}"
    if e.kind == "fight":
        return f"{who} fights back with {set_text(e.card, e.count)}"
    if e.kind == "take":
        return f"{who} takes {plural(e.count, 'card')} (+{e.total})"
    if e.kind == "joker":
        name = JOKER_WORDS.get(e.card, "a joker")
        if e.card == ZAP and e.count:
            return f"{who} plays Zap: keeps {e.count}, {e.total} on to {to}"
        return f"{who} plays {name}: {e.total} to {to}"
    if e.kind == "direction":
        return "Play now goes " + ("clockwise" if e.total > 0 else "counter-clockwise")
    if e.kind == "out":
        return f"{who} is out of cards"
    if e.kind == "skip":
        return f"{who} holds only jokers and misses the attack"
    return None


def recent_log(state: Sixty, names: Sequence[str], limit: int = 5) -> list[str]:
    lines = [line for e in round_events(state) if (line := event_line(e, names))]
    return lines[-limit:]


def answer_prompt(state: Sixty, player: int, names: Sequence[str]) -> str:
    """What the player to act is asked (after the attack line)."""
    if state.phase == ATTACK_PHASE:
        target = _name(names, next_holder(state.public_view(), player))
        # one button per number and count: a single press attacks
        return (
            f"**Your turn:** attack {target}: press the button with the number and how many "
            "cards to attack with."
        )
    return "**Your answer:** press it below."


__all__ = [
    "CODE",
    "Choice",
    "answer_prompt",
    "answerable",
    "attack_line",
    "cards_text",
    "choices",
    "code_of",
    "decision_of",
    "describe",
    "event_line",
    "held_jokers_refused",
    "next_holder",
    "recent_log",
    "refusal",
    "round_events",
    "set_text",
]
