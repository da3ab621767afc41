"""Tables an older ``castletui host`` seated by name: it wrote a seat's
owner as the account's bare name. When the host starts, each such seat is
given to the account called exactly that name in the players file as it
stands (saves.table.Table.adopt_bare_owners), once: from then on the seat
is the account's id's, and no name, typed or registered, can take it. A
bare name that is no account's stays a ``user:`` owner (saves.owners),
which no player of the host is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from castletui.host.players import Players, PlayersError
from castletui.saves.errors import SaveError
from castletui.saves.owners import account_owner
from castletui.saves.table import Table, is_table_name


def give_old_seats(table_dir: Path, players: Players, say: Callable[[str], None]) -> int:
    """Give the seats of ``table_dir``'s tables held by bare names to their
    accounts; how many were given. What cannot be read is said and left."""
    given = 0
    try:
        paths = sorted(path for path in table_dir.iterdir() if is_table_name(path.name))
    except OSError:
        return 0

    def owner_for(name: str) -> str:
        account = players.account_named(name)
        return account_owner(account.id) if account is not None else ""

    for path in paths:
        try:
            seats = Table(path).adopt_bare_owners(owner_for)
        except (SaveError, PlayersError) as error:
            say(f"{path.name}: its seats were left as they are ({error})")
            continue
        if seats:
            given += len(seats)
            numbers = ", ".join(str(seat + 1) for seat in seats)
            say(f"{path.name}: seat {numbers} now held by its account rather than by its name")
    return given
