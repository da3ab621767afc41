"""Brotherhood of the Watch as a layer over the base game (issue 27, item 3):
the face switches it on, its steps and hooks reach the base only through
the registration points of ``rules.got_catan.layers``, and what a wildling
does on reaching a clearing is one rule (``wall.arrival``) that the rule
itself, the words the screens show and the bot all read."""

from __future__ import annotations

import itertools

import castletui.rules.got_catan as game
import pytest
from castletui.rules.got_catan import calc, layers, scoring, table_entry
from castletui.rules.got_catan.apply import ANSWERS
from castletui.rules.got_catan.brotherhood import LAYER, register
from castletui.rules.got_catan.brotherhood.bots import danger
from castletui.rules.got_catan.brotherhood.calc import WILDLING_DIE
from castletui.rules.got_catan.brotherhood.queries import advance_forecast, advance_outcomes, arrival_words
from castletui.rules.got_catan.brotherhood.wall import arrival, arrived
from castletui.rules.got_catan.edition import CLANS
from castletui.rules.got_catan.flow import AUTOMATIC_STEPS, CHANCE_KINDS
from castletui.rules.got_catan.legal import DECISIONS
from msgspec.structs import replace

from .helpers import table

WATCH_STEPS = ("place-guard", "patrol", "tarly", "give-back", "mance", "pick", "hero-after")


def watch():
    return table(variant="brotherhood")


def test_the_face_switches_the_layer_on_for_brotherhood_only():
    assert layers.LAYERS[watch().variant] is LAYER
    assert layers.LAYERS[table().variant] is layers.BASE
    assert all(kind in ANSWERS and kind in DECISIONS for kind in WATCH_STEPS)
    assert {"advance", "reveal", "recruit"} <= set(AUTOMATIC_STEPS)
    assert {"wildling-die", "token", "peek"} <= CHANCE_KINDS
    # Table mode's questions at its chance steps sit with the base's, in table_entry.
    assert {"wildling-die", "token", "peek"} <= set(table_entry.PROMPTS)
    assert "token" in table_entry.BATCHES


def test_the_wall_reaches_the_screens_through_the_scene_only():
    """Issue 44: the face no longer carries Brotherhood's queries (the Wall
    panel, the forecast, the heroes); the screens draw the seat's scene,
    whose Wall the layer fills, and the base game's has none."""
    names = ("is_watch", "wall_sections", "advance_forecast", "hero_info", "tokens", "breach_track")
    assert not any(hasattr(game, name) for name in names)
    assert game.scene(watch(), 0).watch is not None
    assert game.scene(table(), 0).watch is None


def test_registering_again_doubles_nothing():
    helpers = list(calc.HELPERS)
    answers = dict(ANSWERS)
    register()
    assert helpers == calc.HELPERS and calc.HELPERS.count(WILDLING_DIE) == 1
    assert answers == ANSWERS


def test_the_base_game_reads_no_brotherhood_hook():
    """A base game's turn offers no guard and no hero, its score sheet has
    the base game's five lines, and 10 points win at once."""
    state = table(hands={0: ["brick", "lumber", "wool"]})
    assert not [a for a in game.legal_actions(state) if type(a).__name__ in ("BuildGuard", "PlaceGuard")]
    assert len(scoring.point_lines(state, 0)) == 5
    assert [line.label for line in game.result(state).lines][-1] == "Victory Point cards"
    assert [line.label for line in game.result(watch()).lines][-1] == "Guards on the Wall"


def _north(kind: str, guards: int, waiting: int):
    """A Brotherhood game with ``guards`` guards on section 0 and ``waiting``
    regulars in clearing 0."""
    state = watch()
    wall = list(state.wall)
    wall[0] = tuple(seat % 4 for seat in range(guards))
    clearings = list(state.clearings)
    clearings[0] = ("regular",) * waiting
    return replace(state, wall=tuple(wall), clearings=tuple(clearings), events=())


CASES = list(itertools.product(("regular", "climber", "giant"), range(4), range(4)))


@pytest.mark.parametrize(("kind", "guards", "waiting"), CASES)
def test_the_rule_does_what_the_one_arrival_says(kind, guards, waiting):
    state = _north(kind, guards, waiting)
    coming = arrival(state, kind, 0)
    after = arrived(state, kind, 0, CLANS[0].name)
    happened = [event.kind for event in after.events]
    expected = {"jumps": "blocks", "kills": "giant-kills", "breach": "breach", "waits": "wildlings-wait"}
    assert expected[coming.outcome] in happened
    assert {"blocks", "giant-kills", "breach", "wildlings-wait"} & set(happened) <= {
        expected[coming.outcome],
        *(("blocks",) if coming.outcome == "breach" else ()),
    }
    if coming.outcome == "waits":
        assert after.events[-1].detail == (0, coming.regulars, coming.guards)


@pytest.mark.parametrize(("kind", "guards", "waiting"), CASES)
def test_the_words_and_the_forecast_tell_the_same_arrival(kind, guards, waiting):
    state = _north(kind, guards, waiting)
    coming = arrival(state, kind, 0)
    words = arrival_words(state, coming)
    assert words.startswith(f"a {kind} to ")
    assert ("BREACH" in words) == (coming.outcome == "breach")
    assert ("waits" in words) == (coming.outcome == "waits")
    assert ("kills" in words) == (coming.outcome == "kills")
    # The forecast of each trail into clearing 0 is that same arrival.
    for clan_index, clan in enumerate(CLANS):
        camps = list(state.camps)
        camps[clan_index] = (kind,)
        with_camp = replace(state, camps=tuple(camps))
        for trail in clan.trails:
            if trail.clearing != 0:
                continue
            faces = "-".join(str(n) for n in trail.numbers)
            assert (faces, kind, 0, coming.outcome) in advance_outcomes(with_camp)
            assert (faces, words) in advance_forecast(with_camp)


def test_the_bot_fears_a_breach_more_than_a_wait():
    """The bot's danger reads the same arrival: a regular that would breach
    an empty section weighs more than one that waits against a guard."""
    clan = next(index for index, clan in enumerate(CLANS) if any(t.clearing == 0 for t in clan.trails))
    camps = [()] * len(CLANS)
    camps[clan] = ("regular",)
    breach = replace(_north("regular", 0, 0), camps=tuple(camps))
    wait = replace(_north("regular", 2, 0), camps=tuple(camps))
    assert arrival(breach, "regular", 0).outcome == "breach"
    assert arrival(wait, "regular", 0).outcome == "waits"
    assert danger(breach)[0] > danger(wait)[0] > 0
