"""Rebuilding a game from its save: decode the logged actions with the
game's own types, apply each, check the seat and the final state hash.

The actions are typed in one pass per save (msgspec converts a list of a
game's Action union once, about 0.2 ms per 1,000 actions, where converting
each action on its own re-reads the union every time: 10-45 ms); a save
with an action that does not decode goes entry by entry, so the first bad
entry is the one named."""

from __future__ import annotations

from typing import Any, NamedTuple

import msgspec
from castletui.rules import registry
from castletui.rules.core import CHANCE, IllegalAction, check_config, state_hash
from castletui.rules.core.bots import LEVELS
from castletui.saves.codec import in_words
from castletui.saves.errors import SaveError
from castletui.saves.schema import Check, LogEntry, SaveFile


def game_of(save: SaveFile, source: str = "the save"):
    try:
        return registry.get(save.game)
    except registry.UnknownGame as error:
        raise SaveError(
            f"{source} is a game of {save.game!r}, which this castletui does not know ({error})."
        ) from None


MODES = ("digital", "table")
"""How a game is played: the game draws, or the players say what came up."""
KINDS = ("human", "bot")


def check_header(save: SaveFile, source: str = "the save") -> None:
    """SaveError unless every field of the header is one castletui can
    play: a game and an edition it has, a mode, a variant, its number of
    seats, its options, each player a person or a bot of a known level.
    The messages are the command line's (its option check is the same)."""
    game = game_of(save, source)
    info = game.INFO
    edition = _edition_name(save.edition)
    if save.edition and edition != _edition_name(info.edition):
        raise SaveError(
            f"{source} is a game of the edition {save.edition[:80]!r}, which this castletui does not have "
            f"(its {info.title} is {info.edition!r})."
        )
    if save.mode not in MODES:
        choices = ", ".join(repr(mode) for mode in MODES)
        raise SaveError(f"{source}: mode: invalid choice: {save.mode[:40]!r} (choose from {choices}).")
    try:
        check_config(info, save.rules_config())
    except IllegalAction as error:
        raise SaveError(f"{source} cannot be set up: {error.reason}") from None
    for seat, player in enumerate(save.players):
        if player.kind not in KINDS:
            raise SaveError(
                f"{source}: player {seat + 1} is {player.kind[:40]!r}; a seat is played by a human or a bot."
            )
        if player.is_bot and player.level not in LEVELS:
            raise SaveError(
                f"{source}: player {seat + 1}'s --level takes one of {', '.join(LEVELS)}, "
                f"not {player.level[:40]!r}."
            )


def _edition_name(edition: str) -> str:
    """An edition tag's name, without the hash of its data and its rules'
    revision (rules.core.edition.tag_of): a save of an older revision of
    the same edition is replayed under today's rules."""
    return edition.partition(" #")[0]


def replay_states(save: SaveFile, source: str = "the save") -> list[Any]:
    """Every state of the game, from set-up (index 0) to the last ply,
    once every field of its header is checked (check_header).

    Raises SaveError naming the first bad log entry, with ``partial`` set to
    the save cut back to its last legal ply."""
    check_header(save, source)
    game = game_of(save, source)
    config = save.rules_config()
    try:
        state = game.setup(config)
    except IllegalAction as error:
        raise SaveError(f"{source} cannot be set up: {error.reason}") from None
    except Exception as error:  # noqa: BLE001 - the config passed its checks but setup still failed
        raise SaveError(f"{source} cannot be set up ({type(error).__name__}).") from None
    states = [state]
    actions = decode_actions(game, save.log)
    for index, entry in enumerate(save.log):
        try:
            # A log that did not decode in one pass is taken entry by entry (slowly,
            # but only such a file): the message names the field in the action.
            action = actions[index] if actions is not None else msgspec.convert(entry.action, game.Action)
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


class _Types(NamedTuple):
    action: Any
    """The game's Action union the two below were made for."""
    actions: Any
    """list[the game's Action]: a whole log in one pass."""
    one: Any
    """A Struct holding one action: converting it reuses the union's decoder."""


_types: dict[str, _Types] = {}


def _types_of(game) -> _Types:
    name = game.__name__
    types = _types.get(name)
    if types is None or types.action is not game.Action:  # a game module loaded anew (tests)
        one = msgspec.defstruct("LoggedAction", [("action", game.Action)])
        types = _types[name] = _Types(game.Action, list[game.Action], one)
    return types


def decode_actions(game, log: list[LogEntry]) -> list[Any] | None:
    """Every logged action typed by ``game``, in one pass; None when one
    does not decode (decode_action then says which)."""
    try:
        return msgspec.convert([entry.action for entry in log], _types_of(game).actions)
    except msgspec.ValidationError:
        return None


def decode_action(game, raw: dict[str, Any]) -> Any:
    """One logged action typed by ``game``; msgspec.ValidationError if it is not one."""
    return msgspec.convert({"action": raw}, _types_of(game).one).action


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
    """The save with one more action logged (its entry says when, and the
    hash of the state it led to)."""
    after = state_hash(state_after)
    log = [*save.log, LogEntry(seat, encode_action(action), at=updated, hash=after)]
    return msgspec.structs.replace(save, log=log, check=Check(len(log), after), updated=updated)
