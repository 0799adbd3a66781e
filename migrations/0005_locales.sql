-- The language of each user's Discord client, as last seen, so that messages nobody's
-- command asked for (clock warnings, timeouts, expired challenges) speak it after a restart.
ALTER TABLE user_names ADD COLUMN locale TEXT;
