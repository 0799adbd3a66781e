-- Hostile members (../0018_hostile_members.sql).
ALTER TABLE guilds ADD COLUMN house_daily_max BIGINT NOT NULL DEFAULT 500 CHECK (house_daily_max BETWEEN 0 AND 1000000000000);
ALTER TABLE guilds ADD COLUMN token_pair_daily BIGINT NOT NULL DEFAULT 3 CHECK (token_pair_daily BETWEEN 0 AND 1000);
ALTER TABLE results ADD COLUMN day BIGINT;
ALTER TABLE results ADD COLUMN token BIGINT NOT NULL DEFAULT 0 CHECK (token IN (0, 1));
CREATE INDEX results_member_day ON results (guild_id, user_id, day);
CREATE TABLE member_names (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE TABLE lobby_channels (
    guild_id   TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
ALTER TABLE tables ADD COLUMN parent_channel TEXT;
