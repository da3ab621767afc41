"""Issue 43, item 9 ("What players found, round 3"): the words a player
read wrong, each asserted as the code that makes it says it now."""

from __future__ import annotations

import pytest
from castletui.rules import registry

from castletui.screens.result import verdict
from castletui.screens.rules import rules_text
from tests.app.catapult_castle.helpers import new_session as new_catapult
from tests.app.catapult_castle.helpers import play_until as play_catapult


def test_a_solo_catapult_game_is_scored_not_won(tmp_path):
    """The solo sheet said "Coco wins!": there is nobody to beat."""
    session = play_catapult(new_catapult(tmp_path / "g.toml", seats=1, variant="solo"), lambda s: False)
    assert session.over
    result = session.result()
    assert result.rating
    assert verdict(session) == (
        f"Coco scores {result.scores[0]:g} (solo score: one point per tower removed and per ammo left). "
        f"Rating: {result.rating}."
    )


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_rules_page_never_sends_players_to_a_data_file(game_id):
    """The Castlecards rules page told players the numbers "live in
    `edition.toml`", a file of the program's."""
    text = rules_text(game_id)
    assert text.strip()
    assert ".toml" not in text and ".json" not in text
