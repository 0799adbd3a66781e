-- Offers waiting for the other players' consent (../0003_offers.sql).
CREATE TABLE offers (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    turn     BIGINT NOT NULL,
    kind     TEXT NOT NULL,
    seat     BIGINT NOT NULL CHECK (seat >= 0),
    PRIMARY KEY (table_id, kind, turn, seat)
);
