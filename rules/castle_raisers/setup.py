"""Castle Raisers set-up: everything laid out from the configuration, the
first chance draws pending (the rest of the set-up runs from the start
player, ``flow``'s ``lay_out`` step)."""

from __future__ import annotations

from castletui.rules.castle_raisers.edition import (
    ATTACK_SUPPLY,
    BOARD_NAMES,
    EDITION,
    OWN_THREATS,
    THREATS,
    TOKENS,
    WOLVES_IN_BAG,
)
from castletui.rules.castle_raisers.flow import settle
from castletui.rules.castle_raisers.info import INFO, START_PLAYER_CHOICES
from castletui.rules.castle_raisers.state import Castle, Pending, State
from castletui.rules.core import Config, IllegalAction, check_config, pushed


def setup(config: Config) -> State:
    """A new game: everything laid out, the first chance draws pending."""
    check_config(INFO, config)
    seats = config.seats
    is_coop = config.variant != "competitive"
    start = str(config.option("start_player", INFO)) if config.variant != "solo" else START_PLAYER_CHOICES[1]
    steps: list[Pending] = []
    mother_pig = 0
    if start == "random":
        steps.append(Pending("draw_start_player"))
    else:
        mother_pig = START_PLAYER_CHOICES.index(start) - 1
        if mother_pig >= seats:
            raise IllegalAction(f"{start.capitalize()} cannot start: this game has {seats} players.")
    # the rest of the set-up runs from the start player (flow._lay_out), once it is known
    steps.append(Pending("lay_out"))
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
        pending=pushed((), *steps),
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
