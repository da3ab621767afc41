"""The hard bots' search: determinized Monte Carlo tree search, once for every game.

A hard bot never looks at the real state: it is given ``view(state,
seat)``, what its own seat sees (:func:`rules.core.bots.decide`), and
works only on *worlds*: full
states its game's ``determinize`` hook deals from that view (the hidden
cards drawn at random from those the seat cannot account for: see
:func:`redeal`). Each round deals one world, walks down the tree of the
seat's own choices (UCB over the choices legal in that world, the
information-set way: a choice is counted only in the worlds where it
could be made), lets the game's normal bot play everyone else, and the
seat itself below the tree, for ``depth`` plies with chance drawn by its
odds, and scores where that ends with the game's ``value`` hook, a win
chance in [0, 1] (a finished game scores its result).

The choice: the normal bot's own, unless the tree's best other choice
then beats it in a duel, the two played on the same fresh worlds with the
same chance, by a clear margin. A search too short to tell its choices
apart plays as the normal bot would, never worse by chance.

Work and time: a round is the unit of work (a duel's pair counts one).
Tests, benchmarks and table replays give a number of rounds
(:func:`work_budget`, else the game's own), so a seeded game plays the
same on every machine; the app gives a thinking time
(:func:`rules.core.bots.thinking_time`) and the search asks
:func:`rules.core.bots.time_up` before every round and at every ply of
one (a round under way when the time is up is dropped), so it stops on
time.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import msgspec
from castletui.rules.core.bots import has_thinking_time, time_up, time_used
from castletui.rules.core.chance import sample_outcome
from castletui.rules.core.protocol import CHANCE, IllegalAction

_BUDGET: ContextVar[int | None] = ContextVar("search_budget", default=None)

MOST_ROUNDS = 20_000
"""Rounds a search with a thinking time and no work budget may take at most
(its clock stops it long before on any machine; this only bounds memory)."""


@contextmanager
def work_budget(rounds: int | None) -> Iterator[None]:
    """Within the block, a hard bot searches exactly ``rounds`` rounds (None:
    its game's own number), whatever the clock says."""
    token = _BUDGET.set(rounds)
    try:
        yield
    finally:
        _BUDGET.reset(token)


@dataclass(frozen=True)
class Rules:
    """The protocol functions the search plays with (a game's bots import its
    modules, not its face, which imports them)."""

    to_move: Callable[[Any], int | None]
    legal_actions: Callable[[Any], list[Any]]
    chance_outcomes: Callable[[Any], list[tuple[Any, float]]]
    apply: Callable[[Any, Any], Any]
    result: Callable[[Any], Any]


@dataclass(frozen=True)
class Hooks:
    """What a game gives the search.

    - ``determinize(seen, seat, rng)``: a full state the seat finds possible,
      dealt from its view ``seen`` alone;
    - ``policy(state, rng)``: the normal bot's action for whoever is to move;
    - ``value(state, seat)``: the seat's chance of winning from ``state``, in [0, 1];
    - ``choices(state)``: the actions the tree tries at the seat's own
      decisions (default: every legal action);
    - ``canonical(action)`` / ``realize(action, rng)``: where an action
      holds a skill drawn at random (Catapult Castle's aim), the tree keys
      the choice by its canonical form and plays it realized;
    - ``cut(state)``: where a playout stops early (a decision the normal bot
      takes long to weigh);
    - ``chance(state, luck)``: where chance should be the same for the two
      sides of a duel at the same point of the game (the same shot of the
      same turn, whatever came before), the outcome drawn from ``luck`` (a
      number per round) and that point; without it chance is drawn in turn
      from the round's random stream;
    - ``finished(state, seat)``: a finished game's score for the seat where
      it is not its share of the winners (:func:`finished_value`): the
      table's win in a co-operative or solo game, 1 or 0;
    - ``duel_by_policy``: in a duel the seat's later choices are the
      ``policy``'s, not the tree's (whose untried choices, drawn at random,
      blur the pair where a choice is only the first step of a turn);
    - ``depth``: plies the normal bots play below the tree before ``value``;
    - ``rounds``: the work budget when nobody gives one;
    - ``explore``: UCB's exploration weight; ``tree_share`` of the work goes
      to the tree, whose best choice tried ``enough`` times then duels the
      normal bot's choice over the rest: it is played if it wins by
      ``margin`` and ``sure`` standard errors of the paired difference.
    """

    game: Rules
    determinize: Callable[[Any, int, random.Random], Any]
    policy: Callable[[Any, random.Random], Any]
    value: Callable[[Any, int], float]
    choices: Callable[[Any], Sequence[Any]] | None = None
    canonical: Callable[[Any], Any] | None = None
    realize: Callable[[Any, random.Random], Any] | None = None
    cut: Callable[[Any], bool] | None = None
    chance: Callable[[Any, int], Any] | None = None
    finished: Callable[[Any, int], float] | None = None
    duel_by_policy: bool = False
    depth: int = 40
    rounds: int = 200
    explore: float = 0.5
    enough: int = 4
    margin: float = 0.01
    sure: float = 1.0
    tree_share: float = 0.6


@dataclass
class _Node:
    """The seat's decision after a history of its own choices: per action, the
    rounds that took it, their summed value, and the rounds it was on offer."""

    visits: dict[Any, int] = field(default_factory=dict)
    total: dict[Any, float] = field(default_factory=dict)
    squares: dict[Any, float] = field(default_factory=dict)
    offered: dict[Any, int] = field(default_factory=dict)
    children: dict[Any, _Node] = field(default_factory=dict)


def finished_value(game: Rules, state: Any, seat: int) -> float:
    """A finished game's score for ``seat``: 1 for a sole win, a share of a
    shared one, 0 for a loss."""
    winners = game.result(state).winners
    return 1.0 / len(winners) if seat in winners else 0.0


def ended_value(hooks: Hooks, state: Any, seat: int) -> float:
    """A finished game's score for ``seat`` as the hooks count it: their
    ``finished``, else its share of the winners."""
    if hooks.finished is not None:
        return hooks.finished(state, seat)
    return finished_value(hooks.game, state, seat)


def win_chance(lead: float, scale: float) -> float:
    """A game's evaluation (a lead over the rivals) as a chance of winning,
    0 to 1: a lead of ``scale`` is about three wins in four."""
    return 1.0 / (1.0 + math.exp(-lead / scale))


def share(values: Sequence[float], seat: int, spread: float) -> float:
    """``seat``'s win chance when the seats' estimates are ``values``: each
    seat's share of ``exp(value / spread)`` (``spread``: how many points
    make one seat about e times likelier to win than another)."""
    top = max(values)
    weights = [math.exp((value - top) / spread) for value in values]
    return weights[seat] / sum(weights)


def rounds_for(hooks: Hooks) -> int:
    """How many rounds to search: the work budget given, else as many as the
    thinking time allows, else the game's own number."""
    budget = _BUDGET.get()
    if budget is not None:
        return budget
    return MOST_ROUNDS if has_thinking_time() else hooks.rounds


def search_action(hooks: Hooks, seen: Any, seat: int, rng: random.Random) -> Any:
    """The hard bot's choice for ``seat``, to move, from its view ``seen``."""
    choices = hooks.choices or hooks.game.legal_actions
    first = hooks.determinize(seen, seat, rng)
    actions = list(choices(first))
    if len(actions) == 1:
        return actions[0]
    usual = hooks.policy(first, rng)
    if hooks.canonical:
        usual = hooks.canonical(usual)
    if usual not in actions:
        usual = actions[0]
    budget = rounds_for(hooks)
    timed = _BUDGET.get() is None and has_thinking_time()
    # The tree finds the most promising challenger to the normal bot's choice...
    root = _Node()
    tree_rounds = round(budget * hooks.tree_share)
    clock = _Clock(timed)
    try:
        for done in range(tree_rounds):
            if done and (clock.up() or (timed and time_used() >= hooks.tree_share)):
                break
            world = first if done == 0 else hooks.determinize(seen, seat, rng)
            luck = rng.getrandbits(64) if hooks.chance else 0
            _safely(_round, hooks, root, world, seat, rng, choices, luck=luck, clock=clock)
    except _OutOfTime:
        pass  # the round under way is dropped: its path was not counted
    challenger = _challenger(hooks, root, actions, usual)
    if challenger is None:
        return hooks.realize(usual, rng) if hooks.realize else usual
    # ...then the two play the same fresh worlds and the same chance, side by
    # side (the tree's best is flattered by the luck that made it best), and
    # the challenger must win the duel clearly.
    differences: list[float] = []
    try:
        for _duel in range(budget - tree_rounds):
            if clock.up():
                break
            world = hooks.determinize(seen, seat, rng)
            stream = rng.random()
            luck = int(stream * 2**53)
            values = [
                _safely(
                    _round,
                    hooks,
                    root,
                    world,
                    seat,
                    random.Random(stream),
                    choices,
                    forced=action,
                    luck=luck,
                    clock=clock,
                )
                for action in (challenger, usual)
            ]
            if None not in values:
                differences.append(values[0] - values[1])
    except _OutOfTime:
        pass  # the pair under way is dropped
    best = challenger if _clearly_better(hooks, differences) else usual
    return hooks.realize(best, rng) if hooks.realize else best


class _OutOfTime(Exception):
    """The thinking time ran out in the middle of a round."""


class _Clock:
    """The thinking time, asked before each round and at each ply of one (a
    round of a few dozen plies of the normal bots can take a third of a
    second on a busy machine: asked only between rounds, a bot overshot its
    time by that much). Untimed (a work budget), only between rounds, as
    before: the clock then never stops a search."""

    def __init__(self, timed: bool) -> None:
        self.timed = timed

    def up(self) -> bool:
        return time_up()

    def check(self) -> None:
        """Within a round: end it if the time is up."""
        if self.timed and time_up():
            raise _OutOfTime


def _safely(play: Callable[..., float], *args: Any, **kwargs: Any) -> float | None:
    """A round's value, or None where the world dealt proved one the rules
    refuse somewhere (a deal the game's hook got wrong): that round is
    lost, never the bot's move."""
    try:
        return play(*args, **kwargs)
    except (IllegalAction, ValueError, KeyError, IndexError):
        return None


def _challenger(hooks: Hooks, root: _Node, actions: list[Any], usual: Any) -> Any:
    """The tree's best choice other than ``usual``, tried at least ``enough``
    times and scoring above it (None: no such choice)."""
    visits = root.visits

    def mean(action: Any) -> float:
        return root.total[action] / visits[action]

    tried = [action for action in actions if visits.get(action, 0) >= hooks.enough and action != usual]
    if not tried:
        return None
    best = max(tried, key=mean)
    if visits.get(usual, 0) and mean(best) <= mean(usual):
        return None
    return best


def _clearly_better(hooks: Hooks, differences: list[float]) -> bool:
    """Whether the paired differences put the challenger ``margin`` ahead,
    ``sure`` standard errors beyond doubt."""
    n = len(differences)
    if n < 2:
        return False
    average = sum(differences) / n
    variance = sum((d - average) ** 2 for d in differences) / (n - 1)
    return average > hooks.margin + hooks.sure * math.sqrt(variance / n)


def _round(
    hooks: Hooks,
    root: _Node,
    state: Any,
    seat: int,
    rng: random.Random,
    choices,
    forced: Any = None,
    luck: int = 0,
    clock: _Clock | None = None,
) -> float:
    """One round from the world ``state``: down the tree (the seat's first
    choice ``forced``, if given), the normal bots below it, the value where it
    stops, added up along the way down; returns that value. ``luck``: the
    round's chance, for a game's ``chance`` hook; ``clock``: asked at every
    ply (it ends the round if the thinking time is up, nothing counted)."""
    game = hooks.game
    node: _Node | None = root
    path: list[tuple[_Node, Any]] = []
    plies = 0
    while True:
        if clock is not None:
            clock.check()
        mover = game.to_move(state)
        if mover is None:
            break
        if mover == CHANCE:
            if hooks.chance is not None:
                state = game.apply(state, hooks.chance(state, luck))
            else:
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            continue
        if mover == seat and node is not None:
            if forced is not None:  # a duel: the seat's own later choices still come from the tree...
                action, expanded, forced = forced, forced not in node.visits, None
                if hooks.duel_by_policy:  # ...or from the policy
                    expanded = True
            else:
                action, expanded = _select(node, list(choices(state)), hooks.explore, rng)
            path.append((node, action))
            node = None if expanded else node.children.setdefault(action, _Node())
            state = game.apply(state, hooks.realize(action, rng) if hooks.realize else action)
            continue
        if plies >= hooks.depth or (hooks.cut is not None and hooks.cut(state)):
            break
        state = game.apply(state, hooks.policy(state, rng))
        plies += 1
    value = ended_value(hooks, state, seat) if game.to_move(state) is None else hooks.value(state, seat)
    for stepped, action in path:
        stepped.visits[action] = stepped.visits.get(action, 0) + 1
        stepped.total[action] = stepped.total.get(action, 0.0) + value
        stepped.squares[action] = stepped.squares.get(action, 0.0) + value * value
    return value


def _select(node: _Node, actions: list[Any], explore: float, rng: random.Random) -> tuple[Any, bool]:
    """The action to take at ``node`` among ``actions`` (those legal in this
    world), and whether it is tried here for the first time."""
    for action in actions:
        node.offered[action] = node.offered.get(action, 0) + 1
    untried = [action for action in actions if action not in node.visits]
    if untried:
        return rng.choice(untried), True

    def bound(action: Any) -> float:
        visits = node.visits[action]
        return node.total[action] / visits + explore * math.sqrt(math.log(node.offered[action]) / visits)

    return max(actions, key=bound), False


Path = tuple[Any, ...]


def redeal(
    seen: Any,
    placeholder: str,
    decks: dict[str, Sequence[str]],
    slot_deck: Callable[[Path], str | None],
    rng: random.Random,
    skip: tuple[str, ...] = ("events",),
    seen_also: Sequence[str] = (),
) -> Any:
    """A world dealt from the view ``seen``, where every hidden card is the
    string ``placeholder``: the cards of each deck (``decks``: every card of
    the game, by deck) that the view does not show are shuffled, each slot
    ``slot_deck`` ties to a deck (a deck's face-down pile) takes one of
    that deck's, and the rest are dealt at random into the free slots
    (hands). A list that held only placeholders is sorted after (the
    game keeps hands and piles as sorted multisets). Fields named in
    ``skip`` (the last action's events) are not read for cards seen;
    ``seen_also`` are cards seen that the state holds as counts (a supply)."""
    tree = _plain(msgspec.to_builtins(seen))
    deck_of = {card: deck for deck, cards in decks.items() for card in cards}
    slots: list[Path] = []
    piles: list[list] = []
    shown: dict[str, list[str]] = {deck: [] for deck in decks}
    for card in seen_also:
        shown[deck_of[card]].append(card)

    def walk(item: Any, path: Path) -> None:
        if isinstance(item, dict):
            for key, one in item.items():
                if key not in skip:
                    walk(one, (*path, key))
        elif isinstance(item, list):
            if item and all(one == placeholder for one in item):
                piles.append(item)
            for index, one in enumerate(item):
                walk(one, (*path, index))
        elif item == placeholder:
            slots.append(path)
        elif isinstance(item, str) and item in deck_of:
            shown[deck_of[item]].append(item)

    walk(tree, ())
    unknown: dict[str, list[str]] = {}
    for deck, cards in decks.items():
        left = Counter(cards)
        left.subtract(shown[deck])
        unknown[deck] = sorted(left.elements())
        rng.shuffle(unknown[deck])
    free: list[Path] = []
    for path in slots:
        deck = slot_deck(path)
        if deck is None:
            free.append(path)
        else:
            pool = unknown[deck]
            _put(tree, path, pool.pop() if pool else rng.choice(decks[deck]))
    rest = [card for deck in decks for card in unknown[deck]]
    rng.shuffle(rest)
    for path in free:
        _put(tree, path, rest.pop() if rest else rng.choice(list(deck_of)))
    for pile in piles:
        pile.sort()
    return msgspec.convert(tree, type=type(seen))


def _plain(item: Any) -> Any:
    """``msgspec.to_builtins`` output with every tuple a list (to fill in place)."""
    if isinstance(item, dict):
        return {key: _plain(one) for key, one in item.items()}
    if isinstance(item, (list, tuple)):
        return [_plain(one) for one in item]
    return item


def _put(tree: Any, path: Path, value: Any) -> None:
    for key in path[:-1]:
        tree = tree[key]
    tree[path[-1]] = value


# --- the review's estimates (issue 47) -----------------------------------------


@dataclass(frozen=True)
class Estimate:
    """The search's estimate of one choice at the root: ``chance``, the mean
    win chance (0 to 1) of the rounds that took it, over ``visits`` rounds."""

    action: Any
    chance: float
    visits: int


def root_estimates(hooks: Hooks, seen: Any, seat: int, rng: random.Random, rounds: int) -> list[Estimate]:
    """Per choice of ``seat``, to move, at the root of the search from its view
    ``seen``: the win chance the tree's ``rounds`` rounds give it and how many
    took it (the tree of :func:`search_action`, without its duel: a review
    wants every choice's value, not one choice). The hard bot's choice is
    not changed by this: it calls nothing here."""
    choices = hooks.choices or hooks.game.legal_actions
    first = hooks.determinize(seen, seat, rng)
    actions = list(choices(first))
    root = _Node()
    for done in range(rounds):
        world = first if done == 0 else hooks.determinize(seen, seat, rng)
        luck = rng.getrandbits(64) if hooks.chance else 0
        _safely(_round, hooks, root, world, seat, rng, choices, luck=luck)
    known = list(actions) + [action for action in root.visits if action not in actions]
    return [
        Estimate(action, root.total[action] / root.visits[action], root.visits[action])
        for action in known
        if root.visits.get(action)
    ]


def action_estimate(
    hooks: Hooks, seen: Any, seat: int, action: Any, rng: random.Random, rounds: int
) -> Estimate | None:
    """The win chance of ``action`` (in canonical form) for ``seat`` from its
    view ``seen``: ``rounds`` rounds that all take it (None: none could)."""
    choices = hooks.choices or hooks.game.legal_actions
    values = []
    for _ in range(rounds):
        world = hooks.determinize(seen, seat, rng)
        luck = rng.getrandbits(64) if hooks.chance else 0
        value = _safely(_round, hooks, _Node(), world, seat, rng, choices, forced=action, luck=luck)
        if value is not None:
            values.append(value)
    return Estimate(action, sum(values) / len(values), len(values)) if values else None


def position_estimate(hooks: Hooks, seen: Any, seat: int, rng: random.Random, rounds: int) -> float | None:
    """``seat``'s win chance from its view ``seen`` whoever is to move: the
    mean of ``rounds`` playouts of the normal bots (the seat's too), each on a
    world dealt from the view (None: no world could be played)."""
    values = []
    for _ in range(rounds):
        world = hooks.determinize(seen, seat, rng)
        luck = rng.getrandbits(64) if hooks.chance else 0
        value = _safely(_playout, hooks, world, seat, rng, luck)
        if value is not None:
            values.append(value)
    return sum(values) / len(values) if values else None


def _playout(hooks: Hooks, state: Any, seat: int, rng: random.Random, luck: int) -> float:
    game = hooks.game
    plies = 0
    while True:
        mover = game.to_move(state)
        if mover is None:
            return ended_value(hooks, state, seat)
        if mover == CHANCE:
            if hooks.chance is not None:
                state = game.apply(state, hooks.chance(state, luck))
            else:
                state = game.apply(state, sample_outcome(game.chance_outcomes(state), rng))
            continue
        if plies >= hooks.depth or (hooks.cut is not None and hooks.cut(state)):
            return hooks.value(state, seat)
        state = game.apply(state, hooks.policy(state, rng))
        plies += 1
