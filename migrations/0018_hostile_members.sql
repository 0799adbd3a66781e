-- Hostile members (issue 52): what the house may lose to one member in a UTC day, and how
-- many slot tokens the same two members may earn from each other in one. A member's result
-- remembers the UTC day it was settled on (by the table's clock) and whether it earned the
-- winner's slot token, which is what both limits count.
ALTER TABLE guilds ADD COLUMN house_daily_max INTEGER NOT NULL DEFAULT 500 CHECK (house_daily_max BETWEEN 0 AND 1000000000000);
ALTER TABLE guilds ADD COLUMN token_pair_daily INTEGER NOT NULL DEFAULT 3 CHECK (token_pair_daily BETWEEN 0 AND 1000);
ALTER TABLE results ADD COLUMN day INTEGER;
ALTER TABLE results ADD COLUMN token INTEGER NOT NULL DEFAULT 0 CHECK (token IN (0, 1));
CREATE INDEX results_member_day ON results (guild_id, user_id, day);
-- A member's display name is that server's own (a nickname in one server never shows in
-- another); user_names keeps the names learnt before, read where a server has none.
CREATE TABLE member_names (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
-- A server's lobby page lists only the tables of the channels its admins opened to the web
-- (/admin set setting:web_lobby value:1, run in that channel), and their threads: a table
-- remembers the channel its thread is in.
CREATE TABLE lobby_channels (
    guild_id   TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
ALTER TABLE tables ADD COLUMN parent_channel TEXT;
