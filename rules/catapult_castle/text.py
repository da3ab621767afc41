"""Catapult Castle log lines: ``describe`` (the action taken), ``effects``
(what the automatic steps did after it, from the state's events) and the
action-bar labels (``label``).

Log lines never name a face-down card or a card drawn into a hand: every
seat reads the same log.
"""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import (
    DECK_NAMES,
    SQUARE_NAMES,
    SQUARES_PER_MAT,
    UNSEEN,
    square_index,
)
from castletui.rules.catapult_castle.pieces import (
    captured_towers,
    deck_size,
    is_solo,
    landing_effect,
    placement,
)
from castletui.rules.catapult_castle.state import (
    Action,
    Aim,
    ChooseStart,
    DoneRearranging,
    Draw,
    GiveCard,
    Land,
    LeaveTower,
    MoveTower,
    Place,
    PlayCard,
    Rearrange,
    ReturnToBox,
    Shoot,
    SkipExtraShot,
    State,
    TakeTower,
)
from castletui.rules.core import Event, seat_ref


def mat_name(state: State, mat: int) -> str:
    """ "{P1}'s" for a player's mat, "the Queen mat's" for a neutral (or solo) one."""
    owner = state.mat_owner[mat]
    if owner >= 0:
        return f"{seat_ref(owner)}'s"
    return f"the {DECK_NAMES[mat]} mat's"


def tower_name(state: State, mat: int, square: str) -> str:
    return tower_words(mat_name(state, mat), square)


def tower_words(mat_words: str, square: str) -> str:
    """A tower named by its mat's ``mat_name`` and its square: "{P1}'s inner tower"."""
    return f"{mat_words} {square} tower"


def square_words(mat: int, square: str) -> str:
    """A square in short, "Queen inner": the deck on the mat's back, then the square."""
    return f"{DECK_NAMES[mat]} {square}"


def _short(state: State, mat: int, square: str) -> str:
    return square_words(mat, square)


def describe(state: State, action: Action) -> str:
    """One log line for ``action``, taken in ``state`` (before it is applied)."""
    top = state.pending[-1] if state.pending else None
    seat = top.seat if top is not None else -1
    if isinstance(action, ChooseStart):
        return f"{seat_ref(action.seat)} lost a kingdom most recently and goes first"
    if isinstance(action, Draw):
        deck = DECK_NAMES[top.deck]
        if top.kind == "reveal":
            tower = tower_name(
                state, top.square // SQUARES_PER_MAT, SQUARE_NAMES[top.square % SQUARES_PER_MAT]
            )
            return f"The card freed from under {tower} is {action.kind}: face up to the {deck} discard"
        reshuffle = " (the discard is shuffled into a new deck)" if not deck_size(state, top.deck) else ""
        if top.kind == "setup_card":
            tower = tower_name(
                state, top.square // SQUARES_PER_MAT, SQUARE_NAMES[top.square % SQUARES_PER_MAT]
            )
            return f"A {deck} card goes face down on {tower} under another tower"
        if top.kind == "draw":
            return f"{seat_ref(seat)} draws a card{reshuffle}"
        return f"The top card of {seat_ref(seat)}'s deck goes face down under the new tower{reshuffle}"
    if isinstance(action, GiveCard):
        return f"{seat_ref(seat)} puts a card from hand face down under the new tower"
    if isinstance(action, PlayCard):
        if action.mat >= 0:
            return f"{seat_ref(seat)} plays Reinforced Roof on {tower_name(state, action.mat, action.square)}"
        return f"{seat_ref(seat)} plays {action.kind}"
    if isinstance(action, Aim):
        corner = f" from the {DECK_NAMES[action.from_mat]} corner" if action.from_mat >= 0 else ""
        target = tower_name(state, action.mat, action.square)
        return f"{seat_ref(seat)} aims at {target}{corner} (accuracy {action.accuracy}%)"
    if isinstance(action, Shoot):
        corner = f" from the {DECK_NAMES[action.from_mat]} corner" if action.from_mat >= 0 else ""
        return f"{seat_ref(seat)} shoots{corner}"
    if isinstance(action, SkipExtraShot):
        return f"{seat_ref(seat)} lets {extra_shots(state)} go and ends the turn"
    if isinstance(action, Land):
        return _describe_landing(state, action)
    if isinstance(action, TakeTower):
        return f"{seat_ref(seat)} takes {captured_words(state, top.square)}"
    if isinstance(action, LeaveTower):
        tower = tower_name(state, top.square // SQUARES_PER_MAT, SQUARE_NAMES[top.square % SQUARES_PER_MAT])
        return f"{seat_ref(seat)} leaves {tower} standing, the ammo inside it"
    if isinstance(action, Place):
        q = square_index(state.seat_mats[seat], action.square)
        if placement(state, seat)[0] == "stack":
            return f"{seat_ref(seat)} stacks the captured tower on their {action.square} tower"
        return f"{seat_ref(seat)} puts the captured tower on their {SQUARE_NAMES[q % SQUARES_PER_MAT]} square"
    if isinstance(action, ReturnToBox):
        return f"{seat_ref(seat)} has nowhere to put the captured tower: it goes back in the box"
    if isinstance(action, Rearrange):
        return f"{seat_ref(seat)} rearranges the towers"
    if isinstance(action, MoveTower):
        return (
            f"{seat_ref(seat)} moves the top tower of {_short(state, action.from_mat, action.from_square)} "
            f"onto {_short(state, action.to_mat, action.to_square)}"
        )
    if isinstance(action, DoneRearranging):
        return f"{seat_ref(seat)} finishes rearranging"
    return f"{seat_ref(seat)}: {action!r}"


def extra_shots(state: State) -> str:
    """ "the extra shot", or "the 2 extra shots" when more Extra Shots were played."""
    left = state.shots_left
    return f"the {left} extra shots" if left > 1 else "the extra shot"


def captured_words(state: State, square: int) -> str:
    """What a hit on ``square`` takes: "Wei's left tower", or "the whole
    stack of 3 towers on Wei's left square" with Strong Ammo."""
    mat, name = square // SQUARES_PER_MAT, SQUARE_NAMES[square % SQUARES_PER_MAT]
    count = captured_towers(state, square)
    if count > 1:
        return f"the whole stack of {count} towers on {mat_name(state, mat)} {name} square"
    return tower_name(state, mat, name)


def _describe_landing(state: State, action: Land) -> str:
    top = state.pending[-1]
    effect = landing_effect(state, top, action)
    if effect == "nowhere":
        return "The ammo lands nowhere: a miss" + (" and it is spent" if is_solo(state) else "")
    where = tower_name(state, action.mat, action.square)
    if effect == "roof":
        how = "bounces off the roof on" if action.off_roof else "is stopped by the roof on"
        return f"The ammo {how} {where}: a miss, and the roof is gone"
    if effect == "own":
        whose = "a tower on the firing mat" if is_solo(state) else "the shooter's own tower"
        return f"The ammo lands in {where}, {whose}: a miss"
    q = square_index(action.mat, action.square)
    count = captured_towers(state, q)
    what = f"the whole stack of {count} towers" if count > 1 else "it"
    if is_solo(state):
        return f"The ammo lands in {where}: {what} leaves the table"
    if state.may_decline:
        return f"The ammo lands in {where}: a hit, {seat_ref(top.seat)} may take {what}"
    return f"The ammo lands in {where}: {seat_ref(top.seat)} takes {what}"


def label(view: State, action: Action) -> str:
    """Short action-bar text (seats as seat refs; the frame names them)."""
    if isinstance(action, ChooseStart):
        return f"{seat_ref(action.seat)} starts"
    if isinstance(action, Draw):
        return action.kind
    if isinstance(action, PlayCard):
        if action.mat >= 0:
            return f"Roof on {_short(view, action.mat, action.square)}"
        if view.pending and action.kind not in view.hands[view.pending[-1].seat]:
            # Table mode: no such card typed in; playing it names an unseen one.
            return f"{action.kind} (an unseen card)"
        return action.kind
    if isinstance(action, Aim):
        # One line per tower (the menu hook keeps one): the aiming mini-game, not the line, sets the accuracy.
        return f"Aim at {tower_name(view, action.mat, action.square)}"
    if isinstance(action, Shoot):
        return f"Shoot from {DECK_NAMES[action.from_mat]}" if action.from_mat >= 0 else "Shoot"
    if isinstance(action, SkipExtraShot):
        return f"End the turn (skip {extra_shots(view)})"
    if isinstance(action, Land):
        if action.mat < 0:
            return "Nowhere"
        # A player's mat by its player ("In {P1}'s inner": what the table says), a neutral one by its royalty.
        owner = view.mat_owner[action.mat]
        where = (
            f"{seat_ref(owner)}'s {action.square}" if owner >= 0 else _short(view, action.mat, action.square)
        )
        return f"Off the roof on {where}" if action.off_roof else f"In {where}"
    if isinstance(action, TakeTower):
        count = captured_towers(view, view.pending[-1].square) if view.pending else 1
        return f"Take the stack of {count}" if count > 1 else "Take the tower"
    if isinstance(action, LeaveTower):
        return "Leave it standing"
    if isinstance(action, Place):
        seat = view.pending[-1].seat if view.pending else -1
        if seat >= 0 and placement(view, seat)[0] == "stack":
            return f"Stack it on your {action.square} tower"
        return f"Put it on your empty {action.square} square"
    if isinstance(action, GiveCard):
        return "Put your unseen card under" if action.kind == UNSEEN else f"Put {action.kind} under"
    if isinstance(action, ReturnToBox):
        return "Back in the box"
    if isinstance(action, Rearrange):
        return "Rearrange"
    if isinstance(action, MoveTower):
        source = _short(view, action.from_mat, action.from_square)
        return f"{source} -> {_short(view, action.to_mat, action.to_square)}"
    if isinstance(action, DoneRearranging):
        return "Done rearranging"
    return repr(action)


# --- effects: what the automatic steps did ----------------------------------------

_GAME_ENDS = {
    "ammo": "The supply is out of ammo: the game ends",
    "shots": "The last ammo is shot: the game ends",
    "cleared": "No tower is left on the table: the game ends",
}


def _seats(seats: tuple[int, ...]) -> str:
    names = [seat_ref(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _event_line(event: Event) -> str:
    seat = seat_ref(event.seat)
    if event.kind == "no_card":
        return f"{seat} has no card left to draw: their deck and discard are empty"
    if event.kind == "drew_unseen":
        return f"{seat} draws a card, kept secret until it is played"
    if event.kind == "stacked_unseen":
        return f"The top card of {seat}'s deck goes face down under the new tower, unseen"
    if event.kind == "reshuffled":
        return (
            f"{seat}'s {DECK_NAMES[event.detail[0]]} deck is empty: its discard is shuffled into a new deck"
        )
    if event.kind == "extra_shot":
        owed = event.detail[0]
        return f"{seat} has {owed} extra shots to take" if owed > 1 else f"{seat} has an extra shot to take"
    if event.kind == "game_over":
        reason, *beaten = event.detail
        if reason == "towers":
            have = "has" if len(beaten) == 1 else "have"
            return f"{_seats(tuple(beaten))} {have} no tower left: the game ends"
        return _GAME_ENDS[reason]
    return f"{event.kind} {event.detail}"


def effects(before: State, action: Action, after: State) -> list[str]:
    """Log lines for what the rules did by themselves after ``action``: a
    card due from an empty deck, an extra shot to take, the end and why;
    in table mode the cards drawn or stacked unseen and the reshuffles."""
    return [_event_line(event) for event in after.events]
