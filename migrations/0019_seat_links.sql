-- A seat's private link to play on the board (issue 54): one per seat of a table, bound to
-- the member who held the seat when it was made. Only the token's SHA-256 is kept, so the
-- database does not hold a way to act as anyone; a new link for the seat replaces the row,
-- and with it voids the old link.
CREATE TABLE seat_links (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id    TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    made_at    INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
