"""In-memory lobbies and tables of the table runtime (any game).

A :class:`Table` is the live game of one channel: its game's adapter, the
engine state, the stored version (for ``Database.append_decision``), the seats and the bot's own
bookkeeping (``TableMeta``, stored as the live table's meta JSON so a
restart resumes with the same host, timer length and computer takeovers).
Lobbies are not stored: a lobby that dies with a restart costs a click.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from data import Seat
from locales import _

from .images import COMPUTER_SUFFIX
from .settings import HINTS_DEFAULT, TURN_TIME_DEFAULT
from .snapshot import TableSnapshot
from .text import Later

if TYPE_CHECKING:
    from .adapter import GameAdapter


@dataclass
class TableMeta:
    host_id: int
    turn_seconds: int
    level: str
    auto: list[bool]
    """The computer plays this human seat (after two timeouts in a row)."""
    timeouts: list[int]
    """Timeouts in a row per seat."""
    dm_closed: list[bool]
    table_message_id: int | None = None
    results_posted: int = 0
    """The last round whose results are in the channel (a restart in the pause
    between rounds must not post them again)."""
    hand_dms: list[list[int]] = field(default_factory=list)
    """Per seat: ids of this game's DMs that still show a hand or controls. A
    new one reduces the older ones to a line, so a player's DMs show one live
    hand; after a restart the old ones lose their buttons."""
    colours: list[int] = field(default_factory=list)
    """Per seat: the player's colour (their place in the lobby), kept all game."""
    left: list[int] = field(default_factory=list)
    """Users who left this game: none of them takes a seat in it again (Take
    seat shows a hand at once, and must not be a way to look at several)."""
    hints: bool = HINTS_DEFAULT
    """Players may ask the coach for a hint on their turn (a lobby setting)."""
    hinted: list[list[list[int]]] = field(default_factory=list)
    """Per seat: the decisions they asked a hint for, as [round, index], the
    index being the decision's place in that round of the game's record."""
    turn: list[float] = field(default_factory=list)
    """The human turn under way as [version, seat, deadline], so that after a
    restart its clock runs on to the same deadline rather than starting again."""
    guild_locale: str | None = None
    """Discord's language of the server when the table was created: the table's
    public text reads it unless a manager chose the server's language."""
    locales: list[str | None] = field(default_factory=list)
    """Per seat: the Discord locale its player last used (a click, a command),
    for the DMs sent without an interaction; None: English."""

    def __post_init__(self) -> None:
        n = len(self.auto)
        self.hand_dms += [[] for _ in range(n - len(self.hand_dms))]
        self.hinted += [[] for _ in range(n - len(self.hinted))]
        self.locales += [None] * (n - len(self.locales))
        if len(self.colours) != n:
            self.colours = list(range(n))

    def to_json(self) -> str:
        return json.dumps(
            {
                "host_id": self.host_id,
                "turn_seconds": self.turn_seconds,
                "level": self.level,
                "auto": self.auto,
                "timeouts": self.timeouts,
                "dm_closed": self.dm_closed,
                "table_message_id": self.table_message_id,
                "results_posted": self.results_posted,
                "hand_dms": self.hand_dms,
                "colours": self.colours,
                "left": self.left,
                "hints": self.hints,
                "hinted": self.hinted,
                "turn": self.turn,
                "guild_locale": self.guild_locale,
                "locales": self.locales,
            }
        )

    @classmethod
    def from_json(cls, text: str, players: int) -> TableMeta:
        d: dict[str, Any] = json.loads(text or "{}")

        def flags(key: str, kind: type) -> list[Any]:
            values = list(d.get(key) or [])
            return [kind(v) for v in values[:players]] + [kind()] * (players - len(values))

        return cls(
            host_id=int(d.get("host_id", 0)),
            turn_seconds=int(d.get("turn_seconds", TURN_TIME_DEFAULT)),
            level=str(d.get("level", "normal")),
            auto=flags("auto", bool),
            timeouts=flags("timeouts", int),
            dm_closed=flags("dm_closed", bool),
            table_message_id=d.get("table_message_id"),
            results_posted=int(d.get("results_posted") or 0),
            hand_dms=[
                [int(m) for m in (ids or [])][-4:] for ids in (list(d.get("hand_dms") or []))
            ][:players]
            + [[] for _ in range(players - len(d.get("hand_dms") or []))],
            colours=flags("colours", int) if d.get("colours") else list(range(players)),
            left=[int(u) for u in d.get("left") or []],
            hints=bool(d.get("hints", HINTS_DEFAULT)),
            hinted=[
                [[int(x) for x in mark][:2] for mark in (marks or [])]
                for marks in list(d.get("hinted") or [])[:players]
            ],
            turn=[float(x) for x in d.get("turn") or []][:3],
            guild_locale=_locale(d.get("guild_locale")),
            locales=[_locale(x) for x in list(d.get("locales") or [])[:players]],
        )

    def plan_turn(self, seats: list[Seat], state: Any, version: int, now: float) -> None:
        """Note the deadline of the turn ``state`` starts at ``version`` if it is a
        person's: stored with what starts the turn (the deal, the decision before
        it), a restart keeps it, and the turn costs no write of its own."""
        over = state.is_terminal() or state.is_round_over()
        q = None if over else state.current_player
        if q is not None and seats[q].user_id is not None and not self.auto[q]:
            self.turn = [version, q, now + self.turn_seconds]

    def turn_deadline(self, version: int, player: int) -> float | None:
        """The deadline noted for this turn (it runs on after a restart), if any."""
        if len(self.turn) == 3 and (int(self.turn[0]), int(self.turn[1])) == (version, player):
            return self.turn[2]
        return None

    def hinted_in(self, player: int, round_number: int) -> list[int]:
        """Where the player's hinted decisions of that round are in the record."""
        return [mark[1] for mark in self.hinted[player] if mark[0] == round_number]


def shown_name(seat: Seat) -> str:
    """A seat's name as the current reader reads it (the stored name stays English)."""
    name = seat.display_name
    if seat.user_id is None and name.endswith(COMPUTER_SUFFIX):
        return _("{name} (computer)").format(name=name.removesuffix(COMPUTER_SUFFIX))
    return name


def _locale(value: Any) -> str | None:
    """A stored locale: a short string, or None (a forged or broken meta reads English)."""
    return value if isinstance(value, str) and 0 < len(value) <= 16 else None


@dataclass(eq=False)
class Table:
    game_id: int
    guild_id: int
    channel_id: int
    adapter: GameAdapter
    """The game's Discord side (its engine game type is ``adapter.game``)."""
    state: Any
    """The engine state (an ``engine.game.GameState``)."""
    version: int
    seats: list[Seat]
    meta: TableMeta
    seed: int
    loop_cpu: float = 0.0
    """Seconds of event-loop CPU the last decision's validation and bookkeeping took."""
    stored_meta: str = ""
    """The meta JSON as last stored (a decision stores the meta only when it changed)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dm_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Hand DMs go out one at a time, so a new one always reduces the older."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    deadline: float | None = None
    """When the human to act runs out of time (clock seconds), if a human is to act."""
    notified: tuple[int, int] | None = None
    """(version, player) whose turn was last announced, so it is announced once."""
    warned: bool = False
    ping_message_id: int | None = None
    repost: bool = False
    """Post a fresh table message (new round, restart) instead of editing."""
    repost_note: str | None = None
    notes: list[str | Later] = field(default_factory=list)
    """Bot events for the table log (timeouts, leavers), newest last."""
    table_posted_at: float = 0.0
    messages_since_table: int = 0
    storage_failures: int = 0
    """Storage calls of this table failing right now: above 0 the table is paused."""
    pause_message_id: int | None = None
    """The message that told the players the table is paused."""
    reach: dict[int, Reach] = field(default_factory=dict)
    """By user id: their latest interaction at this table (see :class:`Reach`)."""
    sent_through: dict[int, Reach] = field(default_factory=dict)
    """By message id: the interaction a hand message was sent through, whose token
    also edits it (an ephemeral one can be edited no other way)."""

    @property
    def kind(self) -> str:
        return self.adapter.game.name

    @property
    def options(self) -> Any:
        return self.state.options

    @property
    def names(self) -> list[str]:
        """The seats' names for the reader of the text being composed: a
        computer's stored ``Ada (computer)`` says *computer* in their language."""
        return [shown_name(s) for s in self.seats]

    def seat_of_user(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.user_id is not None]

    def computer_seats(self) -> list[bool]:
        """Which seats no human holds, by player (the pictures' BOT chip); a
        human's seat the computer plays after timeouts is not among them."""
        return [s.user_id is None for s in self.seats]

    def is_computer(self, player: int) -> bool:
        """Whether the computer makes this seat's decisions now."""
        return self.seats[player].user_id is None or self.meta.auto[player]

    def snapshot(self, state: Any = None) -> TableSnapshot:
        """What the adapter sees (with ``state`` in place of the table's, for a
        decision being stored)."""
        return TableSnapshot(
            game_id=self.game_id,
            channel_id=self.channel_id,
            version=self.version,
            state=self.state if state is None else state,
            names=tuple(self.names),
            computers=tuple(self.computer_seats()),
            auto=tuple(self.meta.auto),
            dm_closed=tuple(self.meta.dm_closed),
            deadline=self.deadline,
        )


@dataclass(eq=False)
class Reach:
    """A player's latest interaction at a table: for 15 minutes its token sends
    them messages (followups) and edits those, outside Discord's global limit.
    In memory only: a restart, or another process, falls back to their DMs."""

    webhook: Any
    """The interaction's followup webhook (a ``discord.Webhook``)."""
    at: float
    """When it came (clock seconds)."""
    in_guild: bool
    """It came from the table's channel, not a DM: what it sends is ephemeral, so
    a hand stays private."""
    refused: bool = False
    """Discord refused its token (expired early, or unknown): not tried again."""


@dataclass(eq=False)
class Lobby:
    lobby_id: int
    guild_id: int
    channel_id: int
    adapter: GameAdapter
    host_id: int
    preset: str
    options: Any
    seats: int
    level: str
    turn_seconds: int
    players: list[tuple[int, str]]
    computers: int
    last_activity: float
    hints: bool = HINTS_DEFAULT
    guild_locale: str | None = None
    """Discord's language of the server (``interaction.guild_locale``)."""
    message_id: int | None = None
    closed: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    task: asyncio.Task[None] | None = None

    @property
    def free(self) -> int:
        return self.seats - len(self.players) - self.computers

    @property
    def kind(self) -> str:
        return self.adapter.game.name

    def has(self, user_id: int) -> bool:
        return any(uid == user_id for uid, _ in self.players)
