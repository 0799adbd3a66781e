-- Tournaments: a sign-up window, then rounds of tables opened by the bot. The entry fees
-- wait in the tournament's pot (an escrow account owned by 'tournament:<id>') until the
-- prizes are paid or the tournament is cancelled, once (the key 'tend:<id>'). A round's
-- tables are ordinary tables that name their tournament, round and board; several of them
-- share the tournament's channel, so the one-active-table-per-channel rule now covers the
-- other tables only.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    TEXT NOT NULL REFERENCES guilds (guild_id),
    channel_id  TEXT NOT NULL,
    creator     TEXT NOT NULL,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    format      TEXT NOT NULL CHECK (format IN ('knockout', 'swiss')),
    rounds      INTEGER NOT NULL CHECK (rounds >= 0),
    seats       INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
    max_players INTEGER NOT NULL CHECK (max_players >= 2),
    entry       INTEGER NOT NULL CHECK (entry >= 0),
    starts_at   INTEGER NOT NULL,
    -- Seconds a player has for each move at the tournament's tables (0: the server's).
    clock       INTEGER NOT NULL DEFAULT 0 CHECK (clock >= 0),
    status      TEXT NOT NULL CHECK (status IN ('open', 'playing', 'ended', 'cancelled')),
    round       INTEGER NOT NULL DEFAULT 0,
    result      TEXT,
    created_at  INTEGER NOT NULL
);
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       TEXT NOT NULL,
    -- The order of joining, then (from the first round) the seeding by rating.
    seed          INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    user_id       TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);
ALTER TABLE tables ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE tables ADD COLUMN tournament_round INTEGER;
ALTER TABLE tables ADD COLUMN tournament_board INTEGER;
-- A table's own move clock in seconds (a tournament's); none: the server's.
ALTER TABLE tables ADD COLUMN move_clock INTEGER;
CREATE UNIQUE INDEX tables_tournament_board
    ON tables (tournament_id, tournament_round, tournament_board)
    WHERE tournament_id IS NOT NULL;
DROP INDEX tables_one_active_per_channel;
CREATE UNIQUE INDEX tables_one_active_per_channel
    ON tables (guild_id, channel_id)
    WHERE status IN ('open', 'playing') AND tournament_id IS NULL;
