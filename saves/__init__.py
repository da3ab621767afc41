"""Save files: the schema, the TOML/JSON codec, the save directory with
atomic writes, and replay. No textual, no rich.

The package's face (kept stable)::

    SaveFile, Player, SaveError
    new_save(game_id, config, players, seed, mode) -> SaveFile
    dump(save, path)            # format from the extension, atomic, keeps NAME.bak
    load(path) -> SaveFile      # validated by replay, or SaveError
    replay(save) -> State

and for a game being played (saves.store, saves.codec: the file is a
header and one line per move, so a move costs the same at any length)::

    open_game(path) -> (SaveFile, states, Position)   # load, and where the file ends
    write(save, path, since) -> Position  # the autosave: appends the new moves' lines
    read_since(path, position) -> Appended  # the entries appended since, the status after them
    decode_action(game, raw) -> Action    # one logged action, typed by its game
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from castletui.rules import registry
from castletui.rules.core import Config, IllegalAction, check_config, state_hash
from castletui.saves import clock
from castletui.saves.codec import FORMATS
from castletui.saves.errors import SaveError
from castletui.saves.names import name_problem
from castletui.saves.replay import append, decode_action, decode_actions, replay_states, truncated, verify
from castletui.saves.schema import FORMAT, VERSION, Check, LogEntry, Player, SaveConfig, SaveFile
from castletui.saves.store import (
    Appended,
    Position,
    Rewritten,
    SaveSummary,
    backup_path,
    clean_stale_temporaries,
    dump,
    game_identity,
    identity_of,
    latest_save,
    list_saves,
    new_save_path,
    path_in,
    read,
    read_at,
    read_since,
    safe_name,
    save_dir,
    write,
)

__all__ = [
    "FORMAT",
    "Appended",
    "FORMATS",
    "VERSION",
    "Check",
    "LogEntry",
    "Player",
    "Position",
    "Rewritten",
    "SaveConfig",
    "SaveError",
    "SaveFile",
    "SaveSummary",
    "append",
    "backup_path",
    "clean_stale_temporaries",
    "decode_action",
    "decode_actions",
    "dump",
    "game_identity",
    "identity_of",
    "latest_save",
    "list_saves",
    "load",
    "load_states",
    "name_problem",
    "new_save",
    "new_save_path",
    "now",
    "open_game",
    "path_in",
    "read",
    "read_at",
    "read_since",
    "replay",
    "replay_states",
    "safe_name",
    "save_dir",
    "truncated",
    "write",
]


def now() -> str:
    """The time a move is stamped with (saves.clock.utc_now: a test may simulate it)."""
    return clock.utc_now().isoformat(timespec="seconds")


def new_save(
    game_id: str, config: Config, players: list[Player], seed: int, mode: str = "digital"
) -> SaveFile:
    """A fresh save for a game about to start; the config is checked."""
    game = registry.get(game_id)
    if len(players) != config.seats:
        raise SaveError(f"{config.seats} seats but {len(players)} players were named.")
    for player in players:
        problem = name_problem(player.name)
        if problem:
            raise SaveError(f"The name {player.name[:20]!r} {problem}.")
    config = Config(config.variant, config.seats, dict(config.options), mode)
    try:
        check_config(game.INFO, config)
    except IllegalAction as error:
        raise SaveError(error.reason) from None
    # Every option is written, defaults too: a game resumes under the house
    # rules it started with even after a later castletui changes a default.
    options = {option.name: option.default for option in game.INFO.options_for(config.variant)}
    config = Config(config.variant, config.seats, options | dict(config.options), mode)
    stamp = now()
    return SaveFile(
        format=FORMAT,
        version=VERSION,
        game=game_id,
        edition=game.INFO.edition,
        created=stamp,
        updated=stamp,
        seed=seed,
        mode=mode,
        config=SaveConfig(config.variant, list(players), dict(config.options)),
        check=Check(0, state_hash(game.setup(config))),
    )


# The states of the last save loaded, so that load() then replay() replays once.
_last_loaded: tuple[SaveFile, list[Any]] | None = None


def load_states(path: str | os.PathLike) -> tuple[SaveFile, list[Any]]:
    """Read, validate and replay a save: the save and every state of it."""
    save, states, _ = open_game(path)
    return save, states


def open_game(path: str | os.PathLike) -> tuple[SaveFile, list[Any], Position]:
    """A save to play on: read, validated and replayed (every state of it),
    and where its file stands, so the autosave after the next move
    (``write``) appends to it."""
    global _last_loaded
    path = Path(path)
    save, position = read_at(path)
    try:
        states = replay_states(save, source=path.name)
        verify(save, states, source=path.name)
    except SaveError as error:
        error.path = path
        raise
    _last_loaded = (save, states)
    return save, states, position


def load(path: str | os.PathLike) -> SaveFile:
    """A validated save (replayed and hash-checked), or SaveError."""
    return load_states(path)[0]


def replay(save: SaveFile) -> Any:
    """The current state of a save's game."""
    if _last_loaded is not None and _last_loaded[0] is save:
        return _last_loaded[1][-1]
    return replay_states(save)[-1]
