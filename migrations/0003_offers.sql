-- Offers that wait for the other players' consent (a draw by agreement), stored like actions
-- so that they survive a restart. An offer holds for the turn it was made at: any action
-- (a later turn) ends it.
CREATE TABLE offers (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    turn     INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    PRIMARY KEY (table_id, kind, turn, seat)
);
