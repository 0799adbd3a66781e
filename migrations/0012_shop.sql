-- The droid's shop. A purchase is an immutable row written in the same operation as the
-- transfer that paid the house for it; a member owns an item once. What a member wears is
-- one bought item per slot (a piece set, a board theme). A server's admin may price an
-- item apart from the catalogue.
CREATE TABLE purchases (
    guild_id   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    item       TEXT NOT NULL,
    price      INTEGER NOT NULL CHECK (price > 0),
    operation  INTEGER NOT NULL REFERENCES operations (id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, item)
);
CREATE TRIGGER purchases_immutable_u BEFORE UPDATE ON purchases
BEGIN SELECT RAISE (ABORT, 'purchases are immutable'); END;
CREATE TRIGGER purchases_immutable_d BEFORE DELETE ON purchases
BEGIN SELECT RAISE (ABORT, 'purchases are immutable'); END;
CREATE TABLE worn (
    guild_id TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    slot     TEXT NOT NULL CHECK (slot IN ('set', 'theme')),
    item     TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id, slot),
    FOREIGN KEY (guild_id, user_id, item) REFERENCES purchases (guild_id, user_id, item)
);
CREATE TABLE shop_prices (
    guild_id TEXT NOT NULL,
    item     TEXT NOT NULL,
    price    INTEGER NOT NULL CHECK (price > 0),
    PRIMARY KEY (guild_id, item)
);
