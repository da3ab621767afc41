"""The cycle collector held while castletui starts (castletui/collector.py):
from the command line's first load of the app to the app's first frame."""

from __future__ import annotations

import argparse
import gc
import types

import pytest

from castletui import cli, collector


@pytest.fixture(autouse=True)
def collector_as_it_was():
    """Each test leaves the collector as it found it."""
    was_on = gc.isenabled()
    yield
    collector.release()
    if was_on:
        gc.enable()
    else:
        gc.disable()


def test_a_hold_stops_the_collector_and_a_release_restores_it():
    gc.enable()
    collector.hold()
    collector.hold()  # a second hold (the app's, after the command line's) changes nothing
    assert collector.held() and not gc.isenabled()
    collector.release()
    assert not collector.held() and gc.isenabled()
    collector.release()  # nothing held: nothing happens
    assert gc.isenabled()


def test_a_release_leaves_a_collector_that_was_off_off():
    gc.disable()
    collector.hold()
    collector.release()
    assert not collector.held() and not gc.isenabled()


@pytest.mark.parametrize(
    ("argv", "holds"),
    [
        (["new", "castlecards", "--players", "2"], True),
        (["resume"], True),
        (["list"], False),
        (["calc", "castlecards"], False),
    ],
)
def test_the_command_line_holds_the_collector_before_it_loads_the_app(monkeypatch, argv, holds):
    """The app's commands load textual and the screens with the collector held
    (the app releases it at its first frame); other commands never hold it."""
    gc.enable()
    seen = {}

    def run(args: argparse.Namespace) -> int:
        seen["held"] = collector.held() and not gc.isenabled()
        return 0

    monkeypatch.setattr(cli, "later", lambda name: types.SimpleNamespace(run=run))
    assert cli.run(cli.build_parser().parse_args(argv)) == 0
    assert seen["held"] is holds


def test_an_app_command_that_never_opens_the_app_lets_the_collector_run_again(monkeypatch):
    """A refused save or an error before the first frame: the collector is
    not left held (a command line run in-process, as tests do, goes on)."""
    gc.enable()

    def run(args: argparse.Namespace) -> int:
        raise cli.Refused("That save cannot be read.")

    monkeypatch.setattr(cli, "later", lambda name: types.SimpleNamespace(run=run))
    with pytest.raises(cli.Refused):
        cli.run(cli.build_parser().parse_args(["resume", "nowhere.toml"]))
    assert not collector.held() and gc.isenabled()
