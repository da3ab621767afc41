"""A shared table's seed, sealed: the header carries a commitment to it
(a hash of the seed and a salt) from the first move, the seed itself is
kept beside the table where no seat's screen shows it, and both are
revealed in the record when the game ends. Then anyone can check that
every draw and roll followed from the seed the table committed to before
the first one (``castletui verify``: :func:`audit`).

The secret lives in a hidden file next to the table, named by the
commitment (a table renamed keeps it): every castletui at the table reads
it to draw (a draw is the table's, by seed and ply).
In a group folder every member can read it, as they can read the table
(saves.table.exposure_warning); at a dedicated game account only that
account can, and the commitment lets the players check it afterwards.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
from castletui.rules.core import CHANCE, chance_rng, sample_outcome
from castletui.saves.errors import SaveError
from castletui.saves.guarded import ANYONE, read_guarded
from castletui.saves.replay import decode_actions, game_of, replay_states, verify
from castletui.saves.schema import SaveFile


def commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed``: nobody can find the seed from it, nor
    another seed and salt that give it."""
    return hashlib.sha256(f"castletui-seed:{salt}:{seed}".encode()).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


class Secret(msgspec.Struct):
    seed: int
    salt: str


COMMITMENT = re.compile(r"[0-9a-f]{64}")
"""What :func:`commitment` makes: a header's commitment names the seed's
file, so anything else (a path, a NUL) is refused before it names one."""
SECRET_BYTES = 4096
"""The most of a seed's file read: it holds two short values."""


def secret_path(table: Path, committed: str) -> Path:
    """Where the seed committed to as ``committed`` is kept, beside ``table``."""
    return table.with_name(f".seed-{committed[:32]}.secret")


def keep_secret(table: Path, seed: int, salt: str, mode: int) -> None:
    """Write the table's secret beside it (atomically, with the table's
    permissions: every seat's castletui draws with it)."""
    target = secret_path(table, commitment(seed, salt))
    handle, temporary = tempfile.mkstemp(prefix=f".{table.name}.", suffix=".tmp", dir=table.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            os.fchmod(file.fileno(), mode)
            file.write(msgspec.json.encode(Secret(seed, salt)))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise SaveError(f"Could not keep the seed of {table.name}: {error.strerror}.", path=table) from None


def sealed(save: SaveFile, table: Path) -> SaveFile:
    """``save`` as read from a table whose seed is not revealed yet, with
    its secret seed and salt from beside it; SaveError when it is missing
    or is not the one the header committed to."""
    if not save.commitment or save.salt:
        return save
    if not COMMITMENT.fullmatch(save.commitment):
        raise SaveError(
            f"{table.name}: its commitment to the seed is not one castletui makes, so nobody can draw for it.",
            path=table,
        )
    path = secret_path(table, save.commitment)
    try:
        secret = msgspec.json.decode(_read_secret(path), type=Secret)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        raise SaveError(
            f"{table.name}: the table's secret seed ({path.name}) cannot be read, so nobody can draw for it.",
            path=table,
        ) from None
    if commitment(secret.seed, secret.salt) != save.commitment:
        raise SaveError(
            f"{table.name}: the secret seed beside it is not the one its record committed to.", path=table
        )
    return msgspec.structs.replace(save, seed=secret.seed, salt=secret.salt)


def _read_secret(path: Path) -> bytes:
    """The bytes of the seed's file: a regular file, never through a link,
    never waiting on a pipe, and short (OSError otherwise). In a group
    folder another member could plant anything under its name; any member
    may have written it (whoever made the table)."""
    return read_guarded(path, SECRET_BYTES, owners=ANYONE)[0]


def as_written(save: SaveFile, over: bool) -> SaveFile:
    """What a table's header shows of ``save``: its seed and salt only once
    the game is ``over`` (revealed in the record), never while it runs."""
    if not save.commitment or over:
        return save
    return msgspec.structs.replace(save, seed=0, salt="")


# --- castletui verify ----------------------------------------------------------


class Audit(NamedTuple):
    """What ``castletui verify`` found: each finding in a line, and whether
    all of them hold."""

    lines: list[str]
    holds: bool


def audit(save: SaveFile, source: str) -> Audit:
    """Check a save read whole (its record's checks already held): the
    replay and its hash, then every draw and roll against the seed (a
    table's: only once revealed, and only if it is the committed one)."""
    moves = len(save.log)
    try:
        states = replay_states(save, source)
        verify(save, states, source)
    except SaveError as error:
        return Audit([str(error)], False)
    found = [f"{source}: the record holds: {moves} moves, each line checked against the one before it."]
    chances = [ply for ply, entry in enumerate(save.log) if entry.seat == CHANCE]
    if save.mode == "table":
        found.append(
            "Its rolls and draws were typed in at a real table: there is no seed to check them against."
        )
        return Audit(found, True)
    if save.commitment:
        if not save.salt:
            found.append(
                "Its seed is still secret (the game is not over): its draws can be checked when it ends."
            )
            return Audit(found, True)
        if commitment(save.seed, save.salt) != save.commitment:
            found.append("The seed it reveals is not the one it committed to at the start.")
            return Audit(found, False)
        whose = "the committed seed"
    else:
        whose = "the save's seed (a local game's: it was never secret)"
    first = _first_unfollowed(save, states, chances)
    if first is not None:
        found.append(f"Move {first + 1}, a roll or draw, does not follow from {whose}.")
        return Audit(found, False)
    found.append(f"All {len(chances)} draws and rolls follow from {whose}.")
    return Audit(found, True)


def _first_unfollowed(save: SaveFile, states: list[Any], chances: list[int]) -> int | None:
    """The first ply whose chance outcome is not the one seed and ply draw."""
    game = game_of(save)
    actions = decode_actions(game, save.log)
    assert actions is not None  # the replay typed them all
    for ply in chances:
        drawn = sample_outcome(game.chance_outcomes(states[ply]), chance_rng(save.seed, ply))
        if drawn != actions[ply]:
            return ply
    return None
