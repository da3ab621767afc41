"""Who owns a seat at a shared table, as the table file writes it: the
owner field (saves.table's ``Seating.owners``).

Two kinds of owner, each written with its kind in front so that one can
never pass for the other:

- ``account:ID``, an account of ``castletui host`` (an entry of its
  players file, found by the key that logged in; castletui.host.players).
  The id is given at registration and never reused; the account's name is
  only the seat's label (the seat's player name in the file), so renaming
  the account, or registering a name that looks like it, moves no seat.
- ``user:NAME``, a person known by name outside a host: the Unix user
  running castletui, or ``--as NAME`` in a game account's own table folder.

An owner field without a kind was written by an older castletui, which
kept bare names: it is read as ``user:NAME`` (who it was then), so no seat
is lost. Empty is a free seat (and a bot's)."""

from __future__ import annotations

import re

from castletui.saves.schema import MAX_NAME_LENGTH

USER = "user:"
ACCOUNT = "account:"

ACCOUNT_ID = re.compile(r"[0-9a-f]{8,64}")
"""What an account id looks like (castletui.host.players makes 32 hex digits)."""


def user_owner(name: str) -> str:
    """The owner field of the person called ``name`` (a Unix user, ``--as``)."""
    return USER + name[:MAX_NAME_LENGTH]


def account_owner(account: str) -> str:
    """The owner field of the host account ``account`` (its id)."""
    return ACCOUNT + account


def owner_field(text: str) -> str:
    """``text`` (a table file's owner field, or an identity given to a
    table) as castletui compares it: a bare name (an older file's) is a
    ``user:`` owner; a name longer than a name can be is cut there."""
    text = str(text)
    if not text:
        return ""
    if text.startswith(ACCOUNT):
        return text[: len(ACCOUNT) + 64]
    if text.startswith(USER):
        return user_owner(text[len(USER) :])
    return user_owner(text)


def is_account(owner: str) -> bool:
    return owner.startswith(ACCOUNT)


def owner_label(owner: str) -> str:
    """The name a ``user:`` owner sits as; empty for an account (whose
    name is the seat's label in the file, never read from the owner)."""
    owner = owner_field(owner)
    return owner[len(USER) :] if owner.startswith(USER) else ""


def account_id_problem(account: str) -> str:
    """Why ``account`` is no account id, as the end of a sentence; empty if it is one."""
    return "" if ACCOUNT_ID.fullmatch(account) else "is not an account id (8 to 64 hex digits)"
