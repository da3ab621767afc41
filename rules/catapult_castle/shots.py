"""The digital shot: where an aimed ammo lands, as plain arithmetic the UI can show.

The mini-game gives an accuracy 0..100 (100: the marker stopped in the middle
of the sweet spot). :func:`landing_odds` turns it into the chances that the
ammo stays in the aimed tower, drops into a neighbouring tower, is stopped
by the target's roof, or lands nowhere; :func:`sweet_spot_width` sizes the
mini-game's sweet spot. The numbers live in ``edition.toml`` under ``[aim]``.
:func:`steady_aim` is a hand's accuracy without the mini-game: the bots'
aim at each level, and a player's who decides by lines (plain, JSON, a
program seat), who aims as steadily as the normal bot.

The model, with ``a = accuracy / 100``:

- Magic Toss forgives: ``a += magic_forgiveness * (1 - a)``.
- ``reach`` = how often a perfect shot stays in the tower: ``reach_base``,
  less ``reach_per_distance`` per square width beyond ``near_distance``,
  less ``reach_per_level`` per tower under the target, plus ``magic_reach``
  with Magic Toss, clipped to [``reach_min``, ``reach_max``].
- in the target: ``reach * a**2`` (a sloppy shot rarely stays in);
- in a neighbour (when there is one): ``(1 - target) * (near_base + near_per_accuracy * a)``;
- a roofed target turns the "in the target" share into "stopped by the roof";
- nowhere: the rest.

So accuracy 100 on a near single tower hits 96% of the time, accuracy 0
never hits the target and lands in a neighbour at most 15% of the time.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from castletui.rules.catapult_castle.edition import AIM, AimModel

LEVEL_ACCURACY = {"random": 50, "easy": 40, "normal": 65, "hard": 85}
"""The mean accuracy of a steady hand at each bot level."""
ACCURACY_SPREAD = 12
"""The spread (standard deviation) of a steady hand's accuracy around its mean."""


def steady_aim(rng: random.Random, level: str = "normal") -> int:
    """An accuracy (0..100) drawn for one shot by a hand as steady as a bot
    of ``level``: about its mean give or take the spread, rarely far off."""
    mean = LEVEL_ACCURACY.get(level, LEVEL_ACCURACY["normal"])
    return max(0, min(100, round(rng.gauss(mean, ACCURACY_SPREAD))))


def steady_draw(seed: int | str, shot: int | str) -> random.Random:
    """The generator of the steady hand for ``shot`` (a ply, or a turn's
    name) of the game with ``seed``: the same game and shot always aim the
    same, so undoing and aiming again changes nothing. Apart from the
    chance draws' (``chance_rng``)."""
    return random.Random(f"{seed}:steady hand:{shot}")


class LandingOdds(NamedTuple):
    """Chances of each kind of landing; they add up to 1."""

    target: float
    """Stays in the aimed tower."""
    near: float
    """Drops into one of the towers next to it (shared equally among them)."""
    roof: float
    """Stopped by (or bounced off) the roof on the aimed tower."""
    nowhere: float


def _reach(distance: float, height: int, magic_toss: bool, model: AimModel) -> float:
    reach = (
        model.reach_base
        - model.reach_per_distance * max(0.0, distance - model.near_distance)
        - model.reach_per_level * max(0, height - 1)
        + (model.magic_reach if magic_toss else 0.0)
    )
    return min(model.reach_max, max(model.reach_min, reach))


def landing_odds(
    accuracy: int,
    distance: float,
    height: int,
    magic_toss: bool = False,
    roofed: bool = False,
    has_neighbours: bool = True,
    model: AimModel = AIM,
) -> LandingOdds:
    """Where an ammo shot with ``accuracy`` (0..100) at a stack ``height``
    towers high, ``distance`` square widths from the catapult, ends up."""
    aim = min(100, max(0, accuracy)) / 100.0
    if magic_toss:
        aim += model.magic_forgiveness * (1.0 - aim)
    target = _reach(distance, height, magic_toss, model) * aim * aim
    near = (1.0 - target) * (model.near_base + model.near_per_accuracy * aim) if has_neighbours else 0.0
    nowhere = max(0.0, 1.0 - target - near)
    if roofed:
        return LandingOdds(0.0, near, target, nowhere)
    return LandingOdds(target, near, 0.0, nowhere)


def sweet_spot_width(distance: float, height: int, magic_toss: bool = False, model: AimModel = AIM) -> int:
    """The mini-game's sweet spot as a percentage of the power bar: narrower
    for far and tall targets, wider with Magic Toss."""
    width = (
        model.spot_base
        - model.spot_per_distance * max(0.0, distance - model.near_distance)
        - model.spot_per_level * max(0, height - 1)
        + (model.spot_magic if magic_toss else 0.0)
    )
    return int(round(min(model.spot_max, max(model.spot_min, width))))
