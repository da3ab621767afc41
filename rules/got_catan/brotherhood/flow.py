"""Brotherhood of the Watch: its automatic steps (the wildling die's
advance, a token from the pool, New Recruits' free guard) and what it
changes in the base game's own steps, as the layer's hooks
(``rules.got_catan.layers``): the set-up (the Wall, the wildlings, the
tokens, the heroes, a third round of guards), the wildling die after the
dice, Samwell Tarly after production, the tokens a settlement or a keep
turns up, the pool tokens owed once an answer is done, and the win at the
end of your own turn."""

from __future__ import annotations

from castletui.rules.core import Config, pushed, recorded
from msgspec.structs import replace

from ..edition import ALL_TOKENS, CLANS, CLEARINGS, HEROES, RULES, WATCH, WILDLINGS, start_heroes
from ..flow import with_player
from ..info import INFO
from ..scoring import points
from ..state import Offer, State, Step
from .wall import advanced, guard_sections

# --- the set-up -----------------------------------------------------------------------


def opening(seats: int) -> list[Step]:
    """The third set-up round: a guard each on the Wall, seat 1 first."""
    return [Step("place-guard", seat=seat, count=3) for seat in range(seats)]


def set_up(state: State, config: Config) -> State:
    """The Wall empty, every wildling in the Frostfangs, the tokens face
    down under the build-cost cards and in the pool, a hero for each seat
    and the rest on display."""
    seats = len(state.players)
    dealt = start_heroes(seats)
    if config.option("heroes", INFO) == "reversed":
        dealt = dealt[::-1]
    card_tokens = WATCH.card_settlement_spaces + WATCH.card_keep_spaces * WATCH.tokens_per_keep
    players = tuple(
        replace(player, hero=dealt[seat], card_settlements=WATCH.card_settlement_spaces)
        for seat, player in enumerate(state.players)
    )
    return replace(
        state,
        players=players,
        wall=((),) * WATCH.sections,
        frostfangs=tuple(WATCH.figures[kind] for kind in WILDLINGS),
        camps=((),) * len(CLANS),
        clearings=((),) * len(CLEARINGS),
        blocked=("",) * len(state.terrain),
        tokens_hidden=ALL_TOKENS,
        pool=len(ALL_TOKENS) - seats * card_tokens,
        heroes=tuple(name for name in HEROES if name not in dealt),
    )


# --- the layer's hooks on the base game's steps ---------------------------------------------


def rolled(step: Step, total: int) -> tuple[Step, ...]:
    """The wildling die is rolled with the two dice."""
    return (Step("wildling-die", seat=step.seat),)


def after_answer(state: State, step: Step) -> State:
    """Longest Road or Largest Patrol changed hands: a token from the pool each."""
    if not state.tokens_due:
        return state
    due = [Step("reveal", seat=step.seat, target=1)] * state.tokens_due
    return replace(state, tokens_due=0, pending=pushed(state.pending, *due))


def after_production(state: State, roller: int, gains: list[list[str]]) -> State:
    """Samwell Tarly: whoever holds him, ready, and got nothing from this
    roll may take a resource (asked in seat order from the roller)."""
    if not any(state.supply):
        return state
    seats = len(state.players)
    asked = []
    for offset in range(seats):
        seat = (roller + offset) % seats
        player = state.players[seat]
        if player.hero == "tarly" and player.hero_since != state.turn_number and not gains[seat]:
            asked.append(Step("tarly", seat=seat))
    return replace(state, pending=pushed(state.pending, *asked)) if asked else state


def built(state: State, seat: int, thing: str) -> State:
    """A settlement or a keep built on a turn turns up the tokens under it."""
    return _settlement_token(state, seat) if thing == "settlement" else _keep_tokens(state, seat)


def _settlement_token(state: State, seat: int) -> State:
    """A settlement from the build-cost card reveals the token under it."""
    player = state.players[seat]
    if not player.card_settlements:
        return state
    player = replace(player, card_settlements=player.card_settlements - 1)
    state = replace(state, players=with_player(state, seat, player))
    return replace(state, pending=pushed(state.pending, Step("token", seat=seat, target=0)))


def _keep_tokens(state: State, seat: int) -> State:
    """A keep reveals the 2 tokens under it; the settlement it replaced goes
    back on the card over a new token from the pool (reshuffled if empty)."""
    player = state.players[seat]
    if player.card_settlements < WATCH.card_settlement_spaces:
        if not state.pool and state.tokens_spent:
            state = _reshuffled(state)
        if state.pool:
            player = replace(player, card_settlements=player.card_settlements + 1)
            state = replace(state, pool=state.pool - 1, players=with_player(state, seat, player))
    reveals = [Step("token", seat=seat, target=0)] * WATCH.tokens_per_keep
    return replace(state, pending=pushed(state.pending, *reveals))


def _reshuffled(state: State) -> State:
    """The spent tokens shuffled back into the empty pool."""
    state = replace(
        state,
        tokens_hidden=tuple(sorted(state.tokens_hidden + state.tokens_spent)),
        pool=len(state.tokens_spent),
        tokens_spent=(),
    )
    return recorded(state, "pool-reshuffled", -1, state.pool)


def end_of_turn(state: State, seat: int) -> State:
    """10 points at the end of your own turn win."""
    if points(state, seat) < RULES.points_to_win:
        return state
    state = replace(state, winner=seat, ended_by="points", offer=Offer())
    return recorded(state, "won-end", seat, points(state, seat))


# --- the automatic steps ------------------------------------------------------------------


def _advance(state: State, step: Step) -> State:
    """After production (or the 7): the wildling die's advance."""
    return advanced(state, step.count)


def _reveal(state: State, step: Step) -> State:
    """A token from the pool is due: an empty pool is first reshuffled from
    the spent tokens; with none anywhere, nothing is revealed."""
    if step.target == 1 and not state.pool:
        if not state.tokens_spent:
            return recorded(state, "no-tokens", step.seat)
        state = _reshuffled(state)
    return replace(state, pending=state.pending + (replace(step, kind="token"),))


def _recruit(state: State, step: Step) -> State:
    """New Recruits: a free guard, if a guard is left and the Wall has room."""
    if not guard_sections(state, step.seat):
        return recorded(state, "no-recruit", step.seat)
    return replace(state, pending=state.pending + (replace(step, kind="place-guard"),))


AUTOMATIC_STEPS = {"advance": _advance, "reveal": _reveal, "recruit": _recruit}
"""Added to ``flow.AUTOMATIC_STEPS``."""
