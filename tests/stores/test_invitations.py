"""A private table invites accounts, not names (issue 46's security
review), in both stores: each invited name is found to be an account of
the host when the table is made, a name that is none is refused, and
whoever takes a name later (an account removed and its name registered
again, a stranger under ``--open``) is not invited. An older table that
kept only names still opens: its names admit no account, only its
seated players and ``user:`` identities, until the host starts and gives
each name the account that had it before the table was made."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

import msgspec
import pytest
from castletui.saves.errors import SaveError
from castletui.saves.table import Seating, may_see

from castletui import saves
from castletui.host.old_invitations import bind_old_invitations
from castletui.host.players import PLAYERS_VARIABLE, Players, parse_key
from castletui.invitations import host_accounts
from castletui.tables import create_table
from tests.stores.playing import finished_save

ALICE, BOB, BOBS_NAMESAKE, CY, DEE = "a" * 32, "b" * 32, "c" * 32, "d" * 32, "e" * 32
ACCOUNTS = {ALICE: "Alice", BOB: "Bob"}


def _alices_private_table(store, tmp_path: Path, invited: list[str], accounts=ACCOUNTS) -> str:
    table, _, _ = create_table(
        tmp_path / "unused",
        f"account:{ALICE}",
        "castlecards",
        "two-player",
        [saves.Player("Seat 1"), saves.Player("Seat 2")],
        name="Alice",
        store=store,
        invited=invited,
        accounts=lambda: dict(accounts),
    )
    return table.address


def test_an_invitation_is_the_account_its_name_had_when_the_table_was_made(store, kept, tmp_path):
    address = _alices_private_table(store, tmp_path, ["bob"])
    for seating in (store.read(address)[1], kept.open().read(address)[1]):
        assert seating.invited == ["Alice", "Bob"]  # what players see: names, as the host keeps them
        assert seating.invited_accounts == [f"account:{ALICE}", f"account:{BOB}"]
        assert may_see(seating, f"account:{BOB}", "Bob")
        # Bob's account removed and his name taken by a stranger: a new account, not invited.
        assert not may_see(seating, f"account:{BOBS_NAMESAKE}", "Bob")
    (row,) = kept.open().tables()
    assert row.may_see(f"account:{BOB}", "Bob") and not row.may_see(f"account:{BOBS_NAMESAKE}", "Bob")


def test_a_name_that_is_no_account_here_is_refused_and_no_table_made(store, tmp_path):
    with pytest.raises(SaveError, match="Cannot invite Zed: no player of this host is called that"):
        _alices_private_table(store, tmp_path, ["Bob", "Zed"])
    assert store.tables() == []


def test_an_older_tables_names_admit_no_account_but_it_still_opens(store):
    save = finished_save()
    owners = [f"account:{ALICE}", ""]
    address = store.adopt(save, Seating(owners, invited=["Alice", "Bob"]), stem="castlecards")
    seating = store.read(address)[1]
    assert seating.invited == ["Alice", "Bob"] and seating.invited_accounts == []
    assert may_see(seating, f"account:{ALICE}", "Alice")  # seated there
    assert not may_see(seating, f"account:{BOB}", "Bob")  # which Bob the name meant is not known
    assert may_see(seating, "user:bob", "bob")  # a Unix user's name is the system's
    (row,) = store.tables()
    assert row.invited == ("Alice", "Bob") and not row.may_see(f"account:{BOB}", "Bob")


def test_an_older_tables_names_are_given_the_accounts_that_had_them_before_it_was_made(store):
    save = msgspec.structs.replace(finished_save(), created="2026-03-10T20:00:00+00:00")
    invited = ["Alice", "Bob", "Cy", "Dee"]
    address = store.adopt(save, Seating([f"account:{ALICE}", ""], invited=invited), stem="castlecards")
    dated = {
        ALICE: ("Alice", "2026-01-02"),
        BOBS_NAMESAKE: ("Bob", "2026-04-01"),  # Bob removed, his name taken after the table was made
        CY: ("Cy", "2026-03-10"),  # the same day: which came first is not known
        DEE: ("Dee", "2026-03-09"),
    }
    said: list[str] = []
    assert bind_old_invitations(store, FakePlayers(dated), said.append) == 1
    seating = store.read(address)[1]
    assert seating.invited == invited  # what players see is unchanged
    assert seating.invited_accounts == [f"account:{ALICE}", f"account:{DEE}"]
    assert may_see(seating, f"account:{DEE}", "Dee")
    assert not may_see(seating, f"account:{BOBS_NAMESAKE}", "Bob") and not may_see(
        seating, f"account:{CY}", "Cy"
    )
    assert bind_old_invitations(store, FakePlayers(dated), said.append) == 0  # once only


class FakePlayers:
    """The host's accounts as bind_old_invitations asks for them."""

    def __init__(self, dated: dict[str, tuple[str, str]]) -> None:
        self._dated = dated

    def dated(self) -> dict[str, tuple[str, str]]:
        return dict(self._dated)


def test_a_players_castletui_finds_the_hosts_accounts_where_the_host_keeps_them(tmp_path, monkeypatch):
    players = Players(tmp_path / "players.toml")
    players.add("Bob", parse_key(f"ssh-ed25519 {base64.b64encode(KEY).decode()}"))
    monkeypatch.delenv(PLAYERS_VARIABLE, raising=False)
    assert host_accounts(None) is None  # off a host: names are the invitation
    monkeypatch.setenv(PLAYERS_VARIABLE, str(players.path))  # as the host gives it (server.py)
    assert list(host_accounts(None)().values()) == ["Bob"]


KEY = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + bytes(32)
"""An Ed25519 public key's wire form (its 32 bytes need not be a real key here)."""


def test_a_rematch_of_a_private_table_invites_the_same_accounts(store):
    owners = [f"account:{ALICE}", f"account:{BOB}"]
    seating = Seating(owners, invited=["Alice", "Bob", "Cy"], invited_accounts=[*owners, f"account:{CY}"])
    table = store.adopt(finished_save(), seating, stem="castlecards")
    store.answer_rematch(table, owners[0], True)
    made = store.answer_rematch(table, owners[1], True)
    again = store.read(made.table)[1]
    assert again.invited == ["Alice", "Bob", "Cy"] and again.invited_accounts == seating.invited_accounts
