"""Private tables an older castletui made: they kept only the invited
names, and a name admits no account (saves.table.may_see). When the host
starts, each such name is given the account that has it now, but only if
that account was added on a day before the table was made: it had the
name then, so it is whom the name meant. An account added since (the
name registered again after a removal, or taken under ``--open``) is not
invited, nor one added the same day (which came first is not known).
A name not given an account stays a name: it admits no account."""

from __future__ import annotations

from collections.abc import Callable

from castletui.host.players import Players, PlayersError, StorePlayers
from castletui.saves.errors import SaveError
from castletui.saves.names import name_key
from castletui.saves.owners import account_owner
from castletui.saves.stores import TableStore


def accounts_of_old(invited: list[str], created: str, dated: dict[str, tuple[str, str]]) -> list[str]:
    """The owner fields of the accounts ``invited`` names had when a table
    was made at ``created`` (ISO): those added on an earlier day."""
    day = created[:10]
    by_key = {name_key(name): (account, added) for account, (name, added) in dated.items()}
    owners = []
    for name in invited:
        account, added = by_key.get(name_key(name), ("", ""))
        if account and added and added[:10] < day:
            owners.append(account_owner(account))
    return owners


def bind_old_invitations(
    store: TableStore, players: Players | StorePlayers, say: Callable[[str], None]
) -> int:
    """Give the private tables of ``store`` that kept only names the
    accounts those names had when each was made; how many tables."""
    bound = 0
    try:
        rows = [row for row in store.tables() if row.invited and not row.invited_accounts]
        dated = players.dated() if rows else {}
    except (SaveError, PlayersError) as error:
        say(f"old invitations were left as they are ({error})")
        return 0
    for row in rows:
        try:
            save, seating = store.read(row.path)
            owners = accounts_of_old(seating.invited, save.created, dated)
            if store.bind_invitations(row.path, owners):
                bound += 1
                say(f"{row.path}: its invited names now admit {len(owners)} account(s) that had them")
        except SaveError as error:
            say(f"{row.path}: its invitations were left as they are ({error})")
    return bound
