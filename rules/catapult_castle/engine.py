"""Catapult Castle rules: set-up, whose decision it is, the legal actions,
chance outcomes and ``apply``.

Everything is a pure function of a frozen :class:`State`; ``apply`` copies
only what changes. The decision model is the ``pending`` stack documented in
``state.py``; :func:`_settle` moves the game on when nothing is pending
(next shot, end of turn, end of game).
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.catapult_castle.edition import (
    ABSENT,
    AIM,
    DECK_COUNTS,
    DISTANCES,
    EDITION,
    EXTRA_SHOT,
    HIDDEN,
    KIND_INDEX,
    KINDS,
    MAGIC_TOSS,
    NEIGHBOURS,
    NEUTRAL,
    ROOF,
    SKILLED_REMOVED,
    SQUARE_COUNT,
    SQUARE_NAMES,
    STRONG_AMMO,
    square_index,
)
from rules.catapult_castle.info import INFO
from rules.catapult_castle.shots import landing_odds
from rules.catapult_castle.state import (
    Aim,
    Card,
    ChooseStart,
    DoneRearranging,
    Draw,
    GiveCard,
    Land,
    MoveTower,
    Pending,
    Pile,
    Place,
    PlayCard,
    Rearrange,
    ReturnToBox,
    Shoot,
    Stack,
    State,
)
from rules.core import CHANCE, Config, IllegalAction, check_config

ACCURACIES = (0, 25, 50, 75, 100)
"""The accuracies ``legal_actions`` lists for each target (``apply`` takes any 0..100)."""

EMPTY_STACK = Stack()
EMPTY_PILE = Pile()
ROOF_INDEX = KIND_INDEX[ROOF]
CHANCE_KINDS = frozenset(("start", "setup_card", "draw", "land"))

# Action instances shared by every state: building them once keeps
# legal_actions cheap (they are immutable).
DRAWS = {kind: Draw(kind) for kind in KINDS}
PLAYS = {kind: PlayCard(kind) for kind in KINDS if kind != ROOF}
PLAY_ROOF = tuple(PlayCard(ROOF, q // 4, SQUARE_NAMES[q % 4]) for q in range(SQUARE_COUNT))
LAND_IN = tuple(Land(q // 4, SQUARE_NAMES[q % 4]) for q in range(SQUARE_COUNT))
LAND_ROOF = tuple(Land(q // 4, SQUARE_NAMES[q % 4], True) for q in range(SQUARE_COUNT))
LAND_NOWHERE = Land()
PLACES = {name: Place(name) for name in SQUARE_NAMES}
GIVES = {kind: GiveCard(kind) for kind in KINDS}
SHOOT = Shoot()
SHOOT_FROM = tuple(Shoot(m) for m in range(len(EDITION.mats)))
REARRANGE = Rearrange()
DONE_REARRANGING = DoneRearranging()
RETURN_TO_BOX = ReturnToBox()
_AIMS: dict[tuple[int, int, int], Aim] = {}
_MOVES: dict[tuple[int, int], MoveTower] = {}


def _aim(square: int, accuracy: int, from_mat: int) -> Aim:
    key = (square, accuracy, from_mat)
    action = _AIMS.get(key)
    if action is None:
        action = _AIMS[key] = Aim(square // 4, SQUARE_NAMES[square % 4], accuracy, from_mat)
    return action


def _move(source: int, target: int) -> MoveTower:
    key = (source, target)
    action = _MOVES.get(key)
    if action is None:
        action = _MOVES[key] = MoveTower(source // 4, SQUARE_NAMES[source % 4], target // 4, SQUARE_NAMES[target % 4])
    return action


# --- small helpers -----------------------------------------------------------


def _put(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _pile_add(piles: tuple[Pile, ...], deck: int, kind: int) -> tuple[Pile, ...]:
    pile = piles[deck]
    counts = pile.counts
    return _put(piles, deck, Pile(_put(counts, kind, counts[kind] + 1), pile.unknown))


def _pile_take(piles: tuple[Pile, ...], deck: int, kind: int) -> tuple[Pile, ...]:
    pile = piles[deck]
    counts = pile.counts
    return _put(piles, deck, Pile(_put(counts, kind, counts[kind] - 1), pile.unknown))


def _hand_add(hand: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(sorted(hand + (kind,), key=KIND_INDEX.__getitem__))


def _hand_take(hand: tuple[str, ...], kind: str) -> tuple[str, ...]:
    index = hand.index(kind)
    return hand[:index] + hand[index + 1 :]


def is_solo(state: State) -> bool:
    return state.variant == "solo"


def own_deck(state: State, seat: int) -> int:
    """The deck (= mat number) a seat draws from and discards to; -1 in solo."""
    return state.seat_mats[seat]


def mat_squares(state: State, mat: int) -> list[int]:
    """The squares of ``mat`` that are in play."""
    return [q for q in state.squares if q // 4 == mat]


def tower_count(state: State, seat: int) -> int:
    """Towers standing on a seat's mat."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(len(stacks[q].towers) for q in range(4 * mat, 4 * mat + 4))


def ammo_inside(state: State, seat: int) -> int:
    """Ammo inside the towers on a seat's mat (the first tie-break)."""
    mat = state.seat_mats[seat]
    if mat < 0:
        return 0
    stacks = state.stacks
    return sum(sum(stacks[q].towers) for q in range(4 * mat, 4 * mat + 4))


def towers_on_table(state: State) -> int:
    return sum(len(stack.towers) for stack in state.stacks)


def targets(state: State, seat: int, from_mat: int = -1) -> list[int]:
    """Squares whose top tower ``seat`` may aim at: every tower except its
    own (solo: except those on the firing mat ``from_mat``)."""
    stacks = state.stacks
    if is_solo(state):
        return [q for q in state.squares if stacks[q].towers and q // 4 != from_mat]
    own = state.seat_mats[seat]
    return [q for q in state.squares if stacks[q].towers and q // 4 != own]


def shooter_mat(state: State, pending: Pending) -> int:
    """The mat whose corner the catapult stands at for this shot."""
    return pending.from_mat if pending.from_mat >= 0 else state.seat_mats[pending.seat]


# --- set-up ----------------------------------------------------------------


def _option(config: Config, name: str):
    return config.option(name, INFO)


def setup(config: Config) -> State:
    """A table ready to play; the start player, face-down set-up cards and the
    opening draws are pending chance decisions."""
    check_config(INFO, config)
    if config.mode not in ("digital", "table"):
        raise IllegalAction(f"Unknown mode {config.mode!r}: choose digital or table.")
    solo = config.variant == "solo"
    beginner = False if solo else bool(_option(config, "beginner"))
    skilled = False if solo else bool(_option(config, "skilled"))
    max_stack = _option(config, "max_stack")
    if isinstance(max_stack, bool) or not isinstance(max_stack, int) or not 2 <= max_stack <= 16:
        raise IllegalAction(f"Option 'max_stack' takes a whole number from 2 to 16, not {max_stack!r}.")
    seats = config.seats
    mat_total = len(EDITION.mats)
    if solo:
        seat_mats: tuple[int, ...] = (-1,)
        mat_owner = (NEUTRAL,) * mat_total
    else:
        seat_mats = tuple(EDITION.seat_mats[str(seats)])
        # With 2 players the side mats stay as neutral targets; with 3 the
        # fourth quadrant is left empty.
        spare = NEUTRAL if seats == 2 else ABSENT
        mat_owner = tuple(seat_mats.index(m) if m in seat_mats else spare for m in range(mat_total))
    squares = tuple(
        4 * m + position
        for m in range(mat_total)
        if mat_owner[m] != ABSENT
        for position in range(4)
        if not (skilled and position == SKILLED_REMOVED)
    )
    stacks = [EMPTY_STACK] * SQUARE_COUNT
    for q in squares:
        stacks[q] = Stack((0,))
    set_up_cards: list[Pending] = []
    if not solo:
        towers_per_mat = (EDITION.total_towers - 1) // 3 if seats == 3 else EDITION.total_towers // mat_total
        for m in range(mat_total):
            if mat_owner[m] == ABSENT:
                continue
            own = [q for q in squares if q // 4 == m]
            # Extra towers stand on a face-down card, the first on the inner square.
            for extra in range(towers_per_mat - len(own)):
                set_up_cards.append(Pending("setup_card", deck=m, square=own[extra % len(own)]))
    decks = tuple(
        Pile(DECK_COUNTS[m]) if not solo and mat_owner[m] != ABSENT else EMPTY_PILE for m in range(mat_total)
    )
    hands = (tuple(sorted(EDITION.solo_hand, key=KIND_INDEX.__getitem__)),) if solo else ((),) * seats
    state = State(
        variant=config.variant,
        seats=seats,
        mode=config.mode,
        beginner=beginner,
        skilled=skilled,
        max_stack=max_stack,
        seat_mats=seat_mats,
        mat_owner=mat_owner,
        squares=squares,
        stacks=tuple(stacks),
        hands=hands,
        decks=decks,
        discards=(EMPTY_PILE,) * mat_total,
        supply=EDITION.solo_ammo if solo else EDITION.total_ammo,
        rearrangements_left=EDITION.solo_rearrangements if solo else 0,
        start_seat=0 if solo else -1,
        pending=() if solo else tuple(reversed(set_up_cards)) + (Pending("start"),),
    )
    return _settle(state)


# --- whose decision ----------------------------------------------------------


def to_move(state: State) -> int | None:
    if state.over or not state.pending:
        return None
    top = state.pending[-1]
    kind = top.kind
    if kind in CHANCE_KINDS:
        return CHANCE
    if kind == "stack_card":
        if state.decks[top.deck].size == 0 and state.hands[top.seat]:
            return top.seat
        return CHANCE
    return top.seat


def _draw_pile(state: State, deck: int) -> Pile:
    """What a draw from ``deck`` comes from: the deck, or (empty) its reshuffled discard."""
    pile = state.decks[deck]
    return pile if pile.size else state.discards[deck]


def _weighted_draws(pile: Pile) -> list[tuple[Draw, float]]:
    total = sum(pile.counts)
    return [(DRAWS[KINDS[k]], n / total) for k, n in enumerate(pile.counts) if n]


def chance_outcomes(state: State) -> list[tuple[object, float]]:
    if to_move(state) != CHANCE:
        return []
    top = state.pending[-1]
    kind = top.kind
    if kind == "start":
        return [(ChooseStart(seat), 1.0 / state.seats) for seat in range(state.seats)]
    if kind == "setup_card":
        return _weighted_draws(state.decks[top.deck])
    if kind in ("draw", "stack_card"):
        return _weighted_draws(_draw_pile(state, top.deck))
    return landing_outcomes(state, top)


def landing_outcomes(state: State, pending: Pending) -> list[tuple[Land, float]]:
    """Where the ammo of this shot may land, with the chances.

    Digital: the aimed tower, its neighbours, its roof, nowhere (see
    ``shots.landing_odds``). Table (no aim): every tower, every roof, nowhere,
    so the players can say what really happened.
    """
    stacks = state.stacks
    if pending.square < 0:
        towers = [q for q in state.squares if stacks[q].towers]
        roofs = [q for q in towers if stacks[q].roof >= 0]
        count = len(towers) + len(roofs)
        if not count:
            return [(LAND_NOWHERE, 1.0)]
        share = (1.0 - AIM.table_nowhere) / count
        outcomes = [(LAND_IN[q], share) for q in towers]
        outcomes += [(LAND_ROOF[q], share) for q in roofs]
        outcomes.append((LAND_NOWHERE, AIM.table_nowhere))
        return outcomes
    square = pending.square
    stack = stacks[square]
    near_by = [n for n in NEIGHBOURS[square] if stacks[n].towers]
    odds = landing_odds(
        pending.accuracy,
        DISTANCES[shooter_mat(state, pending)][square],
        len(stack.towers),
        state.magic_toss,
        stack.roof >= 0,
        bool(near_by),
    )
    outcomes: list[tuple[Land, float]] = []
    if odds.target > 0:
        outcomes.append((LAND_IN[square], odds.target))
    if odds.roof > 0:
        outcomes.append((LAND_ROOF[square], odds.roof))
    if odds.near > 0:
        share = odds.near / len(near_by)
        outcomes += [(LAND_IN[n], share) for n in near_by]
    if odds.nowhere > 0:
        outcomes.append((LAND_NOWHERE, odds.nowhere))
    return outcomes


# --- legal actions -----------------------------------------------------------


def placement(state: State, seat: int) -> tuple[str, list[int]]:
    """Where a captured tower may go: ("empty", squares) while the mat has an
    empty square, else ("stack", towers it may be stacked on), else ("none", [])."""
    stacks = state.stacks
    own = mat_squares(state, state.seat_mats[seat])
    empty = [q for q in own if not stacks[q].towers]
    if empty:
        return "empty", empty
    deck = own_deck(state, seat)
    if not (state.decks[deck].size or state.hands[seat] or state.discards[deck].size):
        return "none", []
    limit = state.max_stack
    stackable = [q for q in own if stacks[q].roof < 0 and len(stacks[q].towers) < limit]
    return ("stack", stackable) if stackable else ("none", [])


def _card_plays(state: State, seat: int) -> list[PlayCard]:
    plays: list[PlayCard] = []
    seen = ""
    for kind in state.hands[seat]:
        if kind == seen:
            continue
        seen = kind
        if kind == ROOF:
            stacks = state.stacks
            plays += [PLAY_ROOF[q] for q in state.squares if stacks[q].towers and stacks[q].roof < 0]
        elif (kind == MAGIC_TOSS and state.magic_toss) or (kind == STRONG_AMMO and state.strong_ammo):
            continue
        else:
            plays.append(PLAYS[kind])
    return plays


def _turn_actions(state: State, seat: int) -> list:
    actions: list = []
    solo = is_solo(state)
    if not state.shot_taken and not state.beginner:
        actions += _card_plays(state, seat)
    if solo and state.rearrangements_left > 0:
        actions.append(REARRANGE)
    if state.mode == "table":
        if solo:
            actions += SHOOT_FROM
        else:
            actions.append(SHOOT)
        return actions
    if solo:
        for from_mat in range(len(EDITION.mats)):
            for q in targets(state, seat, from_mat):
                actions += [_aim(q, accuracy, from_mat) for accuracy in ACCURACIES]
    else:
        for q in targets(state, seat):
            actions += [_aim(q, accuracy, -1) for accuracy in ACCURACIES]
    return actions


def _rearrange_actions(state: State) -> list:
    actions: list = []
    if state.rearrange_moves < EDITION.rearrange_move_limit:
        stacks = state.stacks
        limit = min(state.max_stack, EDITION.solo_max_stack)
        open_squares = [q for q in state.squares if len(stacks[q].towers) < limit]
        for source in state.squares:
            if stacks[source].towers:
                actions += [_move(source, target) for target in open_squares if target != source]
    actions.append(DONE_REARRANGING)
    return actions


def legal_actions(state: State) -> list:
    mover = to_move(state)
    if mover is None:
        return []
    if mover == CHANCE:
        return [action for action, _ in chance_outcomes(state)]
    top = state.pending[-1]
    kind = top.kind
    if kind == "turn":
        return _turn_actions(state, top.seat)
    if kind == "place":
        mode, squares = placement(state, top.seat)
        if mode == "none":
            return [RETURN_TO_BOX]
        return [PLACES[SQUARE_NAMES[q % 4]] for q in squares]
    if kind == "stack_card":
        return [GIVES[kind] for kind in dict.fromkeys(state.hands[top.seat])]
    if kind == "rearrange":
        return _rearrange_actions(state)
    return []


# --- moving the game on ------------------------------------------------------


def _begin_turn(state: State, seat: int) -> State:
    return replace(
        state,
        turn_seat=seat,
        turn_number=state.turn_number + 1,
        shots_left=1,
        shot_taken=False,
        magic_toss=False,
        strong_ammo=False,
        pending=(Pending("turn", seat=seat),),
    )


def _end(state: State, reason: str) -> State:
    return replace(state, over=True, end_reason=reason, pending=(), shots_left=0)


def _settle(state: State) -> State:
    """Skip decisions with nothing to decide and move on when nothing is
    pending: the next shot of the turn, the next turn, or the end."""
    while True:
        if state.pending:
            top = state.pending[-1]
            # Nothing to draw: an empty deck with an empty discard gives nothing.
            if top.kind == "draw" and not _draw_pile(state, top.deck).size:
                state = replace(state, pending=state.pending[:-1])
                continue
            return state
        if state.over:
            return state
        if state.turn_seat < 0:
            return _begin_turn(state, state.start_seat)
        if is_solo(state):
            if state.supply <= 0:
                return _end(state, "shots")
            if not towers_on_table(state):
                return _end(state, "cleared")
            return _begin_turn(state, 0)
        seat = state.turn_seat
        if state.shots_left > 0 and state.supply > 0 and targets(state, seat):
            return replace(state, pending=(Pending("turn", seat=seat),))
        # End of the turn: both end conditions are checked now, not mid-turn.
        if state.supply <= 0:
            return _end(state, "ammo")
        if any(tower_count(state, s) == 0 for s in range(state.seats)):
            return _end(state, "towers")
        return _begin_turn(state, (seat + 1) % state.seats)


def _pop(state: State, **changes) -> State:
    return _settle(replace(state, pending=state.pending[:-1], **changes))


# --- apply -------------------------------------------------------------------

_EXPECTED = {
    "start": "the start player must be chosen first",
    "setup_card": "a set-up card is being drawn",
    "draw": "a card is being drawn",
    "turn": "it is time to play cards or shoot",
    "land": "the ammo is in the air: say where it landed",
    "place": "the captured tower must be placed first",
    "stack_card": "a card must go under the stacked tower first",
    "rearrange": "the towers are being rearranged: move one or finish",
}


def _not_now(top: Pending, action: object) -> IllegalAction:
    return IllegalAction(f"{type(action).__name__} is not possible now: {_EXPECTED[top.kind]}.")


def _square(state: State, mat: int, square: str) -> int:
    """The square number of an action's (mat, square), if that square is in play."""
    q = square_index(mat, square)
    if q < 0 or q not in state.squares:
        raise IllegalAction(f"There is no {square or 'such'} square on mat {mat} in this game.")
    return q


def apply(state: State, action: object) -> State:
    if state.over:
        raise IllegalAction("The game is over.")
    top = state.pending[-1]
    handler = _HANDLERS.get((top.kind, type(action)))
    if handler is None:
        raise _not_now(top, action)
    return handler(state, top, action)


def _apply_start(state: State, top: Pending, action: ChooseStart) -> State:
    seats = state.seats
    if isinstance(action.seat, bool) or not isinstance(action.seat, int) or not 0 <= action.seat < seats:
        raise IllegalAction(f"Seat {action.seat} is not at this table.")
    start = action.seat
    draws = []
    if state.skilled:
        draws += [Pending("draw", seat=(start + i) % seats, deck=state.seat_mats[(start + i) % seats]) for i in range(seats)]
    last = (start - 1) % seats
    # The player to the start player's right goes last and draws a card for it.
    draws.append(Pending("draw", seat=last, deck=state.seat_mats[last]))
    return _settle(replace(state, start_seat=start, pending=tuple(reversed(draws)) + state.pending[:-1]))


def _kind(pile: Pile, action: Draw) -> int:
    k = KIND_INDEX.get(action.kind, -1)
    if k < 0 or pile.counts[k] <= 0:
        raise IllegalAction(f"No {action.kind} card is left to draw there.")
    return k


def _apply_setup_card(state: State, top: Pending, action: Draw) -> State:
    k = _kind(state.decks[top.deck], action)
    stack = state.stacks[top.square]
    stacked = Stack(stack.towers + (0,), stack.cards + (Card(top.deck, action.kind),))
    return _pop(state, decks=_pile_take(state.decks, top.deck, k), stacks=_put(state.stacks, top.square, stacked))


def _take_from_draw_pile(state: State, deck: int, action: Draw) -> tuple[tuple[Pile, ...], tuple[Pile, ...]]:
    """(decks, discards) after drawing ``action.kind`` from ``deck``, reshuffling
    the discard into the deck first if the deck is empty."""
    decks, discards = state.decks, state.discards
    if not decks[deck].size:
        decks = _put(decks, deck, discards[deck])
        discards = _put(discards, deck, EMPTY_PILE)
    k = _kind(decks[deck], action)
    return _pile_take(decks, deck, k), discards


def _apply_draw(state: State, top: Pending, action: Draw) -> State:
    decks, discards = _take_from_draw_pile(state, top.deck, action)
    hands = _put(state.hands, top.seat, _hand_add(state.hands[top.seat], action.kind))
    return _pop(state, decks=decks, discards=discards, hands=hands)


def _stack_on(state: State, top: Pending, card: Card) -> tuple[Stack, ...]:
    stack = state.stacks[top.square]
    return _put(state.stacks, top.square, Stack(stack.towers + (top.ammo,), stack.cards + (card,)))


def _apply_stack_draw(state: State, top: Pending, action: Draw) -> State:
    if not state.decks[top.deck].size and state.hands[top.seat]:
        raise IllegalAction("Your deck is empty: choose a card from your hand to put under the tower.")
    decks, discards = _take_from_draw_pile(state, top.deck, action)
    stacks = _stack_on(state, top, Card(top.deck, action.kind))
    return _pop(state, decks=decks, discards=discards, stacks=stacks)


def _apply_give(state: State, top: Pending, action: GiveCard) -> State:
    if state.decks[top.deck].size:
        raise IllegalAction("The top card of your deck goes under the tower while the deck has cards.")
    hand = state.hands[top.seat]
    if action.kind not in hand:
        raise IllegalAction(f"You have no {action.kind} in hand.")
    stacks = _stack_on(state, top, Card(top.deck, action.kind))
    return _pop(state, stacks=stacks, hands=_put(state.hands, top.seat, _hand_take(hand, action.kind)))


def _apply_play(state: State, top: Pending, action: PlayCard) -> State:
    seat = top.seat
    if state.beginner:
        raise IllegalAction("Beginner rules: cards have no effects, they only go under stacked towers.")
    if state.shot_taken:
        raise IllegalAction("Cards are played before the turn's first shot.")
    hand = state.hands[seat]
    kind = action.kind
    if kind not in hand:
        raise IllegalAction(f"You have no {kind} in hand.")
    changes: dict = {"hands": _put(state.hands, seat, _hand_take(hand, kind))}
    if kind == ROOF:
        q = _square(state, action.mat, action.square)
        stack = state.stacks[q]
        if not stack.towers:
            raise IllegalAction("A Reinforced Roof goes on a tower, and that square is empty.")
        if stack.roof >= 0:
            raise IllegalAction("That tower already has a Reinforced Roof.")
        changes["stacks"] = _put(state.stacks, q, replace(stack, roof=own_deck(state, seat)))
    else:
        if action.mat != -1 or action.square:
            raise IllegalAction(f"Only a Reinforced Roof is placed on a tower; {kind} is just played.")
        if kind == EXTRA_SHOT:
            changes["shots_left"] = state.shots_left + 1
        elif kind == MAGIC_TOSS:
            if state.magic_toss:
                raise IllegalAction("Magic Toss is already in play this turn.")
            changes["magic_toss"] = True
        elif kind == STRONG_AMMO:
            if state.strong_ammo:
                raise IllegalAction("Strong Ammo is already in play this turn.")
            changes["strong_ammo"] = True
        deck = own_deck(state, seat)
        if deck >= 0:  # solo cards have no deck: once played they are gone
            changes["discards"] = _pile_add(state.discards, deck, KIND_INDEX[kind])
    return replace(state, **changes)


def _firing_mat(state: State, seat: int, from_mat: int) -> int:
    if is_solo(state):
        if isinstance(from_mat, bool) or not isinstance(from_mat, int) or not 0 <= from_mat < len(EDITION.mats):
            raise IllegalAction("Solo: say which mat's corner the catapult fires from.")
        return from_mat
    if from_mat not in (-1, state.seat_mats[seat]):
        raise IllegalAction("The catapult stands at the outer corner of your own mat.")
    return -1


def _launch(state: State, top: Pending, square: int, accuracy: int, from_mat: int) -> State:
    land = Pending("land", seat=top.seat, square=square, accuracy=accuracy, from_mat=from_mat)
    return replace(
        state,
        pending=state.pending[:-1] + (land,),
        shots_left=state.shots_left - 1,
        shot_taken=True,
        supply=state.supply - 1 if is_solo(state) else state.supply,  # solo ammo never comes back
    )


def _apply_aim(state: State, top: Pending, action: Aim) -> State:
    if state.mode == "table":
        raise IllegalAction("At a real table the catapult shoots: use Shoot, then say where the ammo landed.")
    accuracy = action.accuracy
    if isinstance(accuracy, bool) or not isinstance(accuracy, int) or not 0 <= accuracy <= 100:
        raise IllegalAction("Accuracy is a whole percentage from 0 to 100.")
    from_mat = _firing_mat(state, top.seat, action.from_mat)
    q = _square(state, action.mat, action.square)
    if not state.stacks[q].towers:
        raise IllegalAction("There is no tower on that square to aim at.")
    if is_solo(state):
        if action.mat == from_mat:
            raise IllegalAction("A tower on the mat you fire from can't be won: aim at another mat.")
    elif action.mat == state.seat_mats[top.seat]:
        raise IllegalAction("That is your own tower: aim at another mat.")
    return _launch(state, top, q, accuracy, from_mat)


def _apply_shoot(state: State, top: Pending, action: Shoot) -> State:
    if state.mode != "table":
        raise IllegalAction("Aim first: choose a target and play the mini-game.")
    from_mat = _firing_mat(state, top.seat, action.from_mat)
    return _launch(state, top, -1, -1, from_mat)


def landing_effect(state: State, pending: Pending, action: Land) -> str:
    """What a landing does: "nowhere", "roof" (the roof takes it and goes),
    "own" (your own tower, or solo the firing mat: a miss) or "hit"."""
    if action.mat < 0:
        return "nowhere"
    q = square_index(action.mat, action.square)
    if state.stacks[q].roof >= 0:
        return "roof"
    if is_solo(state):
        return "own" if action.mat == pending.from_mat else "hit"
    return "own" if state.mat_owner[action.mat] == pending.seat else "hit"


def captured_towers(state: State, square: int) -> int:
    """How many towers a hit on ``square`` takes (Strong Ammo takes a whole stack)."""
    height = len(state.stacks[square].towers)
    return height if state.strong_ammo and height > 1 else 1


def _apply_land(state: State, top: Pending, action: Land) -> State:
    if not any(action == outcome for outcome, _ in landing_outcomes(state, top)):
        raise IllegalAction("The ammo can't have landed there: pick one of the listed landings.")
    effect = landing_effect(state, top, action)
    if effect in ("nowhere", "own"):
        # Ammo back to the supply (solo: it was already spent).
        return _pop(state)
    q = square_index(action.mat, action.square)
    stack = state.stacks[q]
    if effect == "roof":
        # The roof takes the shot (or is knocked off) and goes to its deck's discard.
        return _pop(
            state,
            stacks=_put(state.stacks, q, replace(stack, roof=-1)),
            discards=_pile_add(state.discards, stack.roof, ROOF_INDEX),
        )
    towers = stack.towers
    taken_count = captured_towers(state, q)
    if taken_count > 1:
        # Strong Ammo: the whole stack, the cards between its towers freed.
        taken, freed, rest = towers[:-1] + (towers[-1] + 1,), stack.cards, EMPTY_STACK
    else:
        taken, freed = (towers[-1] + 1,), stack.cards[-1:]
        rest = Stack(towers[:-1], stack.cards[:-1]) if len(towers) > 1 else EMPTY_STACK
    stacks = _put(state.stacks, q, rest)
    if is_solo(state):
        return _pop(state, stacks=stacks, removed=state.removed + taken_count)
    discards = state.discards
    for card in freed:
        # Cards under captured towers go face up to their own deck's discard.
        discards = _pile_add(discards, card.deck, KIND_INDEX[card.kind])
    pending = state.pending[:-1] + tuple(Pending("place", seat=top.seat, ammo=ammo) for ammo in taken)
    victim = state.mat_owner[action.mat]
    if victim >= 0:
        pending += (Pending("draw", seat=victim, deck=state.seat_mats[victim]),)
    return _settle(replace(state, stacks=stacks, discards=discards, pending=pending, supply=state.supply - 1))


def _apply_place(state: State, top: Pending, action: Place) -> State:
    mode, squares = placement(state, top.seat)
    if mode == "none":
        raise IllegalAction("There is nowhere to put this tower: it goes back in the box.")
    q = square_index(state.seat_mats[top.seat], action.square)
    if q not in squares:
        if q < 0 or q not in state.squares:
            raise IllegalAction(f"There is no {action.square or 'such'} square on your mat.")
        stack = state.stacks[q]
        if mode == "empty":
            raise IllegalAction("You still have an empty square: the captured tower must go on one.")
        if stack.roof >= 0:
            raise IllegalAction("That tower has a Reinforced Roof: nothing may be stacked on it.")
        raise IllegalAction(f"That stack is already {state.max_stack} towers high, the most allowed.")
    if mode == "empty":
        return _pop(state, stacks=_put(state.stacks, q, Stack((top.ammo,))))
    stacking = Pending("stack_card", seat=top.seat, deck=own_deck(state, top.seat), square=q, ammo=top.ammo)
    return replace(state, pending=state.pending[:-1] + (stacking,))


def _apply_return(state: State, top: Pending, action: ReturnToBox) -> State:
    if placement(state, top.seat)[0] != "none":
        raise IllegalAction("The tower fits on your mat: place it.")
    return _pop(state, removed=state.removed + 1)


def _apply_rearrange(state: State, top: Pending, action: Rearrange) -> State:
    if not is_solo(state):
        raise IllegalAction("Only the solo game lets you rearrange the towers.")
    if state.rearrangements_left <= 0:
        raise IllegalAction("Both rearrangements are used up.")
    return replace(
        state,
        rearrangements_left=state.rearrangements_left - 1,
        rearrange_moves=0,
        pending=state.pending + (Pending("rearrange", seat=top.seat),),
    )


def _apply_move(state: State, top: Pending, action: MoveTower) -> State:
    if state.rearrange_moves >= EDITION.rearrange_move_limit:
        raise IllegalAction(f"That is {EDITION.rearrange_move_limit} moves: finish the rearrangement.")
    source = _square(state, action.from_mat, action.from_square)
    target = _square(state, action.to_mat, action.to_square)
    stacks = state.stacks
    if not stacks[source].towers:
        raise IllegalAction("There is no tower on that square to move.")
    if source == target:
        raise IllegalAction("Move the tower to a different square.")
    limit = min(state.max_stack, EDITION.solo_max_stack)
    if len(stacks[target].towers) >= limit:
        raise IllegalAction(f"Stacks may be at most {limit} towers high.")
    moving = stacks[source].towers[-1]
    left = stacks[source].towers[:-1]
    stacks = _put(stacks, source, Stack(left) if left else EMPTY_STACK)
    stacks = _put(stacks, target, Stack(stacks[target].towers + (moving,)))
    return replace(state, stacks=stacks, rearrange_moves=state.rearrange_moves + 1)


def _apply_done(state: State, top: Pending, action: DoneRearranging) -> State:
    return replace(state, pending=state.pending[:-1])


_HANDLERS = {
    ("start", ChooseStart): _apply_start,
    ("setup_card", Draw): _apply_setup_card,
    ("draw", Draw): _apply_draw,
    ("stack_card", Draw): _apply_stack_draw,
    ("stack_card", GiveCard): _apply_give,
    ("turn", PlayCard): _apply_play,
    ("turn", Aim): _apply_aim,
    ("turn", Shoot): _apply_shoot,
    ("turn", Rearrange): _apply_rearrange,
    ("land", Land): _apply_land,
    ("place", Place): _apply_place,
    ("place", ReturnToBox): _apply_return,
    ("rearrange", MoveTower): _apply_move,
    ("rearrange", DoneRearranging): _apply_done,
}


# --- view ----------------------------------------------------------------------


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it: other hands and every face-down card
    hidden, and the make-up of every deck (it would give the face-down cards
    away); discards, roofs and ammo are open."""
    hands = tuple(hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands))
    stacks = tuple(
        replace(stack, cards=tuple(Card(card.deck, HIDDEN) for card in stack.cards)) if stack.cards else stack
        for stack in state.stacks
    )
    decks = tuple(Pile(unknown=pile.size) if pile.size else EMPTY_PILE for pile in state.decks)
    return replace(state, hands=hands, stacks=stacks, decks=decks)
