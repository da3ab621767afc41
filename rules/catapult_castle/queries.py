"""Catapult Castle's screen API (``prompt``, ``spot``, ``group``,
``preview``, ``refusals``: see ``rules.core.screen``), each given a seat's
``view``, and what it reads: the odds of an aimed shot, the action menu's
groups. The screens draw the scene (``scene``) and the menu (``menu``).

Spots (what the board's cursor stops on) are square numbers (``4 * mat +
position``, see ``square_index``) and ``("corner", mat)`` for the catapult
corner of a mat (solo: where a shot is fired from)."""

from __future__ import annotations

import functools
from collections.abc import Hashable

from castletui.rules.catapult_castle.chance import aimed_odds, towers_next_to
from castletui.rules.catapult_castle.edition import (
    DECK_NAMES,
    DISTANCES,
    EXTRA_SHOT,
    KINDS,
    MAGIC_TOSS,
    ROOF,
    SQUARE_NAMES,
    SQUARES_PER_MAT,
    STRONG_AMMO,
    UNSEEN,
    square_index,
)
from castletui.rules.catapult_castle.flow import to_move
from castletui.rules.catapult_castle.legal import (
    legal_actions,
    place_reason,
    play_reason,
    rearrange_reason,
    roof_squares,
)
from castletui.rules.catapult_castle.pieces import (
    is_solo,
    mat_squares,
    naming_reason,
    placement,
    possible_kinds,
    rearrange_limit,
    shooter_mat,
)
from castletui.rules.catapult_castle.shots import LandingOdds, steady_aim, steady_draw, sweet_spot_width
from castletui.rules.catapult_castle.state import (
    Action,
    Aim,
    DoneRearranging,
    GiveCard,
    Land,
    LeaveTower,
    MoveTower,
    Pending,
    Place,
    PlayCard,
    Rearrange,
    ReturnToBox,
    Shoot,
    SkipExtraShot,
    State,
    TakeTower,
    aim_action,
)
from castletui.rules.catapult_castle.text import extra_shots, square_words, tower_name
from castletui.rules.core import seat_ref


def _aimed(state: State, aim: Aim, accuracy: int = -1) -> Pending:
    """The landing an Aim would leave on the stack."""
    seat = state.pending[-1].seat if state.pending else -1
    return Pending(
        "land", seat, square=square_index(aim.mat, aim.square), accuracy=accuracy, from_mat=aim.from_mat
    )


def shot_odds(state: State, aim: Aim, accuracy: int) -> LandingOdds:
    """For the aiming mini-game: the chances of each kind of landing if the
    shooter aims at ``aim``'s tower with ``accuracy``."""
    land = _aimed(state, aim, accuracy)
    return aimed_odds(state, land, towers_next_to(state, land.square))


def shot_difficulty(state: State, aim: Aim) -> tuple[float, int, int]:
    """For the aiming mini-game: (distance in square widths, stack height,
    sweet-spot width in % of the power bar) of a shot at ``aim``'s tower."""
    land = _aimed(state, aim)
    distance = DISTANCES[shooter_mat(state, land)][land.square]
    height = len(state.stacks[land.square].towers)
    return distance, height, sweet_spot_width(distance, height, state.magic_toss)


# --- the screen API ----------------------------------------------------------------

CARDS = "Play a card"
"""The action-menu group of the cards a player may play before shooting."""
_ROOF_GROUP = "Reinforced Roof on a tower"

CARD_EFFECTS = {
    EXTRA_SHOT: "After this turn's shot, hit or miss, you may shoot once more.",
    MAGIC_TOSS: "This turn's shots are thrown by hand: a wider sweet spot, surer hits.",
    STRONG_AMMO: "This turn a hit on a stack takes the whole stack (not through a roof).",
}
"""What playing each card does, for the preview line."""


def _options(state: State, seat: int) -> tuple[bool, bool]:
    """(may play a card, may rearrange) at a turn decision."""
    actions = legal_actions(state)
    return (
        any(isinstance(action, PlayCard) for action in actions),
        any(isinstance(action, Rearrange) for action in actions),
    )


def _turn_prompt(state: State, seat: int) -> str:
    who = seat_ref(seat)
    if state.shot_taken:
        owed = state.shots_left
        shot = f"one of your {owed} extra shots" if owed > 1 else "your extra shot"
        return f"{who}, take {shot} or end the turn:"
    cards, rearrange = _options(state, seat)
    first = [words for words, may in (("play a card", cards), ("rearrange", rearrange)) if may]
    before = f", or {' or '.join(first)} first" if first else ""
    solo = is_solo(state)
    if state.mode == "table":
        what = "shoot the catapult from the corner of a mat" if solo else "shoot the catapult"
    elif solo:
        what = "fire from a corner at a tower"
    else:
        what = "choose a tower to aim at"
    return f"{who}, {what}{before}:"


def prompt(view: State, seat: int) -> str:
    """The question for the person to move, saying only what is possible now."""
    step = view.pending[-1] if view.pending else None
    if step is None or view.over:
        return "The game is over."
    who = seat_ref(step.seat)
    if step.kind == "turn":
        return _turn_prompt(view, step.seat)
    if step.kind == "take":
        # One line at 80 columns: what taking it costs is the Take line's preview.
        tower = tower_name(view, step.square // SQUARES_PER_MAT, SQUARE_NAMES[step.square % SQUARES_PER_MAT])
        return f"{who}, your ammo is in {tower}: take it or leave it?"
    if step.kind == "place":
        mode, _ = placement(view, step.seat)
        if mode == "empty":
            return f"{who}, put the captured tower on an empty square of your mat:"
        if mode == "stack":
            return f"{who}, your mat is full: stack the captured tower on one of your towers:"
        return f"{who}, the captured tower has nowhere to go on your mat:"
    if step.kind == "stack_card":
        return f"{who}, your deck and discard are empty: which card from your hand goes under the new tower?"
    if step.kind == "rearrange":
        limit = rearrange_limit(view)
        return f"{who}, move the towers one at a time (stacks up to {limit} high), then finish:"
    return f"{seat_ref(seat)}, choose:"


def spot(view: State, action: Action) -> Hashable | None:
    """The board place an action is about: a square number, or
    ("corner", mat) for a solo shot fired from that mat's corner."""
    if isinstance(action, Aim | Land | PlayCard):
        q = square_index(action.mat, action.square)
        return q if q >= 0 else None
    if isinstance(action, Place) and view.pending:
        return square_index(view.seat_mats[view.pending[-1].seat], action.square)
    if isinstance(action, TakeTower | LeaveTower) and view.pending:
        return view.pending[-1].square
    if isinstance(action, MoveTower):
        return square_index(action.to_mat, action.to_square)
    if isinstance(action, Shoot) and action.from_mat >= 0:
        return ("corner", action.from_mat)
    return None


def corner_group(mat: int) -> str:
    """The group of the solo shots fired from ``mat``'s corner."""
    return f"Fire from the {DECK_NAMES[mat]} corner"


def move_group(mat: int, square: str) -> str:
    """The group of the solo moves of the top tower of a square."""
    return f"Move the top tower of {square_words(mat, square)}"


def group(view: State, action: Action) -> tuple[str, ...]:
    """Where an action sits in the action menu: cards in their own group
    (a Reinforced Roof one level further, by tower), a solo shot under the
    corner it is fired from, a solo move under the square it leaves."""
    if isinstance(action, PlayCard):
        return (CARDS, _ROOF_GROUP) if action.kind == ROOF else (CARDS,)
    if isinstance(action, Aim) and action.from_mat >= 0:
        return (corner_group(action.from_mat),)
    if isinstance(action, MoveTower):
        return (move_group(action.from_mat, action.from_square),)
    return ()


def _aim_preview(state: State, action: Aim) -> str:
    distance, height, _ = shot_difficulty(state, action)
    stack = f", a stack of {height}" if height > 1 else ""
    where = f"{distance:.1f} squares away{stack}"
    q = square_index(action.mat, action.square)
    if state.stacks[q].roof >= 0:
        return f"{where}; its Reinforced Roof stops the next shot into it."
    best = shot_odds(state, action, 100).target
    return f"{where}: a perfect aim stays in it {best:.0%} of the time."


def preview(view: State, action: Action, seat: int) -> str:
    """What choosing ``action`` would do, in a line."""
    if isinstance(action, PlayCard):
        if action.kind == ROOF:
            tower = tower_name(view, action.mat, action.square)
            effect = f"Stops the next shot into {tower}; nothing may be stacked on it."
        else:
            effect = CARD_EFFECTS.get(action.kind, "")
        return effect
    if isinstance(action, Aim):
        return _aim_preview(view, action)
    if isinstance(action, Shoot):
        return "Shoot the real catapult, then say where the ammo landed."
    if isinstance(action, SkipExtraShot):
        return f"The turn ends without {extra_shots(view)}."
    if isinstance(action, TakeTower | LeaveTower) and view.pending:
        return _take_preview(view, action, view.pending[-1])
    if isinstance(action, Place) and view.pending:
        if placement(view, view.pending[-1].seat)[0] == "stack":
            return "A card goes face down on that tower, then the captured tower on top."
        return ""
    if isinstance(action, GiveCard):
        what = "unseen card" if action.kind == UNSEEN else action.kind
        return f"Your {what} goes face down under the new tower, still unnamed."
    if isinstance(action, ReturnToBox):
        return "The captured tower leaves the game: it counts for nobody."
    if isinstance(action, Rearrange):
        left = view.rearrangements_left - 1
        after = f"{left} rearrangement{'s' if left != 1 else ''} left after this"
        return f"Move towers freely, stacks up to {rearrange_limit(view)} high ({after})."
    if isinstance(action, DoneRearranging):
        return "The towers stay as they stand now."
    return ""


def _take_preview(view: State, action: TakeTower | LeaveTower, step: Pending) -> str:
    """One line at 80 columns: where a taken tower goes, or that it stays; who draws."""
    owner = view.mat_owner[step.square // SQUARES_PER_MAT]
    if isinstance(action, LeaveTower):
        draws = f"; {seat_ref(owner)} draws no card" if owner >= 0 else ""
        return f"It stays where it stands, your ammo inside{draws}."
    mode, _ = placement(view, step.seat)
    if mode == "empty":
        where = "It goes on an empty square of your mat"
    elif mode == "stack":
        where = "Your mat is full: it is stacked, a card under it"
    else:
        where = "Nowhere to put it on your mat: it goes back in the box"
    draws = f"; {seat_ref(owner)} draws a card" if owner >= 0 else ""
    return f"{where}{draws}."


# --- why not? (the screen API's refusals, from legal's reasons) ---


def odds_words(odds: LandingOdds) -> str:
    """Where a shot lands, in words, as the mini-game says it under its bar
    (short: a choice's line says it): "in it 49 percent, next door 21, nowhere 30"."""
    first = f"off the roof {odds.roof * 100:.0f}" if odds.roof else f"in it {odds.target * 100:.0f}"
    return f"{first} percent, next door {odds.near * 100:.0f}, nowhere {odds.nowhere * 100:.0f}"


@functools.lru_cache(maxsize=64)
def _steady_hand(seed: int | str, shot: str) -> int:
    # A decision asks once per tower: the hand is drawn once.
    return steady_aim(steady_draw(seed, shot))


def steady_choice(
    view: State, seat: int, action: Action, seed: int | str, ply: int
) -> tuple[Action, str, str] | None:
    """For a player who decides by lines (plain, JSON, a program seat): an
    Aim as they shoot it, with no mini-game. The accuracy is their steady
    hand (``shots.steady_aim``, as steady as the normal bot), drawn from the
    game's ``seed`` and the ``ply``: the same after an undo. The turn's
    first shot is drawn by the turn instead, so playing a card first (and
    taking it back) draws no other hand. Gives the Aim with that accuracy,
    its words with the landing odds, and the note said before the choices;
    None for any other action."""
    if not isinstance(action, Aim):
        return None
    shot = f"{ply}" if view.shot_taken else f"turn {view.turn_number}"
    accuracy = _steady_hand(seed, shot)
    steady = aim_action(square_index(action.mat, action.square), accuracy, action.from_mat)
    odds = odds_words(shot_odds(view, steady, accuracy))
    words = f"Aim at {tower_name(view, action.mat, action.square)}: {odds}"
    return steady, words, f"Your steady hand: {accuracy} percent accurate."


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """Why not? What ``seat`` might expect to do at its decision but may
    not, each (label, reason): the cards in hand it cannot play now, a
    rearrangement used up (solo), and the squares of its mat a captured
    tower may not go on."""
    mover = to_move(view)
    if mover is None or mover != seat:
        return []
    step = view.pending[-1]
    found: list[tuple[str, str]] = []
    if step.kind == "turn":
        hand = view.hands[seat]
        possible = possible_kinds(view, seat)
        unseen = hand.count(UNSEEN)
        any_card = play_reason(view, seat, "")  # what stops every card (beginner rules, the shot taken)
        if unseen and any_card:
            # Table mode: one line for the cards not typed in, not one per kind they could be.
            found.append(("Your unseen card" if unseen == 1 else f"Your {unseen} unseen cards", any_card))
        for kind in KINDS:
            if kind not in hand and (not unseen or any_card):
                continue
            # Table mode: a kind no unseen card can be says so.
            reason = play_reason(view, seat, kind) if kind in possible else naming_reason(view, seat, kind)
            if not reason and kind == ROOF and not roof_squares(view):
                reason = "Every tower already has a Reinforced Roof."
            if reason:
                found.append((kind, reason))
        if is_solo(view):
            reason = rearrange_reason(view)
            if reason:
                found.append(("Rearrange the towers", reason))
    elif step.kind == "place":
        mode, _ = placement(view, seat)
        if mode != "none":
            for q in mat_squares(view, view.seat_mats[seat]):
                reason = place_reason(view, seat, q)
                if reason:
                    found.append((f"Place on the {SQUARE_NAMES[q % SQUARES_PER_MAT]} square", reason))
    return found
