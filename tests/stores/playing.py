"""Tables and moves through a store alone (no session, no app): what a
host does with one."""

from __future__ import annotations

import functools

import msgspec
from castletui.rules import registry
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome
from castletui.saves.replay import append
from castletui.saves.stores import TableStore
from castletui.saves.table import Seating, status_text

from castletui import saves

GAME = "castlecards"
SEATS = [saves.Player("Seat 1"), saves.Player("Seat 2")]


class NoMove(Exception):
    """The game is over, or offers the seat to move no action."""


def new_table(
    store: TableStore,
    owners: tuple[str, ...] = ("user:ann", "user:bo"),
    *,
    game_id: str = GAME,
    variant: str = "two-player",
    seats: list[saves.Player] = SEATS,
) -> str:
    """A table (two-player Castlecards unless said) with ``owners`` seated."""
    game = registry.get(game_id)
    save = saves.new_save(game_id, Config(variant, len(seats)), seats, 0)
    save.status = status_text(game, game.setup(save.rules_config()), [p.name for p in seats])
    table = store.create(save, [""] * len(seats), stem=game_id)
    for seat, owner in enumerate(owners):
        if owner:
            store.take_seat(table, seat, owner)
    return table


def next_move(store: TableStore, table: str) -> tuple[saves.SaveFile, saves.SaveFile, str]:
    """The table as read, the save one move on, and who may commit it (its
    seat's owner; for a draw, the first seat's)."""
    save, seating = store.read(table)
    game = registry.get(save.game)
    states = store.states(table, save)
    state, ply = states[-1], len(save.log)
    seat = game.to_move(state)
    if seat is None:
        raise NoMove(f"{table}: the game is over")
    if seat == CHANCE:
        action = sample_outcome(game.chance_outcomes(state), chance_rng(save.seed, ply))
    else:
        legal = game.legal_actions(state)
        if not legal:
            raise NoMove(f"{table}: seat {seat + 1} decides, and no action is listed for it")
        action = legal[0]
    after = game.apply(state, action)
    who = seating.owners[seat] if seat != CHANCE else seating.owners[0]
    return save, append(save, seat, action, after, saves.now()), who


def play(store: TableStore, table: str, moves: int) -> int:
    """Commit ``moves`` moves; the table's plies then."""
    for _ in range(moves):
        save, new, who = next_move(store, table)
        store.commit(table, save.check, new, who)
    return store.read(table)[0].check.plies


@functools.cache
def finished_save(seed: int = 7) -> saves.SaveFile:
    """Two-player Castlecards played to its end by the first legal action,
    without a table (rules alone): a finished game to put on one."""
    game = registry.get(GAME)
    save = saves.new_save(GAME, Config("two-player", 2), SEATS, seed)
    state = game.setup(save.rules_config())
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(save.seed, len(save.log)))
        else:
            action = game.legal_actions(state)[0]
        state = game.apply(state, action)
        save = append(save, seat, action, state, saves.now())
    save.status = status_text(game, state, [player.name for player in save.players])
    save.finished = True
    return save


def finished_table(store: TableStore, owners: tuple[str, ...] = ("user:ann", "user:bo")) -> str:
    """A table whose game is over, ``owners`` seated (as a host adopts one)."""
    save = finished_save()
    names = [
        owner.split(":", 1)[1] if owner else player.name for owner, player in zip(owners, SEATS, strict=True)
    ]
    players = [saves.Player(name) for name in names]
    save = msgspec.structs.replace(save, config=msgspec.structs.replace(save.config, players=players))
    return store.adopt(save, Seating(list(owners)), stem=GAME)
