-- A table's terms get columns of their own: who opened it (seat 0 unless `first` said
-- otherwise), the `to` of /play as given, the droid's level and the seats an open table waits
-- for. Until now they were kept in the options JSON under keys starting with `_`; tables
-- stored before a term existed get its default.
ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN to_points INTEGER CHECK (to_points >= 0);
ALTER TABLE tables ADD COLUMN droid_level INTEGER NOT NULL DEFAULT 3 CHECK (droid_level >= 1);
ALTER TABLE tables ADD COLUMN seat_count INTEGER NOT NULL DEFAULT 2 CHECK (seat_count >= 1);
UPDATE tables SET
    creator = COALESCE(
        json_extract(options, '$._challenger'),
        (SELECT s.user_id FROM seats s WHERE s.table_id = tables.id AND s.seat = 0),
        ''),
    to_points = json_extract(options, '$._to'),
    droid_level = COALESCE(json_extract(options, '$._level'), 3),
    seat_count = COALESCE(
        json_extract(options, '$._seats'),
        MAX(2, (SELECT COUNT(*) FROM seats s WHERE s.table_id = tables.id))),
    options = json_remove(options, '$._challenger', '$._to', '$._level', '$._seats');
