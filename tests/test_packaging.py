"""The package as PyPI shows it (issue 31, item 6): an SPDX licence with
its file, classifiers and keywords, the sdist carrying what runs the suite,
and ruff in a development group rather than the test extra."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_expression_with_its_file():
    project = PROJECT["project"]
    # The table form ({ text = "MIT" }) is deprecated by setuptools from 2027-02-18.
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (
        "Copyright (c)" in (ROOT / "LICENSE").read_text()
        and "the castletui authors" in (ROOT / "LICENSE").read_text()
    )
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # the expression says it
    requires = " ".join(PROJECT["build-system"]["requires"])
    assert (
        re.search(r"setuptools>=(\d+)", requires) and int(re.search(r"setuptools>=(\d+)", requires)[1]) >= 77
    )


def test_classifiers_say_what_castletui_is():
    classifiers = PROJECT["project"]["classifiers"]
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Environment :: Console" in classifiers
    minimum = PROJECT["project"]["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {minimum}" in classifiers
    assert classifiers == sorted(classifiers)
    assert PROJECT["project"]["keywords"]


def test_ruff_is_a_development_group_and_no_test_needs_it():
    assert not [r for r in PROJECT["project"]["optional-dependencies"]["test"] if r.startswith("ruff")]
    assert any(r.startswith("ruff") for r in PROJECT["dependency-groups"]["dev"])
    runs_ruff = [
        path
        for path in ROOT.joinpath("tests").rglob("*.py")
        if path.name != "test_packaging.py" and re.search(r"\bruff\b", path.read_text(encoding="utf-8"))
    ]
    assert runs_ruff == []


def test_the_sdist_carries_the_tests_the_benchmarks_and_the_changelog():
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "include CHANGELOG.md" in manifest
    kinds = {
        path.suffix
        for path in ROOT.joinpath("tests").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    included = set(re.findall(r"\*(\.\w+)", re.search(r"recursive-include tests (.*)", manifest)[1]))
    assert kinds - {".pyc"} <= included, "a kind of file the suite needs would be left out of the sdist"
    assert "recursive-include benchmarks *.py" in manifest
