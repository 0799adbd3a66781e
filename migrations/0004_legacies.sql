-- What a finished game leaves in its channel for the next game of the same game there
-- (D-Zone's steel, DZ-2.6): one row per guild, channel and game, replaced at every end.
CREATE TABLE legacies (
    guild   TEXT NOT NULL,
    channel TEXT NOT NULL,
    game    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (guild, channel, game)
);
