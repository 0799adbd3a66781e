-- The channels a server's admins chose for its tables (`/admin channel`). A server with no
-- row here has tables in every channel; a thread counts as the channel it is in.
CREATE TABLE table_channels (
    guild_id   TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
