"""Every field of a save's header is checked when it is loaded (issue 42,
item 5), with the command line's words: the mode, the variant, the seats,
the options, the players' names, kinds and levels, the game and its
edition. Each file here carries valid checks (castletui wrote it), so only
the field itself can refuse it."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from castletui.rules.core import Config

from castletui import saves
from castletui.session import Session

ANN, WEI = saves.Player("Ann"), saves.Player("Wei")
GOOD = saves.new_save("castlecards", Config("two-player", 2), [ANN, WEI], 3)


def with_config(**changes: Any) -> dict:
    return {"config": msgspec.structs.replace(GOOD.config, **changes)}


def with_option(name: str, value: Any) -> dict:
    return with_config(options={**GOOD.config.options, name: value})


def with_player(**fields: Any) -> dict:
    return with_config(players=[msgspec.structs.replace(ANN, **fields), WEI])


CASES = [
    # the mode: a draw due in 'bogus' mode stopped castletui resume with "unexpected error"
    ("mode", {"mode": "bogus"}, "mode: invalid choice: 'bogus' (choose from 'digital', 'table')"),
    ("mode", {"mode": ""}, "mode: invalid choice: ''"),
    ("mode", {"mode": 5}, "expected a text, not a whole number (at mode)"),
    ("variant", with_config(variant="nine-player"), "has no variant 'nine-player'"),
    ("variant", with_config(variant=2), "expected a text, not a whole number (at config.variant)"),
    ("seats", with_config(players=[ANN, WEI, saves.Player("Coco")]), "is for 2 players, not 3"),
    ("seats", with_config(players=[ANN]), "is for 2 players, not 1"),
    ("seats", with_config(players=[]), "at least 1 entry"),
    ("seats", with_config(players=[saves.Player(f"P{n}") for n in range(9)]), "at most 8 entries"),
    ("options", with_option("x", 1), "has no option 'x'"),
    ("options", with_option("round_limit", "x"), "Option 'Round limit' takes a whole number, not 'x'"),
    ("options", with_option("round_limit", -1), "Round limit"),
    ("options", with_option("round_limit", True), "takes a whole number, not True"),
    ("options", with_option("weapons_defend", 1), "is on or off (true/false), not 1"),
    ("options", with_config(options=3), "expected a table, not a whole number (at config.options)"),
    ("names", with_player(name=""), "at least 1 character"),
    ("names", with_player(name="a" * 41), "at most 40 characters"),
    ("names", with_player(name="line\nbreak"), "control character"),
    ("names", with_player(name=7), "expected a text, not a whole number"),
    ("kind", with_player(kind="alien"), "player 1 is 'alien'; a seat is played by a human or a bot"),
    ("level", with_player(kind="bot", level="godlike"), "--level takes one of random, easy, normal, hard"),
    ("edition", {"edition": "Castlecards deluxe #00000000 rules 9"}, "which this castletui does not have"),
    ("edition", {"edition": 7}, "expected a text, not a whole number (at edition)"),
    ("game", {"game": "chess"}, "'chess', which this castletui does not know"),
    ("seed", {"seed": "one"}, "expected a whole number, not a text (at seed)"),
]


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@pytest.mark.parametrize(
    ("field", "changes", "says"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_each_header_field_with_each_kind_of_wrong_value_is_refused_in_words(
    tmp_path, suffix, field, changes, says
):
    path = saves.dump(msgspec.structs.replace(GOOD, **changes), tmp_path / f"bad{suffix}")
    with pytest.raises(saves.SaveError) as caught:
        Session.open(path)
    assert says in str(caught.value)
    assert path.name in str(caught.value) or "the save" not in str(caught.value)


def test_an_empty_edition_of_an_old_save_is_not_held_against_it(tmp_path):
    path = saves.dump(msgspec.structs.replace(GOOD, edition=""), tmp_path / "old.toml")
    assert Session.open(path).save.edition == ""
