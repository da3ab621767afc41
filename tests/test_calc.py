"""``castletui calc GAME``: the rules helpers on a plain line prompt, driven
with io.StringIO as a table would type (questions on stdout, one answer a
line on stdin), wrong answers explained and asked again, never a traceback."""

from __future__ import annotations

import io

import pytest

from castletui.calc import PROMPT, main
from tests.rules.castle_raisers.test_calc import castle


def calc(game_id: str, typed: str, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(game_id, list(argv), io.StringIO(typed), out)
    return code, out.getvalue()


def test_catapult_castle_ranking_with_a_wrong_answer_asked_again():
    """Rulebook (seeds/001_1d99eed64508ff2e.txt), Final Scoring: the third player
    beats the start player on the same towers, ammo and cards."""
    code, out = calc("catapult-castle", "Ann, Bob, Cy\n4 2 1\n3 x\n3 5 0\n4 2 1\n", "ranking")
    assert code == 0
    assert "Type 3 whole numbers of 0 or more" in out
    assert out.count("Bob: towers on your mat") == 2
    assert out.rstrip().endswith(
        "Winner: Cy. A tie on 4 towers, 2 ammo and 1 card, broken by turn order: going 3rd beats going 1st."
    )


def test_a_game_with_several_helpers_asks_which():
    code, out = calc("catapult-castle", "9\nsolo\n10\n\n")
    assert code == 0
    assert "Which Catapult Castle helper? 1) Final ranking  2) Solo score" in out
    assert "Type a number from 1 to 2." in out
    assert "Ammo left to shoot? [Enter: 0]" in out
    assert out.rstrip().endswith("Score 10: 10 towers removed + 0 ammo left. Seasoned slinger")


def test_castle_raisers_scorepad():
    """Rulebook (seeds/000_b1469f6f1c1c5ef1.txt), Game End: Milo's and Wei's
    castles of the Scoring Examples in a 2-player game (Milo's Village cut to
    one token), one thing a question."""
    milo = castle(
        "5 6 5", ("", "3 soldier 1 ladder", "7 soldier"), prestige="2 0 9", village={"L1": "red empty /4"}
    )
    wei = castle("6 5 3", ("3 soldier", "3 vicious", "2 archer"), prestige="2 3 1", attack="2 0 0")
    code, out = calc("castle-raisers", "\n".join(["", "Milo, Wei", *milo, *wei]) + "\n")
    assert code == 0
    assert "Milo, sea: how many levels has the highest portion of the wall there" in out
    assert "Wei: Village token on the border of the sea and the farmlands?" in out
    lines = out.splitlines()
    header = next(line for line in lines if line.split() == ["Milo", "Wei"])
    total = next(line for line in lines if line.startswith("Total"))
    # Milo: sea 4 entered against 0, farmlands 2 against 0 (-10 each with 2 players),
    # 11 Prestige tokens, 6 levels, red empty /4 with 3 empty farmlands locations.
    assert total.split()[1:] == [str(-20 + 22 + 30 + 12), str(12 + 6 + 30)]
    assert lines.index(header) < lines.index(total)
    assert out.rstrip().endswith("Winner: Wei (most points).")


def test_castle_raisers_a_wrong_wall_level_is_asked_again_and_the_rest_kept():
    """Issue 28, item 12: three numbers to one question ("5 6 5" for the
    forests) are refused, and that one question is asked again."""
    milo = castle("5 6 5", ("", "3 soldier 1 ladder", "7 soldier"), prestige="2 0 9")
    wei = castle("6 5 3", ("3 soldier", "3 vicious", "2 archer"), prestige="2 3 1", attack="2 0 0")
    typed = ["", "Milo, Wei", "5 6 5", *milo, *wei]
    code, out = calc("castle-raisers", "\n".join(typed) + "\n")
    assert code == 0
    assert "Type a whole number of 0 or more (wall levels over the forests)" in out
    assert out.count("Milo, forests: how many levels") == 2
    assert out.rstrip().endswith("Winner: Wei (most points).")


def test_castlecards_attack():
    """Rulebook (seeds/003_fe56a2aaebf453b7.txt), Figure 2: 4 swords against 3
    shields, a Trap takes 2: the attack fails."""
    code, out = calc("castlecards", "castle\n0\n\ncatapult, bowmen\ntrap\n")
    assert code == 0 and "2 swords against 3 shields of the Castle: the attack fails." in out


def test_castlecards_refuses_each_answer_as_it_is_given_and_keeps_the_rest():
    """Issue 28, item 11: Bowmen typed as the Castle's defenders were refused
    only at the end ("Soldiers defend the Castle") and the helper exited,
    losing every answer. The refusal comes at that answer, the question is
    asked again, and the attack is weighed with the answers before it."""
    typed = "castle\n2\nbowmen\nsoldiers 2\ncatapult\nsiege tower\n\n"
    code, out = calc("castlecards", typed)
    assert code == 0
    assert out.count("Cards stationed on it") == 2
    assert "Bowmen as a defender: Bowmen defend the Walls; Soldiers defend the Castle." in out
    assert out.count("Attacking cards of every player") == 2
    assert "Walls still stand: only a Siege Tower passes them all" in out
    # The 2 Walls and the Soldiers 2 typed before the refusals are still there.
    assert "1 swords against 5 shields of the Castle: the attack fails." in out


def test_a_wrong_answer_is_refused_with_brackets_and_all_and_no_rich_markup():
    code, out = calc("catapult-castle", "9\n[bold]x\nsolo\n10\n\n")
    assert code == 0 and out.count("Which Catapult Castle helper?") == 3
    assert "Ammo left to shoot? [Enter: 0]\n> " in out


def test_stdin_running_out_is_a_plain_line_and_exit_1():
    code, out = calc("castlecards", "castle\n")
    assert code == 1 and out.rstrip().endswith("No more answers: nothing was worked out.")
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("game_id", "argv", "words"),
    [
        ("chess", [], "Unknown game 'chess'"),
        ("catapult-castle", ["nope"], "has no helper 'nope'"),
        ("catapult-castle", ["ranking", "solo"], "at most one helper"),
    ],
)
def test_unknown_games_and_helpers_exit_2(game_id, argv, words):
    code, out = calc(game_id, "", *argv)
    assert code == 2 and words in out and "Traceback" not in out


def test_list_names_every_helper():
    code, out = calc("catapult-castle", "", "--list")
    assert code == 0 and out.splitlines()[0].startswith("ranking: Final ranking.")
    assert out.splitlines()[1].startswith("solo: Solo score.")


def test_each_question_ends_with_the_prompt():
    _, out = calc("castlecards", "")
    assert out.splitlines()[1].startswith("What is attacked") and PROMPT in out


def test_the_calculator_is_headless():
    """``castletui calc`` runs without textual, over SSH or in a pipe (Rich's
    prompt asks the questions: issue 31, item 4)."""
    import subprocess
    import sys

    probe = (
        "import io, sys\nfrom castletui.calc import main\n"
        "main('castlecards', [], io.StringIO('wall\\n3\\n\\ncatapult\\n\\n'), io.StringIO())\n"
        "print(' '.join(m for m in ('textual',) if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_got_catan_has_helpers_and_explains_each_answer():
    """Issue 28, item 13: ``calc got-catan`` said "no rules helper yet".
    Rulebook (seeds/002_db7b18d8a33c8d80.txt), Producing Resources: a 6 gives
    Red 2 brick for 2 settlements and Blue 1 brick for 1."""
    code, out = calc("got-catan", "", "--list")
    assert code == 0 and [line.split(":")[0] for line in out.splitlines()] == [
        "longest-road",
        "production",
        "discards",
        "score",
        "wildling-die",
    ]
    typed = "Red, Blue, White\n6\n1\nhills\n\nRed 2 settlements, Purple keep\nRed 2 settlements, Blue settlement\n\n"
    code, out = calc("got-catan", typed, "production")
    assert code == 0
    assert "Type one of: Red, Blue, White (a player's name)." in out
    assert "Hex 1 (hills, brick): Red 2 brick (2 settlements); Blue 1 brick (1 settlement)." in out
    assert out.rstrip().endswith("Red collects 2 brick.\nBlue collects 1 brick.\nWhite collects nothing.")
