"""``castletui new GAME --players N`` without ``--variant``: the variant that
fits N (issue 31, item 2), said once the app is up."""

from __future__ import annotations

import pytest
from castletui.rules import registry

from castletui import cli
from castletui.app import CastleApp
from castletui.commands.start import start_from


def start_of(*argv: str):
    return start_from(cli.build_parser().parse_args(["new", *argv]), registry)


@pytest.mark.parametrize(
    ("argv", "variant", "said"),
    [
        (["castlecards", "--players", "3", "--bots", "1"], "multi-player", True),
        (["castlecards", "--names", "Ann,Bo,Cy,Di"], "multi-player", True),
        (["castlecards", "--players", "2"], "two-player", False),
        (["catapult-castle", "--players", "1"], "solo", True),
        (["castle-raisers", "--players", "1"], "solo", True),
        # Both competitive and co-operative take 3: the default, the game's first.
        (["castle-raisers", "--players", "3"], "competitive", False),
        (["castle-raisers", "--players", "3", "--variant", "cooperative"], "cooperative", False),
        (["got-catan", "--players", "4", "--bots", "3"], "base", False),
    ],
)
def test_the_variant_that_fits_the_players_is_chosen(argv, variant, said):
    start = start_of(*argv)
    assert start.kind == "play" and start.new_game["variant"] == variant
    assert bool(start.note) == said
    if said:
        assert variant in start.note and "--variant" in start.note


def test_no_variant_for_that_many_players_names_each_variant(capsys):
    assert start_of("castlecards", "--players", "5") == 2
    assert capsys.readouterr().err.strip() == (
        "castletui: Castlecards has no variant for 5 players "
        "(two-player for 2 players; multi-player for 3 to 4 players)."
    )


def test_a_variant_given_that_does_not_fit_is_still_refused(capsys):
    assert start_of("castlecards", "--variant", "two-player", "--players", "3") == 2
    assert "is for 2 players, not 3" in capsys.readouterr().err


def test_the_wizard_keeps_the_default_variant():
    assert start_of("castlecards").kind == "wizard"


async def test_the_app_says_which_variant_it_chose(tmp_path):
    start = start_of("castlecards", "--players", "3", "--bots", "2")
    app = CastleApp(start, save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications if "multi-player" in n.message] == [start.note]
