"""The one rule for a player's name (saves.names): normalised, nothing a
screen shows as nothing, and no two at one table alike but for case."""

from __future__ import annotations

import unicodedata

import pytest
from castletui.saves import names
from castletui.saves.names import account_name_problem, name_key, name_problem, normal_name


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


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Cy", "\uff23y"),  # full-width C
        ("Ann", "\u0410nn"),  # Cyrillic A
        ("Cy", "\u0421\u0443"),  # all Cyrillic: Es and U
        ("Cy", "Cy "),
        ("Bill", "Bi1l"),  # a small L and a one
        ("mia", "rnia"),  # r and n side by side pass for m
    ],
)
def test_names_that_pass_for_each_other_are_one_name(first, second):
    assert name_key(first) == name_key(second)


def test_names_that_only_resemble_each_other_are_two():
    assert len({name_key(name) for name in ("Ann", "Anne", "Ted", "Zed", "Zoë", "Zoe", "Juno")}) == 7


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("\u0410nn", "mixes letters of different scripts"),
        ("Ann (you)", "ends in what castletui writes"),
        ("Milo (bot)", "ends in what castletui writes"),
        ("Milo(BOT)", "ends in what castletui writes"),
    ],
)
def test_an_account_name_is_of_one_script_and_not_dressed_as_a_label(name, said):
    assert said in account_name_problem(name)
    assert name_problem(name) == ""  # a local game's seat may still be called so


def test_an_account_name_may_be_written_as_its_language_is():
    for name in ("Zoë", "山田たろう", "李雷", "Ann 2", "Anne-Marie", "Ольга"):
        assert account_name_problem(name) == "", name


def test_the_ascii_prototypes_are_the_whole_tables_own():
    whole = {
        character: prototype for character, prototype in names._prototypes().items() if character.isascii()
    }
    assert whole == names.ASCII_PROTOTYPES


def test_an_ascii_name_is_compared_without_loading_the_whole_table():
    names._prototypes.cache_clear()
    assert name_key("Milo") == name_key("Mi1o") and name_key("Bo") != name_key("Cy")
    assert names._prototypes.cache_info().misses == 0  # the lobby's first frame does not wait for it
    assert name_key("Ｍilo") == name_key("Milo")  # NFKC first, then ASCII: still the same name


def test_an_ascii_name_is_judged_as_its_normal_form_is():
    """ASCII names skip Unicode's normal form and its categories (the
    lobby judges every name of every table it lists): the same verdicts."""
    for code in range(128):
        for name in (chr(code), f"An{chr(code)}n", f"{chr(code)}Bo"):
            control = any(
                unicodedata.category(character) in ("Cc", "Zl", "Zp")
                for character in unicodedata.normalize("NFKC", name)
            )
            assert name_problem(name).startswith("has a control character") is control, repr(name)
