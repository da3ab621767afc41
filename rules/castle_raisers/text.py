"""Castle Raisers words: the log line of an action (``describe``), the
log lines of what the rules then did by themselves (``effects``, from the
state's events), action-bar labels (``label``) and the question put to the
person to move (``prompt``, the screen API's)."""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.castle_raisers.edition import (
    ABILITY_NAMES,
    SECTIONS,
    THREATS,
    TILES,
    TOKENS,
    WOLF_KINDS,
    WOLF_TITLES,
)
from castletui.rules.castle_raisers.state import (
    Action,
    ChooseBoard,
    DiscardTile,
    DraftTile,
    DrawAttack,
    DrawBoard,
    DrawStartPlayer,
    DrawThreat,
    DrawVillage,
    DrawWallTile,
    DrawWolf,
    PickLine,
    PlaceFortification,
    PlaceTile,
    PlaceVillage,
    PourCauldron,
    RemoveWolf,
    ResolveFirst,
    RevealLine,
    State,
    StopPouring,
    TakeVillage,
)
from castletui.rules.core import Event, seat_ref

ICON_SHORT = {"VIL": "Vil", "PRE": "Pre", "FOR": "For", "DIS": "Dis", "DEF": "Def"}
"""Three letters per icon, as the boards and the menu show them: enough to read without the legend."""
WOLF_LETTER = dict(zip(WOLF_KINDS, ("S", "L", "A", "V"), strict=True))
"""A wolf kind as one letter (soldier, soldier with Ladder, Archer, Vicious)."""


def wolves_short(counts: tuple[int, ...]) -> str:
    """``2S 1V``: wolves by kind, the kinds present only."""
    return " ".join(f"{n}{WOLF_LETTER[kind]}" for kind, n in zip(WOLF_KINDS, counts, strict=True) if n)


def tile_face(tile: str) -> str:
    """A Wall tile as its two icons: ``[Pre|For]`` (a blank half: ``-``)."""
    data = TILES[tile]
    return f"[{ICON_SHORT.get(data.left, '-')}|{ICON_SHORT.get(data.right, '-')}]"


_CONDITIONS = {
    "empty": "empty /{points}",
    "no_wolves": "no wolves /{points}",
    "attack": "Attack /{points}",
    "prestige": "Prestige /{points}",
    "wall": "wall /{points}",
}


def tile_text(tile: str) -> str:
    """``W1-03 VIL|DIS`` (a blank half shows as ``-``)."""
    data = TILES[tile]
    return f"{tile} {data.left or '-'}|{data.right or '-'}"


def token_text(token: str) -> str:
    """``V-Y3 (DIS; red /3)``: its ability on top, its condition below."""
    data = TOKENS[token]
    if data.condition == "colour":
        condition = f"{data.target} /{data.points}"
    else:
        condition = _CONDITIONS[data.condition].format(points=data.points)
    return f"{token} ({data.ability}; {condition})"


_CONDITION_WORDS = {
    "empty": "{points} per empty location",
    "no_wolves": "{points} if no wolf gets in",
    "attack": "{points} per Attack",
    "prestige": "{points} per Prestige",
    "wall": "{points} per wall level",
}


def token_words(token: str) -> str:
    """What a Village token scores in its section, in words: ``3 per red``."""
    data = TOKENS[token]
    if data.condition == "colour":
        return f"{data.points} per {data.target}"
    return _CONDITION_WORDS[data.condition].format(points=data.points)


def _wolf(kind: str) -> str:
    return WOLF_TITLES[WOLF_KINDS.index(kind)] if kind in WOLF_KINDS else kind


def _a_wolf(kind: str) -> str:
    name = _wolf(kind)
    return ("an " if name[:1] in "aeiou" else "a ") + name


def describe(state: State, action: Action) -> str:
    """One log line for ``action``, worked out before it is applied."""
    top = state.pending[-1] if state.pending else None
    seat = seat_ref(top.seat) if top else ""
    kind = top.kind if top else ""
    if isinstance(action, DrawStartPlayer):
        return f"{seat_ref(action.seat)} starts and takes the Mother Pig"
    if isinstance(action, DrawBoard):
        return f"{seat} takes Castle board {action.board}"
    if isinstance(action, ChooseBoard):
        return f"{seat} chooses Castle board {action.board}"
    if isinstance(action, DrawVillage):
        if kind == "village_blind":
            return f"{seat} draws {token_text(action.token)} from the {top.tile} stack"
        return f"The {top.tile if top else ''} stack turns up {token_text(action.token)}"
    if isinstance(action, DrawWolf):
        if kind == "line_wolf":
            return f"{_a_wolf(action.kind).capitalize()} joins line {top.section + 1}"
        return f"{seat} draws {_a_wolf(action.kind)} into the {SECTIONS[top.section]}"
    if isinstance(action, DrawWallTile):
        return f"Wall tile {tile_text(action.tile)} is revealed"
    if isinstance(action, DrawAttack):
        if kind == "dispatch":
            return f"{seat} dispatches wolves: the Attack token shows the {action.region}"
        if kind == "wolves_attack":
            return f"The wolves attack: the Attack token shows the {action.region}"
        if kind == "line_region":
            return f"The Attack token of line {top.section + 1} shows the {action.region}"
        return f"{seat} takes an Attack token showing the {action.region}"
    if isinstance(action, DrawThreat):
        return f"{seat} draws the Threat card {action.threat}"
    if isinstance(action, DraftTile):
        return f"{seat} takes Wall tile {tile_text(action.tile)}"
    if isinstance(action, PlaceTile):
        return f"{seat} places {tile_text(top.tile)} on level {action.level}, slot {action.slot}"
    if isinstance(action, ResolveFirst):
        return f"{seat} resolves {ABILITY_NAMES.get(action.ability, action.ability)} ({action.section}) first"
    if isinstance(action, TakeVillage):
        if kind == "start_village":
            return f"{seat} takes {token_text(action.token)} for the starting location"
        if action.token:
            return f"{seat} takes the face-up Village token {token_text(action.token)}"
        return f"{seat} takes the top of the {action.colour} stack, blind"
    if isinstance(action, PlaceVillage):
        return f"{seat} places {token_text(top.tile)} on location {action.location}"
    if isinstance(action, PlaceFortification):
        return f"{seat} places a Fortification tile on level {action.level}, slot {action.slot}"
    if isinstance(action, PourCauldron):
        return f"{seat} pours boiling soup on {_a_wolf(action.wolf)} in the {SECTIONS[top.section]}"
    if isinstance(action, StopPouring):
        return f"{seat} stops pouring ({top.count} cauldron{'s' if top.count != 1 else ''} unused)"
    if isinstance(action, DiscardTile):
        return f"{seat} discards Wall tile {tile_text(action.tile)}"
    if isinstance(action, RevealLine):
        return f"{seat} reveals the Attack token of line {action.line + 1}"
    if isinstance(action, RemoveWolf):
        return f"{seat} sends {_a_wolf(action.wolf)} of line {action.line + 1} back to the bag"
    if isinstance(action, PickLine):
        return f"{seat} chooses the Attack token of line {action.line + 1}"
    return f"{seat} {action!r}"


def label(view: State, action: Action) -> str:
    """A short action-bar text (no player names)."""
    if isinstance(action, DrawStartPlayer):
        return f"{seat_ref(action.seat)} starts"
    if isinstance(action, (DrawBoard, ChooseBoard)):
        return f"Board {action.board}"
    if isinstance(action, DrawVillage):
        return token_text(action.token)
    if isinstance(action, DrawWolf):
        return _wolf(action.kind).capitalize()
    if isinstance(action, DrawWallTile | DraftTile):
        return tile_text(action.tile)
    if isinstance(action, DrawAttack):
        return action.region.capitalize()
    if isinstance(action, DrawThreat):
        return action.threat + (" (castletui's own card)" if THREATS[action.threat].own else "")
    if isinstance(action, PlaceTile | PlaceFortification):
        return f"Level {action.level} slot {action.slot}"
    if isinstance(action, ResolveFirst):
        return f"{ABILITY_NAMES.get(action.ability, action.ability)} ({action.section}) first"
    if isinstance(action, TakeVillage):
        return token_text(action.token) if action.token else f"Top of {action.colour} stack"
    if isinstance(action, PlaceVillage):
        return f"Location {action.location}"
    if isinstance(action, PourCauldron):
        return f"Pour on {_wolf(action.wolf)}"
    if isinstance(action, StopPouring):
        return "Stop pouring"
    if isinstance(action, DiscardTile):
        return f"Discard {tile_text(action.tile)}"
    if isinstance(action, RevealLine):
        return f"Reveal line {action.line + 1}"
    if isinstance(action, RemoveWolf):
        return f"Line {action.line + 1}: remove {_wolf(action.wolf)}"
    if isinstance(action, PickLine):
        return f"Line {action.line + 1}"
    return repr(action)


# --- what the rules did by themselves ----------------------------------------------

ROMAN = ("0", "I", "II", "III", "IV")
WOLF_PLURALS = ("soldiers", "soldiers with ladders", "archers", "vicious wolves")


def effects(before: State, action: Action, after: State) -> list[str]:
    """Log lines for what the rules did by themselves in ``action`` (the
    events of ``after``), in the order they happened; ``describe`` already
    says what the action itself was."""
    lines: list[str] = []
    for event in after.events:
        _EVENT_LINES[event.kind](lines, event)
    return lines


def _count(n: int, singular: str, plural: str = "") -> str:
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _be(n: int) -> str:
    return "is" if n == 1 else "are"


def _go(n: int) -> str:
    return "goes" if n == 1 else "go"


def _verb(n: int, verb: str) -> str:
    return verb + "s" if n == 1 else verb


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _wolves(wolves: tuple[int, ...]) -> str:
    """``2 soldiers, 1 archer``: the wolves of a line by kind."""
    return ", ".join(
        f"{n} {WOLF_PLURALS[kind] if n > 1 else WOLF_TITLES[kind]}" for kind, n in enumerate(wolves) if n
    )


def _attack_kept(lines: list[str], event: Event) -> None:
    (section,) = event.detail
    lines.append(f"{seat_ref(event.seat)} keeps the Attack token in the {SECTIONS[section]} section")


def _age_start(lines: list[str], event: Event) -> None:
    lines.append(f"Age {ROMAN[event.detail[0]]} begins")


def _lines_laid(lines: list[str], event: Event) -> None:
    laid, wanted, per_line = event.detail
    if laid == 0:
        lines.append("No Attack tokens are left: no lines of wolves this age")
        return
    if laid < wanted:
        lines.append(f"Only {laid} Attack tokens are left: {laid} lines instead of {wanted}")
    lines.append(
        f"{_count(laid, 'Attack token')} {_be(laid)} laid face down, each with a line of {per_line} wolves"
    )


def _round_start(lines: list[str], event: Event) -> None:
    number, age = event.detail
    lines.append(f"Round {number} of Age {ROMAN[age]} begins: {seat_ref(event.seat)} goes first")


def _tile_returned(lines: list[str], event: Event) -> None:
    lines.append(f"Wall tile {tile_text(event.detail[0])} returns to the box")


def _end_age(lines: list[str], event: Event) -> None:
    lines.append(f"End of Age {ROMAN[event.detail[0]]}")


def _hungry_pack(lines: list[str], event: Event) -> None:
    name, count, region = event.detail
    lines.append(
        f"{name}: {seat_ref(event.seat)} draws {_count(count, 'more wolf', 'more wolves')} "
        f"into the {SECTIONS[region]}"
    )


def _lines_returned(lines: list[str], event: Event) -> None:
    tokens, wolves = event.detail
    if tokens:
        lines.append(f"{_count(tokens, 'Attack token')} of the lines {_go(tokens)} back to the supply")
    if wolves:
        lines.append(f"{_count(wolves, 'wolf', 'wolves')} left in the lines {_go(wolves)} back to the bag")


def _arrows(lines: list[str], event: Event) -> None:
    taken, archers = event.detail
    who = seat_ref(event.seat)
    if taken == archers:
        lines.append(f"{who} takes {_count(taken, 'Arrow token')} for {_count(archers, 'archer')}")
    elif taken == 0:
        lines.append(f"No Arrow tokens are left: {who} gets none for {_count(archers, 'archer')}")
    else:
        lines.append(
            f"Only {_count(taken, 'Arrow token')} {_be(taken)} left: {who} takes {taken} of {archers}"
        )


def _game_end(lines: list[str], event: Event) -> None:
    lines.append("The game ends")


def _wolves_enter(lines: list[str], event: Event) -> None:
    section, entering, laddered = event.detail
    line = (
        f"{_count(entering, 'wolf', 'wolves')} {_verb(entering, 'enter')} "
        f"{seat_ref(event.seat)}'s castle from the {SECTIONS[section]}"
    )
    lines.append(line + (", helped by a ladder" if laddered else ""))


def _mother_pig(lines: list[str], event: Event) -> None:
    lines.append(f"{seat_ref(event.seat)} takes the Mother Pig from {seat_ref(event.detail[0])}")


def _prestige(lines: list[str], event: Event) -> None:
    taken, wanted, section = event.detail
    who = seat_ref(event.seat)
    where = f"into the {SECTIONS[section]} section"
    if taken == wanted:
        lines.append(f"{who} takes {_count(taken, 'Prestige token')} {where}")
    elif taken == 0:
        lines.append(f"No Prestige tokens are left: {who} gets none")
    else:
        lines.append(
            f"Only {_count(taken, 'Prestige token')} {_be(taken)} left: {who} takes {taken} of {wanted} {where}"
        )


def _fortify_capped(lines: list[str], event: Event) -> None:
    name, cap = event.detail
    lines.append(f"{name}: {seat_ref(event.seat)} may take only {_count(cap, 'Fortification tile')}")


def _fortification(lines: list[str], event: Event) -> None:
    taken, allowed = event.detail
    who = seat_ref(event.seat)
    if taken == allowed:
        lines.append(f"{who} gets {_count(taken, 'Fortification tile')} to place")
    elif taken == 0:
        lines.append(f"No Fortification tiles are left: {who} gets none")
    else:
        lines.append(
            f"Only {_count(taken, 'Fortification tile')} {_be(taken)} left: {who} gets {taken} of {allowed}"
        )


def _line_arrives(lines: list[str], event: Event) -> None:
    line, region, *wolves = event.detail
    who = seat_ref(event.seat)
    total = sum(wolves)
    if total:
        lines.append(
            f"{_count(total, 'wolf', 'wolves')} {_verb(total, 'arrive')} in {who}'s {SECTIONS[region]}: "
            + _wolves(tuple(wolves))
        )
    else:
        lines.append(f"Line {line + 1} is empty: no wolf arrives in {who}'s {SECTIONS[region]}")


def _coming_by_land(lines: list[str], event: Event) -> None:
    name, count, region = event.detail
    lines.append(
        f"{name}: {seat_ref(event.seat)} draws {_count(count, 'more wolf', 'more wolves')} "
        f"into the {SECTIONS[region]}"
    )


# --- skipped decisions: said when a player would wonder ----------------------------


def _no_wolves_drawn(lines: list[str], event: Event) -> None:
    section, *seats = event.detail
    verb = "draws" if len(seats) == 1 else "draw"
    who = _and([seat_ref(seat) for seat in seats])
    lines.append(f"The bag is empty: {who} {verb} no more wolves into the {SECTIONS[section]}")


def _lines_unfilled(lines: list[str], event: Event) -> None:
    numbers = [str(line + 1) for line in event.detail]
    word, verb = ("line", "gets") if len(numbers) == 1 else ("lines", "get")
    lines.append(f"The bag is empty: {word} {_and(numbers)} {verb} no more wolves")


def _cauldrons_unused(lines: list[str], event: Event) -> None:
    section, count, empty, pourings = event.detail
    who, where = seat_ref(event.seat), SECTIONS[section]
    unused = _count(count, "cauldron")
    if pourings > 1:
        unused = f"{pourings} pourings of {unused}"
    if empty:
        lines.append(f"No wolves in {who}'s {where}: {unused} unused")
    else:
        lines.append(f"{who}'s {unused} cannot defeat any wolf left in the {where}")


def _stack_empty(lines: list[str], event: Event) -> None:
    lines.append(f"The Age {ROMAN[event.detail[0]]} stack is empty: no more Wall tiles are revealed")


def _no_replenish(lines: list[str], event: Event) -> None:
    lines.append(f"The {event.detail[0]} stack is empty: no Village token replaces the one taken")


def _said(words: str) -> Callable[[list[str], Event], None]:
    """A line that only names the event's seat (as ``{who}``)."""

    def say(lines: list[str], event: Event) -> None:
        lines.append(words.format(who=seat_ref(event.seat)))

    return say


_EVENT_LINES: dict[str, Callable[[list[str], Event], None]] = {
    "attack_kept": _attack_kept,
    "age_start": _age_start,
    "lines_laid": _lines_laid,
    "round_start": _round_start,
    "tile_returned": _tile_returned,
    "end_age": _end_age,
    "hungry_pack": _hungry_pack,
    "lines_returned": _lines_returned,
    "arrows": _arrows,
    "game_end": _game_end,
    "wolves_enter": _wolves_enter,
    "mother_pig": _mother_pig,
    "prestige": _prestige,
    "fortify_capped": _fortify_capped,
    "fortification": _fortification,
    "line_arrives": _line_arrives,
    "coming_by_land": _coming_by_land,
    "no_wolves_drawn": _no_wolves_drawn,
    "lines_unfilled": _lines_unfilled,
    "cauldrons_unused": _cauldrons_unused,
    "stack_empty": _stack_empty,
    "no_replenish": _no_replenish,
    "no_village_token": _said("No Village tokens are left: {who} settles no villager"),
    "no_village_location": _said("{who} has no location left for a Village token: no villager settles"),
    "no_wolf_removed": _said("No wolves are left in the lines: {who} removes none"),
    "no_dispatch": _said("No Attack tokens are left: {who}'s Dispatch sends no wolves"),
    "no_attack": _said("No Attack tokens are left: the wolves do not attack"),
    "no_coop_dispatch": _said("No Attack tokens are left in the supply: {who} takes none"),
    "no_draft": _said("No Wall tile is left for {who}"),
    "no_discard": _said("No Wall tile is left for {who} to discard"),
    "lines_face_up": _said("Every line's Attack token is already face up: {who} reveals none"),
    "no_threat": _said("No Threat card can be drawn for {who}"),
}
"""Event kind -> its log lines."""
