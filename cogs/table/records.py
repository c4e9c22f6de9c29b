"""What the session stores of a game beyond its decisions: the record's
envelope (header and deals) and a finished round's results, in the shape
every game shares."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from data import HINTS_DETAIL, RoundRecord, SeatResult
from data import RoundResult as StoredRound
from engine import RoundScore
from engine.stats import check_places
from locales import SOURCE, reading

from .models import Table

HINTED_DETAIL = "hinted"
"""A round detail: where the player's hinted decisions are in the round's record."""


def stored_round(t: Table, state: Any) -> StoredRound:
    """The rows a finished round stores: the same shape for every game. The engine
    checks the round's places first (a ValueError), so a game that placed its
    players wrongly stores nothing; storage refuses such places too."""
    result: RoundScore = state.round_results()[-1]
    check_places(result.positions, state.n)
    # stored: in English whoever's click ended the round (a computer's name says
    # "(computer)" as its seat stores it)
    with reading(SOURCE):
        return _stored(t, state, result)


def _stored(t: Table, state: Any, result: RoundScore) -> StoredRound:
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


def _with_hints(details: dict[str, Any], hinted: list[int]) -> dict[str, Any]:
    """A round's details with the player's hinted decisions: how many (``hints``,
    added up by the statistics for the profile) and where they are in the round's
    record (``hinted``, which ``/<game> record`` marks); left out when none."""
    if not hinted:
        return details
    return {**details, HINTS_DETAIL: len(hinted), HINTED_DETAIL: sorted(hinted)}


def decisions_made(state: Any) -> int:
    """How many decisions the round being played has in the record so far: the
    index the next one will have."""
    return len(json.loads(state.record().to_json())["rounds"][-1]["decisions"])


def mark_hints(record_json: str, rounds: Sequence[RoundRecord]) -> str:
    """The record with its hinted decisions listed as ``hinted``: [round, seat,
    index in that round's decisions], from the stored rounds' details. Records
    ignore keys they do not know, so it still replays."""
    marks = [
        [r.number, s.seat, int(i)]
        for r in rounds
        for s in r.seats
        for i in s.details.get(HINTED_DETAIL) or []
    ]
    if not marks:
        return record_json
    record = json.loads(record_json)
    record["hinted"] = sorted(marks)
    return json.dumps(record, ensure_ascii=False)


def record_parts(state: Any) -> tuple[str, str]:
    """The record's header (all but its rounds) and the current round's deal,
    in the envelope every game shares: the storage keeps a record as it grows."""
    record = json.loads(state.record().to_json())
    rounds = record.pop("rounds")
    deal = {k: v for k, v in rounds[-1].items() if k != "decisions"} if rounds else {}
    return json.dumps(record, ensure_ascii=False), json.dumps(deal, ensure_ascii=False)
