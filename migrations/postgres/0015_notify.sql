-- Members who asked to be told by direct message when a table of this server waits for
-- them (`/notify on`); `/notify off` removes the row.
CREATE TABLE notify (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
