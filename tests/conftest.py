"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import time
import uuid

import pytest
from castletui.rules import registry
from castletui.rules.core.search import work_budget

from tests import processes, quiet
from tests.app.snapshots import release_snapshot_dirs
from tests.stores.server import NoServer, Server, without_a_server

# Screens show save times in local time: every test reads them in UTC, so a
# snapshot does not depend on the machine's time zone.
os.environ["TZ"] = "UTC"
time.tzset()

# Every process this worker starts carries this mark (tests/processes.py).
os.environ[processes.RUN_VARIABLE] = uuid.uuid4().hex


@pytest.fixture(scope="session", autouse=True)
def no_process_outlives_the_run():
    """A server or castletui a test started and did not end fails the run
    (and is killed), whichever test left it."""
    yield
    left = processes.left_behind(os.environ[processes.RUN_VARIABLE])
    if left:
        pytest.fail(f"processes left running by this run (now killed): {left}", pytrace=False)


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL, started the first time a test asks for it and
    ended with the run (tests/stores/server.py). Where there is none, the
    test is skipped, but never in CI (``CI=true``): there it fails."""
    try:
        server = Server()
    except NoServer as error:
        without_a_server(error)
    try:
        yield server
    finally:
        server.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests (whole games through the keyboard, 15 s and more) run
    first. CI runs two workers that steal work from each other
    (``--dist worksteal``): started last, a two-minute game kept one worker
    busy for minutes after the other had run out, about a fifth of the
    suite's time. Started first, the many short tests fill in around them.
    The sort is stable, so every other test keeps its order."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def snapshot_dirs_released():
    """The fixed snapshot folders a test took (tests.app.snapshots.fresh_dir)
    go back to the other suite running on this machine when it ends."""
    yield
    release_snapshot_dirs()


@pytest.fixture(autouse=True)
def pilot_waits_for_a_quiet_app(monkeypatch):
    """Pilot's keys and pauses wait for the app to have nothing left to do,
    not for the process to idle 20 ms each time (tests/quiet.py)."""
    quiet.install(monkeypatch)


@pytest.fixture(autouse=True)
def hard_bots_work_briefly():
    """A hard bot searches a few rounds in a test (issue 30): tests give work,
    never time, and whole games of hard bots stay fast. Strength is
    measured in benchmarks/bot_strength.py, with the games' own budgets."""
    with work_budget(6):
        yield


@pytest.fixture
def pig(monkeypatch):
    """The toy dice game registered for one test (and gone after it), for
    testing the driver and saves apart from any real game's rules."""
    monkeypatch.setitem(registry.ENTRIES, "pig", registry.Entry("tests.toy_game"))
    yield registry.get("pig")
    registry.forget("pig")


@pytest.fixture(autouse=True)
def isolated_save_dir(tmp_path, monkeypatch):
    """No test ever writes to the real user folders (saves, crash logs,
    settings), nor reads the real settings."""
    monkeypatch.setenv("CASTLETUI_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("CASTLETUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CASTLETUI_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("CASTLETUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CASTLETUI_BOT_DELAY", "0")
