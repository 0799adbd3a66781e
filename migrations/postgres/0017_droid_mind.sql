-- A table remembers which of the droid's minds plays at it (../0017_droid_mind.sql).
ALTER TABLE tables ADD COLUMN droid_mind BIGINT NOT NULL DEFAULT 1 CHECK (droid_mind >= 1);
