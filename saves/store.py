"""Where saves live and how they are written: the save directory, safe file
names, atomic writes that keep a ``.bak`` of the previous good copy, the
autosave that appends a move's line, and the listing shown by the load
screen and ``castletui list``.

Writing a move (``write``) appends its line to the file as it was last
written or read (saves.codec has the layout; in JSON the line is written
over the document's last few bytes, which it writes again after it): one
write and one fsync, the same at move 1,000 as at move 1. Anything else (a new game, an undo,
Save as, a file of format 1, a file changed by someone else since) is
written whole by ``dump``: to a temporary, fsync'd, renamed over the file,
the previous copy kept as ``NAME.bak``. So a castletui killed at any
moment leaves either the file before the write, or that file plus part of
one line (in JSON: with its last few bytes written over), which loading leaves out (the move in flight is lost, nothing
else); the ``.bak`` is the copy before the last whole rewrite.

Every reader checks the record (saves.chain): a whole read all of it, a
follower (``read_since``) each line it takes in, from the check of the last
line it knew, which it also finds again in the file's bytes before taking
anything (a file rewritten in place is read whole).
"""

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
from typing import Any, NamedTuple

try:
    import fcntl  # POSIX: two castletuis appending to one save take turns
except ImportError:  # Windows: no flock, so every autosave writes the file whole
    fcntl = None

import msgspec
from castletui.saves.chain import first_break
from castletui.saves.codec import (
    FORMATS,
    Layout,
    decode,
    decode_layout,
    encode_checked,
    end_of,
    format_of,
    lines_checked,
    parse_lines,
)
from castletui.saves.errors import SaveError
from castletui.saves.schema import MAX_PLIES, MAX_SAVE_BYTES, LogEntry, SaveFile

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
    _dump(save, path, replace=replace)
    return path


def _dump(save: SaveFile, path: Path, *, replace: bool = False) -> Position:
    suffix = format_of(path)
    data, check = encode_checked(save, suffix)
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
            status = os.fstat(file.fileno())
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
    offset = len(data) - len(end_of(suffix))
    return _written(save, path, status, offset, check=check, tail=data[:offset][-TAIL_BYTES:])


# --- the autosave: a move's line appended -------------------------------------


class Position(NamedTuple):
    """Where a save file stands as this castletui last wrote or read it:
    which file (device and inode: a whole rewrite makes a new one), how
    many bytes of it are whole log lines (JSON: up to the end of its last
    entry, before the document's end) and how many entries they hold.

    ``write`` takes the Position its last call returned and appends only
    what was logged since; ``read_since`` takes one and reads only what was
    appended since. The last three fields are the writer's (what it wrote
    last: a different header, an undone move or a changed status make it
    write the file whole)."""

    path: str
    device: int
    inode: int
    offset: int
    plies: int
    journal: bool
    """The file is a journal of this format (lines can be appended)."""
    size: int = 0
    """The file's size when read (a document: to notice a rewrite in place)."""
    changed: int = 0
    """The file's st_mtime_ns when read."""
    header: tuple = ()
    last: Any = None
    """The last entry written or read (the object itself: an undo then a new move is another)."""
    stamp: tuple = ()
    check: str = ""
    """The check of the last line (saves.chain): the next line chains from it."""
    tail: bytes = b""
    """The file's last bytes before ``offset`` (its last line's check among
    them): a reader that finds others there knows the file was rewritten
    in place (as ``cp`` or an editor does) and reads it whole again."""


TAIL_BYTES = 64
"""How much of a file's end a Position keeps: more than a line's check."""


def _header_of(save: SaveFile) -> tuple:
    """What the header of ``save``'s file says (the version aside: a file is
    always written in this castletui's format)."""
    return (save.game, save.edition, save.created, save.seed, save.mode, save.config)


def _after_of(save: SaveFile) -> tuple:
    return (save.updated, save.status, save.finished, save.check.state_hash)


def _written(
    save: SaveFile,
    path: Path,
    status: os.stat_result,
    offset: int,
    journal: bool = True,
    *,
    check: str,
    tail: bytes,
) -> Position:
    return Position(
        str(path),
        status.st_dev,
        status.st_ino,
        offset,
        len(save.log),
        journal,
        status.st_size,
        status.st_mtime_ns,
        _header_of(save),
        save.log[-1] if save.log else None,
        _after_of(save),
        check,
        tail,
    )


def write(
    save: SaveFile, path: str | os.PathLike, since: Position | None = None, *, replace: bool = False
) -> Position:
    """The autosave: bring the file at ``path`` up to ``save`` and say where
    it now stands. When ``since`` (what the last write or read returned)
    still describes the file and ``save`` only logged more moves since,
    their lines are appended (the cost of a move, whatever the game's
    length); otherwise the file is written whole (``dump``: an undo, a new
    header, a file of format 1, a file someone else changed). SaveError
    when nothing could be written; the file is then as it was."""
    path = Path(path)
    if since is not None and _appendable(save, path, since):
        if since.plies == len(save.log):
            if since.stamp == _after_of(save):
                return since  # nothing new
        else:
            appended = _append(save, path, since)
            if appended is not None:
                return appended
    return _dump(save, path, replace=replace)


def _appendable(save: SaveFile, path: Path, since: Position) -> bool:
    return (
        since.journal
        and since.path == str(path)
        and since.header == _header_of(save)
        and since.plies <= len(save.log)
        and (save.log[since.plies - 1] is since.last if since.plies else since.last is None)
    )


def _append(save: SaveFile, path: Path, since: Position) -> Position | None:
    """Append the lines of the entries logged since ``since`` (in JSON over
    the document's end, written again after them); None when the file is
    no longer the one ``since`` describes (then it is written whole)."""
    if fcntl is None:
        return None  # appending needs the lock (and pread, O_NOFOLLOW): POSIX only
    suffix = format_of(path)
    data, check = lines_checked(save, since.plies, suffix, since.check)
    end = end_of(suffix)
    try:
        handle = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        # Two castletuis on one save take turns; the second sees the file
        # grew and writes it whole (as it did at every move before).
        fcntl.flock(handle, fcntl.LOCK_EX)
        status = os.fstat(handle)
        # The same file (an inode number can be reused once a rewrite frees
        # it: the time it was last changed tells them apart), as it was left.
        now = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
        if now != (since.device, since.inode, since.offset + len(end), since.changed):
            return None
        if not stat.S_ISREG(status.st_mode):
            return None
        # What is written over must be the end castletui left there (TOML:
        # the lines must end in a newline).
        if end and os.pread(handle, len(end), since.offset) != end:
            return None
        if not end and since.offset and os.pread(handle, 1, since.offset - 1) != b"\n":
            return None
        try:
            written = 0
            while written < len(data):
                written += os.pwrite(handle, data[written:], since.offset + written)
            os.fsync(handle)
        except OSError as error:
            # Whatever part of the lines reached the file is taken back; a
            # part that stays is a cut-short last line, which loading leaves out.
            with contextlib.suppress(OSError):
                os.ftruncate(handle, since.offset)
                os.pwrite(handle, end, since.offset)
            raise SaveError(
                f"Could not save {path.name}: {_reason(error)}. The previous save is untouched.", path=path
            ) from None
        status = os.fstat(handle)
    finally:
        os.close(handle)  # closing drops the lock
    tail = (since.tail + data[: len(data) - len(end)])[-TAIL_BYTES:]
    return _written(save, path, status, since.offset + len(data) - len(end), check=check, tail=tail)


class Rewritten(SaveError):
    """The file is no longer the one a Position describes (written whole
    since: an undo, a player who sat down, another castletui): read it
    whole again."""


class Appended(NamedTuple):
    """What ``read_since`` found: the entries appended, how the game stands
    after the last of them, and the Position to look from next time."""

    entries: list[LogEntry]
    status: str
    finished: bool
    position: Position
    updated: str = ""
    """When the file was last saved (the last entry's time unless it says otherwise)."""


def read_since(
    path: str | os.PathLike, since: Position, *, what: str = "save", follow: bool = True
) -> Appended:
    """The log entries appended to the file at ``path`` after ``since`` (a
    Position from ``read_at``, ``write`` or an earlier ``read_since``), the
    game's status after them and the Position after them; a line still
    being written is left for the next look. Costs what was appended, not
    the game's length.

    Raises Rewritten when the file was written whole since (its inode,
    size or layout says so: the caller reads it whole with ``read_at``),
    or rewritten in place (changed without growing, the last line read
    no longer there, or new lines whose checks do not follow from it:
    reading it whole checks every line, so a follower ends where a
    terminal opening the file afresh would), SaveError when what was
    appended is not log lines. Each entry says when
    it was made and the hash of the state it led to (LogEntry.at, hash).

    A watching terminal keeps the Position of the save it replayed and,
    when the file changes, applies just these entries, checking each
    ``seat`` against ``to_move`` as replay does and the last ``hash``
    against its own state::

        save, position = saves.read_at(path)        # once, then replay it
        ...                                         # the file changed:
        try:
            appended = saves.read_since(path, position)
        except saves.Rewritten:                     # an undo, a seat taken...
            save, position = saves.read_at(path)    # read and replay it whole
        else:
            for entry in appended.entries:
                state = game.apply(state, saves.decode_action(game, entry.action))
            position = appended.position

    A shared table (saves.table) is a JSON journal too, its seating in the
    header: a commit appends, a seat taken or a move taken back rewrites it
    whole. ``what`` and ``follow`` are as for ``open_regular``."""
    path = Path(path)
    try:
        handle, status = open_regular(path, what=what, follow=follow)
    except SaveError as error:
        raise Rewritten(str(error), path=path) from None
    try:
        _wait_for_writer(handle)
        status = os.fstat(handle)  # as it stands once no move is being written
        if (status.st_dev, status.st_ino) != (since.device, since.inode):
            raise Rewritten(f"{path.name} was written anew.", path=path)
        if not since.journal:
            if (status.st_size, status.st_mtime_ns) != (since.size, since.changed):
                raise Rewritten(f"{path.name} was written anew.", path=path)
            return Appended([], "", False, since)
        if status.st_size < since.offset:
            raise Rewritten(f"{path.name} is shorter than when it was read.", path=path)
        if since.size and status.st_size == since.size and status.st_mtime_ns != since.changed:
            raise Rewritten(f"{path.name} was changed without growing.", path=path)
        if status.st_size - since.offset > MAX_SAVE_BYTES:
            raise SaveError(_too_large(path), path=path)
        start = since.offset - len(since.tail)
        os.lseek(handle, start, os.SEEK_SET)
        with os.fdopen(handle, "rb", closefd=False) as file:
            data = file.read(status.st_size - start)
    except OSError as error:
        raise Rewritten(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    finally:
        os.close(handle)
    # The last line read before must still be there, as it was: else the
    # file was rewritten in place (the same inode), and is read whole.
    if not data.startswith(since.tail):
        raise Rewritten(f"{path.name} was rewritten in place.", path=path)
    data = data[len(since.tail) :]
    try:
        lines, _, used = parse_lines(data, format_of(path), since.plies + 1, path)
    except RecursionError:  # nested far deeper than a move: reading it whole says so
        raise Rewritten(f"{path.name} has a line nested too deep.", path=path) from None
    if since.plies + len(lines) > MAX_PLIES:
        raise SaveError(f"{path.name} holds more than {MAX_PLIES:,} moves.", path=path)
    check = since.check
    if since.check:
        broken, check = first_break(since.check, lines)
        if broken >= 0:
            # Not necessarily damage: the file may hold another history, whole
            # and checked. Reading it whole finds out, as a fresh terminal would.
            raise Rewritten(
                f"{path.name}: move {since.plies + broken + 1} does not follow from the moves before it.",
                path=path,
            )
    entries = [line.entry() for line in lines]
    # The file as it was read (its size and time: a reader that looks again
    # sees whether it changed since, a part-written move included).
    seen = since._replace(size=status.st_size, changed=status.st_mtime_ns)
    if not entries:
        return Appended([], "", False, seen)
    position = seen._replace(
        offset=since.offset + used,
        plies=since.plies + len(entries),
        last=entries[-1],
        stamp=(),
        check=check,
        tail=(since.tail + data[:used])[-TAIL_BYTES:],
    )
    last = lines[-1]
    return Appended(entries, last.status, last.finished, position, last.updated or last.at)


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


def read_at(path: str | os.PathLike) -> tuple[SaveFile, Position]:
    """``read``, and where the file stands (for ``write`` to append to it
    and ``read_since`` to follow it). A last line cut short is left out:
    the Position then ends before it, and the next ``write`` writes the
    file whole."""
    path = Path(path)
    data, status = _read_bytes(path)
    save, layout = decode_layout(data, path)
    return save, position_of(path, save, layout, data, status)


def position_of(path: Path, save: SaveFile, layout: Layout, data: bytes, status: os.stat_result) -> Position:
    """Where the file at ``path`` stands, read as ``data`` (its status when
    read) holding ``save`` laid out as ``layout``."""
    end = end_of(format_of(path)) if layout.journal else b""
    return Position(
        str(path),
        status.st_dev,
        status.st_ino,
        layout.offset,
        len(save.log),
        layout.journal,
        status.st_size,
        status.st_mtime_ns,
        _header_of(save),
        save.log[-1] if save.log else None,
        _after_of(save) if not layout.torn and layout.offset + len(end) == len(data) else (),
        layout.check,
        data[: layout.offset][-TAIL_BYTES:],
    )


def read_bytes(path: Path) -> bytes:
    """The bytes of a save file, or SaveError saying why they cannot be read."""
    return _read_bytes(path)[0]


def _read_bytes(path: Path, *, what: str = "save", follow: bool = True) -> tuple[bytes, os.stat_result]:
    """The bytes of a save file (``what``: "save" or "table", for the
    messages) and its status, or SaveError saying why not. A table is never
    read through a symbolic link (``follow=False``): in a group folder
    anyone could plant one."""
    handle, status = open_regular(path, what=what, follow=follow)
    try:
        if status.st_size > MAX_SAVE_BYTES:
            raise SaveError(_too_large(path), path=path)
        _wait_for_writer(handle)
        status = os.fstat(handle)  # as it stands once no move is being written
        with os.fdopen(handle, "rb", closefd=False) as file:
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    finally:
        os.close(handle)
    if len(data) > MAX_SAVE_BYTES:  # it grew while being read
        raise SaveError(_too_large(path), path=path)
    if not data.strip():
        raise SaveError(f"{path.name} is empty (a {what} that was cut short?).", path=path)
    return data, status


WRITER_WAIT = 2.0
"""Seconds a reader waits for a move being appended to be written."""


def _wait_for_writer(handle: int) -> None:
    """Take a shared lock on the open file, so that no append (which holds
    the exclusive one) runs while it is read. A read that straddled one
    would join the old end to the new move's last bytes. The lock is
    dropped when the handle closes. Whoever holds the exclusive lock
    longer than WRITER_WAIT (a stuck or hostile process) is not waited on
    further: the read goes ahead, and a torn last line is left out as a
    move in flight."""
    if fcntl is None:
        return
    deadline = time.monotonic() + WRITER_WAIT
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return
            time.sleep(0.005)  # an append is a few small writes and one fsync
        except OSError:
            return  # a file system without flock: read as before


def open_regular(path: Path, *, what: str = "save", follow: bool = True) -> tuple[int, os.stat_result]:
    """An open read-only handle on the regular file at ``path`` and its
    status (the caller closes it), or SaveError saying why it is not a
    ``what`` castletui reads: missing, a folder, a pipe or a device, or
    (``follow=False``) a symbolic link."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer that never comes.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise SaveError(f"There is no {what} at {path}.", path=path) from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a {what} file.", path=path) from None
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise SaveError(
                f"{path.name} is a symbolic link, which castletui never follows to a {what}.", path=path
            ) from None
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    try:
        status = os.fstat(handle)
    except OSError as error:
        os.close(handle)
        raise SaveError(f"Could not read {path.name}: {_reason(error)}.", path=path) from None
    problem = ""
    if stat.S_ISDIR(status.st_mode):
        problem = f"{path} is a folder, not a {what} file."
    elif not stat.S_ISREG(status.st_mode):
        problem = f"{path} is not a regular file (a pipe or a device?), so not a {what}."
    if problem:
        os.close(handle)
        raise SaveError(problem, path=path)
    return handle, status


def _too_large(path: Path) -> str:
    return (
        f"{path.name} is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MiB, far more than any real game "
        "saves; castletui does not open it."
    )


TABLE_DRAWS = "the table rolls or draws"
"""A table-mode game waiting for the dice or cards at the table: short
enough for two lines of the load screen's Status column at 80 columns."""


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
