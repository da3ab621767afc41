"""``castletui host``'s notification flags: what the operator allows
reaches the host's configuration; a kind it does not know, or an hour
that is not one, stops it with a reason."""

from __future__ import annotations

import pytest

from castletui import cli

pytest.importorskip("asyncssh")


@pytest.fixture
def configs(tmp_path, monkeypatch):
    """What ``castletui host`` would serve, instead of listening."""
    from castletui.host import server

    found: list = []

    async def serve(config, key, *, ready=None):
        found.append(config)
        return 0

    monkeypatch.setattr(server, "serve", serve)
    monkeypatch.setenv("CASTLETUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CASTLETUI_TABLE_DIR", str(tmp_path / "tables"))
    return found


def test_the_default_allows_webhooks_to_public_addresses_only(configs):
    assert cli.main(["host"]) == 0
    notify = configs[0].notify
    assert (notify.kinds, notify.private, notify.digest_hour) == (("webhook",), False, 8)


def test_the_operator_allows_mail_and_private_addresses(configs):
    options = [
        "--notify",
        "webhook,mail",
        "--mail-command",
        "msmtp -t",
        "--webhook-private",
        "--digest-hour",
        "7",
    ]
    assert cli.main(["host", *options]) == 0
    notify = configs[0].notify
    assert (notify.kinds, notify.mail_command, notify.private, notify.digest_hour) == (
        ("webhook", "mail"),
        "msmtp -t",
        True,
        7,
    )


def test_none_turns_notifications_off(configs):
    assert cli.main(["host", "--notify", "none"]) == 0
    assert configs[0].notify.kinds == ()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--notify", "sms"], "--notify takes webhook, mail"),
        (["--digest-hour", "24"], "--digest-hour takes an hour"),
        (["--notify", "mail", "--mail-command", ""], "--notify mail needs a --mail-command"),
    ],
)
def test_what_the_host_cannot_do_stops_it(configs, capsys, options, words):
    assert cli.main(["host", *options]) == 2
    assert words in capsys.readouterr().err and configs == []
