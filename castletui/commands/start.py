"""What ``castletui`` (the menu), ``new``, ``resume``, ``join``, ``rules``
and ``replay`` ask the app to open first (:class:`castletui.starting.Start`),
every argument checked before the app starts: a refusal is one line."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from castletui.commands.base import Refused, fail
from castletui.commands.folders import (
    find_save,
    find_table,
    player_identity,
    save_folder,
    settings_of,
    table_folder,
)
from castletui.rules.core import IllegalAction, parse_option
from castletui.rules.core import bots as bot_levels
from castletui.saves import Player, SaveError
from castletui.saves.clock import per_move_seconds
from castletui.saves.names import name_key, name_problem, normal_name
from castletui.saves.table import is_table, not_a_save_message
from castletui.settings import default_names
from castletui.starting import Start

LATER = {"replay": "castletui.commands.replay_text"}
"""``castletui replay FILE`` reads the replay before the app starts (its
refusal is one line); the replay and the session under it load only then,
not before the menu's first frame (importlib, by name: the import test
follows it)."""


def split_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` from ``--option``; the value is parsed by the option's
    own type once the game is known (rules.core.parse_option)."""
    name, separator, raw = text.partition("=")
    if not separator or not name.strip():
        raise Refused(f"--option takes NAME=VALUE, not {text!r}")
    return name.strip(), raw


def start_from(args: argparse.Namespace, registry):
    """What the app opens first; an int is an exit code after a message."""
    try:
        return _start_from(args, registry)
    except Refused as refusal:
        return fail(str(refusal))


def _start_from(args: argparse.Namespace, registry):
    command = args.command
    if command in ("new", "rules") and args.game and args.game not in registry.ids():
        raise Refused(str(registry.UnknownGame(args.game)))
    if command == "resume":
        path = find_save(args.file, save_folder(args)) if args.file else None
        if path is not None and is_table(path):
            raise Refused(not_a_save_message(path))
        return Start("resume", path=path)
    if command == "join":
        player_identity(args)  # a bad --as is refused before the app starts
        if args.seat is not None and args.seat < 1:
            raise Refused(f"--seat takes 1, 2... not {args.seat}.")
        seat = args.seat - 1 if args.seat is not None else None
        path = find_table(args.file, table_folder(args)) if args.file else None
        return Start("join", path=path, new_game={"seat": seat})
    if command == "rules":
        return Start("rules", game_id=args.game)
    if command == "replay":
        if not args.file:
            return Start("load")
        return Start(
            "replay",
            path=Path(args.file),
            new_game={"replay": importlib.import_module(LATER["replay"]).open_replay(args)},
        )
    if command == "new":
        return new_game_start(args, registry)
    return Start("menu")


def choose_variant(info, name: str | None, players: int) -> tuple:
    """The variant ``--variant`` names; without it, the one that fits the
    number of players (``castletui new GAME --players 3`` is its
    multi-player game, where it has one): the game's first (its default) if it fits, else the
    first that does, with a note saying which. IllegalAction for an
    unknown name, Refused when no variant fits."""
    if name:
        return info.variant(name), ""
    default = info.variants[0]
    if not players or default.min_seats <= players <= default.max_seats:
        return default, ""
    fitting = [variant for variant in info.variants if variant.min_seats <= players <= variant.max_seats]
    if not fitting:
        each = "; ".join(f"{variant.name} {variant.for_players()}" for variant in info.variants)
        raise Refused(f"{info.title} has no variant for {players} players ({each}).")
    chosen = fitting[0]
    return chosen, (
        f"{info.title}: the {chosen.name} variant, the one for {players} "
        f"player{'s' if players != 1 else ''} (--variant chooses)."
    )


def per_move_of(args: argparse.Namespace) -> int:
    """``--per-move`` in seconds (saves.clock; 0: none): a shared table's only."""
    text = getattr(args, "per_move", None) or ""
    try:
        per_move = per_move_seconds(text)
    except SaveError as error:
        raise Refused(str(error).rstrip(".")) from None
    if per_move and not args.shared:
        raise Refused("a time per move is a shared table's: add --shared.")
    return per_move


def new_game_start(args: argparse.Namespace, registry):
    info = registry.get(args.game).INFO
    names = [name.strip() for name in args.names.split(",")] if args.names else []
    try:
        variant, note = choose_variant(info, args.variant, args.players or len(names))
        known = {option.name: option for option in info.options_for(variant.name)}
        options = {}
        for text in args.option:
            name, raw = split_option(text)
            if name not in known:
                names = ", ".join(known) or "none"
                raise IllegalAction(
                    f"{info.title} ({variant.name}) has no option {name!r} (it has: {names})."
                )
            options[name] = parse_option(known[name], raw)
    except IllegalAction as error:
        raise Refused(error.reason) from None
    preset = {"variant": variant.name, "players": args.players, "mode": args.mode, "options": options}
    if args.shared:
        if args.mode != "digital":
            raise Refused("a shared table is played digitally: --shared takes no --mode table.")
        if args.seed is not None:
            # Whoever knows the seed knows every hand and every draw.
            raise Refused("a shared table draws its own seed, which nobody sees: --shared takes no --seed.")
        player_identity(args)
        preset["shared"] = True
    per_move = per_move_of(args)
    if per_move:
        preset["per_move"] = per_move
    if args.players is None and args.bots is None and args.names is None:
        return Start("wizard", game_id=args.game, new_game=preset)
    count = args.players or (len(names) if names else max(variant.min_seats, min(2, variant.max_seats)))
    if not variant.min_seats <= count <= variant.max_seats:
        raise Refused(
            f"{info.title} ({variant.title or variant.name}) is {variant.for_players()}, not {count}."
        )
    bots = args.bots if args.bots is not None else 0
    if not 0 <= bots <= count:
        raise Refused(f"--bots takes 0 to {count} for {count} players, not {bots}.")
    if args.level not in bot_levels.LEVELS:
        raise Refused(f"--level takes one of {', '.join(bot_levels.LEVELS)}, not {args.level!r}.")
    defaults = default_names(settings_of(args).player_name)
    players = []
    for seat in range(count):
        name = names[seat] if seat < len(names) and names[seat] else defaults[seat]
        problem = name_problem(name)
        if problem:
            raise Refused(f"the name {name[:20]!r} {problem}.")
        name = normal_name(name)
        is_bot = seat >= count - bots
        players.append(Player(name, "bot", args.level) if is_bot else Player(name))
    if len({name_key(player.name) for player in players}) < len(players):
        raise Refused("give each player a different name (not only in capitals).")
    if args.shared:
        return Start(
            "shared",
            note=note,
            game_id=args.game,
            new_game={
                "game_id": args.game,
                "variant": variant.name,
                "players": players,
                "options": options,
                **({"per_move": per_move} if per_move else {}),
            },
        )
    return Start(
        "play",
        note=note,
        game_id=args.game,
        new_game={
            "game_id": args.game,
            "variant": variant.name,
            "players": players,
            "options": options,
            "mode": args.mode,
            "seed": args.seed,
        },
    )
