-- Fair play: /daily, /give and side bets refuse Discord accounts younger than
-- min_account_days and members who joined the server less than min_member_hours ago, so
-- that alternate accounts cannot farm credits.
ALTER TABLE guilds ADD COLUMN min_account_days INTEGER NOT NULL DEFAULT 7 CHECK (min_account_days BETWEEN 0 AND 3650);
ALTER TABLE guilds ADD COLUMN min_member_hours INTEGER NOT NULL DEFAULT 24 CHECK (min_member_hours BETWEEN 0 AND 8760);
