"""The tests' PostgreSQL: never a silent skip in CI."""

from __future__ import annotations

import pytest

from tests.stores.server import NoServer, programs, without_a_server


def test_without_a_server_ci_fails_where_a_developer_skips(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI needs a PostgreSQL"):
        without_a_server(NoServer("none here"))
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        without_a_server(NoServer("none here"))


def test_the_test_extra_brings_the_servers_programs():
    folder = programs()
    assert all((folder / name).exists() for name in ("initdb", "postgres", "pg_dump", "pg_restore"))
