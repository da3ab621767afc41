"""The sentence kit every game's words use (castletui/games/sentences.py):
lists cut into lines that stay short once names are filled in, each line
meaningful alone, and the score said from a rules ``Result``."""

from __future__ import annotations

from castletui.rules.core import Result, ScoreLine, name_seats

from castletui.games.sentences import LINE, count, listed, measure, score_lines, sentences, spoken, wrapped


def test_counts_and_lists_read_as_words():
    assert [count(0, "tower"), count(1, "tower"), count(3, "wolf", "wolves")] == [
        "no towers",
        "1 tower",
        "3 wolves",
    ]
    assert [listed([]), listed(["a"]), listed(["a", "b"]), listed(["a", "b", "c"])] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]
    assert spoken("1:1 Trade to the 5/6 clearing") == "1 for 1 Trade to the 5 and 6 clearing"


def test_a_long_list_is_cut_into_lines_that_each_say_what_they_list():
    items = [f"between {{P{seat}}}'s hills {n} and pasture {n + 1}" for seat in range(4) for n in range(3)]
    lines = sentences("{P3}'s roads", items, sep="; ")
    assert len(lines) > 1
    assert lines[0].startswith("{P3}'s roads: ")
    assert all(line.startswith("{P3}'s roads, continued: ") for line in lines[1:])
    assert all(measure(line) <= LINE and line.endswith(".") for line in lines)
    assert "; ".join(line.split(": ", 1)[1].rstrip(".") for line in lines) == "; ".join(items)
    assert sentences("Your roads", [], empty="none") == ["Your roads: none."]
    assert sentences("Your keeps", []) == []


def test_a_long_sentence_is_cut_where_it_pauses():
    long = "The Wall falls; " + "the most guards on the Wall win, " * 4 + "and then the most points"
    lines = wrapped(long)
    assert lines[0] == "The Wall falls."
    assert all(measure(line) <= LINE for line in lines)
    assert wrapped("Short enough.") == ["Short enough."]


def test_a_seat_reference_is_measured_as_a_long_name():
    line = "{P1}'s wall, level 1: slot 0 has a Wall tile."
    assert measure(line) > len(line)
    assert measure(line) >= len(name_seats(line, ["Edsger Dijkstra", "Edsger Dijkstra"]))


def test_the_score_as_the_viewer_knows_it():
    standing = Result(
        scores=(7.0, 1.0),
        lines=(
            ScoreLine("Towers on the mat", (7.0, 1.0)),
            ScoreLine("Guards on the Wall", (2.0, 0.0), False),
        ),
        winners=(1,),
        finished=False,
        decided_by="Most towers on the mat",
    )
    assert score_lines(standing, 1, unit="tower") == [
        "{P0}: 7 towers so far.",
        "You: 1 tower so far.",
        "You lead so far.",
        "To win: most towers on the mat.",
        "Towers on the mat: {P0} 7, you 1.",
        "Guards on the Wall, not added to the total: {P0} 2, you 0.",
    ]
    over = Result(scores=(7.0, 1.0), winners=(0,), decided_by="The last castle standing.")
    assert score_lines(over, 1)[2:] == [
        "The game is over: {P0} wins.",
        "Decided by the last castle standing.",
    ]
    lost = Result(scores=(-3.0, -3.0), winners=(), lost=True, decided_by="the wolves' 160 were not beaten")
    assert score_lines(lost, 0)[2] == "The game is over: the team loses."
    assert score_lines(Result(scores=(5.0, 5.0), winners=(0, 1)), 1)[2] == "The game is over: you all win."
