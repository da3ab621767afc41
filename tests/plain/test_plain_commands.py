"""``--plain`` on the command line: ``new`` through a real pipe (one
subprocess), and in-process ``new`` without players, ``resume``,
``replay`` (next, back, turn N) and a shared table (``new --shared`` and
``join``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from castletui.saves import Player
from castletui.saves.table import Table, is_table

from castletui import cli
from castletui import tables as shared
from castletui.session import Session
from tests import processes
from tests.plain.reading import new_session, play, random_player

ESCAPE = "\x1b"


def run_plain(argv: list[str], answers: str, monkeypatch, capsys) -> tuple[int, str]:
    """``castletui ARGV`` in this process, its input ``answers``: the status and what it printed."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = cli.main(argv)
    return status, capsys.readouterr().out


def test_new_plain_through_a_pipe(tmp_path):
    saves = tmp_path / "saves"
    environment = {**os.environ, "CASTLETUI_SAVE_DIR": str(saves), "NO_COLOR": "", "TERM": "xterm-256color"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "castletui",
            "new",
            "castle-raisers",
            "--plain",
            "--variant",
            "solo",
            "--players",
            "1",
            "--seed",
            "4",
        ],
        input="help\nboard\n1\nscore\nquit\n",
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        preexec_fn=processes.end_with_parent,
    )
    assert done.returncode == 0, done.stderr
    assert ESCAPE not in done.stdout
    assert done.stderr == ""
    (save,) = saves.glob("*.toml")
    assert Session.open(save).ply > 0


def test_new_plain_without_players_plays_against_a_bot(tmp_path, monkeypatch, capsys):
    status, output = run_plain(
        ["new", "castlecards", "--plain", "--seed", "3"], "quit\n", monkeypatch, capsys
    )
    assert status == 0
    (save,) = (tmp_path / "saves").glob("*.toml")
    session = Session.open(save)
    assert [player.is_bot for player in session.players] == [False, True]


def test_resume_plain_goes_on_where_the_game_stopped(tmp_path, monkeypatch, capsys):
    session = new_session("catapult-castle", "solo", 1, seed=3, path=tmp_path / "saves" / "solo.toml")
    play(session, random_player(1), limit=5)
    ply = Session.open(session.path).ply
    status, output = run_plain(["resume", "solo.toml", "--plain"], "1\n1\n1\n1\n", monkeypatch, capsys)
    assert status == 0
    assert ESCAPE not in output
    assert Session.open(session.path).ply > ply


def test_resume_plain_of_nothing_is_refused(monkeypatch, capsys):
    status = cli.main(["resume", "--plain"])
    assert status != 0
    assert "no saved games" in capsys.readouterr().err


def test_replay_plain_steps_next_back_and_turn(tmp_path, monkeypatch, capsys):
    session = new_session("castle-raisers", "solo", 1, seed=3, path=tmp_path / "saves" / "done.toml")
    play(session, random_player(2))
    assert session.over
    status, output = run_plain(
        ["replay", str(session.path), "--plain"],
        "\nnext\nback\nturn 1\nturn 999\nend\nscore\nboard\nhelp\nquit\n",
        monkeypatch,
        capsys,
    )
    assert status == 0
    steps = [line for line in output.splitlines() if line.startswith("Step ")]
    numbers = [int(line.split()[1]) for line in steps]
    assert numbers[:4] == [0, 1, 2, 1]
    assert numbers[-1] == session.ply
    assert ESCAPE not in output


@pytest.fixture
def tables(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    monkeypatch.setenv("CASTLETUI_TABLE_DIR", str(folder))
    return folder


def test_a_shared_table_in_plain_lines_against_a_bot(tables, monkeypatch, capsys):
    answers = "\n".join(["1"] * 3 + ["quit"]) + "\n"
    status, output = run_plain(
        ["new", "castlecards", "--shared", "--plain", "--players", "2", "--bots", "1"],
        answers,
        monkeypatch,
        capsys,
    )
    assert status == 0, output
    (table,) = [path for path in tables.iterdir() if is_table(path)]
    save, seating = Table(table).read()
    assert len(save.log) > 0
    assert ESCAPE not in output


def test_join_plain_takes_the_free_seat(tables, monkeypatch, capsys):
    table, _, _ = shared.create_table(
        tables, "user:someone-else", "castlecards", "two-player", [Player("Ann"), Player("Cy")]
    )
    status, output = run_plain(["join", table.path.name, "--plain"], "quit\n", monkeypatch, capsys)
    assert status == 0, output
    save, seating = Table(table.path).read()
    assert all(seating.owners)


def test_join_plain_without_a_table_lists_the_tables_to_pick_from(tables, monkeypatch, capsys):
    table, _, _ = shared.create_table(
        tables, "user:someone-else", "castlecards", "two-player", [Player("Ann"), Player("Cy")]
    )
    status, output = run_plain(["join", "--plain"], "9\n1\nquit\n", monkeypatch, capsys)
    assert status == 0, output
    save, seating = Table(table.path).read()
    assert all(seating.owners)


def test_join_plain_without_a_table_and_none_to_join(tables, monkeypatch, capsys):
    status, output = run_plain(["join", "--plain"], "", monkeypatch, capsys)
    assert status == 0
    assert not list(tables.glob("*.json")) if tables.exists() else True


def test_new_in_the_lobby_in_lines_starts_a_shared_table(tables, monkeypatch, capsys):
    """At a host a player has no command line: ``new`` in the lobby asks
    the game, the variant, the players and the bots by number, and opens
    the table with this player in the first seat, the others free."""
    answers = "new\n3\n1\n0\n2\nquit\n"  # Castlecards, 2 players, no bot, 1 h a move, then leave it waiting
    status, output = run_plain(["join", "--plain", "--as", "ann"], answers, monkeypatch, capsys)
    assert status == 0, output
    assert "Which game?" in output and "How many of the other seats are bots?" in output
    assert "Time per move?" in output
    (made,) = [path for path in tables.glob("*.json") if is_table(path)]
    save, seating = Table(made).read()
    assert save.game == "castlecards" and save.config.variant == "two-player"
    assert seating.owners[0] and not seating.owners[1]  # the second seat waits for someone
    assert not any(player.is_bot for player in save.players)
    assert seating.per_move == 3600  # the second choice, 1 h (saves.clock)


def test_new_in_the_lobby_in_lines_takes_a_count_as_itself(tables, monkeypatch, capsys):
    """A newcomer asked "How many players?" types 2 for two players: the
    counts were a numbered list, and 2 chose the second, three players."""
    answers = "new\n1\n1\n2\n1\n1\nquit\n"  # Catapult Castle, standard, 2 players, 1 bot, no clock
    status, output = run_plain(["join", "--plain", "--as", "ann"], answers, monkeypatch, capsys)
    assert status == 0, output
    (made,) = [path for path in tables.glob("*.json") if is_table(path)]
    save, _ = Table(made).read()
    assert save.game == "catapult-castle" and len(save.players) == 2
    assert [player.is_bot for player in save.players] == [False, True]


def test_plain_on_makes_castletui_start_in_plain_lines_and_plain_off_undoes_it(tmp_path, monkeypatch, capsys):
    """The player's own setting (at a host, their account's): ``plain on``
    in plain mode, and the next command given without ``--plain`` plays in
    lines; ``plain off`` gives the screen back."""
    from castletui import settings

    monkeypatch.setenv("CASTLETUI_CONFIG_DIR", str(tmp_path / "config"))
    status, output = run_plain(
        ["new", "castlecards", "--plain", "--seed", "3"], "plain on\nquit\n", monkeypatch, capsys
    )
    assert status == 0 and "From now on castletui starts in plain lines" in output
    assert settings.load()[0].plain
    assert cli.plain_by_setting(cli.build_parser().parse_args(["new", "castlecards", "--seed", "3"]))
    status, output = run_plain(
        ["new", "castlecards", "--seed", "3"], "plain off\nquit\n", monkeypatch, capsys
    )
    assert status == 0 and "your action" in output  # lines, not a screen
    assert not settings.load()[0].plain
    assert not cli.plain_by_setting(cli.build_parser().parse_args(["new", "castlecards"]))
    json_seat = cli.build_parser().parse_args(["new", "castlecards", "--json"])
    settings.save(plain=True)
    assert not cli.plain_by_setting(json_seat)  # JSON lines stay JSON lines


def test_the_readmes_transcript_is_what_plain_mode_says(monkeypatch, capsys):
    """README "Playing without a screen": its few turns are played again
    from the command it names, and every line it shows is said, in order."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme[readme.index("## Playing without a screen") :]
    block = section[section.index("    Ann, your action:") :].split("\n\n")[0]
    shown = [line[4:] for line in block.splitlines()]
    answers = [line[2:] for line in shown if line.startswith("> ")]
    argv = [
        "new",
        "castlecards",
        "--plain",
        "--seed",
        "8",
        "--names",
        "Ann,Bo",
        "--players",
        "2",
        "--bots",
        "1",
    ]
    status, output = run_plain(
        argv, "".join(f"{answer}\n" for answer in answers) + "quit\n", monkeypatch, capsys
    )
    assert status == 0
    said = iter(output.splitlines())
    for line in shown:
        if line.startswith("> "):
            continue  # the player's own typing (a pipe has no echo)
        assert any(line == heard for heard in said), f"not said, or not in this order: {line!r}"


def test_the_readmes_steady_hand_is_what_plain_mode_says(monkeypatch, capsys):
    """README's Catapult Castle lines (a steady hand of 73 percent) were not
    what its own command says: every line it shows is said, in order."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    command = "castletui new catapult-castle --plain --seed 7 --names Ann,Bo --players 2 --bots 1"
    section = readme[readme.index(f"(`{command}`)") :]
    block = section[section.index("    Ann, choose a tower") :].split("\n\n")[0]
    status, output = run_plain(command.split()[1:], "quit\n", monkeypatch, capsys)
    assert status == 0
    said = iter(output.splitlines())
    for line in (line[4:] for line in block.splitlines()):
        assert any(line == heard for heard in said), f"not said, or not in this order: {line!r}"


def test_leaving_a_table_at_a_host_names_no_command_the_player_cannot_type(tables, monkeypatch, capsys):
    """Over castletui host a player has only the lobby: "castletui join
    --plain takes your seat again" named a command line they do not have."""
    answers = "new\n3\n1\n0\n1\nhelp\nquit\n"  # Castlecards, 2 players, no bot, no clock, help, leave
    status, output = run_plain(["join", "--plain", "--as", "ann"], answers, monkeypatch, capsys)
    assert status == 0, output
    assert "castletui join" not in output and "castletui resume" not in output  # quit's help line too
    status, output = run_plain(["join", "--plain"], "1\nquit\n", monkeypatch, capsys)
    assert "castletui join --plain" in output  # a Unix user at the shell has it


def test_a_free_seat_is_introduced_as_free(tables, monkeypatch, capsys):
    """`new --shared --plain` introduced "Players: ann, Wei." though Wei's
    seat was nobody's yet."""
    from castletui.plain.game import PlainGame
    from castletui.plain.talk import Talk

    answers = "new\n3\n1\n0\n1\nquit\n"  # Castlecards, 2 players, no bot, no clock
    run_plain(["join", "--plain", "--as", "ann"], answers, monkeypatch, capsys)
    (made,) = [path for path in tables.glob("*.json") if is_table(path)]
    session = Session.at_table(Table(made), 0, Table(made).read()[1].owners[0])
    game = PlainGame(session, Talk(io.StringIO(), io.StringIO()))
    assert game.seat_words(1, session.players[1]) != session.players[1].name
    assert game.seat_words(0, session.players[0]) == session.players[0].name
