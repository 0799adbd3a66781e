-- Seasons: a server's leaderboards also run season by season (season_days long, 30 by
-- default). Only ended seasons are stored, with their final standings; the season in play
-- is the one after the last stored (the first starts when the server's row was made), and it
-- ends at the first clock tick a whole number of season lengths after its start.
ALTER TABLE guilds ADD COLUMN season_days INTEGER NOT NULL DEFAULT 30 CHECK (season_days BETWEEN 1 AND 365);
CREATE TABLE seasons (
    guild_id   TEXT NOT NULL REFERENCES guilds (guild_id),
    number     INTEGER NOT NULL CHECK (number >= 1),
    started_at INTEGER NOT NULL,
    ended_at   INTEGER NOT NULL,
    -- The final standings as JSON: wins, net winnings and ratings per game, every member ranked.
    standings  TEXT NOT NULL,
    PRIMARY KEY (guild_id, number)
);
CREATE INDEX tables_finished ON tables (guild_id, finished_at);
