"""Issue 48 items 2 and 4 through real processes: ``castletui new ...
--json`` played to the end by the example bot (examples/bots/random_bot.py)
as a program at the other end of its pipes, with a ``--seat N=exec:``
program and a built-in bot at the table; stopped when its input ends and
resumed with ``castletui resume FILE --json``. Stdout carries JSON lines
only. The command line's refusals, in this process. (Few processes here:
the other games are played in this process, test_whole_games.py.)"""

from __future__ import annotations

import os

import pytest

from castletui import cli
from tests import processes
from tests.jsonlines.talking import RANDOM_BOT, program, talk


def test_a_game_stopped_then_resumed_to_its_end_by_a_program(tmp_path):
    arguments = ["new", "catapult-castle", "--players", "3", "--bots", "2", "--level", "random"]
    arguments += ["--seed", "9", "--seat", f"3={program(3)}", "--json"]
    told, status, errors = talk(tmp_path, arguments, answer=False)
    assert status == 0, errors
    assert [message["type"] for message in told[:1]] == ["start"] and told[-1]["type"] == "decision"
    assert told[0]["you"] == [0]
    (save,) = (tmp_path / "saves").glob("*.toml")
    assert _running_bots() == {}  # the program seat's process ended with the game's stop

    resumed, status, errors = talk(tmp_path, ["resume", str(save), "--seat", f"3={program(4)}", "--json"])
    assert status == 0, errors
    assert resumed[-1]["type"] == "end"
    assert not [message for message in resumed if message["type"] in ("error", "refused")]
    assert {message["seat"] for message in resumed if message["type"] == "decision"} == {0}
    assert _running_bots() == {}


def _running_bots() -> dict[int, str]:
    found = processes.of_this_run(os.environ[processes.RUN_VARIABLE])
    return {
        pid: command
        for pid, command in found.items()
        if str(RANDOM_BOT) in command and "castletui" not in command
    }


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["new", "castlecards", "--players", "2", "--seat", "3=exec:bot", "--json"], "seats 1 to 2"),
        (["new", "castlecards", "--players", "2", "--seat", "2=bot", "--json"], "N=exec:COMMAND"),
        (["new", "castlecards", "--players", "2", "--seat", "2=exec:", "--json"], "needs a command"),
        (["new", "castlecards", "--players", "2", "--mode", "table", "--json"], "digital"),
        (["new", "castlecards", "--shared", "--seat", "2=exec:bot"], "--shared"),
        (["join", "--json"], "join TABLE --json"),
    ],
)
def test_the_command_line_refuses_in_one_line(tmp_path, capsys, arguments, words):
    assert cli.main([*arguments, "--save-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("castletui: ") and err.count("\n") == 1
    assert words in err


def test_resuming_refuses_a_program_at_a_persons_seat(tmp_path, capsys):
    from castletui.saves import Player

    from castletui.session import Session

    path = tmp_path / "game.toml"
    Session.new("castlecards", "two-player", [Player("Ann"), Player("Bot", "bot")], seed=1, path=path)
    assert cli.main(["resume", str(path), "--seat", "1=exec:bot", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "a person's" in err
