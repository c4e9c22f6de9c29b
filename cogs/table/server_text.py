"""The longer texts of the server's side of a table (:mod:`cogs.table.server`),
composed for the current reader (``locales.reading``): house rules panel, saved
defaults, seats, forgetting a player. No Discord here."""

from __future__ import annotations

from typing import Any

from locales import _, _n, current, format_number

from .settings import hints_text


def players_text(n: int) -> str:
    return _n("{n} player", "{n} players", n).format(n=format_number(current(), n))


def seats_taken(seated: int, players: int) -> str:
    """Refusal of fewer seats than are taken."""
    return _n(
        "{n} seat is taken; remove players or bots before going down to {players}.",
        "{n} seats are taken; remove players or bots before going down to {players}.",
        seated,
    ).format(n=format_number(current(), seated), players=players_text(players))


def panel_text(preset: str, command: str, changed: str, hints: bool) -> str:
    """The House rules panel's text; ``changed``: the options changed from the preset."""
    return _(
        "**House rules** for this lobby ({preset}). Changes show on the lobby at "
        "once; every option is also at `/{command} set`.\nChanged from "
        "{preset}: {changed}\nCoach: {hints}."
    ).format(
        preset=preset,
        command=command,
        # Translators: no house rule changed from the preset
        changed=changed or _("none"),
        hints=hints_text(hints),
    )


def saved_text(scope: str, game: Any, lobby: Any, changed: str) -> str:
    """What ``/<game> defaults`` saved, for the ``scope`` (channel or server)."""
    if scope == "server":
        saved = _(
            "Saved as the {game} default for this server (channels with their own "
            "defaults keep them): **{preset}** with {seats} ({changed}), {seconds} s "
            "turns, computers at level {level}. `/{command} new` starts from these."
        )
    else:
        saved = _(
            "Saved as the {game} default for this channel: **{preset}** with {seats} "
            "({changed}), {seconds} s turns, computers at level {level}. "
            "`/{command} new` starts from these."
        )
    loc = current()
    return saved.format(
        game=_(game.title),
        preset=lobby.preset,
        seats=_n("{n} seat", "{n} seats", lobby.seats).format(n=format_number(loc, lobby.seats)),
        changed=changed or _("no changes"),
        seconds=format_number(loc, lobby.turn_seconds),
        level=lobby.level,
        command=game.name,
    )


def forget_warning() -> str:
    return _(
        "This deletes your statistics, ratings and points of every game **in this "
        "server**; your seats in past games will read “Deleted player”. "
        "It can't be undone."
    )


def forgotten(seats: int) -> str:
    """What ``forget-me`` did: ``seats`` of past games anonymised."""
    return _n(
        "Done: your statistics in this server are deleted and your seats in "
        "{n} past game now read “Deleted player”.",
        "Done: your statistics in this server are deleted and your seats in "
        "{n} past games now read “Deleted player”.",
        seats,
    ).format(n=format_number(current(), seats))
