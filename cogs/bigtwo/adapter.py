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
from cogs.table.text import countdown, standings_lines
from engine.bigtwo import GAME_TYPE, PASS, BigTwo, Combo, Event, Observation, Options
from engine.game import GameOutcome, RoundScore
from locales import N_, _, _n, _p, current, format_list, format_number
from render import bigtwo as render
from render.bigtwo.words import (
    cards_text,
    combo_text,
    playable_cards,
    session_text,
    sort_hand,
)

from .controls import Choice, barred_text, parse_click, turn_view
from .rules_text import differences_text, rules_text, value_text

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


def event_line(e: Event, names: Sequence[str]) -> str | None:
    """One public event in words (played cards are public in Big Two)."""
    if 0 <= e.player < len(names):
        who = names[e.player]
    else:
        who = _("Player {number}").format(number=format_number(current(), e.player + 1))
    # Translators: lines of the table message's log of the last plays
    if e.kind == "play" and e.combo is not None:
        return _("{name} played {play}").format(name=who, play=combo_text(e.combo))
    if e.kind == "pass":
        return _("{name} passed").format(name=who)
    if e.kind == "trick":
        return _("{name} won the trick").format(name=who)
    if e.kind == "finish":
        return _("{name} is out of cards").format(name=who)
    if e.kind == "abandoned":
        return _("The trick in progress is abandoned")
    if e.kind == "deal_over":
        return _("**{name} won the deal**").format(name=who)
    return None


def position_picture(obs: Observation) -> Picture | None:
    """A reviewed decision's position: the player's hand then, from their
    observation (the coach's review draws it in the computer worker)."""
    return draw("position", render.render_observation_hand, obs)


def decision_text(decision: Any) -> str:
    """A decision as the coach names it: ``Pair of 9s (9♣ 9♦)``, ``Pass``."""
    return combo_text(decision) if isinstance(decision, Combo) else _p("button", "Pass")


class BigTwoAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0xB8322E)
    position_picture = staticmethod(position_picture)
    """Draws a reviewed decision's position from the player's observation
    (a module function: the review sends it to the computer worker)."""
    decision_text = staticmethod(decision_text)
    """Names a decision in a hint or a review, in the reader's language."""
    round_word = "deal"
    """The runtime's key for Big Two's rounds (not shown as written)."""
    TOGGLES: tuple[tuple[str, str], ...] = (
        # Translators: buttons of the lobby's house rules that switch a rule on or off
        ("last_single_two_wins", N_("Single 2 may win")),
        ("play_to_end", N_("Play to the end")),
    )

    @property
    def toggles(self) -> tuple[tuple[str, str], ...]:
        """The lobby's on/off house rules: (option, label in the reader's language)."""
        return tuple((name, _(label)) for name, label in self.TOGGLES)

    # -- lobby and rules -------------------------------------------------------

    def describe_options(self, options: Options) -> str:
        loc = current()
        deals, threshold = options.deals, options.threshold
        if threshold is None:
            session = _n(
                "Session: {n} deal; the lowest penalty wins.",
                "Session: {n} deals; the lowest penalty wins.",
                deals or 0,
            )
        elif deals is None:
            session = _(
                "Session: until someone reaches {points} penalty points; the lowest penalty wins."
            )
        else:
            session = _n(
                "Session: {n} deal or until someone reaches {points} penalty points; the lowest "
                "penalty wins.",
                "Session: {n} deals or until someone reaches {points} penalty points; the lowest "
                "penalty wins.",
                deals,
            )
        session = session.format(
            n=format_number(loc, deals or 0), points=format_number(loc, threshold or 0)
        )
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
            # Translators: a three-player deal: the one card not dealt is shown to all
            line = _("The 52nd card, {card}, went face up to {name}.")
            lines.insert(0, line.format(card=card.pretty(), name=t.names[holder]))
        if view.phase == "play" and view.top is None and view.lead_card is not None:
            lines.append(
                _("The lead must include the {card}.").format(card=view.lead_card.pretty())
            )
        return lines

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        # Translators: after the mention of the player to act: "Turn: @Ann to lead"
        return _p("turn", "to lead") if t.state.top is None else _p("turn", "to play")

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        st: BigTwo = t.state
        if st.current_player == player and st.default_decision() is PASS:
            # Translators: what happens when the player to act runs out of time
            return _("I'll pass for you.")
        return _("I'll play your lowest card for you.")

    def scores_text(self, t: TableSnapshot) -> str:
        st: BigTwo = t.state
        loc = current()
        totals = " · ".join(f"{t.names[p]} {format_number(loc, st.totals[p])}" for p in range(st.n))
        # Translators: the table message's footer: the deal, then each player's penalty total
        return _("{session} · Penalties: {totals}").format(
            session=session_text(st.options, st.deal_number), totals=totals
        )

    def table_picture(self, t: TableSnapshot) -> Picture | None:
        view = t.state.public_view()
        return table_picture(render.render_table, view, t.names, t.computer_seats(), t.auto)

    # -- hands and controls ----------------------------------------------------

    def _lines(self, t: TableSnapshot, player: int, *, controls: bool) -> list[str]:
        st: BigTwo = t.state
        obs = st.observation(player)
        names = t.names
        hand = sort_hand(obs.hand, st.options)
        # Translators: the head of a player's hand message: the game, the deal (lower
        # case, "deal 2 of 4") and the channel
        head = _("**Big Two — {session}** in {channel}").format(
            session=session_text(st.options, st.deal_number).lower(), channel=f"<#{t.channel_id}>"
        )
        # Translators: the player's cards, after how many they hold
        mine = _("Your hand ({n}): {cards}").format(
            n=format_number(current(), len(hand)), cards=cards_text(hand)
        )
        lines = [head, mine]
        if st.current_player == player and controls:
            # a rule that bars every card held: the engine's words say which
            barred = st.forced_pass()
            if st.top is None and barred is not None:
                trial = st.copy()
                trial.apply(PASS, player)
                nxt = trial.current_player
                sits_out = st.options.pass_rule == "out_until_next_trick"
                lines.append(
                    _(
                        "**Your turn:** you lead, but a single 2 cannot be the play that wins "
                        "the deal under these rules, and it is your only card: pass the lead on."
                    )
                )
                who = names[nxt] if nxt is not None else _("the next player")
                if sits_out:
                    then = _("Press **Pass**: {name} leads instead, and you sit out that trick.")
                else:
                    then = _("Press **Pass**: {name} leads instead.")
                lines.append(then.format(name=who))
                return lines
            if st.top is None:
                lead = _("**Your turn:** you lead — play any combination.")
                if obs.lead_card is not None:
                    lead = _("**Your turn:** you lead — your play must include the {card}.")
                    lead = lead.format(card=obs.lead_card.pretty())
                lines.append(lead)
            else:
                by = names[st.top_player] if st.top_player is not None else "?"
                # Translators: the play to beat and who played it
                beat = _("**Your turn:** beat {play} by {name}, or pass.")
                lines.append(beat.format(play=combo_text(st.top), name=by))
            if barred is not None:
                lines.append(barred_text(st))
            elif obs.legal == (PASS,):
                lines.append(_("Nothing you hold can be played now: **Pass**."))
            else:
                lines.append(
                    _(
                        "Choose a suggested play to play it at once, or build your own from "
                        "the cards menu, then press **Play**."
                    )
                )
        elif st.current_player is not None:
            lines.append(_("Waiting for {name}.").format(name=names[st.current_player]))
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
            # Translators: {when} is a Discord timestamp that counts down ("in 2 minutes")
            lines.append(_("Time runs out {when}.").format(when=countdown(t.deadline)))
        view = turn_view(t.game_id, t.version, st, player, choice)
        return Redraw(view, "\n".join(lines)[:2000])

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        st: BigTwo = t.state
        left = sort_hand(st.hand(player), st.options)
        if isinstance(decision, Combo):
            done = _("You played {play}.").format(play=combo_text(decision))
        elif before.top is None:
            done = _("You passed the lead on.")
        else:
            done = _("You passed.")
        if left:
            # Translators: after a play, the cards the player still holds
            rest = _("Cards left ({n}): {cards}").format(
                n=format_number(current(), len(left)), cards=cards_text(left)
            )
        else:
            rest = _("You have no cards left.")
        # Translators: two sentences one after the other: what you did, then your cards
        return Aftermath(_("{done} {rest}").format(done=done, rest=rest))

    # -- results ---------------------------------------------------------------

    def _result_lines(self, t: TableSnapshot, result: RoundScore) -> list[str]:
        names = t.names
        loc = current()
        order = sorted(range(len(result.scores)), key=lambda p: (result.positions[p], p))
        lines = []
        for p in order:
            left = result.details[p].get("cards_left") if result.details else None
            score = result.scores[p]
            # Translators: a line of a deal's results: a player, what they left, this
            # deal's penalty and their session total
            if result.positions[p] == 0 and score == 0:
                line = _("{name} — won the deal: +{score} (total {total})")
            elif left is not None:
                line = _n(
                    "{name} — {n} card left: +{score} (total {total})",
                    "{name} — {n} cards left: +{score} (total {total})",
                    int(left),
                )
            else:
                line = _("{name}: +{score} (total {total})")
            lines.append(
                line.format(
                    name=names[p],
                    n=format_number(loc, int(left or 0)),
                    score=format_number(loc, score),
                    total=format_number(loc, result.totals[p]),
                )
            )
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
        title = _("Deal {number} results").format(number=format_number(current(), result.number))
        return ResultsMessage(title, "\n".join(self._result_lines(t, result)), picture)

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        st: BigTwo = t.state
        names = t.names
        computer = t.computer_seats()
        loc = current()
        winners = format_list(loc, [names[w] for w in outcome.winners])
        lines = [_("**Last deal**"), *self._result_lines(t, st.results[-1]), ""]
        lines += [_("**Final standings** (penalties: lower is better)")]
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
        # Translators: the final results' title; {names} is one winner or a list of
        # players who tie for the win
        title = _n("Game over — {names} wins!", "Game over — {names} win!", len(outcome.winners))
        title = title.format(names=winners)
        return ResultsMessage(title, "\n".join(lines), picture)

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        details = dict(result.details[player]) if result.details else {}
        details["won_deal"] = result.positions[player] == 0
        return details


ADAPTER = BigTwoAdapter()
