-- Who told whom (castletui/host/notify.py): a row per away-notification
-- sent, claimed before it is sent. Of several hosts on one store looking
-- at the same turn, the one whose INSERT ... ON CONFLICT DO NOTHING
-- returns the row sends it; the others see it taken. A turn is a table
-- (its id) at the ply its turn began; a digest is an account's of a day
-- (table_id '', turn the day as YYYYMMDD).
CREATE TABLE castletui_told (
    table_id text NOT NULL,
    turn integer NOT NULL,
    account_id text NOT NULL,
    kind text NOT NULL,               -- 'turn' or 'digest'
    told timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, turn, account_id, kind)
);
