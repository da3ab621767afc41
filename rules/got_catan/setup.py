"""Setting up a game: the Gift (terrain as printed, or shuffled hex by hex
as chance), the supply and the development deck, and the set-up rounds on
the stack: a settlement and a road each, in snake order (1..n, n..1), then
the first player's turn."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core import Config, check_config, pushed

from .board import BOARDS
from .edition import (
    ALL_TOKENS,
    BROTHERHOOD,
    CLANS,
    CLEARINGS,
    HEROES,
    RESOURCES,
    RULES,
    WATCH,
    WILDLINGS,
    development_deck,
    start_heroes,
)
from .info import INFO
from .state import Player, State, Step


def setup(config: Config) -> State:
    """A fresh game. The oldest player goes first [rules]: seat 0, as the
    players were seated in the wizard."""
    check_config(INFO, config)
    seats = config.seats
    board = BOARDS[seats]
    variable = config.option("board", INFO) == "variable"
    order = list(range(seats))
    opening: list[Step] = []
    if variable:
        opening += [Step("terrain", target=hex_id) for hex_id in range(board.hexes)]
    opening += [Step("place-settlement", seat=seat, count=1) for seat in order]
    opening += [Step("place-settlement", seat=seat, count=2) for seat in reversed(order)]
    watch = config.variant == BROTHERHOOD
    if watch:
        # The third set-up round: a guard each on the Wall, seat 1 first.
        opening += [Step("place-guard", seat=seat, count=3) for seat in order]
    opening.append(Step("start-turn", seat=0))
    state = State(
        variant=config.variant,
        players=tuple(Player() for _ in range(seats)),
        terrain=("",) * board.hexes if variable else board.beginner_terrain,
        terrain_bag=tuple(sorted(board.beginner_terrain)) if variable else (),
        corner_owner=(-1,) * board.corners,
        edge_owner=(-1,) * board.edges,
        supply=(RULES.resource_cards,) * len(RESOURCES),
        development_deck=development_deck(config.variant),
        pending=pushed((), *opening),
        road_limit=int(config.option("roads", INFO)),
        offer_limit=int(config.option("trade_offers", INFO)),
        table_mode=config.mode == "table",
    )
    return _watch(state, config) if watch else state


def _watch(state: State, config: Config) -> State:
    """Brotherhood of the Watch: the Wall empty, every wildling in the
    Frostfangs, the tokens face down under the build-cost cards and in the
    pool, a hero for each seat and the rest on display."""
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
