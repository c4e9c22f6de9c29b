"""Take-away's Discord side: the smallest complete ``GameAdapter``.

No pictures (a game may have none: the runtime then sends text only), one
button per legal take, a strict parser for clicks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.replies import UserFacingError
from cogs.table.adapter import (
    Aftermath,
    Decide,
    HandMessage,
    Redraw,
    ResultsMessage,
    rules_embed_from,
)
from cogs.table.text import standings_lines
from cogs.table.views import ControlItem, control_button
from engine.game import GameOutcome, RoundScore

from .game import GAME_TYPE, Take, TakeAway

if TYPE_CHECKING:
    from cogs.table.snapshot import TableSnapshot


class _Rules:
    def __init__(self, options: Any, where: str) -> None:
        self.title = f"Take-away — {options.preset} rules {where}".strip()
        self.description = f"{options.stones} stones; take 1 to {options.take_max} a turn."
        self.sections = (("Winning", "Who takes the last stone wins the round."),)


class TakeAwayAdapter:
    game = GAME_TYPE
    colour = discord.Colour(0x888888)
    toggles = (("random_pile", "Random pile"),)
    round_word = "round"

    def describe_options(self, options: Any) -> str:
        return f"{options.stones} stones, take 1 to {options.take_max}, {options.rounds} rounds"

    def lobby_picture(self, options: Any, seats: Sequence[tuple[str, bool]], n: int) -> None:
        return None

    def rules_embed(self, options: Any, colour: discord.Colour, where: str) -> discord.Embed:
        return rules_embed_from(_Rules(options, where), colour)

    def value_text(self, value: Any) -> str:
        return "on" if value is True else "off" if value is False else str(value)

    def table_lines(self, t: TableSnapshot) -> list[str]:
        return [f"Stones left: {t.state.stones}"]

    def turn_text(self, t: TableSnapshot, player: int) -> str:
        return "to take stones"

    def timeout_text(self, t: TableSnapshot, player: int) -> str:
        return "I'll take one stone for you."

    def scores_text(self, t: TableSnapshot) -> str:
        return "Points: " + " · ".join(f"{t.names[p]} {s}" for p, s in enumerate(t.state.scores))

    def table_picture(self, t: TableSnapshot) -> None:
        return None

    def hand_message(self, t: TableSnapshot, player: int, *, controls: bool) -> HandMessage:
        state: TakeAway = t.state
        lines = [f"**Take-away — round {state.round_number}**: {state.stones} stones left."]
        view = None
        if controls and state.current_player == player:
            lines.append("**Your turn:** take some stones.")
            view = discord.ui.View(timeout=None)
            for take in state.legal_actions():
                item = control_button(f"Take {take.count}", discord.ButtonStyle.primary)
                view.add_item(ControlItem(item, t.game_id, t.version, "take", str(take.count)))
        return HandMessage(lines, view)

    def on_control(
        self, t: TableSnapshot, player: int, kind: str, arg: str, values: Sequence[str]
    ) -> Redraw | Decide:
        legal = {str(take.count) for take in t.state.legal_actions()}
        if kind != "take" or arg not in legal:
            raise UserFacingError("That choice is not on your menu any more; nothing changed.")
        return Decide(Take(int(arg)))

    def aftermath(self, t: TableSnapshot, player: int, decision: Any, before: Any) -> Aftermath:
        return Aftermath(f"You took {decision.count}. Stones left: {t.state.stones}.")

    def round_message(self, t: TableSnapshot, result: RoundScore) -> ResultsMessage:
        winner = result.positions.index(0)
        return ResultsMessage(
            f"Round {result.number} results", f"{t.names[winner]} took the last stone."
        )

    def final_message(self, t: TableSnapshot, outcome: GameOutcome) -> ResultsMessage:
        winners = " and ".join(t.names[w] for w in outcome.winners)
        lines = standings_lines(outcome.standings, outcome.totals, outcome.winners, t.names)
        return ResultsMessage(f"Game over — {winners} won!", "\n".join(lines))

    def round_details(self, t: TableSnapshot, result: RoundScore, player: int) -> dict[str, Any]:
        return {}


ADAPTER = TakeAwayAdapter()
