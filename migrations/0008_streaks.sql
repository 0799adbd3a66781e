-- /daily streaks: each claim on consecutive UTC days adds daily_streak_step credits to the
-- next one, up to daily_streak_max. The streak itself is read from the claims (operations).
ALTER TABLE guilds ADD COLUMN daily_streak_step INTEGER NOT NULL DEFAULT 20 CHECK (daily_streak_step >= 0);
ALTER TABLE guilds ADD COLUMN daily_streak_max INTEGER NOT NULL DEFAULT 400 CHECK (daily_streak_max >= 0);
