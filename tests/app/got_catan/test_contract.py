"""A Game of Thrones Catan's app side against the face (issue 44, items 1
and 4): its modules (castletui/games/got_catan/: screen, menu, side, map,
Wall, trade dialog, replay) draw the frame's scene and never read a view or
a rules state's fields, and read a menu line's text only to draw it."""

from __future__ import annotations

from tests.app.contract import (
    app_side_reads,
    outside_the_scene,
    state_fields,
    text_reads,
)

FIELDS = state_fields(
    "got_catan",
    ("State", "Player", "Offer", "Step"),
    ("castletui.rules.got_catan.scene", "castletui.rules.got_catan.brotherhood.scene"),
)
"""The state's fields the scene has under no same name (a field the scene
also has, ``wall`` or ``hand``, a scan by name cannot tell apart)."""

ALLOWED = {
    # The Session's variant; the trade dialog's own chosen target and the
    # OfferTrade action it builds (a constructor of the face's).
    "screen.py": {"variant"},
    "trade.py": {"target", "give", "get"},
}


def test_the_scan_sees_a_view_or_a_state_field_read():
    assert {"pending", "development_deck", "terrain_bag", "tokens_hidden"} <= FIELDS
    source = "deck = frame.view.development_deck\nstate.pending\nscene.players\nplace = spots.get(3)\n"
    assert outside_the_scene(source, FIELDS) == [(1, "development_deck"), (1, "view"), (2, "pending")]


def test_the_map_wall_side_and_menu_draw_the_scene_not_the_view():
    found = {
        name: sorted(set(reads) - ALLOWED.get(name, set()))
        for name, reads in app_side_reads("got_catan", FIELDS).items()
    }
    assert not any(found.values()), found


def test_the_app_side_reads_a_lines_text_only_to_draw_it():
    assert text_reads("got_catan") == []
