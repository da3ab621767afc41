"""A menu level's lines as numbered choices, and what a typed answer
means. Numbers come before words ("3. Build a road"); a line the rules
refuse keeps its number, says it is not possible, and ``why 3`` gives the
rules' reason. Which lines there are and why one is refused is the
driver's and the rules' to say: nothing here decides what is legal."""

from __future__ import annotations

from dataclasses import dataclass

from castletui.frame import Line

BACK = "back"
"""The command of a line that goes up a menu level (the games' own Back lines)."""
REFUSED_MARK = "\u2717 "
"""How the driver opens a rules' "why not?" line (its label is the line's ``note``)."""


@dataclass(frozen=True)
class Choice:
    number: int
    line: Line

    @property
    def words(self) -> str:
        return words_of(self.line)

    @property
    def possible(self) -> bool:
        return not self.line.disabled

    def shown(self) -> str:
        """The choice as one line: its number, then its words."""
        if not self.possible:
            # A line that says its own reason is named short: why N says the rest.
            words = self.words.replace(self.line.why_not, "").rstrip(" :;,.") or self.words
            return f"{self.number}. Not possible: {words} (why {self.number})"
        return f"{self.number}. {self.words}"


SPOKEN = ((" → ", ", then "), ("→", "then"))
"""The screen's arrows in words: a screen reader says "right arrow"."""


def words_of(line: Line) -> str:
    """A line's words without the screen's mark of a refused line, its
    marks said in words (an arrow, a card added by "+")."""
    if line.text.startswith(REFUSED_MARK) and line.note:
        return line.note
    words = " ".join(line.text.split())
    for mark, said in SPOKEN:
        words = words.replace(mark, said)
    if words.startswith("+ "):
        words = "Add " + words[2:]
    return words


def numbered(lines: tuple[Line, ...] | list[Line]) -> list[Choice]:
    return [Choice(index + 1, line) for index, line in enumerate(lines)]


@dataclass(frozen=True)
class Answer:
    """What a typed line means: a ``choice`` to take, going ``back`` up a
    level, or a ``message`` to say (a refusal, the matches of a prefix)."""

    choice: Choice | None = None
    back: bool = False
    message: tuple[str, ...] = ()


def understand(text: str, choices: list[Choice], deeper: bool) -> Answer:
    """The choice ``text`` names: a number, or the start of a choice's words
    (any case; the words in full win over a longer choice they begin)."""
    if text.isdigit():
        number = int(text)
        if number == 0:
            return (
                Answer(back=True) if deeper else Answer(message=("You are at the first level of choices.",))
            )
        if not 1 <= number <= len(choices):
            return Answer(message=(f"There is no choice {number}: {range_words(choices, deeper)}.",))
        choice = choices[number - 1]
        if not choice.possible:
            return Answer(message=(f"{choice.words} is not possible: {choice.line.why_not}",))
        return Answer(choice)
    wanted = text.casefold()
    possible = [choice for choice in choices if choice.possible]
    exact = [choice for choice in possible if choice.words.casefold() == wanted]
    if len(exact) == 1:
        return Answer(exact[0])
    starting = [choice for choice in possible if choice.words.casefold().startswith(wanted)]
    if len(starting) == 1:
        return Answer(starting[0])
    if starting:
        return Answer(
            message=(f"{len(starting)} choices start with {text}; type more, or a number:",)
            + tuple(choice.shown() for choice in starting)
        )
    refused = [
        choice for choice in choices if not choice.possible and choice.words.casefold().startswith(wanted)
    ]
    if len(refused) == 1:
        choice = refused[0]
        return Answer(message=(f"{choice.words} is not possible: {choice.line.why_not}",))
    return Answer(message=(f"No choice starts with {text}: {range_words(choices, deeper)}, or help.",))


def range_words(choices: list[Choice], deeper: bool) -> str:
    low = 0 if deeper else 1
    if not choices:
        return "type 0 to go back" if deeper else "there is nothing to choose"
    return f"type a number from {low} to {len(choices)}"


def why(number_text: str, choices: list[Choice]) -> str:
    """``why N``: why choice N is not possible, in the rules' words."""
    if not number_text.isdigit():
        return "Type why and a choice's number, for example why 2."
    number = int(number_text)
    if not 1 <= number <= len(choices):
        return f"There is no choice {number}."
    choice = choices[number - 1]
    if choice.possible:
        return f"Choice {number}, {choice.words}, is possible."
    return f"Choice {number}, {choice.words}, is not possible: {choice.line.why_not}"


def is_back(line: Line) -> bool:
    return line.command == BACK


def no_action(line: Line) -> bool:
    """A line that only shows (neither an action, a group nor a command)."""
    return line.action is None and line.group is None and not line.command
