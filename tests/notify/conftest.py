"""The notification tests' receivers (tests/notify/receiver.py)."""

from tests.notify.receiver import receivers  # noqa: F401 -- a fixture
