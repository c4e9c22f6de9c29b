"""Big Two's turn controls: suggested plays, the card picker, Play, Pass, Clear.

The layout (three action rows, within every Discord limit even for a
17-card hand):

- row 1, **Suggested plays**: a select of legal plays grouped by type,
  cheapest first — singles, pairs, triples, then the lowest few five-card
  hands of each type (straight, flush, full house, four of a kind, straight
  flush) — at most 25. Choosing one plays it at once (the placeholder says
  so): a single, a pair or the lowest straight or full house that beats the
  pile takes one click.
- row 2, **Build your own**: a multi-select of every card in the hand
  (1 to 5 cards; a hand holds at most 18 cards, so one select of at most 25
  options always fits). The message then says what the cards make and, when
  they are not a legal play, why not in the engine's words ("a flush does not
  beat a full house"); any legal combination of the hand can be built here.
- row 3, **Play** (only for legal picked cards: building your own is the
  one path with a confirm), **Pass** (where allowed) and **Clear** (back to
  the plain controls).

Custom ids are the runtime's ``pres:c:<game>:<version>:<kind>[:<arg>]``:
``sugg`` and ``cards`` (selects, no arg), ``play:<cards>`` with the cards
written ``3D.4D.5S.6H.7C`` (at most 14 characters), ``pass`` and ``clear``.
:func:`parse_click` reads a click strictly against the current legal plays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from cogs.replies import UserFacingError
from cogs.table.text import STALE_CHOICE
from cogs.table.views import ControlItem, control_button
from engine.bigtwo import PASS, BigTwo, Combo, Decision, Options
from engine.bigtwo.combos import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    KIND_NAMES,
    PAIR,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    cards_of,
    mask_of,
    rules_for,
)
from engine.cards import Card
from engine.errors import EngineError
from render.bigtwo.words import KIND_TITLES, cards_text, combo_name, combo_text, sort_hand

MAX_OPTIONS: Final = 25
FIVES_PER_KIND: Final = 3
"""The lowest five-card hands suggested of each type."""
MAX_PICK: Final = 5
SUGGESTED_PLACEHOLDER: Final = "Suggested plays, cheapest first: choosing one plays it at once"
GROUPS: Final = (
    SINGLE,
    PAIR,
    TRIPLE,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
_CODE = re.compile(r"[3-9TJQKA2][CDHS](?:\.[3-9TJQKA2][CDHS]){0,4}")
_CARD = re.compile(r"[3-9TJQKA2][CDHS]")


def code(cards: Sequence[Card]) -> str:
    """Cards for a custom id or an option value: ``3D.4D.5S``."""
    return ".".join(str(c) for c in cards)


def parse_code(text: str) -> int:
    """The card mask of ``3D.4D`` (strict: the exact form :func:`code` writes,
    distinct cards), or ``UserFacingError``."""
    if not isinstance(text, str) or not _CODE.fullmatch(text):
        raise UserFacingError(STALE_CHOICE)
    try:
        return mask_of(Card.parse(p) for p in text.split("."))
    except (EngineError, ValueError):
        raise UserFacingError(STALE_CHOICE) from None


def _family(combo: Combo) -> Any:
    """Plays of one family differ only in suits the player rarely cares
    about (pairs of one rank, straights over the same ranks, full houses on
    one triple): the menu shows the cheapest of each."""
    kind = combo.kind
    ranks = tuple(sorted({c.rank for c in combo.cards}))
    if kind in (PAIR, TRIPLE, STRAIGHT):
        return (kind, ranks)
    if kind in (FULL_HOUSE, FOUR_OF_A_KIND):
        counted = [c.rank for c in combo.cards]
        main = max(set(counted), key=counted.count)
        return (kind, main)
    return (kind, combo.mask)


def suggestions(legal: Sequence[Decision], options: Options) -> list[Combo]:
    """Up to 25 legal plays, grouped by type (singles, pairs, triples, then
    each five-card type), cheapest first within a type.

    Each group gives its cheapest play in turn until the menu is full, so a
    17-card lead still offers pairs, triples and five-card hands; five-card
    types offer at most :data:`FIVES_PER_KIND` each. Ties within a type
    (full houses on one triple) go to the play whose cards are weakest.
    """
    rules = rules_for(options.suit_order, options.straights, options.flush_compare)

    def weight(c: Combo) -> tuple[int, int]:
        key = c.key if c.key >= 0 else rules.combo(c.mask).key
        return key, sum(rules.strength[4 * x.rank + x.suit] for x in c.cards)

    groups: dict[int, list[Combo]] = {k: [] for k in GROUPS}
    for d in legal:
        if isinstance(d, Combo) and d.kind in groups:
            groups[d.kind].append(d)
    for kind, plays in groups.items():
        plays.sort(key=weight)
        seen: set[Any] = set()
        kept = []
        for c in plays:
            fam = _family(c)
            if fam not in seen:
                seen.add(fam)
                kept.append(c)
        groups[kind] = kept[:FIVES_PER_KIND] if kind >= STRAIGHT else kept
    taken: dict[int, int] = dict.fromkeys(GROUPS, 0)
    total = 0
    while total < MAX_OPTIONS:
        moved = False
        for kind in GROUPS:
            if total < MAX_OPTIONS and taken[kind] < len(groups[kind]):
                taken[kind] += 1
                total += 1
                moved = True
        if not moved:
            break
    return [c for kind in GROUPS for c in groups[kind][: taken[kind]]]


@dataclass(frozen=True, slots=True)
class Choice:
    """What the player has chosen so far on their controls."""

    picked: tuple[Card, ...] = ()
    play: Combo | None = None
    """The legal play the Play button submits (none: no Play button)."""
    note: str = ""
    """What the picked cards make, or why they cannot be played."""


def legal_combos(legal: Sequence[Decision]) -> dict[int, Combo]:
    return {d.mask: d for d in legal if isinstance(d, Combo)}


def refusal(state: BigTwo, player: int, combo: Combo | None) -> str:
    """The engine's reason, in a sentence, why ``combo`` (or the pass) is
    not legal for ``player`` now; ``""`` when it is."""
    trial = state.copy()
    try:
        trial.apply(combo if combo is not None else PASS, player)
    except EngineError as exc:
        if getattr(exc, "reason", "") == "not_a_combination" and combo is not None:
            # the engine's message writes the cards in notation (3S 4D)
            return (
                f"{cards_text(combo.cards)} is not a combination: play a single, a pair, "
                "a triple or a five-card hand."
            )
        text = str(exc)
        return text[:1].upper() + text[1:] + "."
    return ""


def pick(state: BigTwo, player: int, cards: Sequence[Card]) -> Choice:
    """The controls after the player picked ``cards``: Play when they make a
    legal play, otherwise the reason."""
    hand_cards = sort_hand(cards, state.options)
    mask = mask_of(hand_cards)
    legal = legal_combos(state.observation(player).legal)
    play = legal.get(mask)
    if play is not None:
        return Choice(picked=tuple(hand_cards), play=play, note=f"That is {combo_text(play)}.")
    why = refusal(state, player, Combo.of(hand_cards))
    return Choice(
        picked=tuple(hand_cards),
        note=f"{cards_text(hand_cards)} can't be played: {why or 'not legal now.'}",
    )


def turn_view(
    game_id: int, version: int, state: BigTwo, player: int, choice: Choice | None = None
) -> discord.ui.View:
    """The controls of the player to act (see the module docstring)."""
    choice = choice or Choice()
    obs = state.observation(player)
    options = state.options
    view = discord.ui.View(timeout=None)
    suggested = suggestions(obs.legal, options)
    if suggested:
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=SUGGESTED_PLACEHOLDER,
            min_values=1,
            max_values=1,
            row=0,
            options=[
                discord.SelectOption(
                    label=_label(c)[:100],
                    value=code(c.cards),
                    description=KIND_TITLES.get(c.kind, KIND_NAMES[c.kind]),
                )
                for c in suggested
            ],
        )
        view.add_item(ControlItem(select, game_id, version, "sugg", ""))
    hand = sort_hand(obs.hand, options)
    if hand:
        playable = {c for d in obs.legal if isinstance(d, Combo) for c in d.cards}
        picked = set(choice.picked)
        cards_select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder="Build your own: pick 1 to 5 cards",
            min_values=1,
            max_values=min(MAX_PICK, len(hand)),
            row=1,
            options=[
                discord.SelectOption(
                    label=c.pretty(),
                    value=str(c),
                    description="in a legal play now" if c in playable else None,
                    default=c in picked,
                )
                for c in hand
            ],
        )
        view.add_item(ControlItem(cards_select, game_id, version, "cards", ""))
    if choice.play is not None:
        arg = code(choice.play.cards)
        label = f"Play {_label(choice.play)}"[:80]
        play = control_button(label, discord.ButtonStyle.success, row=2)
        view.add_item(ControlItem(play, game_id, version, "play", arg))
    if PASS in obs.legal:
        view.add_item(
            ControlItem(
                control_button("Pass", discord.ButtonStyle.secondary, row=2),
                game_id,
                version,
                "pass",
                "",
            )
        )
    if choice.picked:
        view.add_item(
            ControlItem(
                control_button("Clear", discord.ButtonStyle.secondary, row=2),
                game_id,
                version,
                "clear",
                "",
            )
        )
    return view


def _label(c: Combo) -> str:
    if c.kind == SINGLE:
        return combo_name(c)
    return f"{combo_name(c)}: {cards_text(c.cards)}"


@dataclass(frozen=True, slots=True)
class Parsed:
    """A click read strictly: a decision, or the new choice to redraw."""

    decision: Decision | None = None
    choice: Choice | None = None


def parse_click(state: BigTwo, player: int, kind: str, arg: str, values: Sequence[str]) -> Parsed:
    """Read one click on the player's controls against the current legal
    plays: a :class:`Parsed`, or ``UserFacingError`` (nothing changes)."""
    if state.current_player != player:
        raise UserFacingError("It's not your turn.")
    obs = state.observation(player)
    legal = legal_combos(obs.legal)
    if kind in ("play", "pass", "clear") and values:
        raise UserFacingError(STALE_CHOICE)
    if kind in ("sugg", "cards", "pass", "clear") and arg:
        raise UserFacingError(STALE_CHOICE)
    if kind == "sugg":
        if len(values) != 1:
            raise UserFacingError(STALE_CHOICE)
        offered = {code(c.cards): c for c in suggestions(obs.legal, state.options)}
        chosen = offered.get(values[0])
        if chosen is None:
            raise UserFacingError(STALE_CHOICE)
        return Parsed(decision=chosen)
    if kind == "cards":
        if not 1 <= len(values) <= MAX_PICK or len(set(values)) != len(values):
            raise UserFacingError(STALE_CHOICE)
        hand = {str(c): c for c in obs.hand}
        if any(not isinstance(v, str) or not _CARD.fullmatch(v) or v not in hand for v in values):
            raise UserFacingError(STALE_CHOICE)
        return Parsed(choice=pick(state, player, [hand[v] for v in values]))
    if kind == "play":
        mask = parse_code(arg)
        combo = legal.get(mask)
        if combo is None:
            held = mask_of(obs.hand)
            if mask & ~held:
                raise UserFacingError(STALE_CHOICE)
            why = refusal(state, player, Combo.of(cards_of(mask)))
            raise UserFacingError(why or STALE_CHOICE)
        return Parsed(decision=combo)
    if kind == "pass":
        if PASS not in obs.legal:
            raise UserFacingError(refusal(state, player, None) or STALE_CHOICE)
        return Parsed(decision=PASS)
    if kind == "clear":
        return Parsed(choice=Choice())
    raise UserFacingError(STALE_CHOICE)


__all__ = [
    "Choice",
    "Parsed",
    "code",
    "parse_click",
    "parse_code",
    "pick",
    "refusal",
    "suggestions",
    "turn_view",
]
