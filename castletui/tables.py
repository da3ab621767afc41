"""Shared tables as the app plays them: the identity and the table folder
this castletui plays with, making a table with open seats and taking a
seat, then opening the game on it. Each function takes the app (a
``CastleApp``, or a ``SharedApp`` with ``who`` and ``table_dir``) as an
argument and never imports it: the wizard and the lobby call these, and
the app opens those screens (design.md section 1: imports go one way).
The app that starts on the lobby is castletui/shared.py; the table file
itself is saves/table.py.
"""

from __future__ import annotations

import contextlib
import datetime
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from castletui import saves
from castletui.later import loader
from castletui.lobby import Turns
from castletui.lobby_cache import LobbyCache
from castletui.rules import registry
from castletui.rules.core import Config
from castletui.saves import clock
from castletui.saves.open_games import MAX_OPEN_TABLES, open_games
from castletui.saves.owners import owner_label
from castletui.saves.stores import ENVIRONMENT_VARIABLE as STORE_VARIABLE
from castletui.saves.stores import is_postgres, open_store
from castletui.saves.stores.shared import StoreListing, StoreTable
from castletui.saves.table import (
    Table,
    TableListing,
    exposure_warning,
    identity,
    may_see,
    private_message,
    status_text,
    table_dir,
)
from castletui.saves.watchers import watch_as
from castletui.seat_back import WELCOME_TITLE, welcome_back

if TYPE_CHECKING:  # the session loads when a table opens, not with the lobby
    from castletui.session import Session

LATER = {"session": "castletui.session", "invitations": "castletui.invitations"}
"""The game on a table, loaded as one opens, and a private table's invitations, as
one is made: the lobby's first frame does not wait for them."""
later = loader(LATER)


def open_tables(directory: Path, who: str, store: Any = None) -> int:
    """How many games not over ``who`` sits at, as the lobby lists them
    (at MAX_OPEN_TABLES, saves.open_games, no other is started)."""
    rows = StoreListing(store).rows() if store is not None else TableListing(directory).rows()
    return open_games(rows, who)


def who_of(app: Any) -> str:
    """The identity this castletui plays shared tables as (an owner field: saves.owners)."""
    return getattr(app, "who", "") or identity()


def name_of(app: Any) -> str:
    """The name this castletui sits down as: an account's name (castletui
    host), else its ``user:`` identity's own."""
    return getattr(app, "who_name", "") or owner_label(who_of(app))


def table_dir_of(app: Any) -> Path:
    return getattr(app, "table_dir", None) or table_dir()


def store_of(app: Any) -> Any:
    """The PostgreSQL store this castletui's tables are in
    (``$CASTLETUI_STORE``: castletui host --store passes it to each
    player's castletui), opened once; None: the table folder's files."""
    store = getattr(app, "table_store", None)
    if store is None:
        url = os.environ.get(STORE_VARIABLE, "")
        if not is_postgres(url):
            return None
        store = open_store(url, migrate=False)  # the host made its schema
        with contextlib.suppress(AttributeError):
            app.table_store = store
    return store


def open_table(app: Any, path: Path) -> Any:
    """The table at ``path``: a file of the table folder, or a store's
    table of that name (saves.stores.shared)."""
    store = store_of(app)
    return Table(path) if store is None else StoreTable(store, Path(path).name)


def turns_of(app: Any) -> Turns:
    """Whose move each table waits for (castletui/lobby.py), one for the
    app: the lobby and the nudge of the tables you sit at share it."""
    turns = getattr(app, "turns", None)
    if turns is None:
        store = store_of(app)
        turns = app.turns = Turns(store)
        if store is None:
            lobby_cache_of(app).give(turns=turns)  # the last logins': tables not changed since
    return turns


def listing_of(app: Any) -> TableListing | StoreListing:
    """The app's listing of its tables (saves.table.TableListing, or its
    store's: saves.stores.shared.StoreListing), one for the lobby and the
    nudge: a table one of them read is not decoded again for the other."""
    directory, store = table_dir_of(app), store_of(app)
    listing = getattr(app, "table_listing", None)
    if listing is None or listing.directory != directory:
        listing = TableListing(directory) if store is None else StoreListing(store, directory)
        app.table_listing = listing
        if store is None:
            lobby_cache_of(app).give(listing=listing)  # the last logins': tables not changed since
    return listing


def lobby_cache_of(app: Any) -> LobbyCache:
    """What the lobby listed at this table folder in the last logins, any
    player's (castletui/lobby_cache.py), one for the app."""
    directory = table_dir_of(app)
    cache = getattr(app, "lobby_cache", None)
    if cache is None or cache.directory != directory:
        cache = LobbyCache(directory)
        with contextlib.suppress(AttributeError):
            app.lobby_cache = cache
    return cache


def now_of(app: Any) -> datetime.datetime:
    """The time the lobby counts waiting from: the app's ``clock`` (tests
    and snapshots set one), else now."""
    app_clock = getattr(app, "clock", None)
    return app_clock() if app_clock is not None else clock.utc_now()


def hidden_hands(game: Any, state: Any, seats: int) -> bool:
    """Whether the game hides anything from a seat (hands, a deck's order):
    at set-up nothing may be dealt yet, but a hidden deck is already there."""
    return any(game.view(state, seat) != state for seat in range(seats))


def create_table(
    directory: Path,
    who: str,
    game_id: str,
    variant: str,
    players: list,
    *,
    options: dict | None = None,
    seat: int | None = None,
    mode: str = "digital",
    name: str = "",
    store: Any = None,
    invited: list[str] | None = None,
    per_move: int = 0,
    accounts: Callable[[], dict[str, str]] | None = None,
) -> tuple[Any, int, str]:
    """A new shared table with ``who`` in the first person's seat (or
    ``seat``), sitting as ``name`` (an account's: Table.take_seat): the
    table, the seat, and a warning when hidden hands would lie in a folder
    other Unix users can read. SaveError if it cannot be.
    No seed is taken: the table draws its own, which nobody sees
    (saves.table.Table.create). With a ``store`` (saves.stores), the
    table is made there and ``directory`` is not used. With ``invited``
    names the table is private: only they (and ``name``) sit or watch; on
    a host each must be one of its ``accounts`` (id -> name), and the
    table keeps the account (castletui.invitations).
    ``per_move``: its time per move in seconds (saves.clock; 0: none)."""
    if mode != "digital":
        raise saves.SaveError("A shared table is played digitally: castletui rolls and draws for everyone.")
    if open_tables(directory, who, store) >= MAX_OPEN_TABLES:
        raise saves.SaveError(
            f"You sit at {MAX_OPEN_TABLES} games that are not over: play one to its end before starting another."
        )
    # A person's seat is nobody's until taken (Table.take_seat labels it then): named by
    # its number, as the table names a placeholder, not by the wizard's default name
    # ("Coco"), which the Watch line and the board showed as if Coco sat there.
    players = [
        player if player.is_bot else msgspec.structs.replace(player, name=f"Seat {index + 1}")
        for index, player in enumerate(players)
    ]
    config = Config(variant, len(players), dict(options or {}), mode)
    save = saves.new_save(game_id, config, players, 0, mode)  # Table.create draws the seed
    humans = [index for index, player in enumerate(players) if not player.is_bot]
    if not humans:
        raise saves.SaveError("A shared table needs at least one person's seat.")
    seat = humans[0] if seat is None else seat
    if seat not in humans:
        raise saves.SaveError(f"Seat {seat + 1} is not a person's seat.")
    game = registry.get(game_id)
    state = game.setup(save.rules_config())
    save.status = status_text(game, state, [player.name for player in players], mode)
    invited_accounts: list[str] = []
    if invited:
        invited, invited_accounts = later("invitations").invitation(invited, who, name, accounts)
    if store is not None:
        address = store.create(
            save,
            [""] * len(players),
            stem=f"{game_id}-{_stamp()}",
            invited=invited,
            per_move=per_move,
            invited_accounts=invited_accounts,
        )
        table = StoreTable(store, address)
        table.take_seat(seat, who, name)
        return table, seat, ""  # the database is the host's: no other Unix user reads it
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"{game_id}-{_stamp()}"
    table = Table.create(
        directory,
        save,
        [""] * len(players),
        stem=stem,
        invited=invited,
        per_move=per_move,
        invited_accounts=invited_accounts,
    )
    table.take_seat(seat, who, name)
    return table, seat, exposure_warning(directory, hidden_hands(game, state, len(players)))


def _stamp() -> str:
    return datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")


def open_at_table(app: Any, table: Any, seat: int, warning: str = "") -> Session | None:
    """Show the game on ``table`` from ``seat`` (already this player's): its session."""
    try:
        session = later("session").Session.at_table(table, seat, who_of(app))
    except saves.SaveError as error:
        app.notify(str(error), title="Cannot open that table", severity="error", timeout=10)
        return None
    app.open_session(session, resumed=True)
    if warning:
        # ``warning`` in two lines, and soon gone: a toast sits over the action bar.
        app.notify(EXPOSED, title="Hands are not secret here", severity="warning", timeout=EXPOSED_SECONDS)
    return session


def tell_what_the_bot_did(app: Any, session: Session, stand_in: clock.StandIn) -> None:
    """Tell a player back at their seat what the bot that stood in for them
    played (castletui/seat_back.py)."""
    app.notify(welcome_back(session, stand_in), title=WELCOME_TITLE, timeout=30)


EXPOSED = "Other users can read the table file: see the README."
"""The toast of a table in a folder other users can read (``exposure_warning``)."""
EXPOSED_SECONDS = 8


def start_shared_game(app: Any, **new_game: Any) -> None:
    """The wizard's (or the command line's) new game, on a shared table."""
    if new_game.pop("seed", None) is not None:
        # Whoever knows the seed knows every hand and every draw.
        app.notify(
            "A shared table draws its own seed, which nobody sees: leave the seed out.",
            title="Cannot start that game",
            severity="error",
            timeout=10,
        )
        return
    try:
        store = store_of(app)
        table, seat, warning = create_table(
            table_dir_of(app),
            who_of(app),
            **new_game,
            name=name_of(app),
            store=store,
            accounts=later("invitations").host_accounts(store),
        )
    except saves.SaveError as error:
        app.notify(str(error), title="Cannot start that game", severity="error", timeout=10)
        return
    free = [index for index, player in enumerate(new_game["players"]) if not player.is_bot and index != seat]
    if not free:
        pass  # every other seat a bot's: nobody is to be told how to join
    elif is_lobby_only(app):
        # Over castletui host or a game account, players have the lobby and no command line.
        # The lobby lists it by game and players: its file name would only wrap.
        app.notify("Others take the free seats from their lobby, where this table is listed.", timeout=10)
    else:
        app.notify(f"Others join with: castletui join {table.path.name} (or from the lobby).", timeout=10)
    open_at_table(app, table, seat, warning)


def join_table(app: Any, path: Path, seat: int | None = None) -> bool:
    """Take ``seat`` at the table in ``path`` (None: your seat there if you
    have one, else the first free one) and open it; False (after saying
    why) when that cannot be."""
    who = who_of(app)
    try:
        table = open_table(app, path)
        save, seating = table.read()
        if not may_see(seating, who, name_of(app)):
            raise saves.SaveError(private_message(path.name))
        if seat is None:
            if who in seating.owners:
                seat = seating.owners.index(who)
            else:
                free = [
                    index
                    for index, owner in enumerate(seating.owners)
                    if not owner and not save.players[index].is_bot
                ]
                if not free:
                    raise saves.SaveError(f"{path.name} has no free seat.")
                seat = free[0]
        stood_in = clock.stand_in_of(seating, seat) if seating.owners[seat] == who else None
        table.take_seat(seat, who, name_of(app))  # a seat a bot stood in for is its owner's again
    except saves.SaveError as error:
        app.notify(str(error), title="Cannot take that seat", severity="error", timeout=10)
        return False
    session = open_at_table(app, table, seat)
    if session is not None and stood_in is not None:
        tell_what_the_bot_did(app, session, stood_in)
    return True


def watch_table(app: Any, path: Path) -> bool:
    """Watch the table in ``path`` from no seat: the public view, live,
    with no move, undo or seat of one's own (Session.watching_table); the
    players see this player's name as watching until :func:`stop_watching`.
    Whoever sits there is sent to their seat instead. False (after saying
    why) when it cannot be: a private table one is not invited to."""
    who, name = who_of(app), name_of(app)
    try:
        table = open_table(app, path)
        save, seating = table.read()
        if not may_see(seating, who, name):
            raise saves.SaveError(private_message(Path(path).name))
        if who in seating.owners:
            open_at_table(app, table, seating.owners.index(who))
            return True
        stop_watching(app)
        presence = watch_as(Path(path), name) if isinstance(table, Table) else table.watch_as(name)
        session = later("session").Session.watching_table(table, who)
    except saves.SaveError as error:
        app.notify(str(error), title="Cannot watch that table", severity="error", timeout=10)
        return False
    app.watching_presence = presence
    app.open_session(session, resumed=True)
    return True


def stop_watching(app: Any) -> None:
    """No longer watching a table: the players no longer see this name
    (the lobby calls it when a watched game closes over it)."""
    presence = getattr(app, "watching_presence", None)
    if presence is not None:
        presence.leave()
        app.watching_presence = None


def is_lobby_only(app: Any) -> bool:
    return bool(getattr(app, "lobby_only", False))
