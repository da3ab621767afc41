"""Save files: the format, atomic writes with a .bak, the save directory,
listing, and every kind of bad input ending in a clear message with nothing
lost (design.md section 3)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import msgspec
import pytest
from castletui.rules.core import Config, state_hash
from castletui.saves import store

from castletui import saves
from tests.playing import playout
from tests.saves.sealing import reseal

GAME = "catapult-castle"
CONFIG = Config("standard", 2)


def played_save(plies: int = 30, seed: int = 1) -> tuple[saves.SaveFile, object]:
    run = playout(GAME, CONFIG, seed, stop_at=plies)
    save = saves.new_save(GAME, CONFIG, [saves.Player("Coco"), saves.Player("Wei", "bot", "hard")], seed)
    # One game, whenever the test runs: saves of the same seed are the same game.
    save = msgspec.structs.replace(save, created="2026-11-30T09:30:00+00:00")
    for seat, action, state in zip(run.seats, run.actions, run.states[1:], strict=True):
        save = saves.append(save, seat, action, state, "2026-11-30T10:00:00+00:00")
    return save, run.state


@pytest.fixture
def saved(tmp_path) -> Path:
    save, _ = played_save()
    return saves.dump(save, tmp_path / "coco.toml")


def test_a_save_names_its_format_version_game_and_check(saved):
    text = saved.read_text()
    assert text.startswith(f'format = "castletui-save"\nversion = {saves.VERSION}\ngame = "catapult-castle"')
    header, _, log = text.partition("\n[log]\n")
    lines = log.splitlines()
    assert (
        len(lines) == 30 and lines[0].startswith("1 = { seat = ") and lines[-1].startswith("30 = { seat = ")
    )
    assert 'hash = "' in lines[-1] and "[check]" not in header  # each move says what the game is after it


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_load_replays_to_the_saved_state(tmp_path, suffix):
    save, state = played_save()
    path = saves.dump(save, tmp_path / f"game{suffix}")
    loaded = saves.load(path)
    assert loaded == save
    assert state_hash(saves.replay(loaded)) == state_hash(state)


def test_writing_again_keeps_the_previous_good_copy_as_bak(tmp_path):
    first, _ = played_save(plies=10)
    second, _ = played_save(plies=20)
    path = tmp_path / "game.toml"
    saves.dump(first, path)
    saves.dump(second, path)
    assert saves.load(path) == second
    assert saves.load(saves.backup_path(path)) == first
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_listing_shows_game_players_moves_and_last_played(tmp_path, saved):
    (tmp_path / "broken.toml").write_text("format = 'castletui-save'\nversion = ")
    rows = {Path(row.path).name: row for row in saves.list_saves(tmp_path)}
    good = rows["coco.toml"]
    assert (good.game, good.players, good.plies) == (GAME, ("Coco", "Wei"), 30)
    assert good.updated.startswith("2026-11-30")
    assert "not valid TOML" in rows["broken.toml"].problem


def test_save_dir_comes_from_flag_then_environment_then_user_data(monkeypatch, tmp_path):
    monkeypatch.setenv("CASTLETUI_SAVE_DIR", str(tmp_path / "env"))
    assert saves.save_dir(tmp_path / "flag") == tmp_path / "flag"
    assert saves.save_dir() == tmp_path / "env"
    monkeypatch.delenv("CASTLETUI_SAVE_DIR")
    assert saves.save_dir() == tmp_path / "data" / "saves"  # $CASTLETUI_DATA_DIR (the suite's)
    monkeypatch.delenv("CASTLETUI_DATA_DIR")
    assert saves.save_dir().parts[-2:] == ("castletui", "saves")


# --- bad input -----------------------------------------------------------


def load_error(path: Path) -> saves.SaveError:
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    return caught.value


def test_a_file_cut_in_its_header_is_refused_by_name_and_left_alone(saved):
    data = saved.read_bytes()
    cut = data[: data.index(b'created = "') + 15]
    saved.write_bytes(cut)
    error = load_error(saved)
    assert "coco.toml" in str(error) and "not valid TOML" in str(error)
    assert saved.read_bytes() == cut


def test_a_file_cut_in_its_log_opens_at_its_last_whole_move_and_is_left_alone(saved):
    """Moves are appended one line each: a file cut short in its log is a
    castletui stopped while writing a move, which is all that is lost."""
    data = saved.read_bytes()
    cut = data[: len(data) * 2 // 3]
    saved.write_bytes(cut)
    whole_lines = cut[cut.index(b"[log]") :].count(b"\n") - 1
    assert len(saves.load(saved).log) == whole_lines
    assert saved.read_bytes() == cut


def test_a_truncated_json_file_says_so(tmp_path):
    save, _ = played_save()
    path = saves.dump(save, tmp_path / "g.json")
    path.write_bytes(path.read_bytes()[:200])
    assert "cut short" in str(load_error(path))


def test_wrong_types_name_the_field(saved):
    saved.write_text(saved.read_text().replace("seed = 1", 'seed = "one"'))
    message = str(load_error(saved))
    assert "damaged" in message and "seed" in message and "expected a whole number, not a text" in message


def test_an_unknown_game_is_named(saved):
    saved.write_text(saved.read_text().replace('game = "catapult-castle"', 'game = "chess"'))
    reseal(saved)  # past the record's checks: the game itself is unknown
    assert "'chess'" in str(load_error(saved))


def test_a_newer_format_version_asks_for_an_update(saved):
    saved.write_text(saved.read_text().replace(f"version = {saves.VERSION}", "version = 7"))
    message = str(load_error(saved))
    assert "newer castletui" in message and "format 7" in message


def test_not_a_save_at_all(tmp_path):
    path = tmp_path / "notes.toml"
    path.write_text('title = "shopping"\n')
    assert "not a castletui save" in str(load_error(path))
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert "empty" in str(load_error(empty))
    assert "no save" in str(load_error(tmp_path / "missing.toml"))


def test_an_illegal_action_names_the_entry_and_offers_the_last_legal_ply(tmp_path):
    save, _ = played_save(plies=30)
    bad = list(save.log)
    # Entry 12 becomes a decision by the wrong seat.
    bad[11] = saves.LogEntry(seat=5, action=bad[11].action)
    path = saves.dump(msgspec.structs.replace(save, log=bad), tmp_path / "bad.toml")
    error = load_error(path)
    assert error.entry == 12
    assert "log entry 12 of 30" in str(error) and "move 11" in str(error)
    partial = error.partial
    assert len(partial.log) == 11
    assert state_hash(saves.replay(partial)) == partial.check.state_hash


def test_an_action_of_another_game_names_the_entry(tmp_path):
    save, _ = played_save(plies=10)
    bad = list(save.log)
    bad[4] = saves.LogEntry(seat=bad[4].seat, action={"type": "CastleSpell", "power": 9})
    path = saves.dump(msgspec.structs.replace(save, log=bad), tmp_path / "bad.json")
    error = load_error(path)
    assert error.entry == 5 and "not an action of this game" in str(error)


def test_a_tampered_position_is_caught_by_the_hash(saved):
    text = saved.read_text()
    start = text.rindex('hash = "') + len('hash = "')
    saved.write_text(text[:start] + "0000000000000000" + text[start + 16 :])
    moves = len(text.partition("\n[log]\n")[2].splitlines())
    changed = load_error(saved)
    assert f"record was changed at move {moves}" in str(changed) and changed.entry == moves
    assert changed.partial.check.plies == moves - 1  # the moves before it, each checked
    reseal(saved)  # whoever recomputes the checks still meets the replay
    assert "different position" in str(load_error(saved))


def test_a_read_only_directory_fails_clearly_and_keeps_the_old_save(saved, monkeypatch):
    before = saved.read_bytes()
    save, _ = played_save(plies=40)

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(store.tempfile, "mkstemp", refuse)
    with pytest.raises(saves.SaveError) as caught:
        saves.dump(save, saved)
    assert "no permission" in str(caught.value) and "untouched" in str(caught.value)
    assert saved.read_bytes() == before


def test_a_full_disk_fails_clearly_keeps_the_old_save_and_leaves_no_temporary(saved, monkeypatch):
    before = saved.read_bytes()
    save, _ = played_save(plies=40)
    real_fsync = os.fsync

    def disk_full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store.os, "fsync", disk_full)
    with pytest.raises(saves.SaveError) as caught:
        saves.dump(save, saved)
    monkeypatch.setattr(store.os, "fsync", real_fsync)
    assert "disk is full" in str(caught.value)
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["coco.toml"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("../../etc/passwd", "passwd.toml"),
        ("..", "game.toml"),
        ("my game.json", "my game.json"),
        ("a/../../b.toml", "b.toml"),
        (".hidden", "hidden.toml"),
        ("C:\\windows\\evil", "evil.toml"),
    ],
)
def test_save_names_cannot_escape_the_save_directory(tmp_path, typed, expected):
    path = saves.path_in(tmp_path, typed)
    assert path.parent == tmp_path.resolve()
    assert path.name == expected


def test_a_bad_config_is_refused_before_anything_is_written():
    with pytest.raises(saves.SaveError) as caught:
        saves.new_save(GAME, Config("standard", 7), [saves.Player(str(n)) for n in range(7)], 1)
    assert "players" in str(caught.value)


def test_continue_prefers_the_newest_game_still_going(tmp_path):
    going, _ = played_save(plies=10)
    saves.dump(msgspec.structs.replace(going, updated="2026-11-29T10:00:00+00:00"), tmp_path / "going.toml")
    finished = msgspec.structs.replace(going, updated="2026-11-30T10:00:00+00:00", finished=True)
    saves.dump(finished, tmp_path / "done.toml")
    assert Path(saves.latest_save(tmp_path).path).name == "going.toml"
    (tmp_path / "going.toml").unlink()
    assert Path(saves.latest_save(tmp_path).path).name == "done.toml"
    assert saves.latest_save(tmp_path / "nowhere") is None


def test_a_save_records_every_option_so_a_later_default_cannot_change_the_game():
    """Defaults change between releases (a ruling fixed); a game goes on under
    the house rules it was started with."""
    from castletui.rules import registry

    save = saves.new_save("castlecards", Config("two-player", 2), [saves.Player("A"), saves.Player("B")], 1)
    info = registry.get("castlecards").INFO
    assert save.config.options == {option.name: option.default for option in info.options_for("two-player")}
    custom = saves.new_save(
        "castlecards", Config("two-player", 2, {"round_limit": 9}), [saves.Player("A"), saves.Player("B")], 1
    )
    assert custom.config.options["round_limit"] == 9


def test_a_save_of_another_edition_that_still_replays_opens_without_the_hash_check(saved):
    """A game's edition tag changes with its data and each revision of its
    state's shape: a log that replays legally under today's rules is the
    same game, so its old hash is not held against it."""
    text = saved.read_text()
    start = text.rindex('hash = "') + len('hash = "')
    text = text[:start] + "0000000000000000" + text[start + 16 :]
    saved.write_text(text.replace(" rules 2", " rules 1", 1))  # an older revision of this edition
    reseal(saved)
    assert saves.load(saved).game == GAME


def test_a_save_that_claims_an_edition_castletui_does_not_have_is_refused(saved):
    saved.write_text(saved.read_text().replace('edition = "', 'edition = "Deluxe ', 1))
    assert "was changed after castletui wrote it" in str(load_error(saved))  # the edition is in the check
    reseal(saved)
    message = str(load_error(saved))
    assert "edition 'Deluxe Imperial" in message and "does not have" in message
