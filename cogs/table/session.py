"""The table session: one game's seats, turns, clocks, computer takeover,
rounds, results and resume, without Discord.

:class:`TableSession` plays every table of the bot against four small ports
(:mod:`cogs.table.ports`): storage, a clock, a messenger that tells the
players, and the computer players. Decisions from clicks, timers and
computers all go through :meth:`TableSession.apply`, under the table's
lock, and are stored before anyone is told about them. A storage failure
pauses the table instead of losing a decision: :meth:`TableSession.stored`
retries with a growing wait and the table goes on where it was.

The table's state lives in a :class:`~cogs.table.models.Table`; its driver
task is :meth:`TableSession.drive`. The Discord side (lobbies, the table
message, DMs, clicks) is in the other modules of this package.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

from cogs.clock import wait_event
from cogs.replies import UserFacingError
from data import GameNotFound, GameNotLive, LiveTable, NewGame, Seat, StaleVersion
from engine import EngineError
from locales import N_, _

from .manifest import GameManifest
from .models import Table, TableMeta, shown_name
from .ports import Clock, Computers, Messenger, Storage, Timings
from .records import record_parts, stored_round
from .seating import seat_refusal, takeable_seat
from .text import Later, Named, later

log = logging.getLogger("cardtable.game")

STORAGE_RETRY = (1.0, 60.0)
"""Clock seconds before the first retry of a storage call that failed, and the
most between two retries (each wait doubles the last)."""


class Stale(UserFacingError):
    """A click on controls that no longer apply; nothing changed."""


STALE_CONTROLS = N_(
    "Those controls are from an earlier turn, so nothing changed. "
    "Use your latest message or **My hand**."
)


def _seat_name(t: Table, p: int) -> Named:
    """The seat's name as a later reader reads it (see :func:`.models.shown_name`)."""
    return functools.partial(shown_name, t.seats[p])


def _gid(t: Table | None) -> str:
    return str(t.game_id) if t is not None else "-"


class TableSession:
    """Plays the bot's tables: the game loop and every change of a table's game."""

    def __init__(
        self,
        manifests: Mapping[str, GameManifest],
        *,
        storage: Storage,
        clock: Clock,
        messenger: Messenger,
        computers: Computers,
        timings: Timings,
    ) -> None:
        self.manifests = manifests
        self.storage = storage
        self.clock = clock
        self.messenger = messenger
        self.computers = computers
        self.timings = timings

    # -- storage ----------------------------------------------------------------------

    async def stored(self, t: Table | None, call: Any, /, *args: Any, **kwargs: Any) -> Any:
        """``await call(*args, **kwargs)``, a storage call, until storage takes it.

        The answers a caller acts on (a stale version, a game no longer live) are
        raised; any other failure pauses the table instead of ending its task:
        one ERROR in the log and one message to the players, then retries with a
        growing wait, and the table goes on where it was once one succeeds (the
        caller holds what it was storing, so no decision is lost).
        """
        wait, longest = STORAGE_RETRY
        failing = False
        try:
            while True:
                try:
                    return await call(*args, **kwargs)
                except (StaleVersion, GameNotLive, GameNotFound):
                    raise
                except Exception as exc:
                    if not failing:
                        failing = True
                        await self._storage_failed(t, exc)
                    else:
                        log.info("game %s: storage still failing (%s)", _gid(t), exc)
                await self.clock.sleep(wait)
                wait = min(wait * 2, longest)
        finally:
            if failing:
                self._storage_back(t)

    async def _storage_failed(self, t: Table | None, exc: Exception) -> None:
        if t is not None:
            t.storage_failures += 1
            if t.storage_failures > 1:
                return  # paused already (another call of the table is failing)
        log.error(
            "game %s: storage failed, the table is paused and retries: %r",
            _gid(t),
            exc,
            exc_info=exc,
        )
        if t is not None:
            await self.messenger.paused(t)
            t.dirty.set()

    def _storage_back(self, t: Table | None) -> None:
        if t is not None:
            t.storage_failures -= 1
            if t.storage_failures:
                return
        log.info("game %s: storage works again; the table goes on", _gid(t))
        if t is None or t.closed:
            return
        t.dirty.set()
        self.messenger.unpaused(t)

    async def save_meta(self, t: Table) -> None:
        meta_json = t.meta.to_json()
        with contextlib.suppress(GameNotLive):
            await self.stored(t, self.storage.set_meta, t.game_id, meta_json)
            t.stored_meta = meta_json

    # -- starting and resuming ---------------------------------------------------------

    async def create(
        self,
        manifest: GameManifest,
        *,
        guild_id: int,
        channel_id: int,
        preset: str,
        options: Any,
        seats: Sequence[Seat],
        meta: TableMeta,
        seed: int,
    ) -> Table:
        """A new game, dealt and stored (not running yet: see :meth:`drive`)."""
        game = manifest.game
        state = game.new_game(options, seed)
        header, deal = record_parts(state)
        meta.plan_turn(seats, state, 0, self.clock.now())
        game_id = await self.storage.create_game(
            NewGame(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=game.name,
                preset=preset,
                options_json=json.dumps(options.to_dict()),
                scoring=str(getattr(options, "scoring", "standard")),
                seats=list(seats),
                header_json=header,
                snapshot_json=state.to_json(include_record=False),
                deal_json=deal,
                meta_json=meta.to_json(),
                lower_is_better=game.lower_is_better,
            )
        )
        return Table(
            game_id,
            guild_id,
            channel_id,
            manifest.adapter,
            state,
            0,
            list(seats),
            meta,
            seed,
            stored_meta=meta.to_json(),
        )

    async def restore(self, live: LiveTable) -> Table | None:
        """A stored live table as it was: the round's snapshot with the decisions
        stored since replayed. None if this bot does not host its game (left
        as it is) or it cannot be read (abandoned)."""
        manifest = self.manifests.get(live.kind)
        if manifest is None:
            log.warning("game %s: no %s table here; left as it is", live.game_id, live.kind)
            return None
        game = manifest.game
        try:
            state = game.from_json(live.snapshot_json, game.load_record(live.record_json))
            for player, text in live.decisions:
                state.apply(game.parse_decision(text), player)
        except (EngineError, ValueError, KeyError, TypeError):
            log.warning("game %s: stored state unreadable; abandoned", live.game_id)
            await self.abandon_stored(live.game_id)
            return None
        return Table(
            game_id=live.game_id,
            guild_id=live.guild_id,
            channel_id=live.channel_id,
            adapter=manifest.adapter,
            state=state,
            version=live.version,
            seats=list(live.seats),
            meta=TableMeta.from_json(live.meta_json, state.n),
            seed=live.game_id,
            stored_meta=live.meta_json,
        )

    async def abandon_stored(self, game_id: int) -> None:
        with contextlib.suppress(GameNotLive):
            await self.stored(None, self.storage.abandon_game, game_id)

    # -- the driver --------------------------------------------------------------------

    async def drive(self, t: Table) -> None:
        """The table's game loop: whose turn, computer moves, timers, rounds."""
        try:
            while not t.closed:
                st = t.state
                if st.is_terminal():
                    await self.messenger.game_over(t)
                    return
                if st.is_round_over():
                    await self._next_round(t)
                    continue
                p = st.current_player
                assert p is not None
                version = t.version
                if t.is_computer(p):
                    await self._computer_turn(t, p, version)
                else:
                    await self._human_turn(t, p, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the game loop stopped", t.game_id)

    async def _computer_turn(self, t: Table, p: int, version: int) -> None:
        if t.deadline is not None or t.notified is not None:
            t.deadline = None
            t.notified = None
            await self.messenger.clear_ping(t)
        t.dirty.set()
        await self.clock.sleep(self.timings.computer_pause)  # so people can follow
        if t.closed or t.version != version or not t.is_computer(p):
            return
        obs = t.state.observation(p)
        decision = await self.computers.decide(
            self.manifests[t.kind], t.meta.level, t.seed * 31 + p, t.game_id, p, obs
        )
        with contextlib.suppress(Stale):
            await self.apply(t, p, decision, version, by="computer")

    async def _human_turn(self, t: Table, p: int, version: int) -> None:
        turn = float(t.meta.turn_seconds)
        if t.notified != (version, p):
            t.notified = (version, p)
            t.warned = False
            t.deadline = t.meta.turn_deadline(version, p)
            if t.deadline is None:  # a turn nothing planned (a seat taken back)
                t.meta.turn = [version, p, self.clock.now() + turn]
                t.deadline = t.meta.turn[2]
                await self.save_meta(t)  # before anyone sees it, as a decision
            t.dirty.set()
            if t.deadline > self.clock.now():  # else it ran out while the bot was down
                await self.messenger.turn(t, p, version)
        deadline = t.deadline or self.clock.now()
        t.changed.clear()
        if t.closed or t.version != version or t.is_computer(p):
            return
        warn_at = deadline - min(self.timings.warn_before, turn / 4)
        if not t.warned and warn_at > self.clock.now():
            if await self._wait(t, warn_at - self.clock.now()):
                return
            t.warned = True
            await self.messenger.warn(t, p, deadline)
            t.changed.clear()
            if t.closed or t.version != version or t.is_computer(p):
                return
        left = deadline - self.clock.now()
        if left > 0 and await self._wait(t, left):
            return
        if t.closed or t.version != version or t.is_computer(p):
            return
        decision = t.state.default_decision()
        with contextlib.suppress(Stale):
            await self.apply(t, p, decision, version, by="timeout")

    async def _wait(self, t: Table, seconds: float) -> bool:
        return await wait_event(self.clock, t.changed, seconds)

    # -- decisions and seats -------------------------------------------------------------

    async def apply(self, t: Table, p: int, decision: Any, version: int, *, by: str) -> Any:
        """Validate, store, then publish one decision (raises Stale or EngineError);
        ``by`` is ``human``, ``timeout`` or ``computer``.

        Storage appends the decision's notation (and the meta blob only when it
        changed), so a decision costs the same late in a game as early.
        Returns the state before the decision.
        """
        took_over = False
        async with t.lock:
            if t.closed:
                raise Stale(_("This game is over."))
            if t.version != version:
                raise Stale(_(STALE_CONTROLS))
            if t.state.current_player != p:
                raise Stale(_("It's not your turn."))
            started = time.thread_time()
            before = t.state
            new = before.copy()
            new.apply(decision, p)
            meta = TableMeta.from_json(t.meta.to_json(), new.n)
            if by == "human":
                meta.timeouts[p] = 0
                meta.auto[p] = False
            elif by == "timeout":
                meta.timeouts[p] += 1
                if meta.timeouts[p] >= 2 and not meta.auto[p]:
                    meta.auto[p] = True
                    took_over = True
            ended_round = new.is_terminal() or new.is_round_over()
            round_result = stored_round(t, new) if ended_round else None
            meta.plan_turn(t.seats, new, version + 1, self.clock.now())
            meta_json = meta.to_json()
            changed = meta_json != t.stored_meta
            outcome = new.outcome() if new.is_terminal() else None
            t.loop_cpu = time.thread_time() - started
            try:
                t.version = await self.stored(
                    t,
                    self.storage.append_decision,
                    t.game_id,
                    version,
                    p,
                    str(decision),
                    meta_json=meta_json if changed else None,
                    round_result=round_result,
                    winners=outcome.winners if outcome is not None else None,
                )
            except (StaleVersion, GameNotLive) as exc:
                raise Stale(_("Someone else acted first; nothing changed.")) from exc
            t.state = new
            # only the fields a decision owns: the table loop may have moved the
            # table message while this was being stored
            t.meta.timeouts = meta.timeouts
            t.meta.auto = meta.auto
            t.meta.turn = meta.turn
            if by == "timeout":
                self.note(t, later(N_("{name} ran out of time"), name=_seat_name(t, p)))
        t.changed.set()
        t.dirty.set()
        if by != "computer":
            await self.messenger.clear_ping(t)
        if took_over:
            self.note(
                t,
                later(
                    N_("{name} timed out twice: the computer plays for them"),
                    name=_seat_name(t, p),
                ),
            )
            await self.messenger.took_over(t, p)
        return before

    async def reclaim(self, t: Table, p: int) -> bool:
        """A human who acts again takes their seat back from the computer."""
        if not t.meta.auto[p]:
            return False
        async with t.lock:
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            await self.save_meta(t)
        self.note(t, later(N_("{name} is back"), name=_seat_name(t, p)))
        t.changed.set()
        t.dirty.set()
        return True

    async def leave(self, t: Table, p: int, user_id: int) -> str:
        """A human leaves: a computer takes their seat for the rest of the game,
        and they take no seat in it again. Returns their name."""
        async with t.lock:
            if t.closed:
                raise Stale(_("This game is over."))
            name = t.seats[p].display_name
            seat = Seat.computer(t.meta.level, f"{name} (computer)")
            await self.storage.set_seat(t.game_id, p, seat)
            t.seats[p] = seat
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            if user_id not in t.meta.left:
                t.meta.left.append(user_id)  # no seat in this game again
            humans = t.humans()
            if t.meta.host_id == user_id and humans:
                t.meta.host_id = t.seats[humans[0]].user_id or 0  # the next human hosts
            await self.save_meta(t)
        self.note(t, later(N_("{name} left; a computer plays their seat"), name=name))
        t.changed.set()
        t.dirty.set()
        return name

    async def take_seat(self, t: Table, user_id: int, name: str) -> tuple[int, str] | str:
        """A newcomer takes over a computer-played seat at once, even mid-round:
        (the seat, its old name), or why not."""
        async with t.lock:
            p = takeable_seat(t)
            refused = seat_refusal(t, user_id)
            if t.closed or p is None or refused is not None:
                return refused or _("Someone was quicker: no computer seat is free now.")
            old = t.seats[p].display_name
            old_name = _seat_name(t, p)
            seat = Seat.human(user_id, name)
            await self.storage.set_seat(t.game_id, p, seat)
            t.seats[p] = seat
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            t.meta.dm_closed[p] = False
            await self.save_meta(t)
        self.note(t, later(N_("{name} took over {old}'s seat"), name=name, old=old_name))
        t.changed.set()  # the driver re-checks who plays this seat
        t.dirty.set()
        return p, old

    async def abandon(self, t: Table) -> bool:
        """End without a winner (finished rounds stay recorded); False if it had
        ended already."""
        async with t.lock:
            if t.closed:
                return False
            await self.abandon_stored(t.game_id)
            t.closed = True
        return True

    def note(self, t: Table, text: str | Later) -> None:
        """A bot event for the table log (timeouts, leavers), newest last."""
        t.notes.append(text)
        del t.notes[:-3]

    # -- rounds ----------------------------------------------------------------------------

    async def _next_round(self, t: Table) -> None:
        result = t.state.round_results()[-1]
        if t.meta.results_posted >= result.number:
            # posted before a restart: the players have seen them
            await self.deal_next(t)
            return
        pause = self.timings.round_pause
        next_at = self.clock.now() + pause
        t.deadline = None
        t.notified = None
        await self.messenger.clear_ping(t)
        # remembered before it is posted: a restart in the pause must not post
        # it again (a crash between the two costs the post, not a duplicate)
        async with t.lock:
            t.meta.results_posted = result.number
            await self.save_meta(t)
        await self.messenger.round_over(t, result, next_at)
        await self.clock.sleep(pause)
        await self.deal_next(t)

    async def deal_next(self, t: Table) -> None:
        async with t.lock:
            if t.closed or not t.state.is_round_over():
                return
            new = t.state.copy()
            new.start_round()
            _header, deal = record_parts(new)
            t.meta.plan_turn(t.seats, new, t.version + 1, self.clock.now())
            meta_json = t.meta.to_json()
            try:
                t.version = await self.stored(
                    t,
                    self.storage.start_round,
                    t.game_id,
                    t.version,
                    new.to_json(include_record=False),
                    deal,
                    meta_json=meta_json,
                )
                t.stored_meta = meta_json
            except (StaleVersion, GameNotLive):
                log.warning("game %s: the next deal was not stored; stopping", t.game_id)
                t.closed = True
                return
            t.state = new
            t.notes.clear()
        t.dirty.set()
        await self.messenger.dealt(t)
