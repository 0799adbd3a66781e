-- A table's terms get columns of their own (../0006_terms.sql).
ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN to_points BIGINT CHECK (to_points >= 0);
ALTER TABLE tables ADD COLUMN droid_level BIGINT NOT NULL DEFAULT 3 CHECK (droid_level >= 1);
ALTER TABLE tables ADD COLUMN seat_count BIGINT NOT NULL DEFAULT 2 CHECK (seat_count >= 1);
UPDATE tables SET
    creator = COALESCE(
        options::jsonb ->> '_challenger',
        (SELECT s.user_id FROM seats s WHERE s.table_id = tables.id AND s.seat = 0),
        ''),
    to_points = (options::jsonb ->> '_to')::BIGINT,
    droid_level = COALESCE((options::jsonb ->> '_level')::BIGINT, 3),
    seat_count = COALESCE(
        (options::jsonb ->> '_seats')::BIGINT,
        GREATEST(2, (SELECT COUNT(*) FROM seats s WHERE s.table_id = tables.id))),
    options = (options::jsonb - '_challenger' - '_to' - '_level' - '_seats')::TEXT;
