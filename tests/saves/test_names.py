"""The one rule for a player's name (saves.names): normalised, nothing a
screen shows as nothing, and no two at one table alike but for case."""

from __future__ import annotations

import pytest
from castletui.saves.names import name_key, name_problem, normal_name


@pytest.mark.parametrize(
    "name",
    [
        "Ann\u200b",  # zero-width space: shows exactly as "Ann" (#25.5)
        "\u200dAnn",  # zero-width joiner
        "An\u00adn",  # soft hyphen
        "Ann\ufeff",  # byte order mark
        "Ann\u2060",  # word joiner
        "Ann\ufe0f",  # variation selector
        "Ann\u034f",  # combining grapheme joiner
        "Ann\u3164",  # Hangul filler
        "\u2800",  # blank braille pattern
        "Ann\ue000",  # private use
        "Ann\u0378",  # unassigned
    ],
)
def test_a_name_with_a_character_a_screen_shows_as_nothing_is_refused(name):
    assert "shows as nothing" in name_problem(name)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ann\n", "control character"),
        ("Ann\u2028Bo", "control character"),
        ("Ann\u2029", "control character"),
        ("right\u202eleft", "control character"),
        ("\x1b[2J", "control character"),
        ("   ", "is empty"),
        ("\u3000", "is empty"),  # an ideographic space is a space
        ("x" * 41, "longer than 40"),
    ],
)
def test_other_refusals_say_why(name, said):
    assert said in name_problem(name)


def test_names_are_kept_normalised_and_told_apart_ignoring_case():
    assert normal_name("  \uff21\uff4e\uff4e ") == "Ann"  # full-width letters are letters
    assert name_problem("\uff21\uff4e\uff4e") == ""
    assert name_key("ANN") == name_key("ann") == name_key("\uff41nn")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_problem("Zoë") == name_problem("李雷") == name_problem("[b]Ann[/b]") == ""
