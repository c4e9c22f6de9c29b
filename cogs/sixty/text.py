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

from engine.errors import IllegalDecision
from engine.sixty import (
    ATTACK,
    ATTACK_PHASE,
    DEFEND,
    FIGHT,
    GAME_OVER,
    JOKER,
    PASS,
    ROUND_OVER,
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
from locales import N_, _, _n

CODE = re.compile(
    r"(?:(?:attack|pass|fight)_(?:3|4|5|6|10|12|15|20|30)x[1-5]"
    r"|joker_(?:abracadabra|hocus-pocus|zap)|take)"
)
"""Every code a control can carry (anything else is refused before parsing)."""

JOKER_WORDS = {
    # Translators: the three jokers of Sixty are named cards; give them names players
    # of your language would enjoy (a magic word, a spell), the same everywhere.
    ABRACADABRA: N_("Abracadabra"),
    # Translators: the Sixty joker that brings a card back from the discard pile.
    HOCUS_POCUS: N_("Hocus-pocus"),
    # Translators: the Sixty joker that strikes half the attack away (⚡).
    ZAP: N_("Zap"),
}
"""Each joker's name, marked for the catalogs: show it with :func:`joker_name`."""


def joker_name(face: int) -> str:
    """A joker's name for the current reader (``a joker`` for anything else)."""
    word = JOKER_WORDS.get(int(face))
    return _(word) if word is not None else _("a joker")


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


def card_name(face: int) -> str:
    """A card as players say it: its number, or the joker's name."""
    return joker_name(face) if int(face) in JOKER_WORDS else str(int(face))


def cards_text(cards: Sequence[int]) -> str:
    """A hand in words, numbers up then jokers by name.

    >>> cards_text([30, 3, 63, 3])
    '3 3 30 Zap'
    """
    if not cards:
        return _("no cards")
    return " ".join(card_name(c) for c in sorted(cards))


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
    for _i in range(n - 1):
        q = (q + d) % n
        if view.hand_sizes[q]:
            return q
    return None


def _name(names: Sequence[str], p: int | None) -> str:
    if p is None:
        # Translators: stands for a player's name where there is no such player.
        return _("nobody")
    if 0 <= p < len(names):
        return names[p]
    return _("Player {number}").format(number=p + 1)


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
        # Translators: a button: attack the next player with a set of one number,
        # e.g. “Attack Bob with 4 ×2 = 8”.
        label = _("Attack {name} with {set}").format(name=after, set=set_text(card, count))
        desc = _("{name} must beat {sum}, pass it on, play a joker or take it").format(
            name=after, sum=card * count
        )
    elif kind == TAKE:
        assert at is not None
        label = _n(
            "Take the {n} card: +{points} penalty",
            "Take the {n} cards: +{points} penalty",
            at.count,
        ).format(n=at.count, points=at.sum)
        desc = _("They go face down to your penalty pile; the next player attacks")
    elif kind == PASS:
        assert at is not None
        total = at.sum + card * count
        label = _("Pass on with {card} ×{count}: {total} to {name}").format(
            card=card, count=count, total=total, name=after
        )
        grown = at.count + count
        desc = _n(
            "The attack grows to {n} card ({total}) and goes to {name}",
            "The attack grows to {n} cards ({total}) and goes to {name}",
            grown,
        ).format(n=grown, total=total, name=after)
    elif kind == FIGHT:
        assert at is not None
        label = _("Fight back with {set} > {sum}").format(set=set_text(card, count), sum=at.sum)
        desc = _("The attack and your cards go to the discard pile; then you attack")
    else:
        assert at is not None and kind == JOKER
        if card == ABRACADABRA:
            back = _name(names, next_holder(view, me, -view.direction))
            label = _("Abracadabra: back to {name}, direction flips").format(name=back)
            if view.direction > 0:
                desc = _(
                    "The attack ({sum}) returns to {name}; play goes counter-clockwise from now on"
                )
            else:
                desc = _("The attack ({sum}) returns to {name}; play goes clockwise from now on")
            desc = desc.format(sum=at.sum, name=back)
        elif card == HOCUS_POCUS:
            face = int(at.card)
            label = _("Hocus-pocus: +1 {card} from the discard, {total} to {name}").format(
                card=face, total=at.sum + face, name=after
            )
            desc = _("One {card} joins the attack from the discard pile; it goes to {name}").format(
                card=face, name=after
            )
        else:
            face = int(at.card)
            kept = at.count // 2
            on = at.count - kept
            if kept:
                label = _n(
                    "Zap: {n} card to your penalty (+{points}), {on} on to {name}",
                    "Zap: {n} cards to your penalty (+{points}), {on} on to {name}",
                    kept,
                ).format(n=kept, points=kept * face, on=on, name=after)
            else:
                label = _("Zap: pass the {card} on to {name}").format(card=face, name=after)
            desc = _("{count} ×{card} = {sum} goes on to {name}").format(
                count=on, card=face, sum=on * face, name=after
            )
    return Choice(code_of(d), d, label[:100], desc[:100])


def choices(obs: Observation, names: Sequence[str]) -> list[Choice]:
    """Every legal decision of the player of ``obs``, described, in the
    engine's order (attacks by number; pass-ons, fights, jokers, take)."""
    return [describe(obs, d, names) for d in obs.legal]


def attack_line(view: PublicView, player: int, names: Sequence[str]) -> str:
    """The attack in flight, plainly, as its defender reads it first
    (``player`` -1: as the table reads it, ``In flight:``)."""
    at = view.attack
    if at is None:
        return ""
    values = {
        "n": at.count,
        "card": int(at.card),
        "sum": at.sum,
        "attacker": _name(names, at.attacker),
        "sender": _name(names, at.last),
        "target": _name(names, at.defender),
    }
    first = at.last == at.attacker
    if player < 0:
        if first:
            text = _n(
                "⚔️ In flight: **{attacker} attacks {target}** with {n} card of {card} = **{sum}**.",
                "⚔️ In flight: **{attacker} attacks {target}** with {n} cards of {card} = "
                "**{sum}**.",
                at.count,
            )
        else:
            text = _n(
                "⚔️ In flight: **{sender} sent {target} an attack** of {n} card of {card} = "
                "**{sum}** (started by {attacker}).",
                "⚔️ In flight: **{sender} sent {target} an attack** of {n} cards of {card} = "
                "**{sum}** (started by {attacker}).",
                at.count,
            )
    elif at.defender == player:
        if first:
            text = _n(
                "⚔️ **{attacker} attacks you** with {n} card of {card} = **{sum}**.",
                "⚔️ **{attacker} attacks you** with {n} cards of {card} = **{sum}**.",
                at.count,
            )
        else:
            text = _n(
                "⚔️ **{sender} sent you an attack** of {n} card of {card} = **{sum}** "
                "(started by {attacker}).",
                "⚔️ **{sender} sent you an attack** of {n} cards of {card} = **{sum}** "
                "(started by {attacker}).",
                at.count,
            )
    elif first:
        text = _n(
            "⚔️ **{attacker} attacks {target}** with {n} card of {card} = **{sum}**.",
            "⚔️ **{attacker} attacks {target}** with {n} cards of {card} = **{sum}**.",
            at.count,
        )
    else:
        text = _n(
            "⚔️ **{sender} sent {target} an attack** of {n} card of {card} = **{sum}** "
            "(started by {attacker}).",
            "⚔️ **{sender} sent {target} an attack** of {n} cards of {card} = **{sum}** "
            "(started by {attacker}).",
            at.count,
        )
    return text.format(**values)


def held_jokers_refused(state: Sixty, player: int) -> list[tuple[str, str]]:
    """The jokers ``player`` holds but may not play now: (code, the joker's
    name and the reason), e.g. Hocus-pocus with no such card on the discard
    pile, or any joker of the last player holding cards."""
    if state.phase != DEFEND or state.current_player != player:
        return []
    legal = set(state.legal_list())
    out = []
    for face in (ABRACADABRA, HOCUS_POCUS, ZAP):
        if Card(face) not in state.hand(player):
            continue
        d = Decision(JOKER, face, 1)
        if d not in legal:
            reason, why = refused(state, player, d)
            if reason != "not_in_discard":  # that sentence names the joker already
                why = _("{joker}: {reason}").format(joker=joker_name(face), reason=why)
            out.append((code_of(d), why))
    return out


def refusal(state: Sixty, player: int, d: Decision) -> str:
    """Why the rules refuse ``d`` now, in the reader's words."""
    return refused(state, player, d)[1]


def refused(state: Sixty, player: int, d: Decision) -> tuple[str, str]:
    """The engine's reason code for refusing ``d`` now (tried on a throwaway
    copy) and that reason in the reader's words (``("", …)``: allowed).

    The engine words its refusals in English for developers and gives each a
    stable ``reason`` code; the sentence players read is chosen here, from
    the code and the position, so that it can be translated whole."""
    try:
        state.playout_copy().apply(d, player)
    except IllegalDecision as exc:
        return exc.reason, _reason_text(state, d, exc.reason)
    return "", _("that is allowed")


def _reason_text(state: Sixty, d: Decision, reason: str) -> str:
    _kind, face, count = d
    at = state.public_view().attack
    attacked = int(at.card) if at is not None else 0
    if reason == "not_your_turn":
        return _("it is not your turn")
    if reason == "wrong_phase":
        if state.phase == ROUND_OVER:
            return _("the round is over: wait for the next deal")
        if state.phase == GAME_OVER:
            return _("the game is over")
        if state.phase == ATTACK_PHASE:
            return _("there is no attack to answer: it is your turn to attack")
        return _("you are being attacked: pass it on, play a joker, fight back or take")
    if reason == "take_not_allowed":
        return _(
            "you may only take the cards when you cannot pass them on, play a joker or fight back"
        )
    if reason == "jokers_cannot_attack":
        return _("jokers cannot attack, be passed on or fight: play a joker on its own")
    if reason == "not_a_joker":
        return _("{card} is not a joker").format(card=face)
    if reason == "no_cards":
        return _("put down at least one card")
    if reason == "not_held":
        try:
            card = Card(face)
        except ValueError:
            return _("{card} is not a Sixty card").format(card=face)
        held = state.hand(state.current_player or 0).count(card)
        if not held:
            return _("you hold no {card}").format(card=card_name(face))
        return _n(
            "you hold only {n} of {card}, not {count}",
            "you hold only {n} of {card}, not {count}",
            held,
        ).format(n=held, card=card_name(face), count=count)
    if reason == "mixed_numbers":
        return _(
            "pass it on with the attack's number, {card}: an attack holds one number only"
        ).format(card=attacked)
    if reason == "nobody_to_pass_to":
        return _("nobody else holds cards: you cannot pass it on")
    if reason == "same_number_cannot_fight":
        return _(
            "fighting back needs a number other than the attack's {card}: pass it on instead"
        ).format(card=attacked)
    if reason == "sum_not_greater":
        return _("{card} ×{count} makes {sum}; fighting back needs more than {attack}").format(
            card=face, count=count, sum=face * count, attack=at.sum if at is not None else 0
        )
    if reason == "no_joker_for_last_holder":
        return _("the last player holding cards cannot play a joker")
    if reason == "not_in_discard":
        return _("Hocus-pocus needs a {card} on the discard pile").format(card=attacked)
    return _("that is not allowed now")


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
        return _("{name} attacks {target} with {set}").format(
            name=who, target=to, set=set_text(e.card, e.count)
        )
    if e.kind == "pass_on":
        return _("{name} passes on with {card} ×{count}: {total} to {target}").format(
            name=who, card=e.card, count=e.count, total=e.total, target=to
        )
    if e.kind == "fight":
        return _("{name} fights back with {set}").format(name=who, set=set_text(e.card, e.count))
    if e.kind == "take":
        return _n(
            "{name} takes {n} card (+{points})", "{name} takes {n} cards (+{points})", e.count
        ).format(name=who, n=e.count, points=e.total)
    if e.kind == "joker":
        if e.card == ZAP and e.count:
            return _("{name} plays Zap: keeps {kept}, {total} on to {target}").format(
                name=who, kept=e.count, total=e.total, target=to
            )
        return _("{name} plays {joker}: {total} to {target}").format(
            name=who, joker=joker_name(e.card), total=e.total, target=to
        )
    if e.kind == "direction":
        if e.total > 0:
            return _("Play now goes clockwise")
        return _("Play now goes counter-clockwise")
    if e.kind == "out":
        return _("{name} is out of cards").format(name=who)
    if e.kind == "skip":
        return _("{name} holds only jokers and misses the attack").format(name=who)
    return None


def recent_log(state: Sixty, names: Sequence[str], limit: int = 5) -> list[str]:
    lines = [line for e in round_events(state) if (line := event_line(e, names))]
    return lines[-limit:]


def answer_prompt(state: Sixty, player: int, names: Sequence[str]) -> str:
    """What the player to act is asked (after the attack line)."""
    if state.phase == ATTACK_PHASE:
        target = _name(names, next_holder(state.public_view(), player))
        # one button per number and count: a single press attacks
        return _(
            "**Your turn:** attack {name}: press the button with the number and how many "
            "cards to attack with."
        ).format(name=target)
    return _("**Your answer:** press it below.")


__all__ = [
    "CODE",
    "Choice",
    "answer_prompt",
    "answerable",
    "attack_line",
    "card_name",
    "cards_text",
    "choices",
    "code_of",
    "decision_of",
    "describe",
    "event_line",
    "held_jokers_refused",
    "joker_name",
    "next_holder",
    "recent_log",
    "refusal",
    "refused",
    "round_events",
    "set_text",
]
