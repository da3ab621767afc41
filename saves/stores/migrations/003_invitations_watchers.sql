-- Private tables and spectators (saves/stores/postgres.py).
-- A private table's invited names, as a table file's seating keeps them
-- ("invited"): empty, a public table, as every table made before.
ALTER TABLE castletui_tables ADD COLUMN invited jsonb NOT NULL DEFAULT '[]';

-- Who watches a table from no seat: a row per spectator, never a move.
-- The spectator's connection holds a session-level advisory lock on
-- ``lock`` for as long as it watches, so the row of one whose connection
-- died (its castletui killed) is told from a live one by pg_locks and
-- removed by whoever looks. ``client`` names the spectator's castletui
-- (its machine and process id), so the host that ran it removes its row
-- as soon as that process has ended, killed too.
CREATE TABLE castletui_watchers (
    lock bigint PRIMARY KEY,
    table_id text NOT NULL REFERENCES castletui_tables (id) ON DELETE CASCADE,
    name text NOT NULL,
    client text NOT NULL DEFAULT ''
);
CREATE INDEX castletui_watchers_table ON castletui_watchers (table_id);
CREATE INDEX castletui_watchers_client ON castletui_watchers (client);

-- A spectator coming or going wakes the table's watchers as a move does
-- (payload: the table's id and ply), so the players' panels follow.
CREATE FUNCTION castletui_watchers_changed() RETURNS trigger AS $$
DECLARE
    changed text := coalesce(NEW.table_id, OLD.table_id);
BEGIN
    PERFORM pg_notify('castletui_tables', changed || ' ' ||
        coalesce((SELECT plies FROM castletui_tables WHERE id = changed), 0));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER castletui_watchers_changed AFTER INSERT OR DELETE ON castletui_watchers
    FOR EACH ROW EXECUTE FUNCTION castletui_watchers_changed();
