"""Catapult Castle flow: set-up, whose decision it is, the legal actions,
the chance outcomes, moving the game on between decisions, and ``view``.

Everything is a pure function of a frozen :class:`State`. The decision model
is the ``pending`` stack documented in ``state.py``; :func:`settle` moves the
game on when nothing is pending (next shot, end of turn, end of game).
``apply`` lives in ``resolve.py``.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.catapult_castle.edition import (
    ABSENT,
    AIM,
    DECK_COUNTS,
    DISTANCES,
    EDITION,
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
from rules.catapult_castle.shots import LandingOdds, landing_odds, sweet_spot_width
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
    SkipExtraShot,
    Stack,
    State,
)
from rules.catapult_castle.table import (
    EMPTY_PILE,
    EMPTY_STACK,
    draw_pile,
    is_solo,
    placement,
    rearrange_limit,
    shooter_mat,
    targets,
    tower_count,
    towers_on_table,
)
from rules.core import CHANCE, Config, IllegalAction, check_config

ACCURACIES = (0, 25, 50, 75, 100)
"""The accuracies ``legal_actions`` lists for each target (``apply`` takes any 0..100)."""

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
SKIP_EXTRA_SHOT = SkipExtraShot()
_AIMS: dict[tuple[int, int, int], Aim] = {}
_MOVES: dict[tuple[int, int], MoveTower] = {}


def aim_action(square: int, accuracy: int, from_mat: int) -> Aim:
    key = (square, accuracy, from_mat)
    action = _AIMS.get(key)
    if action is None:
        action = _AIMS[key] = Aim(square // 4, SQUARE_NAMES[square % 4], accuracy, from_mat)
    return action


def move_action(source: int, target: int) -> MoveTower:
    key = (source, target)
    action = _MOVES.get(key)
    if action is None:
        action = _MOVES[key] = MoveTower(
            source // 4, SQUARE_NAMES[source % 4], target // 4, SQUARE_NAMES[target % 4]
        )
    return action


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
    # check_config has checked it against the Option's declared range (0: no limit).
    max_stack = _option(config, "max_stack")
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
    return settle(state)


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
        return _weighted_draws(draw_pile(state, top.deck))
    return landing_outcomes(state, top)


def _towers_next_to(state: State, square: int) -> list[int]:
    return [n for n in NEIGHBOURS[square] if state.stacks[n].towers]


def _odds(state: State, pending: Pending, near_by: list[int]) -> LandingOdds:
    """The one place that says what makes an aimed shot hard."""
    stack = state.stacks[pending.square]
    return landing_odds(
        pending.accuracy,
        DISTANCES[shooter_mat(state, pending)][pending.square],
        len(stack.towers),
        state.magic_toss,
        stack.roof >= 0,
        bool(near_by),
    )


def _aim_pending(state: State, aim: Aim, accuracy: int = -1) -> Pending:
    seat = state.pending[-1].seat if state.pending else -1
    return Pending(
        "land", seat, square=square_index(aim.mat, aim.square), accuracy=accuracy, from_mat=aim.from_mat
    )


def shot_odds(state: State, aim: Aim, accuracy: int) -> LandingOdds:
    """For the aiming mini-game: the chances of each kind of landing if the
    shooter aims at ``aim``'s tower with ``accuracy``."""
    pending = _aim_pending(state, aim, accuracy)
    return _odds(state, pending, _towers_next_to(state, pending.square))


def shot_difficulty(state: State, aim: Aim) -> tuple[float, int, int]:
    """For the aiming mini-game: (distance in square widths, stack height,
    sweet-spot width in % of the power bar) of a shot at ``aim``'s tower."""
    pending = _aim_pending(state, aim)
    distance = DISTANCES[shooter_mat(state, pending)][pending.square]
    height = len(state.stacks[pending.square].towers)
    return distance, height, sweet_spot_width(distance, height, state.magic_toss)


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
    near_by = _towers_next_to(state, square)
    odds = _odds(state, pending, near_by)
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
    elif solo:
        for from_mat in range(len(EDITION.mats)):
            for q in targets(state, seat, from_mat):
                actions += [aim_action(q, accuracy, from_mat) for accuracy in ACCURACIES]
    else:
        for q in targets(state, seat):
            actions += [aim_action(q, accuracy, -1) for accuracy in ACCURACIES]
    if state.shot_taken:
        # The turn's own shot is taken: what is left are Extra Shots, which the player may let go.
        actions.append(SKIP_EXTRA_SHOT)
    return actions


def _rearrange_actions(state: State) -> list:
    actions: list = []
    if state.rearrange_moves < EDITION.rearrange_move_limit:
        stacks = state.stacks
        limit = rearrange_limit(state)
        open_squares = [q for q in state.squares if len(stacks[q].towers) < limit]
        for source in state.squares:
            if stacks[source].towers:
                actions += [move_action(source, target) for target in open_squares if target != source]
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


def settle(state: State) -> State:
    """Skip decisions with nothing to decide and move on when nothing is
    pending: the next shot of the turn, the next turn, or the end."""
    while True:
        if state.pending:
            top = state.pending[-1]
            # Nothing to draw: an empty deck with an empty discard gives nothing.
            if top.kind == "draw" and not draw_pile(state, top.deck).size:
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
