"""The one reader of files someone else may have planted (saves/guarded.py):
it refuses a pipe at once (never waits on it), a link unless told to
follow one, a file others may write when asked, one too large, and one of
another owner; and reads a plain file whole."""

from __future__ import annotations

import os

import pytest
from castletui.saves.guarded import ANYONE, read_guarded


def test_a_plain_file_of_ones_own_is_read_whole(tmp_path):
    path = tmp_path / "kept.json"
    path.write_bytes(b"x" * 5000)
    data, status = read_guarded(path, 5000)
    assert data == b"x" * 5000 and status.st_size == 5000


@pytest.mark.parametrize("plant", ["pipe", "link", "folder", "too large"])
def test_what_a_group_member_could_plant_is_refused(tmp_path, plant):
    path, real = tmp_path / "kept.json", tmp_path / "elsewhere"
    real.write_text("{}")
    if plant == "pipe":
        os.mkfifo(path)  # a read would wait for a writer for ever
    elif plant == "link":
        path.symlink_to(real)
    elif plant == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"x" * 101)
    with pytest.raises(OSError):
        read_guarded(path, 100, owners=ANYONE)


def test_a_link_is_followed_only_when_the_path_is_the_operators(tmp_path):
    real = tmp_path / "now"
    real.write_text("2026-12-01T09:00:00+00:00")
    (tmp_path / "link").symlink_to(real)
    assert read_guarded(tmp_path / "link", 100, follow_links=True)[0].startswith(b"2026")


def test_a_file_others_may_write_is_refused_where_that_matters(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("{}")
    path.chmod(0o664)
    assert read_guarded(path, 100)[0] == b"{}"  # the group's write bit, not asked about
    with pytest.raises(OSError):
        read_guarded(path, 100, unwritable_by=0o022)


def test_a_file_of_another_owner_is_refused_unless_anyone_may_own_it(tmp_path):
    path = tmp_path / "kept.json"
    path.write_text("{}")
    with pytest.raises(OSError):
        read_guarded(path, 100, owners=(os.geteuid() + 1,))
    assert read_guarded(path, 100, owners=ANYONE)[0] == b"{}"
