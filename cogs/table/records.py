"""What the session stores of a game beyond its decisions: the record's
envelope (header and deals) and a finished round's results, in the shape
every game shares."""

from __future__ import annotations

import json
from typing import Any

from data import HINTS_DETAIL, SeatResult
from data import RoundResult as StoredRound
from engine import RoundScore
from engine.stats import check_places

from .models import Table


def stored_round(t: Table, state: Any) -> StoredRound:
    """The rows a finished round stores: the same shape for every game. The engine
    checks the round's places first (a ValueError), so a game that placed its
    players wrongly stores nothing; storage refuses such places too."""
    result: RoundScore = state.round_results()[-1]
    check_places(result.positions, state.n)
    snapshot = t.snapshot(state)
    return StoredRound(
        number=result.number,
        seats=[
            SeatResult(
                seat=p,
                position=result.positions[p],
                score=result.scores[p],
                total=result.totals[p],
                details=_with_hints(
                    t.adapter.round_details(snapshot, result, p),
                    t.meta.hinted_in(p, result.number),
                ),
                display_name=t.names[p],
            )
            for p in range(state.n)
        ],
        statistics=t.adapter.game.statistics,
    )


def _with_hints(details: dict[str, Any], hints: int) -> dict[str, Any]:
    """A round's details with the player's hinted decisions counted (``hints``,
    added up by the statistics for the profile); left out when none."""
    return {**details, HINTS_DETAIL: hints} if hints else details


def record_parts(state: Any) -> tuple[str, str]:
    """The record's header (all but its rounds) and the current round's deal,
    in the envelope every game shares: the storage keeps a record as it grows."""
    record = json.loads(state.record().to_json())
    rounds = record.pop("rounds")
    deal = {k: v for k, v in rounds[-1].items() if k != "decisions"} if rounds else {}
    return json.dumps(record, ensure_ascii=False), json.dumps(deal, ensure_ascii=False)
