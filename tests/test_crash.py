"""The crash log (castletui/crash.py) and the version: the standard
library's logging and package metadata, not hand-written files and a second
copy of the version (issue 31, item 4)."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest

from castletui import cli, crash

ROOT = Path(__file__).resolve().parent.parent


def raised(message: str) -> RuntimeError:
    try:
        raise RuntimeError(message)
    except RuntimeError as error:
        return error


def test_crashes_go_to_one_rotating_log_in_the_log_folder(tmp_path, monkeypatch):
    # Smaller than two crashes, whatever the command line (empty under xdist):
    # the five files keep the last few of the 40, never the first.
    monkeypatch.setattr(crash, "MAX_BYTES", 400)
    paths = {crash.write_crash_log(raised(f"crash number {number}")) for number in range(40)}
    folder = tmp_path / "logs"
    assert paths == {folder / "crash.log"}
    # The newest crash is in the file the player was told about; the oldest are dropped.
    assert "crash number 39" in (folder / "crash.log").read_text()
    kept = sorted(path.name for path in folder.iterdir())
    assert kept == ["crash.log"] + [f"crash.log.{n}" for n in range(1, crash.BACKUPS + 1)]
    assert "crash number 0\n" not in "".join(path.read_text() for path in folder.iterdir())


def test_the_log_folder_is_the_users_log_folder_by_default(monkeypatch):
    import platformdirs

    monkeypatch.delenv("CASTLETUI_LOG_DIR")
    assert crash.crash_folder() == Path(platformdirs.user_log_dir("castletui", appauthor=False))


def test_a_crash_log_that_cannot_be_written_is_no_second_crash(tmp_path, monkeypatch, capsys):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("CASTLETUI_LOG_DIR", str(blocked / "logs"))
    assert crash.write_crash_log(raised("boom")) is None
    (tmp_path / "logs").mkdir()
    monkeypatch.setenv("CASTLETUI_LOG_DIR", str(tmp_path / "logs"))
    (tmp_path / "logs" / "crash.log").mkdir()  # a folder where the file should be
    assert crash.write_crash_log(raised("boom")) is None
    assert capsys.readouterr().err == ""  # not logging's "--- Logging error ---"


def test_the_version_is_written_once_in_pyproject(capsys):
    written = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert importlib.metadata.version("castletui") == written
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert capsys.readouterr().out.strip() == f"castletui {written}"
    source = (ROOT / "castletui" / "__init__.py").read_text()
    assert not re.search(r"\d+\.\d+\.\d+", source)
