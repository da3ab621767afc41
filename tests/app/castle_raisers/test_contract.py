"""Castle Raisers' app side against the face (issue 44, items 1 and 4): its
modules (castletui/games/castle_raisers/: screen, menu, side, boards,
replay, score sheet) draw the frame's scene and never read a view or a
rules state's fields, and read a menu line's text only to draw it."""

from __future__ import annotations

from tests.app.contract import (
    app_side_reads,
    outside_the_scene,
    state_fields,
    text_reads,
)

FIELDS = state_fields(
    "castle_raisers", ("State", "Castle", "Line", "Pending"), ("castletui.rules.castle_raisers.scene",)
)
"""The state's fields the scene has under no same name (a field the scene
also has, ``wolves`` or ``board``, a scan by name cannot tell apart)."""

ALLOWED = {
    # The Session's own, not the state's: the score sheet's Result, the table mode.
    "result.py": {"finished"},
    "words.py": {"finished"},
    "screen.py": {"mode"},
}


def test_the_scan_sees_a_view_or_a_state_field_read():
    assert {"pending", "events", "village_stacks", "threat_deck"} <= FIELDS
    source = "top = frame.view.pending\nstacks = state.village_stacks\nscene.castles\nsession.view(seat)\n"
    assert outside_the_scene(source, FIELDS) == [(1, "pending"), (1, "view"), (2, "village_stacks")]


def test_the_boards_side_and_menu_draw_the_scene_not_the_view():
    found = {
        name: sorted(set(reads) - ALLOWED.get(name, set()))
        for name, reads in app_side_reads("castle_raisers", FIELDS).items()
    }
    assert not any(found.values()), found


def test_the_app_side_reads_a_lines_text_only_to_draw_it():
    assert text_reads("castle_raisers") == []
