-- Display names of users, so that boards and messages keep showing names after a restart.
CREATE TABLE user_names (
    user_id TEXT PRIMARY KEY,
    name    TEXT NOT NULL
);
