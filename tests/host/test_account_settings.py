"""An account's settings (theme, notify.toml) belong to its id, not its
name (issue 46's security review): an older castletui's folder for the
name is moved to the id's on first use, a later account of the same name
starts afresh, and a host on a shared store forgets the folders of
accounts another host removed."""

from __future__ import annotations

import os

from castletui.host.players import (
    Account,
    account_folder,
    forget_removed_settings,
    name_folder,
    settings_folder,
)

BOB, BOBS_NAMESAKE, CY = "b" * 32, "c" * 32, "d" * 32


def test_an_older_folder_for_the_name_is_moved_to_the_accounts_id_on_first_use(tmp_path):
    older = name_folder(tmp_path, "Bob")
    older.mkdir(parents=True)
    (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/bob"\n')
    folder = settings_folder(tmp_path, Account(BOB, "Bob"))
    assert folder == account_folder(tmp_path, BOB) and not older.exists()
    assert "example.org/bob" in (folder / "notify.toml").read_text()
    # Bob removed, his name taken again: the new account starts afresh.
    fresh = settings_folder(tmp_path, Account(BOBS_NAMESAKE, "Bob"))
    assert fresh != folder and list(fresh.iterdir()) == []


def test_the_folders_of_accounts_no_longer_there_are_forgotten(tmp_path):
    for account in (BOB, CY):
        (settings_folder(tmp_path, Account(account, "x")) / "notify.toml").write_text("how = 'off'\n")
    name_folder(tmp_path, "Eve").mkdir()  # an older castletui's, for an account removed since
    assert forget_removed_settings(tmp_path, {CY: "Cy"}) == 2
    assert sorted(path.name for path in (tmp_path / "accounts").iterdir()) == [CY]


def test_an_older_folder_last_written_before_the_account_was_added_is_an_earlier_accounts(tmp_path):
    older = name_folder(tmp_path, "Bob")
    older.mkdir(parents=True)
    (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/old-bob"\n')
    os.utime(older, (0, 0))  # written in 1970: long before this Bob was added
    fresh = settings_folder(tmp_path, Account(BOBS_NAMESAKE, "Bob"), added="2026-04-01")
    assert list(fresh.iterdir()) == [] and not older.exists()
