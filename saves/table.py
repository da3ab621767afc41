"""Shared tables: one save file that several castletuis play on at once,
each player at their own terminal on one host.

The table file is an ordinary JSON save (``castletui resume`` reads it, the
fields it does not know are skipped) with one more top-level key, ``table``:
who owns each seat. Every change goes through :meth:`Table.commit` under an
exclusive ``fcntl.flock`` on a lock file beside it, and only if the log still
ends where the acting terminal saw it (its ``check``: plies and state hash);
otherwise :class:`LostRace` carries the table as it now is.

A table file is a JSON journal like any save (saves.codec), its seating a
member of the header: a move's commit writes only that move's line over
the file's end, and the terminals watching it read only what was added
(saves.store.read_since), so a move costs the same at move 5 and move 500.
Taking a seat or taking a move back writes the file whole, to a temporary
renamed over the old one. A castletui killed mid-write leaves a last line
cut short, which every reader leaves out and the next commit writes over.

Who is who: a seat belongs to the identity that took it, written as an
owner field (saves.owners): ``account:ID``, an account of ``castletui
host`` (never found again by its name), or ``user:NAME``, the Unix user or
``--as NAME`` (the forced command of a dedicated game account); an older
file's bare name is a ``user:`` owner. A person's seat is shown under its
label: a ``user:`` owner's name, an account's name as it sat down (the
name given when the table was made is only a placeholder until someone
sits). One identity holds one seat at a table.

The table trusts nothing a terminal sends it. It draws its own seed from
the operating system, which no player chooses or sees: whoever knows the
seed knows every hand and every draw. The file's header holds only a
commitment to it until the game ends and reveals it (saves.seal), so the
players can check every draw afterwards (``castletui verify``). A commit may only append log
entries, each legal, each a decision of a seat its committer owns (bots'
and chance's: anyone seated), each chance entry the very draw the table
makes from its seed and ply; or take back the committer's own last move.
Everything else in the file (seed, options, players, status) is the
table's own. Table and lock files are never opened through a symbolic
link: in a group folder anyone could plant one.

A table may have a clock (saves.clock): a time per move in its seating,
and, once a seat's time ran out, the others' choice written there too (a
bot stands in for that seat, whose decisions anyone seated may then log;
or the game abandoned, after which no commit is taken). The table dates
each move by its own time when a terminal's differs by more than a few
minutes, so that nobody eats into the next seat's time.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import msgspec
from castletui.rules import registry
from castletui.rules.core import CHANCE, IllegalAction, chance_rng, sample_outcome, shows_hidden, state_hash
from castletui.saves import clock, now
from castletui.saves.codec import (
    JSON_END,
    JSON_LOG,
    ChangedRecord,
    decode_layout,
    decode_standing,
    encode_checked,
    in_words,
)
from castletui.saves.errors import SaveError
from castletui.saves.names import name_key, name_problem, normal_name
from castletui.saves.owners import (
    account_id_problem,
    account_owner,
    is_account,
    owner_field,
    owner_label,
    user_owner,
)
from castletui.saves.replay import game_of, replay_states, verify
from castletui.saves.schema import Check, LogEntry, Player, SaveFile
from castletui.saves.seal import as_written, commitment, keep_secret, new_salt, sealed
from castletui.saves.store import (
    TABLE_DRAWS,
    TAIL_BYTES,
    Position,
    Rewritten,
    _append,
    _read_bytes,
    _reason,
    _written,
    data_dir,
    new_save_path,
    position_of,
    read_since,
)

from castletui import saves as saves_package

ENVIRONMENT_VARIABLE = "CASTLETUI_TABLE_DIR"
SUFFIX = ".json"  # JSON: every other terminal re-reads the file after each move

POSIX_ONLY = (
    "shared tables need a POSIX system (Linux, macOS, BSD): they lock the table file with flock "
    "and know players by their Unix user; local games, table mode and the rules helpers work here"
)
"""Why shared tables do not work here; ``posix_problem`` says whether it applies."""


def posix_problem() -> str:
    """Empty where shared tables work; else :data:`POSIX_ONLY`. fcntl and pwd
    are imported only here and where a table is locked or a player named,
    never when this module loads: local play (the session imports this
    module for ``status_text``) must work where they do not exist (Windows)."""
    try:
        import fcntl  # noqa: F401 - POSIX only: see the docstring
        import pwd  # noqa: F401 - POSIX only: see the docstring
    except ImportError:
        return POSIX_ONLY
    return ""


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
    password database does not know it); SaveError where there are no Unix
    users (Windows)."""
    try:
        import pwd  # POSIX only, so imported here and not when the module loads (posix_problem)
    except ImportError:
        raise SaveError(POSIX_ONLY + ".") from None

    uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def identity(as_name: str | None = None, account: str | None = None) -> str:
    """Who this castletui plays as, an owner field (saves.owners): the host
    account ``account`` (castletui host gives it, with its name as ``--as``),
    else ``--as NAME`` (normalised: saves.names), else the Unix user, as
    ``user:NAME``. SaveError if NAME is no name a player can have, or the
    account no account id."""
    if account is not None:
        problem = account_id_problem(account)
        if problem:
            raise SaveError(f"{account[:20]!r} {problem}.")
        if as_name is None:
            raise SaveError("An account sits down under its name: give it with --as.")
    if as_name is None:
        return user_owner(unix_user())
    problem = name_problem(as_name)
    if problem:
        raise SaveError(f"The name {as_name[:20]!r} {problem}.")
    return account_owner(account) if account is not None else user_owner(normal_name(as_name))


def as_name_problem(directory: Path) -> str:
    """Why ``--as NAME`` cannot be honoured for the tables in ``directory``;
    empty if it can. It is the forced command of a dedicated game account,
    whose own folder that is: anybody else who passed it would play as
    whoever they named. A folder not made yet is judged by the nearest
    folder above it (it will be made by this Unix user, inside that one)."""
    folder = Path(os.path.abspath(directory))
    while True:
        try:
            owner = os.stat(folder).st_uid
            break
        except FileNotFoundError:
            if folder.parent == folder:
                return ""
            folder = folder.parent
        except OSError as error:
            return f"{folder} cannot be looked at ({_reason(error)})"
    if owner != os.getuid():
        return (
            f"--as is for a game account's own table folder, and {folder} is not this Unix user's: "
            "you play as your Unix user here (leave out --as)"
        )
    return ""


def table_now() -> Any:
    """The table's time (saves.clock): saves.now, the time every move is
    stamped with, looked up when asked (a test sets it to simulate days)."""
    return clock.moment(saves_package.now())


def new_seed() -> int:
    """A table's seed: from the operating system, chosen by no player."""
    return secrets.randbelow(2**63 - 1) + 1


def status_text(game: Any, state: Any, names: list[str], mode: str = "digital") -> str:
    """Where a game stands, in one line (the lobby's and the load screen's)."""
    seat = game.to_move(state)
    if seat is None:
        result = game.result(state)
        if result.lost:
            return "Finished: lost"
        winners = ", ".join(names[s] for s in result.winners) or "nobody"
        return f"Finished: {winners} won"
    if seat == CHANCE:
        # Only a table game waits here: the app draws a digital game's chance at once.
        return TABLE_DRAWS if mode == "table" else "a roll or draw next"
    return f"{names[seat]} to play"


MAX_PER_MOVE = 2**31 - 1
"""The longest time per move a table keeps, in seconds (some 68 years: a
PostgreSQL store's integer column); a seating with more is not read."""


class Rematch(msgspec.Struct, frozen=True, omit_defaults=True):
    """A rematch offered at a finished table (saves.rematch): the owners
    who said yes (the first offered it) and no, and the new table's
    address once everyone seated said yes."""

    accepted: list[str] = []
    declined: list[str] = []
    table: str = ""


class Seating(msgspec.Struct, omit_defaults=True):
    """The ``table`` key of a table file: the owner field of each seat
    (saves.owners; "" while it is free, and always for a bot's seat). As a
    table reads it, every owner is in its written form (``user:`` or
    ``account:``), an older file's bare names too; it is written so at the
    next whole write (the header's check is made anew then).

    ``invited``: a private table's invited names (empty: a public table,
    as every table an older castletui made). Only they and whoever sits
    there may take a seat or watch (:func:`may_see`); the lobby lists it
    to nobody else. The names are what players see; on ``castletui host``
    what admits is ``invited_accounts``: the owner field (``account:ID``)
    each name was found to be when the table was made. A name never
    admits an account, so whoever takes a name later (an account removed,
    a stranger under ``--open``) is not invited. Names admit only ``user:``
    identities (a Unix user, ``--as``), which the system gives."""

    owners: list[str] = []
    invited: list[str] = []
    invited_accounts: list[str] = []
    """The accounts invited (owner fields), found from ``invited`` when the table was made."""
    per_move: Annotated[int, msgspec.Meta(ge=0, le=MAX_PER_MOVE)] = 0
    """The table's time per move in seconds (0: none); saves.clock."""
    stand_ins: list[clock.StandIn] = []
    """Seats a bot plays until their owners sit down again (saves.clock)."""
    abandoned: str = ""
    """When the game was ended as abandoned (saves.clock): no move is made after."""
    rematch: Rematch | None = None
    """The rematch offered once the game ended (saves.rematch); None: none."""


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
        # Through a symbolic link too: a table must never be opened as a save.
        return _seating_in(_read_bytes(path)[0], _MaybeTable) is not None
    except (SaveError, msgspec.DecodeError, RecursionError):
        return False  # a hostile file nested too deep is refused when it is loaded


def _seating_in(data: bytes, kind: type | None = None) -> Seating | None:
    """The ``table`` member of a table file's header (read alone: the log
    after it may be a move still being written); of the whole document when
    the file is not laid out as a journal (an older castletui's table)."""
    kind = kind or _TableKey
    header_end = data.find(JSON_LOG + b"\n")
    if header_end >= 0:
        with contextlib.suppress(msgspec.DecodeError):
            return msgspec.json.decode(data[:header_end] + b"\n}", type=kind).table
    return msgspec.json.decode(data, type=kind).table


def may_see(seating: Seating, who: str, name: str) -> bool:
    """Whether ``who`` (an owner field), sitting down as ``name``, may see
    the table at all (take a seat, watch it): any table that is not
    private, and a private one if they sit there or are invited: an
    account by its id (``invited_accounts``), never by its name; a
    ``user:`` identity by its name."""
    if not seating.invited or (who and owner_field(who) in seating.owners):
        return True
    if is_account(owner_field(who)):
        return owner_field(who) in seating.invited_accounts
    key = name_key(name) if name else ""
    return bool(key) and any(name_key(invited) == key for invited in seating.invited)


def private_message(source: str) -> str:
    """What someone not invited is told when they name a private table."""
    return f"{source} is a private table: only the players invited to it may sit or watch there."


MAX_INVITED = 50
"""The most names a private table invites (its seats and watchers are far
fewer): every lobby reads them, and a list typed long must not cost minutes."""


def invited_names(text: str) -> list[str]:
    """The names typed for a private table's invitation ("Bo, Cy" or
    "Bo Cy"), each a name a player can have; SaveError naming one that is
    not, or when there are more than MAX_INVITED."""
    words = [word for word in re.split(r"[,\s]+", text.strip()) if word]
    if len(words) > MAX_INVITED:
        raise SaveError(f"A private table invites at most {MAX_INVITED} names, not {len(words)}.")
    names: list[str] = []
    keys: set[str] = set()
    for word in words:
        problem = name_problem(word)
        if problem:
            raise SaveError(f"Cannot invite {word[:20]!r}: that name {problem}.")
        if name_key(word) not in keys:
            keys.add(name_key(word))
            names.append(normal_name(word))
    return names


def not_a_save_message(path: Path) -> str:
    return f"{path.name} is a shared table: take your seat with  castletui join {path}"


def as_seated(save: SaveFile, seating: Seating) -> tuple[SaveFile, Seating]:
    """The table as read from its file: an owner for every seat, each in
    its written form, and each person's seat named by its owner."""
    owners = [owner_field(owner) for owner in seating.owners[: len(save.players)]]
    owners += [""] * (len(save.players) - len(owners))
    # A person's seat goes by its ``user:`` owner's name, whatever the file
    # says (a table from an older castletui kept a placeholder that was
    # taken). An account's seat keeps the name it is labelled with.
    players = [
        Player(owner_label(owner))
        if owner and not is_account(owner) and not player.is_bot and not name_problem(owner_label(owner))
        else player
        for player, owner in zip(save.players, owners, strict=True)
    ]
    if players != save.players:
        save = msgspec.structs.replace(save, config=msgspec.structs.replace(save.config, players=players))
    return save, msgspec.structs.replace(seating, owners=owners)


def lock_path_of(path: Path) -> Path:
    """The lock file beside the table at ``path`` (Table.locked)."""
    return path.with_name(f".{path.name}.lock")


def glance(path: Path) -> tuple[Signature, SaveFile, Seating] | None:
    """The table at ``path`` as its listing needs it, from its header and
    last line alone (saves.codec.decode_standing): the signature of the
    file read, the save without its log, and who sits where. None when the
    file must be read whole to say what it is (Table.read: an older format,
    a move cut short, a damaged header); SaveError when it cannot be read.
    Its record's checks are followed when it is opened (Table.read), never
    here: a table changed in the middle is refused then, as always."""
    data, status = _read_bytes(path, what="table", follow=False)
    standing = decode_standing(data, path)
    if standing is None:
        return None
    save, member = standing
    try:
        seating = Seating() if member is None else msgspec.convert(member, Seating)
    except msgspec.ValidationError as error:
        raise unreadable_seating(path, in_words(error, "table")) from None
    return (_signature_of(status), *as_seated(save, seating))


def unreadable_seating(path: Path, what: str) -> SaveError:
    """A table whose seating cannot be read: refused, never read as a
    public table with every seat free (a private table would open to all,
    and its owners be written over by the first to sit)."""
    return SaveError(
        f"{path.name} is damaged: its seating cannot be read ({what}), "
        "so nobody sits or watches there; the file is kept as it is.",
        path=path,
    )


class LostRace(SaveError):
    """Another terminal changed the table first; ``save`` and ``seating`` are
    the table as it now is."""

    def __init__(self, message: str, save: SaveFile, seating: Seating) -> None:
        super().__init__(message)
        self.save, self.seating = save, seating


class NotYourSeat(SaveError):
    """The identity does not own the seat whose decision it tried to log
    (or asked for a seat that is not free for it)."""


class BadCommit(SaveError):
    """A commit that changes what no move changes (the seed, the options,
    the players), or logs what the table did not allow or did not draw."""


class Table:
    """One shared table: its file, the lock beside it, and the two things
    ever done to it, taking a seat and committing a new log."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.lock_path = lock_path_of(self.path)
        # The states of the log as this castletui replayed it (never a
        # terminal's word): each commit applies only what it adds.
        self._replayer = Replayer(self.path.name)
        # The file as last read (its signature and what it said): a file
        # that was not replaced since is not decoded again.
        self._read: tuple[Signature, tuple[SaveFile, Seating]] | None = None
        # Where the file ends as last read or written: a commit appends
        # there, a read reads only what was added since.
        self._position: Position | None = None
        self.known: Signature | None = None
        """The signature of the file as this castletui last read or wrote it."""
        self.clock: Callable[[], Any] = table_now
        """The table's time (saves.clock): a move's, a seat's time out (tests give a fake one)."""

    # --- making one -------------------------------------------------------

    @classmethod
    def create(
        cls,
        directory: Path,
        save: SaveFile,
        owners: list[str],
        stem: str = "",
        invited: list[str] | None = None,
        per_move: int = 0,
        invited_accounts: list[str] | None = None,
    ) -> Table:
        """A new table file in ``directory`` (its name is never another
        table's: saves.new_save_path creates it exclusively), with a seed
        of its own whatever ``save`` had; private to the ``invited`` names
        (and ``invited_accounts``) when there are any (Seating)."""
        if not 0 <= per_move <= MAX_PER_MOVE:
            raise SaveError(f"A time per move is 0 (none) to {MAX_PER_MOVE} seconds, not {per_move}.")
        stem = stem or save.game
        path = new_save_path(directory, stem, SUFFIX)
        table = cls(path)
        # The seed is committed to in the header from the start and kept
        # beside the table until the game ends (saves.seal).
        seed, salt = new_seed(), new_salt()
        save = msgspec.structs.replace(save, seed=seed, salt=salt, commitment=commitment(seed, salt))
        with table.locked():
            keep_secret(path, seed, salt, _mode_of(path))
            owners = [owner_field(owner) for owner in owners]
            accounts = [owner_field(owner) for owner in invited_accounts or []]
            table._write(save, Seating(owners, list(invited or []), accounts, per_move=per_move))
        return table

    # --- reading ----------------------------------------------------------

    def read(self) -> tuple[SaveFile, Seating]:
        """The save and who sits where, as the file stands (no replay). A
        file this table read before and nobody changed since is not read or
        decoded again (the same objects come back: nobody changes them); one
        that only had moves appended costs reading those moves."""
        seen = signature(self.path)
        if self._read is not None and seen is not None:
            if seen == self._read[0]:
                self.known = seen
                return self._read[1]
            if self._position is not None and self._position.journal and seen[0] == self._position.inode:
                grown = self._read_appended()
                if grown is not None:
                    return grown
        return self._read_whole()

    def _read_whole(self) -> tuple[SaveFile, Seating]:
        data, status = _read_bytes(self.path, what="table", follow=False)
        try:
            save, layout = decode_layout(data, self.path)
        except ChangedRecord as error:
            # A table is not opened at an earlier move: every terminal refuses it alike.
            raise ChangedRecord(
                f"{self.path.name}: the table's record was changed at move {error.entry} (that line's check "
                "does not follow from the moves before it), so nobody plays on from it; the file is kept "
                "as it is.",
                path=self.path,
                partial=error.partial,
                entry=error.entry,
            ) from None
        position = position_of(self.path, save, layout, data, status)
        save = sealed(save, self.path)
        try:
            seating = _seating_in(data) or Seating()
        except msgspec.ValidationError as error:
            raise unreadable_seating(self.path, in_words(error)) from None
        except msgspec.DecodeError:
            seating = Seating()
        return self._remember(*as_seated(save, seating), position)

    def _read_appended(self) -> tuple[SaveFile, Seating] | None:
        """The table as last read with the moves appended since; None when
        the file was written whole since (read it whole)."""
        assert self._read is not None and self._position is not None
        save, seating = self._read[1]
        try:
            appended = read_since(self.path, self._position, what="table", follow=False)
        except Rewritten:
            return None
        if appended.entries:
            log = save.log + appended.entries
            save = msgspec.structs.replace(
                save,
                log=log,
                check=Check(len(log), log[-1].hash),
                status=appended.status,
                finished=appended.finished,
                updated=appended.updated or save.updated,
            )
        return self._remember(save, seating, appended.position)

    def _remember(self, save: SaveFile, seating: Seating, position: Position) -> tuple[SaveFile, Seating]:
        self._position = position
        self.known = (position.inode, position.changed, position.size)
        self._read = (self.known, (save, seating))
        return self._read[1]

    def states(self, save: SaveFile) -> list[Any]:
        """Every state of ``save``'s game (as read from this table), replayed
        here: only the entries added since the last call are applied."""
        return self._replayer.states(save)

    # --- changing it ------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the table's exclusive lock. flock, not lockf: two terminals
        in one process (the tests) exclude each other too, and the kernel
        drops the lock of a castletui that dies holding it. O_NOFOLLOW: a
        lock planted as a symbolic link would have castletui create or
        open a file elsewhere."""
        try:
            import fcntl  # POSIX only, so imported here and not when the module loads (posix_problem)
        except ImportError:
            raise SaveError(POSIX_ONLY + ".", path=self.path) from None
        flags = os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK
        try:
            handle = os.open(self.lock_path, flags, 0o666)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise SaveError(
                    f"The lock of {self.path.name} is a symbolic link, which castletui never follows: "
                    f"ask whoever keeps the table folder to remove {self.lock_path.name}.",
                    path=self.path,
                ) from None
            raise SaveError(f"Could not lock {self.path.name}: {_reason(error)}.", path=self.path) from None
        try:
            status = os.fstat(handle)
            if not stat.S_ISREG(status.st_mode):
                raise SaveError(f"The lock of {self.path.name} is not a file.", path=self.path)
            _share_with_group(handle, status, self.path.parent)
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)  # closing drops the lock

    def take_seat(self, seat: int, who: str, name: str = "") -> tuple[SaveFile, Seating]:
        """Sit ``who`` (an owner field: saves.owners; a bare name is a
        ``user:`` owner) at ``seat``, a person's seat that is free or
        already theirs; the seat is labelled ``name``, which an account
        must give (a ``user:`` owner's label is its own name). An account
        back at its seat under another name relabels it. One seat per
        identity, and no two labels at the table that name_key calls the
        same. SaveError saying why not."""
        who = owner_field(who)
        with self.locked():
            save, seating = self.read()
            changed = seated(save, seating, seat, who, name, self.path.name, self.states)
            if changed is None:
                return save, seating
            self._write(*changed)
            return changed

    def adopt_bare_owners(self, owner_for: Callable[[str], str]) -> list[int]:
        """Give each seat that an older castletui wrote under a bare name
        the owner field ``owner_for(name)`` says (empty: the seat stays the
        name's, a ``user:`` owner, written so at once); the seats given.
        castletui host does this once for its tables, whose bare names were
        its accounts'. Under the lock; the file is written whole (its
        header's check anew) whenever it held a bare name."""
        with self.locked():
            try:
                data = _read_bytes(self.path, what="table", follow=False)[0]
                written = _seating_in(data)
            except (msgspec.DecodeError, RecursionError):
                return []  # read as no seating at all: there is nothing to give
            if written is None:
                return []
            save, seating = self.read()
            owners = list(seating.owners)
            given, bare = [], False
            for seat, field in enumerate(written.owners[: len(owners)]):
                if not field or owner_field(field) != user_owner(field):
                    continue  # free, or written with its kind: not an older castletui's
                bare = True
                owner = owner_field(owner_for(field) or "")
                if owner and owner != owners[seat] and owner not in owners:
                    owners[seat] = owner
                    given.append(seat)
            if bare:
                # Written whole, each owner with its kind, even when none was given:
                # a bare name left would be given to whoever takes the name later.
                self._write(save, msgspec.structs.replace(seating, owners=owners))
            return given

    def bind_invitations(self, accounts: list[str]) -> bool:
        """Give a private table an older castletui made (its invited names,
        no accounts) the invited ``accounts`` (owner fields) the host found
        its names to be (castletui/host/old_invitations.py); False when it
        has its accounts already, or none was found. Under the lock."""
        accounts = [owner_field(account) for account in accounts if account]
        with self.locked():
            save, seating = self.read()
            if not accounts or not seating.invited or seating.invited_accounts:
                return False
            self._write(save, msgspec.structs.replace(seating, invited_accounts=accounts))
            return True

    def commit(self, seen: Check, new: SaveFile, who: str) -> Seating:
        """Put ``new``'s log on the table, but only if the log still ends
        where this terminal saw it (``seen``) and ``new`` does no more than
        a move does: append entries ``who`` may log, or take back ``who``'s
        own last move. LostRace (with the table as it is), NotYourSeat or
        BadCommit otherwise; the table is then as it was. ``who`` is an
        owner field (saves.owners)."""
        who = owner_field(who)
        with self.locked():
            save, seating = self.read()
            if save.check != seen:
                raise LostRace(race_message(save, seating, who), save, seating)
            written, states, appended = judged(
                save, seating, self.states(save), new, who, self.path.name, self.clock()
            )
            # The move that ends the game reveals the seed: the header changes.
            revealing = written.commitment and written.finished
            if not (appended and not revealing and self._append(written, seating, len(save.log))):
                self._write(written, seating)
            self._replayer.keep(written.log, states)
            return seating

    def time_out(self, seat: int, who: str, choice: str) -> tuple[SaveFile, Seating]:
        """``who`` chose ``choice`` (saves.clock: BOT, ABANDON) for
        ``seat``, whose time ran out: the table as it now is; ClockRefused
        saying why not (the time not out, a spectator...)."""
        who = owner_field(who)
        with self.locked():
            save, seating = self.read()
            changed = timed_out(save, seating, self.states(save), seat, who, choice, self.clock())
            self._write(*changed)
            return changed

    def _append(self, save: SaveFile, seating: Seating, start: int) -> bool:
        """Write the lines of ``save``'s entries from ``start`` over the
        file's end, under the lock; False (nothing written) unless the file
        is still the journal this castletui last read or wrote, ending
        where it left it (a move cut short by a killed writer, an older
        castletui's table: the commit writes it whole instead)."""
        position = self._position
        if position is None or not position.journal or position.plies != start:
            return False
        if position.size != position.offset + len(JSON_END):
            return False  # a part-written line follows the last whole one
        self._clean_temporaries()  # a killed writer's, as before any write
        written = _append(save, self.path, position)
        if written is None:
            return False
        self._remember(save, seating, written)
        return True

    def _write(self, save: SaveFile, seating: Seating) -> None:
        """The whole file to a temporary, then renamed over the table: a
        reader sees the old table or the new one, never half of one. Called
        under the lock, so any temporary of this table already there was
        left by a writer that died: it goes."""
        self._clean_temporaries()
        # A game over, finished or abandoned (saves.clock), reveals its seed: nothing more is drawn.
        over = save.finished or bool(seating.abandoned)
        data, check = encode_checked(as_written(save, over), SUFFIX, {"table": seating})
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
                status = os.fstat(file.fileno())  # a rename keeps inode and mtime
            os.replace(temporary, self.path)
            temporary = None
            # What this castletui wrote is what it would read back: its next
            # read (the next commit's, under the lock) decodes nothing.
            offset = len(data) - len(JSON_END)
            written = _written(save, self.path, status, offset, check=check, tail=data[:offset][-TAIL_BYTES:])
            self._remember(save, seating, written)
        except OSError as error:
            raise SaveError(
                f"Could not write {self.path.name}: {_reason(error)}. The table is as it was.", path=self.path
            ) from None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def _clean_temporaries(self) -> int:
        """Remove this table's temporaries (``.NAME.XXXXXXXX.tmp``): only a
        writer holding the lock makes one, and this castletui holds it now,
        so every one there is a killed writer's. Returns how many went."""
        pattern = re.compile(rf"\.{re.escape(self.path.name)}\.[A-Za-z0-9_]+\.tmp")
        removed = 0
        with contextlib.suppress(OSError), os.scandir(self.path.parent) as entries:
            for entry in entries:
                if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
                        removed += 1
        return removed


def seated(
    save: SaveFile,
    seating: Seating,
    seat: int,
    who: str,
    name: str,
    source: str,
    states: Callable[[SaveFile], list[Any]],
) -> tuple[SaveFile, Seating] | None:
    """The table ``save`` with ``who`` (an owner field) at ``seat`` under
    ``name``, whoever keeps the table; None when nothing changes (back at
    one's own seat). SaveError or NotYourSeat saying why not (see
    Table.take_seat). ``states`` replays a save (for the status line)."""
    given = name if is_account(who) else owner_label(who)
    players = save.players
    if not 0 <= seat < len(players):
        raise SaveError(f"{source} has seats 1 to {len(players)}, not {seat + 1}.")
    if players[seat].is_bot:
        raise SaveError(f"Seat {seat + 1} is played by a bot ({players[seat].name}).")
    if not who:
        raise NotYourSeat("Nobody can sit without a name.")
    if not may_see(seating, who, given):
        raise NotYourSeat(private_message(source))
    owner = seating.owners[seat]
    if owner and owner != who:
        raise NotYourSeat(f"Seat {seat + 1} belongs to {players[seat].name}: only they can play it.")
    if owner == who and clock.stand_in_of(seating, seat) is not None:
        # Back at one's seat after a bot stood in: it is theirs again, under the label it had.
        return save, clock.returned(seating, seat)
    problem, label = name_problem(given), normal_name(given)
    if problem:
        if owner == who:
            return None  # back at one's own seat: its label stays as it was
        raise NotYourSeat(f"You cannot sit as {given[:20]!r}: that name {problem}.")
    if owner == who and players[seat].name == label:
        return None
    for other, taken in enumerate(seating.owners):
        if other == seat or not taken:
            continue
        if taken == who:
            raise NotYourSeat(
                f"You already play seat {other + 1} at this table (perhaps from another terminal): one seat each."
            )
        if name_key(players[other].name) == name_key(label):
            if owner == who:
                return None  # back under a name another seat has: keep the old label
            raise NotYourSeat(
                f"Seat {other + 1} is played by {players[other].name}: at one table two names "
                "must differ by more than capitals."
            )
    owners = list(seating.owners)
    owners[seat] = who
    return _renamed(save, states(save), owners, seat, label), msgspec.structs.replace(seating, owners=owners)


def _renamed(save: SaveFile, states: list[Any], owners: list[str], seat: int, label: str) -> SaveFile:
    """``save`` with ``label`` as the name of ``seat``, and any placeholder
    (a free seat's, a bot's) that could pass for ``label`` renamed."""
    players = list(save.players)
    players[seat] = Player(label)
    for index, player in enumerate(players):
        if index != seat and not owners[index] and name_key(player.name) == name_key(label):
            base = f"{'Bot' if player.is_bot else 'Seat'} {index + 1}"
            taken = {name_key(other.name) for other in players}
            candidates = [base] + [f"{base}-{n}" for n in range(2, len(players) + 2)]
            name = next(name for name in candidates if name_key(name) not in taken)
            players[index] = msgspec.structs.replace(player, name=name)
    config = msgspec.structs.replace(save.config, players=players)
    status = status_text(game_of(save), states[-1], [player.name for player in players], save.mode)
    return msgspec.structs.replace(save, config=config, status=status)


def race_message(save: SaveFile, seating: Seating, who: str) -> str:
    """What a terminal that lost the race to the table is told."""
    if save.log:
        mover = save.log[-1].seat
        if 0 <= mover < len(save.players) and seating.owners[mover] == who:
            return "Your move from another terminal came first; the table was reloaded."
        if 0 <= mover < len(save.players):
            return f"{save.players[mover].name} moved first; the table was reloaded."
    return "The table changed before your move reached it; it was reloaded."


class Replayer:
    """The states of one table's log as this castletui replayed it (never a
    terminal's word): each call applies only what the log added since."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._replayed: tuple[list[LogEntry], list[Any]] | None = None

    def keep(self, log: list[LogEntry], states: list[Any]) -> None:
        """``states`` are those of ``log`` (a commit replayed them)."""
        self._replayed = (list(log), states)

    def states(self, save: SaveFile) -> list[Any]:
        """Every state of ``save``'s game, replayed here: only the entries
        added since the last call are applied (each checked: played)."""
        if self._replayed is not None:
            log, states = self._replayed
            if len(log) <= len(save.log) and save.log[: len(log)] == log:
                game = game_of(save, self.source)
                states = list(states)
                for entry in save.log[len(log) :]:
                    states.append(played(game, save, states[-1], len(states) - 1, entry))
                self._replayed = (list(save.log), states)
                return states
            if len(save.log) < len(log) and log[: len(save.log)] == save.log:
                states = states[: len(save.log) + 1]  # a move taken back
                self._replayed = (list(save.log), states)
                return states
        states = replay_states(save, source=self.source)
        verify(save, states, source=self.source)
        self._replayed = (list(save.log), states)
        return states


def played(game: Any, save: SaveFile, state: Any, ply: int, entry: LogEntry) -> Any:
    """The state after ``entry``; BadCommit unless it is that seat's
    legal decision, and for chance the table's own draw."""
    where = f"move {ply + 1}"
    try:
        action = msgspec.convert(entry.action, game.Action)
    except msgspec.ValidationError:
        raise BadCommit(f"{where} is not an action of {save.game}.") from None
    to_move = game.to_move(state)
    if to_move is None:
        raise BadCommit(f"{where} comes after the end of the game.")
    if entry.seat != to_move:
        raise BadCommit(f"{where} is logged for seat {entry.seat + 1}, but it was not its decision.")
    if entry.seat == CHANCE:
        # The table draws, as every terminal's session does: by seed and ply.
        drawn = sample_outcome(game.chance_outcomes(state), chance_rng(save.seed, ply))
        if action != drawn:
            raise BadCommit(f"{where} is a roll or draw the table did not make.")
    try:
        return game.apply(state, action)
    except IllegalAction as error:
        raise BadCommit(f"{where} cannot be played: {error.reason}") from None
    except Exception as error:  # noqa: BLE001 - a hostile action must not crash the table
        raise BadCommit(f"{where} cannot be played ({type(error).__name__}).") from None


def judged(
    save: SaveFile,
    seating: Seating,
    states: list[Any],
    new: SaveFile,
    who: str,
    source: str,
    when: Any = None,
) -> tuple[SaveFile, list[Any], bool]:
    """What committing ``new`` over the table ``save`` (whose ``states``
    these are) writes, whoever keeps the table: the table's save with the
    new log, its states, and whether moves were appended (else the last
    one was taken back). NotYourSeat or BadCommit when ``who`` may not.
    ``when``: the table's time (saves.clock); a move dated further from
    it than a clock's slack is dated by the table."""
    if not who or who not in seating.owners:
        raise NotYourSeat("You have no seat at this table.")
    if seating.abandoned:
        raise BadCommit("The game was ended as abandoned: no move can be made or taken back.")
    when = when or table_now()
    _check_only_the_log_changed(save, new)
    game = game_of(save, source)
    old, log = save.log, list(new.log)
    appended = log[: len(old)] == old
    if appended:
        for index in range(len(old), len(log)):
            entry = log[index]
            _check_owner(entry.seat, save, seating, who)
            states = [*states, played(game, save, states[-1], len(states) - 1, entry)]
            # The hash every reader checks the move against is the
            # table's own, never the terminal's word.
            at = entry.at if clock.plausible(entry.at, when) else clock.iso(when)
            log[index] = msgspec.structs.replace(entry, hash=state_hash(states[-1]), at=at)
    elif log == old[:-1]:
        if save.commitment and game.to_move(states[-1]) is None:
            raise BadCommit("The game is over and its seed revealed: no move can be taken back.")
        _check_undo(old[-1].seat, save, seating, who)
        _check_nothing_shown(game, states, old[-1])
        states = states[:-1]
    else:
        raise BadCommit(
            "A move may only add to the table's log, or take back your own last move; nothing was changed."
        )
    # Everything but the log is the table's own: a terminal that has
    # not seen a player sit down keeps their name, and the status the
    # lobby shows is the table's words, not a terminal's.
    names = [player.name for player in save.players]
    written = msgspec.structs.replace(
        save,
        log=log,
        check=Check(len(log), state_hash(states[-1])),
        updated=now(),
        finished=game.to_move(states[-1]) is None,
        status=status_text(game, states[-1], names, save.mode),
    )
    return written, states, appended


ABANDONED = "abandoned"
"""The status of a game ended as abandoned (the lobby lists it among finished games)."""


def timed_out(
    save: SaveFile, seating: Seating, states: list[Any], seat: int, who: str, choice: str, when: Any
) -> tuple[SaveFile, Seating]:
    """The table once ``who`` chose ``choice`` for ``seat``, whose time
    ran out (saves.clock.decided), whoever keeps the table; ClockRefused."""
    to_move = game_of(save).to_move(states[-1])
    seating = clock.decided(save, seating, to_move, seat, who, choice, when)
    if seating.abandoned:
        save = msgspec.structs.replace(save, status=ABANDONED, updated=seating.abandoned)
    return save, seating


def _check_owner(seat: int, save: SaveFile, seating: Seating, who: str) -> None:
    if seat == CHANCE or not 0 <= seat < len(save.players) or save.players[seat].is_bot:
        return  # chance and bots: anyone at the table (the first to see them)
    if clock.stand_in_of(seating, seat) is not None:
        return  # a bot stands in for its owner (saves.clock): as a bot's seat, and the owner's own
    owner = seating.owners[seat]
    if owner != who:
        whose = f"{save.players[seat].name}'s" if owner else "a free"
        yours = f"{owner_label(who)}'s" if owner_label(who) else "yours"
        raise NotYourSeat(f"That was a decision of seat {seat + 1}, {whose} seat, not {yours}.")


def _check_undo(seat: int, save: SaveFile, seating: Seating, who: str) -> None:
    """Only a person's own last move is taken back: never a draw (it
    would be drawn again the same), never a bot's or another's."""
    if (
        not 0 <= seat < len(save.players)
        or save.players[seat].is_bot
        or seating.owners[seat] != who
        or clock.stand_in_of(seating, seat) is not None
    ):
        raise NotYourSeat("Only your own last move can be taken back, before anyone acts after it.")


SHOWN = "That move showed you something hidden (a hand, a face-down card), so it cannot be taken back."
"""Why a move that showed its player hidden cards is not taken back (rules.core.reveals)."""


def _check_nothing_shown(game: Any, states: list[Any], entry: LogEntry) -> None:
    """BadCommit if the last move (``entry``, leading to ``states[-1]``)
    showed its seat something hidden: taken back, the seat would keep what
    it saw and choose again knowing it."""
    try:
        action = msgspec.convert(entry.action, game.Action)
    except msgspec.ValidationError:
        return  # every move of the table was played (Table.states): not reached
    if shows_hidden(game, states[-2], action, states[-1], entry.seat):
        raise BadCommit(SHOWN)


def _check_only_the_log_changed(save: SaveFile, new: SaveFile) -> None:
    """BadCommit if ``new`` differs from the table ``save`` in anything a
    move does not change. Players' names may be older than the table's (a
    player sat down since that terminal looked); the table's are kept."""
    changed = [
        what
        for what, before, after in (
            (
                "the game",
                (save.format, save.version, save.game, save.edition),
                (new.format, new.version, new.game, new.edition),
            ),
            ("when it was created", save.created, new.created),
            ("the seed", save.seed, new.seed),
            ("the mode", save.mode, new.mode),
            ("the variant", save.config.variant, new.config.variant),
            ("the options", save.config.options, new.config.options),
            (
                "the players",
                [(player.kind, player.level) for player in save.players],
                [(player.kind, player.level) for player in new.players],
            ),
        )
        if before != after
    ]
    if changed:
        raise BadCommit(f"A move cannot change {' or '.join(changed)} of a table; nothing was changed.")


Signature = tuple[int, int, int]
"""A file's inode, modification time (ns) and size: an equal signature is
an unchanged table (a commit changes its time and size, a whole rewrite
its inode)."""


def _signature_of(status: os.stat_result) -> Signature:
    return (status.st_ino, status.st_mtime_ns, status.st_size)


def signature(path: str | os.PathLike) -> Signature | None:
    """The signature of the file at ``path`` itself (not through a link);
    None when there is none."""
    try:
        return _signature_of(os.lstat(path))
    except OSError:
        return None


def _is_group_folder(directory: Path) -> bool:
    """A setgid folder: every file in it belongs to the folder's group, the
    way a group of Unix users shares tables (README)."""
    try:
        return bool(directory.stat().st_mode & stat.S_ISGID)
    except OSError:
        return False


def _share_with_group(handle: int, status: os.stat_result, directory: Path) -> None:
    """In a group folder a lock must be writable by the group whatever the
    umask of whoever made it, or nobody else could ever lock the table.
    Only its owner can change it (anyone else tried to open it already)."""
    if status.st_uid == os.geteuid() and _is_group_folder(directory):
        wanted = stat.S_IMODE(status.st_mode) | 0o660
        if wanted != stat.S_IMODE(status.st_mode):
            with contextlib.suppress(OSError):
                os.fchmod(handle, wanted)


def _mode_of(path: Path) -> int:
    """The table file's permissions as they are, or for a new file what the
    umask gives (mkstemp alone would make it private to one Unix user); in
    a group folder always readable and writable by the group."""
    mode = None
    with contextlib.suppress(OSError):
        status = path.lstat()
        if status.st_size > 0:
            mode = stat.S_IMODE(status.st_mode)
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    if _is_group_folder(path.parent):
        mode |= 0o660
    return mode


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
    closed: str = ""  # why no seat can be taken here by this Unix user (file permissions)
    invited: tuple[str, ...] = ()  # a private table's invited names (Seating.invited)
    per_move: int = 0  # the time per move, seconds (saves.clock)
    abandoned: bool = False  # ended as abandoned (then also ``finished``)
    rematch: Rematch | None = None  # the rematch offered at its end (Seating.rematch)
    invited_accounts: tuple[str, ...] = ()  # the accounts invited (Seating.invited_accounts)

    def may_see(self, who: str, name: str) -> bool:
        """Whether ``who`` sitting down as ``name`` may see this table (the module's ``may_see``)."""
        seating = Seating(list(self.owners), list(self.invited), list(self.invited_accounts))
        return may_see(seating, who, name)

    def free_seats(self) -> list[int]:
        return [seat for seat, owner in enumerate(self.owners) if not owner and not self.bots[seat]]

    def seat_of(self, who: str) -> int | None:
        """The seat ``who`` (an owner field: saves.owners) holds here, if any."""
        who = owner_field(who)
        return self.owners.index(who) if who and who in self.owners else None


def list_tables(directory: Path) -> list[TableSummary]:
    """Every table in ``directory``, newest first; one that cannot be read
    is listed with its problem and never hides the others."""
    return TableListing(directory).rows()


def is_table_name(name: str) -> bool:
    """Whether a file of this name in a table folder is a table (not a
    lock, a temporary or anything else hidden)."""
    return name.endswith(SUFFIX) and not name.startswith(".")


class TableListing:
    """The tables of one folder as the lobby lists them, kept between looks:
    a table file that was not replaced since the last look is not read or
    decoded again, so looking costs a few system calls a table. A table is
    listed from its header and last line (:func:`glance`): its record's
    checks are followed when it is opened, and the lobby replays only the
    tables the player sits at (castletui/lobby.py)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        # The tables read whole (glance could not say what they are): a
        # look after moves were added reads only those.
        self._tables: dict[str, Table] = {}
        # path -> (the file's signature, its row without ``closed``; None: being created)
        self._rows: dict[str, tuple[Signature | None, TableSummary | None]] = {}
        self.problem = ""
        """Why the last look listed nothing it should have, in words; "": none."""

    def forget(self) -> None:
        """Read every table afresh at the next look (the lobby's r)."""
        self._tables.clear()
        self._rows.clear()

    def known(self) -> dict[str, tuple[Signature, TableSummary]]:
        """Each table as the last look listed it, by the signature of the
        file it was read from (castletui/lobby_cache.py keeps them between
        runs). A table with a problem is left out: it is read again."""
        return {
            path: (seen, row)
            for path, (seen, row) in self._rows.items()
            if seen is not None and row is not None and not row.problem
        }

    def seen(self) -> dict[str, Signature | None]:
        """Each table file's signature as the last look found it, by its
        name: a watch of the folder made after the look starts from it
        (castletui/watch.py), and misses no change made in between."""
        return {os.path.basename(path): seen for path, (seen, _) in self._rows.items()}

    def take(self, known: dict[str, tuple[Signature, TableSummary]]) -> None:
        """Rows an earlier run listed (:meth:`known`): each is listed as it
        is while its file keeps that signature, and read afresh once the
        file changed, as a row of this listing's own."""
        for path, entry in known.items():
            self._rows.setdefault(path, entry)

    def rows(self) -> list[TableSummary]:
        # Names and strings, not Paths: with 200 tables pathlib alone was milliseconds of each look.
        folder = str(self.directory)
        try:
            names = [name for name in os.listdir(folder) if is_table_name(name)]
        except FileNotFoundError:
            self.problem = ""  # no table was made here yet
            return []
        except OSError as error:
            self.problem = f"the table folder cannot be read ({error.strerror or error})"
            return []
        self.problem = ""
        # As pathlib writes them: "x.json" in the folder ".", not "./x.json".
        paths = names if folder == "." else [os.path.join(folder, name) for name in names]
        for gone in set(self._tables) - set(paths):
            del self._tables[gone]
            self._rows.pop(gone, None)
        for gone in set(self._rows) - set(paths):  # listed by a glance, gone since
            del self._rows[gone]
        folder_closed = (
            "" if os.access(self.directory, os.W_OK | os.X_OK) else "the table folder is not writable for you"
        )
        rows = []
        for path in paths:
            row = self._row(path)
            if row is None:
                continue  # a table being created this very moment
            if not row.problem:
                closed = folder_closed or _lock_closed(
                    os.path.join(folder, f".{os.path.basename(path)}.lock")
                )
                if closed:
                    row = msgspec.structs.replace(row, closed=closed)
            rows.append(row)
        # Newest first; tables written in the same second by name, so two
        # looks (and two terminals) list them in one order.
        rows.sort(key=lambda row: row.path)
        rows.sort(key=lambda row: row.updated, reverse=True)
        return rows

    def _row(self, path: str) -> TableSummary | None:
        seen = signature(path)
        known = self._rows.get(path)
        if known is not None and seen is not None and known[0] == seen:
            return known[1]  # not replaced since the last look (nor a broken file mended)
        try:
            glanced = glance(Path(path))
            if glanced is None:
                table = self._tables.get(path)
                if table is None:
                    table = self._tables[path] = Table(path)
                save, seating = table.read()
                read = table.known
            else:
                read, save, seating = glanced
                self._tables.pop(path, None)
        except SaveError as error:
            self._tables.pop(path, None)
            # A broken file is not read again either until it changes.
            row = None
            if "is empty" not in str(error):  # else a table being created this very moment
                row = TableSummary(path, "?", Path(path).stem, "", (), (), (), 0, "", False, "", str(error))
            self._rows[path] = (seen, row)
            return row
        title, variant = titles(save.game, save.config.variant)
        row = TableSummary(
            path,
            save.game,
            title,
            variant,
            tuple(player.name for player in save.players),
            tuple(seating.owners),
            tuple(player.is_bot for player in save.players),
            save.check.plies,
            save.status,
            save.finished or bool(seating.abandoned),
            save.updated,
            invited=tuple(seating.invited),
            per_move=seating.per_move,
            abandoned=bool(seating.abandoned),
            rematch=seating.rematch,
            invited_accounts=tuple(seating.invited_accounts),
        )
        self._rows[path] = (read, row)
        return row


def titles(game: str, variant: str) -> tuple[str, str]:
    """A table's game and variant as the lobby names them (the ids, for a
    game this castletui does not know)."""
    title = game
    with contextlib.suppress(registry.UnknownGame, IllegalAction):
        info = registry.get(game).INFO
        title = info.title
        variant = info.variant(variant).title or variant
    return title, variant


def _lock_closed(lock: str) -> str:
    """Why this Unix user could not take the lock at ``lock`` (its path, as
    lock_path_of makes it): a lock made under a private umask before
    castletui made them group-writable."""
    try:
        status = os.lstat(lock)
    except OSError:
        return ""  # none yet: the first to lock the table makes it
    if stat.S_ISLNK(status.st_mode):
        return "its lock file is a symbolic link"
    if not os.access(lock, os.R_OK | os.W_OK):
        name = os.path.basename(lock)
        return f"you cannot write its lock file ({name}; its creator can run: chmod g+w {name})"
    return ""


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
