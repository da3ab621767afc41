"""``castletui calc GAME [HELPER]``: a game's rules helpers on a plain line
prompt, for a table that wants the rulebook's answer without playing a
game in the app (Castle Raisers' Game End scoring, Catapult Castle's final
ranking and solo score, Castlecards' attack, GoT Catan's Longest Road,
production, discards, score and wildling dice).

Headless: no textual, only the rules' screen API (``helpers``, see
``rules.core.screen``) and Rich's ``Prompt``, which asks until an answer
is valid. Each helper is a conversation: every question is printed on
stdout with ``> ``, the answer is one line of stdin, and the game checks
it at once (with the answers before it): a wrong answer gets the rules'
plain reason and that question is asked again, the others kept. The
report follows. Nothing here knows a rule: the questions, the reading of
the answers and the report are the game's.

    main(game_id, argv, stdin, stdout) -> int

``argv``: an optional helper name (``castletui calc GAME solo``)
or ``--list``. Exit codes: 0 a report was given (or the list), 1 stdin ran
out before the last answer, 2 an unknown game or helper.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.prompt import InvalidResponse, Prompt
from rich.text import Text

from castletui.rules import registry
from castletui.rules.core import IllegalAction, screen

PROMPT = "> "


class _Ended(Exception):
    """stdin ran out before the helper had all its answers."""


class _HelperPrompt(Prompt):
    """Rich's prompt loop over one helper question: the answer is read by
    the game's ``parse`` (an empty one as the question's default), and a
    refusal is printed with the rules' reason before asking again. The
    question's words are shown as they are (no Rich markup: a reason may
    hold brackets)."""

    prompt_suffix = "\n" + PROMPT

    def __init__(self, question: screen.Question, console: Console) -> None:
        default = f" [Enter: {question.default}]" if question.default else ""
        super().__init__(Text(question.prompt + default), console=console)
        self.question = question

    @classmethod
    def get_input(cls, console: Console, prompt: Any, password: bool, stream: TextIO | None = None) -> str:
        console.print(prompt, end="")
        assert stream is not None
        line = stream.readline()
        if not line:  # stdin ran out (Rich would take it for an empty answer)
            console.print()
            raise _Ended
        return line.rstrip("\r\n")

    def process_response(self, value: str) -> Any:
        typed = value if value.strip() or not self.question.default else self.question.default
        try:
            return self.question.parse(typed)
        except IllegalAction as refusal:
            raise InvalidResponse(Text(refusal.reason, style="prompt.invalid")) from refusal


def _console(stdout: TextIO) -> Console:
    """Rich on ``stdout``: colour on a terminal (NO_COLOR respected), plain
    text in a pipe, and long questions never wrapped by Rich (the terminal
    wraps them)."""
    return Console(file=stdout, highlight=False, markup=False, emoji=False, soft_wrap=True)


def ask(question: screen.Question, stdin: TextIO, console: Console) -> Any:
    """The parsed answer to ``question``, asked until the game accepts it
    (raises _Ended if stdin runs out first)."""
    return _HelperPrompt(question, console)(stream=stdin)


def _choose_helper(
    helpers: tuple[screen.Helper, ...], title: str, stdin: TextIO, console: Console
) -> screen.Helper:
    if len(helpers) == 1:
        return helpers[0]
    listed = "  ".join(f"{number}) {helper.title}" for number, helper in enumerate(helpers, start=1))

    def chosen(text: str) -> screen.Helper:
        typed = text.strip().lower()
        for number, helper in enumerate(helpers, start=1):
            if typed in (str(number), helper.name, helper.title.lower()):
                return helper
        raise IllegalAction(f"Type a number from 1 to {len(helpers)}.")

    return ask(screen.Question("helper", f"Which {title} helper? {listed}", chosen), stdin, console)


def run_helper(helper: screen.Helper, stdin: TextIO, stdout: TextIO | Console) -> list[str]:
    """Ask ``helper``'s questions until it can report, and return its report
    (raises _Ended if stdin runs out first). A refused answer is asked
    again; the answers before it stay."""
    console = stdout if isinstance(stdout, Console) else _console(stdout)
    answers: dict[str, Any] = {}
    while (question := helper.next_question(answers)) is not None:
        answers[question.key] = ask(question, stdin, console)
    return helper.report(answers)


def main(game_id: str, argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """Run ``game_id``'s rules helper named in ``argv`` (or asked for)."""
    console = _console(stdout)
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
            helper = _choose_helper(helpers, title, stdin, console)
        stdout.write(f"{title}: {helper.title}. {helper.summary}\n")
        report = run_helper(helper, stdin, console)
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
