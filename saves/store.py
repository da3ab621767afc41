"""Where saves live and how they are written: the save directory, safe file
names, atomic writes that keep a ``.bak`` of the previous good copy, and the
listing shown by the load screen and ``castletui list``."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import tempfile
from pathlib import Path

import msgspec

from saves.codec import FORMATS, decode, encode, format_of
from saves.errors import SaveError
from saves.schema import SaveFile

ENVIRONMENT_VARIABLE = "CASTLETUI_SAVE_DIR"


def save_dir(override: str | os.PathLike | None = None) -> Path:
    """The save directory: ``override`` (``--save-dir``), else
    ``$CASTLETUI_SAVE_DIR``, else the user data directory."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE]).expanduser()
    import platformdirs  # only when needed: keeps start-up light

    return Path(platformdirs.user_data_dir("castletui", appauthor=False)) / "saves"


_UNSAFE = re.compile(r"[^A-Za-z0-9 _.-]+")


def safe_name(name: str) -> str:
    """A file name from what a player typed: no directories, no hidden files,
    nothing that could climb out of the save directory."""
    base = name.replace("\\", "/").split("/")[-1]
    stem, suffix = base, ""
    for known in FORMATS:
        if base.lower().endswith(known):
            stem, suffix = base[: -len(known)], known
    stem = _UNSAFE.sub("-", stem).strip(" .-")
    stem = re.sub(r"\.{2,}", ".", stem)
    if not stem:
        stem = "game"
    return stem[:80] + (suffix or ".toml")


def path_in(directory: Path, name: str) -> Path:
    """The path for save ``name`` inside ``directory`` (sanitised)."""
    path = (directory / safe_name(name)).resolve()
    if path.parent != directory.resolve():
        raise SaveError(f"{name!r} is not a name a save can have.")
    return path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def dump(save: SaveFile, path: str | os.PathLike) -> Path:
    """Write ``save`` to ``path`` atomically, keeping the previous good copy
    as ``NAME.bak``. On any failure the existing file is untouched and a
    SaveError says what went wrong."""
    path = Path(path)
    data = encode(save, format_of(path))
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(f"Could not make the save folder {directory}: {_reason(error)}.", path=path) from None
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if path.exists():
            _keep_backup(path)
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise SaveError(
            f"Could not save {path.name}: {_reason(error)}. The previous save is untouched.", path=path
        ) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return path


def _keep_backup(path: Path) -> None:
    """Copy the current file to NAME.bak, itself atomically: a crash half-way
    never leaves a half-written backup."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".bak.tmp", dir=path.parent)
    os.close(handle)
    try:
        shutil.copyfile(path, temporary)
        os.replace(temporary, backup_path(path))
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _reason(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no permission to write there"
    return error.strerror or str(error)


def read(path: str | os.PathLike) -> SaveFile:
    """Read and validate a save file's structure (no replay)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no save at {path}.", path=path) from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file.", path=path) from None
    except OSError as error:
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    if not data.strip():
        raise SaveError(f"{path.name} is empty (a save that was cut short?).", path=path)
    return decode(data, path)


class SaveSummary(msgspec.Struct, frozen=True):
    """One row of the load screen."""

    path: str
    name: str
    game: str
    players: tuple[str, ...]
    plies: int
    updated: str
    finished: bool = False
    status: str = ""
    problem: str = ""


def list_saves(directory: Path) -> list[SaveSummary]:
    """Every save in ``directory``, newest first; an unreadable one is listed
    with its problem rather than hidden."""
    if not directory.is_dir():
        return []
    rows: list[SaveSummary] = []
    for path in directory.iterdir():
        if path.suffix.lower() not in FORMATS or path.name.startswith("."):
            continue
        try:
            save = read(path)
        except SaveError as error:
            rows.append(SaveSummary(str(path), path.stem, "?", (), 0, _mtime(path), problem=str(error)))
            continue
        rows.append(
            SaveSummary(
                str(path),
                path.stem,
                save.game,
                tuple(player.name for player in save.players),
                save.check.plies,
                save.updated,
                save.finished,
                save.status,
            )
        )
    rows.sort(key=lambda row: row.updated, reverse=True)
    return rows


def latest_save(directory: Path) -> SaveSummary | None:
    """The save Continue opens: the newest game still going, else the newest
    readable one."""
    rows = [row for row in list_saves(directory) if not row.problem]
    going = [row for row in rows if not row.finished]
    return (going or rows or [None])[0]


def _mtime(path: Path) -> str:
    import datetime

    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.datetime.fromtimestamp(stamp, datetime.UTC).isoformat(timespec="seconds")
