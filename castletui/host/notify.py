"""The nudge while you are not connected (issue 46): ``castletui host``
tells a player, at the webhook (or mail address) they set in the lobby
(castletui/notify_me.py), that a table waits for their move.

- **When**: the host watches its tables (the table folder's file events,
  or a PostgreSQL store's notifications: castletui/watch.py) and looks
  after each change, in a thread of its own. A table waits for an account
  when the game's seat to move is the account's (a draw or a bot's move is
  nobody's yet). A turn is the table at that many moves: at most one
  message per table per turn; a turn that comes back later is a new one.
  A turn that came, or was waiting, while the player was connected is told
  already (the lobby and castletui/nudge.py showed it): it is never sent.
  Connected to any host on a PostgreSQL store: each host says in the store
  who is connected to it (TableStore.connected_elsewhere), and its word
  lasts as long as its connection to the database.
  With ``digest`` instead of ``turn``: one message a day, at the host's
  ``--digest-hour`` (UTC), listing the tables that wait for the player.
  What was told is kept in DATA/notify-state.json: a host restarted does
  not send a turn again. Before a message is queued it is claimed in the
  store (TableStore.claim_notice: a row of a PostgreSQL store, a set in
  memory for a table folder), so of several hosts on one store that saw
  the same turn, or the same day's digest, exactly one sends it. The
  player's choice is read from their account's folder, or from the store
  where it keeps the accounts (every host then knows it).
- **What**: only public facts: the table, the game, the players, whose
  turn, how long it has waited, and the lobby's line for it. Nothing is
  read from a state but whose move it is: no hand, no card.
- **How**: each message is given to a small pool of threads
  (castletui/host/webhook.py); an attempt that fails is retried, at most
  ``attempts`` times with a doubling backoff, each retry waiting in a pool
  of its own (a receiver that keeps failing never holds a sender while
  the others' messages wait); one that is refused (not
  http/https, a private address, a kind the operator does not allow) is not.
  Each outcome is one host event (``event`` "notify", ``what`` a stable
  code: events.NOTIFY_WHAT). The host's own loop only hears of it.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import datetime
import functools
import json
import os
import secrets
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from castletui import notify_me
from castletui.host import webhook
from castletui.host.players import Account, PlayersError, account_folder, settings_folder
from castletui.kept_settings import write_atomically
from castletui.lobby import Standing, turn_words, waited
from castletui.rules.core import CHANCE
from castletui.saves import SaveError
from castletui.saves.clock import utc_now
from castletui.saves.owners import ACCOUNT
from castletui.saves.replay import game_of
from castletui.saves.stores import StoreError
from castletui.saves.stores.files import FileStore
from castletui.saves.stores.shared import StoreListing, StoreTable
from castletui.saves.table import Table, TableListing, TableSummary
from castletui.watch import watch_tables

STATE_FILE = "notify-state.json"


class Names:
    """The accounts' names (id -> name), asked for at the first need: a
    look that has no one to tell (the players are connected) asks nothing."""

    def __init__(self, ask: Callable[[], dict[str, str]]) -> None:
        self._ask = ask
        self._names: dict[str, str] | None = None

    def _now(self) -> dict[str, str]:
        if self._names is None:
            self._names = self._ask()
        return self._names

    def __contains__(self, account: object) -> bool:
        return account in self._now()

    def __getitem__(self, account: str) -> str:
        return self._now()[account]


class Present:
    """The accounts connected: to this host (``here``), else to another on
    the store (asked for at the first need, as :class:`Names`)."""

    def __init__(self, here: set[str], elsewhere: Callable[[], set[str]]) -> None:
        self.here = here
        self._ask = elsewhere
        self._elsewhere: set[str] | None = None

    def __contains__(self, account: object) -> bool:
        return account in self.here or account in self.ask()

    def ask(self) -> set[str]:
        if self._elsewhere is None:
            self._elsewhere = self._ask()
        return self._elsewhere


class NotifyPolicy(msgspec.Struct, frozen=True):
    """What the host's operator allows (castletui host --notify ...)."""

    kinds: tuple[str, ...] = ("webhook",)
    """Which a player may set: ``webhook``, ``mail``; none: no notifications."""
    mail_command: str = "sendmail -i"
    private: bool = False
    """Whether a webhook may point at a loopback or private address."""
    digest_hour: int = 8
    """The hour (UTC) the daily digests go out."""
    timeout: float = 10.0
    """Seconds one attempt may take (connect, send, answer)."""
    attempts: int = 4
    backoff: float = 30.0
    """Seconds before the second attempt; doubled before each next one."""
    workers: int = 4


class Waiting(NamedTuple):
    """A table waiting for one account's move since ``turn``: the first
    move after the last one another seat made (its own moves, and draws,
    within one turn are the same turn)."""

    row: TableSummary
    seat: int
    standing: Standing
    turn: int


class Where(NamedTuple):
    """Where a table stands: its standing and the start of the turn of the seat to move."""

    plies: int
    standing: Standing
    turn: int


def turn_start(log: list, seat: int) -> int:
    """The first move of ``seat``'s turn: after the last decision of another seat."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].seat not in (seat, CHANCE):
            return index + 1
    return 0


class Delivery(NamedTuple):
    """One message for one account, to each of its channels."""

    account: str  # the account's id
    player: str  # its name (the events' ``player``)
    choice: notify_me.NotifyMe
    subject: str
    body: dict


def public_facts(waiting: Waiting, now: datetime.datetime) -> dict:
    """A table's entry in a message: only what every seat may see."""
    row, seat, standing, _ = waiting
    try:
        since = datetime.datetime.fromisoformat(standing.since)
        if since.tzinfo is None:
            since = since.replace(tzinfo=datetime.UTC)
        seconds = max(0, int((now - since).total_seconds()))
    except ValueError:
        seconds = 0
    _, text = turn_words(row, seat, standing, now)
    return {
        "table": Path(row.path).name,
        "game": row.title,
        "players": list(row.players),
        "turn": row.players[seat],
        "waited_seconds": seconds,
        "waited": waited(standing.since, now),
        "text": text,
    }


def turn_message(waiting: Waiting, now: datetime.datetime) -> tuple[str, dict]:
    facts = public_facts(waiting, now)
    return facts["text"], {"kind": "turn", **facts}


def digest_message(tables: list[Waiting], now: datetime.datetime) -> tuple[str, dict]:
    entries = [public_facts(waiting, now) for waiting in tables]
    count = f"{len(entries)} {'table waits' if len(entries) == 1 else 'tables wait'} for your move"
    text = count + ": " + "; ".join(entry["text"] for entry in entries)
    return count, {"kind": "digest", "text": text, "tables": entries}


class Told(msgspec.Struct, omit_defaults=True):
    """What each account was told: the turn (moves) of each table waiting
    for it, and the day (UTC) of its last digest."""

    turns: dict[str, dict[str, int]] = {}
    digests: dict[str, str] = {}


class Notifier:
    """Watches the tables and tells each account, not connected, of its
    turns. ``look()`` and ``deliver()`` are headless (a test calls them
    with a fake clock); ``start()`` runs them in threads."""

    def __init__(
        self,
        policy: NotifyPolicy,
        table_dir: Path,
        data_dir: Path,
        accounts: Callable[[], dict[str, str]],
        report: Callable[[str, str, str, str], None],
        *,
        store: Any = None,
        clock: Callable[[], datetime.datetime] | None = None,
        dated: Callable[[], dict[str, tuple[str, str]]] | None = None,
    ) -> None:
        self.policy = policy
        self.dated = dated
        """Each account's name and the day it was added (Players.dated): an
        older castletui's folder for its name is given to it only if written
        after that day (settings_folder). None: such a folder is left for
        the account's login."""
        self.table_dir = table_dir
        self.data_dir = data_dir
        self.accounts = accounts  # id -> name, as the players file (or store) says now
        self.report = report  # (what, player, peer, detail): one host event
        self.store = store
        self.clock = clock or utc_now  # saves.clock's: a test's simulated days reach it
        self.listing = TableListing(table_dir) if store is None else None
        self.claims = store if store is not None else FileStore(table_dir)
        """Where a message is claimed before it is sent (claim_notice)."""
        self._tables: dict[str, Any] = {}
        self._where: dict[str, Where | None] = {}
        self.live: set[str] = set()
        """The tables being played, as last looked at."""
        self.state_path = data_dir / STATE_FILE
        self.told = self._read_state()
        self.claims_forgotten: datetime.date | None = None
        """The day the store last forgot the claims that no longer matter (forget_claims)."""
        self._present: Counter[str] = Counter()
        self.presence_lock = secrets.randbelow(2**62) + 1
        """This host's key to its rows of the store's presence (connected_elsewhere)."""
        self._published: set[str] | None = None
        """The accounts last said to be here in the store (None: not yet)."""
        self._lock = threading.Lock()
        self._wanted = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._watch: Any = None
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self._retries: concurrent.futures.ThreadPoolExecutor | None = None
        self.send_mail = webhook.mail
        self.post = webhook.post
        self.resolve = webhook.resolve

    # --- who is here --------------------------------------------------------

    def arrived(self, account: str) -> None:
        """A castletui of ``account`` started: its turns are shown to it now."""
        with self._lock:
            self._present[account] += 1
        self._wanted.set()

    def left(self, account: str) -> None:
        with self._lock:
            self._present[account] -= 1
            if self._present[account] <= 0:
                del self._present[account]
        self._wanted.set()

    def present(self) -> set[str]:
        with self._lock:
            return set(self._present)

    def connected(self) -> Present:
        """Who is connected, here or at another host on the store. The
        store is told who is here when that changed (one statement, which
        also says who is elsewhere), else asked only when someone may be
        told: a host whose players are all here asks nothing."""
        here = self.present()
        if self.store is None:
            return Present(here, set)

        def elsewhere() -> set[str]:
            try:
                found = self.store.connected_elsewhere(self.presence_lock, sorted(here))
            except (StoreError, OSError):
                self._published = None  # said again at the next look
                return set()
            self._published = here
            return found

        present = Present(here, elsewhere)
        if here != self._published:
            present.ask()  # the store hears who is here now
        return present

    # --- looking -------------------------------------------------------------

    def rows(self) -> list[TableSummary]:
        if self.listing is not None:
            return self.listing.rows()
        return StoreListing(self.store).rows()

    def where(self, row: TableSummary) -> Where | None:
        """Where the table stands: read and replayed again only when its
        moves changed (a file's new moves only: saves.table.Table.states)."""
        known = self._where.get(row.path)
        if known is not None and known.plies == row.plies:
            return known
        table = self._tables.get(row.path)
        if table is None:
            table = self._tables[row.path] = self._table(row.path)
        try:
            save, seating = table.read()
            states = table.states(save)  # only the moves since the last look are replayed
            game = game_of(save, Path(row.path).name)
        except (SaveError, StoreError, OSError):  # unreadable now: looked at again next time
            self._tables.pop(row.path, None)
            self._where.pop(row.path, None)
            return None
        since = save.log[-1].at if save.log and save.log[-1].at else save.updated
        mover = game.to_move(states[-1])
        stand_ins = tuple(stand_in.seat for stand_in in seating.stand_ins)  # a bot plays them (saves.clock)
        standing = Standing(mover, len(save.log), since, seating.per_move, stand_ins)
        where = self._where[row.path] = Where(row.plies, standing, turn_start(save.log, mover or 0))
        return where

    def _table(self, path: str) -> Any:
        if self.store is None:
            return Table(Path(path))
        return StoreTable(self.store, path)

    def waiting(self) -> dict[str, list[Waiting]]:
        """Each account's tables that wait for its move, longest first."""
        found: dict[str, list[Waiting]] = {}
        self.live = set()
        rows_seen: set[str] = set()
        for row in self.rows():
            rows_seen.add(row.path)
            if row.finished:
                continue
            self.live.add(Path(row.path).name)  # unreadable for now, perhaps, but there
            if row.problem:
                continue
            where = self.where(row)
            standing = where.standing if where is not None else None
            if (
                where is None
                or standing is None
                or standing.to_move is None
                or not 0 <= standing.to_move < len(row.owners)
            ):
                continue
            seat = standing.to_move
            owner = row.owners[seat]
            if row.bots[seat] or seat in standing.stand_ins or not owner.startswith(ACCOUNT):
                continue
            found.setdefault(owner.removeprefix(ACCOUNT), []).append(Waiting(row, seat, standing, where.turn))
        for gone in set(self._tables) - rows_seen:  # a table deleted: forgotten
            self._tables.pop(gone, None)
            self._where.pop(gone, None)
        for tables in found.values():
            tables.sort(key=lambda waiting: waiting.standing.since)
        return found

    def look(self) -> list[Delivery]:
        """After a change: the messages to send now (and what was told is kept)."""
        now = self.clock()
        self.forget_claims(now)
        present = self.connected()
        waiting = self.waiting()
        names = Names(self.accounts)
        before = msgspec.json.encode(self.told)
        deliveries: list[Delivery] = []
        # The turn told at each table is kept while the table is played (a
        # draw between two of your moves does not make them two turns).
        turns = {
            account: {table: turn for table, turn in told.items() if table in self.live}
            for account, told in self.told.turns.items()
        }
        for account, tables in waiting.items():
            told = turns.setdefault(account, {})
            new = [w for w in tables if told.get(Path(w.row.path).name) != w.turn]
            told.update((Path(w.row.path).name, w.turn) for w in tables)
            if not new or account in present or account not in names:
                continue
            choice = self.choice(account, names[account])
            if choice.how != "turn":
                continue
            for table in new:
                if not self.claims.claim_notice(Path(table.row.path).name, table.turn, account, "turn"):
                    continue  # another host on the store tells it
                subject, body = turn_message(table, now)
                deliveries.append(Delivery(account, names[account], choice, subject, body))
        self.told.turns = {account: told for account, told in turns.items() if told}
        deliveries += self._digests(waiting, names, present, now)
        if msgspec.json.encode(self.told) != before:
            self._write_state()
        return deliveries

    def forget_claims(self, now: datetime.datetime) -> None:
        """At the host's first look, then once a day: the store forgets the
        claims that can no longer matter (TableStore.forget_notices), those
        of ended tables and past turns, and digests before yesterday's."""
        today = now.date()  # the digests' day (UTC: the host's clock)
        if self.claims_forgotten == today:
            return
        keep_from = int((today - datetime.timedelta(days=1)).strftime("%Y%m%d"))
        try:
            self.claims.forget_notices(keep_from)
        except (StoreError, OSError):
            return  # the next look tries again
        self.claims_forgotten = today

    def _digests(
        self,
        waiting: dict[str, list[Waiting]],
        names: Names,
        present: Present,
        now: datetime.datetime,
    ) -> list[Delivery]:
        """Today's digests, once the digest hour has come."""
        if now < self.digest_time(now):
            return []
        today = now.date().isoformat()
        deliveries = []
        for account, tables in waiting.items():
            if self.told.digests.get(account) == today or account not in names:
                continue
            choice = self.choice(account, names[account])
            if choice.how != "digest":
                continue
            self.told.digests[account] = today  # connected now: the lobby is today's digest
            if account not in present and self.claims.claim_notice(
                "", int(today.replace("-", "")), account, "digest"
            ):
                subject, body = digest_message(tables, now)
                deliveries.append(Delivery(account, names[account], choice, subject, body))
        return deliveries

    def digest_time(self, now: datetime.datetime) -> datetime.datetime:
        """Today's digest moment (UTC)."""
        return now.astimezone(datetime.UTC).replace(
            hour=self.policy.digest_hour, minute=0, second=0, microsecond=0
        )

    def seconds_to_digest(self) -> float:
        now = self.clock()
        moment = self.digest_time(now)
        if moment <= now:
            moment += datetime.timedelta(days=1)
        return max(1.0, (moment - now).total_seconds())

    def choice(self, account: str, name: str) -> notify_me.NotifyMe:
        """The account's choice, read from its own folder, its id's, or
        where the store keeps the accounts, the store's (off if unreadable)."""
        accounts = self.store.accounts() if self.store is not None else None
        if accounts is not None:
            try:
                data = accounts.setting(account, notify_me.FILE_NAME)
            except StoreError:
                return notify_me.NotifyMe()
            return (
                notify_me.decoded(data, notify_me.FILE_NAME)[0] if data is not None else notify_me.NotifyMe()
            )
        try:
            if self.dated is None:
                folder = account_folder(self.data_dir, account)
            else:
                # The login's rule: without the day the account was added, an
                # older folder of its name may be an earlier account's.
                added = self.dated().get(account, ("", ""))[1]
                folder = settings_folder(self.data_dir, Account(account, name), added)
        except (OSError, PlayersError, StoreError):
            return notify_me.NotifyMe()
        choice, _ = notify_me.load(folder)
        return choice

    # --- sending -------------------------------------------------------------

    def deliver(
        self,
        delivery: Delivery,
        sleep: Callable[[float], bool] | None = None,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        """Send one message to each of the account's channels: every outcome
        is reported; failures retried after ``sleep(seconds)`` (which says
        True when the host is stopping: no more tries). With ``later``, a
        retry (its wait, and what follows) is handed to it instead."""
        sleep = sleep or self._stop.wait
        body = json.dumps(delivery.body, ensure_ascii=False).encode()
        channels: list[tuple[str, Callable[[], str]]] = []
        if delivery.choice.webhook:
            channels.append(("webhook", lambda: self._post(delivery.choice.webhook, body)))
        if delivery.choice.mail:
            text = delivery.body["text"]
            channels.append(("mail", lambda: self._mail(delivery.choice.mail, delivery.subject, text)))
        for kind, send in channels:
            self._attempts(kind, delivery, send, sleep, later=later)

    def send_later(self, delivery: Delivery) -> None:
        """Give ``delivery`` to the senders (after :meth:`start`)."""
        with contextlib.suppress(RuntimeError):  # stopping
            assert self._pool is not None
            self._pool.submit(
                self._reported, delivery.player, self.deliver, delivery, None, self._retry_later
            )

    def _retry_later(self, attempts: Callable[[], None]) -> None:
        """A retry waits in a thread of the retry pool: a receiver that keeps
        failing never holds a sender while others' messages wait."""
        with contextlib.suppress(RuntimeError):  # stopping
            assert self._retries is not None
            self._retries.submit(self._reported, "", attempts)

    def _reported(self, player: str, work: Callable[..., None], *arguments: Any) -> None:
        """``work`` in a sender thread: an error it did not expect is an event, not lost."""
        try:
            work(*arguments)
        except Exception as error:
            self.report("send-failed", player, "host", f"{type(error).__name__}: {error}")

    def _attempts(
        self,
        kind: str,
        delivery: Delivery,
        send: Callable[[], str],
        sleep,
        *,
        first: int = 1,
        backoff: float | None = None,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        where = delivery.body.get("table", "digest")
        if kind not in self.policy.kinds:
            self.report(f"{kind}-refused", delivery.player, kind, f"this host does not send {kind} ({where})")
            return
        backoff = self.policy.backoff if backoff is None else backoff
        if first > 1:  # a retry handed on (``later``): its wait first
            if sleep(backoff):
                return  # the host is stopping
            backoff *= 2
        for attempt in range(first, self.policy.attempts + 1):
            try:
                peer = send()
            except webhook.Refused as error:
                self.report(f"{kind}-refused", delivery.player, kind, f"{error} ({where})")
                return
            except webhook.Failed as error:
                if attempt == self.policy.attempts:
                    self.report(
                        f"{kind}-failed", delivery.player, kind, f"gave up after {attempt} tries: {error}"
                    )
                    return
                self.report(f"{kind}-retry", delivery.player, kind, f"try {attempt} failed: {error}")
                if later is not None:  # the wait and the tries after it are the retry pool's
                    retry = functools.partial(
                        self._attempts, kind, delivery, send, sleep, first=attempt + 1, backoff=backoff
                    )
                    later(retry)
                    return
                if sleep(backoff):
                    return  # the host is stopping
                backoff *= 2
                continue
            self.report(f"{kind}-sent", delivery.player, peer, where)
            return

    def _post(self, url: str, body: bytes) -> str:
        target = self.resolve(url, self.policy.private, timeout=self.policy.timeout)
        self.post(target, body, self.policy.timeout)
        return target.peer

    def _mail(self, address: str, subject: str, text: str) -> str:
        self.send_mail(self.policy.mail_command, address, subject, text, self.policy.timeout)
        return "mail"

    # --- running -------------------------------------------------------------

    def start(self) -> None:
        """Watch the tables and send, in threads of their own."""
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=self.policy.workers, thread_name_prefix="castletui-notify"
        )
        self._retries = concurrent.futures.ThreadPoolExecutor(
            max_workers=self.policy.workers, thread_name_prefix="castletui-notify-retry"
        )
        self._watch = watch_tables(self.table_dir, self.store)
        for target, name in (
            (self._watching, "castletui-notify-watch"),
            (self._looking, "castletui-notify-look"),
        ):
            thread = threading.Thread(target=target, name=name, daemon=True)
            self._threads.append(thread)
            thread.start()
        self._wanted.set()  # a first look: turns that came while the host was down

    def _watching(self) -> None:
        for _ in self._watch.changes(self._stop.is_set):
            self._wanted.set()

    def _looking(self) -> None:
        while not self._stop.is_set():
            self._wanted.wait(self.seconds_to_digest())
            if self._stop.is_set():
                return
            self._wanted.clear()
            try:
                deliveries = self.look()
            except Exception as error:  # a look must never end the notifications
                self.report("look-failed", "", "host", f"{type(error).__name__}: {error}")
                continue
            for delivery in deliveries:
                self.send_later(delivery)

    def stop(self) -> None:
        self._stop.set()
        self._wanted.set()
        if self._watch is not None:
            self._watch.stop()
        for pool in (self._pool, self._retries):
            if pool is not None:
                # An attempt under way ends within its timeout; none starts after this.
                pool.shutdown(wait=False, cancel_futures=True)
        for thread in self._threads:
            thread.join(timeout=2)

    # --- what was told ---------------------------------------------------------

    def _read_state(self) -> Told:
        with contextlib.suppress(OSError, msgspec.DecodeError, msgspec.ValidationError):
            return msgspec.json.decode(self.state_path.read_bytes(), type=Told)
        return Told()

    def _write_state(self) -> None:
        with contextlib.suppress(OSError):  # not kept: a restart may send a turn twice, no worse
            write_atomically(self.state_path, msgspec.json.encode(self.told))
            os.chmod(self.state_path, 0o600)
