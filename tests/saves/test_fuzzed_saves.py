"""Fuzzed saves (tests/saves/fuzzing.py): a few hundred hostile files made
from real games. Each ends in a game or a clear SaveError, never anything
else, and loading changes no file (issue "Never crash, never lose a game")."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from castletui import cli, saves
from castletui.session import Session
from tests.saves.fuzzing import MUTATIONS, write_corpus


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict[Path, str]:
    return write_corpus(tmp_path_factory.mktemp("fuzzed"))


def fingerprint(folder: Path) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir())}


def test_the_corpus_has_every_mutation_of_every_game_in_both_formats(corpus):
    kinds = set(corpus.values())
    assert kinds == set(MUTATIONS) | {"original"}
    assert {path.suffix for path in corpus} == {".toml", ".json"}
    assert len(corpus) >= 300


def test_every_fuzzed_save_opens_or_is_refused_clearly_and_is_left_as_it_was(corpus):
    folder = next(iter(corpus)).parent
    before = fingerprint(folder)
    outcomes = {"opened": 0, "refused": 0}
    for path, kind in corpus.items():
        try:
            session = Session.open(path)  # what `castletui resume FILE` opens
        except saves.SaveError as error:
            message = str(error)
            assert message and "Traceback" not in message and len(message) < 2000, (path.name, message)
            assert kind not in ("original", "torn_append"), message  # a cut-short move loses only itself
            outcomes["refused"] += 1
            if error.partial is not None:  # the offer to open at the last legal move
                Session.from_save(error.partial, None)
            continue
        session.status_text()
        outcomes["opened"] += 1
    assert fingerprint(folder) == before, "loading changed a file"
    assert outcomes["refused"] > len(corpus) / 2 and outcomes["opened"] >= len(MUTATIONS)


def test_castletui_list_lists_every_fuzzed_save(corpus, capsys):
    folder = next(iter(corpus)).parent
    assert cli.main(["list", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{len(list(folder.glob('*.toml')) + list(folder.glob('*.json')))} saved games")
    assert "\x1b" not in out
