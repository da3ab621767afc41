"""Castle Raisers "why not?" (the screen API's ``refusals`` hook): what a
player may expect to do at a decision but may not, each with the rules'
reason, and that reason is the very one ``apply`` refuses the action with
(rulebook seeds/000_b1469f6f1c1c5ef1.txt, Defending the Castle, Settling
Villagers, Drafting a Tile; the Threat cards FAQ)."""

from __future__ import annotations

import castletui.rules.castle_raisers as engine
import pytest
from castletui.rules.castle_raisers.edition import COLOURS
from castletui.rules.castle_raisers.state import (
    Pending,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    StopPouring,
    TakeVillage,
)
from castletui.rules.core import Config, IllegalAction, screen

from tests.rules.castle_raisers.helpers import bare, castle, replace

SEA = 1


def deciding(castles, *steps: Pending, **changes):
    """A state whose stack holds ``steps`` (the last on top), nothing settled."""
    return replace(bare(castles, **changes), pending=steps)


def refused_as_apply_says(state, action, label):
    """The refusal listed for ``label`` is apply's own reason for ``action``."""
    reasons = dict(engine.refusals(state, state.pending[-1].seat))
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, action)
    assert reasons[label] == refused.value.reason
    return reasons[label]


def test_a_vicious_wolf_needs_two_cauldrons_from_one_pouring():
    """Defending the Castle: "the 2 cauldrons needed to defeat [a vicious wolf]
    must be poured during the same ability activation"."""
    milo = castle(wolves={("sea", "vicious"): 1, ("sea", "archer"): 1})
    state = deciding([milo, castle("B")], Pending("pour", seat=0, section=SEA, count=1))
    reason = refused_as_apply_says(state, PourCauldron("vicious"), "Pour on vicious wolf")
    assert reason == "A vicious wolf needs 2 cauldrons from the same pouring; this pouring has 1 left."
    assert PourCauldron("archer") in engine.legal_actions(state)
    assert [label for label, _ in engine.refusals(state, 0)] == ["Pour on vicious wolf"]
    # With two cauldrons left nothing is refused.
    assert engine.refusals(replace(state, pending=(Pending("pour", seat=0, section=SEA, count=2),)), 0) == []


def test_out_of_range_archers_cannot_be_defeated():
    """Threat card Out of Range: your cauldrons cannot defeat archers."""
    milo = castle(wolves={("sea", "archer"): 2}, threats=("Out of Range",))
    state = deciding([milo], Pending("pour", seat=0, section=SEA, count=2), variant="solo")
    reason = refused_as_apply_says(state, PourCauldron("archer"), "Pour on archer")
    assert reason.startswith("Out of Range")


def test_strong_hides_vicious_wolves_first_and_no_stopping_before():
    """Threat card Strong Hides: a vicious wolf the pouring can defeat goes first,
    and the pouring may not stop before."""
    milo = castle(wolves={("sea", "vicious"): 1, ("sea", "soldier"): 1}, threats=("Strong Hides",))
    state = deciding([milo], Pending("pour", seat=0, section=SEA, count=2), variant="solo")
    assert refused_as_apply_says(state, PourCauldron("soldier"), "Pour on soldier").startswith("Strong Hides")
    assert refused_as_apply_says(state, StopPouring(), "Stop pouring").startswith("Strong Hides")
    assert engine.legal_actions(state) == [PourCauldron("vicious")]


def test_an_empty_stack_cannot_be_taken_from():
    """Settling Villagers: a face-up token or the top of a stack; an empty stack has no top."""
    state = deciding([castle(), castle("B")], Pending("village_take", seat=0))
    red = tuple(token for token in state.village_stacks if token.startswith("V-R"))
    state = replace(state, village_stacks=tuple(t for t in state.village_stacks if t not in red))
    reason = refused_as_apply_says(state, TakeVillage(colour="red"), "Top of red stack")
    assert reason == "The red stack is empty."
    assert TakeVillage(colour="red") not in engine.legal_actions(state)
    assert all(TakeVillage(colour=c) in engine.legal_actions(state) for c in COLOURS if c != "red")


def test_disoriented_cannot_take_a_face_up_token():
    """Threat card Disoriented: take the face-down top token of a stack."""
    state = deciding(
        [castle(threats=("Disoriented",))],
        Pending("village_take", seat=0),
        variant="solo",
        village_face_up=("V-B5", "V-R6"),
    )
    token = "V-B5"
    reasons = dict(engine.refusals(state, 0))
    assert reasons[engine.label(state, TakeVillage(token=token))].startswith("Disoriented")
    with pytest.raises(IllegalAction, match="Disoriented"):
        engine.apply(state, TakeVillage(token=token))


def test_a_threat_card_forbids_border_locations():
    """Threat card Isolated: no Village token on a border location."""
    state = deciding(
        [castle(threats=("Isolated",))], Pending("village_place", seat=0, tile="V-B5"), variant="solo"
    )
    reasons = dict(engine.refusals(state, 0))
    assert set(reasons) == {"Location B_FS", "Location B_SF", "Location B_FF"}
    refused_as_apply_says(state, PlaceVillage("B_FS"), "Location B_FS")


def test_a_slot_resting_on_one_tile_is_refused():
    """Drafting a Tile: a tile lies flat on two tiles below it."""
    milo = castle(wall={(1, 0): "W1-01"})
    state = deciding([milo, castle("B")], Pending("place", seat=0, tile="W1-02"))
    reasons = dict(engine.refusals(state, 0))
    # Level 2 slot 0 needs slots 0 and 1 of level 1; slot 5 needs 5 and 0.
    assert set(reasons) == {"Level 2 slot 0", "Level 2 slot 5"}
    assert refused_as_apply_says(state, PlaceTile(2, 0), "Level 2 slot 0") == (
        "That slot is not supported: level 2 needs both tiles below it on level 1."
    )


def test_nothing_is_refused_to_a_player_not_deciding_or_at_chance():
    milo = castle(wolves={("sea", "vicious"): 1})
    state = deciding([milo, castle("B")], Pending("pour", seat=0, section=SEA, count=1))
    assert engine.refusals(state, 1) == []
    refused = [(refusal.label, refusal.reason) for refusal in screen.refusals(engine, state, 0)]
    assert refused == [("Pour on vicious wolf", engine.refusals(state, 0)[0][1])]
    assert engine.refusals(engine.setup(Config("competitive", 2)), 0) == []
