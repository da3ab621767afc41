"""A player's webhook as a hostile receiver or address: one that answers a
byte at a time, each within the timeout, is cut off at the attempt's
deadline (a worker is never held for hours); one that fails waits for
its retry without holding a sender (the others' nudges go out); an IPv6
address that carries a private IPv4 address inside it is refused like
that address."""

from __future__ import annotations

import contextlib
import socket
import threading

import pytest

from castletui.host import webhook
from tests.notify.test_notifier import OWNERS, PLAYERS, choose, notifier_for, seated_table
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
