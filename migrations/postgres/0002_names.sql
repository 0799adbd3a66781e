-- Display names of users (../0002_names.sql).
CREATE TABLE user_names (
    user_id TEXT PRIMARY KEY,
    name    TEXT NOT NULL
);
