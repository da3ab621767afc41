"""A player's webhook as a hostile receiver or address: one that answers a
byte at a time, each within the timeout, is cut off at the attempt's
deadline (a worker is never held for hours); one that fails waits for
its retry without holding a sender (the others' nudges go out); an IPv6
address that carries a private IPv4 address inside it is refused like
that address; a DNS server that answers late fails the attempt at the
send's deadline, with a bounded number of lookups left waiting."""

from __future__ import annotations

import contextlib
import functools
import socket
import threading

import pytest

from castletui.host import webhook
from tests.notify.test_notifier import OWNERS, PLAYERS, choose, notifier_for, seated_table, send_now
from tests.shared.lobby_tables import at, play_until, waiting_for

DRIP_BYTES = 60
"""What the dripping receiver sends before its answer is whole, a byte
every DRIP_SECONDS: some 3 s in all, ten times the attempt's timeout."""
DRIP_SECONDS = 0.05


@pytest.fixture
def dripping():
    """A receiver on 127.0.0.1 that answers one byte at a time."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def answer() -> None:
        with contextlib.suppress(OSError):
            client, _ = server.accept()
            with client:
                client.recv(65536)
                client.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                for _ in range(DRIP_BYTES):
                    if stop.wait(DRIP_SECONDS):
                        return
                    client.sendall(b"a")
                client.sendall(b"\r\nContent-Length: 0\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        server.close()
        thread.join(timeout=5)


def test_a_receiver_that_answers_a_byte_at_a_time_fails_at_the_deadline(dripping):
    target = webhook.resolve(f"http://127.0.0.1:{dripping}/hook", private=True)
    with pytest.raises(webhook.Failed):
        webhook.post(target, b"{}", timeout=0.3)


@pytest.mark.parametrize(
    "address",
    [
        "2002:a9fe:a9fe::1",  # 6to4 around 169.254.169.254
        "2002:7f00:1::",  # 6to4 around 127.0.0.1
        "2002:a00:1::",  # 6to4 around 10.0.0.1
    ],
)
def test_an_ipv4_address_inside_an_ipv6_one_is_judged_as_itself(address):
    assert webhook.address_refusal(address, private=False)
    assert not webhook.address_refusal("2606:2800:220:1:248:1893:25c8:1946", private=False)


@pytest.mark.parametrize("address", ["fec0::1", "fec0::a9fe:a9fe", "feff:ffff::1"])
def test_an_ipv6_site_local_address_is_a_private_networks(address):
    # Deprecated (RFC 3879) but still routed inside some networks, and
    # Python's ipaddress calls it global.
    assert webhook.address_refusal(address, private=False)
    assert not webhook.address_refusal(address, private=True)


def test_a_failing_receiver_waits_for_its_retry_without_holding_a_sender(tmp_path, receivers):
    failing, quick = receivers("failing"), receivers()
    for stem, done in (("one", waiting_for(0)), ("two", waiting_for(1))):
        play_until(seated_table(tmp_path / "tables", OWNERS, stem, players=PLAYERS), OWNERS, done, at(1))
    # One sender, and a retry ten minutes on: before, Alice's wait held it and Bob's nudge waited too.
    notifier, events = notifier_for(tmp_path, workers=1, attempts=2, backoff=600.0)
    choose(tmp_path, "Alice", how="turn", webhook=failing.url)
    choose(tmp_path, "Bob", how="turn", webhook=quick.url)
    deliveries = sorted(notifier.look(), key=lambda delivery: delivery.player)  # Alice's first
    notifier.start()  # its own first look finds both told already
    try:
        for delivery in deliveries:
            notifier.send_later(delivery)
        events.wait_for("webhook-retry", "Alice")
        events.wait_for("webhook-sent", "Bob")
    finally:
        notifier.stop()
    assert [body["turn"] for body in quick.bodies] == ["Bob"] and failing.requests == 1


class SlowDNS:
    """A resolver that answers only when let go (or after ``longest``
    seconds), with a public address: a DNS server that takes its time."""

    def __init__(self, longest: float = 30.0) -> None:
        self.let_go = threading.Event()
        self.longest = longest
        self.asked = 0

    def __call__(self, host, port, type):
        self.asked += 1
        self.let_go.wait(self.longest)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))]


def lookups_under_way() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "castletui-notify-lookup"]


def test_a_slow_dns_server_fails_the_attempt_at_the_sends_deadline():
    slow = SlowDNS()
    try:
        with pytest.raises(webhook.Failed):
            webhook.resolve("https://hooks.example.org/x", private=False, resolver=slow, timeout=0.2)
    finally:
        slow.let_go.set()
    quick = webhook.resolve("https://hooks.example.org/x", private=False, resolver=slow, timeout=5.0)
    assert quick.address == "93.184.216.34"


def test_lookups_past_their_deadline_are_bounded_and_end_by_themselves(monkeypatch):
    monkeypatch.setattr(webhook, "_lookups", threading.BoundedSemaphore(3))
    slow = SlowDNS()
    try:
        for _ in range(3):
            with pytest.raises(webhook.Failed):
                webhook.resolve("https://hooks.example.org/x", private=False, resolver=slow, timeout=0.01)
        assert len(lookups_under_way()) == 3
        # All three still wait on the DNS server: the next attempt fails without a thread of its own.
        with pytest.raises(webhook.Failed):
            webhook.resolve("https://hooks.example.org/x", private=False, resolver=slow, timeout=5.0)
        assert slow.asked == 3 and len(lookups_under_way()) == 3
    finally:
        slow.let_go.set()
    for thread in lookups_under_way():
        thread.join(timeout=5)
    assert webhook.resolve("https://hooks.example.org/x", private=False, resolver=slow, timeout=5.0)


def test_a_slow_dns_server_is_a_failed_attempt_retried_and_given_up(tmp_path):
    table = seated_table(tmp_path / "tables", OWNERS, "evening", players=PLAYERS)
    play_until(table, OWNERS, waiting_for(0), at(1))
    notifier, events = notifier_for(tmp_path, timeout=0.2, attempts=2, backoff=0.1)
    slow = SlowDNS(longest=2.0)  # before: the lookup answered, late, and the message was sent
    notifier.resolve = functools.partial(webhook.resolve, resolver=slow)
    posted = []
    notifier.post = lambda target, body, timeout: posted.append(target)
    choose(tmp_path, "Alice", how="turn", webhook="https://hooks.example.org/alice")
    try:
        assert send_now(notifier) == 1
    finally:
        slow.let_go.set()
    assert events.whats("Alice") == ["webhook-retry", "webhook-failed"]
    assert slow.asked == 2 and posted == []
