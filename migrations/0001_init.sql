-- Holotable ledger, first schema (PRODUCT.md P-5, P-6).
--
-- Money is double entry: every change of a balance is a transfer row between two accounts,
-- written in the same transaction as the balances it changes; the balances of a guild sum to
-- zero (the house account issues credits and goes negative by what it issued). Operations
-- carry a unique idempotency key per guild: a replayed key returns the first result.

CREATE TABLE guilds (
    guild_id          TEXT PRIMARY KEY,
    starting_balance  INTEGER NOT NULL DEFAULT 1000  CHECK (starting_balance >= 0),
    daily_amount      INTEGER NOT NULL DEFAULT 200   CHECK (daily_amount >= 0),
    min_wager         INTEGER NOT NULL DEFAULT 50    CHECK (min_wager >= 1),
    token_bet         INTEGER NOT NULL DEFAULT 50    CHECK (token_bet >= 1),
    move_clock_secs   INTEGER NOT NULL DEFAULT 86400 CHECK (move_clock_secs >= 60),
    created_at        INTEGER NOT NULL
);

CREATE TABLE accounts (
    id        INTEGER PRIMARY KEY,
    guild_id  TEXT NOT NULL REFERENCES guilds (guild_id),
    kind      TEXT NOT NULL CHECK (kind IN ('member', 'house', 'escrow', 'slots')),
    -- The member's user id, the escrow's table id, '' for the house and the slot machine.
    owner     TEXT NOT NULL,
    balance   INTEGER NOT NULL DEFAULT 0,
    tokens    INTEGER NOT NULL DEFAULT 0 CHECK (tokens >= 0),
    -- The secret seed of the member's next slot spin (its SHA-256 is shown beforehand).
    slot_seed TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (guild_id, kind, owner),
    -- Members and escrows can never go below zero: enforced here, not only in code.
    CHECK (kind NOT IN ('member', 'escrow') OR balance >= 0)
);

CREATE TABLE operations (
    id         INTEGER PRIMARY KEY,
    guild_id   TEXT NOT NULL REFERENCES guilds (guild_id),
    key        TEXT NOT NULL,
    kind       TEXT NOT NULL,
    -- The operation's result as JSON, returned again when the key is replayed.
    result     TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (guild_id, key)
);

CREATE TABLE transfers (
    id           INTEGER PRIMARY KEY,
    operation_id INTEGER NOT NULL REFERENCES operations (id),
    guild_id     TEXT NOT NULL REFERENCES guilds (guild_id),
    from_account INTEGER NOT NULL REFERENCES accounts (id),
    to_account   INTEGER NOT NULL REFERENCES accounts (id),
    amount       INTEGER NOT NULL CHECK (amount > 0),
    CHECK (from_account <> to_account)
);
CREATE INDEX transfers_from ON transfers (from_account);
CREATE INDEX transfers_to ON transfers (to_account);

CREATE TABLE token_moves (
    id           INTEGER PRIMARY KEY,
    operation_id INTEGER NOT NULL REFERENCES operations (id),
    account_id   INTEGER NOT NULL REFERENCES accounts (id),
    delta        INTEGER NOT NULL CHECK (delta <> 0)
);
CREATE INDEX token_moves_account ON token_moves (account_id);

-- An operation's result is written once, in the transaction that creates it.
CREATE TRIGGER operations_immutable_u BEFORE UPDATE ON operations
WHEN OLD.result <> '' OR NEW.key IS NOT OLD.key OR NEW.kind IS NOT OLD.kind
    OR NEW.guild_id IS NOT OLD.guild_id OR NEW.id IS NOT OLD.id
BEGIN SELECT RAISE (ABORT, 'operations are immutable'); END;
CREATE TRIGGER operations_immutable_d BEFORE DELETE ON operations
BEGIN SELECT RAISE (ABORT, 'operations are immutable'); END;
CREATE TRIGGER transfers_immutable_u BEFORE UPDATE ON transfers
BEGIN SELECT RAISE (ABORT, 'transfers are immutable'); END;
CREATE TRIGGER transfers_immutable_d BEFORE DELETE ON transfers
BEGIN SELECT RAISE (ABORT, 'transfers are immutable'); END;
CREATE TRIGGER token_moves_immutable_u BEFORE UPDATE ON token_moves
BEGIN SELECT RAISE (ABORT, 'token moves are immutable'); END;
CREATE TRIGGER token_moves_immutable_d BEFORE DELETE ON token_moves
BEGIN SELECT RAISE (ABORT, 'token moves are immutable'); END;

-- Tables (game tables) and their action logs; written by the table layer.
CREATE TABLE tables (
    id              INTEGER PRIMARY KEY,
    guild_id        TEXT NOT NULL REFERENCES guilds (guild_id),
    channel_id      TEXT NOT NULL,
    game            TEXT NOT NULL,
    options         TEXT NOT NULL DEFAULT '{}',
    status          TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'cancelled')),
    stake           INTEGER NOT NULL DEFAULT 0 CHECK (stake >= 0),
    per_point       INTEGER NOT NULL DEFAULT 0 CHECK (per_point >= 0),
    target          INTEGER NOT NULL DEFAULT 0 CHECK (target >= 0),
    seed_commitment TEXT NOT NULL,
    seed            TEXT NOT NULL,
    seed_revealed   INTEGER NOT NULL DEFAULT 0,
    start_position  TEXT NOT NULL,
    position        TEXT NOT NULL,
    turn            INTEGER NOT NULL DEFAULT 0,
    deadline        INTEGER,
    result          TEXT,
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER
);
-- One active table per channel (or thread).
CREATE UNIQUE INDEX tables_one_active_per_channel
    ON tables (guild_id, channel_id) WHERE status IN ('open', 'playing');

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    -- The acting seat, or NULL for a chance event drawn from the table's seed.
    seat       INTEGER,
    action     TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- One row per seat of a settled table: what the statistics and leaderboards read.
CREATE TABLE results (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    guild_id  TEXT NOT NULL REFERENCES guilds (guild_id),
    game      TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    outcome   TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    net       INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_member ON results (guild_id, user_id);

CREATE TABLE ratings (
    guild_id   TEXT NOT NULL REFERENCES guilds (guild_id),
    game       TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);
