"""A player's settings at hosts sharing a PostgreSQL store are the
store's, not each host's (issue 45's gap): what their castletui writes
through one host (settings.toml, notify.toml) is what every host's
castletui and notifier read; they go with the account; files a host kept
before move into the store. And a player connected to one host is
connected for every host's notifier: a turn shown to them is never sent."""

from __future__ import annotations

from unittest import mock

import pytest
from castletui.saves.stores import StoreError, open_store

from castletui import kept_settings, notify_me, settings
from castletui.host.notify import Notifier, NotifyPolicy
from castletui.host.players import KEPT_FILES, StorePlayers, settings_into_store
from castletui.notify_me import NotifyMe
from castletui.shared import create_table
from tests.notify.receiver import receivers  # noqa: F401 -- a fixture
from tests.notify.test_notifier import (
    ALICE,
    BOB,
    NAMES,
    OWNERS,
    PLAYERS,
    Clock,
    Events,
    send_now,
    with_accounts,
)
from tests.shared.lobby_tables import NOON, at, play_until, waiting_for

pytestmark = pytest.mark.postgres


@pytest.fixture
def store(postgres_server):
    url = postgres_server.fresh_url()
    opened = open_store(url)
    with_accounts(url)
    yield opened
    opened.close()


def as_castletui_at_a_host(monkeypatch, store, account: str, folder) -> None:
    """The environment castletui host gives a player's castletui on a store."""
    monkeypatch.setenv("CASTLETUI_STORE", store.url)
    monkeypatch.setenv(kept_settings.ACCOUNT_VARIABLE, account)
    monkeypatch.setenv(settings.ENVIRONMENT_VARIABLE, str(folder))


def test_what_a_player_sets_through_one_host_every_host_gives_them(store, monkeypatch, tmp_path):
    as_castletui_at_a_host(monkeypatch, store, ALICE, tmp_path / "host-a" / "accounts" / ALICE)
    assert settings.save(theme="nord") == ""
    assert settings.save(plain=True) == ""  # the rest of the file is kept
    assert notify_me.save(NotifyMe(how="turn", webhook="https://example.org/alice")) == ""
    assert not (tmp_path / "host-a").exists()  # nothing in the first host's folder
    as_castletui_at_a_host(monkeypatch, store, ALICE, tmp_path / "host-b" / "accounts" / ALICE)
    assert settings.load() == (settings.Settings(theme="nord", plain=True), "")
    assert notify_me.load() == (NotifyMe(how="turn", webhook="https://example.org/alice"), "")
    monkeypatch.setenv(kept_settings.ACCOUNT_VARIABLE, BOB)  # Bob's are his own
    assert settings.load() == (settings.Settings(), "")
    # The other host's notifier reads Alice's choice from the store too.
    notifier = Notifier(
        NotifyPolicy(), tmp_path / "tables", tmp_path / "host-b", lambda: dict(NAMES), Events(), store=store
    )
    assert notifier.choice(ALICE, "Alice").webhook == "https://example.org/alice"
    assert notifier.choice(BOB, "Bob") == NotifyMe()


def test_a_broken_setting_in_the_store_is_a_warning_and_is_never_written_over(store, monkeypatch, tmp_path):
    StorePlayers(store.accounts()).accounts.keep_setting(ALICE, settings.FILE_NAME, b"theme = \n")
    as_castletui_at_a_host(monkeypatch, store, ALICE, tmp_path / "alice")
    loaded, warning = settings.load()
    assert loaded == settings.Settings() and "ignoring the settings" in warning
    assert "does not write over it" in settings.save(theme="nord")
    assert store.accounts().setting(ALICE, settings.FILE_NAME) == b"theme = \n"


def test_a_store_that_cannot_be_reached_is_a_warning_not_a_crash(monkeypatch, tmp_path):
    monkeypatch.setenv("CASTLETUI_STORE", f"postgresql://nobody@/none?host={tmp_path}")
    monkeypatch.setenv(kept_settings.ACCOUNT_VARIABLE, ALICE)
    monkeypatch.setenv(settings.ENVIRONMENT_VARIABLE, str(tmp_path / "alice"))
    assert settings.load()[1] and settings.save(theme="nord")
    assert notify_me.load()[1] and notify_me.save(NotifyMe())


def test_settings_go_with_their_account(store):
    accounts = store.accounts()
    accounts.keep_setting(BOB, notify_me.FILE_NAME, b'how = "off"\n')
    assert accounts.remove("Bob") == ("Bob", 0)
    assert accounts.setting(BOB, notify_me.FILE_NAME) is None
    with pytest.raises(StoreError, match="no longer"):
        accounts.keep_setting(BOB, settings.FILE_NAME, b"")


def test_the_files_a_host_kept_before_move_into_the_store_unless_set_since(store, tmp_path):
    assert KEPT_FILES == (settings.FILE_NAME, notify_me.FILE_NAME)
    accounts = store.accounts()
    accounts.keep_setting(ALICE, settings.FILE_NAME, b'theme = "nord"\n')  # set since, on another host
    folder = tmp_path / ALICE
    folder.mkdir()
    (folder / settings.FILE_NAME).write_bytes(b'theme = "old"\n')
    (folder / notify_me.FILE_NAME).write_bytes(b'how = "off"\n')
    assert settings_into_store(folder, accounts, ALICE) == 1
    assert accounts.setting(ALICE, settings.FILE_NAME) == b'theme = "nord"\n'
    assert accounts.setting(ALICE, notify_me.FILE_NAME) == b'how = "off"\n'
    assert list(folder.iterdir()) == []


def hosts_notifiers(store, tmp_path, clock, count: int = 2) -> list[Notifier]:
    """Each host's notifier, with a connection of its own to the store."""
    notifiers = []
    for number in range(count):
        own = open_store(store.url)
        notifiers.append(
            Notifier(
                NotifyPolicy(private=True),
                tmp_path / "tables",
                tmp_path / f"data-{number}",
                lambda: dict(NAMES),
                Events(),
                store=own,
                clock=clock,
            )
        )
    return notifiers


def test_a_turn_shown_at_one_host_is_sent_by_none_and_a_later_one_by_exactly_one(store, tmp_path, receivers):  # noqa: F811
    alices = receivers()
    store.accounts().keep_setting(
        ALICE, notify_me.FILE_NAME, f'how = "turn"\nwebhook = "{alices.url}"\n'.encode()
    )
    (tmp_path / "tables").mkdir(mode=0o700)
    with mock.patch("castletui.saves.table.new_seed", return_value=4):
        table, _, _ = create_table(
            tmp_path / "tables", OWNERS[0], "castlecards", "two-player", PLAYERS, name="Alice", store=store
        )
    table.take_seat(1, OWNERS[1], "Bob")
    clock = Clock(NOON.replace(hour=7))
    first, second = notifiers = hosts_notifiers(store, tmp_path, clock)
    try:
        first.arrived(ALICE)  # Alice plays through the first host
        assert send_now(first) == 0  # its look says so to the store
        play_until(table, OWNERS, waiting_for(0), at(3))
        assert [send_now(host) for host in (second, first)] == [0, 0]  # shown to her: never sent
        first.left(ALICE)
        assert [send_now(host) for host in (first, second)] == [0, 0]  # and told already
        play_until(table, OWNERS, waiting_for(1), at(2))
        play_until(table, OWNERS, waiting_for(0), at(1))
        first.arrived(ALICE)
        assert send_now(first) == 0
        first.store.close()  # the first host dies with her on it: its word goes with its connection
        assert send_now(second) == 1
        (body,) = alices.wait_for(1)
        assert body["turn"] == "Alice" and alices.requests == 1
    finally:
        for notifier in notifiers:
            notifier.store.close()
