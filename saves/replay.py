"""Rebuilding a game from its save: decode each logged action with the
game's own types, apply it, check the seat and the final state hash."""

from __future__ import annotations

from typing import Any

import msgspec

from rules import registry
from rules.core import CHANCE, IllegalAction, check_config, state_hash
from saves.codec import in_words
from saves.errors import SaveError
from saves.schema import Check, LogEntry, SaveFile


def game_of(save: SaveFile, source: str = "the save"):
    try:
        return registry.get(save.game)
    except registry.UnknownGame as error:
        raise SaveError(
            f"{source} is a game of {save.game!r}, which this castletui does not know ({error})."
        ) from None


def replay_states(save: SaveFile, source: str = "the save") -> list[Any]:
    """Every state of the game, from set-up (index 0) to the last ply.

    Raises SaveError naming the first bad log entry, with ``partial`` set to
    the save cut back to its last legal ply."""
    game = game_of(save, source)
    config = save.rules_config()
    try:
        check_config(game.INFO, config)
        state = game.setup(config)
    except IllegalAction as error:
        raise SaveError(f"{source} cannot be set up: {error.reason}") from None
    except Exception as error:  # noqa: BLE001 - the config passed its checks but setup still failed
        raise SaveError(f"{source} cannot be set up ({type(error).__name__}).") from None
    states = [state]
    decoder = _action_decoder(game)
    for index, entry in enumerate(save.log):
        try:
            action = decoder(entry.action)
            to_move = game.to_move(state)
            if to_move is None:
                raise IllegalAction("the game was already over")
            if entry.seat != to_move:
                seats = config.seats
                raise IllegalAction(
                    f"it was {_who(to_move, seats)}'s decision, not {_who(entry.seat, seats)}'s"
                )
            state = game.apply(state, action)
        except Exception as error:  # noqa: BLE001 - a hostile entry must not crash the load
            if isinstance(error, IllegalAction):
                # A hostile entry may be quoted back in the refusal: keep the message short.
                reason = error.reason.rstrip(".")
                reason = reason if len(reason) <= 200 else reason[:197] + "..."
            elif isinstance(error, msgspec.ValidationError):
                reason = f"not an action of this game ({in_words(error)})"
            else:  # an action of the right shape that the rules cannot make sense of
                reason = f"the rules cannot make sense of it ({type(error).__name__})"
            raise SaveError(
                f"{source}: log entry {index + 1} of {len(save.log)} cannot be played: {reason}. "
                f"The game can be opened at move {index}, the last legal one.",
                partial=truncated(save, index, states[-1]),
                entry=index + 1,
            ) from None
        states.append(state)
    return states


def _who(seat: int, seats: int) -> str:
    if seat == CHANCE:
        return "chance"
    return f"player {seat + 1}" if 0 <= seat < seats else f"seat {seat}"


def _action_decoder(game):
    action_type = game.Action

    def decode(raw: dict[str, Any]) -> Any:
        return msgspec.convert(raw, action_type)

    return decode


_action_encoder = msgspec.json.Encoder()


def encode_action(action: Any) -> dict[str, Any]:
    """An action as the plain data a save holds, exactly as it reads back
    from TOML or JSON (a tuple field becomes a list, as a file holds it)."""
    return msgspec.json.decode(_action_encoder.encode(action))


def truncated(save: SaveFile, plies: int, state: Any) -> SaveFile:
    """The save cut back to its first ``plies`` actions."""
    return msgspec.structs.replace(save, log=save.log[:plies], check=Check(plies, state_hash(state)))


def verify(save: SaveFile, states: list[Any], source: str = "the save") -> None:
    """Compare the replayed state with the hash the save recorded."""
    if save.check.plies != len(save.log):
        raise SaveError(
            f"{source} says it holds {save.check.plies} moves but its log has {len(save.log)}.",
            partial=save,
        )
    # The hash pins the state only under the rules and data it was made with:
    # a game's edition tag changes with its data and with each revision of its
    # state's shape (rules/<game>/info.py), and a log that still replays
    # legally under today's rules is then the same game.
    same_edition = save.edition == game_of(save, source).INFO.edition
    if same_edition and save.check.state_hash and state_hash(states[-1]) != save.check.state_hash:
        raise SaveError(
            f"{source} replays to a different position than it recorded (the rules or the edition data "
            "changed since it was saved?). It can still be opened as replayed.",
            partial=save,
        )


def append(save: SaveFile, seat: int, action: Any, state_after: Any, updated: str) -> SaveFile:
    """The save with one more action logged."""
    log = [*save.log, LogEntry(seat, encode_action(action))]
    return msgspec.structs.replace(
        save, log=log, check=Check(len(log), state_hash(state_after)), updated=updated
    )
