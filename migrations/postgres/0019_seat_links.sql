-- A seat's private link to play on the board (../0019_seat_links.sql).
CREATE TABLE seat_links (
    table_id   BIGINT NOT NULL REFERENCES tables (id),
    seat       BIGINT NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id    TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    made_at    BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
