-- A table remembers which of the droid's minds plays at it, so that /verify recomputes the
-- droid's choices with the mind that made them. Tables stored before minds were numbered
-- were played by the first.
ALTER TABLE tables ADD COLUMN droid_mind INTEGER NOT NULL DEFAULT 1 CHECK (droid_mind >= 1);
