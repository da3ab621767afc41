"""Castle Raisers: the game protocol (set-up, whose move, legal actions, chance,
apply, view, result) over the task stack.

The state keeps a stack of :class:`Task` (top first). Decisions (a seat's or
chance's) wait on top for an action; bookkeeping tasks (start a round, fire
an ability, end an age...) run by themselves in :func:`settle` right after
each action, as do decisions that cannot happen (an empty bag, no wolf to
pour on), which the rules say are skipped.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.castle_raisers.common import (
    stack_tokens,
    threats_allowed,
)
from rules.castle_raisers.decisions import (
    APPLY,
    LEGAL,
)
from rules.castle_raisers.edition import (
    ATTACK_SUPPLY,
    BOARD_NAMES,
    EDITION,
    EDITION_TAG,
    OWN_THREATS,
    SECTIONS,
    THREATS,
    TOKENS,
    WOLF_KINDS,
    WOLVES_IN_BAG,
)
from rules.castle_raisers.flow import settle
from rules.castle_raisers.outcome import calculator_result, result, threat_met, threat_report
from rules.castle_raisers.state import (
    Action,
    Castle,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    State,
    Task,
)
from rules.core import (
    CHANCE,
    Config,
    GameInfo,
    IllegalAction,
    Option,
    Variant,
    check_config,
    weighted,
)

__all__ = [
    "INFO",
    "Action",
    "State",
    "apply",
    "calculator_result",
    "chance_outcomes",
    "legal_actions",
    "result",
    "setup",
    "threat_met",
    "threat_report",
    "to_move",
    "view",
]

START_PLAYER_CHOICES = ("random", "player 1", "player 2", "player 3", "player 4")
"""Who starts: the rulebook gives the Mother Pig to whoever last heard the fable
of the three little pigs, "or choose randomly". castletui cannot know who that
is, so the players say which seat it is, or chance decides."""

THREAT_CHOICES = (0, 1, 2, 3, 4)
"""Threat cards one player may draw. The rulebook says "2 (or more)"; 4 each is
already more than the deck holds for a team of four, and a draw the deck cannot
give is skipped like any empty supply."""

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
            "start_player",
            "random",
            "Who starts with the Mother Pig: the player who last heard the fable of the three little "
            "pigs, or one drawn at random.",
            choices=START_PLAYER_CHOICES,
            variants=("competitive", "cooperative"),
            title="Start player",
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
            "own_threat_cards",
            False,
            "Shuffle castletui's own three Threat cards (Hungry Pack, Short Supply, Stubborn Villagers) "
            "into the deck with the ten the rulebook names.",
            variants=("cooperative", "solo"),
            title="castletui's own Threat cards",
        ),
        *(
            Option(
                f"threats_player_{number}",
                1,
                f"Threat cards player {number} draws: 0 is easier, 2 or more harder. The rulebook lets "
                "each player choose" + (" (ignored when fewer play)." if number > 2 else "."),
                choices=THREAT_CHOICES,
                variants=("cooperative", "solo") if number == 1 else ("cooperative",),
                title=f"Threat cards: player {number}",
                minimum=THREAT_CHOICES[0],
                maximum=THREAT_CHOICES[-1],
            )
            for number in range(1, 5)
        ),
    ),
)

CHANCE_KINDS = frozenset(
    {
        "draw_start_player",
        "draw_board",
        "replenish",
        "village_blind",
        "wolf",
        "reveal",
        "dispatch",
        "wolves_attack",
    }
    | {"line_region", "coop_dispatch", "draw_threat", "line_wolf"}
)


# --- set-up -------------------------------------------------------------------


def setup(config: Config) -> State:
    """A new game: everything laid out, the first chance draws pending."""
    check_config(INFO, config)
    seats = config.seats
    is_coop = config.variant != "competitive"
    start = str(config.option("start_player", INFO)) if config.variant != "solo" else START_PLAYER_CHOICES[1]
    tasks: list[Task] = []
    mother_pig = 0
    if start == "random":
        tasks.append(Task("draw_start_player"))
    else:
        mother_pig = START_PLAYER_CHOICES.index(start) - 1
        if mother_pig >= seats:
            raise IllegalAction(f"{start.capitalize()} cannot start: this game has {seats} players.")
    # the rest of the set-up runs from the start player (flow._lay_out), once it is known
    tasks.append(Task("lay_out"))
    threats_by_seat: tuple[int, ...] = ()
    if is_coop:
        threats_by_seat = tuple(
            int(config.option(f"threats_player_{seat + 1}", INFO)) for seat in range(seats)
        )
    discard_attack = seats == 2 and (not is_coop or bool(config.option("discard_attack_in_coop", INFO)))
    state = State(
        variant=config.variant,
        seats=seats,
        castles=tuple(Castle() for _ in range(seats)),
        tasks=tuple(tasks),
        mode=config.mode,
        fortified_defenders_fire=bool(config.option("fortified_defenders_fire", INFO)),
        choose_boards=bool(config.option("choose_boards", INFO)),
        mother_pig=mother_pig,
        discard_attack=discard_attack,
        boards_left=BOARD_NAMES,
        village_stacks=tuple(sorted(TOKENS)),
        attack_supply=ATTACK_SUPPLY,
        bag=WOLVES_IN_BAG,
        fortification_supply=EDITION.supplies.fortification_tiles,
        prestige_supply=EDITION.supplies.prestige_tokens,
        arrow_supply=EDITION.supplies.arrow_tokens,
        threat_deck=_threat_deck(config) if is_coop else (),
        threats_by_seat=threats_by_seat,
    )
    return settle(state)


def _threat_deck(config: Config) -> tuple[str, ...]:
    """The Threat cards to draw from: the box's, plus castletui's own if asked for."""
    with_own = bool(config.option("own_threat_cards", INFO))
    return tuple(sorted(name for name in THREATS if with_own or name not in OWN_THREATS))


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
    return LEGAL[top.kind](state, top)


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    if not state.tasks or state.tasks[0].kind not in CHANCE_KINDS:
        return []
    top = state.tasks[0]
    kind = top.kind
    if kind == "draw_start_player":
        return weighted((DrawStartPlayer(seat), 1) for seat in range(state.seats))
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
        allowed = threats_allowed(state, top.seat)
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
    handler = APPLY[top.kind]
    return settle(handler(state, top, action))


def view(state: State, seat: int) -> State:
    """Castle Raisers has no secrets: every stack is a multiset anyone could work
    out from what has been revealed, and castles and Threat cards are open."""
    return state
