"""Whom a private table on ``castletui host`` invites: each name typed is
found to be an account of the host when the table is made, and the table
keeps that account (saves.table's ``Seating.invited_accounts``) beside
the name players see. A name that is no account here is refused, never
kept to wait: under ``castletui host --open`` anybody's key may take a
free name, so a name waiting for its account could be taken by a
stranger. Whoever is invited connects once first (their account is made
then), and is invited by the name they got.

Off a host (a Unix user, ``--as NAME``) the system names people: the
names are the invitation, as before."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from castletui.host.players import PLAYERS_VARIABLE, Players, PlayersError
from castletui.saves.errors import SaveError
from castletui.saves.names import name_key
from castletui.saves.owners import account_owner, is_account, owner_field


def host_accounts(store: Any) -> Callable[[], dict[str, str]] | None:
    """How to ask for the host's accounts (id -> name) from a player's
    castletui: the store's where it keeps them (PostgreSQL), else the
    players file the host named (``$CASTLETUI_PLAYERS_FILE``); None off a host."""
    accounts = store.accounts() if store is not None else None
    if accounts is not None:
        return accounts.names
    path = os.environ.get(PLAYERS_VARIABLE, "")
    return Players(path).names if path else None


def invitation(
    invited: list[str], who: str, name: str, accounts: Callable[[], dict[str, str]] | None
) -> tuple[list[str], list[str]]:
    """The names a table made by ``who`` (sitting as ``name``) invites, its
    maker's first, and the accounts they are (empty off a host). SaveError
    naming a name that is no account here."""
    if name and name_key(name) not in {name_key(other) for other in invited}:
        invited = [name, *invited]  # whoever makes a private table is at it
    if not is_account(owner_field(who)):
        return invited, []
    if accounts is None:
        raise SaveError("This host's players cannot be read here, so no private table can be made.")
    try:
        known = accounts()
    except (PlayersError, SaveError) as error:
        raise SaveError(
            f"This host's players cannot be read ({error}), so no private table can be made."
        ) from None
    by_key = {name_key(account_name): account for account, account_name in known.items()}
    names, owners = [], []
    for invited_name in invited:
        if name and name_key(invited_name) == name_key(name):
            names.append(name)
            owners.append(owner_field(who))
            continue
        account = by_key.get(name_key(invited_name))
        if account is None:
            raise SaveError(
                f"Cannot invite {invited_name}: no player of this host is called that. "
                "Ask them to connect once (that makes their account), then invite them by the name they got."
            )
        names.append(known[account])  # as the host keeps it: what players see
        owners.append(account_owner(account))
    return names, owners
