"""An account's settings (theme, notify.toml) belong to its id, not its
name (issue 46's security review): an older castletui's folder for the
name is moved to the id's on first use, a later account of the same name
starts afresh, and a host on a shared store forgets the folders of
accounts another host removed."""

from __future__ import annotations

import datetime
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


def test_an_older_folder_last_written_the_day_its_name_was_taken_again_is_not_handed_over(tmp_path):
    """The hostile review: Bob, from before accounts had ids, played this
    morning and was removed by hand; a stranger under --open registered
    "Bob" this afternoon. Which came first is not known within a day, so
    the stranger never gets Bob's notify.toml (his webhook's secret URL)."""
    older = name_folder(tmp_path, "Bob")
    older.mkdir(parents=True)
    (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/secret-bob"\n')
    morning = datetime.datetime(2026, 4, 1, 9, 0, tzinfo=datetime.UTC).timestamp()
    os.utime(older, (morning, morning))
    stranger = settings_folder(tmp_path, Account(BOBS_NAMESAKE, "Bob"), added="2026-04-01")
    assert list(stranger.iterdir()) == [] and not older.exists()


def test_an_older_folder_written_after_its_account_was_added_is_that_accounts(tmp_path):
    older = name_folder(tmp_path, "Bob")
    older.mkdir(parents=True)
    (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/bob"\n')
    next_day = datetime.datetime(2026, 4, 2, 9, 0, tzinfo=datetime.UTC).timestamp()
    os.utime(older, (next_day, next_day))
    folder = settings_folder(tmp_path, Account(BOB, "Bob"), added="2026-04-01")
    assert "example.org/bob" in (folder / "notify.toml").read_text() and not older.exists()


def test_the_notifier_hands_an_older_folder_over_by_the_logins_rule(tmp_path):
    """The notifier reads an away account's notify.toml: it gave an older
    folder of the name to whichever account had it, whatever its day."""
    from castletui.host.notify import Notifier, NotifyPolicy

    older = name_folder(tmp_path, "Bob")
    older.mkdir(parents=True)
    (older / "notify.toml").write_text('how = "turn"\nwebhook = "https://example.org/secret-bob"\n')
    morning = datetime.datetime(2026, 4, 1, 9, 0, tzinfo=datetime.UTC).timestamp()
    os.utime(older, (morning, morning))
    (tmp_path / "tables").mkdir()

    def notifier(**dated) -> Notifier:
        names = {BOBS_NAMESAKE: "Bob"}
        return Notifier(
            NotifyPolicy(), tmp_path / "tables", tmp_path, lambda: names, lambda *_: None, **dated
        )

    # Without the day it was added, the notifier leaves the folder for the login.
    assert notifier().choice(BOBS_NAMESAKE, "Bob").webhook == "" and older.exists()
    same_day = notifier(dated=lambda: {BOBS_NAMESAKE: ("Bob", "2026-04-01")})
    assert same_day.choice(BOBS_NAMESAKE, "Bob").webhook == "" and not older.exists()
