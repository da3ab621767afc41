"""Catapult Castle's own bot: ``bot_action``, a rule-of-thumb player whose
level is its aim.

The bot's accuracy is drawn from its level each shot (easy around 40, normal
around 65, hard around 85). It picks the target worth most times its chance
to hit (stacks it can take whole, ammo inside, the leader's towers), puts a
Reinforced Roof on its own most exposed stack, plays Strong Ammo against a
stack, Magic Toss at far or tall targets and Extra Shot while ammo is
plentiful. It takes the extra shot it is owed unless a hit would end the game
without making it the winner. It takes every tower it hits unless stacking
it would cost more than the tower is worth (:func:`stacking_cost`,
:func:`tower_worth`). Solo, it stacks towers three high for its
Strong Ammo.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import msgspec
from castletui.rules.catapult_castle.chance import chance_outcomes
from castletui.rules.catapult_castle.edition import (
    DISTANCES,
    EDITION,
    EXTRA_SHOT,
    MAGIC_TOSS,
    ROOF,
    SQUARE_NAMES,
    STRONG_AMMO,
    UNSEEN,
)
from castletui.rules.catapult_castle.flow import to_move
from castletui.rules.catapult_castle.legal import legal_actions
from castletui.rules.catapult_castle.pieces import (
    captured_towers,
    draw_pile,
    is_solo,
    own_deck,
    placement,
    rearrange_limit,
    targets,
    tower_count,
    towers_on_table,
)
from castletui.rules.catapult_castle.scoring import ranking, standing_keys
from castletui.rules.catapult_castle.shots import (
    LEVEL_ACCURACY,
    LandingOdds,
    landing_odds,
    steady_aim,
)
from castletui.rules.catapult_castle.state import (
    DONE_REARRANGING,
    GIVES,
    LAND_NOWHERE,
    LEAVE_TOWER,
    PLACES,
    PLAY_ROOF,
    PLAYS,
    REARRANGE,
    RETURN_TO_BOX,
    SHOOT,
    SHOOT_FROM,
    SKIP_EXTRA_SHOT,
    TAKE_TOWER,
    Action,
    State,
    aim_action,
    move_action,
)
from castletui.rules.core import CHANCE, sample_outcome

GIVE_UP_ORDER = (MAGIC_TOSS, EXTRA_SHOT, STRONG_AMMO, ROOF)
"""Which card a bot puts under a tower first when it must give one from hand."""
PLENTY_OF_AMMO = 10
"""Extra Shot is played while the supply holds at least this much (more per shot already owed)."""


@functools.lru_cache(maxsize=4096)
def odds_of(
    accuracy: int, distance: float, height: int, magic: bool, roofed: bool, near_by: bool = True
) -> LandingOdds:
    """``shots.landing_odds``, remembered: the bots weigh the same few shots
    (an expected aim, a distance, a height) thousands of times in the hard
    bot's playouts."""
    return landing_odds(accuracy, distance, height, magic, roofed, near_by)


def _accuracy(level: str, rng: random.Random) -> int:
    # The hand a player deciding by lines aims with too (shots.steady_aim).
    return steady_aim(rng, level)


def _best_target(state: State, seat: int, level: str, strong: bool, magic: bool) -> tuple[float, int, int]:
    """(value, square, firing mat or -1) of the most promising shot."""
    stacks = state.stacks
    solo = is_solo(state)
    expected = LEVEL_ACCURACY.get(level, LEVEL_ACCURACY["normal"])
    leader = -1 if solo else ranking(state)[0]
    best = (-1.0, -1, -1)
    corners = range(len(EDITION.mats)) if solo else (-1,)
    for from_mat in corners:
        corner = from_mat if solo else state.seat_mats[seat]
        for q in targets(state, seat, from_mat):
            stack = stacks[q]
            height = len(stack.towers)
            roofed = stack.roof >= 0
            odds = odds_of(expected, DISTANCES[corner][q], height, magic, roofed)
            if roofed:
                value = 0.3 * odds.roof  # only worth stripping when nothing better is open
            else:
                taken = height if strong and height > 1 else 1
                gain = float(taken)
                if not solo:
                    gain += 0.3 * sum(stack.towers[height - taken :]) + 0.2
                    victim = state.mat_owner[q // 4]
                    if victim >= 0:
                        gain += 0.6 if victim == leader else 0.3
                value = gain * odds.target
            if value > best[0]:
                best = (value, q, from_mat)
    return best


def _roof_spot(state: State, seat: int) -> int:
    """The bot's own tower most worth a roof, or -1."""
    stacks = state.stacks
    best, best_value = -1, 2.5
    for q in range(4 * state.seat_mats[seat], 4 * state.seat_mats[seat] + 4):
        stack = stacks[q]
        if stack.towers and stack.roof < 0:
            value = 2 * len(stack.towers) + sum(stack.towers)
            if value > best_value:
                best, best_value = q, value
    return best


def _wants_extra_shot(state: State, seat: int, value: float, square: int) -> bool:
    """Take the extra shot (a miss costs nothing: the ammo comes back) unless a
    hit on ``square`` would end the game, by spending the last ammo or taking an
    opponent's last towers, while the bot still would not be first: then it
    keeps the game going for a later comeback."""
    if square < 0 or value <= 0:
        return False
    seats = range(state.seats)
    if any(tower_count(state, s) == 0 for s in seats):
        return True  # the game ends with this turn anyway: every tower counts
    taken = captured_towers(state, square)
    victim = state.mat_owner[square // 4]
    last_ammo = state.supply <= 1
    last_towers = victim >= 0 and tower_count(state, victim) <= taken
    if not (last_ammo or last_towers):
        return True
    keys = [list(key) for key in standing_keys(state)]
    ammo = sum(state.stacks[square].towers[-taken:]) + 1
    keys[seat][0] += taken
    keys[seat][1] += ammo
    if victim >= 0:
        keys[victim][0] -= taken
        keys[victim][1] -= ammo - 1
        keys[victim][2] += 1 if draw_pile(state, own_deck(state, victim)).size else 0
    return max(seats, key=lambda s: keys[s]) == seat


class Style(msgspec.Struct, frozen=True):
    """How the bot weighs its shots: ``target(state, seat, level, strong,
    magic)`` gives (value, square, firing mat) of the shot it takes, and
    Extra Shot is played while the supply holds ``plenty`` ammo (plus 4 per
    shot already owed; None: as soon as it is in hand). The normal bot's own
    is :data:`USUAL`; the hard bot plays its turns in a sharper one."""

    target: Callable[[State, int, str, bool, bool], tuple[float, int, int]]
    plenty: int | None = PLENTY_OF_AMMO


USUAL = Style(_best_target)


def _turn(state: State, seat: int, level: str, rng: random.Random, style: Style = USUAL) -> Action:
    hand = state.hands[seat]
    can_play = not state.shot_taken and not state.beginner
    if can_play and ROOF in hand:
        spot = _roof_spot(state, seat)
        if spot < 0 and hand.count(ROOF) >= 2:
            spot = _roof_spot_any(state, seat)
        if spot >= 0:
            return PLAY_ROOF[spot]
    if is_solo(state) and state.rearrangements_left > 0 and _wants_rearranging(state, seat):
        return REARRANGE
    strong = state.strong_ammo or (can_play and STRONG_AMMO in hand)
    magic = state.magic_toss or (can_play and MAGIC_TOSS in hand)
    value, q, from_mat = style.target(state, seat, level, strong, magic)
    if state.shot_taken and not _wants_extra_shot(state, seat, value, q):
        return SKIP_EXTRA_SHOT
    if q < 0:  # nothing worth aiming at: any legal shot will do
        return rng.choice(legal_actions(state))
    if can_play:
        stack = state.stacks[q]
        height = len(stack.towers)
        corner = from_mat if from_mat >= 0 else state.seat_mats[seat]
        if STRONG_AMMO in hand and not state.strong_ammo and height > 1 and stack.roof < 0:
            return PLAYS[STRONG_AMMO]
        if MAGIC_TOSS in hand and not state.magic_toss and (DISTANCES[corner][q] >= 3.5 or height > 1):
            return PLAYS[MAGIC_TOSS]
        if EXTRA_SHOT in hand and (
            style.plenty is None or state.supply >= style.plenty + 4 * state.shots_left
        ):
            return PLAYS[EXTRA_SHOT]
    if state.mode == "table":
        return SHOOT_FROM[from_mat] if from_mat >= 0 else SHOOT
    return aim_action(q, _accuracy(level, rng), from_mat)


def _roof_spot_any(state: State, seat: int) -> int:
    stacks = state.stacks
    for q in range(4 * state.seat_mats[seat], 4 * state.seat_mats[seat] + 4):
        if stacks[q].towers and stacks[q].roof < 0:
            return q
    return -1


def _wants_rearranging(state: State, seat: int) -> bool:
    """Solo: rearrange when Strong Ammo waits in hand and no stack is three high yet."""
    strong_cards = state.hands[seat].count(STRONG_AMMO)
    return strong_cards > 0 and towers_on_table(state) >= 4 and _tall_stacks(state) == 0


def _tall_stacks(state: State) -> int:
    limit = rearrange_limit(state)
    return sum(1 for q in state.squares if len(state.stacks[q].towers) >= limit)


def _rearrange(state: State, seat: int) -> Action:
    """Build three-high stacks, one per Strong Ammo in hand, from single towers."""
    stacks = state.stacks
    limit = rearrange_limit(state)
    wanted = state.hands[seat].count(STRONG_AMMO) + (1 if state.strong_ammo else 0)
    if state.rearrange_moves >= EDITION.rearrange_move_limit or _tall_stacks(state) >= wanted:
        return DONE_REARRANGING
    growing = [q for q in state.squares if 0 < len(stacks[q].towers) < limit]
    if not growing:
        return DONE_REARRANGING
    # Grow the tallest unfinished stack, near some corner, from a lone tower far away.
    target = max(growing, key=lambda q: (len(stacks[q].towers), -_nearest_corner(q), -q))
    singles = [q for q in state.squares if len(stacks[q].towers) == 1 and q != target]
    if not singles:
        return DONE_REARRANGING
    source = max(singles, key=lambda q: (_nearest_corner(q), q))
    return move_action(source, target)


def _nearest_corner(square: int) -> float:
    """Distance to the nearest corner of another mat (solo shoots from any corner)."""
    return min(DISTANCES[m][square] for m in range(len(EDITION.mats)) if m != square // 4)


# What a declined hit is weighed by, in towers (a tower on your mat is a point).
AMMO_WORTH = 0.1
"""Ammo inside a tower: the first tie-break."""
DECK_CARD_WORTH = 0.2
"""The top card of the deck put under a stacked tower: a card the bot would have drawn."""
CARD_IN_HAND = 0.1
"""Any card in hand: the second tie-break."""
CARD_CHANCE = 0.5
"""The share of a card's best use the bot counts on seeing (it may never come)."""


def card_worth(state: State, seat: int, kind: str) -> float:
    """What a card in ``seat``'s hand is worth, in towers: a tie-break, and
    (cards in play) half its best use now: Strong Ammo the towers beyond the
    first of the tallest stack it could take, a Reinforced Roof the
    tallest stack of its own it could shield, Extra Shot a shot."""
    worth = CARD_IN_HAND
    if state.beginner:
        return worth
    stacks = state.stacks
    own = state.seat_mats[seat]
    if kind == STRONG_AMMO:
        tallest = max((len(stacks[q].towers) for q in targets(state, seat) if stacks[q].roof < 0), default=1)
        worth += CARD_CHANCE * (tallest - 1)
    elif kind == ROOF:
        mine = [len(stacks[q].towers) for q in range(4 * own, 4 * own + 4) if stacks[q].roof < 0]
        worth += CARD_CHANCE * max(mine, default=0)
    elif kind == EXTRA_SHOT:
        worth += CARD_CHANCE
    elif kind in (MAGIC_TOSS, UNSEEN):
        worth += CARD_CHANCE / 2
    return worth


def stacking_cost(state: State, seat: int) -> float:
    """What putting a won tower on ``seat``'s mat costs, in towers: nothing
    on an empty square (or with nowhere to put it); on a full mat the card
    that goes under it, the top of the deck, or with deck and discard
    empty the card from hand the bot gives up (``GIVE_UP_ORDER``)."""
    if placement(state, seat)[0] != "stack":
        return 0.0
    if draw_pile(state, own_deck(state, seat)).size:
        return DECK_CARD_WORTH
    hand = state.hands[seat]
    given = next((kind for kind in (UNSEEN, *GIVE_UP_ORDER) if kind in hand), hand[0])
    return card_worth(state, seat, given)


def tower_worth(state: State, square: int) -> float:
    """What the towers a hit on ``square`` takes are worth: a point each, and the ammo in them."""
    towers = state.stacks[square].towers
    taken = captured_towers(state, square)
    return taken + AMMO_WORTH * (sum(towers[len(towers) - taken :]) + 1)


def _take(state: State, seat: int, square: int) -> Action:
    """Take the tower unless stacking it would cost more than it is worth
    (the ruling in games/catapult-castle.md, "Declining a hit")."""
    return LEAVE_TOWER if stacking_cost(state, seat) > tower_worth(state, square) else TAKE_TOWER


def _place(state: State, seat: int) -> Action:
    mode, squares = placement(state, seat)
    if mode == "none":
        return RETURN_TO_BOX
    stacks = state.stacks
    others = [state.seat_mats[s] for s in range(state.seats) if s != seat]

    def exposure(q: int) -> float:
        # Close to an opponent's catapult is easy to hit; stacks are worth more to them.
        nearest = min((DISTANCES[m][q] for m in others), default=5.0)
        return len(stacks[q].towers) * 2 - nearest

    return PLACES[SQUARE_NAMES[min(squares, key=exposure) % 4]]


def bot_action(state: State, level: str, rng: random.Random, style: Style = USUAL) -> Action:
    """The bot's answer to the decision on top, for seat ``to_move(state)``
    (its turns played in ``style``)."""
    mover = to_move(state)
    if mover is None:
        raise ValueError("The game is over: nothing to decide.")
    if mover == CHANCE:
        outcomes = chance_outcomes(state)
        return sample_outcome(outcomes, rng) if outcomes else LAND_NOWHERE
    top = state.pending[-1]
    if top.kind == "turn":
        return _turn(state, top.seat, level, rng, style)
    if top.kind == "take":
        return _take(state, top.seat, top.square)
    if top.kind == "place":
        return _place(state, top.seat)
    if top.kind == "stack_card":
        hand = state.hands[top.seat]
        # Table mode: an unseen card (its kind not typed in) is given up first, as it is.
        return GIVES[next((kind for kind in (UNSEEN, *GIVE_UP_ORDER) if kind in hand), hand[0])]
    if top.kind == "rearrange":
        return _rearrange(state, top.seat)
    raise ValueError(f"No bot rule for a {top.kind!r} decision.")
