"""Every app test fails if the app raised, including snapshot tests (whose
plugin would otherwise compare a picture of a crashed screen)."""

from __future__ import annotations

import pytest
from textual.app import App


@pytest.fixture(autouse=True)
def no_app_errors(monkeypatch):
    errors: list[BaseException] = []
    original = App._handle_exception

    def record(self, error: Exception) -> None:
        errors.append(error)
        original(self, error)

    monkeypatch.setattr(App, "_handle_exception", record)
    yield
    assert not errors, f"the app raised: {errors[0]!r}"
