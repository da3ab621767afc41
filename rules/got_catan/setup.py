"""Setting up a game: the Gift (terrain as printed, or shuffled hex by hex
as chance), the supply and the development deck, and the set-up rounds on
the stack: a settlement and a road each, in snake order (1..n, n..1), then
the first player's turn. A variant's layer adds its set-up rounds
(``opening``) and its pieces (``setup``)."""

from __future__ import annotations

from castletui.rules.core import Config, check_config, pushed

from .board import BOARDS
from .edition import RESOURCES, RULES, development_deck
from .info import INFO
from .layers import BASE, LAYERS
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
    layer = LAYERS.get(config.variant, BASE)
    if layer.opening is not None:
        opening += layer.opening(seats)
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
    return layer.setup(state, config) if layer.setup is not None else state
