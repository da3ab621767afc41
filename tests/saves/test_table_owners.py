"""The owner field of a shared table's seats (saves.owners): ``account:ID``
and ``user:NAME`` are never one another, an older file's bare names are
``user:`` owners (no seat lost), files that mix the forms read alike, an
account is never found by its name, and the record's chain holds through
all of it (``castletui verify``)."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from castletui.rules.core import CHANCE
from castletui.saves.owners import account_owner, owner_field, owner_label, user_owner
from castletui.saves.seal import audit
from castletui.saves.table import NotYourSeat, Seating, Table, identity, list_tables

from castletui import saves
from castletui.session import Session
from castletui.shared import create_table

ANN = "a1" * 16  # two account ids, as castletui.host.players makes them
BO = "b2" * 16
SEATS = [saves.Player("Seat 1"), saves.Player("Seat 2"), saves.Player("Seat 3")]


def new_table(folder: Path, who: str, name: str = "", seats: int = 3) -> Table:
    directory = folder / "tables"
    directory.mkdir(mode=0o700, exist_ok=True)
    variant = "two-player" if seats == 2 else "multi-player"
    with mock.patch("castletui.saves.table.new_seed", return_value=11):  # the same deal on every run
        table, _, _ = create_table(directory, who, "castlecards", variant, SEATS[:seats], name=name)
    return table


def written_as(table: Table, owners: list[str]) -> None:
    """Write the table's seating as ``owners`` (an older castletui's bare
    names, or a mix), as a whole write does: the header's check anew."""
    save, _ = table.read()
    with table.locked():
        table._write(save, Seating(owners))


def raw_owners(path: Path) -> list[str]:
    """The owners as the file writes them (not as a table reads them)."""
    from castletui.saves.table import _seating_in

    seating = _seating_in(path.read_bytes())
    assert seating is not None
    return seating.owners


def holds(path: Path) -> bool:
    """Whether ``castletui verify`` finds the record whole."""
    return audit(saves.read(path), path.name).holds


def draws_then_a_move(path: Path, seat: int, who: str) -> None:
    """The table's draws, then ``who``'s move at ``seat`` once it is theirs."""
    session = Session.at_table(Table(path), seat, who)
    while session.to_move() == CHANCE:
        session.act(session.digital_chance())
    if session.to_move() == seat:
        session.act(session.legal_actions()[0])


def test_the_owner_field_says_its_kind_and_a_bare_name_is_a_user():
    assert owner_field("ann") == "user:ann" == user_owner("ann")
    assert owner_field("user:ann") == "user:ann"
    assert owner_field(f"account:{ANN}") == account_owner(ANN)
    assert owner_field("") == ""
    # A user called like an account's field is still a user (its kind is written).
    assert owner_field(user_owner(f"account:{ANN}")) == f"user:account:{ANN}"
    assert owner_label("ann") == "ann" and owner_label(account_owner(ANN)) == ""
    assert owner_field("x" * 100) == "user:" + "x" * 40  # no longer than a name
    assert identity("Bo") == "user:Bo"
    assert identity("Bo", account=ANN) == f"account:{ANN}"
    with pytest.raises(saves.SaveError, match="not an account id"):
        identity("Bo", account="Bo")
    with pytest.raises(saves.SaveError, match="--as"):
        identity(None, account=ANN)


def test_an_older_files_bare_names_keep_their_seats_and_its_record_verifies(tmp_path):
    table = new_table(tmp_path, "ann", seats=2)
    draws_then_a_move(table.path, 0, "ann")
    written_as(table, ["ann", ""])  # as an older castletui wrote it
    assert raw_owners(table.path) == ["ann", ""] and holds(table.path)
    save, seating = Table(table.path).read()
    assert seating.owners == ["user:ann", ""] and save.players[0].name == "ann"
    # ann, as her Unix user, plays on: the move is appended, the header as it was.
    Table(table.path).take_seat(0, identity("ann"))
    assert raw_owners(table.path) == ["ann", ""]
    draws_then_a_move(table.path, 0, "user:ann")
    assert raw_owners(table.path) == ["ann", ""] and holds(table.path)
    # bo sits down: the file is written whole, every owner with its kind.
    Table(table.path).take_seat(1, "bo")
    assert raw_owners(table.path) == ["user:ann", "user:bo"] and holds(table.path)
    assert Table(table.path).read()[1].owners == ["user:ann", "user:bo"]


def test_a_new_file_holds_accounts_by_id_and_users_by_name(tmp_path):
    table = new_table(tmp_path, account_owner(ANN), name="Ann")
    table.take_seat(1, "bo")
    assert raw_owners(table.path) == [account_owner(ANN), "user:bo", ""] and holds(table.path)
    save, seating = Table(table.path).read()
    assert [player.name for player in save.players[:2]] == ["Ann", "bo"]  # labels, shown as before
    # Neither a user nor another account called Ann is the account.
    for who, name in (("Ann", ""), (user_owner("Ann"), ""), (account_owner(BO), "Ann")):
        with pytest.raises(NotYourSeat, match="Seat 1 belongs to Ann: only they can play it"):
            Table(table.path).take_seat(0, who, name)
    # One seat per identity, and a label that passes for a seated one's is refused.
    with pytest.raises(NotYourSeat, match="Seat 1 is played by Ann"):
        Table(table.path).take_seat(2, account_owner(BO), "\uff21nn")  # a full-width A
    with pytest.raises(NotYourSeat, match="one seat each"):
        Table(table.path).take_seat(2, account_owner(ANN), "Ann")
    with pytest.raises(NotYourSeat, match="You cannot sit as ''"):
        Table(table.path).take_seat(2, account_owner(BO))  # an account sits under a name
    row = next(iter(list_tables(table.path.parent)))
    assert row.seat_of(account_owner(ANN)) == 0 and row.seat_of("Ann") is None
    assert row.seat_of("bo") == row.seat_of(user_owner("bo")) == 1


def test_an_account_back_under_a_new_name_keeps_its_seat_and_is_labelled_so(tmp_path):
    table = new_table(tmp_path, account_owner(ANN), name="Ann")
    table.take_seat(1, account_owner(BO), "Bo")
    draws_then_a_move(table.path, 0, account_owner(ANN))
    Table(table.path).take_seat(0, account_owner(ANN), "Anna")
    save, seating = Table(table.path).read()
    assert seating.owners[:2] == [account_owner(ANN), account_owner(BO)]
    assert [player.name for player in save.players[:2]] == ["Anna", "Bo"] and holds(table.path)
    # A new name that passes for another seat's, or no name at all: the seat, under its old label.
    for name in ("BO", "Bo\x1b[2J"):
        assert Table(table.path).take_seat(0, account_owner(ANN), name)[0].players[0].name == "Anna"
    # The account plays on under its id; its old name is nobody's.
    draws_then_a_move(table.path, 0, account_owner(ANN))
    assert holds(table.path)
    with pytest.raises(NotYourSeat, match="belongs to Anna"):
        Table(table.path).take_seat(0, "Ann")


def test_a_file_that_mixes_bare_names_and_kinds_reads_each_as_it_is(tmp_path):
    table = new_table(tmp_path, "ann")
    written_as(table, ["ann", account_owner(BO), "user:cy"])
    save, seating = Table(table.path).read()
    assert seating.owners == ["user:ann", account_owner(BO), "user:cy"]
    # A user's seat shows its name; an account's keeps the label it sat under.
    assert [player.name for player in save.players] == ["ann", "Seat 2", "cy"]
    assert holds(table.path)
    with pytest.raises(NotYourSeat, match="belongs to Seat 2"):
        Table(table.path).take_seat(1, "bo")


def test_only_bare_names_are_given_to_accounts_and_the_record_still_verifies(tmp_path):
    table = new_table(tmp_path, "ann")
    draws_then_a_move(table.path, 0, "ann")
    written_as(table, ["Ann", "user:Bo", "Cy"])
    accounts = {"Ann": account_owner(ANN), "Bo": account_owner(BO)}
    assert Table(table.path).adopt_bare_owners(lambda name: accounts.get(name, "")) == [0]
    # Bo's seat was written with its kind (a user, not the host's account); Cy is no account.
    assert raw_owners(table.path) == [account_owner(ANN), "user:Bo", "user:Cy"] and holds(table.path)
    assert Table(table.path).read()[0].players[0].name == "Ann"
    assert Table(table.path).adopt_bare_owners(lambda name: accounts.get(name, "")) == []  # once


def test_a_bare_name_no_account_had_at_the_first_start_is_never_given_later(tmp_path):
    # An older host's seat whose account was gone when the new host first
    # started: had it stayed a bare name, whoever registered that name
    # later (a stranger under --open) would get the seat, and its hand, at
    # the next start.
    table = new_table(tmp_path, "ann")
    draws_then_a_move(table.path, 0, "ann")
    written_as(table, ["Cy", "", ""])
    assert Table(table.path).adopt_bare_owners(lambda name: "") == []  # the first start: no account Cy
    assert raw_owners(table.path) == ["user:Cy", "", ""] and holds(table.path)
    stranger = {"Cy": account_owner(ANN)}
    assert Table(table.path).adopt_bare_owners(lambda name: stranger.get(name, "")) == []
    assert Table(table.path).read()[1].owners[0] == "user:Cy"
