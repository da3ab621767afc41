"""The screen API: what the app asks a game so that one frame can show any
game. Each is an optional hook of a game's face, living in the same module
of every game (``prompt``, ``spot``, ``group``, ``preview`` in ``queries``,
``refusals`` in ``legal``, ``label`` in ``text``, ``helpers`` in ``calc``;
tests/rules/test_game_plan.py holds them there); these functions give the
app the game's answer or the kit's default (through
:class:`rules.core.hooks.Hooks`), so a game adds them one at a time.

**The gate.** Every hook of the screen API is given ``view(state, seat)``
for the seat that will read its answer, never the full state: what a
screen shows a seat is computed from what that seat may see, so no hook
can leak a hidden card, however it is written. Given the view, a hook
answers as it would on the full state wherever the answer is that seat's
to know (``tests/rules/test_screen_hooks_on_view.py`` holds every game to
it over seeded random games, and to saying the same whatever is hidden
from the seat is swapped). The actions a screen asks about are the seat's
legal actions, as ``legal_actions`` gives them on the view. In table mode
too: there a view carries what the table knows of the cards nobody has
named (each deck's unseen pool, as counts), so an unseen card is named
from the view alone.

- ``prompt(view, seat) -> str``: the question shown to the person to move
  ("{P0}, choose a target:"; seats as ``seat_ref``).
- ``spot(view, action) -> Hashable | None``: the board place an action is
  about (a square, a slot, a hex, a corner, an edge), as the game's board
  widget names its places; the board cursor and clicks find actions by it.
- ``group(view, action) -> tuple[str, ...]``: where the action sits in a
  menu of several steps, e.g. ("Build", "Road") above "Road on edge 12";
  () puts it at the top level. The frame opens one level at a time and
  Escape steps back one.
- ``preview(view, action, seat) -> str``: what choosing the action would
  do, as that seat may know it ("3 swords against 2 shields: wins").
- ``refusals(view, seat) -> list[Refusal]`` ("Why not?"): the actions
  ``seat`` might expect to take now but may not, each with a short label
  and the rules' reason, in the words ``apply`` refuses them with (a game
  computes both from one function, never a second copy of a rule). Empty
  when it is not ``seat``'s decision, or when a game has none. The frame
  shows them greyed beside the legal actions.
- ``label(view, action) -> str`` (the face's ``label``, default
  ``describe``): the text of an action in a menu, on the reading seat's
  view like the rest.
- ``scene(view, seat) -> Scene``: what the seat's screen draws, as typed
  data (rules/core/scene.py); the boards, the players panel and the
  replay boards draw the scene and read nothing else.
- ``menu(view, seat, path, lines) -> list[Line]``: the lines of menu
  level ``path`` as the game shows them, given the lines made from the
  hooks above (rules/core/menu.py); each has a stable ``key``, so the app
  never matches a line's words.
- ``steady_choice(view, seat, action, seed, ply)``: for a player who
  decides by lines (plain, JSON, a program seat), an action the screen
  plays as a mini-game (Catapult Castle's aim) made without it: the action
  with the outcome drawn from the game's seed and the ply (the same after
  an undo), its words and a note said before the choices; None by default.
- ``helpers() -> tuple[Helper, ...]`` (rules helpers): the calculators a
  table asks the rulebook for without playing a game in the app (a final
  score sheet, a ranking, an attack). A :class:`Helper` is a conversation
  of plain questions and a report, all in the game's words, so a headless
  line prompt (``castletui calc GAME``) and a screen can both drive it.

The readers of what a player types (:func:`parse_whole_numbers`,
:func:`parse_counts` for "2 soldier 1 archer", :func:`parse_choice`) are
shared by the helpers and by table-mode entry of several pieces at once;
each refuses with an IllegalAction whose reason says what to type.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, NamedTuple

from castletui.rules.core.hooks import Hooks
from castletui.rules.core.protocol import Game, IllegalAction
from castletui.rules.core.scene import Scene


def prompt(game: Game, view: Any, seat: int) -> str:
    return Hooks(game).prompt(view, seat)


def spot(game: Game, view: Any, action: Any) -> Hashable | None:
    return Hooks(game).spot(view, action)


def group(game: Game, view: Any, action: Any) -> tuple[str, ...]:
    return Hooks(game).group(view, action)


def preview(game: Game, view: Any, action: Any, seat: int) -> str:
    return Hooks(game).preview(view, action, seat)


def scene(game: Game, view: Any, seat: int) -> Scene:
    """``game``'s scene for ``seat``, from that seat's view (rules/core/scene.py)."""
    return Hooks(game).scene(view, seat)


def menu(game: Game, view: Any, seat: int, path: tuple[str, ...], lines: list[Any]) -> list[Any]:
    """The lines of menu level ``path`` as the game shows them: the game's
    ``menu`` hook, given the lines the driver made (rules/core/menu.py)."""
    return Hooks(game).menu(view, seat, path, lines)


def steady_choice(
    game: Game, view: Any, seat: int, action: Any, seed: int | str, ply: int
) -> tuple[Any, str, str] | None:
    """``action`` as a player deciding by lines makes it, or None (Hooks.steady_choice)."""
    return Hooks(game).steady_choice(view, seat, action, seed, ply)


def has_preview(game: Game) -> bool:
    return Hooks(game).own("preview") is not None


class Refusal(NamedTuple):
    """An action a player might expect but may not take now: a short
    ``label`` ("Keep", "Pour on the vicious wolf") and the rules' ``reason``
    ("needs 3 ore and 2 grain, you have 1 ore"); ``key`` names it for the
    code (its line's key, rules/core/menu.py; default: the label)."""

    label: str
    reason: str
    key: str = ""


def refusals(game: Game, view: Any, seat: int) -> list[Refusal]:
    """The game's "why not?" list for ``seat`` (empty without the hook)."""
    return [Refusal(*refusal) for refusal in Hooks(game).refusals(view, seat)]


# --- rules helpers ------------------------------------------------------------


class Question(NamedTuple):
    """One question of a rules helper.

    ``key`` names the answer in the answers so far; ``prompt`` is asked as
    is; ``parse(text)`` turns what was typed into the answer's value, or
    raises IllegalAction with a plain reason (the question is then asked
    again); ``default`` is what an empty answer means ("" = none: an empty
    answer is parsed like any other)."""

    key: str
    prompt: str
    parse: Callable[[str], Any]
    default: str = ""


class Helper(NamedTuple):
    """A rules helper: ``next_question(answers)`` gives the next question
    from the answers so far (a dict of ``key`` -> parsed value), or None
    when all is known; ``report(answers)`` then gives the result, one line
    of text each. Both are pure: a helper keeps no state of its own."""

    name: str
    title: str
    summary: str
    next_question: Callable[[Mapping[str, Any]], Question | None]
    report: Callable[[Mapping[str, Any]], list[str]]


def helpers(game: Game) -> tuple[Helper, ...]:
    """The game's rules helpers (none without the hook)."""
    return Hooks(game).helpers()


# --- parsing what a player typed (for helpers and table-mode count entry) ----


def parse_whole_numbers(text: str, count: int, what: str) -> tuple[int, ...]:
    """``count`` whole numbers of 0 or more typed apart by spaces or commas
    ("5 6 5"); IllegalAction naming ``what`` they are if not."""
    words = text.replace(",", " ").split()
    numbers = []
    for word in words:
        if not word.isdigit():
            break
        numbers.append(int(word))
    if len(words) != count or len(numbers) != count:
        example = " ".join(str(n) for n in range(1, count + 1))
        many = "a whole number" if count == 1 else f"{count} whole numbers"
        raise IllegalAction(f"Type {many} of 0 or more ({what}), e.g. {example}.")
    return tuple(numbers)


def parse_counts(text: str, kinds: tuple[str, ...], count: int | None = None) -> tuple[int, ...]:
    """How many of each of ``kinds`` were typed, as counts in ``kinds``
    order: "2 soldier 1 archer" (a kind by its name, its plural or the start
    of its name; a count without a kind is 1: "soldier archer"), a run of
    first letters where each starts one kind only ("ssa": two soldiers and
    an archer), or one number per kind in order ("2 0 1 0"); an empty
    answer is none at all.

    A word may read both ways: "pr" starts "Prestige" and is the first
    letters of "Prestige red". Given the ``count`` of pieces drawn, the
    reading that adds up to it wins; without it, the start of a name does."""
    lowered = text.replace(",", " ").lower()
    # A kind of several words ("Tower of the Hand") is typed as it is named.
    for kind in sorted(kinds, key=len, reverse=True):
        if " " in kind:
            lowered = lowered.replace(kind.lower(), kind.lower().replace(" ", "-"))
    words = lowered.split()
    if not words:
        return (0,) * len(kinds)
    if len(words) == len(kinds) and all(word.isdigit() for word in words):
        return tuple(int(word) for word in words)
    try:
        by_names = _read_counts(words, kinds, letters_first=False)
    except IllegalAction:
        if count is None:
            raise
        by_names = None
    if count is not None and (by_names is None or sum(by_names) != count):
        try:
            by_letters = _read_counts(words, kinds, letters_first=True)
        except IllegalAction:
            by_letters = None
        if by_letters is not None and sum(by_letters) == count:
            return by_letters
        if by_names is None:
            return _read_counts(words, kinds, letters_first=False)  # raises with the reason
    assert by_names is not None
    return by_names


def _read_counts(words: list[str], kinds: tuple[str, ...], letters_first: bool) -> tuple[int, ...]:
    """``parse_counts`` of the words, a word that is both the start of one
    name and a run of first letters read as the run if ``letters_first``."""
    counts = [0] * len(kinds)
    pending = 1
    number_waiting = False
    for word in words:
        if word.isdigit():
            if number_waiting:
                break
            pending, number_waiting = int(word), True
            continue
        matches = [
            index
            for index, kind in enumerate(kinds)
            if _typed(kind) == word or _typed(kind) + "s" == word or _typed(kind).startswith(word)
        ]
        exact = [index for index in matches if _typed(kinds[index]) in (word, word[:-1])]
        matches = exact if len(exact) == 1 else matches
        run = _first_letters(word, kinds) if not number_waiting else None
        if letters_first and run and len(run) > 1 and not exact:
            matches = []
        if len(matches) == 1:
            counts[matches[0]] += pending
            pending, number_waiting = 1, False
            continue
        if run:
            for index in run:
                counts[index] += 1
            continue
        if matches:
            several = ", ".join(kinds[index] for index in matches)
            raise IllegalAction(f"{word!r} could be {several}: type more of its name.")
        listed = ", ".join(kinds)
        raise IllegalAction(
            f"{word!r} is not one of {listed}: type counts like '2 {kinds[0]} 1 {kinds[-1]}'."
        )
    else:
        if not number_waiting:
            return tuple(counts)
    listed = ", ".join(kinds)
    raise IllegalAction(f"Say what each number counts ({listed}): e.g. '2 {kinds[0]} 1 {kinds[-1]}'.")


def _first_letters(word: str, kinds: tuple[str, ...]) -> list[int] | None:
    """A run of first letters, one piece each ("ssa": two soldiers and an
    archer), when every letter starts exactly one kind's name; else None."""
    starts = [_typed(kind)[:1] for kind in kinds]
    run = []
    for letter in word:
        if starts.count(letter) != 1:
            return None
        run.append(starts.index(letter))
    return run


def _typed(kind: str) -> str:
    return kind.lower().replace(" ", "-")


def parse_choice(text: str, choices: Mapping[str, Any], what: str) -> Any:
    """The value of the choice whose name starts with what was typed
    (case-insensitive; an exact name wins); IllegalAction listing them if
    none or several fit."""
    typed = text.strip().lower()
    exact = [value for name, value in choices.items() if name.lower() == typed]
    if exact:
        return exact[0]
    fits = [value for name, value in choices.items() if typed and name.lower().startswith(typed)]
    if len(fits) == 1:
        return fits[0]
    raise IllegalAction(f"Type one of: {', '.join(choices)} ({what}).")
