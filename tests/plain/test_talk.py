"""What plain mode says is always printable, one meaningful line at a time."""

from __future__ import annotations

import io

from castletui.plain.talk import LONGEST, Talk, sentences


def said(*lines: str) -> list[str]:
    output = io.StringIO()
    Talk(io.StringIO(), output).say(*lines)
    return output.getvalue().splitlines()


def test_no_escape_sequence_is_ever_said():
    lines = said("Ann\x1b[31m red \x1b]0;title\x07", "bell\x07 and \x9b csi")
    assert all("\x1b" not in line and "\x07" not in line and "\x9b" not in line for line in lines)


def test_a_line_break_inside_a_text_makes_two_lines():
    assert said("one\ntwo") == ["one", "two"]


def test_a_long_line_is_said_as_its_sentences():
    text = "The dungeon is revealed: danger 1 torch, treasure 2 cards. 1 torch is not enough: the dungeon stays open."
    assert sentences(text) == [
        "The dungeon is revealed: danger 1 torch, treasure 2 cards.",
        "1 torch is not enough: the dungeon stays open.",
    ]


def test_a_long_choice_keeps_its_number_with_its_words():
    text = (
        "10. Aim at the Princess mat's outer tower: in it 49 percent, next door 21, nowhere 30. " + "x" * 30
    )
    assert sentences(text)[0].startswith("10. Aim at the Princess mat's outer tower")


def test_no_line_is_longer_than_the_longest_even_without_sentences():
    text = " ".join(["word"] * 80)
    assert all(len(line) <= LONGEST for line in sentences(text))
    assert " ".join(sentences(text)) == text


def test_the_end_of_input_is_none():
    talk = Talk(io.StringIO("1\n"), io.StringIO())
    assert talk.ask() == "1"
    assert talk.ask() is None
    assert talk.ask() is None
