-- What a finished game leaves for the channel's next game (../0004_legacies.sql).
CREATE TABLE legacies (
    guild   TEXT NOT NULL,
    channel TEXT NOT NULL,
    game    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (guild, channel, game)
);
