"""Setting up a game: each player's Castle and Walls, the four full decks,
and the opening steps on the stack (who starts, the deal, the first turn)."""

from __future__ import annotations

from castletui.rules.core import Config, IllegalAction, check_config, pushed

from .edition import COLOURS, RULES, deck_cards
from .flow import deal
from .info import INFO
from .state import FortressCard, Pending, Player, State


def setup(config: Config) -> State:
    """A fresh game: the deal and the first player are pending chance draws."""
    check_config(INFO, config)
    seats = config.seats
    teams = bool(config.option("teams", INFO))
    if teams and seats != RULES.team_seats:
        raise IllegalAction("Team play needs 4 players (two teams of two).")
    two = config.variant == "two-player"
    walls = RULES.walls_two_player if two else RULES.walls
    players = tuple(
        Player(
            colour=COLOURS[seat],
            fortress=(FortressCard("castle"),) + tuple(FortressCard("wall") for _ in range(walls)),
        )
        for seat in range(seats)
    )
    # First the first player, then the Village deal seat by seat, then
    # (2 players) one Academy card each, then the first turn.
    deal_size = RULES.hand_two_player if two else RULES.hand
    opening = [Pending("first")]
    opening += [deal("village", "hand", seat, deal_size) for seat in range(seats)]
    if two:
        opening += [deal("academy", "hand", seat) for seat in range(seats)]
    opening.append(Pending("start-turn"))
    return State(
        variant=config.variant,
        players=players,
        village_deck=deck_cards("village"),
        siege_deck=deck_cards("siege"),
        academy_deck=deck_cards("academy"),
        dungeon_deck=deck_cards("dungeon"),
        pending=pushed((), *opening),
        weapons_defend=bool(config.option("weapons_defend", INFO)),
        round_limit=int(config.option("round_limit", INFO)),
        ask_everyone=bool(config.option("ask_everyone", INFO)),
        teams=teams,
        table_mode=config.mode == "table",
    )
