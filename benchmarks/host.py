"""What one ``castletui host`` carries (issues 26, 41 and 45): scripted
asyncssh clients on 127.0.0.1 against a real server in its own process,
with its limits on (capacity.py).

    .venv/bin/python benchmarks/host.py [--lobby-runs 9] [--held 40] [--idle 0,20,80]
                                        [--steps 2,4,8,12,16] [--table-size 2] [--seconds 12]
                                        [--session-start fork|spawn] [--skip lobby,siege,idle,moves]
                                        [--store test|postgresql://...] [--hosts 2]
                                        [--quiet-tables 1] [--spread]
    .venv/bin/python benchmarks/host.py --quick   # the smallest sizes, a few seconds, no stop at 300 ms

1. **Connect to the lobby's first frame**: from opening the TCP connection
   to the first bytes that show "you play as" (key exchange, login, the pty,
   forking or starting castletui, its first frame), one connection at a
   time: median and 90th percentile.
2. **The same under siege**: while a stranger holds ``--held`` TCP
   connections that never start the handshake (from 127.0.0.2) and one key
   holds as many session channels that never ask for a terminal (from
   127.0.0.3), each opened again as soon as the host closes it.
3. **Idle players**: with that many players idle in the lobby, over
   ``--seconds``: the server's and the players' CPU (summed); the memory of
   the whole host (server, zygote and players) as PSS from
   /proc/PID/smaps_rollup, and what each player added since the first
   step (PSS: shared pages counted once, not RSS), and each player's own
   pages (USS, the median).
4. **A move's propagation and the load a host holds**: for each step, that
   many players sit at Castlecards tables of ``--table-size``; whoever's
   decision it is presses Enter about once a second (a brisk human; every
   table in the same moment of the second, or with ``--spread`` each at
   its own, as people at different tables would). For
   each move of a person, the time from the table file being written (its
   mtime) to the first bytes each *other* player's terminal receives after
   it (they typed nothing meanwhile: only the move can make them redraw).
   Medians, 90th percentiles and worst per step, with each player's RSS;
   the run stops at the first step whose median is over 300 ms. Then the
   CPU a move costs, per move of a person (each press of Enter): every
   player's castletui, the server's, this script's clients'; and by kind
   of castletui: the mover's and each other seat's at its table (from the
   press to the table's next press, each less what a castletui at a quiet
   table spends over as long), and the others' (``--quiet-tables``: tables
   seated beside the steps' whose players never move; what one of their
   castletuis spends per move of the host, times the castletuis at other
   tables).

With ``--store`` the host keeps its tables and players in PostgreSQL
(``test``: the tests' server, started here with fsync on, as a real one;
or your own URL, a database for this alone), and a move's moment is when
the database's notification of it reached a listening connection of the
benchmark's own (a thread that does nothing else), not the file's mtime;
each step also gives the database's connections by what they are for
(pg_stat_activity's application_name). ``--hosts 2`` starts that many
hosts on the one store and seats each table's players on them in turn:
with ``--table-size 2`` every move measured crosses from one host to the
other.

Every line gives the load average. The clients run on the same machine as
the server and take their share of its cores: the figures are a floor for
what a dedicated host does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402
from asyncssh.channel import SSHClientChannel  # noqa: E402
from castletui.rules import castlecards as game  # noqa: E402
from castletui.saves.owners import account_owner  # noqa: E402
from castletui.saves.stores import open_store  # noqa: E402

from castletui import saves  # noqa: E402
from castletui.host.players import Players, parse_key, players_for  # noqa: E402
from castletui.shared import create_table  # noqa: E402
from tests.host.conftest import Player, RunningHost  # noqa: E402

LIMIT_MS = 300.0


def cpu_seconds(pid: int) -> float:
    """User and system time of ``pid`` so far."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def smaps_kib(pid: int) -> tuple[int, int]:
    """(PSS, USS) of ``pid`` in KiB, from /proc/PID/smaps_rollup: its share
    of the pages it shares (a forked session with its zygote and the other
    sessions) and the pages that are its alone."""
    pss = uss = 0
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name == "Pss":
                pss = int(rest.split()[0])
            elif name in ("Private_Clean", "Private_Dirty"):
                uss += int(rest.split()[0])
    return pss, uss


def inotify_instances(pid: int) -> int:
    """How many inotify instances ``pid`` holds (its open descriptors that are one)."""
    count = 0
    with contextlib.suppress(OSError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                count += os.readlink(f"/proc/{pid}/fd/{fd}") == "anon_inode:inotify"
    return count


def inotify_note(pids: list[int]) -> str:
    """The castletuis' inotify instances against the user's limit: a watch
    that finds none left falls back to watchfiles, which looks every 25 ms."""
    held = [inotify_instances(pid) for pid in pids]
    limit = Path("/proc/sys/fs/inotify/max_user_instances")
    limit_text = limit.read_text().strip() if limit.exists() else "?"
    return (
        f"inotify instances held by the {len(pids)} castletuis: {sum(held)} (each {min(held, default=0)} "
        f"to {max(held, default=0)}); the user's limit, shared by all their processes: {limit_text}"
    )


def rss_kib(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class TimedPlayer(Player):
    """A Player that notes when each chunk of its screen arrived."""

    def __init__(self, connection, banner) -> None:
        super().__init__(connection, banner)
        self.arrivals: list[float] = []

    async def _read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                break
            self.arrivals.append(time.time())
            self.data += chunk
            self._more.set()
        self._more.set()

    def first_output_after(self, moment: float) -> float | None:
        for arrival in self.arrivals:
            if arrival >= moment:
                return arrival
        return None


async def lobby_first_frame(
    host: RunningHost, key, runs: int, before=lambda: None, cpu: list[float] | None = None
) -> list[float]:
    """Milliseconds to the lobby's first frame; in ``cpu``, the CPU time in
    ms the server and the new castletui spent on it (what load elsewhere
    on the machine does not stretch)."""
    times = []
    for _ in range(runs):
        before()
        server_before = cpu_seconds(host.process.pid)
        start = time.perf_counter()
        player = await TimedPlayer.connect(host.port, key)
        await player.open_terminal()
        await player.wait_for("you play as")
        times.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            spent = cpu_seconds(host.process.pid) - server_before
            cpu.append((spent + sum(cpu_seconds(pid) for pid in host.children())) * 1000)
        player.send(b"q")
        with contextlib.suppress(Exception):
            await player.ended()
        await player.close()
    return times


class Store:
    """The hosts' PostgreSQL store: its URL, the players in it, and when
    each (table, ply) was heard of (a LISTEN in a thread of its own)."""

    def __init__(self, url: str) -> None:
        from castletui.saves.stores.postgres import Listener

        self.url = url
        self.store = open_store(url)
        self.players = players_for(self.store, "unused.toml")
        self.heard: dict[tuple[str, int], float] = {}
        self._listener = Listener(url)
        self._stop = False
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while not self._stop:
            for table, ply in self._listener.heard(1.0):
                now = time.time()
                self.heard.setdefault((table, ply), now)

    def connections(self) -> str:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            rows = connection.execute(
                "SELECT application_name, count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() GROUP BY 1 ORDER BY 1"
            ).fetchall()
        return (
            ", ".join(f"{name or '?'} {count}" for name, count in rows)
            + " (the benchmark listens on one, and queries on one while it uses it)"
        )

    def transactions(self) -> int:
        """Transactions committed in the database so far (each statement of a store is one)."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            return connection.execute(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
            ).fetchone()[0]

    def close(self) -> None:
        self._stop = True
        self._thread.join(3)
        self._listener.close()
        self.store.close()


class Pair:
    """Players at one table (two, or ``--table-size``), each pressing Enter on their own decisions."""

    def __init__(
        self, table, players: list[TimedPlayer], store: Store | None = None, pids: list[int] | None = None
    ) -> None:
        self.table = table
        self.players = players
        self.store = store
        self.pids = pids or []
        """Each seat's castletui (its process id, 0 if not found: then no CPU is split by seat)."""
        self.seen_plies = table.read()[0].check.plies
        self.latencies: list[float] = []
        self.mover_cpu: list[float] = []
        """CPU-seconds of the seat that pressed Enter, from its press to the next press here."""
        self.watcher_cpu: list[float] = []
        """The same for each of the other seats (one entry each)."""
        self.windows: list[float] = []
        """Each press's window in seconds (to the next press here), one per mover_cpu entry."""
        self._pressed: tuple[int, list[float], float] | None = None

    def cpu(self) -> list[float]:
        return [cpu_seconds(pid) for pid in self.pids]

    def split_cpu(self) -> None:
        """The CPU each seat spent since the last press here, by who pressed."""
        if self._pressed is None or not all(self.pids):
            self._pressed = None
            return
        seat, before, since = self._pressed
        self._pressed = None
        self.windows.append(time.monotonic() - since)
        for index, (now, then) in enumerate(zip(self.cpu(), before, strict=True)):
            (self.mover_cpu if index == seat else self.watcher_cpu).append(now - then)

    def moment(self, save) -> float | None:
        """When the table's last move landed: its file's mtime, or the store's notification heard."""
        if self.store is None:
            return self.table.path.stat().st_mtime
        return self.store.heard.get((self.table.address, save.check.plies))

    async def play(self, seconds: float, measure_from: float, offset: float = 0.0) -> None:
        """Enter about once a second for ``seconds``, the first after ``offset`` seconds more."""
        deadline = time.monotonic() + seconds
        self._pressed = None
        await asyncio.sleep(offset)
        while time.monotonic() < deadline:
            await asyncio.sleep(1.0)
            self.split_cpu()
            try:
                save = self.table.read()[0]
                mtime = self.moment(save)
            except (saves.SaveError, OSError):
                continue
            if mtime is None:
                continue  # not heard yet: looked at again next time
            self.note(save, mtime, measure_from)
            # Only the moves added since the last look are replayed: a whole
            # game replayed at every table every second was this process's
            # biggest cost, taken from the cores the host shares with it.
            state = self.table.states(save)[-1]
            seat = game.to_move(state)
            if seat is not None and seat >= 0:
                if self.pids and all(self.pids):
                    self._pressed = seat, self.cpu(), time.monotonic()
                self.players[seat].send(b"\r")

    def note(self, save, mtime: float, measure_from: float) -> None:
        """The last move, if it is new and a person's: how soon the other saw it."""
        if save.check.plies == self.seen_plies or not save.log:
            return
        self.seen_plies = save.check.plies
        mover = save.log[-1].seat
        if mover < 0 or mtime < measure_from:
            return
        for seat, other in enumerate(self.players):
            if seat == mover:
                continue
            arrival = other.first_output_after(mtime)
            if arrival is not None:
                self.latencies.append((arrival - mtime) * 1000)


async def seat_pair(
    hosts: list[RunningHost], keys: list, names: list[str], store: Store | None = None
) -> Pair:
    # A seat at the host is its account's, by id (saves.owners); the name is its label.
    who = Players(hosts[0].players_file) if store is None else store.players
    accounts = [who.account_named(name) for name in names]
    table, _, _ = create_table(
        hosts[0].table_dir,
        account_owner(accounts[0].id),
        "castlecards",
        "two-player" if len(names) == 2 else "multi-player",
        [saves.Player(f"Seat {seat + 1}") for seat in range(len(names))],
        name=names[0],
        store=store.store if store is not None else None,
    )
    for seat in range(1, len(names)):
        table.take_seat(seat, account_owner(accounts[seat].id), names[seat])
    players, pids = [], []
    for seat, (key, name) in enumerate(zip(keys, names, strict=True)):
        # Spread over loopback addresses, as players are over machines; a table's players over the hosts.
        host = hosts[seat % len(hosts)]
        before = set(host.children())
        player = await TimedPlayer.connect(host.port, key, source=f"127.0.1.{int(name[1:]) % 200 + 1}")
        await player.open_terminal()
        await player.wait_for("Castlecards with")
        mark = player.mark()
        player.send(b"\r")
        await player.wait_for("(you)", since=mark)
        players.append(player)
        new = set(host.children()) - before
        pids.append(new.pop() if len(new) == 1 else 0)  # its castletui, the one process that came
    return Pair(table, players, store, pids)


def summary(values: list[float]) -> str:
    if not values:
        return "no samples"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return f"median {statistics.median(ordered):.0f} ms, p90 {p90:.0f} ms, worst {ordered[-1]:.0f} ms (n={len(ordered)})"


class Siege:
    """A stranger holding ``count`` TCP connections that never start the
    handshake, and a key holding ``count`` session channels that never ask
    for a terminal, each opened again as soon as the host lets it go."""

    def __init__(self, port: int, key, count: int) -> None:
        self.port, self.key, self.count = port, key, count
        self.silent: list[asyncio.StreamWriter] = []
        self.connections: list = []
        self.channels = 0  # open now
        self.samples: list[tuple[int, int]] = []  # (silent connections, bare channels) held
        self._task: asyncio.Task | None = None
        self._watchers: set[asyncio.Task] = set()

    def held(self) -> tuple[int, int]:
        return len([w for w in self.silent if not w.is_closing()]), self.channels

    def sample(self) -> None:
        self.samples.append(self.held())

    def _watch(self, waiting) -> None:
        task = asyncio.ensure_future(waiting)
        self._watchers.add(task)
        task.add_done_callback(self._watchers.discard)

    async def _until_closed(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            while await reader.read(65536):
                pass
        writer.close()

    async def _until_channel_closed(self, channel) -> None:
        with contextlib.suppress(Exception):
            await channel.wait_closed()
        self.channels -= 1

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._hold())

    async def _hold(self) -> None:
        while True:
            self.silent = [writer for writer in self.silent if not writer.is_closing()]
            for _ in range(self.count - len(self.silent)):
                with contextlib.suppress(OSError):
                    reader, writer = await asyncio.open_connection(
                        "127.0.0.1", self.port, local_addr=("127.0.0.2", 0)
                    )
                    self.silent.append(writer)
                    self._watch(self._until_closed(reader, writer))
            await self._hog()
            await asyncio.sleep(0.5)

    async def _hog(self) -> None:
        """Channels without a terminal from one key, as many as it is let have."""
        self.connections = [c for c in self.connections if not c.is_closed()]
        attempts = 0
        while attempts < self.count:
            attempts += 1
            connection = next((c for c in self.connections if getattr(c, "hog_channels", 0) < 3), None)
            if connection is None:
                try:
                    connection = await asyncssh.connect(
                        "127.0.0.1",
                        self.port,
                        username="hog",
                        client_keys=[self.key],
                        known_hosts=None,
                        agent_path=None,
                        config=None,
                        local_addr=("127.0.0.3", 0),
                    )
                except (OSError, asyncssh.Error):
                    continue
                connection.hog_channels = 0
                self.connections.append(connection)
            channel = SSHClientChannel(
                connection, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 32768
            )
            try:
                await channel._open(b"session")
                self.channels += 1
                self._watch(self._until_channel_closed(channel))
            except (OSError, asyncssh.Error):
                pass
            connection.hog_channels += 1

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for writer in self.silent:
            writer.close()
        for connection in self.connections:
            connection.close()
        for task in list(self._watchers):
            task.cancel()


async def idle_load(
    host: RunningHost, keys: list, counts: list[int], seconds: float, store: Store | None = None
) -> list[TimedPlayer]:
    """Players idle in the lobby, that many at each step: the load they make."""
    players: list[TimedPlayer] = []
    baseline = None
    for count in counts:
        while len(players) < count:
            index = len(players)
            # Spread over loopback addresses, as players are over machines.
            player = await TimedPlayer.connect(host.port, keys[index], source=f"127.0.1.{index % 200 + 1}")
            await player.open_terminal()
            await player.wait_for("you play as")
            players.append(player)
        await asyncio.sleep(2.0)  # the last one's first frames are drawn
        children = host.children()
        before = cpu_seconds(host.process.pid), sum(cpu_seconds(pid) for pid in children)
        await asyncio.sleep(seconds)
        after = cpu_seconds(host.process.pid), sum(cpu_seconds(pid) for pid in children)
        server_cpu = (after[0] - before[0]) / seconds * 100
        players_cpu = (after[1] - before[1]) / seconds * 100
        players_rss = sum(rss_kib(pid) for pid in children) / 1024
        # The host's whole cost in memory: server, zygote and sessions, each page counted once.
        everyone = [host.process.pid, *children, *([host.zygote()] if host.zygote() else [])]
        pss = sum(smaps_kib(pid)[0] for pid in everyone) / 1024
        uss = [smaps_kib(pid)[1] / 1024 for pid in children]
        if baseline is None:
            baseline = (count, pss)
        added = count - baseline[0]
        per_added = f"{(pss - baseline[1]) / added:.1f} MiB PSS each" if added else "the baseline"
        print(
            f"{count:>3} idle players: server {rss_kib(host.process.pid) / 1024:.0f} MiB RSS, "
            f"{server_cpu:.1f} % CPU; their castletuis {players_rss:.0f} MiB RSS in all, "
            f"{players_cpu:.1f} % CPU in all; host PSS {pss:.0f} MiB in all (players added since "
            f"{baseline[0]}: {per_added}), USS {statistics.median(uss) if uss else 0:.1f} MiB "
            f"per castletui (median); load {os.getloadavg()[0]:.2f}"
        )
        if store is not None:
            print(f"     database connections: {store.connections()}")
    return players


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lobby-runs", type=int, default=9)
    parser.add_argument("--held", type=int, default=40, help="silent connections and bare channels held")
    parser.add_argument("--idle", default="0,20,80", help="idle players at each step")
    parser.add_argument("--steps", default="2,4,8,12,16", help="players at each step (even numbers)")
    parser.add_argument("--seconds", type=float, default=12.0, help="play (and idle) time per step")
    parser.add_argument("--table-size", type=int, default=2, help="players at each table (2 to 4)")
    parser.add_argument("--session-start", choices=("fork", "spawn"), default="fork")
    parser.add_argument("--skip", default="", help="parts left out: lobby, siege, idle, moves (commas)")
    parser.add_argument("--store", default="", help="test (the tests' PostgreSQL, started here) or a URL")
    parser.add_argument("--hosts", type=int, default=1, help="hosts on the one --store")
    parser.add_argument(
        "--quiet-tables", type=int, default=1, help="tables seated beside the steps' that never move"
    )
    parser.add_argument(
        "--spread",
        action="store_true",
        help="each table's presses at its own moment of the second (else all tables' at once)",
    )
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.lobby_runs, args.held, args.idle, args.steps, args.seconds = 1, 4, "1", "2", 1.0
    steps = [int(text) for text in args.steps.split(",")]
    idle = [int(text) for text in args.idle.split(",")]
    most = max(*steps, *idle)
    everyone = most + args.table_size * args.quiet_tables + 2  # the last two: lobby and siege keys
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(everyone)]
    names = [f"P{index:02d}" for index in range(everyone)]
    server, store = None, None
    if args.store == "test":
        from tests.stores.server import Server

        server = Server(durable=True)
        args.store = server.fresh_database()
    if args.store:
        store = Store(args.store)
        for name, key in zip(names, keys, strict=True):
            store.players.add(name, parse_key(key.export_public_key().decode()))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        os.environ.update(CASTLETUI_DATA_DIR=str(root / "cd"), CASTLETUI_SAVE_DIR=str(root / "saves"))
        hosts = [
            RunningHost(
                root / f"host{number}" if number else root,
                "--sessions-per-key",
                "3",
                "--max-connections",
                str(everyone + 40),
                "--session-start",
                args.session_start,
                *(["--store", args.store] if store else []),
                players=None if store else dict(zip(names, keys, strict=True)),
            )
            for number in range(args.hosts if store else 1)
        ]
        host = hosts[0]
        for one in hosts:
            one.wait_ready()
        try:
            print(
                f"cores {os.cpu_count()}, load average {os.getloadavg()[0]:.2f} at the start, "
                f"--session-start {args.session_start}, "
                f"{f'{len(hosts)} host(s) on PostgreSQL' if store else 'the file store'}"
            )
            skip = set(args.skip.split(","))
            if "lobby" not in skip:
                await asyncio.sleep(3.0)  # the zygote has imported castletui
                cpu: list[float] = []
                times = await lobby_first_frame(host, keys[-1], args.lobby_runs, cpu=cpu)
                print(
                    f"connect to the lobby's first frame: {summary(times)}; CPU of server and castletui "
                    f"{summary(cpu)}; load {os.getloadavg()[0]:.2f}"
                )
            await siege_part(host, keys, args, skip)
            if "idle" not in skip:
                idlers = await idle_load(host, keys, idle, args.seconds, store)
                for player in idlers:
                    await player.close()
            if "moves" not in skip:
                await moves_part(hosts, keys, names, steps, args, store)
        finally:
            for one in hosts:
                one.stop()
            if store is not None:
                store.close()
            if server is not None:
                server.stop()


async def siege_part(host: RunningHost, keys: list, args, skip: set[str]) -> None:
    if "siege" in skip:
        return
    siege = Siege(host.port, keys[-2], args.held)
    siege.start()
    await asyncio.sleep(2.0)  # the siege is in place
    times = await lobby_first_frame(host, keys[-1], args.lobby_runs, siege.sample)
    silent = statistics.median(held for held, _ in siege.samples)
    channels = statistics.median(held for _, held in siege.samples)
    print(
        f"the same under siege ({args.held} silent connections from one address and {args.held} "
        f"bare channels of one key tried, again as the host lets them go; held at each login, "
        f"median: {silent:g} connections, {channels:g} channels): {summary(times)}"
    )
    await siege.stop()


async def moves_part(
    hosts: list[RunningHost], keys: list, names: list[str], steps: list[int], args, store: Store | None = None
) -> None:
    size = args.table_size
    pairs: list[Pair] = []
    # The quiet tables: seated players who never move, to weigh what hearing the others' moves costs.
    quiet = [
        await seat_pair(hosts, keys[first : first + size], names[first : first + size], store)
        for first in range(max(steps), max(steps) + size * args.quiet_tables, size)
    ]
    seated = 0
    for step in steps:
        while seated < step:
            pairs.append(
                await seat_pair(hosts, keys[seated : seated + size], names[seated : seated + size], store)
            )
            seated += size
        start = time.time()
        for pair in pairs:
            pair.latencies.clear()
            pair.mover_cpu.clear(), pair.watcher_cpu.clear(), pair.windows.clear()
        transactions = store.transactions() if store is not None else 0
        quiet_pids = [pid for pair in quiet for pid in pair.pids if pid]
        cpu_before = sum(cpu_seconds(pid) for host in hosts for pid in host.children())
        quiet_before = sum(cpu_seconds(pid) for pid in quiet_pids)
        own_before, server_before = cpu_seconds(os.getpid()), sum(cpu_seconds(h.process.pid) for h in hosts)
        began = time.monotonic()
        # Together: every table's second starts at once (its players press in step); spread:
        # each table's at its own moment of the second, as people at different tables would.
        offsets = [index / len(pairs) if args.spread else 0.0 for index in range(len(pairs))]
        await asyncio.gather(
            *(pair.play(args.seconds, start, offset) for pair, offset in zip(pairs, offsets, strict=True))
        )
        took = time.monotonic() - began
        cpu_spent = sum(cpu_seconds(pid) for host in hosts for pid in host.children()) - cpu_before
        quiet_spent = sum(cpu_seconds(pid) for pid in quiet_pids) - quiet_before
        own_spent, server_spent = (
            cpu_seconds(os.getpid()) - own_before,
            sum(cpu_seconds(h.process.pid) for h in hosts) - server_before,
        )
        latencies = [value for pair in pairs for value in pair.latencies]
        moves = sum(len(pair.windows) for pair in pairs) or max(1, len(latencies) // (size - 1))
        children = [pid for host in hosts for pid in host.children()]
        per_player = [rss_kib(pid) for pid in children]
        memory = statistics.median(per_player) / 1024 if per_player else 0
        print(
            f"{step:>3} players: a move reaches the other terminal in {summary(latencies)}; "
            f"castletui {memory:.0f} MiB RSS each (median of {len(per_player)}), "
            f"server {rss_kib(hosts[0].process.pid) / 1024:.0f} MiB; load {os.getloadavg()[0]:.2f}"
        )
        print(
            f"     the players' castletuis spent {cpu_spent / moves * 1000:.0f} ms of CPU per move; "
            f"the server {server_spent / moves * 1000:.0f} ms, this benchmark's clients {own_spent / moves * 1000:.0f} ms"
        )
        print("     " + cpu_breakdown(pairs, quiet_pids, quiet_spent / took, len(children), moves, took))
        print("     " + inotify_note(children))
        if store is not None:
            done = store.transactions() - transactions
            print(f"     database connections: {store.connections()}; {done / moves:.0f} statements per move")
        if not args.quick and latencies and statistics.median(latencies) > LIMIT_MS:
            print(f"over {LIMIT_MS:.0f} ms at {step} players: stopping here")
            break
    for pair in [*pairs, *quiet]:
        for player in pair.players:
            await player.close()


def cpu_breakdown(
    pairs: list[Pair], quiet_pids: list[int], quiet_per_second: float, processes: int, moves: int, took: float
) -> str:
    """CPU per move by kind of castletui: the one whose person moved (from
    the press to the table's next press), each other seat at its table, and
    every castletui at another table, as the quiet tables' players spend
    (each less what a quiet one spends over as long: idling and hearing
    other tables)."""
    if not quiet_pids:
        return "no quiet table: no CPU by kind of castletui (--quiet-tables)"
    bystander = quiet_per_second / len(quiet_pids)  # CPU-s a second of one castletui at a quiet table
    mover = [cpu for pair in pairs for cpu in pair.mover_cpu]
    watcher = [cpu for pair in pairs for cpu in pair.watcher_cpu]
    windows = [window for pair in pairs for window in pair.windows]
    if not (mover and watcher and windows):
        return "too few moves for CPU by kind of castletui"
    window = statistics.mean(windows)
    mover_ms = (statistics.mean(mover) - bystander * window) * 1000
    watcher_ms = (statistics.mean(watcher) - bystander * window) * 1000
    watchers = len(watcher) / len(mover)
    rate = moves / took
    hearing_ms = bystander / rate * 1000  # one bystander's CPU per move of the host
    others = processes - watchers - 1
    return (
        f"by castletui, per move: the mover's {mover_ms:.1f} ms, each other seat's at its table "
        f"{watcher_ms:.1f} ms (x{watchers:.0f}), each of the {others:.0f} at other tables "
        f"{hearing_ms:.2f} ms ({hearing_ms * others:.0f} ms in all; a quiet one spends "
        f"{bystander * 1000:.1f} ms a second, {rate:.1f} moves a second); load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    asyncio.run(main())
