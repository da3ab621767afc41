-- An account's own settings, shared by every host on the store: the files a
-- player's castletui keeps in its account's folder with a players file
-- (settings.toml: the theme, plain lines...; notify.toml: what the host
-- sends while they are away), one row each, the file's bytes as written.
-- They go with the account (host remove on any host).
CREATE TABLE castletui_account_settings (
    account_id text NOT NULL REFERENCES castletui_accounts (id) ON DELETE CASCADE,
    name text NOT NULL,               -- the file's name: settings.toml, notify.toml
    body bytea NOT NULL,
    updated timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, name)
);

-- Which accounts are connected to which host (castletui/host/notify.py):
-- a row per account with a castletui at a host, whose notifier's connection
-- holds a session-level advisory lock on ``lock`` while the host runs. A
-- turn that waits for a player connected to any host is shown there, never
-- sent; the row of a host that died (its lock gone) counts for nothing and
-- is removed by whoever looks.
CREATE TABLE castletui_present (
    lock bigint NOT NULL,
    account_id text NOT NULL,
    PRIMARY KEY (lock, account_id)
);
