"""Shared tables: one save file that several castletuis play on at once,
each player at their own terminal on one host.

The table file is an ordinary JSON save (``castletui resume`` reads it, the
fields it does not know are skipped) with one more top-level key, ``table``:
who owns each seat. Every change goes through :meth:`Table.commit` under an
exclusive ``fcntl.flock`` on a lock file beside it, and only if the log still
ends where the acting terminal saw it (its ``check``: plies and state hash);
otherwise :class:`LostRace` carries the table as it now is. The new file is
written whole to a temporary and renamed over the old one, so a castletui
killed mid-write leaves the previous table intact (and its lock dies with it).

Who is who: a seat belongs to the identity that took it, ``--as NAME`` (the
forced command of a dedicated game account) or else the Unix user. Every
commit checks that the identity owns the seat whose decision it logs; bots'
and chance's decisions may be logged by anyone seated at the table.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import msgspec

from rules import registry
from rules.core import CHANCE, IllegalAction
from saves.codec import decode
from saves.errors import SaveError
from saves.names import name_problem
from saves.schema import MAX_NAME_LENGTH, Check, Player, SaveFile
from saves.store import _reason, data_dir, new_save_path, read_bytes

ENVIRONMENT_VARIABLE = "CASTLETUI_TABLE_DIR"
SUFFIX = ".json"  # JSON: every other terminal re-reads the file after each move


def table_dir(override: str | os.PathLike | None = None) -> Path:
    """Where shared tables live: ``override`` (``--table-dir``), else
    ``$CASTLETUI_TABLE_DIR``, else ``tables`` in castletui's data folder."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE]).expanduser()
    return data_dir() / "tables"


def unix_user() -> str:
    """The name of the Unix user running this castletui (its uid if the
    password database does not know it)."""
    import pwd

    uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def identity(as_name: str | None = None) -> str:
    """Who this castletui plays as: ``--as NAME``, else the Unix user.
    SaveError if NAME is no name a player can have."""
    if as_name is None:
        return unix_user()[:MAX_NAME_LENGTH]
    problem = name_problem(as_name)
    if problem:
        raise SaveError(f"The name {as_name[:20]!r} {problem}.")
    return as_name.strip()


class Seating(msgspec.Struct, omit_defaults=True):
    """The ``table`` key of a table file: the owner of each seat ("" while it
    is free, and always for a bot's seat)."""

    owners: list[str] = []


class _TableKey(msgspec.Struct):
    table: Seating = msgspec.field(default_factory=Seating)


class _MaybeTable(msgspec.Struct):
    table: Seating | None = None


def is_table(path: str | os.PathLike) -> bool:
    """Whether the file at ``path`` is a shared table (a save with seat
    owners). Such a file must only change under its lock, so it is opened
    with ``castletui join``, never as an ordinary save that autosaves over
    it; an unreadable file is not a table (loading it says what is wrong)."""
    path = Path(path)
    if path.suffix.lower() != SUFFIX:
        return False  # tables are JSON
    try:
        return msgspec.json.decode(read_bytes(path), type=_MaybeTable).table is not None
    except (SaveError, msgspec.DecodeError, RecursionError):
        return False  # a hostile file nested too deep is refused when it is loaded


def not_a_save_message(path: Path) -> str:
    return f"{path.name} is a shared table: take your seat with  castletui join {path}"


class LostRace(SaveError):
    """Another terminal changed the table first; ``save`` and ``seating`` are
    the table as it now is."""

    def __init__(self, message: str, save: SaveFile, seating: Seating) -> None:
        super().__init__(message)
        self.save, self.seating = save, seating


class NotYourSeat(SaveError):
    """The identity does not own the seat whose decision it tried to log."""


class Table:
    """One shared table: its file, the lock beside it, and the two things
    ever done to it, taking a seat and committing a new log."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")

    # --- making one -------------------------------------------------------

    @classmethod
    def create(cls, directory: Path, save: SaveFile, owners: list[str], stem: str = "") -> Table:
        """A new table file in ``directory`` (its name is never another
        table's: saves.new_save_path creates it exclusively)."""
        stem = stem or save.game
        path = new_save_path(directory, stem, SUFFIX)
        table = cls(path)
        with table.locked():
            table._write(save, Seating(list(owners)))
        return table

    # --- reading ----------------------------------------------------------

    def read(self) -> tuple[SaveFile, Seating]:
        """The save and who sits where, as the file stands (no replay)."""
        data = read_bytes(self.path)
        save = decode(data, self.path)
        try:
            seating = msgspec.json.decode(data, type=_TableKey).table
        except msgspec.DecodeError:
            seating = Seating()
        owners = [str(owner)[:MAX_NAME_LENGTH] for owner in seating.owners[: len(save.players)]]
        owners += [""] * (len(save.players) - len(owners))
        return save, Seating(owners)

    # --- changing it ------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the table's exclusive lock. flock, not lockf: two terminals
        in one process (the tests) exclude each other too, and the kernel
        drops the lock of a castletui that dies holding it."""
        try:
            handle = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        except OSError as error:
            raise SaveError(f"Could not lock {self.path.name}: {_reason(error)}.", path=self.path) from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)  # closing drops the lock

    def take_seat(self, seat: int, who: str) -> tuple[SaveFile, Seating]:
        """Sit ``who`` at ``seat`` (a person's seat that is free, or already
        theirs); the seat's player takes their name when no other player has
        it. SaveError saying why not."""
        with self.locked():
            save, seating = self.read()
            players = save.players
            if not 0 <= seat < len(players):
                raise SaveError(f"{self.path.name} has seats 1 to {len(players)}, not {seat + 1}.")
            if players[seat].is_bot:
                raise SaveError(f"Seat {seat + 1} is played by a bot ({players[seat].name}).")
            owner = seating.owners[seat]
            if owner and owner != who:
                raise NotYourSeat(f"Seat {seat + 1} belongs to {owner}: only they can play it.")
            if owner == who:
                return save, seating
            owners = list(seating.owners)
            owners[seat] = who
            others = {player.name for index, player in enumerate(players) if index != seat}
            if who not in others and not name_problem(who):
                renamed = list(players)
                renamed[seat] = Player(who)
                config = msgspec.structs.replace(save.config, players=renamed)
                # The lobby's "whose turn" names the seat's new player at once.
                old = re.compile(rf"(?<!\w){re.escape(players[seat].name)}(?!\w)")
                status = old.sub(lambda _: who, save.status)
                save = msgspec.structs.replace(save, config=config, status=status)
            seating = Seating(owners)
            self._write(save, seating)
            return save, seating

    def commit(self, seen: Check, new: SaveFile, who: str) -> Seating:
        """Write ``new`` as the table, but only if the log still ends where
        this terminal saw it (``seen``) and ``who`` owns the seat of every
        person's decision it adds or takes back. LostRace (with the table as
        it is) or NotYourSeat otherwise."""
        with self.locked():
            save, seating = self.read()
            if save.check != seen:
                raise LostRace(self._race_message(save, seating, who), save, seating)
            kept = _common_prefix(save.log, new.log)
            for entry in [*save.log[kept:], *new.log[kept:]]:
                self._check_owner(entry.seat, save, seating, who)
            # Who sits where is the table's, not the acting terminal's: a
            # player who sat down since this terminal last read the file
            # keeps their name (the log and the hash do not depend on names).
            new = msgspec.structs.replace(
                new, config=msgspec.structs.replace(new.config, players=save.config.players)
            )
            self._write(new, seating)
            return seating

    def _check_owner(self, seat: int, save: SaveFile, seating: Seating, who: str) -> None:
        if who not in seating.owners:
            raise NotYourSeat(f"{who} has no seat at this table.")
        if seat == CHANCE or not 0 <= seat < len(save.players) or save.players[seat].is_bot:
            return  # chance and bots: anyone at the table (the first to see them)
        owner = seating.owners[seat]
        if owner != who:
            whose = f"{owner}'s" if owner else "a free"
            raise NotYourSeat(f"That was a decision of seat {seat + 1}, {whose} seat, not {who}'s.")

    def _race_message(self, save: SaveFile, seating: Seating, who: str) -> str:
        if save.log:
            mover = save.log[-1].seat
            if 0 <= mover < len(save.players) and seating.owners[mover] == who:
                return "Your move from another terminal came first; the table was reloaded."
            if 0 <= mover < len(save.players):
                return f"{save.players[mover].name} moved first; the table was reloaded."
        return "The table changed before your move reached it; it was reloaded."

    def _write(self, save: SaveFile, seating: Seating) -> None:
        """The whole file to a temporary, then renamed over the table: a
        reader sees the old table or the new one, never half of one."""
        plain = msgspec.to_builtins(save)
        plain["table"] = msgspec.to_builtins(seating)
        data = msgspec.json.format(msgspec.json.encode(plain), indent=1) + b"\n"
        mode = _mode_of(self.path)
        temporary = None
        try:
            handle, temporary = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
            )
            with os.fdopen(handle, "wb") as file:
                os.fchmod(file.fileno(), mode)  # the group's set-up keeps the table writable to all
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            raise SaveError(
                f"Could not write {self.path.name}: {_reason(error)}. The table is as it was.", path=self.path
            ) from None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)


def _common_prefix(first: list, second: list) -> int:
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


def _mode_of(path: Path) -> int:
    """The table file's permissions as they are, or for a new file what the
    umask gives (mkstemp alone would make it private to one Unix user)."""
    with contextlib.suppress(OSError):
        status = path.stat()
        if status.st_size > 0:
            return stat.S_IMODE(status.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


# --- the lobby's listing -----------------------------------------------------


class TableSummary(msgspec.Struct, frozen=True):
    """One table as the lobby lists it."""

    path: str
    game: str
    title: str
    variant: str  # as the wizard names it ("3-4 players")
    players: tuple[str, ...]
    owners: tuple[str, ...]
    bots: tuple[bool, ...]
    plies: int
    status: str
    finished: bool
    updated: str
    problem: str = ""

    def free_seats(self) -> list[int]:
        return [seat for seat, owner in enumerate(self.owners) if not owner and not self.bots[seat]]

    def seat_of(self, who: str) -> int | None:
        return self.owners.index(who) if who in self.owners else None


def list_tables(directory: Path) -> list[TableSummary]:
    """Every table in ``directory``, newest first; one that cannot be read
    is listed with its problem and never hides the others."""
    try:
        paths = [
            path for path in directory.iterdir() if path.suffix == SUFFIX and not path.name.startswith(".")
        ]
    except OSError:
        return []
    rows = []
    for path in paths:
        try:
            save, seating = Table(path).read()
            title, variant = save.game, save.config.variant
            with contextlib.suppress(registry.UnknownGame, IllegalAction):
                info = registry.get(save.game).INFO
                title = info.title
                variant = info.variant(variant).title or variant
            rows.append(
                TableSummary(
                    str(path),
                    save.game,
                    title,
                    variant,
                    tuple(player.name for player in save.players),
                    tuple(seating.owners),
                    tuple(player.is_bot for player in save.players),
                    save.check.plies,
                    save.status,
                    save.finished,
                    save.updated,
                )
            )
        except SaveError as error:
            if "is empty" in str(error):
                continue  # a table being created this very moment
            rows.append(TableSummary(str(path), "?", path.stem, "", (), (), (), 0, "", False, "", str(error)))
    rows.sort(key=lambda row: row.updated, reverse=True)
    return rows


def exposure_warning(directory: Path, hidden: bool) -> str:
    """What to tell the player who starts a game with hidden hands in a
    folder that other Unix users can read: the file shows every hand (and
    the seed, which predicts every draw)."""
    if not hidden:
        return ""
    try:
        mode = directory.stat().st_mode
    except OSError:
        return ""
    if not mode & (stat.S_IRGRP | stat.S_IROTH):
        return ""
    readers = "everyone on this host" if mode & stat.S_IROTH else "its group"
    return (
        f"{directory} can be read by {readers}: anyone who reads the table file sees every hand "
        "and can predict every draw. For secret hands use a dedicated game account (see the README)."
    )
