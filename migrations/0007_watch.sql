-- The live page of a table is reached by an unguessable token (128 random bits, hex), so a
-- table in a private channel is not exposed by counting ids. A table gets its token the first
-- time a link to it is made; tables stored before this version get theirs the same way.
ALTER TABLE tables ADD COLUMN watch_token TEXT;
CREATE UNIQUE INDEX tables_watch_token ON tables (watch_token);
-- A server's lobby page, when its admin turns it on, is reached the same way.
ALTER TABLE guilds ADD COLUMN lobby_token TEXT;
CREATE UNIQUE INDEX guilds_lobby_token ON guilds (lobby_token);
