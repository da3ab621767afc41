"""How a saved game is named in lists (the load screen, the menu's Continue,
``castletui list``): which game, which way of playing it (variant, table
mode), and where it stands. No textual here: the command line uses it too."""

from __future__ import annotations

import datetime
import re

from castletui.rules import registry
from castletui.saves import SaveSummary
from castletui.saves.store import TABLE_DRAWS


def game_title(game_id: str) -> str:
    """A game's title from its rules, or the id for an unknown game."""
    try:
        return registry.get(game_id).INFO.title
    except registry.UnknownGame:
        return game_id


def way_of_play(row: SaveSummary) -> str:
    """ "Co-op, table mode": the variant by its title, and the mode when it is
    not the usual digital game. Competitive and co-op games of one game, or a
    digital and a table game, must not look the same in a list."""
    parts: list[str] = []
    try:
        variants = {variant.name: variant for variant in registry.get(row.game).INFO.variants}
    except registry.UnknownGame:
        variants = {}
    variant = variants.get(row.variant)
    if variant is not None and len(variants) > 1:
        parts.append(variant.title or variant.name)
    elif variant is None and row.variant:
        parts.append(row.variant)
    if row.mode == "table":
        parts.append("table mode")
    return ", ".join(parts)


def where_it_stands(row: SaveSummary) -> str:
    """ "Coco to play", "Finished: Wei won". Saves written before the status
    left out the move number still read "Move 6, Coco to play"; the move
    count has its own place in every list, so the prefix goes."""
    status = row.status
    if status.startswith("Move ") and ", " in status:
        status = status.split(", ", 1)[1]
    if status == "Chance to play":
        status = TABLE_DRAWS if row.mode == "table" else "a roll or draw next"
    if status == "waiting for the table's roll or draw":  # as saves said it before: cut at 80 columns
        status = TABLE_DRAWS
    return status


def when_played(stamp: str) -> tuple[str, str]:
    """("30 Nov 2026", "09:15") in local time; the stamp as written when it
    cannot be read."""
    try:
        moment = datetime.datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:10], stamp[11:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%d %b %Y"), moment.strftime("%H:%M")


def moves(count: int) -> str:
    return f"{count} move{'s' if count != 1 else ''}"


def own_name(row: SaveSummary) -> str:
    """The save's name where the app did not give it: a game played on
    from a replay ("from turn 12"), a name typed in Save as; "" for the
    name a new game gets (its game and when it started), which says
    nothing the row does not."""
    given = re.match(rf"{re.escape(row.game)}-\d{{4}}-\d{{2}}-\d{{2}}-\d{{6}}(-\d+)?(?= |$)", row.name)
    return row.name[given.end() :].strip() if given else row.name
