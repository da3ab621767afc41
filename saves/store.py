"""Where saves live and how they are written: the save directory, safe file
names, atomic writes that keep a ``.bak`` of the previous good copy, and the
listing shown by the load screen and ``castletui list``."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

import msgspec

from saves.codec import FORMATS, decode, encode, format_of
from saves.errors import SaveError
from saves.schema import MAX_SAVE_BYTES, SaveFile

ENVIRONMENT_VARIABLE = "CASTLETUI_SAVE_DIR"


DATA_ENVIRONMENT_VARIABLE = "CASTLETUI_DATA_DIR"


def data_dir() -> Path:
    """castletui's own folder (crash logs; saves by default):
    ``$CASTLETUI_DATA_DIR``, else the user data directory."""
    if os.environ.get(DATA_ENVIRONMENT_VARIABLE):
        return Path(os.environ[DATA_ENVIRONMENT_VARIABLE]).expanduser()
    import platformdirs  # only when needed: keeps start-up light

    return Path(platformdirs.user_data_dir("castletui", appauthor=False))


def save_dir(override: str | os.PathLike | None = None) -> Path:
    """The save directory: ``override`` (``--save-dir``), else
    ``$CASTLETUI_SAVE_DIR``, else the user data directory. SaveError if it
    is no folder name a file system takes."""
    if override:
        return check_folder_name(str(override))
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return check_folder_name(os.environ[ENVIRONMENT_VARIABLE])
    return data_dir() / "saves"


PATH_LIMIT = 1024
"""Longer than any real folder; file systems refuse 4096 bytes or 255 a name."""


def check_folder_name(text: str) -> Path:
    """``text`` as a folder path, or SaveError saying why no file system takes it."""
    shown = text if len(text) <= 60 else text[:57] + "..."
    if "\0" in text:
        raise SaveError(f"The save folder {shown!r} has a NUL character in it.")
    if len(text.encode("utf-8", "surrogateescape")) > PATH_LIMIT:
        raise SaveError(f"The save folder {shown!r} is longer than {PATH_LIMIT} characters.")
    path = Path(text).expanduser()
    if any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in path.parts):
        raise SaveError(f"The save folder {shown!r} has a name longer than 255 characters in it.")
    return path


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


def new_save_path(directory: Path, stem: str, suffix: str = ".toml") -> Path:
    """A fresh save path in ``directory`` that no other game has: ``stem``,
    else ``stem-2``, ``stem-3``... The file is created empty at once
    (exclusively), so two games started in the same second, even by two
    castletuis, never share it."""
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(1, 10_000):
        name = stem if number == 1 else f"{stem}-{number}"
        path = path_in(directory, name + suffix)
        if backup_path(path).exists():
            continue  # a deleted game's backup: leave it to that game
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        except OSError as error:
            raise SaveError(f"Could not make a save in {directory}: {_reason(error)}.", path=path) from None
        return path
    raise SaveError(f"{directory} already holds thousands of saves named {stem}.")


def dump(save: SaveFile, path: str | os.PathLike, *, replace: bool = False) -> Path:
    """Write ``save`` to ``path`` atomically, keeping the previous good copy
    as ``NAME.bak``. On any failure the existing file is untouched and a
    SaveError says what went wrong.

    A file that holds another game is only written over with ``replace``
    (the player said so); its last copy is kept as a backup all the same."""
    path = Path(path)
    data = encode(save, format_of(path))
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveError(f"Could not make the save folder {directory}: {_reason(error)}.", path=path) from None
    _clean_once(directory)
    if not replace and _other_games(game_identity(path), identity_of(save)):
        raise SaveError(
            f"{path.name} holds another game, so it was not written over. Save under another name.",
            path=path,
        )
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if path.exists() and path.stat().st_size > 0:
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
    never leaves a half-written backup. A NAME.bak of another game (the file
    was replaced by Save as) is moved aside first, never written over."""
    backup = backup_path(path)
    backed_up = game_identity(backup)
    if _other_games(backed_up, game_identity(path)):
        aside = backup.with_name(f"{path.stem}.{_stamp_of(backed_up)}{path.suffix}.bak")
        os.replace(backup, aside)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".bak.tmp", dir=path.parent)
    os.close(handle)
    try:
        shutil.copyfile(path, temporary)
        os.replace(temporary, backup)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


# --- which game a file holds ------------------------------------------------

# The header fields that tell one game from another, as both TOML
# (created = "...") and JSON ("created": "...") write them near the top.
_CREATED = re.compile(rb'^\s*"?created"?\s*[=:]\s*"([^"\n]{1,64})"', re.MULTILINE)
_SEED = re.compile(rb'^\s*"?seed"?\s*[=:]\s*(-?\d{1,30})', re.MULTILINE)
_GAME = re.compile(rb'^\s*"?game"?\s*[=:]\s*"([^"\n]{1,64})"', re.MULTILINE)
_HEADER_BYTES = 4096


def identity_of(save: SaveFile) -> tuple[str, str, str]:
    """What tells this game from every other: its game, when it was created
    and its seed (two games started in the same second differ in the seed)."""
    return (save.game, save.created, str(save.seed))


def game_identity(path: Path) -> tuple[str, str, str] | None:
    """The identity of the game in the file at ``path``, read from its first
    few lines only (this runs at every autosave); None when there is no such
    regular file or it does not say."""
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            head = file.read(_HEADER_BYTES)
    except OSError:
        return None
    found = [pattern.search(head) for pattern in (_GAME, _CREATED, _SEED)]
    if not all(found):
        return None
    game, created, seed = (match.group(1).decode("utf-8", "replace") for match in found)
    return (game, created, seed)


def _other_games(first: tuple | None, second: tuple | None) -> bool:
    """True only when both are known and they are different games."""
    return first is not None and second is not None and first != second


def _stamp_of(identity: tuple[str, str, str]) -> str:
    return re.sub(r"[^0-9]", "", identity[1])[:14] or "other"


# --- temporary files left by a crash ----------------------------------------

STALE_SECONDS = 600
"""A write takes milliseconds; a temporary this old was left by a crash."""
_cleaned: set[Path] = set()


def clean_stale_temporaries(directory: Path) -> int:
    """Remove the hidden ``.NAME.*.tmp`` files a killed castletui left behind
    (another castletui may be writing a fresh one: those are left alone).
    Returns how many were removed."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                removed += 1
    return removed


def _clean_once(directory: Path) -> None:
    if directory not in _cleaned:
        _cleaned.add(directory)
        clean_stale_temporaries(directory)


def _reason(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no permission to write there"
    return error.strerror or str(error)


def read(path: str | os.PathLike) -> SaveFile:
    """Read and validate a save file's structure (no replay). Only a regular
    file of a sane size is read: a FIFO, a device or a folder is refused
    without waiting on it."""
    path = Path(path)
    return decode(read_bytes(path), path)


def read_bytes(path: Path) -> bytes:
    """The bytes of a save file, or SaveError saying why they cannot be read."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer that never comes.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(f"There is no save at {path}.", path=path) from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file.", path=path) from None
    except OSError as error:
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise SaveError(f"{path} is a folder, not a save file.", path=path)
        if not stat.S_ISREG(status.st_mode):
            raise SaveError(f"{path} is not a regular file (a pipe or a device?), so not a save.", path=path)
        if status.st_size > MAX_SAVE_BYTES:
            raise SaveError(_too_large(path), path=path)
        with os.fdopen(handle, "rb", closefd=False) as file:
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    finally:
        os.close(handle)
    if len(data) > MAX_SAVE_BYTES:  # it grew while being read
        raise SaveError(_too_large(path), path=path)
    if not data.strip():
        raise SaveError(f"{path.name} is empty (a save that was cut short?).", path=path)
    return data


def _too_large(path: Path) -> str:
    return (
        f"{path.name} is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MiB, far more than any real game "
        "saves; castletui does not open it."
    )


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
    variant: str = ""
    mode: str = "digital"
    problem: str = ""


def list_saves(directory: Path) -> list[SaveSummary]:
    """Every save in ``directory``, newest first; an unreadable one is listed
    with its problem rather than hidden, and never stops the others."""
    try:
        if not directory.is_dir():
            return []
        paths = list(directory.iterdir())
    except OSError:
        return []
    rows: list[SaveSummary] = []
    for path in paths:
        if path.suffix.lower() not in FORMATS or path.name.startswith("."):
            continue
        try:
            save = read(path)
        except SaveError as error:
            rows.append(SaveSummary(str(path), path.stem, "?", (), 0, _mtime(path), problem=str(error)))
            continue
        except Exception as error:  # noqa: BLE001 - one bad file must not hide the others
            problem = f"{path.name} could not be read ({type(error).__name__})."
            rows.append(SaveSummary(str(path), path.stem, "?", (), 0, _mtime(path), problem=problem))
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
                save.config.variant,
                save.mode,
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
