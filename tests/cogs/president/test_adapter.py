"""President's adapter: a give-back is chosen, shown, and only then given."""

from __future__ import annotations

from cogs.president.adapter import ADAPTER
from cogs.table.adapter import Decide, Redraw
from cogs.table.models import Table, TableMeta
from cogs.table.snapshot import TableSnapshot
from data import Seat
from engine.president import Give, President, preset


def _exchange_table() -> TableSnapshot:
    state = President.new_game(preset("classic"), seed=4)
    while not state.is_round_over():
        state.apply(state.default_decision())
    state.start_round()
    assert state.phase == "exchange"
    meta = TableMeta(1, 60, "normal", [False] * 4, [0] * 4, [False] * 4)
    seats = [Seat.human(100 + p, f"p{p}") for p in range(4)]
    return Table(1, 2, 3, ADAPTER, state, 7, seats, meta, seed=1).snapshot()


def test_choosing_cards_to_give_back_asks_for_a_confirm() -> None:
    t = _exchange_table()
    giver, _receiver, count = t.state.pending[0]
    values = [str(c) for c in sorted(t.state.hand(giver))[:count]]
    shown = ADAPTER.on_control(t, giver, "give", "c", values)
    assert isinstance(shown, Redraw), "choosing redraws; nothing is given yet"
    ids = [c["custom_id"] for row in shown.view.to_components() for c in row["components"]]
    confirm = next(i for i in ids if ":gok:" in i)
    assert confirm == f"pres:c:1:7:gok:c.{'.'.join(values)}"
    done = ADAPTER.on_control(t, giver, "gok", confirm.split(":", 5)[5], [])
    assert isinstance(done, Decide) and isinstance(done.decision, Give)
    assert sorted(str(c) for c in done.decision.cards) == sorted(values)
