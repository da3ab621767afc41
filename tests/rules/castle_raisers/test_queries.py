"""The screens' rules queries (``ui_queries``) agree with the engine's result."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers.queries import team_standing, wolves_score
from castletui.rules.castle_raisers.state import Castle, State


def test_wolves_score_by_player_count():
    assert [wolves_score(seats) for seats in (1, 2, 3, 4)] == [80, 160, 240, 320]


@pytest.mark.parametrize(
    ("prestige", "attack", "team", "beaten"),
    [(60, 0, 140, False), (70, 0, 160, False), (69, 1, 161, True)],
)
def test_team_standing_matches_the_result(prestige, attack, team, beaten):
    """The co-op Scoring Example's 140 against the wolves' 160 is a loss; 160
    is too (the team must score more); 161 wins (no Threat cards here)."""
    coco = Castle(board="A", heights=(4, 0, 0), prestige=(prestige, 0, 0), attack=(attack, 0, 0))
    state = State(variant="cooperative", seats=2, castles=(coco, Castle(board="B")), finished=True)
    result = engine.result(state)
    assert team_standing(state) == (team, 160, beaten)
    assert sum(result.scores) == team and result.lost == (not beaten)
