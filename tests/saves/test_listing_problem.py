"""The lobby's listing of a table folder says why it listed nothing when
the folder cannot be read, and says nothing when there is no folder yet
(no table was made): an empty lobby is then the truth."""

from __future__ import annotations

from castletui.saves.table import TableListing


def test_no_folder_yet_is_no_problem(tmp_path):
    listing = TableListing(tmp_path / "not-made-yet")
    assert listing.rows() == []
    assert listing.problem == ""


def test_a_folder_that_cannot_be_read_is_a_problem_and_goes_when_mended(tmp_path):
    folder = tmp_path / "tables"
    folder.write_text("a file where the folder should be")
    listing = TableListing(folder)
    assert listing.rows() == []
    assert listing.problem
    folder.unlink()
    folder.mkdir()
    assert listing.rows() == []
    assert listing.problem == ""
