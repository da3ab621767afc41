"""Castle Raisers: set-up, the task stack, and the game protocol functions.

The state keeps a stack of :class:`Task` (top first). Decisions (a seat's or
chance's) wait on top for an action; bookkeeping tasks (start a round, fire
an ability, end an age...) run by themselves in :func:`_settle` right after
each action, as do decisions that cannot happen (an empty bag, no wolf to
pour on), which the rules say are skipped.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from rules.castle_raisers import geometry
from rules.castle_raisers.edition import (
    ABILITY_NAMES,
    ARCHER,
    ATTACK_SUPPLY,
    BOARD_NAMES,
    BOARDS,
    BORDER_LOCATIONS,
    CAULDRONS_NEEDED,
    COLOURS,
    EDITION,
    EDITION_TAG,
    LOCATION_INDEX,
    LOCATION_SECTIONS,
    LOCATIONS,
    SECTION_INDEX,
    SECTION_LOCATIONS,
    SECTIONS,
    THREATS,
    TILES,
    TILES_BY_AGE,
    TOKENS,
    VICIOUS,
    WOLF_KINDS,
    WOLVES_IN_BAG,
)
from rules.castle_raisers.scoring import (
    ability_count,
    competitive_winners,
    score_sheet,
    totals,
    wolves_entering,
)
from rules.castle_raisers.state import (
    FORTIFICATION,
    Action,
    Castle,
    ChooseBoard,
    DiscardTile,
    DraftTile,
    DrawAttack,
    DrawBoard,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    Line,
    PickLine,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    RemoveWolf,
    ResolveFirst,
    RevealLine,
    State,
    StopPouring,
    TakeVillage,
    Task,
)
from rules.core import (
    CHANCE,
    Config,
    GameInfo,
    IllegalAction,
    Option,
    Result,
    Variant,
    check_config,
    seat_ref,
    weighted,
)

replace = msgspec.structs.replace

INFO = GameInfo(
    id="castle-raisers",
    title="Castle Raisers",
    summary="Three little pigs raise castle walls over three ages; covering an icon fires its ability.",
    edition=EDITION_TAG,
    variants=(
        Variant("competitive", 2, 4, title="Competitive", help="2-4 players; most points wins."),
        Variant(
            "cooperative",
            2,
            4,
            title="Co-operative",
            help="2-4 players against the wolves: meet every Threat card and beat the wolves' score.",
            cooperative=True,
        ),
        Variant(
            "solo",
            1,
            1,
            title="Solo",
            help="One player against the wolves, with Threat cards.",
            cooperative=True,
        ),
    ),
    options=(
        Option(
            "fortified_defenders_fire",
            True,
            "A Defender icon under a Fortification tile is still visible, so it pours at the End of Age.",
            title="Defenders under Fortification tiles fire",
        ),
        Option(
            "choose_boards",
            False,
            "Players choose their Castle boards, from the last player backwards, instead of drawing them.",
            title="Choose Castle boards",
        ),
        Option(
            "discard_attack_in_coop",
            False,
            "2 players co-operative: a discarded or returned tile with a Dispatch icon still makes the wolves attack.",
            variants=("cooperative",),
            title="Wolves attack on discards (co-op)",
        ),
        Option(
            "threats_per_player",
            1,
            "Threat cards each player draws: 0 is easier, 2 or 3 harder.",
            choices=(0, 1, 2, 3),
            variants=("cooperative", "solo"),
            title="Threat cards per player",
        ),
    ),
)

CHANCE_KINDS = frozenset(
    {"draw_board", "replenish", "village_blind", "wolf", "reveal", "dispatch", "wolves_attack"}
    | {"line_region", "coop_dispatch", "draw_threat", "line_wolf"}
)

ROUNDS_PER_AGE = 4
AGES = 3


# --- small helpers ------------------------------------------------------------


def cooperative(state: State) -> bool:
    return state.variant != "competitive"


def _remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def _add_sorted(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    return tuple(sorted(items + (item,)))


def _bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + delta,) + values[index + 1 :]


def _set_castle(state: State, seat: int, castle: Castle, **changes) -> State:
    castles = state.castles[:seat] + (castle,) + state.castles[seat + 1 :]
    return replace(state, castles=castles, **changes)


def _push(state: State, new: tuple[Task, ...] | list[Task], pop: bool = True, **changes) -> State:
    """Replace the top task (``pop``) by ``new`` (first = next to run)."""
    rest = state.tasks[1:] if pop else state.tasks
    return replace(state, tasks=tuple(new) + rest, **changes)


def clockwise_from(state: State, seat: int) -> tuple[int, ...]:
    return tuple((seat + k) % state.seats for k in range(state.seats))


def has_threat(castle: Castle, check: str) -> bool:
    return any(THREATS[name].check == check for name in castle.threats)


def threat_amount(castle: Castle, check: str) -> int:
    return max(THREATS[name].amount for name in castle.threats if THREATS[name].check == check)


def stack_tokens(state: State, colour: str) -> tuple[str, ...]:
    """The face-down Village tokens of ``colour``'s stack (a multiset)."""
    return tuple(token for token in state.village_stacks if TOKENS[token].colour == colour)


def face_up_of(state: State, colour: str) -> int:
    return sum(1 for token in state.village_face_up if TOKENS[token].colour == colour)


def physical_attack_supply(state: State) -> int:
    """Attack tokens really in the supply: the unrevealed pool minus those face down in lines."""
    face_down = sum(1 for line in state.lines if line.region < 0)
    return sum(state.attack_supply) - face_down


def dispatch_icons(tile: str) -> int:
    data = TILES[tile]
    return (data.left == "DIS") + (data.right == "DIS")


# --- set-up -------------------------------------------------------------------


def setup(config: Config) -> State:
    """A new game: everything laid out, the first chance draws pending."""
    check_config(INFO, config)
    seats = config.seats
    is_coop = config.variant != "competitive"
    tasks: list[Task] = []
    if config.option("choose_boards", INFO):
        tasks += [Task("choose_board", seat=seat) for seat in reversed(range(seats))]
    else:
        tasks += [Task("draw_board", seat=seat) for seat in range(seats)]
    tasks += [Task("replenish", tile=colour) for colour in COLOURS for _ in range(2)]
    # from the last player backwards, each takes a face-up token for their start location
    tasks += [Task("start_village", seat=seat) for seat in reversed(range(seats))]
    tasks += [Task("replenish", tile=colour) for colour in COLOURS for _ in range(2)]
    threats = 0
    if is_coop:
        threats = int(config.option("threats_per_player", INFO))
        tasks += [Task("draw_threat", seat=seat) for seat in range(seats) for _ in range(threats)]
    for seat in range(seats):
        tasks += [Task("wolf", seat=seat, section=region, count=2) for region in range(len(SECTIONS))]
    tasks.append(Task("age_start"))
    discard_attack = seats == 2 and (not is_coop or bool(config.option("discard_attack_in_coop", INFO)))
    state = State(
        variant=config.variant,
        seats=seats,
        castles=tuple(Castle() for _ in range(seats)),
        tasks=tuple(tasks),
        mode=config.mode,
        fortified_defenders_fire=bool(config.option("fortified_defenders_fire", INFO)),
        discard_attack=discard_attack,
        boards_left=BOARD_NAMES,
        village_stacks=tuple(sorted(TOKENS)),
        attack_supply=ATTACK_SUPPLY,
        bag=WOLVES_IN_BAG,
        fortification_supply=EDITION.supplies.fortification_tiles,
        prestige_supply=EDITION.supplies.prestige_tokens,
        arrow_supply=EDITION.supplies.arrow_tokens,
        threat_deck=tuple(sorted(THREATS)) if is_coop else (),
        threats_per_player=threats,
    )
    return _settle(state)


# --- the protocol -------------------------------------------------------------


def to_move(state: State) -> int | None:
    if not state.tasks:
        return None
    top = state.tasks[0]
    return CHANCE if top.kind in CHANCE_KINDS else top.seat


def legal_actions(state: State) -> list[Action]:
    if not state.tasks:
        return []
    top = state.tasks[0]
    if top.kind in CHANCE_KINDS:
        return [action for action, _ in chance_outcomes(state)]
    return _LEGAL[top.kind](state, top)


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    if not state.tasks or state.tasks[0].kind not in CHANCE_KINDS:
        return []
    top = state.tasks[0]
    kind = top.kind
    if kind == "draw_board":
        return weighted((DrawBoard(board), 1) for board in state.boards_left)
    if kind in ("replenish", "village_blind"):
        tokens = stack_tokens(state, top.tile)
        return weighted((DrawVillage(token), 1) for token in tokens)
    if kind in ("wolf", "line_wolf"):
        return weighted((DrawWolf(kind_name), n) for kind_name, n in zip(WOLF_KINDS, state.bag, strict=True))
    if kind == "reveal":
        return _multiset_outcomes(state.wall_stack, DrawWallTile)
    if kind in ("dispatch", "wolves_attack", "line_region", "coop_dispatch"):
        return weighted((DrawAttack(name), n) for name, n in zip(SECTIONS, state.attack_supply, strict=True))
    if kind == "draw_threat":
        allowed = _threats_allowed(state, top.seat)
        return weighted((DrawThreat(name), 1) for name in allowed)
    raise AssertionError(kind)


def _multiset_outcomes(items: tuple[str, ...], make: Callable) -> list[tuple[Action, float]]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return weighted((make(item), n) for item, n in counts.items())


def apply(state: State, action: Action) -> State:
    if not state.tasks:
        raise IllegalAction("The game is over: no more actions.")
    top = state.tasks[0]
    handler = _APPLY[top.kind]
    return _settle(handler(state, top, action))


def view(state: State, seat: int) -> State:
    """Castle Raisers has no secrets: every stack is a multiset anyone could work
    out from what has been revealed, and castles and Threat cards are open."""
    return state


# --- settling: automatic tasks and skipped effects ------------------------------


def _settle(state: State) -> State:
    while state.tasks:
        top = state.tasks[0]
        auto = _AUTO.get(top.kind)
        if auto is not None:
            state = auto(state, top)
            continue
        if _skipped(state, top):
            state = replace(state, tasks=state.tasks[1:])
            continue
        break
    return state


def _skipped(state: State, top: Task) -> bool:
    """A decision the rules skip: the supply is empty, or nothing can be done."""
    kind = top.kind
    if kind in ("wolf", "line_wolf"):
        return top.count <= 0 or sum(state.bag) == 0
    if kind == "replenish":
        return face_up_of(state, top.tile) >= 2 or not stack_tokens(state, top.tile)
    if kind == "pour":
        return top.count <= 0 or not _pour_targets(state, top)
    if kind == "village_take":
        return not _village_choices(state, top.seat) or not _village_locations(state, top.seat)
    if kind in ("fortify", "remove_wolf"):
        if kind == "remove_wolf" and not any(sum(line.wolves) for line in state.lines):
            return True
        return top.count <= 0
    if kind in ("dispatch", "wolves_attack"):
        return sum(state.attack_supply) == 0
    if kind == "coop_dispatch":
        return physical_attack_supply(state) <= 0
    if kind == "reveal":
        return not state.wall_stack
    if kind in ("draft", "discard"):
        return not state.revealed
    if kind == "reveal_line":
        return not any(line.region < 0 for line in state.lines)
    if kind == "pick_line":
        return all(line.picked for line in state.lines)
    if kind == "draw_threat":
        return not _threats_allowed(state, top.seat)
    return False


def _age_start(state: State, top: Task) -> State:
    age = state.age + 1
    new: list[Task] = []
    if cooperative(state):
        new += _lay_out_lines(state, age)
    new.append(Task("round_start"))
    return _push(state, new, age=age, round=0, wall_stack=TILES_BY_AGE[age], lines=())


def _lay_out_lines(state: State, age: int) -> list[Task]:
    """Co-op: X face-down Attack tokens, each with a line of 3/4/5 wolves by age."""
    wanted = EDITION.coop.lines_by_players[state.seats - 1]
    per_line = EDITION.coop.wolves_per_line_by_age[age - 1]
    available = min(wanted, sum(state.attack_supply))
    return [Task("lay_lines", count=available)] + [
        Task("line_wolf", section=line, count=per_line) for line in range(available)
    ]


def _lay_lines(state: State, top: Task) -> State:
    return _push(state, (), lines=tuple(Line() for _ in range(top.count)))


def _round_start(state: State, top: Task) -> State:
    order = clockwise_from(state, state.mother_pig)
    reveal = EDITION.coop.solo_revealed if state.variant == "solo" else 4
    new = [Task("reveal") for _ in range(min(reveal, len(state.wall_stack)))]
    for position, seat in enumerate(order):
        new.append(Task("draft", seat=seat))
        if position == 0 and state.seats == 2:
            new.append(Task("discard", seat=seat))
    new.append(Task("round_end"))
    return _push(state, new, round=state.round + 1, round_order=order, revealed=())


def _round_end(state: State, top: Task) -> State:
    new: list[Task] = []
    if state.seats == 2 and state.discard_attack:
        new += [Task("wolves_attack") for tile in state.revealed if dispatch_icons(tile)]
    new.append(Task("round_start") if state.round < ROUNDS_PER_AGE else Task("end_age"))
    return _push(state, new, revealed=())


def _end_age(state: State, top: Task) -> State:
    new: list[Task] = []
    order = clockwise_from(state, state.mother_pig)
    if cooperative(state) and state.lines:
        picks = [seat for _ in range(2) for seat in order][: len(state.lines)]
        new += [Task("pick_line", seat=seat) for seat in picks]
        new.append(Task("return_lines"))
        new += [
            Task("hungry_pack", seat=seat)
            for seat in order
            if has_threat(state.castles[seat], "extra_wolf_fewest_region")
        ]
    new.append(Task("end_age_defenders"))
    new.append(Task("arrows"))
    new.append(Task("next_age"))
    return _push(state, new, wall_stack=())


def _end_age_defenders(state: State, top: Task) -> State:
    """Each visible Defender on Wall tiles pours, separately, as many cauldrons as
    its section's Defender count (worked out now: End of Age adds no Village token)."""
    new = []
    for seat in clockwise_from(state, state.mother_pig):
        castle = state.castles[seat]
        for section in geometry.visible_defenders(castle.board, castle.wall, state.fortified_defenders_fire):
            new.append(Task("pour", seat=seat, section=section, count=ability_count(castle, "DEF", section)))
    return _push(state, new)


def _hungry_pack(state: State, top: Task) -> State:
    castle = state.castles[top.seat]
    totals = [sum(castle.wolves[r * 4 : r * 4 + 4]) for r in range(len(SECTIONS))]
    region = totals.index(min(totals))
    return _push(
        state,
        [
            Task(
                "wolf", seat=top.seat, section=region, count=threat_amount(castle, "extra_wolf_fewest_region")
            )
        ],
    )


def _return_lines(state: State, top: Task) -> State:
    supply = state.attack_supply
    for line in state.lines:
        if line.region >= 0:
            supply = _bump(supply, line.region, 1)
    bag = state.bag
    for line in state.lines:
        bag = tuple(b + w for b, w in zip(bag, line.wolves, strict=True))
    return _push(state, (), attack_supply=supply, lines=(), bag=bag)


def _arrows(state: State, top: Task) -> State:
    supply = state.arrow_supply
    castles = list(state.castles)
    for seat in clockwise_from(state, state.mother_pig):
        castle = castles[seat]
        archers = sum(castle.wolves[region * 4 + ARCHER] for region in range(len(SECTIONS)))
        taken = min(archers, supply)
        if taken:
            supply -= taken
            castles[seat] = replace(castle, arrows=castle.arrows + taken)
    return _push(state, (), castles=tuple(castles), arrow_supply=supply)


def _next_age(state: State, top: Task) -> State:
    if state.age >= AGES:
        return _push(state, (), finished=True)
    return _push(state, [Task("age_start")])


def _fire(state: State, top: Task) -> State:
    """One covered icon fires for its section."""
    seat, section, ability = top.seat, top.section, top.ability
    castle = state.castles[seat]
    count = ability_count(castle, ability, section)
    if ability == "VIL":
        return _push(state, [Task("village_take", seat=seat)])
    if ability == "PRE":
        taken = min(count, state.prestige_supply)
        castle = replace(castle, prestige=_bump(castle.prestige, section, taken))
        state = _set_castle(
            state, seat, castle, mother_pig=seat, prestige_supply=state.prestige_supply - taken
        )
        new = [Task("reveal_line", seat=seat)] if cooperative(state) else []
        return _push(state, new)
    if ability == "FOR":
        if has_threat(castle, "fortify_at_most"):
            count = min(count, threat_amount(castle, "fortify_at_most"))
        taken = min(count, state.fortification_supply)
        return _push(
            state,
            [Task("fortify", seat=seat, count=taken)],
            fortification_supply=state.fortification_supply - taken,
        )
    if ability == "DIS":
        if cooperative(state):
            return _push(
                state,
                [
                    Task("coop_dispatch", seat=seat, section=section),
                    Task("remove_wolf", seat=seat, count=count),
                ],
            )
        return _push(state, [Task("dispatch", seat=seat, section=section, count=count)])
    if ability == "DEF":
        return _push(state, [Task("pour", seat=seat, section=section, count=count)])
    raise AssertionError(ability)


_AUTO: dict[str, Callable[[State, Task], State]] = {
    "age_start": _age_start,
    "lay_lines": _lay_lines,
    "round_start": _round_start,
    "round_end": _round_end,
    "end_age": _end_age,
    "end_age_defenders": _end_age_defenders,
    "hungry_pack": _hungry_pack,
    "return_lines": _return_lines,
    "arrows": _arrows,
    "next_age": _next_age,
    "fire": _fire,
}


# --- legality helpers -----------------------------------------------------------


def _village_choices(state: State, seat: int) -> list[TakeVillage]:
    castle = state.castles[seat]
    choices: list[TakeVillage] = []
    if not has_threat(castle, "village_face_down_only"):
        seen = set()
        for token in state.village_face_up:
            if token not in seen:
                seen.add(token)
                choices.append(TakeVillage(token=token))
    for colour in COLOURS:
        if stack_tokens(state, colour):
            choices.append(TakeVillage(colour=colour))
    return choices


def _village_locations(state: State, seat: int) -> list[int]:
    castle = state.castles[seat]
    found = [index for index, token in enumerate(castle.village) if not token]
    if castle.threats:
        if has_threat(castle, "no_border_villagers"):
            found = [index for index in found if index not in BORDER_LOCATIONS]
        if has_threat(castle, "villagers_per_section_at_most"):
            cap = threat_amount(castle, "villagers_per_section_at_most")
            per_section = [sum(1 for loc in locs if castle.village[loc]) for locs in SECTION_LOCATIONS]
            found = [i for i in found if all(per_section[s] < cap for s in LOCATION_SECTIONS[i])]
    return found


def _pour_targets(state: State, top: Task) -> list[int]:
    """The wolf kinds this pouring may defeat next."""
    castle = state.castles[top.seat]
    base = top.section * 4
    targets = [
        kind for kind in range(4) if castle.wolves[base + kind] > 0 and CAULDRONS_NEEDED[kind] <= top.count
    ]
    if castle.threats:
        if has_threat(castle, "no_cauldrons_on_archers"):
            targets = [kind for kind in targets if kind != ARCHER]
        if has_threat(castle, "vicious_first") and VICIOUS in targets:
            targets = [VICIOUS]
    return targets


def _threats_allowed(state: State, seat: int) -> tuple[str, ...]:
    held = state.castles[seat].threats
    excluded = {number for name in held for number in THREATS[name].exclusive_with}
    return tuple(name for name in state.threat_deck if THREATS[name].number not in excluded)


# --- decision handlers: legal actions and apply -----------------------------------


def _legal_board(state: State, top: Task) -> list[Action]:
    return [ChooseBoard(board) for board in state.boards_left]


def _apply_board(state: State, top: Task, action: Action) -> State:
    if (
        isinstance(action, DrawBoard if top.kind == "draw_board" else ChooseBoard)
        and action.board in state.boards_left
    ):
        castle = replace(state.castles[top.seat], board=action.board)
        state = _set_castle(state, top.seat, castle, boards_left=_remove_one(state.boards_left, action.board))
        return _push(state, ())
    raise IllegalAction(
        f"Board {getattr(action, 'board', '?')} is not available: take one of {', '.join(state.boards_left)}."
    )


def _apply_replenish(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, top.tile):
        raise IllegalAction(f"That is not a token left in the {top.tile} stack.")
    return _push(
        state,
        (),
        village_stacks=_remove_one(state.village_stacks, action.token),
        village_face_up=_add_sorted(state.village_face_up, action.token),
    )


def _legal_start_village(state: State, top: Task) -> list[Action]:
    return [TakeVillage(token=token) for token in dict.fromkeys(state.village_face_up)]


def _apply_start_village(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, TakeVillage) or action.token not in state.village_face_up:
        raise IllegalAction("Choose one of the face-up Village tokens for your starting location.")
    castle = state.castles[top.seat]
    location = LOCATION_INDEX[BOARDS[castle.board].start_location]
    village = castle.village[:location] + (action.token,) + castle.village[location + 1 :]
    state = _set_castle(
        state,
        top.seat,
        replace(castle, village=village),
        village_face_up=_remove_one(state.village_face_up, action.token),
    )
    return _push(state, ())


def _apply_wolf(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawWolf) or action.kind not in WOLF_KINDS:
        raise IllegalAction("Say which Wolf token came out of the bag.")
    kind = WOLF_KINDS.index(action.kind)
    if state.bag[kind] <= 0:
        raise IllegalAction(f"There is no {action.kind} left in the bag.")
    bag = _bump(state.bag, kind, -1)
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    if top.kind == "line_wolf":
        lines = list(state.lines)
        line = lines[top.section]
        lines[top.section] = replace(line, wolves=_bump(line.wolves, kind, 1))
        return _push(state, rest, bag=bag, lines=tuple(lines))
    castle = state.castles[top.seat]
    castle = replace(castle, wolves=_bump(castle.wolves, top.section * 4 + kind, 1))
    return _push(_set_castle(state, top.seat, castle), rest, bag=bag)


def _apply_reveal(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawWallTile) or action.tile not in state.wall_stack:
        raise IllegalAction(f"That Wall tile is not in the Age {state.age} stack.")
    return _push(
        state,
        (),
        wall_stack=_remove_one(state.wall_stack, action.tile),
        revealed=state.revealed + (action.tile,),
    )


def _legal_draft(state: State, top: Task) -> list[Action]:
    return [DraftTile(tile) for tile in state.revealed]


def _apply_draft(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DraftTile) or action.tile not in state.revealed:
        raise IllegalAction("Choose one of the face-up Wall tiles on the Piggy board.")
    return _push(
        state,
        [Task("place", seat=top.seat, tile=action.tile)],
        revealed=_remove_one(state.revealed, action.tile),
    )


def _legal_place(state: State, top: Task) -> list[Action]:
    return [PlaceTile(level, slot) for level, slot in geometry.legal_slots(state.castles[top.seat].wall)]


def _apply_place(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceTile):
        raise IllegalAction(f"Place your Wall tile {top.tile} on your castle first.")
    castle = state.castles[top.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    covered = geometry.covered_icons(castle.board, castle.wall, action.level, action.slot)
    wall = geometry.put(castle.wall, action.level, action.slot, top.tile)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    state = _set_castle(state, top.seat, castle)
    if len(covered) == 2 and covered[0] != covered[1]:
        (first, first_section), (second, second_section) = covered
        new = [
            Task(
                "order",
                seat=top.seat,
                ability=first,
                section=first_section,
                other_ability=second,
                other_section=second_section,
            )
        ]
    else:
        new = [Task("fire", seat=top.seat, ability=ability, section=section) for ability, section in covered]
    return _push(state, new)


def _legal_order(state: State, top: Task) -> list[Action]:
    return [
        ResolveFirst(top.ability, SECTIONS[top.section]),
        ResolveFirst(top.other_ability, SECTIONS[top.other_section]),
    ]


def _apply_order(state: State, top: Task, action: Action) -> State:
    first = Task("fire", seat=top.seat, ability=top.ability, section=top.section)
    second = Task("fire", seat=top.seat, ability=top.other_ability, section=top.other_section)
    if isinstance(action, ResolveFirst):
        if (action.ability, action.section) == (top.ability, SECTIONS[top.section]):
            return _push(state, [first, second])
        if (action.ability, action.section) == (top.other_ability, SECTIONS[top.other_section]):
            return _push(state, [second, first])
    raise IllegalAction(
        f"Choose which fires first: {ABILITY_NAMES[top.ability]} ({SECTIONS[top.section]}) "
        f"or {ABILITY_NAMES[top.other_ability]} ({SECTIONS[top.other_section]})."
    )


def _legal_village_take(state: State, top: Task) -> list[Action]:
    return list(_village_choices(state, top.seat))


def _apply_village_take(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, TakeVillage):
        raise IllegalAction("Take a Village token first: a face-up one or the top of a stack.")
    castle = state.castles[top.seat]
    if action.token:
        if action.token not in state.village_face_up:
            raise IllegalAction("That Village token is not face up on the Village board.")
        if has_threat(castle, "village_face_down_only"):
            raise IllegalAction("Disoriented: you must take the face-down top token of a stack.")
        colour = TOKENS[action.token].colour
        return _push(
            state,
            [Task("village_place", seat=top.seat, tile=action.token), Task("replenish", tile=colour)],
            village_face_up=_remove_one(state.village_face_up, action.token),
        )
    if action.colour not in COLOURS:
        raise IllegalAction("Name a face-up token or the colour of a stack.")
    if not stack_tokens(state, action.colour):
        raise IllegalAction(f"The {action.colour} stack is empty.")
    return _push(state, [Task("village_blind", seat=top.seat, tile=action.colour)])


def _apply_village_blind(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawVillage) or action.token not in stack_tokens(state, top.tile):
        raise IllegalAction(f"That is not a token left in the {top.tile} stack.")
    return _push(
        state,
        [Task("village_place", seat=top.seat, tile=action.token)],
        village_stacks=_remove_one(state.village_stacks, action.token),
    )


def _legal_village_place(state: State, top: Task) -> list[Action]:
    return [PlaceVillage(LOCATIONS[index]) for index in _village_locations(state, top.seat)]


def _apply_village_place(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceVillage) or action.location not in LOCATION_INDEX:
        raise IllegalAction(f"Place the Village token on one of your locations ({', '.join(LOCATIONS)}).")
    index = LOCATION_INDEX[action.location]
    castle = state.castles[top.seat]
    if castle.village[index]:
        raise IllegalAction(f"Location {action.location} already holds a Village token.")
    if index not in _village_locations(state, top.seat):
        raise IllegalAction(f"Your Threat card forbids a Village token on {action.location}.")
    castle = replace(castle, village=castle.village[:index] + (top.tile,) + castle.village[index + 1 :])
    return _push(_set_castle(state, top.seat, castle), ())


def _legal_fortify(state: State, top: Task) -> list[Action]:
    return [
        PlaceFortification(level, slot) for level, slot in geometry.legal_slots(state.castles[top.seat].wall)
    ]


def _apply_fortify(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PlaceFortification):
        raise IllegalAction(f"Place your Fortification tile{'s' if top.count > 1 else ''} first.")
    castle = state.castles[top.seat]
    reason = geometry.why_not_legal(castle.wall, action.level, action.slot)
    if reason:
        raise IllegalAction(reason)
    wall = geometry.put(castle.wall, action.level, action.slot, FORTIFICATION)
    castle = replace(castle, wall=wall, heights=geometry.section_heights(wall))
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    return _push(_set_castle(state, top.seat, castle), rest)


def _vicious_forced(state: State, top: Task) -> bool:
    """Strong Hides: a vicious wolf this pouring can defeat must be defeated first."""
    castle = state.castles[top.seat]
    return (
        bool(castle.threats)
        and has_threat(castle, "vicious_first")
        and _pour_targets(state, top) == [VICIOUS]
    )


def _legal_pour(state: State, top: Task) -> list[Action]:
    targets = [PourCauldron(WOLF_KINDS[kind]) for kind in _pour_targets(state, top)]
    return targets if _vicious_forced(state, top) else targets + [StopPouring()]


def _apply_pour(state: State, top: Task, action: Action) -> State:
    if isinstance(action, StopPouring):
        if _vicious_forced(state, top):
            raise IllegalAction("Strong Hides: you must defeat the vicious wolf before you stop pouring.")
        return _push(state, ())
    if not isinstance(action, PourCauldron) or action.wolf not in WOLF_KINDS:
        raise IllegalAction("Choose a wolf to pour a cauldron on, or stop pouring.")
    kind = WOLF_KINDS.index(action.wolf)
    castle = state.castles[top.seat]
    region = SECTIONS[top.section]
    if castle.wolves[top.section * 4 + kind] <= 0:
        raise IllegalAction(f"There is no {action.wolf} in your {region}.")
    if CAULDRONS_NEEDED[kind] > top.count:
        raise IllegalAction(
            "A vicious wolf needs 2 cauldrons from the same pouring; this pouring has 1 left."
        )
    if kind not in _pour_targets(state, top):
        if kind == ARCHER:
            raise IllegalAction("Out of Range: your cauldrons cannot defeat archers.")
        raise IllegalAction("Strong Hides: defeat the vicious wolves first while you can.")
    castle = replace(castle, wolves=_bump(castle.wolves, top.section * 4 + kind, -1))
    rest = (replace(top, count=top.count - CAULDRONS_NEEDED[kind]),)
    return _push(_set_castle(state, top.seat, castle), rest, bag=_bump(state.bag, kind, 1))


def _legal_discard(state: State, top: Task) -> list[Action]:
    return [DiscardTile(tile) for tile in state.revealed]


def _apply_discard(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DiscardTile) or action.tile not in state.revealed:
        raise IllegalAction("Discard one of the remaining face-up Wall tiles.")
    new = [Task("wolves_attack")] if state.discard_attack and dispatch_icons(action.tile) else []
    return _push(state, new, revealed=_remove_one(state.revealed, action.tile))


def _region_of(action: Action) -> int:
    if not isinstance(action, DrawAttack) or action.region not in SECTION_INDEX:
        raise IllegalAction("Say which region the Attack token shows.")
    return SECTION_INDEX[action.region]


def _apply_dispatch(state: State, top: Task, action: Action) -> State:
    """Competitive Dispatch: keep the token in the section, the others draw wolves from your left."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[top.seat]
    castle = replace(castle, attack=_bump(castle.attack, top.section, 1))
    others = clockwise_from(state, top.seat)[1:]
    new = [Task("wolf", seat=other, section=region, count=top.count) for other in others]
    return _push(
        _set_castle(state, top.seat, castle), new, attack_supply=_bump(state.attack_supply, region, -1)
    )


def _apply_wolves_attack(state: State, top: Task, action: Action) -> State:
    """2 players: both draw 1/2/3 wolves by age into the region, from the player without the
    Mother Pig; the token goes back into the supply."""
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    order = clockwise_from(state, (state.mother_pig + 1) % state.seats)
    return _push(state, [Task("wolf", seat=seat, section=region, count=state.age) for seat in order])


def _apply_coop_dispatch(state: State, top: Task, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No Attack token showing the {action.region} is left.")
    castle = state.castles[top.seat]
    castle = replace(castle, attack=_bump(castle.attack, top.section, 1))
    return _push(
        _set_castle(state, top.seat, castle), (), attack_supply=_bump(state.attack_supply, region, -1)
    )


def _apply_line_region(state: State, top: Task, action: Action) -> State:
    region = _region_of(action)
    if state.attack_supply[region] <= 0:
        raise IllegalAction(f"No face-down Attack token can show the {action.region}.")
    lines = list(state.lines)
    lines[top.section] = replace(lines[top.section], region=region)
    return _push(state, (), lines=tuple(lines), attack_supply=_bump(state.attack_supply, region, -1))


def _legal_reveal_line(state: State, top: Task) -> list[Action]:
    return [RevealLine(index) for index, line in enumerate(state.lines) if line.region < 0]


def _apply_reveal_line(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, RevealLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose a face-down Attack token of the lines to reveal.")
    if state.lines[action.line].region >= 0:
        raise IllegalAction("That Attack token is already face up.")
    return _push(state, [Task("line_region", section=action.line)])


def _legal_remove_wolf(state: State, top: Task) -> list[Action]:
    return [
        RemoveWolf(index, WOLF_KINDS[kind])
        for index, line in enumerate(state.lines)
        for kind in range(4)
        if line.wolves[kind] > 0
    ]


def _apply_remove_wolf(state: State, top: Task, action: Action) -> State:
    if (
        not isinstance(action, RemoveWolf)
        or not 0 <= action.line < len(state.lines)
        or action.wolf not in WOLF_KINDS
    ):
        raise IllegalAction("Choose a wolf in one of the Attack-token lines to send back to the bag.")
    kind = WOLF_KINDS.index(action.wolf)
    line = state.lines[action.line]
    if line.wolves[kind] <= 0:
        raise IllegalAction(f"Line {action.line + 1} has no {action.wolf}.")
    lines = list(state.lines)
    lines[action.line] = replace(line, wolves=_bump(line.wolves, kind, -1))
    rest = (replace(top, count=top.count - 1),) if top.count > 1 else ()
    return _push(state, rest, lines=tuple(lines), bag=_bump(state.bag, kind, 1))


def _legal_pick_line(state: State, top: Task) -> list[Action]:
    return [PickLine(index) for index, line in enumerate(state.lines) if not line.picked]


def _apply_pick_line(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, PickLine) or not 0 <= action.line < len(state.lines):
        raise IllegalAction("Choose one of the Attack tokens of the lines.")
    if state.lines[action.line].picked:
        raise IllegalAction("That Attack token was already chosen this End of Age.")
    new = []
    if state.lines[action.line].region < 0:
        new.append(Task("line_region", section=action.line))
    new.append(Task("line_arrives", seat=top.seat, section=action.line))
    return _push(state, new)


def _line_arrives(state: State, top: Task) -> State:
    """The chosen line's wolves go into the player's region the token shows."""
    line = state.lines[top.section]
    castle = state.castles[top.seat]
    wolves = castle.wolves
    for kind in range(4):
        wolves = _bump(wolves, line.region * 4 + kind, line.wolves[kind])
    lines = list(state.lines)
    lines[top.section] = replace(line, wolves=(0, 0, 0, 0), picked=True)
    castle = replace(castle, wolves=wolves)
    new = []
    if has_threat(castle, "extra_wolf_by_land"):
        threat = next(THREATS[n] for n in castle.threats if THREATS[n].check == "extra_wolf_by_land")
        if SECTIONS[line.region] in threat.regions:
            new.append(Task("wolf", seat=top.seat, section=line.region, count=threat.amount))
    return _push(_set_castle(state, top.seat, castle), new, lines=tuple(lines))


def _apply_threat(state: State, top: Task, action: Action) -> State:
    if not isinstance(action, DrawThreat) or action.threat not in _threats_allowed(state, top.seat):
        raise IllegalAction("That Threat card cannot be drawn now.")
    castle = state.castles[top.seat]
    castle = replace(castle, threats=castle.threats + (action.threat,))
    return _push(
        _set_castle(state, top.seat, castle), (), threat_deck=_remove_one(state.threat_deck, action.threat)
    )


_AUTO["line_arrives"] = _line_arrives

_LEGAL: dict[str, Callable[[State, Task], list[Action]]] = {
    "choose_board": _legal_board,
    "start_village": _legal_start_village,
    "draft": _legal_draft,
    "place": _legal_place,
    "order": _legal_order,
    "village_take": _legal_village_take,
    "village_place": _legal_village_place,
    "fortify": _legal_fortify,
    "pour": _legal_pour,
    "discard": _legal_discard,
    "reveal_line": _legal_reveal_line,
    "remove_wolf": _legal_remove_wolf,
    "pick_line": _legal_pick_line,
}

_APPLY: dict[str, Callable[[State, Task, Action], State]] = {
    "draw_board": _apply_board,
    "choose_board": _apply_board,
    "replenish": _apply_replenish,
    "start_village": _apply_start_village,
    "wolf": _apply_wolf,
    "line_wolf": _apply_wolf,
    "reveal": _apply_reveal,
    "draft": _apply_draft,
    "place": _apply_place,
    "order": _apply_order,
    "village_take": _apply_village_take,
    "village_blind": _apply_village_blind,
    "village_place": _apply_village_place,
    "fortify": _apply_fortify,
    "pour": _apply_pour,
    "discard": _apply_discard,
    "dispatch": _apply_dispatch,
    "wolves_attack": _apply_wolves_attack,
    "coop_dispatch": _apply_coop_dispatch,
    "line_region": _apply_line_region,
    "reveal_line": _apply_reveal_line,
    "remove_wolf": _apply_remove_wolf,
    "pick_line": _apply_pick_line,
    "draw_threat": _apply_threat,
}


# --- result ---------------------------------------------------------------------


def threat_met(castle: Castle, name: str) -> bool:
    """Whether ``castle`` meets Threat card ``name`` at Game End.

    Cards that change how you play (Disoriented, Out of Range, Strong Hides,
    Coming by Land, Short Supply and the placeholders that add wolves) are
    enforced while playing, so they are always met; the Village-location cards
    are checked again here so a board typed in for the calculator is judged too.
    """
    threat = THREATS[name]
    check = threat.check
    entering = [wolves_entering(castle, section) for section in range(len(SECTIONS))]
    if check == "wolves_enter_each_section":
        return all(n >= threat.amount for n in entering)
    if check == "wolves_enter_total_at_least":
        return sum(entering) >= threat.amount
    if check == "highest_wall_at_least":
        return max(castle.heights) >= threat.amount
    if check == "each_section_at_least":
        return min(castle.heights) >= threat.amount
    if check == "no_starting_icon_visible":
        return not geometry.visible_starting_icons(castle.board, castle.wall)
    if check == "no_border_villagers":
        return not any(castle.village[index] for index in BORDER_LOCATIONS)
    if check == "villagers_per_section_at_most":
        return all(
            sum(1 for loc in locs if castle.village[loc]) <= threat.amount for locs in SECTION_LOCATIONS
        )
    return True


def result(state: State) -> Result:
    """The score sheet; competitive: most points then fewest wolves around the castle;
    co-operative and solo: every Threat card met and the team total above the wolves'."""
    coop = cooperative(state)
    lines = score_sheet(state.castles, cooperative=coop)
    scores = totals(lines, state.seats)
    if not coop:
        if not state.finished:
            return Result(scores=scores, lines=lines, finished=False, decided_by="the game is still running")
        winners, decided_by = competitive_winners(state.castles, scores)
        return Result(scores=scores, lines=lines, winners=winners, decided_by=decided_by)
    target = EDITION.coop.wolves_score_by_players[state.seats - 1]
    failed = [
        f"{seat_ref(seat)}: {name}"
        for seat, castle in enumerate(state.castles)
        for name in castle.threats
        if not threat_met(castle, name)
    ]
    team = sum(scores)
    rating = f"team {team:g} against the wolves' {target}"
    if not state.finished:
        return Result(
            scores=scores, lines=lines, finished=False, decided_by="the game is still running", rating=rating
        )
    if failed:
        return Result(
            scores=scores,
            lines=lines,
            lost=True,
            decided_by="a Threat card was not met (" + "; ".join(failed) + ")",
            rating=rating,
        )
    if team > target:
        return Result(
            scores=scores,
            lines=lines,
            winners=tuple(range(state.seats)),
            decided_by=f"the team's {team:g} points beat the wolves' {target}",
            rating=rating,
        )
    return Result(
        scores=scores,
        lines=lines,
        lost=True,
        decided_by=f"the team's {team:g} points do not beat the wolves' {target}",
        rating=rating,
    )
