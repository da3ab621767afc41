-- A table's clock (saves/clock.py): its time per move, the seats a bot
-- plays until their owners come back, and when the game was abandoned.
ALTER TABLE castletui_tables
    ADD COLUMN per_move integer NOT NULL DEFAULT 0,
    ADD COLUMN stand_ins jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN abandoned text NOT NULL DEFAULT '';
