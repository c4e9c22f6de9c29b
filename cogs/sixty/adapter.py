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
from cogs.table.text import STALE_CHOICE, order_by_totals, ordinal, plural, standings_lines
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

from . import images
from .rules_text import differences_text, rules_text, value_text
from .text import (
    JOKER_WORDS,
    answer_prompt,
    attack_line,
    cards_text,
    choices,
    decision_of,
    held_jokers_refused,
    next_holder,
    recent_log,
    refusal,
    set_text,
)
from .views import answer_view

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


def _direction(view: Any) -> str:
    return "clockwise ↻" if view.direction > 0 else "counter-clockwise ↺"


class SixtyAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0xC0392B)
    position_picture = staticmethod(images.position_picture)
    """Draws a reviewed decision's position from the player's observation
    (a module function: the review sends it to the computer worker)."""
    toggles = (("voluntary_take", "Take any time"),)
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
            lines.append(attack_line(view, -1, t.names).replace("⚔️ ", "⚔️ In flight: "))
        lines.append(
            f"Deck {view.deck_count} · discard pile {sum(view.discard)} · play goes "
            f"{_direction(view)}"
        )
        return lines

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        st: Sixty = t.state
        view = st.public_view()
        if st.phase == DEFEND and view.attack is not None:
            at = view.attack
            return f"to answer {t.names[at.last]}'s attack of {set_text(int(at.card), at.count)}"
        target = next_holder(view, player)
        return f"to attack {t.names[target]}" if target is not None else "to attack"

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        st: Sixty = t.state
        if st.phase == ATTACK_PHASE:
            return "I'll attack with one card of your lowest number."
        if st.default_decision().kind == TAKE:
            return "I'll take the cards for you."
        return "I'll answer for you."

    def scores_text(self, t: TableSnapshot) -> str:
        st: Sixty = t.state
        view = st.public_view()
        rounds = f"round {view.round_number} of {view.options.rounds}"
        if view.tiebreak_round:
            rounds = f"tie-break round {view.round_number}"
        totals = " · ".join(f"{t.names[p]} {view.totals[p]}" for p in range(view.players))
        return f"Penalty totals (lower is better), {rounds}: {totals}"

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
        title = f"**Sixty — round {view.round_number}** in <#{t.channel_id}>"
        lines.append(title)
        lines.append(f"Your hand ({len(obs.hand)}): {cards_text(obs.hand)}")
        lines.append(
            f"Your penalty pile: {plural(view.penalty_counts[player], 'card')}, "
            f"{obs.own_penalty} points this round · deck {view.deck_count} · play goes "
            f"{_direction(view)}"
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
            lines.append(f"Waiting for {names[st.current_player]}.")
        picture = images.hand_picture(obs, highlight=my_turn)
        return HandMessage(lines, view_controls, picture)

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        st: Sixty = t.state
        decision = decision_of(arg) if kind in ("go", "no") and not values else None
        if decision is None:
            raise UserFacingError(STALE_CHOICE)
        legal = st.observation(player).legal
        if decision in legal and kind == "go":
            return Decide(decision)
        if not legal or decision in legal:  # a refused joker that is allowed now: stale
            raise UserFacingError(STALE_CHOICE)
        raise UserFacingError(f"You can't do that now: {refusal(st, player, decision)}.")

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
        who = names[target] if target is not None else "nobody"
        if d.kind == ATTACK:
            done = f"You attacked {who} with {set_text(d.card, d.count)}."
        elif d.kind == PASS and at is not None:
            done = f"You passed it on with {d.card} ×{d.count}: {at.sum + d.sum} to {who}."
        elif d.kind == FIGHT and at is not None:
            done = f"You fought back with {set_text(d.card, d.count)} against {at.sum}."
            if st.current_player == player and st.phase == ATTACK_PHASE:
                if t.dm_closed[player]:
                    # no DM can bring the controls: the turn is announced by a ping
                    done += " Now you attack: press **My hand** on the table for your controls."
                else:
                    done += " Now you attack: your controls are in a new message."
        elif d.kind == JOKER:
            done = f"You played {JOKER_WORDS.get(d.card, 'a joker')}."
        elif at is not None:
            done = f"You took the {plural(at.count, 'card')}: +{at.sum} penalty."
        else:
            done = "Done."
        left = st.hand(player)
        if st.phase in (ATTACK_PHASE, DEFEND) or not left:
            return Aftermath(f"{done} Your hand: {cards_text(left)}")
        return Aftermath(
            f"{done} The round is over; the cards left in your hand count as penalty: "
            f"{cards_text(left)}"
        )

    # -- results ---------------------------------------------------------------

    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        view = t.state.public_view()
        title = "Tie-break round results" if _tiebreak(result) else f"Round {result.number} results"
        lines = [*_round_lines(result, t.names), "Penalty points: lower is better."]
        picture = images.round_picture(view, t.names, t.computer_seats())
        return ResultsMessage(title, "\n".join(lines), picture)

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        view = t.state.public_view()
        names = t.names
        winners = " and ".join(names[w] for w in outcome.winners)
        last = view.results[-1]
        head = "Tie-break round" if _tiebreak(last) else f"Round {last.number}, the last"
        lines = [f"**{head}**", *_round_lines(last, names), ""]
        lines.append("**Final standings** (penalty points, lower is better)")
        lines += standings_lines(outcome.standings, outcome.totals, outcome.winners, names)
        if any(_tiebreak(r) for r in view.results):
            lines.append("A tie-break round was played.")
        picture = images.standings_picture(view, outcome, names, t.computer_seats())
        title = f"Game over — {winners} win{'s' if len(outcome.winners) == 1 else ''}!"
        return ResultsMessage(title, "\n".join(lines), picture)

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        return dict(result.details[player]) if result.details else {}


def _tiebreak(result: RoundScore) -> bool:
    return bool(result.details and result.details[0].get("tiebreak"))


def _round_lines(result: RoundScore, names: Sequence[str]) -> list[str]:
    """``1st Ann — +12 (total 30)`` per player, lowest penalty first."""
    order = order_by_totals(result.scores, lower_is_better=True)
    return [
        f"{ordinal(result.positions[p] + 1)} {names[p]} — +{result.scores[p]} "
        f"(total {result.totals[p]})"
        for p in order
    ]


ADAPTER = SixtyAdapter()
