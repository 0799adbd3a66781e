-- A server's economy in its owner's hands (issue 55): wagers, the slot machine, the shop and
-- /daily each switched on (1) or off (0), and the most one wager may be (0: only the
-- ledger's own bound). What admins did is kept, each action once (its interaction is its
-- key), with its words' arguments as JSON so that each reader sees it in their language.
ALTER TABLE guilds ADD COLUMN wagers INTEGER NOT NULL DEFAULT 1 CHECK (wagers IN (0, 1));
ALTER TABLE guilds ADD COLUMN max_wager INTEGER NOT NULL DEFAULT 0 CHECK (max_wager BETWEEN 0 AND 1000000000000);
ALTER TABLE guilds ADD COLUMN slots INTEGER NOT NULL DEFAULT 1 CHECK (slots IN (0, 1));
ALTER TABLE guilds ADD COLUMN shop INTEGER NOT NULL DEFAULT 1 CHECK (shop IN (0, 1));
ALTER TABLE guilds ADD COLUMN daily INTEGER NOT NULL DEFAULT 1 CHECK (daily IN (0, 1));
CREATE TABLE admin_log (
    id         INTEGER PRIMARY KEY,
    guild_id   TEXT NOT NULL,
    key        TEXT NOT NULL,
    admin_id   TEXT NOT NULL,
    action     TEXT NOT NULL,
    args       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (guild_id, key)
);
CREATE INDEX admin_log_newest ON admin_log (guild_id, id);
-- A member's own limits (/limits): excluded from wagers, side bets and the slot machine
-- until a moment that only grows, and a daily loss limit that can be lowered at once but
-- raised or removed only a week after it was last set.
CREATE TABLE member_limits (
    guild_id       TEXT NOT NULL,
    user_id        TEXT NOT NULL,
    excluded_until INTEGER NOT NULL DEFAULT 0,
    loss_limit     INTEGER CHECK (loss_limit BETWEEN 1 AND 1000000000000),
    loss_set_at    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
-- A table's own clock with a total and an increment (`clock:5+3`): as agreed (`M+S`), and
-- each seat's time left (seconds, comma-separated) as of the last action.
ALTER TABLE tables ADD COLUMN fischer TEXT;
ALTER TABLE tables ADD COLUMN clock_banks TEXT;
-- Takebacks by agreement (/takeback): the entries taken back leave the table's log, which
-- stays the game as played, and are kept here with when it was agreed, for the record (and
-- so that the interaction that carried one is still known as used).
CREATE TABLE taken_back (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seq         INTEGER NOT NULL,
    seat        INTEGER,
    action      TEXT NOT NULL,
    interaction TEXT,
    taken_at    INTEGER NOT NULL
);
CREATE INDEX taken_back_table ON taken_back (table_id, seq);
