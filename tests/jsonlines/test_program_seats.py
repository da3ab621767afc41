"""Issue 48 item 2: a program as a seat (``--seat N=exec:COMMAND``). The
example bot plays its seat to the end beside a built-in bot; a program
that answers nonsense (an undo too), too late (a tiny time limit, a program that sleeps
far longer) or dies, or cannot start, is refused with its cause, and the
built-in bot plays the seat to the end: never a crash or a stuck game.
No program outlives its game (tests/conftest.py fails a run that leaves
one; here each is looked for by its own marker as well)."""

from __future__ import annotations

import json
import os
import shutil
import sys

import pytest
from castletui.saves import Player

from castletui.jsonlines.program import ProgramSeat
from castletui.session import Session
from tests import processes
from tests.jsonlines.talking import RANDOM_BOT, SHELL_BOT, converse, python_program

NONSENSE = """
import json, sys
told = open(sys.argv[1], "a")
for line in sys.stdin:
    told.write(line)
    told.flush()
    if json.loads(line)["type"] == "decision":
        print('{"choose": "not one of them"}', flush=True)
"""

SLOW = """
import sys, time
for line in sys.stdin:
    if '"decision"' in line:
        time.sleep(600)
"""

DEAD = """
import sys
sys.stdin.readline()
"""

GARBLED = """
import sys
for line in sys.stdin:
    if '"decision"' in line:
        print("hello", flush=True)
"""

UNDOING = """
import sys
for line in sys.stdin:
    if '"decision"' in line:
        print('{"undo": true}', flush=True)
"""


def game_with_programs(commands: dict[int, str], seats: int = 3) -> tuple[Session, list[ProgramSeat], list]:
    """A catapult castle game of bots (the last plays at random), some seats programs'."""
    players = [Player(f"B{seat}", "bot", "random") for seat in range(seats)]
    session = Session.new("catapult-castle", "standard", players, seed=11)
    refusals = []
    programs = [
        ProgramSeat(seat, command, time_limit=0.5, on_refusal=lambda *told: refusals.append(told))
        for seat, command in commands.items()
    ]
    session.programs = {program.seat: program for program in programs}
    return session, programs, refusals


def played(session: Session, programs: list[ProgramSeat]) -> None:
    try:
        for program in programs:
            program.start(session)
        finished, bot = converse(session)
        for program in programs:
            program.finish(session)
    finally:
        for program in programs:
            program.close()
    assert finished and session.over
    assert bot.told[-1]["type"] == "end"


def running(marker: str) -> dict[int, str]:
    return {
        pid: command
        for pid, command in processes.of_this_run(os.environ[processes.RUN_VARIABLE]).items()
        if marker in command
    }


def test_the_example_bot_plays_a_seat_beside_a_built_in_bot(tmp_path):
    session, programs, refusals = game_with_programs({1: f"{sys.executable} {RANDOM_BOT} 3"})
    programs[0].time_limit = 60  # a busy machine starts Python slowly: no refusal for that here
    played(session, programs)
    assert refusals == []
    assert any(entry.seat == 1 for entry in session.save.log)
    assert running(str(RANDOM_BOT)) == {}


@pytest.mark.parametrize(
    ("body", "cause"),
    [(NONSENSE, "nonsense"), (GARBLED, "nonsense"), (SLOW, "late"), (DEAD, "ended"), (UNDOING, "nonsense")],
    ids=["wrong id", "not json", "too slow", "dies", "undoes"],
)
def test_a_program_that_misbehaves_is_refused_and_the_bot_plays_on(tmp_path, body, cause):
    script = tmp_path / f"misbehaving_{cause.replace(' ', '_')}.py"
    told = tmp_path / "told.jsonl"
    session, programs, refusals = game_with_programs({2: f"{python_program(script, body)} {told}"})
    if cause != "late":
        programs[0].time_limit = 60  # only the slow one runs out of time
    played(session, programs)
    assert [(seat, told_cause) for seat, told_cause, _ in refusals] == [(2, cause)]
    assert programs[0].cause == cause
    assert running(str(script)) == {}
    if body == NONSENSE:  # it reads what it is told: the last is why it was refused
        last = json.loads(told.read_text().splitlines()[-1])
        assert (last["type"], last["seat"], last["cause"]) == ("refused", 2, "nonsense")


def test_a_program_that_cannot_start_is_refused(tmp_path):
    session, programs, refusals = game_with_programs({0: str(tmp_path / "no-such-bot")})
    played(session, programs)
    assert [told[:2] for told in refusals] == [(0, "cannot start")]


def test_two_programs_and_a_person(tmp_path):
    """The person's decisions come on the conversation's stream; each
    program is asked only its own seat's."""
    players = [Player("Ann"), Player("B1", "bot", "random"), Player("B2", "bot", "random")]
    session = Session.new("catapult-castle", "standard", players, seed=4)
    programs = [ProgramSeat(seat, f"{sys.executable} {RANDOM_BOT} {seat}", time_limit=60) for seat in (1, 2)]
    session.programs = {program.seat: program for program in programs}
    played(session, programs)
    assert {entry.seat for entry in session.save.log} >= {0, 1, 2}


@pytest.mark.skipif(shutil.which("jq") is None, reason="the shell example bot needs jq")
def test_the_shell_example_bot_plays_a_seat():
    session, programs, refusals = game_with_programs({0: str(SHELL_BOT)})
    programs[0].time_limit = 60
    played(session, programs)
    assert refusals == []
    assert running(str(SHELL_BOT)) == {}


CHATTY = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "decision":
        answer = json.dumps({"choose": message["choices"][0]["id"]})
        print(answer, flush=True)
        print(answer, flush=True)  # once more: a line nobody asked for
"""


def test_a_program_that_answers_twice_is_refused(tmp_path):
    session, programs, refusals = game_with_programs({1: python_program(tmp_path / "chatty.py", CHATTY)})
    programs[0].time_limit = 60
    played(session, programs)
    assert [told[:2] for told in refusals] == [(1, "nonsense")]
