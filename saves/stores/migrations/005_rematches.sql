-- A rematch offered at a finished table (saves/rematch.py): who said yes
-- and no, and the new table once everyone did. Changed with the row's
-- version, as a seat is.
ALTER TABLE castletui_tables ADD COLUMN rematch jsonb;
