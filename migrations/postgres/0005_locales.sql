-- The language of each user's client, as last seen (../0005_locales.sql).
ALTER TABLE user_names ADD COLUMN locale TEXT;
