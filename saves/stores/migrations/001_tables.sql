-- Shared tables: a row per table, a row per move (saves/stores/postgres.py).
CREATE TABLE castletui_tables (
    id text PRIMARY KEY,
    header jsonb NOT NULL,            -- what no move and no seat changes: the record's first check covers it
    header_check text NOT NULL,
    seed bigint NOT NULL,             -- the table's secret until the game ends (saves.seal)
    salt text NOT NULL,
    names jsonb NOT NULL,             -- each seat's label
    owners jsonb NOT NULL,            -- each seat's owner field ("" while free)
    version integer NOT NULL DEFAULT 0,  -- bumped by every seat change (a compare-and-set)
    plies integer NOT NULL DEFAULT 0,
    status text NOT NULL DEFAULT '',
    finished boolean NOT NULL DEFAULT false,
    updated text NOT NULL DEFAULT ''
);

-- One move wins each ply: (table_id, ply) is unique. A move names the
-- move before it and that move's check, and the database refuses one whose
-- predecessor is not there as it was seen (a move taken back meanwhile),
-- and refuses to take back a move another follows.
CREATE TABLE castletui_moves (
    table_id text NOT NULL REFERENCES castletui_tables (id) ON DELETE CASCADE,
    ply integer NOT NULL CHECK (ply >= 0),
    line jsonb NOT NULL,              -- the journal's line: entry, what it said of the game, its check
    chain text NOT NULL,
    previous_ply integer,
    previous_chain text,
    PRIMARY KEY (table_id, ply),
    UNIQUE (table_id, ply, chain),
    FOREIGN KEY (table_id, previous_ply, previous_chain) REFERENCES castletui_moves (table_id, ply, chain),
    CHECK ((ply = 0 AND previous_ply IS NULL) OR (previous_ply = ply - 1 AND previous_chain IS NOT NULL))
);

-- Every change of a table wakes its watchers: the payload is its id and
-- ply only (they read the rest, and check it).
CREATE FUNCTION castletui_table_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('castletui_tables', NEW.id || ' ' || NEW.plies);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER castletui_table_changed AFTER INSERT OR UPDATE ON castletui_tables
    FOR EACH ROW EXECUTE FUNCTION castletui_table_changed();
