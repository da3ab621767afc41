"""The session a plain command opens, from what the command line checked
(castletui/commands/start.py's :class:`~castletui.app.Start`): a new
game, a save to resume, a new shared table or a seat at one. Shared tables
are opened by castletui/tables.py, as the app opens them, with a small
stand-in for the app that says its notices as lines."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, NamedTuple

from castletui import lobby, saves, tables
from castletui.commands.base import Refused
from castletui.plain import commands
from castletui.saves.clock import per_move_choices
from castletui.session import Session


def stamp() -> str:
    """When a game starts, as its file name says it (the app's own way)."""
    return datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")


def new_game(save_dir: Path, new: dict) -> Session:
    path = saves.new_save_path(save_dir, f"{new['game_id']}-{stamp()}")
    try:
        return Session.new(**new, path=path)
    except saves.SaveError as error:
        if path.exists() and path.stat().st_size == 0:
            path.unlink()
        raise Refused(str(error)) from None


def resumed(save_dir: Path, path: Path | None) -> Session:
    """The save at ``path``, else the newest game still going."""
    if path is None:
        latest = saves.latest_save(save_dir)
        if latest is None:
            raise Refused(f"no saved games in {save_dir} yet.")
        path = Path(latest.path)
    try:
        return Session.open(path)
    except saves.SaveError as error:
        extra = " castletui without --plain offers to open it at its last good move." if error.partial else ""
        raise Refused(f"{error}{extra}") from None


class TableHost:
    """What castletui/tables.py asks of an app: who plays, where tables
    live, a notice to show, a session to open."""

    def __init__(
        self, who: str, who_name: str, table_dir: Path | None, say: Any, lobby_only: bool = False
    ) -> None:
        self.who, self.who_name, self.table_dir = who, who_name, table_dir
        self.say = say
        self.lobby_only = lobby_only
        """Players have the lobby and no command line (castletui host)."""
        self.session: Session | None = None
        self.refusal = ""

    def notify(self, message: str, title: str = "", severity: str = "information", **_: Any) -> None:
        if severity == "error":
            self.refusal = f"{title}: {message}" if title else message
        else:
            self.say(message)

    def open_session(self, session: Session, resumed: bool = False) -> None:
        self.session = session

    def opened(self) -> Session:
        if self.session is None:
            raise Refused(self.refusal or "the table could not be opened.")
        return self.session


def shared_table(host: TableHost, new: dict) -> Session:
    """A new shared table, this terminal in its first person's seat."""
    tables.start_shared_game(host, **new)
    return host.opened()


NEW_TABLE = Path("new")
"""What the lobby in lines answers when the player typed ``new``."""


class Watch(NamedTuple):
    """What the lobby in lines answers when the player typed ``watch N``:
    the table to watch from no seat (the public view, as the screen
    lobby's Watch line opens it: castletui/tables.py watch_table)."""

    path: Path


def joined(host: TableHost, path: Path | None, seat: int | None, talk: Any) -> Session | Path | None:
    """A seat at the table at ``path``, or at one the player picks from the
    tables they may sit at, or a game they pick to watch (None: they
    picked none; NEW_TABLE: they asked to start one)."""
    if path is None:
        picked = picked_table(host, talk)
        if isinstance(picked, Watch):
            tables.watch_table(host, picked.path)
            return host.opened()
        if picked is None or picked == NEW_TABLE:
            return picked
        path = picked
    tables.join_table(host, path, seat)
    return host.opened()


def chosen_new_table(talk: Any, registry: Any) -> tuple[str, str, int, int, int] | None:
    """A new shared table's game, variant, players, bots and time per
    move (seconds, saves.clock), asked one numbered question at a time
    (the wizard in lines); None: the player left."""
    games = [(game_id, registry.get(game_id).INFO) for game_id in registry.ids()]
    picked = numbered_answer(talk, "Which game?", [info.title for _, info in games])
    if picked is None:
        return None
    game_id, info = games[picked]
    variants = list(info.variants)
    which = 0
    if len(variants) > 1:
        which = numbered_answer(talk, "Which variant?", [variant_words(v) for v in variants])
        if which is None:
            return None
    variant = variants[which]
    counts = list(range(variant.min_seats, variant.max_seats + 1))
    count = counts[0] if len(counts) == 1 else count_answer(talk, "How many players?", counts)
    if count is None:
        return None
    bots = 0
    if count > 1:
        bots = count_answer(talk, "How many of the other seats are bots?", list(range(count)))
        if bots is None:
            return None
    clocks = per_move_choices()
    per_move = numbered_answer(talk, "Time per move?", list(clocks))
    if per_move is None:
        return None
    return game_id, variant.name, count, bots, list(clocks.values())[per_move]


def variant_words(variant: Any) -> str:
    """A variant as the lobby in lines lists it: "Solo, for 1 player"; a
    title that counts players already ("3-4 players") is not told it again."""
    title = variant.title or variant.name
    return title if "player" in title.casefold() else f"{title}, {variant.for_players()}"


def count_answer(talk: Any, question: str, counts: list[int]) -> int | None:
    """A count the player types as itself ("2" is two players, never the
    second of a numbered list of counts); None: quit or the end of input."""
    words = f"{counts[0]} to {counts[-1]}" if len(counts) > 2 else " or ".join(map(str, counts))
    talk.say(f"{question} ({words})")
    while True:
        text = talk.ask()
        if text is None or text.casefold() == "quit":
            return None
        if text.isdigit() and int(text) in counts:
            return int(text)
        talk.say(f"Type {words}, or quit.")


def numbered_answer(talk: Any, question: str, options: list[str]) -> int | None:
    """The index of the option the player types the number of (None: quit
    or the end of input)."""
    talk.say(question)
    for number, option in enumerate(options, 1):
        talk.say(f"{number}. {option}")
    while True:
        text = talk.ask()
        if text is None or text.casefold() == "quit":
            return None
        if text.isdigit() and 1 <= int(text) <= len(options):
            return int(text) - 1
        talk.say(f"Type a number from 1 to {len(options)}, or quit.")


ABANDONED_TOLD = 3
"""How many of the player's games ended as abandoned (saves.clock) the lobby in lines names."""


def seated(row: Any) -> str:
    """Who sits at a listed table: "ann, bo"."""
    names = [
        name for name, owner, bot in zip(row.players, row.owners, row.bots, strict=False) if owner or bot
    ]
    return ", ".join(names) or "nobody yet"


def time_left_words(host: TableHost, row: Any) -> str:
    """At a table you sit at with a time per move (saves.clock), the app
    lobby's words for the time left: ", 5 h left", ", out of time: open it
    to choose", or that a bot plays your seat; "" otherwise."""
    seat = row.seat_of(host.who)
    if seat is None or row.per_move <= 0:
        return ""
    standing = tables.turns_of(host).standing(row.path)
    if standing is None or standing.to_move is None:
        return ""
    if seat in standing.stand_ins:
        return f", {lobby.STOOD_IN}"
    return lobby.clock_words(standing, tables.now_of(host), yours=standing.to_move == seat)


def lobby_rank(host: TableHost, rows: list[Any]) -> Any:
    """The screen lobby's order as a sort key (castletui/lobby.py): the
    tables waiting for your move first, the longest waiting on top, then
    those waiting for others, then free seats. Newest first had hidden a
    turn of yours below a page of other tables."""
    lines, _ = lobby.lobby_lines(
        rows, host.who, tables.name_of(host), tables.turns_of(host), tables.now_of(host)
    )
    rank: dict[str, int] = {}
    for index, line in enumerate(lines):
        rank.setdefault(line.path, index)
    return lambda row: rank.get(row.path, len(lines))


def picked_table(host: TableHost, talk: Any) -> Path | Watch | None:
    """The lobby in lines: the tables going on where this player has a
    seat or may take one (a private table only if invited), numbered;
    the player types a number. Then the games they may watch, as the
    screen lobby lists them; ``watch N`` picks one."""
    who = host.who
    listing = tables.listing_of(host)
    going_on = [
        row
        for row in listing.rows()
        if not (row.problem or row.finished)
        and row.may_see(who, tables.name_of(host))  # a private table: not even its name to others
    ]
    rows = [row for row in going_on if not row.closed and (row.seat_of(who) is not None or row.free_seats())]
    rows.sort(key=lobby_rank(host, going_on))
    watched = [row for row in going_on if row.seat_of(who) is None]
    if not rows and getattr(listing, "problem", ""):
        talk.say(f"No table can be listed: {listing.problem}")
    elif not rows:
        talk.say("No table has a seat for you yet: type new to start one, or quit.")
    else:
        talk.say("Tables you may sit at (or type new to start one):")
    for number, row in enumerate(rows, 1):
        yours = "your seat" if row.seat_of(who) is not None else f"{len(row.free_seats())} free"
        talk.say(
            f"{number}. {row.title} ({row.variant}), {yours}, with {seated(row)}: {row.status}"
            f"{time_left_words(host, row)}"
        )
    if watched:
        talk.say("Games you may watch (the public view, no hand): type watch and the number.")
    for number, row in enumerate(watched, 1):
        talk.say(f"watch {number}: {lobby.watch_words(row).removeprefix('Watch ')}")
    abandoned = [row for row in listing.rows() if row.abandoned and row.seat_of(who) is not None]
    for row in abandoned[:ABANDONED_TOLD]:  # the newest: gone from the list, and why
        talk.say(f"Ended as abandoned, nobody won or lost: {row.title} ({row.variant}) with {seated(row)}.")
    while True:
        text = talk.ask()
        if text is None or text.casefold() == "quit":
            return None
        if text.casefold() == "new":
            return NEW_TABLE
        if text.isdigit() and 1 <= int(text) <= len(rows):
            return Path(rows[int(text) - 1].path)
        # The lobby knows the words a newcomer is told of (README, help) too.
        known = commands.parse(text, LOBBY)
        if known is not None and known[0] == "watch":
            if known[1].isdigit() and 1 <= int(known[1]) <= len(watched):
                return Watch(Path(watched[int(known[1]) - 1].path))
            talk.say(f"Type watch and a number from 1 to {len(watched)}." if watched else "No game to watch.")
            continue
        if known is not None and known[0] == "plain":
            talk.say(commands.keep_plain(known[1]))
            continue
        if known is not None and known[0] == "help":
            for line in lobby_help(len(rows)):
                talk.say(line)
            continue
        talk.say(
            f"Type a number from 1 to {len(rows)}, new, help or quit." if rows else "Type new, help or quit."
        )


LOBBY = {
    "new": "new: start a table (the game, the variant, the players and the bots, a question each).",
    "watch": "watch and a number: watch that game from no seat, as everyone sees it (no hand at all).",
    "plain": commands.PLAYING["plain"],
    "help": "help: these lines.",
    "quit": "quit: leave (your seats stay yours).",
}
"""The words the lobby in lines understands besides a table's number."""


def lobby_help(tables: int) -> list[str]:
    number = [f"1 to {tables}: open that table (your seat, or the free seat it offers)."] if tables else []
    return [*number, *LOBBY.values()]
