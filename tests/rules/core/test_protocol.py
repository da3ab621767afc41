"""An option added after a save was made (``Option.before``): a save
without it plays at the value its game was played under, while a config
made in code still means the option's default."""

from __future__ import annotations

from castletui.rules.core import GameInfo, Option, Variant

INFO = GameInfo(
    id="toy",
    title="Toy",
    variants=(Variant("standard", 2, 4), Variant("solo", 1, 1)),
    options=(
        Option("old", 0, "An option every save has."),
        Option("asked", True, "Added later; saves before it played without.", before=False),
        Option("solo_only", True, "Added later, solo only.", variants=("solo",), before=False),
        Option("plain", True, "Added later, no value for older saves: its default."),
    ),
)


def test_a_save_without_an_added_option_plays_at_its_before_value():
    assert INFO.saved_options("standard", {"old": 1}) == {"asked": False, "old": 1}
    assert INFO.saved_options("solo", {"old": 1}) == {"asked": False, "solo_only": False, "old": 1}


def test_a_save_that_names_the_option_keeps_its_value():
    options = {"old": 1, "asked": True, "plain": False}
    assert INFO.saved_options("standard", options) == options
    assert INFO.saved_options("standard", {"asked": True})["asked"] is True


def test_a_result_says_what_decided_it_in_one_sentence():
    """The score sheet, Castlecards' banner and the end prompt say it alike:
    the rules' words after "Decided by", lower-cased, one full stop."""
    from castletui.rules.core import Result

    assert Result((1.0, 0.0), decided_by="The last castle standing.").decided_words() == (
        "Decided by the last castle standing."
    )
    assert Result((1.0, 0.0), decided_by="Most towers on the mat").decided_words() == (
        "Decided by most towers on the mat."
    )
    assert Result((1.0, 0.0)).decided_words() == ""
