"""Schema migrations, applied in order at start-up.

``PRAGMA user_version`` holds the number of migrations applied. Never edit a
migration that has shipped: append a new one. Tests create a database at every
earlier version (``MIGRATIONS[:k]``) and migrate it forward.
"""

from __future__ import annotations

from dataclasses import dataclass

#: ``PRAGMA application_id`` of this bot's databases ("PRES").
APPLICATION_ID = 0x50524553


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    sql: str


_V1 = """
CREATE TABLE players (
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    display_name   TEXT    NOT NULL,
    title          TEXT,
    games_played   INTEGER NOT NULL DEFAULT 0,
    rounds_played  INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    firsts         INTEGER NOT NULL DEFAULT 0,
    seconds        INTEGER NOT NULL DEFAULT 0,
    middles        INTEGER NOT NULL DEFAULT 0,
    second_lasts   INTEGER NOT NULL DEFAULT 0,
    lasts          INTEGER NOT NULL DEFAULT 0,
    position_sum   INTEGER NOT NULL DEFAULT 0,
    mu             REAL    NOT NULL,
    sigma          REAL    NOT NULL,
    ordinal        REAL    NOT NULL,
    rated_rounds   INTEGER NOT NULL DEFAULT 0,
    last_played_at REAL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
CREATE INDEX players_by_rating ON players (guild_id, ordinal DESC, user_id, rated_rounds)
    WHERE rated_rounds > 0;
CREATE INDEX players_by_wins ON players (guild_id, wins DESC, user_id);
CREATE INDEX players_by_firsts ON players (guild_id, firsts DESC, user_id);

CREATE TABLE player_points (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    scheme   TEXT    NOT NULL,
    points   INTEGER NOT NULL DEFAULT 0,
    rounds   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, scheme),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX player_points_board ON player_points (guild_id, scheme, points DESC, user_id);

CREATE TABLE games (
    game_id       INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    preset        TEXT    NOT NULL,
    options_json  TEXT    NOT NULL,
    scoring       TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('live', 'finished', 'abandoned')),
    started_at    REAL    NOT NULL,
    ended_at      REAL,
    rounds_played INTEGER NOT NULL DEFAULT 0,
    winners_json  TEXT,
    record_json   TEXT
);
CREATE INDEX games_by_channel ON games (channel_id, game_id DESC);
CREATE INDEX games_by_guild ON games (guild_id, game_id DESC);

CREATE TABLE game_seats (
    game_id        INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    user_id        INTEGER,
    display_name   TEXT    NOT NULL,
    computer_level TEXT,
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NULL OR computer_level IS NULL)
) WITHOUT ROWID;
CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id DESC)
    WHERE user_id IS NOT NULL;

CREATE TABLE rounds (
    game_id  INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    ended_at REAL    NOT NULL,
    rated    INTEGER NOT NULL,
    PRIMARY KEY (game_id, round_no)
) WITHOUT ROWID;

CREATE TABLE round_seats (
    game_id   INTEGER NOT NULL,
    round_no  INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    title     TEXT    NOT NULL,
    points    INTEGER NOT NULL,
    total     INTEGER NOT NULL,
    promotion INTEGER NOT NULL,
    PRIMARY KEY (game_id, round_no, seat),
    FOREIGN KEY (game_id, round_no) REFERENCES rounds (game_id, round_no) ON DELETE CASCADE
) WITHOUT ROWID;
"""

_V2 = """
CREATE TABLE live_tables (
    game_id     INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    state_json  TEXT    NOT NULL,
    record_json TEXT    NOT NULL,
    meta_json   TEXT    NOT NULL DEFAULT '{}',
    updated_at  REAL    NOT NULL
);
"""

_V3 = """
CREATE TABLE guild_settings (
    guild_id       INTEGER PRIMARY KEY,
    preset         TEXT,
    options_json   TEXT NOT NULL DEFAULT '{}',
    turn_seconds   INTEGER,
    computer_level TEXT
);
CREATE TABLE channel_settings (
    channel_id     INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    preset         TEXT,
    options_json   TEXT NOT NULL DEFAULT '{}',
    turn_seconds   INTEGER,
    computer_level TEXT
);
CREATE INDEX channel_settings_by_guild ON channel_settings (guild_id);
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "players, per-scheme points, games, seats and rounds", _V1),
    Migration(2, "live tables: state, record and meta of games in progress", _V2),
    Migration(3, "per-guild and per-channel settings", _V3),
)

#: The schema version this code writes.
SCHEMA_VERSION = len(MIGRATIONS)

assert all(m.version == i + 1 for i, m in enumerate(MIGRATIONS))
