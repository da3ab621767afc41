"""A seat at a host's table is its account's (the players file's entry, by
its id), never found again by a name (#41.1): through a real SSH
connection, a name on file that passes for a seat's owner takes nothing,
the account comes back to its seat under its new name, a name registered
again after its account went gets none of its seats, and a table an older
host seated by name is its accounts' once the host starts."""

from __future__ import annotations

from unittest import mock

import pytest
from castletui.saves.owners import account_owner
from castletui.saves.seal import audit
from castletui.saves.table import Seating, Table

from castletui import saves
from castletui.host.players import Players
from castletui.shared import create_table
from tests.host.conftest import Player

asyncssh = pytest.importorskip("asyncssh")

SEATS = [saves.Player("Seat 1"), saves.Player("Seat 2")]


def account_of(host, name: str):
    account = Players(host.players_file).account_named(name)
    assert account is not None and account.id
    return account


def table_of(host, who: str, name: str) -> Table:
    """A two-seat Castlecards table at the host, ``who`` in seat 1 as ``name``."""
    with mock.patch("castletui.saves.table.new_seed", return_value=21):  # the same deal on every run
        table, _, _ = create_table(host.table_dir, who, "castlecards", "two-player", SEATS, name=name)
    return table


def renamed_on_file(host, old: str, new: str) -> None:
    """The host edits a name in its players file by hand; the id stays."""
    text = host.players_file.read_text()
    assert f'name = "{old}"' in text
    host.players_file.write_text(text.replace(f'name = "{old}"', f'name = "{new}"'))


async def test_a_seat_is_its_accounts_whatever_names_the_players_file_holds(start_host, keys):
    host = start_host(players={"Ann": keys["alice"], "Bob": keys["bob"]})
    ann, bob = account_of(host, "Ann"), account_of(host, "Bob")
    table = table_of(host, account_owner(ann.id), "Ann")
    # Ann becomes Anna, and Bob takes a name that passes for the seat's: ＡＮＮ.
    renamed_on_file(host, "Ann", "Anna")
    renamed_on_file(host, "Bob", "\uff21\uff2e\uff2e")
    impostor = await Player.connect(host.port, keys["bob"])
    await impostor.open_terminal()
    # Not her table; and not seat 2 either, beside a seat labelled as it is named.
    await impostor.wait_for("you play as ANN", "No table has a free seat")
    assert Table(table.path).read()[1].owners == [account_owner(ann.id), ""]

    anna = await Player.connect(host.port, keys["alice"])
    await anna.open_terminal()
    await anna.wait_for("you play as Anna", "Castlecards with")
    game = anna.mark()
    anna.send(b"\r")
    await anna.wait_for("Anna (you)", "Hand", since=game)  # the seat is labelled with the new name
    save, seating = Table(table.path).read()
    assert seating.owners == [account_owner(ann.id), ""] and save.players[0].name == "Anna"

    # Now that the labels differ, the other account may take the free seat, and only it.
    lobby = impostor.mark()
    impostor.send(b"r")
    await impostor.wait_for("Take seat 2", since=lobby)
    impostor.send(b"\r")
    await impostor.wait_for("ANN (you)", "Hand", since=lobby)
    save, seating = Table(table.path).read()
    assert seating.owners == [account_owner(ann.id), account_owner(bob.id)]
    assert [player.name for player in save.players] == ["Anna", "ANN"]
    await impostor.close()
    await anna.close()


async def test_a_name_registered_again_after_its_account_went_gets_none_of_its_seats(start_host, keys):
    host = start_host("--open", players={"Cy": keys["alice"]})
    cy = account_of(host, "Cy")
    table = table_of(host, account_owner(cy.id), "Cy")
    assert Players(host.players_file).remove("Cy") == ("Cy", 1)
    stranger = await Player.connect(host.port, keys["stranger"])
    await stranger.open_terminal()
    await stranger.wait_for("Your player name:")
    stranger.send("\uff23y\r".encode())  # a full-width C: the free name Cy
    await stranger.wait_for("you play as Cy", "No table has a free seat")
    await host.event(event="registered", player="Cy")
    new = account_of(host, "Cy")
    assert new.id != cy.id  # an account's id never comes back
    assert Table(table.path).read()[1].owners == [account_owner(cy.id), ""]
    await stranger.close()


async def test_a_table_an_older_host_seated_by_name_is_its_accounts_once_the_host_starts(start_host, keys):
    first = start_host(players={"Alice": keys["alice"], "Bob": keys["bob"]})
    alice = account_of(first, "Alice")
    table = table_of(first, account_owner(alice.id), "Alice")
    first.stop()
    save, _ = table.read()
    with table.locked():
        table._write(save, Seating(["Alice", ""]))  # as an older host wrote it: the bare name
    host = start_host(root=first.root)  # the same folders and players file
    assert Table(table.path).read()[1].owners == [account_owner(alice.id), ""]
    assert audit(saves.read(table.path), table.path.name).holds  # castletui verify: the record holds
    player = await Player.connect(host.port, keys["alice"])
    await player.open_terminal()
    await player.wait_for("you play as Alice", "Castlecards with")
    await player.close()
