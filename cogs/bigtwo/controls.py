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
    KIND_SIZES,
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
from locales import N_, _, _n, _p, current, format_number
from render.bigtwo.words import cards_text, combo_name, combo_text, kind_title, sort_hand

MAX_OPTIONS: Final = 25
FIVES_PER_KIND: Final = 3
"""The lowest five-card hands suggested of each type."""
MAX_PICK: Final = 5
SUGGESTED_PLACEHOLDER: Final = N_("Suggested plays, cheapest first: choosing one plays it at once")
"""The suggestions menu's placeholder (at most 150 characters in every language)."""
NOT_HIGHER: Final = {
    # Translators: a refusal in Big Two: a five-card hand of a weaker type never beats
    # a stronger type (straight < flush < full house < four of a kind < straight flush)
    (STRAIGHT, FLUSH): N_("A straight does not beat a flush."),
    (STRAIGHT, FULL_HOUSE): N_("A straight does not beat a full house."),
    (STRAIGHT, FOUR_OF_A_KIND): N_("A straight does not beat a four of a kind."),
    (STRAIGHT, STRAIGHT_FLUSH): N_("A straight does not beat a straight flush."),
    (FLUSH, FULL_HOUSE): N_("A flush does not beat a full house."),
    (FLUSH, FOUR_OF_A_KIND): N_("A flush does not beat a four of a kind."),
    (FLUSH, STRAIGHT_FLUSH): N_("A flush does not beat a straight flush."),
    (FULL_HOUSE, FOUR_OF_A_KIND): N_("A full house does not beat a four of a kind."),
    (FULL_HOUSE, STRAIGHT_FLUSH): N_("A full house does not beat a straight flush."),
    (FOUR_OF_A_KIND, STRAIGHT_FLUSH): N_("A four of a kind does not beat a straight flush."),
}
"""Why a weaker type of five-card hand is refused, one whole sentence each."""
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
        raise UserFacingError(_(STALE_CHOICE))
    try:
        return mask_of(Card.parse(p) for p in text.split("."))
    except (EngineError, ValueError):
        raise UserFacingError(_(STALE_CHOICE)) from None


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


def barred_text(state: BigTwo) -> str:
    """Why the player to act may only pass although they hold a card (the
    engine's ``single_two_cannot_end``, :meth:`BigTwo.forced_pass`): a sentence."""
    if state.top is None:
        return _(
            "A single 2 cannot be the play that wins the deal under these rules, and it is "
            "your only card: pass the lead on."
        )
    return _("A single 2 cannot be the play that wins the deal under these rules: pass.")


def refusal(state: BigTwo, player: int, combo: Combo | None) -> str:
    """Why ``combo`` (or the pass) is not legal for ``player`` now, in a
    sentence in the reader's language; ``""`` when it is.

    The engine's refusals carry a stable ``reason`` code beside their English
    message (for developers and the terminal): the sentence is chosen here from
    the code and the position, so the engine stays free of the bot's catalogs."""
    trial = state.copy()
    try:
        trial.apply(combo if combo is not None else PASS, player)
    except EngineError as exc:
        return _reason_text(state, combo, str(getattr(exc, "reason", "")))
    return ""


def _reason_text(state: BigTwo, combo: Combo | None, reason: str) -> str:
    top = state.top
    if reason == "single_two_cannot_end":
        return barred_text(state)
    if reason == "must_lead":
        return _("You lead this trick: play any combination, you cannot pass.")
    if combo is not None and reason == "not_a_combination":
        return _(
            "{cards} is not a combination: play a single, a pair, a triple or a five-card hand."
        ).format(cards=cards_text(combo.cards))
    if combo is not None and reason == "not_held":
        held = set(state.hand(state.current_player)) if state.current_player is not None else set()
        missing = [c for c in combo.cards if c not in held]
        return _("You do not hold {cards}.").format(cards=cards_text(missing))
    if reason == "must_include_lowest" and state.lead_card:
        lead = cards_of(state.lead_card)[0]
        # Translators: the card (a symbol, "3♦") the first lead of a deal must include
        return _("Your first play must include the {card}.").format(card=lead.pretty())
    if reason == "wrong_size" and top is not None:
        need = KIND_SIZES[top.kind]
        return _n(
            "This trick is played with {n} card: play {n} or pass.",
            "This trick is played with {n} cards: play {n} or pass.",
            need,
        ).format(n=format_number(current(), need))
    if combo is not None and reason == "not_higher" and top is not None:
        kind = state.rules.combo(combo.mask).kind
        sentence = NOT_HIGHER.get((kind, top.kind))
        if sentence is not None:
            return _(sentence)
        # Translators: a refusal: the play does not beat the play on top ("Pair of 9s
        # (9♣ 9♦) does not beat Pair of 10s (10♣ 10♦).")
        return _("{play} does not beat {top}.").format(
            play=combo_text(state.rules.combo(combo.mask)), top=combo_text(top)
        )
    # Translators: a refusal with no more precise reason (the deal is over, …)
    return _("That is not a legal play now.")


def pick(state: BigTwo, player: int, cards: Sequence[Card]) -> Choice:
    """The controls after the player picked ``cards``: Play when they make a
    legal play, otherwise the reason."""
    hand_cards = sort_hand(cards, state.options)
    mask = mask_of(hand_cards)
    legal = legal_combos(state.observation(player).legal)
    play = legal.get(mask)
    if play is not None:
        # Translators: what the cards the player picked make: "That is Pair of 9s (9♣ 9♦)."
        note = _("That is {play}.").format(play=combo_text(play))
        return Choice(picked=tuple(hand_cards), play=play, note=note)
    why = refusal(state, player, Combo.of(hand_cards)) or _("Not legal now.")
    # Translators: the cards the player picked, then why they cannot be played (a
    # sentence of its own)
    note = _("{cards} can't be played: {why}").format(cards=cards_text(hand_cards), why=why)
    return Choice(picked=tuple(hand_cards), note=note)


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
            placeholder=_(SUGGESTED_PLACEHOLDER)[:150],
            min_values=1,
            max_values=1,
            row=0,
            options=[
                discord.SelectOption(
                    label=_label(c)[:100],
                    value=code(c.cards),
                    description=kind_title(c.kind)[:100],
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
            # Translators: the placeholder of the menu of the hand's cards (at most 150
            # characters)
            placeholder=_("Build your own: pick 1 to 5 cards")[:150],
            min_values=1,
            max_values=min(MAX_PICK, len(hand)),
            row=1,
            options=[
                discord.SelectOption(
                    label=c.pretty(),
                    value=str(c),
                    description=_("in a legal play now") if c in playable else None,
                    default=c in picked,
                )
                for c in hand
            ],
        )
        view.add_item(ControlItem(cards_select, game_id, version, "cards", ""))
    if choice.play is not None:
        arg = code(choice.play.cards)
        # Translators: the button that plays the picked cards: "Play Pair of 9s: 9♣ 9♦"
        label = _p("button", "Play {play}").format(play=_label(choice.play))[:80]
        play = control_button(label, discord.ButtonStyle.success, row=2)
        view.add_item(ControlItem(play, game_id, version, "play", arg))
    if PASS in obs.legal:
        view.add_item(
            ControlItem(
                control_button(_p("button", "Pass"), discord.ButtonStyle.secondary, row=2),
                game_id,
                version,
                "pass",
                "",
            )
        )
    if choice.picked:
        view.add_item(
            ControlItem(
                # Translators: the button that drops the cards picked so far
                control_button(_p("button", "Clear"), discord.ButtonStyle.secondary, row=2),
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
    # Translators: a suggested play in the menu: its name, then its cards ("Pair of 9s: 9♣ 9♦")
    return _("{name}: {cards}").format(name=combo_name(c), cards=cards_text(c.cards))


@dataclass(frozen=True, slots=True)
class Parsed:
    """A click read strictly: a decision, or the new choice to redraw."""

    decision: Decision | None = None
    choice: Choice | None = None


def parse_click(state: BigTwo, player: int, kind: str, arg: str, values: Sequence[str]) -> Parsed:
    """Read one click on the player's controls against the current legal
    plays: a :class:`Parsed`, or ``UserFacingError`` (nothing changes)."""
    if state.current_player != player:
        raise UserFacingError(_("It's not your turn."))
    obs = state.observation(player)
    legal = legal_combos(obs.legal)
    if kind in ("play", "pass", "clear") and values:
        raise UserFacingError(_(STALE_CHOICE))
    if kind in ("sugg", "cards", "pass", "clear") and arg:
        raise UserFacingError(_(STALE_CHOICE))
    if kind == "sugg":
        if len(values) != 1:
            raise UserFacingError(_(STALE_CHOICE))
        offered = {code(c.cards): c for c in suggestions(obs.legal, state.options)}
        chosen = offered.get(values[0])
        if chosen is None:
            raise UserFacingError(_(STALE_CHOICE))
        return Parsed(decision=chosen)
    if kind == "cards":
        if not 1 <= len(values) <= MAX_PICK or len(set(values)) != len(values):
            raise UserFacingError(_(STALE_CHOICE))
        hand = {str(c): c for c in obs.hand}
        if any(not isinstance(v, str) or not _CARD.fullmatch(v) or v not in hand for v in values):
            raise UserFacingError(_(STALE_CHOICE))
        return Parsed(choice=pick(state, player, [hand[v] for v in values]))
    if kind == "play":
        mask = parse_code(arg)
        combo = legal.get(mask)
        if combo is None:
            held = mask_of(obs.hand)
            if mask & ~held:
                raise UserFacingError(_(STALE_CHOICE))
            why = refusal(state, player, Combo.of(cards_of(mask)))
            raise UserFacingError(why or _(STALE_CHOICE))
        return Parsed(decision=combo)
    if kind == "pass":
        if PASS not in obs.legal:
            raise UserFacingError(refusal(state, player, None) or _(STALE_CHOICE))
        return Parsed(decision=PASS)
    if kind == "clear":
        return Parsed(choice=Choice())
    raise UserFacingError(_(STALE_CHOICE))


__all__ = [
    "Choice",
    "Parsed",
    "barred_text",
    "code",
    "parse_click",
    "parse_code",
    "pick",
    "refusal",
    "suggestions",
    "turn_view",
]
