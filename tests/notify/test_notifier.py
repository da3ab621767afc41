"""The nudge while you are not connected (issue 46), headless: the host's
notifier (castletui/host/notify.py) over a table folder, with a fake clock,
posting to receivers on 127.0.0.1 (tests/notify/receiver.py). One message
per table per turn; none while the player is connected; a daily digest
instead; a failing receiver retried a bounded number of times; a slow one
timed out while others are served; disallowed URLs refused; and no message
that names a card, checked at every step of a seeded game."""

from __future__ import annotations

import datetime
import json
import random
import sys
import threading
from unittest import mock

import msgspec
import psycopg
import pytest
import tomli_w
from castletui.rules.castlecards.edition import EDITION
from castletui.rules.castlecards.text import card_name
from castletui.rules.core import CHANCE
from castletui.saves.clock import BOT
from castletui.saves.owners import account_owner
from castletui.saves.stores import open_store
from castletui.saves.stores.shared import StoreTable
from castletui.saves.table import Table

from castletui import notify_me, saves
from castletui.host import webhook
from castletui.host.notify import Notifier, NotifyPolicy, turn_message
from castletui.host.players import account_folder
from castletui.notify_me import NotifyMe
from castletui.session import Session
from castletui.shared import create_table
from tests.notify.receiver import WAIT_SECONDS
from tests.shared.lobby_tables import NOON, at, play_until, waiting_for

ALICE, BOB = "a1" * 16, "b2" * 16
NAMES = {ALICE: "Alice", BOB: "Bob"}
OWNERS = [account_owner(ALICE), account_owner(BOB)]
PLAYERS = [saves.Player("Alice"), saves.Player("Bob")]


class Clock:
    def __init__(self, now: datetime.datetime = NOON) -> None:
        self.now = now

    def __call__(self) -> datetime.datetime:
        return self.now


class Events:
    """What the notifier reported, in order (as the host's events file would have it)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, str, str]] = []
        self.changed = threading.Condition()

    def __call__(self, what: str, player: str, peer: str, detail: str) -> None:
        with self.changed:
            self.seen.append((what, player, peer, detail))
            self.changed.notify_all()

    def whats(self, player: str = "") -> list[str]:
        return [what for what, who, _, _ in self.seen if not player or who == player]

    def wait_for(self, what: str, player: str, count: int = 1) -> None:
        with self.changed:
            done = self.changed.wait_for(lambda: self.whats(player).count(what) >= count, WAIT_SECONDS)
        assert done, f"no {what} for {player}: {self.seen}"


def seated_table(directory, owners, stem: str, seed: int = 4, players=None) -> Table:
    """A Castlecards table with Alice's and Bob's accounts in seats 1 and 2."""
    directory.mkdir(mode=0o700, exist_ok=True)
    with (
        mock.patch("castletui.saves.table.new_seed", return_value=seed),
        mock.patch("castletui.tables._stamp", return_value=stem),
    ):
        table, _, _ = create_table(directory, owners[0], "castlecards", "two-player", PLAYERS, name="Alice")
    Table(table.path).take_seat(1, owners[1], "Bob")
    return table


def notifier_for(tmp_path, clock=None, **policy) -> tuple[Notifier, Events]:
    events = Events()
    settings = {"private": True, "timeout": 5.0, "attempts": 3, "backoff": 1.0, **policy}
    notifier = Notifier(
        NotifyPolicy(**settings),
        tmp_path / "tables",
        tmp_path / "data",
        lambda: dict(NAMES),
        events,
        clock=clock or Clock(),
    )
    return notifier, events


def choose(tmp_path, name: str, **choice) -> None:
    account = {"Alice": ALICE, "Bob": BOB}[name]
    assert notify_me.save(NotifyMe(**choice), account_folder(tmp_path / "data", account)) == ""


def with_accounts(url: str) -> None:
    """Alice's and Bob's accounts in the store at ``url``, as host add keeps them."""
    with psycopg.connect(url, autocommit=True) as connection:
        for account, name in NAMES.items():
            connection.execute(
                "INSERT INTO castletui_accounts (id, name, name_key) VALUES (%s, %s, %s)",
                (account, name, name.casefold()),
            )


def choose_in_store(store, name: str, **choice) -> None:
    """The choice as a player's castletui at a host on ``store`` keeps it."""
    account = {"Alice": ALICE, "Bob": BOB}[name]
    body = tomli_w.dumps(msgspec.to_builtins(NotifyMe(**choice))).encode()
    assert store.accounts().keep_setting(account, notify_me.FILE_NAME, body)


def send_now(notifier: Notifier, sleeps: list[float] | None = None) -> int:
    """Look, and send what the look found, here and now: how many messages."""
    slept = sleeps if sleeps is not None else []
    deliveries = notifier.look()
    for delivery in deliveries:
        notifier.deliver(delivery, sleep=lambda seconds: bool(slept.append(seconds)))
    return len(deliveries)


def card_names() -> set[str]:
    return {card_name(card.name, short=short) for card in EDITION.cards for short in (False, True)}


def test_one_message_per_turn_through_a_whole_game_and_none_names_a_card(tmp_path, receivers):
    receiver = receivers()
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    notifier, events = notifier_for(tmp_path)
    choose(tmp_path, "Alice", how="turn", webhook=receiver.url)
    sessions = {seat: Session.at_table(Table(table.path), seat, owner) for seat, owner in enumerate(OWNERS)}
    first, chooser = sessions[0], random.Random(3)
    names = card_names()
    turns, last_other, told = 0, 0, None
    sent = 0
    for _ in range(5000):
        seat = first.to_move()
        if seat is None:
            break
        mover = first if seat == CHANCE else sessions[seat]
        mover.sync()
        mover.act(mover.digital_chance() if seat == CHANCE else chooser.choice(mover.legal_actions()))
        first.sync()
        # A turn of Alice's: her move, after Bob's last decision (her own moves and draws are within it).
        if first.save.log[-1].seat not in (0, CHANCE):
            last_other = len(first.save.log)
        if first.to_move() == 0 and told != last_other:
            turns, told = turns + 1, last_other
        sent += send_now(notifier)
        # Every step's message for whoever waits names no card: not one of a hand, nor any other.
        state = first.state
        hands = {card_name(card, short=short) for p in state.players for card in p.hand for short in (0, 1)}
        for tables in notifier.waiting().values():
            for waiting in tables:
                _, body = turn_message(waiting, NOON)
                text = json.dumps(body)
                assert not [name for name in hands | names if name in text], text
                assert set(body) == {
                    "kind",
                    "table",
                    "game",
                    "players",
                    "turn",
                    "waited_seconds",
                    "waited",
                    "text",
                }
                assert body["players"] == ["Alice", "Bob"] and body["game"] == "Castlecards"
    else:
        raise AssertionError("the game did not end")
    assert turns > 3 and sent == turns
    bodies = receiver.wait_for(turns)
    assert len(bodies) == turns == events.whats("Alice").count("webhook-sent")
    assert {body["turn"] for body in bodies} == {"Alice"} and {body["table"] for body in bodies} == {
        table.path.name
    }


def test_a_turn_shown_while_connected_is_not_sent_and_each_account_has_its_own_receiver(tmp_path, receivers):
    alices, bobs = receivers(), receivers()
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    notifier, events = notifier_for(tmp_path)
    choose(tmp_path, "Alice", how="turn", webhook=alices.url)
    choose(tmp_path, "Bob", how="turn", webhook=bobs.url)
    play_until(table, OWNERS, waiting_for(1), at(3))
    assert send_now(notifier) == 1  # Bob's turn, to Bob's receiver
    notifier.arrived(ALICE)
    play_until(table, OWNERS, waiting_for(0), at(2))
    assert send_now(notifier) == 0  # Alice is connected: her lobby shows it
    notifier.left(ALICE)
    assert send_now(notifier) == 0  # and once she leaves, it was told already
    # A restarted host knows what it told.
    again, _ = notifier_for(tmp_path)
    assert send_now(again) == 0
    play_until(table, OWNERS, waiting_for(1), at(1))
    play_until(table, OWNERS, waiting_for(0), at(0))
    assert send_now(again) == 1  # Alice's next turn (Bob's came and went: he played it)
    assert [body["turn"] for body in alices.wait_for(1)] == ["Alice"]
    assert [body["turn"] for body in bobs.wait_for(1)] == ["Bob"]
    assert events.whats("Bob") == ["webhook-sent"]


def test_a_look_with_every_waiting_player_connected_asks_for_no_names(tmp_path):
    """The accounts' names are asked for (a store's query) only when there
    is someone to tell: a host whose players are all here looks at each
    move without asking."""
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(1), at(3))
    choose(tmp_path, "Bob", how="turn", webhook="https://example.org/hook")
    for connected, told in ((True, 0), (False, 1)):
        asked: list[int] = []
        notifier = Notifier(
            NotifyPolicy(private=True),
            tmp_path / "tables",
            tmp_path / "data",
            lambda asked=asked: asked.append(1) or dict(NAMES),
            Events(),
            clock=Clock(NOON.replace(hour=7)),  # before the digest hour: turns only
        )
        (notifier.state_path).unlink(missing_ok=True)  # nothing told yet
        notifier.told = notifier._read_state()
        if connected:
            notifier.arrived(BOB)
        assert (len(notifier.look()), len(asked)) == (told, told)


def test_the_daily_digest_lists_the_tables_waiting_once_a_day(tmp_path, receivers):
    receiver = receivers()
    clock = Clock(NOON.replace(hour=6))
    tables = [
        seated_table(tmp_path / "tables", OWNERS, stem, seed=seed, players=PLAYERS)
        for stem, seed in (("one", 4), ("two", 5))
    ]
    for table in tables:
        play_until(table, OWNERS, waiting_for(0), at(30))
    notifier, events = notifier_for(tmp_path, clock, digest_hour=8)
    choose(tmp_path, "Alice", how="digest", webhook=receiver.url)
    assert send_now(notifier) == 0  # before the hour: no message for each turn either
    assert 3600 <= notifier.seconds_to_digest() <= 2 * 3600
    clock.now = NOON.replace(hour=8)
    assert send_now(notifier) == 1
    assert send_now(notifier) == 0  # once a day
    (digest,) = receiver.wait_for(1)
    assert digest["kind"] == "digest" and digest["text"].startswith("2 tables wait for your move")
    assert sorted(entry["table"] for entry in digest["tables"]) == sorted(t.path.name for t in tables)
    clock.now += datetime.timedelta(days=1)
    assert send_now(notifier) == 1  # the next day, still waiting: told again
    assert events.whats("Alice") == ["webhook-sent", "webhook-sent"]


def test_the_store_forgets_the_claims_that_no_longer_matter_once_a_day(tmp_path):
    clock = Clock()
    notifier, _ = notifier_for(tmp_path, clock)
    with mock.patch.object(notifier.claims, "forget_notices", return_value=0) as forget:
        notifier.look()  # the host's first look
        notifier.look()
        assert [call.args for call in forget.call_args_list] == [(20261129,)]  # the digest needs yesterday's
        clock.now += datetime.timedelta(days=1)
        notifier.look()
        assert [call.args for call in forget.call_args_list] == [(20261129,), (20261130,)]


def test_a_failing_receiver_is_retried_a_bounded_number_of_times_with_backoff(tmp_path, receivers):
    receiver = receivers("failing")
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(0), at(1))
    notifier, events = notifier_for(tmp_path, attempts=3, backoff=2.0)
    choose(tmp_path, "Alice", how="turn", webhook=receiver.url)
    sleeps: list[float] = []
    assert send_now(notifier, sleeps) == 1
    assert events.whats("Alice") == ["webhook-retry", "webhook-retry", "webhook-failed"]
    assert sleeps == [2.0, 4.0] and receiver.requests == 3
    assert send_now(notifier, sleeps) == 0  # given up: not sent again for this turn


def test_a_slow_receiver_times_out_while_the_others_are_served(tmp_path, receivers):
    slow, quick = receivers("slow"), receivers()
    for stem, done in (("one", waiting_for(0)), ("two", waiting_for(1))):
        play_until(seated_table(tmp_path / "tables", OWNERS, stem, players=PLAYERS), OWNERS, done, at(1))
    notifier, events = notifier_for(tmp_path, timeout=0.5, attempts=2, backoff=0.1)
    choose(tmp_path, "Alice", how="turn", webhook=slow.url)
    choose(tmp_path, "Bob", how="turn", webhook=quick.url)
    notifier.start()  # threads: the watch, the look, the senders
    try:
        slow.wait_for(1)  # Alice's receiver holds her message (until the test ends)
        events.wait_for("webhook-sent", "Bob")  # and Bob's is served all the same
        events.wait_for("webhook-failed", "Alice")
        assert events.whats("Alice") == ["webhook-retry", "webhook-failed"]
    finally:
        notifier.stop()
    assert [body["turn"] for body in quick.bodies] == ["Bob"]


@pytest.mark.parametrize(
    ("address", "refused"),
    [
        ("127.0.0.1", True),
        ("10.1.2.3", True),
        ("192.168.0.9", True),
        ("172.16.0.1", True),
        ("169.254.169.254", True),  # a cloud's metadata service
        ("100.64.0.1", True),
        ("::1", True),
        ("fd00::1", True),
        ("::ffff:127.0.0.1", True),
        ("0.0.0.0", True),
        ("224.0.0.1", True),
        ("93.184.216.34", False),
        ("2606:2800:220:1:248:1893:25c8:1946", False),
    ],
)
def test_private_addresses_are_refused_unless_the_operator_allows_them(address, refused):
    assert bool(webhook.address_refusal(address, private=False)) == refused
    assert bool(webhook.address_refusal(address, private=True)) == (address in ("0.0.0.0", "224.0.0.1"))


def test_a_name_that_resolves_to_any_private_address_is_refused():
    def resolver(host, port, type):
        return [(0, 0, 0, "", ("93.184.216.34", port)), (0, 0, 0, "", ("10.0.0.5", port))]

    with pytest.raises(webhook.Refused):
        webhook.resolve("https://hooks.example.org/x", private=False, resolver=resolver)
    target = webhook.resolve("https://hooks.example.org/x?a=1", private=True, resolver=resolver)
    assert (target.address, target.port, target.path, target.hostname) == (
        "93.184.216.34",
        443,
        "/x?a=1",
        "hooks.example.org",
    )


@pytest.mark.parametrize(
    "url", ["ftp://example.org/x", "file:///etc/passwd", "http://", "javascript:alert(1)", "http://a b/"]
)
def test_only_http_and_https_urls_are_kept_or_posted_to(tmp_path, url):
    assert notify_me.save(NotifyMe(how="turn", webhook=url), tmp_path) != ""
    assert not (tmp_path / notify_me.FILE_NAME).exists()
    with pytest.raises(webhook.Refused):
        webhook.resolve(url, private=True)


def test_a_url_in_other_letters_is_sent_as_a_browser_sends_it(tmp_path, receivers):
    receiver = receivers()
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(0), at(1))
    notifier, events = notifier_for(tmp_path)
    choose(tmp_path, "Alice", how="turn", webhook=receiver.url + "/café?für=zoë&a=%2F#not-sent")
    assert send_now(notifier) == 1
    assert events.whats("Alice") == ["webhook-sent"]
    assert receiver.paths == ["/hook/caf%C3%A9?f%C3%BCr=zo%C3%AB&a=%2F"]


def test_a_host_name_in_other_letters_is_looked_up_and_named_in_its_idna_form():
    asked = []

    def resolver(host, port, type):
        asked.append(host)
        return [(0, 0, 0, "", ("93.184.216.34", port))]

    target = webhook.resolve("https://bücher.example/ü", private=False, resolver=resolver)
    assert asked == ["xn--bcher-kva.example"]
    assert (target.hostname, target.path) == ("xn--bcher-kva.example", "/%C3%BC")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("https://ann:secret@hooks.example.org/x", "user name or password"),
        ("https://hooks.example.org@evil.example/x", "user name or password"),
        ("https://hooks.example.org/a b", "spaces or control characters"),
        ("https://hooks.example.org/a\tb", "spaces or control characters"),
        ("https://hooks.example.org/a\u200bb", "spaces or control characters"),
        ("https://" + "ü" * 70 + ".example/", "not a valid host name"),
        ("https://hooks.example.org/" + "ü" * 400, "once its letters are encoded"),
        ("https://hooks.example.org/" + "x" * 2000, "longer than 2000 characters"),
    ],
    ids=[
        "password",
        "name-before-at",
        "space",
        "tab",
        "zero-width",
        "idn-label-too-long",
        "encoded-long",
        "long",
    ],
)
def test_odd_webhook_urls_are_refused_when_set_with_their_reason(tmp_path, url, reason):
    assert reason in notify_me.save(NotifyMe(how="turn", webhook=url), tmp_path)
    assert not (tmp_path / notify_me.FILE_NAME).exists()
    with pytest.raises(webhook.Refused, match=reason):
        webhook.resolve(url, private=True)


def test_the_host_refuses_what_its_operator_does_not_allow(tmp_path, receivers):
    receiver = receivers()
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(0), at(1))
    choose(tmp_path, "Alice", how="turn", webhook=receiver.url, mail="alice@example.org")
    notifier, events = notifier_for(tmp_path, private=False)  # the default: no loopback
    assert send_now(notifier) == 1
    assert events.whats("Alice") == ["webhook-refused", "mail-refused"]  # nor mail: not allowed here
    play_until(table, OWNERS, waiting_for(1), at(1))
    play_until(table, OWNERS, waiting_for(0), at(0))
    nothing, events = notifier_for(tmp_path, kinds=())
    assert send_now(nothing) == 1
    assert events.whats("Alice") == ["webhook-refused", "mail-refused"]
    assert receiver.requests == 0


def test_mail_goes_to_the_operators_command_with_the_address_as_its_last_argument(tmp_path):
    outbox = tmp_path / "outbox"
    script = tmp_path / "fake-sendmail.py"
    script.write_text(
        "import sys, pathlib\n"
        "pathlib.Path(sys.argv[1]).write_bytes(repr(sys.argv[2:]).encode() + b'\\n' + sys.stdin.buffer.read())\n"
    )
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(0), at(1))
    choose(tmp_path, "Alice", how="turn", mail="alice@example.org")
    command = f"{sys.executable} {script} {outbox}"
    notifier, events = notifier_for(tmp_path, kinds=("webhook", "mail"), mail_command=command)
    assert send_now(notifier) == 1
    assert events.whats("Alice") == ["mail-sent"]
    message = outbox.read_text()
    assert message.startswith("['alice@example.org']\n")
    assert "To: alice@example.org" in message and "Castlecards with Bob: your turn for 1 h" in message


@pytest.mark.parametrize(
    "address", ["-oQ/tmp/x@example.org", "a@b.org\nBcc: c@d.org", "Ann <a@b.org>", "a b@c.org"]
)
def test_a_mail_address_is_one_plain_word(address):
    assert notify_me.mail_problem(address)


@pytest.fixture(params=["files", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request, tmp_path):
    """ "" for the table folder's files, else a fresh PostgreSQL store's URL."""
    if request.param == "files":
        return ""
    return request.getfixturevalue("postgres_server").fresh_url()


def test_with_either_store_the_watch_hears_the_move_and_the_turn_is_told_once(tmp_path, receivers, store_url):
    receiver = receivers()
    stores = [open_store(store_url) for _ in range(2)] if store_url else [None, None]
    players_store, notifier_store = stores  # the notifier has its own, as the host gives it
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    with mock.patch("castletui.saves.table.new_seed", return_value=4):
        table, _, _ = create_table(
            directory, OWNERS[0], "castlecards", "two-player", PLAYERS, name="Alice", store=players_store
        )
    table.take_seat(1, OWNERS[1], "Bob")

    def at_the_table(seat: int) -> Session:
        place = Table(table.path) if players_store is None else StoreTable(players_store, table.address)
        return Session.at_table(place, seat, OWNERS[seat])

    events = Events()
    notifier = Notifier(
        NotifyPolicy(private=True),
        directory,
        tmp_path / "data",
        lambda: dict(NAMES),
        events,
        store=notifier_store,
    )
    if store_url:  # every host's, in the store
        with_accounts(store_url)
        choose_in_store(players_store, "Alice", how="turn", webhook=receiver.url)
    else:
        choose(tmp_path, "Alice", how="turn", webhook=receiver.url)
    notifier.start()
    try:
        sessions, chooser = {0: at_the_table(0), 1: at_the_table(1)}, random.Random(2)
        for _ in range(200):
            for session in sessions.values():
                session.sync()
            seat = sessions[0].to_move()
            if seat == 0 and sessions[0].save.log:
                break
            mover = sessions[0] if seat == CHANCE else sessions[seat]
            mover.act(mover.digital_chance() if seat == CHANCE else chooser.choice(mover.legal_actions()))
        (body,) = receiver.wait_for(1)
        events.wait_for("webhook-sent", "Alice")
    finally:
        notifier.stop()
        for store in stores:
            if store is not None:
                store.close()
    assert (body["turn"], body["players"], body["kind"]) == ("Alice", ["Alice", "Bob"], "turn")
    assert events.whats() == ["webhook-sent"]


def test_no_turn_is_sent_for_a_seat_a_bot_plays_while_its_owner_is_away(tmp_path, receivers):
    """Issue 46 item 3: Bob's time ran out and Alice let a bot play his seat."""
    bobs = receivers()
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    with mock.patch("castletui.saves.table.new_seed", return_value=4):
        table, _, _ = create_table(
            directory, OWNERS[0], "castlecards", "two-player", PLAYERS, name="Alice", per_move=3600
        )
    Table(table.path).take_seat(1, OWNERS[1], "Bob")
    play_until(table, OWNERS, waiting_for(1), at(3))
    with mock.patch.object(saves, "now", return_value=at(1)):  # two hours into Bob's hour
        Table(table.path).time_out(1, OWNERS[0], BOT)
    notifier, _ = notifier_for(tmp_path)
    choose(tmp_path, "Bob", how="turn", webhook=bobs.url)
    assert send_now(notifier) == 0


@pytest.mark.postgres
def test_two_hosts_on_one_store_send_each_turn_and_each_digest_once(tmp_path, receivers, postgres_server):
    """Two hosts' notifiers (each its own store connection and data folder)
    look at the same turn, then at the same day's digest: the receiver
    hears each once (the store's castletui_told claims it)."""
    url = postgres_server.fresh_url()
    stores = [open_store(url) for _ in range(3)]  # the players', and each host's notifier's
    players_store, *notifier_stores = stores
    alices, bobs = receivers(), receivers()
    directory = tmp_path / "tables"
    directory.mkdir(mode=0o700)
    try:
        with mock.patch("castletui.saves.table.new_seed", return_value=4):
            table, _, _ = create_table(
                directory, OWNERS[0], "castlecards", "two-player", PLAYERS, name="Alice", store=players_store
            )
        table.take_seat(1, OWNERS[1], "Bob")
        play_until(table, OWNERS, waiting_for(0), at(3))
        clock = Clock(NOON.replace(hour=7))  # before the digest hour: Alice's turn only
        with_accounts(url)
        choose_in_store(players_store, "Alice", how="turn", webhook=alices.url)  # once, for every host
        choose_in_store(players_store, "Bob", how="digest", webhook=bobs.url)
        hosts = []
        for number, store in enumerate(notifier_stores):
            data = tmp_path / f"data-{number}"
            hosts.append(
                Notifier(
                    NotifyPolicy(private=True),
                    directory,
                    data,
                    lambda: dict(NAMES),
                    Events(),
                    store=store,
                    clock=clock,
                )
            )
        assert [send_now(host) for host in hosts] == [1, 0]
        assert [send_now(host) for host in reversed(hosts)] == [0, 0]
        clock.now = NOON.replace(hour=9)  # Bob's digest, waiting for Alice's move
        play_until(table, OWNERS, waiting_for(1), at(2))
        assert sorted(send_now(host) for host in hosts) == [0, 1]
        (turn,) = alices.wait_for(1)
        (digest,) = bobs.wait_for(1)
        assert (turn["kind"], turn["turn"], digest["kind"]) == ("turn", "Alice", "digest")
        assert (alices.requests, bobs.requests) == (1, 1)
    finally:
        for store in stores:
            store.close()


def test_a_turn_that_just_came_is_sent_as_just_now_not_as_a_minute(tmp_path):
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    notifier, _ = notifier_for(tmp_path)
    play_until(table, OWNERS, waiting_for(1), at(10 / 3600))  # ten seconds before NOON
    [waiting] = [waiting for tables in notifier.waiting().values() for waiting in tables]
    _, body = turn_message(waiting, NOON)
    assert (body["waited_seconds"], body["waited"]) == (10, "just now")
    assert body["text"] == "Castlecards with Alice: your turn now"
