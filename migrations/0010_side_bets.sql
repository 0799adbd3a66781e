-- Side bets: before a table's first move, members who are not seated back a seat. Each
-- member backs at most one seat of a table; the stakes wait in the table's bet pool (an
-- escrow account owned by 'bets:<table>') until the table settles, in the same transaction
-- as the table's own settlement. A server's admin may turn side bets off.
ALTER TABLE guilds ADD COLUMN side_bets INTEGER NOT NULL DEFAULT 1 CHECK (side_bets IN (0, 1));
CREATE TABLE side_bets (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    user_id    TEXT NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    -- The operation that placed the bet: the order bets came in, which breaks ties when a
    -- pool's last credits are shared.
    placed     INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TRIGGER side_bets_immutable_u BEFORE UPDATE ON side_bets
BEGIN SELECT RAISE (ABORT, 'side bets are immutable'); END;
CREATE TRIGGER side_bets_immutable_d BEFORE DELETE ON side_bets
BEGIN SELECT RAISE (ABORT, 'side bets are immutable'); END;
