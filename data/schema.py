"""Schema migrations, applied in order at start-up, the same list for both engines.

The number of migrations applied is SQLite's ``PRAGMA user_version``, and on
PostgreSQL the one row of the ``schema_version`` table. Never edit a migration that
has shipped: append a new one. Tests create a database at every earlier version
(``MIGRATIONS[:k]``) and migrate it forward.

Each migration is written once, in SQLite's SQL (``sql``); its PostgreSQL text
(``postgres``) is derived from it by :func:`_postgres`, the one place that knows the
differences of the two schemas' dialects: 64-bit integers and doubles by name, no
``WITHOUT ROWID``, the games' id an identity column, and the text keys that queries
order by compared byte by byte (``COLLATE "C"``, as SQLite compares them), plus, for
a migration that converts data with SQLite's own functions, its few statements
rewritten for PostgreSQL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: ``PRAGMA application_id`` of this bot's databases ("PRES").
APPLICATION_ID = 0x50524553


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    sql: str
    """SQLite's text."""
    postgres: str = field(default="", repr=False)
    """PostgreSQL's text: derived from ``sql`` when left empty."""

    def __post_init__(self) -> None:
        if not self.postgres:
            object.__setattr__(self, "postgres", _postgres(self.sql))


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


# Version 4: three game kinds, and a live game kept as a log instead of one growing blob.
#
# Statistics and settings are keyed by game kind too (what existed is President's).
# A round's game-specific facts (President's title and promotion) move to
# ``details_json``; ``score`` is what the round added (points or penalty points).
#
# A live game is four tables, so that a decision writes only what it adds:
# ``live_games`` is the small row every decision updates (version, the bot's meta);
# ``live_snapshots`` the record's header and the state as of the last deal, rewritten
# once per round; ``live_deals`` one row per dealt round and ``live_log`` one row per
# decision, both keyed by ``seq`` (the version the row was written at), so a decision
# belongs to the latest deal before it. Removing the ``live_games`` row removes the rest.
#
# A game live under version 3 kept its whole state (record embedded) and record: the
# state becomes the snapshot as it is (the engine reads the embedded record), and the
# record is split into header, deals and decisions, numbered to end at the stored
# version so that everything is "before the snapshot" and later writes come after.
# A live row whose record is not a JSON object with rounds could never be resumed: its
# game is marked abandoned, the text kept as the record.
#
# The mean board's index ends with points and rounds so that paging through it (OFFSET)
# never visits the table: the value is computed from the index entry alone.
_V4 = """
CREATE TABLE players_v4 (
    guild_id       INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
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
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;
INSERT INTO players_v4 (guild_id, kind, user_id, display_name, title, games_played,
    rounds_played, wins, firsts, seconds, middles, second_lasts, lasts, position_sum, mu,
    sigma, ordinal, rated_rounds, last_played_at)
SELECT guild_id, 'president', user_id, display_name, title, games_played, rounds_played,
    wins, firsts, seconds, middles, second_lasts, lasts, position_sum, mu, sigma, ordinal,
    rated_rounds, last_played_at
FROM players;
CREATE TEMP TABLE player_points_v3 AS SELECT * FROM player_points;
DROP TABLE player_points;
DROP TABLE players;
ALTER TABLE players_v4 RENAME TO players;
CREATE INDEX players_by_rating ON players (guild_id, kind, ordinal DESC, user_id, rated_rounds)
    WHERE rated_rounds > 0;
CREATE INDEX players_by_wins ON players (guild_id, kind, wins DESC, user_id);
CREATE INDEX players_by_firsts ON players (guild_id, kind, firsts DESC, user_id);
CREATE INDEX players_by_user ON players (user_id);

CREATE TABLE player_points (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    scheme   TEXT    NOT NULL,
    points   INTEGER NOT NULL DEFAULT 0,
    rounds   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, user_id, scheme),
    FOREIGN KEY (guild_id, kind, user_id) REFERENCES players (guild_id, kind, user_id)
        ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO player_points (guild_id, kind, user_id, scheme, points, rounds)
SELECT guild_id, 'president', user_id, scheme, points, rounds FROM temp.player_points_v3;
DROP TABLE temp.player_points_v3;
CREATE INDEX player_points_board ON player_points (guild_id, kind, scheme, points DESC, user_id);
CREATE INDEX player_points_mean ON player_points
    (guild_id, kind, scheme, (CAST(points AS REAL) / rounds) DESC, user_id, points, rounds)
    WHERE rounds > 0;

ALTER TABLE games ADD COLUMN lower_is_better INTEGER NOT NULL DEFAULT 0;

CREATE TABLE round_seats_v4 (
    game_id      INTEGER NOT NULL,
    round_no     INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    position     INTEGER NOT NULL,
    score        INTEGER NOT NULL,
    total        INTEGER NOT NULL,
    details_json TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, round_no, seat),
    FOREIGN KEY (game_id, round_no) REFERENCES rounds (game_id, round_no) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO round_seats_v4 (game_id, round_no, seat, position, score, total, details_json)
SELECT game_id, round_no, seat, position, points, total,
    json_object('title', title, 'promotion', promotion)
FROM round_seats;
DROP TABLE round_seats;
ALTER TABLE round_seats_v4 RENAME TO round_seats;

CREATE TABLE live_games (
    game_id    INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    meta_json  TEXT    NOT NULL DEFAULT '{}',
    updated_at REAL    NOT NULL
);
CREATE TABLE live_snapshots (
    game_id       INTEGER PRIMARY KEY REFERENCES live_games (game_id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    header_json   TEXT    NOT NULL,
    snapshot_json TEXT    NOT NULL
);
CREATE TABLE live_deals (
    game_id   INTEGER NOT NULL REFERENCES live_games (game_id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    deal_json TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE live_log (
    game_id  INTEGER NOT NULL REFERENCES live_games (game_id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    player   INTEGER NOT NULL,
    decision TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TEMP TABLE live_v3 AS
SELECT l.game_id, l.version, l.state_json, l.record_json, l.meta_json, l.updated_at,
    CASE WHEN json_valid(l.state_json) AND json_valid(l.record_json)
        THEN json_type(l.record_json) = 'object'
            AND coalesce(json_type(l.record_json, '$.rounds'), '') = 'array'
        ELSE 0 END AS ok
FROM live_tables l;
UPDATE games SET status = 'abandoned',
    ended_at = (SELECT updated_at FROM temp.live_v3 v WHERE v.game_id = games.game_id),
    winners_json = '[]',
    record_json = (SELECT record_json FROM temp.live_v3 v WHERE v.game_id = games.game_id)
WHERE game_id IN (SELECT game_id FROM temp.live_v3 WHERE NOT ok);
DELETE FROM temp.live_v3 WHERE NOT ok;
INSERT INTO live_games (game_id, version, meta_json, updated_at)
SELECT game_id, version, meta_json, updated_at FROM temp.live_v3;
INSERT INTO live_snapshots (game_id, seq, header_json, snapshot_json)
SELECT game_id, version, json_insert(json_remove(record_json, '$.rounds'), '$.game', 'president'),
    state_json
FROM temp.live_v3;
CREATE TEMP TABLE live_v3_entries AS
WITH entries AS (
    SELECT v.game_id, v.version, r.key AS round_key, -1 AS decision_key,
        json_remove(r.value, '$.decisions') AS deal_json, NULL AS player, NULL AS decision
    FROM temp.live_v3 v, json_each(v.record_json, '$.rounds') r
    UNION ALL
    SELECT v.game_id, v.version, r.key, d.key, NULL, json_extract(d.value, '$[0]'),
        json_extract(d.value, '$[1]')
    FROM temp.live_v3 v, json_each(v.record_json, '$.rounds') r,
        json_each(r.value, '$.decisions') d
)
SELECT game_id, deal_json, player, decision,
    version - count(*) OVER (PARTITION BY game_id)
        + row_number() OVER (PARTITION BY game_id ORDER BY round_key, decision_key) AS seq
FROM entries;
INSERT INTO live_deals (game_id, seq, deal_json)
SELECT game_id, seq, deal_json FROM temp.live_v3_entries WHERE deal_json IS NOT NULL;
INSERT INTO live_log (game_id, seq, player, decision)
SELECT game_id, seq, player, decision FROM temp.live_v3_entries WHERE deal_json IS NULL;
DROP TABLE temp.live_v3_entries;
DROP TABLE temp.live_v3;
DROP TABLE live_tables;

CREATE TABLE guild_settings_v4 (
    guild_id       INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    preset         TEXT,
    options_json   TEXT    NOT NULL DEFAULT '{}',
    turn_seconds   INTEGER,
    computer_level TEXT,
    PRIMARY KEY (guild_id, kind)
) WITHOUT ROWID;
INSERT INTO guild_settings_v4 (guild_id, kind, preset, options_json, turn_seconds,
    computer_level)
SELECT guild_id, 'president', preset, options_json, turn_seconds, computer_level
FROM guild_settings;
DROP TABLE guild_settings;
ALTER TABLE guild_settings_v4 RENAME TO guild_settings;
CREATE TABLE channel_settings_v4 (
    channel_id     INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    guild_id       INTEGER NOT NULL,
    preset         TEXT,
    options_json   TEXT    NOT NULL DEFAULT '{}',
    turn_seconds   INTEGER,
    computer_level TEXT,
    PRIMARY KEY (channel_id, kind)
) WITHOUT ROWID;
INSERT INTO channel_settings_v4 (channel_id, kind, guild_id, preset, options_json,
    turn_seconds, computer_level)
SELECT channel_id, 'president', guild_id, preset, options_json, turn_seconds, computer_level
FROM channel_settings;
DROP TABLE channel_settings;
ALTER TABLE channel_settings_v4 RENAME TO channel_settings;
CREATE INDEX channel_settings_by_guild ON channel_settings (guild_id);

CREATE TABLE open_state (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    open_count INTEGER NOT NULL
);
INSERT INTO open_state (id, open_count) VALUES (1, 0);
"""

# Version 5: storage that knows no game. A game declares its statistics; what was
# President's in the players table (its title, the finishing-place counters) becomes
# generic: counts are ``player_stats`` rows (a statistic's name and value per player of
# a kind), kept details (the title) a JSON object in ``players.details_json``. Every
# player keeps a row for each of the five place counts, zero ones included, exactly as
# the columns held them, so the boards of counts list the same players as before.
#
# New schema is plain SQL both SQLite and PostgreSQL run (a rowid table, no WITHOUT
# ROWID; JSON kept as TEXT); moving the title into JSON uses SQLite's json_object.
_V5 = """
CREATE TABLE player_stats (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    stat     TEXT    NOT NULL,
    value    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, user_id, stat),
    FOREIGN KEY (guild_id, kind, user_id) REFERENCES players (guild_id, kind, user_id)
        ON DELETE CASCADE
);
INSERT INTO player_stats (guild_id, kind, user_id, stat, value)
SELECT guild_id, kind, user_id, 'firsts', firsts FROM players;
INSERT INTO player_stats (guild_id, kind, user_id, stat, value)
SELECT guild_id, kind, user_id, 'seconds', seconds FROM players;
INSERT INTO player_stats (guild_id, kind, user_id, stat, value)
SELECT guild_id, kind, user_id, 'middles', middles FROM players;
INSERT INTO player_stats (guild_id, kind, user_id, stat, value)
SELECT guild_id, kind, user_id, 'second_lasts', second_lasts FROM players;
INSERT INTO player_stats (guild_id, kind, user_id, stat, value)
SELECT guild_id, kind, user_id, 'lasts', lasts FROM players;
CREATE INDEX player_stats_board ON player_stats (guild_id, kind, stat, value DESC, user_id);

ALTER TABLE players ADD COLUMN details_json TEXT NOT NULL DEFAULT '{}';
UPDATE players SET details_json = json_object('title', title) WHERE title IS NOT NULL;
DROP INDEX players_by_firsts;
ALTER TABLE players DROP COLUMN title;
ALTER TABLE players DROP COLUMN firsts;
ALTER TABLE players DROP COLUMN seconds;
ALTER TABLE players DROP COLUMN middles;
ALTER TABLE players DROP COLUMN second_lasts;
ALTER TABLE players DROP COLUMN lasts;
"""

# Version 6: each user's DM channel with the bot, so that a DM is sent by channel id
# without first fetching the user and opening the channel (two requests under
# Discord's global limit), also after a restart. Discord keeps one DM channel per
# user and bot, so the id stays valid.
_V6 = """
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
);
"""

# Version 7: the cluster's coordination (data/cluster.py): a lease per shard, and the
# relay through which the member of shard 0 hands DM clicks to the member owning their
# table. Runtime state, not data: ``python -m data copy`` leaves both tables out.
# ``IF NOT EXISTS`` because members of the release before this one created them
# themselves: such a database already has them, in this shape.
_V7 = """
CREATE TABLE IF NOT EXISTS cluster_leases (
    shard_id    INTEGER PRIMARY KEY,
    shard_count INTEGER NOT NULL,
    member      TEXT    NOT NULL,
    host        TEXT    NOT NULL,
    pid         INTEGER NOT NULL,
    since       REAL    NOT NULL,
    heartbeat   REAL    NOT NULL
);
CREATE TABLE IF NOT EXISTS cluster_relay (
    relay_id    INTEGER PRIMARY KEY,
    shard_id    INTEGER NOT NULL,
    sender      TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    state       INTEGER NOT NULL DEFAULT 0,
    created     REAL    NOT NULL
);
CREATE INDEX IF NOT EXISTS cluster_relay_waiting ON cluster_relay (shard_id, state);
"""

_TYPES = (
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\s*WITHOUT ROWID"), ""),
    (re.compile(r"\b(kind|scheme|stat)(\s+)TEXT\b"), r'\1\2TEXT COLLATE "C"'),
    # the games' id is SQLite's rowid; BY DEFAULT, so that a copied game keeps its id
    (
        re.compile(r"\bgame_id(\s+)INTEGER PRIMARY KEY,"),
        r"game_id\1BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,",
    ),
)


def _postgres(sql: str, *, rewrites: tuple[tuple[str, str], ...] = ()) -> str:
    """PostgreSQL's text of a migration written for SQLite: ``rewrites`` (each of which
    must match) replace SQLite-only statements first, then the types are translated."""
    for old, new in rewrites:
        if old not in sql:
            raise ValueError(f"migration rewrite does not match: {old[:60]!r}")
        sql = sql.replace(old, new)
    for pattern, replacement in _TYPES[::-1]:
        sql = pattern.sub(replacement, sql)
    return sql


def _between(text: str, first: str, last: str) -> str:
    """The part of ``text`` from ``first`` up to and including ``last``."""
    start = text.index(first)
    return text[start : text.index(last, start) + len(last)]


# A PostgreSQL database is never older than schema 6 (the first release that could use
# one), so no PostgreSQL database holds a game live under schema 3. The conversion of
# such games, which takes SQLite's JSON functions, refuses them there instead of
# guessing; the statistics, which need only a JSON object, are converted as on SQLite.
_V4_PG = _postgres(
    _V4,
    rewrites=(
        (
            _between(_V4, "CREATE TEMP TABLE live_v3 AS", "DROP TABLE temp.live_v3;"),
            "DO $$ BEGIN IF EXISTS (SELECT 1 FROM live_tables) THEN RAISE EXCEPTION"
            " 'games live under schema 3 are converted on SQLite only'; END IF; END $$;",
        ),
        ("temp.player_points_v3", "pg_temp.player_points_v3"),
        (
            "json_object('title', title, 'promotion', promotion)",
            "json_build_object('title', title, 'promotion', promotion)::text",
        ),
    ),
)
_V5_PG = _postgres(
    _V5, rewrites=(("json_object('title', title)", "json_build_object('title', title)::text"),)
)

# the relay's id is SQLite's rowid: numbered by the database on PostgreSQL too
_V7_PG = _postgres(
    _V7,
    rewrites=(
        (
            "relay_id    INTEGER PRIMARY KEY,",
            "relay_id    BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,",
        ),
    ),
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "players, per-scheme points, games, seats and rounds", _V1),
    Migration(2, "live tables: state, record and meta of games in progress", _V2),
    Migration(3, "per-guild and per-channel settings", _V3),
    Migration(4, "game kinds; live games as snapshot, deals and a decision log", _V4, _V4_PG),
    Migration(5, "statistics per game as rows: place counts and kept details", _V5, _V5_PG),
    Migration(6, "each user's DM channel with the bot", _V6),
    Migration(7, "cluster: shard leases and the click relay", _V7, _V7_PG),
)

#: The schema version this code writes.
SCHEMA_VERSION = len(MIGRATIONS)

assert all(m.version == i + 1 for i, m in enumerate(MIGRATIONS))
