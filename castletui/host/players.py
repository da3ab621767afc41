"""Who may play on ``castletui host``: the players file, one name per player
with the SSH public keys that log in as that name.

The file is TOML (``players.toml`` in the data folder by default), written
whole to a temporary and renamed (mode 600) under an ``flock`` beside it, so
``castletui host add`` may run while the server does; the server re-reads it
when it changes. A key belongs to one player (an account) only, and the
account is what holds a seat: the server finds it by the key that logged
in, never by a name typed, and gives castletui the account's id and its
name as kept here. The id (32 random hex digits, ``id`` in the file) is
given when the account is registered and never changes or comes back: a
seat at a table is the id's (saves.owners), so the name is only a label,
which the host may change by hand, and an account removed and added again
is a new account, without the old one's seats. An entry without an id (a
file from an older castletui, or written by hand) is given one when the
host reads it, and the second of two entries with one id a new one. So no two accounts may have names that :func:`name_key` says are the
same (case, full-width letters, look-alikes from other scripts), and an
account's name is of one script and does not end as the screens' labels do
(``account_name_problem``). Two keys share an account only when ``host add
--also`` said so. A file edited by hand to hold two such names lets the
first in and refuses the second's keys (``clashes``).

Keys are read here without asyncssh (the OpenSSH ``type base64 comment``
line), so managing the file needs nothing but castletui.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import datetime
import fcntl
import hashlib
import os
import secrets
import shutil
import struct
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import msgspec
import tomli_w

from castletui.saves.names import account_name_problem, name_key, normal_name
from castletui.saves.owners import account_id_problem
from castletui.saves.stores import Accounts, StoreError, TableStore

KEY_TYPES = frozenset(
    {
        "ssh-ed25519",
        "ssh-rsa",
        "ecdsa-sha2-nistp256",
        "ecdsa-sha2-nistp384",
        "ecdsa-sha2-nistp521",
        "sk-ssh-ed25519@openssh.com",
        "sk-ecdsa-sha2-nistp256@openssh.com",
    }
)
"""The public key types a player may register (the ones OpenSSH makes today)."""

MAX_PLAYERS = 1000
"""More than any table needs; stops ``--open`` strangers from growing the file without end."""

MAX_KEY_LINE = 16384
"""A 16384-bit RSA key is about 2,800 characters; anything longer is not a key."""

PLAYERS_VARIABLE = "CASTLETUI_PLAYERS_FILE"
"""The players file, as the host tells each player's castletui (which
finds a private table's invited names there: castletui.invitations)."""

ACCOUNTS_FOLDER = "accounts"
"""The accounts' own folders, under the host's data folder (account_folder)."""

KEPT_FILES = ("settings.toml", "notify.toml")
"""What a player's castletui keeps in its account's folder (castletui.settings,
castletui.notify_me): a PostgreSQL store keeps them instead (castletui.kept_settings)."""

HEADER = (
    "# castletui host: who may play, by SSH key. An account's seats are its id's; its name is a label.\n"
    "# Change it with: castletui host add NAME KEYFILE | castletui host remove NAME\n"
)


class PlayersError(Exception):
    """What cannot be done with the players file, as one line for the host."""


class PlayerKey(msgspec.Struct, frozen=True):
    """One public key: its type, its wire form (what the client proves it
    holds) and the comment it came with."""

    kind: str
    blob: bytes
    comment: str = ""

    def line(self) -> str:
        text = f"{self.kind} {base64.b64encode(self.blob).decode()}"
        return f"{text} {self.comment}" if self.comment else text

    def fingerprint(self) -> str:
        """As ``ssh-keygen -l`` and ``ssh -v`` print it."""
        return fingerprint(self.blob)


def fingerprint(blob: bytes) -> str:
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


def parse_key(text: str) -> PlayerKey:
    """The first public key in ``text`` (an ``id_ed25519.pub`` file, an
    ``authorized_keys`` line); PlayersError saying what is wrong."""
    if "PRIVATE KEY" in text:
        raise PlayersError("that is a private key: give the public one (the .pub file), and keep this secret")
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_KEY_LINE:
            raise PlayersError("that line is far too long to be a public key")
        fields = line.split()
        # authorized_keys lines may start with options: the key is where a type is.
        starts = [index for index, field in enumerate(fields) if field in KEY_TYPES]
        if not starts:
            continue
        index = starts[0]
        if index + 1 >= len(fields):
            raise PlayersError(f"the {fields[index]} key has no key data after its type")
        return _key(fields[index], fields[index + 1], " ".join(fields[index + 2 :]))
    raise PlayersError(
        "no public key found (expected a line like 'ssh-ed25519 AAAA... you@laptop'; "
        "types: " + ", ".join(sorted(KEY_TYPES)) + ")"
    )


def _key(kind: str, data: str, comment: str) -> PlayerKey:
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise PlayersError(f"the {kind} key's data is not base64") from None
    # The wire form starts with its own type: a key pasted under the wrong type is refused.
    if len(blob) < 4:
        raise PlayersError(f"the {kind} key's data is too short")
    (length,) = struct.unpack(">I", blob[:4])
    if blob[4 : 4 + length] != kind.encode():
        raise PlayersError(f"the key data is not a {kind} key")
    printable = "".join(character for character in comment if character.isprintable())
    return PlayerKey(kind, blob, printable[:100])


class PlayerEntry(msgspec.Struct, omit_defaults=True):
    """One player: the name they play as, the keys that log in as them, and
    their account's id (what holds their seats)."""

    name: str
    keys: list[str] = []
    added: str = ""
    id: str = ""


class Account(NamedTuple):
    """Who a key logs in as: the account's id (its seats') and its name (a label)."""

    id: str
    name: str


def new_account_id(taken: set[str]) -> str:
    """An id no account in ``taken`` has: 128 random bits, so none ever comes back."""
    while True:
        account = secrets.token_hex(16)
        if account not in taken:
            return account


class PlayersFile(msgspec.Struct, omit_defaults=True):
    players: list[PlayerEntry] = []


def _same_name(first: str, second: str) -> bool:
    return name_key(first) == name_key(second)


class Players:
    """The players file at ``path``: read, add, remove, and find a key's player."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self._signature: tuple[int, int, int] | None = None
        self._by_blob: dict[bytes, Account] = {}
        self._names: dict[str, str] = {}
        self._clashes: dict[bytes, str] = {}

    # --- reading ----------------------------------------------------------

    def read(self) -> PlayersFile:
        """The file as it stands (empty if there is none yet)."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return PlayersFile()
        except OSError as error:
            raise PlayersError(f"cannot read {self.path}: {error.strerror or error}") from None
        try:
            return msgspec.convert(tomllib.loads(data.decode("utf-8")), PlayersFile)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, msgspec.ValidationError) as error:
            raise PlayersError(f"{self.path} is not a players file: {error}") from None

    def entries(self) -> list[tuple[str, list[PlayerKey]]]:
        """Every player and their keys (a key line that no longer reads is left out)."""
        rows = []
        for entry in self.read().players:
            keys = []
            for line in entry.keys:
                with contextlib.suppress(PlayersError):
                    keys.append(parse_key(line))
            rows.append((entry.name, keys))
        return rows

    def _refresh(self) -> None:
        """Re-read the file if it changed since the last look (the server
        asks at every login; ``host add`` may have run meanwhile)."""
        try:
            status = self.path.stat()
            signature = (status.st_ino, status.st_mtime_ns, status.st_size)
        except OSError:
            signature = None
        if signature == self._signature and self._signature is not None:
            return
        players = self.read()
        if _without_own_id(players):
            # A key must never log in as no account, nor two entries share one.
            with self.locked():
                players = self.read()
                if _without_own_id(players):
                    _give_ids(players)
                    self._write(players)
            return self._refresh()
        by_blob: dict[bytes, Account] = {}
        names: dict[str, str] = {}
        clashes: dict[bytes, str] = {}
        for entry in players.players:
            name = entry.name
            first = names.setdefault(name_key(name), name)
            for line in entry.keys:
                blob = _blob_of(line)
                if blob is None:
                    continue
                if first != name:
                    clashes.setdefault(blob, first)
                else:
                    by_blob.setdefault(blob, Account(entry.id, name))
        self._by_blob, self._names, self._clashes = by_blob, names, clashes
        self._signature = signature

    def account_of(self, blob: bytes) -> Account | None:
        """The account whose key this is, or None. A file that cannot be read
        lets nobody in (and says why in the server's log through PlayersError)."""
        self._refresh()
        return self._by_blob.get(blob)

    def account_named(self, name: str) -> Account | None:
        """The account called exactly ``name`` (the first, in a file edited
        by hand to hold two), or None. Only for tables an older castletui
        seated by name (old_seats.py): a seat is never found by name since."""
        self._refresh()
        for entry in self.read().players:
            if entry.name == name and self._names.get(name_key(name)) == name:
                return Account(entry.id, entry.name)
        return None

    def name_of(self, blob: bytes) -> str | None:
        """The name of the account whose key this is, or None."""
        account = self.account_of(blob)
        return account.name if account is not None else None

    def names(self) -> dict[str, str]:
        """Every account's id and name (of two names that are the same, the first's)."""
        return {account: name for account, (name, _) in self.dated().items()}

    def dated(self) -> dict[str, tuple[str, str]]:
        """Every account's id, name and the day it was added (of two names that are the same, the first's)."""
        self._refresh()
        found: dict[str, tuple[str, str]] = {}
        seen: set[str] = set()
        for entry in self.read().players:
            key = name_key(entry.name)
            if key not in seen:
                seen.add(key)
                found[entry.id] = (entry.name, entry.added)
        return found

    def clashes(self, blob: bytes) -> str:
        """The earlier account whose name this key's account passes for (the
        file was edited by hand), or empty: such a key is let in as nobody."""
        self._refresh()
        return self._clashes.get(blob, "")

    def taken(self, name: str) -> bool:
        """Whether an account has a name that is the same as ``name``."""
        self._refresh()
        return name_key(name) in self._names

    # --- changing it ------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)

    def add(self, name: str, key: PlayerKey, *, also: bool = False) -> str:
        """Register ``key`` as ``name``; with ``also``, as one more key of a
        player who has one already. The name as registered; PlayersError why not."""
        with self.locked():
            return self._add(name, key, also)

    def _add(self, name: str, key: PlayerKey, also: bool) -> str:
        """``add`` with the lock held (a second flock from this process would wait on the first)."""
        problem = account_name_problem(name)
        if problem:
            raise PlayersError(f"the name {name[:20]!r} {problem}")
        name = normal_name(name)
        players = self.read()
        for entry in players.players:
            if any(_blob_of(line) == key.blob for line in entry.keys):
                if also and _same_name(entry.name, name):
                    return entry.name
                raise PlayersError(
                    f"that key ({key.fingerprint()}) is already {entry.name}'s; "
                    f"castletui host remove {entry.name} first"
                )
        existing = next((entry for entry in players.players if _same_name(entry.name, name)), None)
        if existing is not None and not also:
            raise PlayersError(
                f"{existing.name} is already a player here (names that look the same are one name); "
                f"to give them another key: castletui host add {existing.name} KEYFILE --also"
            )
        if existing is None and also:
            raise PlayersError(f"there is no player {name} to give another key to")
        if existing is None:
            if len(players.players) >= MAX_PLAYERS:
                raise PlayersError(f"the players file is full ({MAX_PLAYERS} players)")
            existing = PlayerEntry(name, [], _today())
            players.players.append(existing)
        _give_ids(players)
        existing.keys.append(key.line())
        self._write(players)
        return existing.name

    def claim(self, name: str, key: PlayerKey) -> str:
        """A new key names itself on its first connection (``--open``): the
        name it gets, or PlayersError (taken, or no name a player can have).
        If another connection of the same key got there first, its name."""
        with self.locked():
            for entry in self.read().players:
                if any(_blob_of(line) == key.blob for line in entry.keys):
                    return entry.name
            return self._add(name, key, also=False)

    def remove(self, name: str) -> tuple[str, int]:
        """Forget a player and all their keys: the name as it was and how many keys."""
        with self.locked():
            players = self.read()
            kept = [entry for entry in players.players if not _same_name(entry.name, name)]
            gone = [entry for entry in players.players if _same_name(entry.name, name)]
            if not gone:
                raise PlayersError(f"there is no player {name[:40]} (see: castletui host players)")
            self._write(PlayersFile(kept))
            return gone[0].name, sum(len(entry.keys) for entry in gone)

    def _write(self, players: PlayersFile) -> None:
        data = HEADER + tomli_w.dumps(msgspec.to_builtins(players))
        temporary = None
        try:
            handle, temporary = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
            )
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                os.fchmod(file.fileno(), 0o600)  # who may log in is the host's business only
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            raise PlayersError(f"cannot write {self.path}: {error.strerror or error}") from None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)


class StorePlayers:
    """The players kept in a table store (``castletui host --store
    postgresql://...``: every host on the database knows them), with the
    players file's interface and its rules for names: what the server and
    ``host add/remove/players`` call, whichever keeps them."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def entries(self) -> list[tuple[str, list[PlayerKey]]]:
        rows = []
        for name, lines in self.accounts.entries():
            keys = []
            for line in lines:
                with contextlib.suppress(PlayersError):
                    keys.append(parse_key(line))
            rows.append((name, keys))
        return rows

    def account_of(self, blob: bytes) -> Account | None:
        found = self._asked(self.accounts.account_of, blob)
        return Account(found.id, found.name) if found is not None else None

    def account_named(self, name: str) -> Account | None:
        found = self._asked(self.accounts.account_named, name)
        return Account(found.id, found.name) if found is not None else None

    def name_of(self, blob: bytes) -> str | None:
        account = self.account_of(blob)
        return account.name if account is not None else None

    def names(self) -> dict[str, str]:
        """Every account's id and name (one question to the store)."""
        return self._asked(self.accounts.names)

    def dated(self) -> dict[str, tuple[str, str]]:
        return self._asked(self.accounts.dated)

    def clashes(self, blob: bytes) -> str:
        return ""  # the store keeps one account per name key: none passes for another

    def taken(self, name: str) -> bool:
        return self._asked(self.accounts.taken, name)

    def add(self, name: str, key: PlayerKey, *, also: bool = False) -> str:
        problem = account_name_problem(name)
        if problem:
            raise PlayersError(f"the name {name[:20]!r} {problem}")
        return self._asked(self.accounts.add, normal_name(name), key.line(), key.blob, also=also)

    def claim(self, name: str, key: PlayerKey) -> str:
        owner = self.account_of(key.blob)
        if owner is not None:
            return owner.name
        problem = account_name_problem(name)
        if problem:
            raise PlayersError(f"the name {name[:20]!r} {problem}")
        return self._asked(self.accounts.claim, normal_name(name), key.line(), key.blob)

    def remove(self, name: str) -> tuple[str, int]:
        return self._asked(self.accounts.remove, name)

    @staticmethod
    def _asked(method, *arguments, **options):
        try:
            return method(*arguments, **options)
        except StoreError as error:
            raise PlayersError(str(error)) from None


def players_for(store: TableStore | None, path: str | os.PathLike) -> Players | StorePlayers:
    """Who may play: the store's accounts where it keeps them (PostgreSQL),
    else the players file at ``path``."""
    accounts = store.accounts() if store is not None else None
    return Players(path) if accounts is None else StorePlayers(accounts)


def account_folder(data_dir: Path, account: str) -> Path:
    """The folder of the account ``account`` (its id) under the host's data
    folder: its own castletui settings (theme, bot pause, notify.toml; a
    PostgreSQL store keeps those files itself: settings_into_store).
    Keyed by the id, never the name: an account removed and its name
    registered again is a new account, which starts afresh."""
    if account_id_problem(account):
        raise PlayersError(f"{account[:70]!r} {account_id_problem(account)}")
    return data_dir / ACCOUNTS_FOLDER / account


def name_folder(data_dir: Path, name: str) -> Path:
    """Where an older castletui kept the settings of the account called
    ``name``: a folder named by the name's identity (``name_key``)."""
    identity = hashlib.sha256(name_key(name).encode()).hexdigest()[:24]
    return data_dir / ACCOUNTS_FOLDER / identity


def settings_folder(data_dir: Path, account: Account, added: str = "") -> Path:
    """``account``'s folder (account_folder), made if need be: an older
    castletui's folder for its name is moved there on first use, only if
    it was last written on a day after the account was ``added``
    (YYYY-MM-DD; empty: an entry older than the day was kept), so while
    this account was there. Written before, or the same day (which came
    first is not known), it may be an earlier account's of that name, a
    webhook's secret URL in it: it is removed, and the account starts
    afresh. An older castletui wrote these folders; this one never does,
    so no account added since the upgrade is ever given one."""
    folder = account_folder(data_dir, account.id)
    if not folder.is_dir():
        older = name_folder(data_dir, account.name)
        with contextlib.suppress(FileNotFoundError):  # none, or moved by another thread meanwhile
            written = datetime.datetime.fromtimestamp(older.stat().st_mtime, datetime.UTC).date().isoformat()
            if added and written <= added[:10]:
                shutil.rmtree(older, ignore_errors=True)
            else:
                older.rename(folder)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


def settings_into_store(folder: Path, accounts: Accounts, account: str) -> int:
    """Move the settings files a host kept in ``account``'s ``folder``
    (before its store kept them: KEPT_FILES) into the store, unless the
    store has that file of the account already (set since on another
    host); the folder's copy goes either way. How many were moved."""
    moved = 0
    for name in KEPT_FILES:
        path = folder / name
        try:
            data = path.read_bytes()
        except OSError:  # none here (the common case)
            continue
        if accounts.keep_setting(account, name, data, unless_kept=True):
            moved += 1
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return moved


def forget_settings(data_dir: Path, accounts: dict[str, str]) -> None:
    """Remove the settings of the accounts ``accounts`` (id -> name), both
    their id's folder and an older castletui's folder for their name."""
    for account, name in accounts.items():
        shutil.rmtree(name_folder(data_dir, name), ignore_errors=True)
        with contextlib.suppress(PlayersError):
            shutil.rmtree(account_folder(data_dir, account), ignore_errors=True)


def forget_removed_settings(data_dir: Path, accounts: dict[str, str]) -> int:
    """Remove the settings folders of accounts that are no longer
    ``accounts`` (id -> name): removed by another host on the same store,
    or by hand. How many were removed."""
    kept = set(accounts) | {name_folder(data_dir, name).name for name in accounts.values()}
    removed = 0
    with contextlib.suppress(OSError):
        for folder in (data_dir / ACCOUNTS_FOLDER).iterdir():
            if folder.name not in kept and folder.is_dir() and not folder.is_symlink():
                shutil.rmtree(folder, ignore_errors=True)
                removed += 1
    return removed


def _without_own_id(players: PlayersFile) -> bool:
    """Whether an entry has no id (or none that reads as one), or one an entry before it has."""
    ids = [entry.id for entry in players.players]
    return any(account_id_problem(account) for account in ids) or len(set(ids)) < len(ids)


def _give_ids(players: PlayersFile) -> None:
    """Give each entry without an id of its own (none, or an earlier entry's) a new one."""
    seen: set[str] = set()
    every = {entry.id for entry in players.players}
    for entry in players.players:
        if account_id_problem(entry.id) or entry.id in seen:
            entry.id = new_account_id(every | seen)
            every.add(entry.id)
        seen.add(entry.id)


def _blob_of(line: str) -> bytes | None:
    try:
        return parse_key(line).blob
    except PlayersError:
        return None


def _today() -> str:
    return datetime.date.today().isoformat()
