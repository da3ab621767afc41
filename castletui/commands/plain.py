"""``--plain`` on ``new``, ``resume``, ``join`` and ``replay``: the game as
a conversation of lines on stdin and stdout (castletui/plain/), for screen
readers and braille displays. No textual: nothing draws on the screen."""

from __future__ import annotations

import argparse
import sys

from castletui.commands.base import Refused
from castletui.commands.folders import player_identity, save_folder, table_folder, warn_about_settings
from castletui.commands.start import choose_variant, start_from
from castletui.later import loader
from castletui.plain import opening
from castletui.plain.game import PlainGame
from castletui.plain.talk import Talk
from castletui.rules import registry
from castletui.rules.core import IllegalAction
from castletui.saves.names import normal_name

LATER = {"replay": "castletui.commands.replay_text", "plain replay": "castletui.plain.replay"}
"""A replay in lines loads the replay (and its review) only when asked for:
a game's first line comes without them."""
later = loader(LATER)


def run(args: argparse.Namespace) -> int:
    talk = Talk(sys.stdin, sys.stdout)
    warn_about_settings(args)
    if args.command == "replay":
        return replay(args, talk)
    if args.command == "new" and args.players is None and args.bots is None and args.names is None:
        against_bots(args, talk)
    start = start_from(args, registry)
    if isinstance(start, int):
        return start
    if start.note:
        talk.say(start.note)
    session = open_session(args, start, talk)
    if session is None:  # the player left the list of tables
        return 0
    return PlainGame(session, talk, lobby_only=lobby_only(args)).play()


def lobby_only(args: argparse.Namespace) -> bool:
    """Over castletui host or a game account (join --as), as the app's
    (commands/play_shared.py): a player has the lobby and no command line."""
    return args.command == "join" and getattr(args, "as_name", None) is not None


def against_bots(args: argparse.Namespace, talk: Talk) -> None:
    """No players given: the wizard's question has no plain form, so you
    play the variant's usual number of seats against bots (alone at a shared table)."""
    info = registry.get(args.game).INFO if args.game in registry.ids() else None
    if info is None:
        return  # start_from refuses the unknown game in its own words
    try:
        variant, _ = choose_variant(info, args.variant, 0)
    except IllegalAction as error:
        raise Refused(error.reason) from None
    count = max(variant.min_seats, min(2, variant.max_seats))
    args.players, args.bots = count, 0 if args.shared else count - 1
    if args.bots:
        talk.say(
            f"You play against {args.bots} bot{'s' if args.bots > 1 else ''}: --players and --bots choose."
        )


def open_session(args: argparse.Namespace, start, talk: Talk):
    if start.kind == "play":
        return opening.new_game(save_folder(args), start.new_game)
    if start.kind == "resume":
        return opening.resumed(save_folder(args), start.path)
    host = opening.TableHost(
        player_identity(args),
        normal_name(args.as_name) if getattr(args, "account", None) else "",
        table_folder(args),
        talk.say,
        lobby_only=lobby_only(args),
    )
    if start.kind == "shared":
        return opening.shared_table(host, start.new_game)
    if start.kind == "join":
        joined = opening.joined(host, start.path, start.new_game.get("seat"), talk)
        return new_table(args, host, talk) if joined == opening.NEW_TABLE else joined
    raise Refused(f"{args.command} has no plain form.")


def new_table(args: argparse.Namespace, host: opening.TableHost, talk: Talk):
    """``new`` typed in the lobby in lines (the one way to start a game at a
    host, where a player has no command line): its questions, then the
    table, checked as ``castletui new GAME --shared`` checks it."""
    chosen = opening.chosen_new_table(talk, registry)
    if chosen is None:
        return None
    game, variant, players, bots, per_move = chosen
    new = argparse.Namespace(**vars(args))
    new.command, new.game, new.variant, new.players, new.bots = "new", game, variant, players, bots
    new.per_move = f"{per_move // 60}min" if per_move else None
    new.shared, new.names, new.option, new.mode, new.seed, new.level = (
        True,
        None,
        [],
        "digital",
        None,
        "normal",
    )
    start = start_from(new, registry)
    if isinstance(start, int):
        return None  # refused, in its own words
    return opening.shared_table(host, start.new_game)


def replay(args: argparse.Namespace, talk: Talk) -> int:
    if not args.file:
        raise Refused("replay --plain needs a FILE (see: castletui list).")
    return later("plain replay").PlainReplay(later("replay").open_replay(args), talk).play()
