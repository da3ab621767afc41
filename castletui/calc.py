"""``castletui calc GAME [HELPER]``: a game's rules helpers on a plain line
prompt, for a table that wants the rulebook's answer without playing a
game in the app (Castle Raisers' Game End scoring, Catapult Castle's final
ranking and solo score, Castlecards' attack).

Headless: no textual, only the rules' screen API (``helpers``, see
``rules.core.screen``). Each helper is a conversation: every question is
printed on stdout with ``> ``, the answer is one line of stdin, a wrong
answer gets the rules' plain reason and is asked again, and the report
follows. Nothing here knows a rule: the questions, the reading of the
answers and the report are the game's.

    main(game_id, argv, stdin, stdout) -> int

``argv``: an optional helper name (``castletui calc catapult-castle solo``)
or ``--list``. Exit codes: 0 a report was given (or the list), 1 stdin ran
out before the last answer, 2 an unknown game or helper.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from rules import registry
from rules.core import IllegalAction, screen

PROMPT = "> "


class _Ended(Exception):
    """stdin ran out before the helper had all its answers."""


def _ask(question: str, stdin: TextIO, stdout: TextIO) -> str:
    stdout.write(question + "\n" + PROMPT)
    stdout.flush()
    line = stdin.readline()
    if not line:
        stdout.write("\n")
        raise _Ended
    return line.rstrip("\r\n")


def _choose_helper(
    helpers: tuple[screen.Helper, ...], title: str, stdin: TextIO, stdout: TextIO
) -> screen.Helper:
    if len(helpers) == 1:
        return helpers[0]
    listed = "  ".join(f"{number}) {helper.title}" for number, helper in enumerate(helpers, start=1))
    while True:
        typed = _ask(f"Which {title} helper? {listed}", stdin, stdout).strip().lower()
        for number, helper in enumerate(helpers, start=1):
            if typed in (str(number), helper.name, helper.title.lower()):
                return helper
        stdout.write(f"Type a number from 1 to {len(helpers)}.\n")


def run_helper(helper: screen.Helper, stdin: TextIO, stdout: TextIO) -> list[str]:
    """Ask ``helper``'s questions until it can report, and return its report
    (raises _Ended if stdin runs out first)."""
    answers: dict[str, Any] = {}
    while (question := helper.next_question(answers)) is not None:
        prompt = question.prompt + (f" [Enter: {question.default}]" if question.default else "")
        typed = _ask(prompt, stdin, stdout)
        if not typed.strip() and question.default:
            typed = question.default
        try:
            answers[question.key] = question.parse(typed)
        except IllegalAction as refusal:
            stdout.write(f"{refusal.reason}\n")
    return helper.report(answers)


def main(game_id: str, argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """Run ``game_id``'s rules helper named in ``argv`` (or asked for)."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame as unknown:
        stdout.write(f"{unknown}\n")
        return 2
    title = game.INFO.title
    helpers = screen.helpers(game)
    if not helpers:
        stdout.write(f"{title} has no rules helper yet.\n")
        return 2
    if list(argv) == ["--list"]:
        for helper in helpers:
            stdout.write(f"{helper.name}: {helper.title}. {helper.summary}\n")
        return 0
    if len(argv) > 1:
        stdout.write(f"Name at most one helper ({', '.join(h.name for h in helpers)}).\n")
        return 2
    try:
        if argv:
            chosen = [helper for helper in helpers if helper.name == argv[0]]
            if not chosen:
                stdout.write(
                    f"{title} has no helper {argv[0]!r}: it has {', '.join(h.name for h in helpers)}.\n"
                )
                return 2
            helper = chosen[0]
        else:
            helper = _choose_helper(helpers, title, stdin, stdout)
        stdout.write(f"{title}: {helper.title}. {helper.summary}\n")
        report = run_helper(helper, stdin, stdout)
    except _Ended:
        stdout.write("No more answers: nothing was worked out.\n")
        return 1
    except IllegalAction as refusal:
        stdout.write(f"{refusal.reason}\n")
        return 1
    except Exception as error:  # noqa: BLE001 - a table gets a plain line, never a traceback
        stdout.write(f"castletui calc could not work that out ({type(error).__name__}: {error}).\n")
        return 1
    stdout.write("\n")  # the report apart from the last answer
    for line in report:
        stdout.write(line + "\n")
    return 0
