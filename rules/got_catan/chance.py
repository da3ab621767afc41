"""Chance decisions: the terrain the variable set-up puts on each hex, the
two dice (one outcome, their sum), a development card drawn and a card
stolen (odds from the multiset left). The questions table mode asks at
each of them are ``table_entry``'s.

Table mode keeps no secret typed in front of the table: a development card
drawn (or looked at by Melisandre) goes into the hand as an unseen
placeholder (``UNSEEN``) and stays among the unseen cards of the deck (the
deck's multiset still holds it). It is named when it is played, or a
Victory Point card when it is shown: :func:`named` turns a placeholder into
the card a player names once the rules checked that it could be that card
(it is still among the unseen cards). Public draws (terrain, the dice, the
wildling die, wildling tokens turned face up) are typed; so is a card taken
at random from a hand (a steal): both players see it and the table tracks
every resource hand to check what is paid.

Registration point (``layers``): a variant adds its chance steps'
outcomes to ``OUTCOMES`` (its kind of step -> the function of the state);
table mode's questions at them go to ``table_entry``'s ``PROMPTS`` and
``BATCHES``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import product

from castletui.rules.core import IllegalAction, top
from castletui.rules.core.multiset import added, counts, removed
from msgspec.structs import replace

from .edition import DEVELOPMENT, RESOURCES, RULES, TERRAIN_RESOURCE, VICTORY_POINT
from .state import Dice, DrawDevelopment, PlaceTerrain, State, Steal, Step

_SUMS = Counter(map(sum, product(range(1, RULES.die_faces + 1), repeat=RULES.dice)))
DICE_ODDS = tuple((total, ways / RULES.die_faces**RULES.dice) for total, ways in sorted(_SUMS.items()))
"""Each sum of the dice and its odds (2 to 12 with two six-sided dice)."""
_DICE = [(Dice(total), odds) for total, odds in DICE_ODDS]
_TERRAIN = {name: PlaceTerrain(name) for name in TERRAIN_RESOURCE}
_DRAWS = {name: DrawDevelopment(name) for name in DEVELOPMENT}
_STEALS = {name: Steal(name) for name in RESOURCES}

UNSEEN = "unseen-development"
"""Table mode: what a hand (or Melisandre's look) holds for a development
card nobody at the table has named yet."""
_UNSEEN_DRAW = DrawDevelopment(UNSEEN)


def unseen_held(state: State) -> int:
    """Placeholders in every hand and in Melisandre's look (0 outside table mode)."""
    if not state.table_mode:
        return 0
    return sum(player.development.count(UNSEEN) for player in state.players) + state.peek.count(UNSEEN)


def cards_left(state: State) -> int:
    """Development cards really left to draw: in table mode the deck's
    multiset also holds the unseen cards in hands."""
    return len(state.development_deck) - unseen_held(state)


def could_be(state: State, seat: int, card: str, bought_ok: bool = False) -> bool:
    """Table mode: whether one of ``seat``'s unseen cards could be ``card``
    (a card of it is among the unseen ones); ``bought_ok``: a card bought
    this turn counts too (a Victory Point card is shown at once)."""
    if not state.table_mode or card not in state.development_deck:
        return False
    player = state.players[seat]
    unseen = player.development.count(UNSEEN)
    return unseen > (0 if bought_ok else player.bought.count(UNSEEN))


def named(state: State, seat: int, card: str) -> State:
    """``state`` once ``seat`` has named one of their unseen cards as
    ``card`` (checked with :func:`could_be`): the placeholder becomes the
    card and leaves the unseen cards of the deck. A Victory Point card is
    named from those bought this turn first (it may be shown at once), any
    other card from those held longer (only they may be played)."""
    player = state.players[seat]
    if card != VICTORY_POINT and player.development.count(card) > player.bought.count(card):
        return state  # a card already named and playable: nothing unseen to turn
    if not could_be(state, seat, card, bought_ok=card == VICTORY_POINT):
        raise IllegalAction(
            f"None of your unseen development cards can be {DEVELOPMENT[card].title}: "
            "every one is seen elsewhere."
        )
    bought = player.bought
    if card == VICTORY_POINT and UNSEEN in bought:
        bought = added(removed(bought, UNSEEN), card)
    player = replace(player, development=added(removed(player.development, UNSEEN), card), bought=bought)
    players = state.players[:seat] + (player,) + state.players[seat + 1 :]
    return replace(state, players=players, development_deck=removed(state.development_deck, card))


OUTCOMES: dict[str, Callable[[State, Step], list]] = {}
"""A variant's chance steps: kind -> (state, step) -> [(action, probability)]."""


def chance_outcomes(state: State) -> list:
    step = top(state.pending)
    if step is None:
        return []
    kind = step.kind
    if kind == "dice":
        return list(_DICE)
    if kind == "terrain":
        bag = state.terrain_bag
        return [(_TERRAIN[name], count / len(bag)) for name, count in counts(bag)]
    if kind == "draw":
        if state.table_mode:
            # Only the buyer looks at it: nobody types it in until it is played.
            return [(_UNSEEN_DRAW, 1.0)] if cards_left(state) > 0 else []
        deck = state.development_deck
        return [(_DRAWS[name], count / len(deck)) for name, count in counts(deck)]
    if kind == "steal":
        hand = state.players[step.target].hand
        return [(_STEALS[name], count / len(hand)) for name, count in counts(hand)]
    outcomes = OUTCOMES.get(kind)
    return outcomes(state, step) if outcomes is not None else []
