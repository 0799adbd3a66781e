-- The droid's shop. A purchase is an immutable row written in the same operation as the
-- transfer that paid the house for it; a member owns an item once. What a member wears is
-- one bought item per slot (a piece set, a board theme). A server's admin may price an
-- item apart from the catalogue.
CREATE TABLE purchases (
    guild_id   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    item       TEXT NOT NULL,
    price      BIGINT NOT NULL CHECK (price > 0),
    operation  BIGINT NOT NULL REFERENCES operations (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id, item)
);
CREATE TRIGGER purchases_immutable_u BEFORE UPDATE ON purchases
FOR EACH ROW
EXECUTE FUNCTION holotable_refuse('purchases are immutable');
CREATE TRIGGER purchases_immutable_d BEFORE DELETE ON purchases
FOR EACH ROW
EXECUTE FUNCTION holotable_refuse('purchases are immutable');
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
    price    BIGINT NOT NULL CHECK (price > 0),
    PRIMARY KEY (guild_id, item)
);
