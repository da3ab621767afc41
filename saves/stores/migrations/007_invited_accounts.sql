-- The accounts a private table invites (saves/table.py's
-- Seating.invited_accounts): the owner field ("account:ID") each invited
-- name was found to be when the table was made. A name never admits an
-- account: whoever takes it later is not invited. Empty for every table
-- made before, which then admits only the accounts seated there, until the
-- host binds its old invitations (castletui/host/old_invitations.py).
ALTER TABLE castletui_tables ADD COLUMN invited_accounts jsonb NOT NULL DEFAULT '[]';
