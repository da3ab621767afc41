"""The shared-table commands: `new GAME --shared`, `join` (the lobby, a
table by name, a seat), `--as`, `--table-dir` and `serve`'s command line;
a refusal is one line and status 2."""

from __future__ import annotations

import argparse
import os
import shlex
import sys

import pytest
from castletui.rules import registry
from castletui.saves.table import identity

from castletui import cli, saves
from castletui.commands.folders import player_identity, table_folder
from castletui.commands.serve import serve_command_line
from castletui.commands.start import start_from
from castletui.shared import create_table


def start_of(*argv: str):
    return start_from(cli.build_parser().parse_args(list(argv)), registry)


def test_new_shared_with_players_starts_a_table_and_without_opens_the_wizard_shared():
    start = start_of(
        "new", "castlecards", "--shared", "--variant", "multi-player", "--players", "3", "--bots", "1"
    )
    assert start.kind == "shared"
    assert [player.is_bot for player in start.new_game["players"]] == [False, False, True]
    assert "mode" not in start.new_game  # a shared table is digital
    wizard = start_of("new", "castlecards", "--shared")
    assert wizard.kind == "wizard" and wizard.new_game["shared"]


def test_a_shared_table_is_not_played_in_table_mode(capsys):
    assert start_of("new", "castlecards", "--shared", "--mode", "table", "--players", "2") == 2
    assert "played digitally" in capsys.readouterr().err


def test_join_finds_a_table_by_its_name_in_the_table_folder_and_takes_the_seat_asked(tmp_path):
    folder = tmp_path / "tables"
    table, _, _ = create_table(
        folder, "ann", "castlecards", "two-player", [saves.Player("A"), saves.Player("B")]
    )
    start = start_of("join", table.path.stem, "--seat", "2", "--table-dir", str(folder), "--as", "bo")
    assert start.kind == "join" and start.path == table.path and start.new_game["seat"] == 1
    lobby = start_of("join", "--table-dir", str(folder))
    assert lobby.kind == "join" and lobby.path is None


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["join", "nowhere", "--table-dir", "{folder}"], "there is no table at nowhere"),
        (["join", "--seat", "0", "--table-dir", "{folder}"], "--seat takes 1, 2"),
        (["join", "--as", "Bo\x1b[31m"], "control character"),
        (["join", "--as", ""], "is empty"),
    ],
)
def test_join_refusals_are_one_line(tmp_path, capsys, argv, said):
    argv = [arg.replace("{folder}", str(tmp_path)) for arg in argv]
    assert cli.main(argv) == 2
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1


def test_the_table_folder_comes_from_the_option_then_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CASTLETUI_TABLE_DIR", str(tmp_path / "from-env"))
    args = cli.build_parser().parse_args(["join"])
    assert table_folder(args) == tmp_path / "from-env"
    args = cli.build_parser().parse_args(["join", "--table-dir", str(tmp_path / "given")])
    assert table_folder(args) == tmp_path / "given"


def test_serve_runs_the_lobby_as_the_player_over_the_same_tables(tmp_path):
    args = cli.build_parser().parse_args(
        ["serve", "--table-dir", str(tmp_path), "--as", "Ann Lee", "--port", "9"]
    )
    command = shlex.split(serve_command_line(args))
    assert command[:4] == [sys.executable, "-m", "castletui", "join"]
    assert command[command.index("--table-dir") + 1] == str(tmp_path)
    assert command[command.index("--as") + 1] == "Ann Lee"
    pytest.importorskip("textual_serve")
    from textual_serve.server import Server

    server = Server(serve_command_line(args), port=args.port)
    assert server.command == serve_command_line(args)


def test_resume_refuses_a_table_file_and_says_to_join_it(tmp_path, capsys):
    """A table opened as an ordinary save would autosave over it without the
    lock and drop who owns each seat."""
    table, _, _ = create_table(
        tmp_path, "ann", "castlecards", "two-player", [saves.Player("A"), saves.Player("B")]
    )
    before = table.path.read_bytes()
    assert cli.main(["resume", str(table.path)]) == 2
    error = capsys.readouterr().err
    assert "shared table" in error and "castletui join" in error and error.count("\n") == 1
    from castletui.session import Session

    with pytest.raises(saves.SaveError, match="shared table"):
        Session.open(table.path)
    assert table.path.read_bytes() == before


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "castlecards", "--shared", "--seed", "4242", "--players", "2"],
        ["new", "castlecards", "--shared", "--seed", "4242"],  # the wizard would take it too
    ],
)
def test_a_shared_table_refuses_a_seed_a_player_chose(capsys, argv):
    """Ann typed 4242 and Bo's hand and every draw could be printed (#25.1)."""
    assert cli.main(argv) == 2
    error = capsys.readouterr().err
    assert "draws its own seed" in error and error.count("\n") == 1
    start = start_of("new", "castlecards", "--shared", "--players", "2")
    assert start.kind == "shared" and "seed" not in start.new_game


def test_as_with_an_invisible_character_is_refused(tmp_path, capsys):
    assert cli.main(["join", "--as", "Ann\u200b", "--table-dir", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "shows as nothing" in error and error.count("\n") == 1


def test_names_alike_but_for_capitals_are_refused_and_names_are_normalised(capsys):
    assert cli.main(["new", "castlecards", "--names", "Ann,ANN"]) == 2
    assert "different name" in capsys.readouterr().err
    start = start_of("new", "castlecards", "--names", "\uff21nn,Bo")
    assert [player.name for player in start.new_game["players"]] == ["Ann", "Bo"]


@pytest.fixture
def foreign_folder(tmp_path):
    """A table folder that belongs to another Unix user (nobody's uid)."""
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user takes root")
    folder = tmp_path / "group-tables"
    folder.mkdir()
    os.chown(folder, 65534, -1)
    return folder


def test_as_is_honoured_only_over_a_table_folder_of_the_unix_user_running_castletui(
    tmp_path, capsys, foreign_folder
):
    """Another Unix user ran `castletui join --as ann` and played ann's seat (#32.2)."""
    for argv in (
        ["join", "--as", "ann", "--table-dir", str(foreign_folder)],
        ["join", "--as", "ann", "--table-dir", str(foreign_folder / "not-yet")],
        ["new", "castlecards", "--shared", "--as", "ann", "--table-dir", str(foreign_folder)],
    ):
        assert cli.main(argv) == 2, argv
        error = capsys.readouterr().err
        assert "--as" in error and "Unix user" in error and error.count("\n") == 1
    # Without --as the same folder is played as the Unix user.
    args = cli.build_parser().parse_args(["join", "--table-dir", str(foreign_folder)])
    assert player_identity(args) == identity()
    # The game account's own folder (made or not yet) takes it.
    own = tmp_path / "own"
    for folder in (own, own / "not-yet"):
        args = cli.build_parser().parse_args(["join", "--as", "ann", "--table-dir", str(folder)])
        assert player_identity(args) == "user:ann"
        own.mkdir(exist_ok=True)


def test_serve_without_as_lets_each_visitor_be_the_unix_user(tmp_path):
    args = cli.build_parser().parse_args(["serve", "--table-dir", str(tmp_path)])
    assert "--as" not in shlex.split(serve_command_line(args))


def test_new_shared_takes_a_time_per_move_and_only_a_shared_table_does(capsys):
    start = start_of("new", "castlecards", "--shared", "--players", "2", "--per-move", "1d")
    assert start.new_game["per_move"] == 86_400
    assert start_of("new", "castlecards", "--shared", "--per-move", "3 d").new_game["per_move"] == 3 * 86_400
    assert start_of("new", "castlecards", "--players", "2", "--per-move", "1h") == 2
    assert "add --shared" in capsys.readouterr().err
    assert start_of("new", "castlecards", "--shared", "--per-move", "soon") == 2
    assert "not a time per move" in capsys.readouterr().err


def test_any_whole_number_of_minutes_hours_or_days_is_a_time_per_move_as_the_help_says(capsys):
    # The help listed only none/1h/1d/3d while 2h was taken: it says what is taken now.
    assert start_of("new", "castlecards", "--shared", "--per-move", "2h").new_game["per_move"] == 7200
    assert start_of("new", "castlecards", "--shared", "--per-move", "90min").new_game["per_move"] == 5400
    new = next(
        action.choices["new"]
        for action in cli.build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    (per_move,) = [action for action in new._actions if "--per-move" in action.option_strings]
    assert "any whole number of minutes, hours or days" in per_move.help
