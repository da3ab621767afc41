"""The command line under hostile input (issue "Never crash, never lose a
game", items 3, 5, 6, 7 and 15): every error is one clear line on stderr and
a non-zero status; an unexpected error leaves a crash log and says where;
nothing prints a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from castletui.rules import registry
from castletui.rules.core import Config

from castletui import cli, saves
from castletui.app import CastleApp
from castletui.commands.start import start_from
from tests.saves.sealing import reseal
from tests.saves.test_saves import played_save


def run_main(argv, capsys) -> tuple[int, str, str]:
    status = cli.main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_clear_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("castletui: ")
    return lines[0]


@pytest.mark.parametrize(
    "argv, says",
    [
        (["new", "catapult-castle", "--variant", "bogus", "--players", "2"], "has no variant 'bogus'"),
        (["new", "catapult-castle", "--variant", "bogus"], "has no variant 'bogus'"),
        (["new", "castlecards", "--option", "round_limit=x", "--players", "2"], "whole number, not 'x'"),
        (["new", "castlecards", "--option", "round_limit=-1", "--players", "2"], "from 0 to"),
        (["new", "castlecards", "--option", "round_limit=nan", "--players", "2"], "whole number"),
        (["new", "castlecards", "--option", "weapons_defend=maybe", "--players", "2"], "on or off"),
        (["new", "castlecards", "--option", "no_such=1", "--players", "2"], "has no option 'no_such'"),
        (["new", "castlecards", "--names", "Ann,Ann"], "different name"),
        (["new", "castlecards", "--names", "A" * 1_000_000 + ",Wei"], "longer than 40"),
        (["new", "castlecards", "--names", "\x1b[31mred,Wei"], "control character"),
        (["new", "castlecards", "--players", "2", "--bots", "3"], "--bots takes 0 to 2"),
        (["new", "castlecards", "--players", "2", "--level", "godlike"], "--level takes one of"),
        (["list", "--save-dir", "d" * 5000], "longer than 1024"),
        (["resume", "no-such-game"], "there is no save at no-such-game"),
    ],
)
def test_bad_command_lines_get_one_clear_line_and_a_non_zero_status(argv, says, capsys):
    status, _, err = run_main(argv, capsys)
    assert status == 2
    assert says in one_clear_line(err)


def test_a_save_dir_too_long_from_the_environment_is_refused(monkeypatch, capsys):
    monkeypatch.setenv("CASTLETUI_SAVE_DIR", "x" * 5000)
    status, _, err = run_main(["list"], capsys)
    assert status == 2 and "longer than 1024" in one_clear_line(err)


def test_resume_finds_a_save_by_the_name_list_prints(tmp_path, capsys):
    """Item 15 of "what players found": `castletui resume NAME` takes the name
    that `castletui list` prints, with or without its extension."""
    save, _ = played_save()
    saves.dump(save, tmp_path / "evening.toml")
    for name in ("evening.toml", "evening"):
        chosen = start_from(
            cli.build_parser().parse_args(["resume", name, "--save-dir", str(tmp_path)]), None
        )
        assert chosen.path == tmp_path / "evening.toml"


def test_an_unexpected_error_writes_a_crash_log_and_says_where(monkeypatch, tmp_path, capsys):
    def explode(args):
        secret = "every hand of the game"  # a local a traceback with locals would show
        raise RuntimeError(secret[:0] + "boom")

    monkeypatch.setattr(cli, "run", explode)
    status, _, err = run_main(["list"], capsys)
    line = one_clear_line(err)
    assert status == 1 and "RuntimeError" in line
    logs = list((tmp_path / "logs").glob("crash.log*"))
    assert len(logs) == 1 and str(logs[0]) in line
    text = logs[0].read_text()
    assert (
        "RuntimeError: boom" in text
        and "every hand of the game" not in text.split("Traceback")[1].split("raise")[0]
    )


def test_list_survives_a_closed_pipe(tmp_path):
    """`castletui list | head -1` must not end in a BrokenPipeError traceback."""
    save, _ = played_save()
    for number in range(40):
        saves.dump(save, tmp_path / f"game-{number}.toml")
    env = {**os.environ, "CASTLETUI_SAVE_DIR": str(tmp_path)}
    command = f"{sys.executable} -m castletui list | head -1"
    finished = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, env=env
    )
    assert "Traceback" not in finished.stderr and "BrokenPipe" not in finished.stderr
    assert finished.stdout.startswith("40 saved games")


def test_list_shows_a_fifo_and_a_deeply_nested_file_as_damaged_and_the_good_ones(tmp_path, capsys):
    save, _ = played_save()
    saves.dump(save, tmp_path / "good.toml")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "\x1b[2Jclear.toml").write_text("x")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "deep.toml").write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    status, out, _ = run_main(["list", "--save-dir", str(tmp_path)], capsys)
    assert status == 0
    assert "good.toml" in out and "catapult-castle" in out
    assert "pipe.toml" in out and "not a regular file" in out
    assert out.count("nested far deeper than a save ever is") == 2
    assert "\x1b" not in out


def test_resume_refuses_a_device_without_reading_it(capsys):
    """`castletui resume /dev/zero` once read without end."""
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saves.load("/dev/zero")


def test_a_save_with_bad_options_is_refused_by_the_option_check(tmp_path):
    config = Config("two-player", 2)
    good = saves.new_save("castlecards", config, [saves.Player("Ann"), saves.Player("Wei")], 3)
    for bad in ('"x"', "nan", "inf", "-1", "true", "1.5"):
        path = tmp_path / "cards.toml"
        saves.dump(good, path, replace=True)
        text = path.read_text()
        assert "round_limit = 0" in text, "every option is written, defaults too"
        path.write_text(text.replace("round_limit = 0", f"round_limit = {bad}"))
        reseal(path)  # past the record's checks: the option check itself refuses it
        with pytest.raises(saves.SaveError, match="Round limit"):
            saves.load(path)


def test_version_and_help_exit_zero():
    finished = subprocess.run(
        [sys.executable, "-m", "castletui", "--version"], capture_output=True, text=True
    )
    assert finished.returncode == 0 and finished.stdout.startswith("castletui ")
    assert Path(cli.__file__).exists()


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--save-dir", "{file}", "new", "castlecards", "--players", "2"], "--save-dir: {file} is a file"),
        (["--save-dir", "{file}", "new", "castlecards"], "--save-dir: {file} is a file"),
        (["--save-dir", "{file}/inside", "resume"], "--save-dir: {file} is a file, not a folder (for"),
        (["list", "--save-dir", "{file}"], "--save-dir: {file} is a file"),
        (["join", "--table-dir", "{file}"], "--table-dir: {file} is a file"),
        (["join", "--as", "Ann", "--table-dir", "{file}/tables"], "--table-dir: {file} is a file"),
        (["new", "castlecards", "--shared", "--table-dir", "{file}"], "--table-dir: {file} is a file"),
    ],
)
def test_a_save_or_table_folder_that_is_a_file_is_one_clear_line(tmp_path, capsys, monkeypatch, argv, says):
    """Issue 32, item 3: `castletui --save-dir FILE new GAME` stopped the
    app on FileExistsError ("an unexpected error" and a crash log)."""
    monkeypatch.setattr(CastleApp, "run", lambda app: pytest.fail("the app was started"))
    file = tmp_path / "a-file"
    file.write_text("not a folder")
    argv = [word.replace("{file}", str(file)) for word in argv]
    status, _, err = run_main(argv, capsys)
    assert status == 2
    assert says.replace("{file}", str(file)) in one_clear_line(err)
    assert file.read_text() == "not a folder"


def test_a_save_folder_that_is_a_file_from_the_environment_is_refused(tmp_path, monkeypatch, capsys):
    file = tmp_path / "a-file"
    file.write_text("")
    monkeypatch.setenv("CASTLETUI_SAVE_DIR", str(file))
    monkeypatch.setattr(CastleApp, "run", lambda app: pytest.fail("the app was started"))
    status, _, err = run_main(["new", "castlecards", "--players", "2"], capsys)
    assert status == 2 and "the save folder: " in one_clear_line(err) and "is a file" in err


@pytest.mark.parametrize(
    "seed",
    ["7" * 6000, "1" * 19, "-5", "12ab", "١٢٣"],
    ids=["6000-digits", "19-digits", "negative", "letters", "arabic-digits"],
)
def test_a_seed_no_save_can_hold_is_refused_with_a_sentence(seed, capsys):
    """Issue 25, item 6: a 6,000-digit seed showed Python's "Exceeds the
    limit (4300 digits) for integer string conversion"."""
    with pytest.raises(SystemExit) as stopped:
        cli.build_parser().parse_args(["new", "castlecards", "--players", "2", "--seed", seed])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: A seed is a whole number of 1 to 18 digits" in err
    assert "limit" not in err and len(err) < 1000


@pytest.mark.parametrize("seed, kept", [("0", 0), ("4242", 4242), ("9" * 18, 10**18 - 1), (" 7 ", 7)])
def test_a_seed_a_save_holds_is_kept(seed, kept):
    args = cli.build_parser().parse_args(["new", "castlecards", "--players", "2", "--seed", seed])
    assert start_from(args, registry).new_game["seed"] == kept
