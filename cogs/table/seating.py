"""Who may take a seat at a table: shared by the session, the table message and
the server's commands."""

from __future__ import annotations

from locales import _

from .models import Table


def takeable_seat(t: Table) -> int | None:
    """The first seat a newcomer may take: played by the computer because it was
    a computer seat or its human left (not a human's seat after timeouts)."""
    for p, seat in enumerate(t.seats):
        if seat.user_id is None:
            return p
    return None


def seat_refusal(t: Table, user_id: int) -> str | None:
    """Why this person may not take a seat at this table, or None. Taking a seat
    shows its hand at once, so it must not be a peephole: nobody who holds a
    seat or has left the game takes one (``meta.left`` is stored with the
    table, so a restart does not forget)."""
    if t.seat_of_user(user_id) is not None:
        return _("You're already playing at this table.")
    if user_id in t.meta.left:
        return _("You left this game, so you can't take a seat in it again.")
    return None
