"""The words a player may type besides a choice, each with what it does.
A command is its first word in full (``board``, ``log 20``, ``why 3``);
anything else is read as a choice. A choice whose words begin like a
command is still chosen by its number."""

from __future__ import annotations

from castletui import settings

PLAYING = {
    "board": "board: the board in sentences, one area a line, yours first.",
    "hand": "hand: what you hold.",
    "score": "score: the score as you may know it.",
    "log": "log, or log N: the last 10 (or N) lines of what happened.",
    "why": "why N: why choice N is not possible.",
    "undo": "undo: take back your last move.",
    "rules": "rules: the rules reference of this game.",
    "save": "save: save the game now (every move is saved anyway).",
    "plain": "plain on, or plain off: whether castletui starts in plain lines from now on.",
    "help": "help: these lines.",
    "quit": "quit: save and leave; castletui resume --plain goes on from here.",
}
"""The commands during a game, in the order help lists them."""

CHOOSING = (
    "Type a choice's number, or the start of its words, then Enter.",
    "0 or back goes up a level of choices; Enter alone says the choices again.",
)

REPLAYING = {
    "next": "next, or Enter: the next step.",
    "back": "back: the step before.",
    "turn": "turn N: the start of turn N.",
    "start": "start: before the first step.",
    "end": "end: the last step.",
    "board": "board: the board at this step, in sentences.",
    "score": "score: the score at this step.",
    "help": "help: these lines.",
    "quit": "quit: leave the replay.",
}
"""The commands while a saved game is stepped through."""


def parse(text: str, known: dict[str, str]) -> tuple[str, str] | None:
    """``(command, the rest)`` when ``text`` starts with a command of ``known``."""
    word, _, rest = text.strip().partition(" ")
    word = word.casefold()
    if word in known:
        return word, rest.strip()
    return None


def help_lines(known: dict[str, str], choosing: bool = True) -> list[str]:
    return [*(CHOOSING if choosing else ()), *known.values()]


def keep_plain(rest: str) -> str:
    """``plain on`` or ``plain off``: the player's setting (castletui/settings.py
    ``plain``; at a host, their account's), saved; what was done, in words."""
    wanted = rest.strip().casefold()
    if wanted not in ("on", "off"):
        return "Type plain on (castletui starts in plain lines from now on) or plain off."
    problem = settings.save(plain=wanted == "on")
    if problem:
        return f"The setting is {problem}."
    if wanted == "on":
        return "From now on castletui starts in plain lines (at a host: whenever you connect)."
    return "From now on castletui starts on the full screen; --plain (or ssh -t HOST plain) still gives plain lines."
