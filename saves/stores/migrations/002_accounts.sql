-- castletui host's accounts: a name (one per name key: names that look the
-- same are one name) and the SSH keys that log in as it (a key is one
-- account's).
CREATE TABLE castletui_accounts (
    id text PRIMARY KEY,
    name text NOT NULL,
    name_key text NOT NULL UNIQUE,
    added text NOT NULL DEFAULT '',
    serial bigserial
);

CREATE TABLE castletui_keys (
    blob bytea PRIMARY KEY,
    account_id text NOT NULL REFERENCES castletui_accounts (id) ON DELETE CASCADE,
    line text NOT NULL,
    serial bigserial
);
