"""A player's answers in plain lines, one at a time: every command, bad
input (one line said, nothing lost), ``why N``, undo, choices named by the
start of their words, going back a level, and the end of the input."""

from __future__ import annotations

import pytest
from castletui.rules.core import name_seats

from castletui.driver import Driver
from castletui.plain import choices
from castletui.session import Session
from tests.plain.reading import new_session, play, scripted


@pytest.fixture
def cards(tmp_path):
    """Castlecards, you against a bot: the first decision is yours, with groups and refusals."""
    session = new_session("castlecards", "two-player", 1, 1, seed=7, path=tmp_path / "cards.toml")
    Driver(session).run()  # the deal and the bot's first turn, as plain plays them
    return session


def first_decision(session) -> tuple:
    """What the person sees at their first decision: the driver's frame and its lines."""
    driver = Driver(Session.from_save(session.save))
    driver.run()
    frame = driver.frame()
    return frame, choices.numbered(frame.lines)


def answers_to(session, *lines: str) -> list[str]:
    """The lines said in answer to each of ``lines`` (after the first decision is shown)."""
    output, status, _ = play(session, scripted(["", *lines]))
    assert status == 0
    return output.splitlines()


def said_after(session, before: list[str], *lines: str) -> list[str]:
    """The lines said after ``before`` were answered, in answer to ``lines``."""
    first = play(Session.open(session.path), scripted(["", *before]))[0].splitlines()
    second = play(Session.open(session.path), scripted(["", *before, *lines]))[0].splitlines()
    return second[len(first) - 1 :]


def test_each_command_says_something_and_plays_nothing(cards):
    ply = cards.ply
    for command in ("board", "hand", "score", "log", "log 3", "rules", "save", "help", "why 1"):
        reference = Session.open(cards.path)
        output, status, game = play(reference, scripted(["", command]))
        assert status == 0
        assert reference.ply >= ply
    # Nothing was played by any of them: the save is at the first decision still.
    frame, listed = first_decision(Session.open(cards.path))
    assert frame.deciding


def test_board_hand_and_score_are_the_games_words_with_the_seats_named(cards):
    """The game's own sentences (castletui/games/castlecards/words.py),
    each seat reference said as the player's name, never as ``{P1}``."""
    from castletui.games.castlecards import words

    frame, _ = first_decision(Session.open(cards.path))
    for command, said in (("board", words.board), ("hand", words.hand), ("score", words.score)):
        output = play(Session.open(cards.path), scripted(["", command]))[0]
        assert "{P" not in output, command
        expected = [name_seats(line, frame.names) for line in said(frame.scene)]
        assert expected and all(line in output for line in expected), command
    assert any(name in output for name in frame.names)


def test_help_lists_every_command(cards):
    output = play(cards, scripted(["help"]))[0]
    for command in ("board", "hand", "score", "log", "why", "undo", "rules", "save", "help", "quit"):
        assert any(line.startswith(f"{command}") for line in output.splitlines()), command


def test_log_n_says_that_many_lines(cards):
    output = play(cards, scripted(["log 3"]))[0].splitlines()
    logged = [line.text for line in cards.log]
    at = output.index(next(line for line in output if line.startswith("The last 3")))
    assert output[at + 1 : at + 4] == logged[-3:]


def test_why_gives_the_rules_reason_for_a_refused_choice(cards):
    frame, listed = first_decision(cards)
    refused = next(choice for choice in listed if not choice.possible)
    output = play(cards, scripted([f"why {refused.number}"]))[0]
    assert refused.line.why_not in output
    possible = next(choice for choice in listed if choice.possible)
    output = play(Session.open(cards.path), scripted([f"why {possible.number}"]))[0]
    assert refused.line.why_not not in output.split("\n", 40)[-1]


def test_choosing_a_refused_choice_says_why_and_plays_nothing(cards):
    frame, listed = first_decision(cards)
    refused = next(choice for choice in listed if not choice.possible)
    ply = cards.ply
    output = play(cards, scripted([str(refused.number)]))[0]
    assert refused.line.why_not in output
    assert Session.open(cards.path).ply == ply


@pytest.mark.parametrize("bad", ["99", "zzz", "why", "why 99", "why x", "log x", "-1", "1 2 3"])
def test_bad_input_is_one_line_and_loses_nothing(cards, bad):
    ply = cards.ply
    quiet = play(Session.open(cards.path), scripted([]))[0].splitlines()
    answered = play(Session.open(cards.path), scripted([bad]))[0].splitlines()
    # The same lines, one more in answer to the bad line, and the same leaving line.
    assert len(answered) == len(quiet) + 1
    assert answered[-1] == quiet[-1]
    assert Session.open(cards.path).ply == ply


def test_a_number_opens_a_group_and_0_goes_back(cards):
    frame, listed = first_decision(cards)
    group = next(choice for choice in listed if choice.line.group and choice.possible)
    output = play(cards, scripted([str(group.number), "0", "", "back"]))[0]
    prompt = frame.prompt
    # The top level is said again after 0 (and after Enter alone).
    assert output.count(prompt) >= 3


def test_a_choice_named_by_the_start_of_its_words(cards):
    frame, listed = first_decision(cards)
    # The one possible choice that is an action at the top: its words' first letters play it.
    action = next(choice for choice in listed if choice.possible and choice.line.action is not None)
    start = action.words[:4]
    assert (
        sum(1 for choice in listed if choice.possible and choice.words.lower().startswith(start.lower())) == 1
    )
    ply = cards.ply
    play(cards, scripted([start.lower()]))
    assert Session.open(cards.path).ply > ply


def test_an_ambiguous_start_lists_the_matches(cards):
    frame, listed = first_decision(cards)
    group = next(choice for choice in listed if choice.line.group and choice.possible)
    driver = Driver(Session.open(cards.path))
    inside = choices.numbered(driver.frame(None, group.line.group).lines)
    start = inside[0].words.split()[0]
    found = [choice for choice in inside if choice.possible and choice.words.startswith(start)]
    assert len(found) > 1
    ply = cards.ply
    output = play(cards, scripted([str(group.number), start.lower()]))[0].splitlines()
    for choice in found:
        assert choice.shown() in output
    assert Session.open(cards.path).ply == ply


def test_undo_takes_back_the_last_move_whole(tmp_path):
    """Castle Raisers' tile and its slot are one choice: undo takes back both."""
    session = new_session("castle-raisers", "competitive", 1, 1, seed=5, path=tmp_path / "raisers.toml")
    play(session, scripted(["1"]))  # a Village token: the first Wall tile is next
    before = Session.open(session.path).ply
    play(Session.open(session.path), scripted(["1", "1"]))
    played = Session.open(session.path).ply
    assert played >= before + 2
    play(Session.open(session.path), scripted(["undo"]))
    assert Session.open(session.path).ply == before


def test_undo_with_nothing_to_take_back_says_so(tmp_path):
    session = new_session("castle-raisers", "solo", 1, seed=3, path=tmp_path / "solo.toml")
    output, status, _ = play(session, scripted(["undo"]))
    assert status == 0
    assert Session.open(session.path).ply == session.ply


def test_the_end_of_input_saves_and_leaves(cards):
    frame, listed = first_decision(cards)
    action = next(choice for choice in listed if choice.possible and choice.line.action is not None)
    output, status, _ = play(cards, scripted([str(action.number)]))  # then the input ends
    assert status == 0
    reopened = Session.open(cards.path)
    assert reopened.ply == cards.ply
    assert not reopened.over


def test_quit_leaves_the_game_where_it_is(cards):
    ply = cards.ply
    output, status, _ = play(cards, scripted(["quit", "1", "1"]))
    assert status == 0
    assert Session.open(cards.path).ply == ply


def test_a_hot_seat_curtain_says_nothing_of_the_table(tmp_path):
    """Between the curtain falling and the next person's Enter, only the
    curtain's own two lines are said."""
    session = new_session("castlecards", "two-player", 2, seed=5, path=tmp_path / "hot.toml")
    output = play(session, scripted([""] + ["1"] * 30))[0].splitlines()
    falls = [index for index, line in enumerate(output) if line.startswith("Pass the device to")]
    assert falls
    for index in falls:
        assert output[index + 1].endswith("press Enter when you are at the keyboard.")
        assert output[index + 2].endswith("it is your table now.") or index + 2 >= len(output) - 1
