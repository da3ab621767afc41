"""A rematch at a shared table (issue 46): at the end, "Play again" offers
a new table with the same game, variant, options, players and bots to
everyone at the table; it is made when every person seated there has
accepted. The offer is kept with the finished table (its seating's
``rematch``: saves.table.Rematch), so a player who logged out answers it
days later. Whoever accepts last makes the new table, under the finished
table's lock (a file) or in one transaction with its row (PostgreSQL:
saves.stores.postgres), so two last answers never make two tables.

The new table's seats are the old ones turned by one: the player of seat
2 sits in seat 1, and seat 1's goes last. In a game where seat 1 always
starts (A Game of Thrones Catan: the oldest player) another player
starts; where the start player is drawn, the draw still decides. Its
seed is its own, as every table's; a private table's invitations stay.

A rematch is a new table: as for any (castletui/tables.py), nobody who
sits at saves.open_games.MAX_OPEN_TABLES games not over says yes to
one, and the last yes is refused while any of its players does.
"""

from __future__ import annotations

import datetime

import msgspec
from castletui.rules import registry
from castletui.rules.core import Config
from castletui.saves import new_save, open_games
from castletui.saves.errors import SaveError
from castletui.saves.owners import owner_field
from castletui.saves.schema import SaveFile
from castletui.saves.table import Rematch, Table, TableSummary, list_tables, status_text


class RematchRefused(SaveError):
    """Why this answer to a rematch cannot be given (the game goes on, a spectator...)."""


def answered(rematch: Rematch | None, save: SaveFile, owners: list[str], who: str, accept: bool) -> Rematch:
    """The table's rematch once ``who`` (an owner field) said yes
    (``accept``, the first yes offers it) or no; RematchRefused why not.
    Only a person seated at a finished table answers; once the new table
    is made, answers change nothing."""
    who = owner_field(who)
    if not save.finished:
        raise RematchRefused("The game is not over yet: a rematch is offered at its end.")
    if not who or who not in owners:
        raise RematchRefused("Only the players at this table can offer or accept a rematch.")
    rematch = rematch or Rematch()
    if rematch.table:
        return rematch
    accepted = [owner for owner in rematch.accepted if owner != who]
    declined = [owner for owner in rematch.declined if owner != who]
    (accepted if accept else declined).append(who)
    return Rematch(accepted, declined)


def limit_refusal(rows: list[TableSummary], save: SaveFile, owners: list[str], who: str, making: bool) -> str:
    """Why ``who``'s yes is refused: they sit at the most games not over
    one player may (their yes would seat them at one more), or, for the
    last yes (``making`` the table), any of its players does. "": it is not."""
    who = owner_field(who)
    mine = owners.index(who) if who in owners else -1
    people = [seat for seat, owner in enumerate(owners) if owner]
    full = open_games.at_the_limit(rows, owners, people if making else [mine])
    if not full:
        return ""
    limit = open_games.MAX_OPEN_TABLES
    if full == [mine]:
        return (
            f"You sit at {limit} games that are not over, the most one player may: "
            "play one to its end before a rematch."
        )
    names = ["you"] * (mine in full) + [save.players[seat].name for seat in full if seat != mine]
    named = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    sit = "sits" if len(names) == 1 else "sit"
    return (
        f"No rematch yet: {named} already {sit} at {limit} games that are not over, the most one "
        "player may. It is made when the last yes comes after they have played one to its end."
    )


def everyone_accepted(rematch: Rematch | None, owners: list[str]) -> bool:
    """Whether every person seated has accepted and no table is made yet."""
    people = [owner for owner in owners if owner]
    return bool(
        rematch and people and not rematch.table and all(owner in rematch.accepted for owner in people)
    )


def waiting_for(rematch: Rematch | None, owners: list[str]) -> list[int]:
    """The seats whose person has not answered yet (a free seat waits for nobody)."""
    answered_by = set(rematch.accepted + rematch.declined) if rematch else set()
    return [seat for seat, owner in enumerate(owners) if owner and owner not in answered_by]


def turned(items: list) -> list:
    """The seats turned by one: seat 2's first, seat 1's last."""
    return items[1:] + items[:1]


def rematch_save(save: SaveFile, owners: list[str]) -> tuple[SaveFile, list[str]]:
    """The new table's save (no seed yet: the table draws its own) and
    its seats' owners, each turned by one."""
    players = turned(list(save.players))
    config = Config(save.config.variant, len(players), dict(save.config.options), save.mode)
    fresh = new_save(save.game, config, players, 0, save.mode)
    game = registry.get(save.game)
    fresh.status = status_text(game, game.setup(fresh.rules_config()), [p.name for p in players], save.mode)
    return fresh, turned(list(owners))


def stem_of(save: SaveFile) -> str:
    """The new table's name: the game and when, as every table's."""
    return f"{save.game}-{datetime.datetime.now().strftime('%Y-%m-%d-%H%M%S')}"


def answer_at_file(table: Table, who: str, accept: bool) -> Rematch:
    """``who``'s answer at a table file, under its lock: the rematch as it
    now is, with the new table's path once the last yes made it."""
    with table.locked():
        save, seating = table.read()
        rematch = answered(seating.rematch, save, seating.owners, who, accept)
        if rematch == seating.rematch:
            return rematch
        making = everyone_accepted(rematch, seating.owners)
        if accept:
            refusal = limit_refusal(list_tables(table.path.parent), save, seating.owners, who, making)
            if refusal:
                raise RematchRefused(refusal)
        if making:
            fresh, owners = rematch_save(save, seating.owners)
            made = Table.create(
                table.path.parent,
                fresh,
                owners,
                stem_of(save),
                invited=seating.invited,
                per_move=seating.per_move,
                invited_accounts=seating.invited_accounts,
            )
            rematch = msgspec.structs.replace(rematch, table=str(made.path))
        table._write(save, msgspec.structs.replace(seating, rematch=rematch))
        return rematch


def answer(table: object, who: str, accept: bool) -> Rematch:
    """``who``'s answer at ``table``: a table file (saves.table.Table) or a
    store's table (saves.stores.shared.StoreTable)."""
    if isinstance(table, Table):
        return answer_at_file(table, who, accept)
    return table.answer_rematch(who, accept)  # type: ignore[attr-defined]
