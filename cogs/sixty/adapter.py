"""Sixty's Discord side: what the table runtime asks of a game.

The attacker chooses a number and how many cards; the defender reads the
attack at the top of their message (its number, cards, sum and who sent
it) and chooses among exactly the answers open to them — pass on, fight
back, a joker, take — each with what it would do. A select then a confirm
button: at most two clicks (:mod:`cogs.sixty.views`).

Every click is parsed strictly (:meth:`SixtyAdapter.on_control`): a code
outside the control alphabet, or a decision that is not among the current
choices, is refused with the reason in words (the engine's, for a
well-formed decision the rules forbid now) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import render.sixty as render
from cogs.replies import UserFacingError
from cogs.table.adapter import (
    Aftermath,
    Decide,
    HandMessage,
    Redraw,
    ResultsMessage,
    rules_embed_from,
)
from cogs.table.images import table_picture
from cogs.table.rules import describe_options
from cogs.table.text import STALE_CHOICE, order_by_totals, ordinal, standings_lines
from engine.game import GameOutcome, RoundScore
from engine.sixty import (
    ATTACK,
    ATTACK_PHASE,
    DEFEND,
    FIGHT,
    GAME_TYPE,
    JOKER,
    PASS,
    TAKE,
    Decision,
    Options,
    Sixty,
)
from locales import N_, _, _n, current, format_list, format_number

from . import images
from .rules_text import differences_text, rules_text, value_text
from .text import (
    answer_prompt,
    attack_line,
    cards_text,
    choices,
    decision_of,
    held_jokers_refused,
    joker_name,
    next_holder,
    recent_log,
    refusal,
    set_text,
)
from .views import answer_view

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


def _direction(view: Any) -> str:
    return _("clockwise ↻") if view.direction > 0 else _("counter-clockwise ↺")


def _number(n: int) -> str:
    return format_number(current(), n)


SETS = {
    # Translators: a decision of Sixty as the coach names it in a hint or a review;
    # {set} is a set of equal numbers and its sum ("5 ×2 = 10")
    ATTACK: N_("attack with {set}"),
    PASS: N_("pass on with {set}"),
    FIGHT: N_("fight back with {set}"),
}


def decision_text(decision: Decision) -> str:
    """A decision as the coach names it: ``attack with 5 ×2 = 10``, ``play Zap``."""
    kind, card, count = decision
    if kind == TAKE:
        return _("take the cards")
    if kind == JOKER:
        return _("play {joker}").format(joker=joker_name(card))
    return _(SETS[kind]).format(set=set_text(card, count))


class SixtyAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0xC0392B)
    position_picture = staticmethod(images.position_picture)
    """Draws a reviewed decision's position from the player's observation
    (a module function: the review sends it to the computer worker)."""
    decision_text = staticmethod(decision_text)
    """Names a decision in a hint or a review, in the reader's language."""
    # Translators: a house-rule button of Sixty: taking the attack's cards is allowed
    # at any time, not only when nothing else is possible.
    toggles = (("voluntary_take", N_("Take any time")),)
    round_word = "round"

    # -- lobby and rules -------------------------------------------------------

    def describe_options(self, options: Options) -> str:
        return describe_options(self.game, options.preset, differences_text(options))

    def lobby_picture(
        self, options: Options, seats: Sequence[tuple[str, bool]], max_seats: int
    ) -> None:
        return None  # the lobby's text lists the seats; a picture would add nothing

    def rules_embed(self, options: Options, colour: discord.Colour, where: str) -> discord.Embed:
        return rules_embed_from(rules_text(options), colour, where=where)

    def value_text(self, value: Any) -> str:
        return value_text(value)

    # -- the table -------------------------------------------------------------

    def table_lines(self, t: TableSnapshot) -> list[str]:
        st: Sixty = t.state
        view = st.public_view()
        lines = recent_log(st, t.names)
        if view.attack is not None:
            lines.append(attack_line(view, -1, t.names))
        if view.direction > 0:
            piles = _("Deck {deck} · discard pile {discard} · play goes clockwise ↻")
        else:
            piles = _("Deck {deck} · discard pile {discard} · play goes counter-clockwise ↺")
        lines.append(piles.format(deck=view.deck_count, discard=sum(view.discard)))
        return lines

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        st: Sixty = t.state
        view = st.public_view()
        if st.phase == DEFEND and view.attack is not None:
            at = view.attack
            # Translators: follows the player's mention on the table: “@Bob to answer
            # Ann's attack of 4 ×2 = 8”.
            return _("to answer {name}'s attack of {set}").format(
                name=t.names[at.last], set=set_text(int(at.card), at.count)
            )
        target = next_holder(view, player)
        if target is None:
            # Translators: follows the player's mention on the table: “@Ann to attack”.
            return _("to attack")
        # Translators: follows the player's mention on the table: “@Ann to attack Bob”.
        return _("to attack {name}").format(name=t.names[target])

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        st: Sixty = t.state
        if st.phase == ATTACK_PHASE:
            return _("I'll attack with one card of your lowest number.")
        if st.default_decision().kind == TAKE:
            return _("I'll take the cards for you.")
        return _("I'll answer for you.")

    def scores_text(self, t: TableSnapshot) -> str:
        st: Sixty = t.state
        view = st.public_view()
        totals = " · ".join(f"{t.names[p]} {_number(view.totals[p])}" for p in range(view.players))
        if view.tiebreak_round:
            text = _("Penalty totals (lower is better), tie-break round {number}: {totals}")
        else:
            text = _("Penalty totals (lower is better), round {number} of {rounds}: {totals}")
        return text.format(number=view.round_number, rounds=view.options.rounds, totals=totals)

    def table_picture(self, t: TableSnapshot) -> Any:
        view = t.state.public_view()
        return table_picture(render.render_table, view, t.names, t.computer_seats(), t.auto)

    # -- hands and controls ----------------------------------------------------

    def hand_message(self, t: TableSnapshot, player: int, *, controls: bool) -> HandMessage:
        st: Sixty = t.state
        obs = st.observation(player)
        view = obs.public
        names = t.names
        my_turn = st.current_player == player
        lines: list[str] = []
        if view.attack is not None and view.attack.defender == player:
            lines.append(attack_line(view, player, names))  # the attack first, plainly
        title = _("**Sixty — round {number}** in {channel}").format(
            number=view.round_number, channel=f"<#{t.channel_id}>"
        )
        lines.append(title)
        lines.append(
            _("Your hand ({n}): {cards}").format(n=len(obs.hand), cards=cards_text(obs.hand))
        )
        pile = view.penalty_counts[player]
        lines.append(
            _n(
                "Your penalty pile: {n} card, {points} points this round · deck {deck} · "
                "play goes {direction}",
                "Your penalty pile: {n} cards, {points} points this round · deck {deck} · "
                "play goes {direction}",
                pile,
            ).format(
                n=pile, points=obs.own_penalty, deck=view.deck_count, direction=_direction(view)
            )
        )
        view_controls: discord.ui.View | None = None
        if my_turn and controls and obs.legal:
            lines.append(answer_prompt(st, player, names))
            offered = choices(obs, names)
            if st.phase == DEFEND:
                lines += [f"• **{c.label}** — {c.description}" for c in offered]
            view_controls = answer_view(
                t.game_id, t.version, offered, held_jokers_refused(st, player)
            )
        elif st.current_player is not None and not my_turn:
            lines.append(_("Waiting for {name}.").format(name=names[st.current_player]))
        picture = images.hand_picture(obs, highlight=my_turn)
        return HandMessage(lines, view_controls, picture)

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        st: Sixty = t.state
        decision = decision_of(arg) if kind in ("go", "no") and not values else None
        if decision is None:
            raise UserFacingError(_(STALE_CHOICE))
        legal = st.observation(player).legal
        if decision in legal and kind == "go":
            return Decide(decision)
        if not legal or decision in legal:  # a refused joker that is allowed now: stale
            raise UserFacingError(_(STALE_CHOICE))
        raise UserFacingError(
            _("You can't do that now: {reason}.").format(reason=refusal(st, player, decision))
        )

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        b: Sixty = before
        # The reply describes the position this decision made, which the table
        # may have left already (the next round dealt after a round's last
        # decision): it is rebuilt from the state before, deterministically.
        st = b.copy()
        st.apply(decision, player)
        names = t.names
        bview = b.public_view()
        d: Decision = decision
        at = bview.attack
        target = next_holder(bview, player)
        who = names[target] if target is not None else _("nobody")
        if d.kind == ATTACK:
            done = _("You attacked {name} with {set}.").format(
                name=who, set=set_text(d.card, d.count)
            )
        elif d.kind == PASS and at is not None:
            done = _("You passed it on with {card} ×{count}: {total} to {name}.").format(
                card=d.card, count=d.count, total=at.sum + d.sum, name=who
            )
        elif d.kind == FIGHT and at is not None:
            done = _("You fought back with {set} against {sum}.").format(
                set=set_text(d.card, d.count), sum=at.sum
            )
            if st.current_player == player and st.phase == ATTACK_PHASE:
                # the turn message goes through this very click (its token is
                # fresh), so it is a new message whether or not DMs are open: one
                # only the fighter sees in the channel where they are closed
                then = _("Now you attack: your controls are in a new message.")
                done = _("{done} {then}").format(done=done, then=then)
        elif d.kind == JOKER:
            done = _("You played {joker}.").format(joker=joker_name(d.card))
        elif at is not None:
            done = _n(
                "You took the {n} card: +{points} penalty.",
                "You took the {n} cards: +{points} penalty.",
                at.count,
            ).format(n=at.count, points=at.sum)
        else:
            done = _("Done.")
        left = st.hand(player)
        if st.phase in (ATTACK_PHASE, DEFEND) or not left:
            return Aftermath(
                _("{done} Your hand: {cards}").format(done=done, cards=cards_text(left))
            )
        return Aftermath(
            _(
                "{done} The round is over; the cards left in your hand count as penalty: {cards}"
            ).format(done=done, cards=cards_text(left))
        )

    # -- results ---------------------------------------------------------------

    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        view = t.state.public_view()
        if _tiebreak(result):
            title = _("Tie-break round results")
        else:
            title = _("Round {number} results").format(number=result.number)
        lines = [*_round_lines(result, t.names), _("Penalty points: lower is better.")]
        picture = images.round_picture(view, t.names, t.computer_seats())
        return ResultsMessage(title, "\n".join(lines), picture)

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        view = t.state.public_view()
        names = t.names
        winners = format_list(current(), [names[w] for w in outcome.winners])
        last = view.results[-1]
        if _tiebreak(last):
            head = _("**Tie-break round**")
        else:
            head = _("**Round {number}, the last**").format(number=last.number)
        lines = [head, *_round_lines(last, names), ""]
        lines.append(_("**Final standings** (penalty points, lower is better)"))
        lines += standings_lines(outcome.standings, outcome.totals, outcome.winners, names)
        if any(_tiebreak(r) for r in view.results):
            lines.append(_("A tie-break round was played."))
        picture = images.standings_picture(view, outcome, names, t.computer_seats())
        title = _n(
            "Game over — {names} wins!", "Game over — {names} win!", len(outcome.winners)
        ).format(names=winners)
        return ResultsMessage(title, "\n".join(lines), picture)

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        return dict(result.details[player]) if result.details else {}


def _tiebreak(result: RoundScore) -> bool:
    return bool(result.details and result.details[0].get("tiebreak"))


def _round_lines(result: RoundScore, names: Sequence[str]) -> list[str]:
    """``1st Ann — +12 (total 30)`` per player, lowest penalty first."""
    order = order_by_totals(result.scores, lower_is_better=True)
    return [
        # Translators: a line of a round's results: “1st Ann — +12 (total 30)”.
        _("{place} {name} — +{points} (total {total})").format(
            place=ordinal(result.positions[p] + 1),
            name=names[p],
            points=_number(result.scores[p]),
            total=_number(result.totals[p]),
        )
        for p in order
    ]


ADAPTER = SixtyAdapter()
