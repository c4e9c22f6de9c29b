"""President's Discord side: what the table runtime asks of a game.

The runtime (``cogs/table``) runs lobbies, turns, clocks and storage; this
adapter turns President's states into messages, pictures and controls, and
clicks back into decisions. Every click is parsed strictly: a value that is
not among the current menu's choices is refused and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import render.president as render
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
from cogs.table.text import STALE_CHOICE, standings_lines
from engine.game import GameOutcome, RoundScore
from engine.president import (
    EXCHANGE,
    GAME_TYPE,
    PASS,
    Give,
    Options,
    Play,
    President,
)
from locales import N_, _, _n, current, format_list

from . import images
from .rules_text import differences_text, rules_text, value_text
from .text import (
    PlayChoices,
    cards_text,
    effect_text,
    exchange_private_lines,
    exchange_public_lines,
    give_choices,
    number,
    parse_rank_value,
    play_choices,
    play_text,
    recent_log,
    resolve_give,
    round_lines,
)
from .views import give_view, play_view

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


def decision_text(decision: Play | Give) -> str:
    """A decision as the coach names it: ``pair of K``, ``pass``, ``Give back 3♣``."""
    if isinstance(decision, Give):
        return _("Give back {cards}").format(cards=cards_text(decision.cards))
    return play_text(decision)


class PresidentAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0x2F8A58)
    position_picture = staticmethod(images.position_picture)
    """Draws a reviewed decision's position from the player's observation
    (a module function: the review sends it to the computer worker)."""
    decision_text = staticmethod(decision_text)
    """Names a decision in a hint or a review, in the reader's language."""
    round_word = N_("round")
    """Marked here, translated where the table runtime shows it."""
    toggles = (
        # Translators: house rules as settings toggles; Japanese: 革命, イレブンバック…
        ("revolution", N_("Revolution")),
        ("equal_plays", N_("Equal plays")),
        ("skip_on_equal", N_("Skip on equal")),
        ("compulsory", N_("Must play")),
        ("single_round", N_("One turn each")),
    )

    # -- lobby and rules -------------------------------------------------------

    def describe_options(self, options: Options) -> str:
        return describe_options(self.game, options.preset, differences_text(options))

    def lobby_picture(
        self, options: Options, seats: Sequence[tuple[str, bool]], max_seats: int
    ) -> Any:
        return images.lobby_picture(options.preset, options, seats, max_seats)

    def rules_embed(self, options: Options, colour: discord.Colour, where: str) -> discord.Embed:
        return rules_embed_from(rules_text(options), colour, where=where)

    def value_text(self, value: Any) -> str:
        return value_text(value)

    # -- the table -------------------------------------------------------------

    def table_lines(self, t: TableSnapshot) -> list[str]:
        view = t.state.public_view()
        lines = recent_log(view.history, t.names, limit=5)
        if view.exchange:
            lines = exchange_public_lines(view.exchange, t.names) + lines
        return lines

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        return _("gives back cards") if t.state.phase == EXCHANGE else _("to play")

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        if t.state.phase == EXCHANGE:
            return _("I'll give back your lowest cards.")
        return _("I'll decide for you.")

    def scores_text(self, t: TableSnapshot) -> str:
        view = t.state.public_view()
        scores = " · ".join(
            _("{name} {score}").format(name=t.names[s.player], score=number(s.score))
            for s in view.seats
        )
        return _("Scores: {scores}").format(scores=scores)

    def table_picture(self, t: TableSnapshot) -> Any:
        view = t.state.public_view()
        return table_picture(render.render_table, view, t.names, t.computer_seats(), t.auto)

    # -- hands and controls ----------------------------------------------------

    def hand_message(self, t: TableSnapshot, player: int, *, controls: bool) -> HandMessage:
        st: President = t.state
        obs = st.observation(player)
        names = t.names
        lines = [
            _("**President — round {n}** in {channel}").format(
                n=number(st.round_number), channel=f"<#{t.channel_id}>"
            )
        ]
        lines += exchange_private_lines(obs.exchange, player, names)
        lines.append(
            _("Your hand ({n}): {cards}").format(
                n=number(len(obs.hand)), cards=cards_text(obs.hand)
            )
        )
        view: discord.ui.View | None = None
        my_turn = st.current_player == player
        if my_turn and controls:
            if st.phase == EXCHANGE:
                _giver, receiver, count = st.pending[0]
                choices = give_choices(obs.hand, count)
                due = _n(
                    "**Your turn:** give {n} card back to {name}.",
                    "**Your turn:** give {n} cards back to {name}.",
                    choices.count,
                )
                lines.append(due.format(n=number(choices.count), name=names[receiver]))
                view = give_view(t.game_id, t.version, choices)
            else:
                top = st.top
                if top is None:
                    lines.append(_("**Your turn:** you lead — play any set."))
                else:
                    by = names[st.top_player] if st.top_player is not None else "?"
                    beat = _("**Your turn:** beat {play} by {name}, or pass.")
                    lines.append(beat.format(play=play_text(top), name=by))
                choices = play_choices(obs.legal)
                if not choices.one_click and choices.ranks:
                    lines.append(_("Choose a rank, then how many cards, then **Play**."))
                view = play_view(
                    t.game_id, t.version, choices, effects=_effects(t, player, choices)
                )
        elif st.current_player is not None:
            lines.append(_("Waiting for {name}.").format(name=names[st.current_player]))
        picture = images.hand_picture(
            obs.hand, obs.legal if my_turn else (), st.options, st.revolution
        )
        return HandMessage(lines, view, picture)

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        st: President = t.state
        if kind in ("set", "rank", "count", "play", "pass"):
            if st.phase == EXCHANGE:
                raise UserFacingError(_(STALE_CHOICE))
            choices = play_choices(st.observation(player).legal)
            if kind == "pass":
                if not choices.can_pass:
                    raise UserFacingError(_("You can't pass now: you lead, or you must play."))
                return Decide(PASS)
            # each kind belongs to one of the two menus: a click from the other is not
            # on the player's menu (an older release's message, or a forged id)
            if (kind == "set") != choices.one_click:
                raise UserFacingError(_(STALE_CHOICE))
            if kind == "set":
                offered = {str(p): p for p in choices.plays}
                chosen = offered.get(values[0]) if len(values) == 1 and not arg else None
                if chosen is None:
                    raise UserFacingError(_(STALE_CHOICE))
                return Decide(chosen)
            if kind == "rank":
                rank = _one_rank(values[0] if len(values) == 1 else "")
                if not choices.counts(rank):
                    raise UserFacingError(_(STALE_CHOICE))
                return Redraw(play_view(t.game_id, t.version, choices, rank=rank))
            if kind == "count":
                rank = _one_rank(arg)
                counts = choices.counts(rank)
                text = values[0] if len(values) == 1 else ""
                if not (text.isascii() and text.isdigit()) or int(text) not in counts:
                    raise UserFacingError(_(STALE_CHOICE))
                return Redraw(play_view(t.game_id, t.version, choices, rank=rank, count=int(text)))
            played = {str(p): p for p in choices.plays}.get(arg)
            if played is None or values:
                raise UserFacingError(_(STALE_CHOICE))
            return Decide(played)
        if kind in ("give", "gok"):
            # choosing the cards redraws with a confirm button; only the confirm gives
            if kind == "gok":
                mode, *values = arg.split(".")
            else:
                mode = arg
            if st.phase != EXCHANGE or not st.pending or mode not in ("g", "c"):
                raise UserFacingError(_(STALE_CHOICE))
            hand = st.hand(player)
            offer = give_choices(hand, st.pending[0][2])
            allowed = {value for value, _label in offer.options}
            if mode != ("g" if offer.grouped else "c") or any(v not in allowed for v in values):
                raise UserFacingError(_(STALE_CHOICE))
            try:
                give = resolve_give(hand, values, offer.count, offer.grouped)
            except ValueError as exc:
                raise UserFacingError(str(exc)) from exc
            if kind == "give":
                return Redraw(give_view(t.game_id, t.version, offer, chosen=list(values)))
            return Decide(give)
        raise UserFacingError(_(STALE_CHOICE))

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        st: President = t.state
        left = st.hand(player) if not st.is_over else ()
        if isinstance(decision, Give):
            # Keep what the exchange moved in this message: it replaces the turn message.
            mine = exchange_private_lines(st.observation(player).exchange, player, t.names)
            private: list[tuple[int, str]] = []
            if before.pending:
                receiver = before.pending[0][1]
                # in the giver's language here; the runtime composes the aftermath
                # again in the receiver's for this note (Clicks._note_for)
                got = _("{name} gave you back {cards}.").format(
                    name=t.names[player], cards=cards_text(decision.cards)
                )
                private.append((receiver, got))
            left_text = _("Cards left: {cards}").format(cards=cards_text(left))
            text = "\n".join([*mine, left_text])
            return Aftermath(text, private)
        if decision.is_pass:
            done = _("You passed.")
        else:
            done = _("You played {play}.").format(play=play_text(decision))
        left_line = _("Cards left: {cards}").format(cards=cards_text(left))
        return Aftermath(_("{done} {left}").format(done=done, left=left_line))

    # -- results ---------------------------------------------------------------

    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        view = t.state.public_view()
        last = view.results[-1]
        picture = images.round_picture(last, t.names, view.options, t.computer_seats())
        title = _("Round {n} results").format(n=number(last.round_number))
        return ResultsMessage(title, "\n".join(round_lines(last, t.names)), picture)

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        view = t.state.public_view()
        names = t.names
        winners = format_list(current(), [names[w] for w in outcome.winners])
        lines = [_("**Last round**"), *round_lines(view.results[-1], names), ""]
        lines += [_("**Final standings**")]
        lines += standings_lines(outcome.standings, outcome.totals, outcome.winners, names)
        picture = images.standings_picture(
            outcome, view.results, names, view.options, t.computer_seats()
        )
        title = _n(
            "Game over — {names} wins!", "Game over — {names} win!", len(outcome.winners)
        ).format(names=winners)
        return ResultsMessage(title, "\n".join(lines), picture)

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        return dict(result.details[player]) if result.details else {}


def _effects(t: TableSnapshot, player: int, choices: PlayChoices) -> dict[Play, str | None]:
    """What each one-click option does beyond going on the pile, found by
    trying it on a copy: the engine's own verdict, so the words follow the
    options in force (jokers, 2s, revolutions, skips)."""
    if not choices.one_click:
        return {}
    st: President = t.state
    said: dict[Play, str | None] = {}
    for play in choices.plays:
        events = st.copy().apply(play, player)
        said[play] = effect_text(
            play,
            events,
            player,
            t.names,
            top=st.top,
            trick_size=st.trick_size,
            revolution=st.revolution,
        )
    return said


def _one_rank(text: str) -> int:
    try:
        return parse_rank_value(text)
    except ValueError:
        raise UserFacingError(_(STALE_CHOICE)) from None


ADAPTER = PresidentAdapter()
