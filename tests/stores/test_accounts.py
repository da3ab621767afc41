"""castletui host's accounts, wherever they are kept: players.toml beside
the host's key (the file store) or the store itself (PostgreSQL, every host
on the database knowing them). The same tests against each."""

from __future__ import annotations

import asyncssh
import pytest

from castletui.host.players import PlayersError, parse_key, players_for


def new_key():
    return parse_key(asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode())


@pytest.fixture
def players(store, tmp_path):
    return players_for(store, tmp_path / "data" / "players.toml")


def test_a_key_logs_in_as_the_account_it_was_added_to(players):
    key = new_key()
    assert players.add("Ann", key) == "Ann"
    account = players.account_of(key.blob)
    assert account.name == "Ann" and len(account.id) == 32
    assert players.account_of(new_key().blob) is None
    assert [(name, [k.blob for k in keys]) for name, keys in players.entries()] == [("Ann", [key.blob])]


def test_names_that_look_the_same_are_one_name(players):
    players.add("Ann", new_key())
    assert players.taken("ANN")
    with pytest.raises(PlayersError, match="already a player"):
        players.add("ANN", new_key())


def test_a_key_is_one_accounts_and_another_key_is_added_with_also(players):
    first, second = new_key(), new_key()
    players.add("Ann", first)
    with pytest.raises(PlayersError, match="already Ann's"):
        players.add("Bo", first)
    players.add("Ann", second, also=True)
    assert players.account_of(second.blob) == players.account_of(first.blob)
    with pytest.raises(PlayersError, match="no player"):
        players.add("Cy", new_key(), also=True)


def test_a_removed_account_lets_none_of_its_keys_in(players):
    key = new_key()
    players.add("Ann", key)
    players.add("Ann", new_key(), also=True)
    assert players.remove("ann") == ("Ann", 2)
    assert players.account_of(key.blob) is None
    with pytest.raises(PlayersError, match="no player"):
        players.remove("Ann")


def test_a_new_key_claims_a_free_name_once(players):
    key = new_key()
    assert players.claim("Dee", key) == "Dee"
    assert players.claim("Other", key) == "Dee"  # the same key again: its name
    with pytest.raises(PlayersError):
        players.claim("dee", new_key())
    with pytest.raises(PlayersError):
        players.claim("no\x00name", new_key())


def test_accounts_in_the_database_are_every_hosts(kept, players, tmp_path):
    key = new_key()
    players.add("Ann", key)
    other = players_for(kept.open(), tmp_path / "data" / "players.toml")
    assert other.account_of(key.blob) == players.account_of(key.blob)


def test_every_accounts_id_and_name_at_once(players):
    """What the host's notifier asks before it tells anyone (server.accounts_of)."""
    from castletui.host.server import accounts_of

    players.add("Ann", new_key())
    players.add("Bo", new_key())
    assert accounts_of(players) == {players.account_named(name).id: name for name in ("Ann", "Bo")}
