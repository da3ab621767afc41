"""Never lose a game, never crash on a file: overwrites, two games started in
the same second, special files, nesting, sizes no real game reaches, bad
names and options in a save, and the temporaries a killed castletui leaves
(issue "Never crash, never lose a game")."""

from __future__ import annotations

import os
import time

import msgspec
import pytest
from castletui.saves import store
from castletui.saves.schema import MAX_NAME_LENGTH, MAX_PLIES, MAX_SAVE_BYTES

from castletui import saves
from tests.saves.test_saves import played_save


def another_game(seed: int = 77) -> saves.SaveFile:
    save, _ = played_save(plies=12, seed=seed)
    return msgspec.structs.replace(save, created="2026-11-30T09:00:00+00:00", seed=seed)


# --- item 1: Save as over an existing name ------------------------------------


def test_a_file_holding_another_game_is_not_written_over_without_asking(tmp_path):
    path = saves.dump(another_game(1), tmp_path / "friday.toml")
    mine = another_game(2)
    with pytest.raises(saves.SaveError, match="holds another game"):
        saves.dump(mine, path)
    assert saves.load(path).seed == 1


def test_replacing_another_game_never_lets_autosave_destroy_its_backup(tmp_path):
    """Save as over "friday" (the player said Replace), then autosave twice:
    friday's last copy must still be on disk, and so must its backup."""
    theirs = another_game(1)
    path = saves.dump(theirs, tmp_path / "friday.toml")
    older_theirs = msgspec.structs.replace(theirs, status="older")
    saves.dump(older_theirs, path)  # friday.toml.bak is friday's own older copy
    mine = msgspec.structs.replace(another_game(2), created="2026-11-30T11:00:00+00:00")
    saves.dump(mine, path, replace=True)
    for number in range(3):
        saves.dump(msgspec.structs.replace(mine, status=f"move {number}"), path)
    assert saves.load(path).seed == 2
    kept = [p for p in tmp_path.iterdir() if p.name.endswith(".bak")]
    seeds = sorted(saves.read(p).seed for p in kept)
    assert 1 in seeds, "the replaced game survives as a backup"
    assert saves.read(saves.backup_path(path)).seed == 2, "the new game has its own backup"


def test_the_same_game_keeps_writing_its_own_backup(tmp_path):
    mine = another_game(3)
    path = saves.dump(mine, tmp_path / "g.toml")
    saves.dump(msgspec.structs.replace(mine, status="later"), path)
    assert saves.read(saves.backup_path(path)).status == mine.status
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml", "g.toml.bak"]


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_file_tells_which_game_it_holds_from_its_first_lines(tmp_path, suffix):
    save = another_game(5)
    path = saves.dump(save, tmp_path / f"g{suffix}")
    assert saves.game_identity(path) == saves.identity_of(save)
    assert saves.game_identity(tmp_path / "missing.toml") is None


# --- item 2: two games started in the same second ---------------------------


def test_new_save_names_never_collide(tmp_path):
    paths = [saves.new_save_path(tmp_path, "castlecards-2026-11-30-142500") for _ in range(5)]
    assert len(set(paths)) == 5
    assert [p.name for p in paths[:3]] == [
        "castlecards-2026-11-30-142500.toml",
        "castlecards-2026-11-30-142500-2.toml",
        "castlecards-2026-11-30-142500-3.toml",
    ]


def test_a_new_name_skips_one_whose_backup_is_left(tmp_path):
    (tmp_path / "g.toml.bak").write_text("x")
    assert saves.new_save_path(tmp_path, "g").name == "g-2.toml"


def test_two_sessions_started_in_the_same_second_keep_both_games(tmp_path, monkeypatch):
    from castletui import app as app_module
    from castletui.app import CastleApp
    from castletui.session import Session

    monkeypatch.setattr(app_module, "save_stamp", lambda: "2026-11-30-142500")
    app = CastleApp(save_dir=tmp_path)
    players = [saves.Player("Ann"), saves.Player("Wei")]
    first = Session.new("castlecards", "two-player", players, seed=1, path=app.new_save_path("castlecards"))
    second = Session.new("castlecards", "two-player", players, seed=2, path=app.new_save_path("castlecards"))
    assert first.path != second.path
    assert {saves.load(first.path).seed, saves.load(second.path).seed} == {1, 2}


# --- items 4, 5 and 8: what is read at all ---------------------------------


def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saves.read(fifo)
    assert [row.problem != "" for row in saves.list_saves(tmp_path)] == [True]


def test_a_file_larger_than_any_game_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b'name = "' + b"a" * (MAX_SAVE_BYTES + 10) + b'"\n')
    with pytest.raises(saves.SaveError, match="larger than 4 MiB"):
        saves.read(path)


def test_a_log_longer_than_any_game_is_refused_before_parsing(tmp_path):
    save, _ = played_save(plies=5)
    path = saves.dump(save, tmp_path / "long.json")
    entries = "".join(['{"seat": 0, "action": {}}\n'] * (MAX_PLIES + 200))
    path.write_text(path.read_text() + entries)
    with pytest.raises(saves.SaveError, match="more than 20,000 moves"):
        saves.read(path)


@pytest.mark.parametrize(
    "text, name",
    [
        ("[" * 2000 + "]" * 2000, "deep.json"),
        ("a = " + "[" * 3000 + "]" * 3000 + "\n", "deep.toml"),
        ('{"format":"castletui-save","version":1,"x":' + "[" * 5000 + "]" * 5000 + "}", "deep2.json"),
    ],
)
def test_deep_nesting_is_a_clear_refusal(tmp_path, text, name):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(saves.SaveError):
        saves.read(path)
    assert saves.list_saves(tmp_path)[0].problem


def test_one_bad_file_never_hides_the_others(tmp_path, monkeypatch):
    save, _ = played_save()
    saves.dump(save, tmp_path / "good.toml")
    (tmp_path / "odd.toml").write_text("x = 1\n")
    real_decode = store.decode

    def crashing(data, path):
        if path.name == "odd.toml":
            raise MemoryError("a decoder bug")
        return real_decode(data, path)

    monkeypatch.setattr(store, "decode", crashing)
    rows = {row.name: row for row in saves.list_saves(tmp_path)}
    assert rows["good"].game == "catapult-castle" and rows["odd"].problem


@pytest.mark.parametrize(
    "name, says",
    [
        ("A" * (MAX_NAME_LENGTH + 1), "at most 40 characters"),
        ("", "at least 1 character"),
        ("line\nbreak", "control character"),
        ("\x1b[31mred", "control character"),
        ("right\u202eleft", "control character"),
    ],
)
def test_a_saved_name_no_game_could_have_is_refused(tmp_path, name, says):
    save, _ = played_save()
    bad = msgspec.structs.replace(
        save, config=msgspec.structs.replace(save.config, players=[saves.Player(name), save.players[1]])
    )
    path = tmp_path / "names.json"
    path.write_bytes(msgspec.json.encode(bad))
    with pytest.raises(saves.SaveError, match=says):
        saves.read(path)


def test_a_name_with_square_brackets_is_just_a_name(tmp_path):
    save, _ = played_save()
    named = msgspec.structs.replace(
        save,
        config=msgspec.structs.replace(save.config, players=[saves.Player("[/]"), saves.Player("[Team A]")]),
    )
    path = saves.dump(named, tmp_path / "brackets.toml")
    assert saves.load(path).players[1].name == "[Team A]"


def test_new_save_refuses_names_no_game_could_have():
    from castletui.rules.core import Config

    with pytest.raises(saves.SaveError, match="longer than 40"):
        saves.new_save(
            "castlecards", Config("two-player", 2), [saves.Player("x" * 100), saves.Player("W")], 1
        )


# --- item 11: temporaries a killed castletui left --------------------------


def test_stale_temporaries_are_cleaned_and_fresh_ones_left(tmp_path):
    stale = tmp_path / ".g.toml.abc123.tmp"
    fresh = tmp_path / ".g.toml.def456.tmp"
    for path in (stale, fresh):
        path.write_text("half a save")
    old = time.time() - store.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    assert saves.clean_stale_temporaries(tmp_path) == 1
    assert not stale.exists() and fresh.exists()


def test_the_first_write_in_a_folder_cleans_up(tmp_path):
    stale = tmp_path / ".g.toml.abc123.bak.tmp"
    stale.write_text("x")
    old = time.time() - store.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    store._cleaned.discard(tmp_path)
    save, _ = played_save()
    saves.dump(save, tmp_path / "g.toml")
    assert not stale.exists()
