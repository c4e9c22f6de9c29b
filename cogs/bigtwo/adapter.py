"""Big Two's Discord side: what the table runtime asks of a game.

The runtime (``cogs/table``) runs lobbies, turns, clocks, DMs, storage and
restarts; this adapter turns Big Two's states into messages, pictures and
controls, and clicks back into decisions.

Controls (:mod:`cogs.bigtwo.controls`), chosen so that suits — which matter
in Big Two — are always picked exactly:

- **Suggested plays** (row 1): up to 25 legal plays grouped by type, the
  cheapest first: singles, pairs, triples, then the lowest three five-card
  hands of each type that beat the pile. Choosing one plays it at once (the
  placeholder says so): a single, a pair, or the lowest straight or full
  house that beats the pile takes one click.
- **Build your own** (row 2): a multi-select of the whole hand (1–5 cards;
  a hand has at most 18 cards, within the 25 options of one select). The
  message says what the cards make, and **Play** appears only when they are
  a legal play; otherwise the engine's reason is shown ("A flush does not
  beat a full house.", "Your first play must include the 3♦."). Every legal
  combination of the hand can be built this way: one click to pick up to
  five cards, one to play.
- **Pass** where the rules allow it, **Clear** after a choice. A player whose
  only card is a 2 that may not win the deal (``last_single_two_wins`` off)
  is told so in the engine's words (``BigTwo.forced_pass``); a leader also
  reads who leads instead.

Every click is parsed strictly against the current legal plays: a value not
on the menu, a card not held or an illegal play is refused with a sentence
and changes nothing; the runtime has already refused stale versions,
foreign seats and clicks out of turn. Picking cards redraws the controls in
place (the message text says what they make); a suggestion, Play and Pass
decide.

The hand message, the table picture and the results come from the engine's
observation (the owner's) and public view (everyone's), so no hidden card
reaches the channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.adapter import (
    Aftermath,
    Decide,
    HandMessage,
    Redraw,
    ResultsMessage,
    rules_embed_from,
)
from cogs.table.images import Picture, draw, picture_names, table_picture
from cogs.table.rules import describe_options
from cogs.table.text import countdown, plural, standings_lines
from engine.bigtwo import GAME_TYPE, PASS, BigTwo, Combo, Event, Observation, Options
from engine.game import GameOutcome, RoundScore
from render import bigtwo as render
from render.bigtwo.words import (
    cards_text,
    combo_text,
    playable_cards,
    session_text,
    sort_hand,
)

from .controls import Choice, parse_click, turn_view
from .rules_text import differences_text, rules_text, value_text

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


def event_line(e: Event, names: Sequence[str]) -> str | None:
    """One public event in words (played cards are public in Big Two)."""
    who = names[e.player] if 0 <= e.player < len(names) else f"Player {e.player + 1}"
    if e.kind == "play" and e.combo is not None:
        return f"{who} played {combo_text(e.combo)}"
    if e.kind == "pass":
        return f"{who} passed"
    if e.kind == "trick":
        return f"{who} won the trick"
    if e.kind == "finish":
        return f"{who} is out of cards"
    if e.kind == "abandoned":
        return "The trick in progress is abandoned"
    if e.kind == "deal_over":
        return f"**{who} won the deal**"
    return None


def position_picture(obs: Observation) -> Picture | None:
    """A reviewed decision's position: the player's hand then, from their
    observation (the coach's review draws it in the computer worker)."""
    return draw("position", render.render_observation_hand, obs)


class BigTwoAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0xB8322E)
    position_picture = staticmethod(position_picture)
    """Draws a reviewed decision's position from the player's observation
    (a module function: the review sends it to the computer worker)."""
    round_word = "deal"
    toggles = (
        ("last_single_two_wins", "Single 2 may win"),
        ("play_to_end", "Play to the end"),
    )

    # -- lobby and rules -------------------------------------------------------

    def describe_options(self, options: Options) -> str:
        ends = []
        if options.deals is not None:
            ends.append(plural(options.deals, "deal"))
        if options.threshold is not None:
            ends.append(f"until someone reaches {options.threshold} penalty points")
        session = "Session: " + " or ".join(ends) + "; the lowest penalty wins."
        return describe_options(self.game, options.preset, differences_text(options), session)

    def lobby_picture(
        self, options: Options, seats: Sequence[tuple[str, bool]], max_seats: int
    ) -> Picture | None:
        return None  # the lobby's embed lists the seats; a picture would add nothing

    def rules_embed(self, options: Options, colour: discord.Colour, where: str) -> discord.Embed:
        return rules_embed_from(rules_text(options), colour, where=where)

    def value_text(self, value: Any) -> str:
        return value_text(value)

    # -- the table -------------------------------------------------------------

    def table_lines(self, t: TableSnapshot) -> list[str]:
        view = t.state.public_view()
        lines = [
            line for line in (event_line(e, t.names) for e in view.history) if line is not None
        ][-5:]
        if view.face_up is not None:
            holder, card = view.face_up
            lines.insert(0, f"The 52nd card, {card.pretty()}, went face up to {t.names[holder]}.")
        if view.phase == "play" and view.top is None and view.lead_card is not None:
            lines.append(f"The lead must include the {view.lead_card.pretty()}.")
        return lines

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        return "to lead" if t.state.top is None else "to play"

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        st: BigTwo = t.state
        if st.current_player == player and st.default_decision() is PASS:
            return "I'll pass for you."
        return "I'll play your lowest card for you."

    def scores_text(self, t: TableSnapshot) -> str:
        st: BigTwo = t.state
        totals = " · ".join(f"{t.names[p]} {st.totals[p]}" for p in range(st.n))
        return f"{session_text(st.options, st.deal_number)} · Penalties: {totals}"

    def table_picture(self, t: TableSnapshot) -> Picture | None:
        view = t.state.public_view()
        return table_picture(render.render_table, view, t.names, t.computer_seats(), t.auto)

    # -- hands and controls ----------------------------------------------------

    def _lines(self, t: TableSnapshot, player: int, *, controls: bool) -> list[str]:
        st: BigTwo = t.state
        obs = st.observation(player)
        names = t.names
        hand = sort_hand(obs.hand, st.options)
        head = (
            f"**Big Two — {session_text(st.options, st.deal_number).lower()}** in <#{t.channel_id}>"
        )
        lines = [head, f"Your hand ({len(hand)}): {cards_text(hand)}"]
        if st.current_player == player and controls:
            # a rule that bars every card held: the engine's words say which
            barred = st.forced_pass()
            if st.top is None and barred is not None:
                trial = st.copy()
                trial.apply(PASS, player)
                nxt = trial.current_player
                sits_out = st.options.pass_rule == "out_until_next_trick"
                lines.append(f"**Your turn:** you lead, but {barred}.")
                lines.append(
                    f"Press **Pass**: {names[nxt] if nxt is not None else 'the next player'} "
                    f"leads instead{', and you sit out that trick' if sits_out else ''}."
                )
                return lines
            if st.top is None:
                lead = "**Your turn:** you lead — play any combination."
                if obs.lead_card is not None:
                    lead = (
                        "**Your turn:** you lead — your play must include the "
                        f"{obs.lead_card.pretty()}."
                    )
                lines.append(lead)
            else:
                by = names[st.top_player] if st.top_player is not None else "?"
                lines.append(f"**Your turn:** beat {combo_text(st.top)} by {by}, or pass.")
            if barred is not None:
                lines.append(f"{str(barred)[:1].upper()}{str(barred)[1:]}.")
            elif obs.legal == (PASS,):
                lines.append("Nothing you hold can be played now: **Pass**.")
            else:
                lines.append(
                    "Choose a suggested play to play it at once, or build your own from "
                    "the cards menu, then press **Play**."
                )
        elif st.current_player is not None:
            lines.append(f"Waiting for {names[st.current_player]}.")
        return lines

    def hand_message(self, t: TableSnapshot, player: int, *, controls: bool) -> HandMessage:
        st: BigTwo = t.state
        obs = st.observation(player)
        my_turn = st.current_player == player
        view = None
        if my_turn and controls:
            view = turn_view(t.game_id, t.version, st, player)
        picture = draw(
            "hand",
            render.render_hand,
            obs.hand,
            st.options,
            playable=playable_cards(obs.legal) if my_turn else None,
        )
        return HandMessage(self._lines(t, player, controls=controls), view, picture)

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        st: BigTwo = t.state
        parsed = parse_click(st, player, kind, arg, list(values))
        if parsed.decision is not None:
            return Decide(parsed.decision)
        choice = parsed.choice or Choice()
        lines = self._lines(t, player, controls=True)
        if choice.note:
            lines.append(f"➡ {choice.note}")
        if t.deadline is not None:
            lines.append(f"Time runs out {countdown(t.deadline)}.")
        view = turn_view(t.game_id, t.version, st, player, choice)
        return Redraw(view, "\n".join(lines)[:2000])

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        st: BigTwo = t.state
        left = sort_hand(st.hand(player), st.options)
        if isinstance(decision, Combo):
            done = f"You played {combo_text(decision)}."
        elif before.top is None:
            done = "You passed the lead on."
        else:
            done = "You passed."
        rest = (
            f"Cards left ({len(left)}): {cards_text(left)}" if left else "You have no cards left."
        )
        return Aftermath(f"{done} {rest}")

    # -- results ---------------------------------------------------------------

    def _result_lines(self, t: TableSnapshot, result: RoundScore) -> list[str]:
        names = t.names
        order = sorted(range(len(result.scores)), key=lambda p: (result.positions[p], p))
        lines = []
        for p in order:
            left = result.details[p].get("cards_left") if result.details else None
            score = result.scores[p]
            if result.positions[p] == 0 and score == 0:
                what = "won the deal"
            else:
                what = f"{plural(int(left), 'card')} left" if left is not None else ""
            lines.append(f"{names[p]} — {what}: +{score} (total {result.totals[p]})")
        return lines

    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        computer = t.computer_seats()
        picture = draw(
            "results",
            render.render_deal_results,
            result,
            picture_names(t.names, computer),
            t.state.options,
            computer=computer,
        )
        return ResultsMessage(
            f"Deal {result.number} results", "\n".join(self._result_lines(t, result)), picture
        )

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        st: BigTwo = t.state
        names = t.names
        computer = t.computer_seats()
        winners = " and ".join(names[w] for w in outcome.winners)
        lines = ["**Last deal**", *self._result_lines(t, st.results[-1]), ""]
        lines += ["**Final standings** (penalties: lower is better)"]
        lines += standings_lines(outcome.standings, outcome.totals, outcome.winners, names)
        picture = draw(
            "standings",
            render.render_final_standings,
            outcome,
            st.results,
            picture_names(names, computer),
            st.options,
            computer=computer,
        )
        title = f"Game over — {winners} win{'s' if len(outcome.winners) == 1 else ''}!"
        return ResultsMessage(title, "\n".join(lines), picture)

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        details = dict(result.details[player]) if result.details else {}
        details["won_deal"] = result.positions[player] == 0
        return details


ADAPTER = BigTwoAdapter()
