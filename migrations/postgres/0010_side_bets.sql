-- Side bets: before a table's first move, members who are not seated back a seat. Each
-- member backs at most one seat of a table; the stakes wait in the table's bet pool (an
-- escrow account owned by 'bets:<table>') until the table settles, in the same transaction
-- as the table's own settlement. A server's admin may turn side bets off.
ALTER TABLE guilds ADD COLUMN side_bets BIGINT NOT NULL DEFAULT 1 CHECK (side_bets IN (0, 1));
CREATE TABLE side_bets (
    table_id   BIGINT NOT NULL REFERENCES tables (id),
    user_id    TEXT NOT NULL,
    seat       BIGINT NOT NULL CHECK (seat >= 0),
    amount     BIGINT NOT NULL CHECK (amount > 0),
    -- The operation that placed the bet: the order bets came in, which breaks ties when a
    -- pool's last credits are shared.
    placed     BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TRIGGER side_bets_immutable_u BEFORE UPDATE ON side_bets FOR EACH ROW
EXECUTE FUNCTION holotable_refuse('side bets are immutable');
CREATE TRIGGER side_bets_immutable_d BEFORE DELETE ON side_bets FOR EACH ROW
EXECUTE FUNCTION holotable_refuse('side bets are immutable');
