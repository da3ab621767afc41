"""Castle Raisers as sentences, for the plain mode's ``board``, ``hand``
and ``score`` (read aloud by a screen reader): each castle (the viewer's
first), then the Piggy board, the Village board and the Threat cards.

Everything comes from the seat's scene (rules/castle_raisers/scene.py).
Wall slots are numbered as the action bar numbers them ("level 1 slot 0"),
Village locations by their names ("T1"), Wall tiles by their ids.
"""

from __future__ import annotations

from typing import Any

from castletui.games.sentences import count, listed, points, score_lines, sentences, whose, wrapped
from castletui.rules.core import seat_ref

__all__ = ["board", "hand", "score"]
"""What the plain mode calls (``castletui.games.part(game_id, "words")``)."""

ICONS = {
    "VIL": "Settle",
    "PRE": "Prestige",
    "FOR": "Fortify",
    "DIS": "Dispatch",
    "DEF": "Defend",
}
"""An icon as said aloud: the ability's verb, as the rulebook names them."""
WOLVES = {
    "soldier": ("soldier", "soldiers"),
    "ladder": ("soldier with a ladder", "soldiers with ladders"),
    "archer": ("archer", "archers"),
    "vicious": ("vicious wolf", "vicious wolves"),
}
"""Each kind of wolf, one and many."""


def board(scene: Any) -> list[str]:
    """Every castle (the viewer's first), the Piggy board, the Village
    board and the Threat cards, short sentences first in each."""
    viewer = scene.seat
    order = sorted(range(len(scene.castles)), key=lambda seat: seat != viewer)
    lines: list[str] = []
    for seat in order:
        lines += castle(scene, seat)
    lines += piggy(scene)
    lines += village_board(scene)
    lines += threats(scene)
    return lines


def hand(scene: Any) -> list[str]:
    """Castle Raisers hides nothing: what the viewer holds is the tile it
    is placing now, if any."""
    asking = scene.asking
    if asking is None or asking.seat != scene.seat:
        return []
    if asking.fortification:
        return ["You hold a Fortification tile to place on your wall."]
    if asking.tile is not None and not asking.drafting:
        return [f"You hold Wall tile {tile_words(asking.tile)}, to place on your wall."]
    return []


def score(scene: Any) -> list[str]:
    """Each player's score as it stands, the team's in the co-operative and
    solo games, who leads and the score sheet line by line."""
    lines = []
    team = scene.team
    if team is not None:
        over = scene.standing is not None and scene.standing.finished
        state = "beaten" if team.beat else ("not beaten" if over else "not beaten yet")
        lines.append(f"Team: {points(team.score)} points, the wolves' {team.target} to beat, {state}.")
    return lines + score_lines(scene.standing, scene.seat)


# --- a castle -------------------------------------------------------------------------


def castle(scene: Any, seat: int) -> list[str]:
    """One castle: its board and height, its wall level by level, the icons
    still showing, the wolves outside, the Village, the piles, the counts."""
    drawn = scene.castles[seat]
    owner = whose(seat, scene.seat)
    if not drawn.board:
        return [f"{owner} castle: no Castle board yet."]
    sections = scene.glossary.sections
    wall = f"wall {count(drawn.levels, 'level')} high" if drawn.levels else "no wall built yet"
    lines = [
        f"{owner} castle: board {drawn.board}, {wall}, "
        f"{count(drawn.wolves_around, 'wolf', 'wolves')} around, {count(drawn.arrows, 'arrow')}."
    ]
    heights = [f"{name} {height}" for name, height in zip(sections, drawn.heights, strict=False)]
    lines.append(f"{owner} wall heights: {listed(heights)}.")
    for level in drawn.wall[: drawn.levels]:
        lines += sentences(f"{owner} wall, level {level[0].level}", _level(level))
    lines += _icons(scene, drawn, owner)
    lines += _regions(scene, drawn, owner)
    lines += _village(scene, drawn, owner)
    for pile, sizes in (("Prestige", drawn.prestige), ("Attack", drawn.attack)):
        piles = [f"{name} {n}" for name, n in zip(sections, sizes, strict=False)]
        lines.append(f"{owner} {pile} tokens: {listed(piles)}.")
    for name, section in zip(sections, drawn.counts, strict=False):
        counts = [f"{ICONS.get(icon, icon)} {n}" for icon, n in section]
        lines += sentences(f"{owner} ability counts in {name}", [listed(counts)])
    return lines


def _level(level: tuple[Any, ...]) -> list[str]:
    """Which slots of a level hold what."""
    tiles = [str(slot.slot) for slot in level if slot.piece]
    fortified = [str(slot.slot) for slot in level if slot.fortified]
    empty = [str(slot.slot) for slot in level if not slot.piece and not slot.fortified]
    return [
        _slots(tiles, "a Wall tile", "Wall tiles"),
        _slots(fortified, "a Fortification tile", "Fortification tiles"),
        _slots(empty, "empty", "empty", verb=True),
    ]


def _slots(slots: list[str], one: str, many: str, verb: bool = False) -> str:
    if not slots:
        return ""
    if len(slots) == 1:
        return f"slot {slots[0]} {'is ' if verb else 'has '}{one}"
    return f"slots {listed(slots)} {'are ' if verb else 'have '}{many}"


def _icons(scene: Any, drawn: Any, owner: str) -> list[str]:
    """The icons not covered yet, by the section they count in, each slot's
    together ("Settle left and Prestige right at level 2 slot 5")."""
    quarter = scene.glossary.columns // len(scene.glossary.sections)
    found: list[list[str]] = [[] for _ in scene.glossary.sections]
    base = [[] for _ in scene.glossary.sections]
    for half in drawn.foundation:
        if half.icon and not half.covered:
            base[half.column // quarter].append(ICONS.get(half.icon, half.icon))
    for section, icons in enumerate(base):
        if icons:
            found[section].append(f"{listed(icons)} on the foundation")
    for level in drawn.wall[: drawn.levels]:
        for slot in level:
            showing: dict[int, list[str]] = {}
            for side, half in zip(("left", "right"), slot.halves, strict=True):
                if half.icon and not half.covered:
                    showing.setdefault(half.column // quarter, []).append(
                        f"{ICONS.get(half.icon, half.icon)} {side}"
                    )
            for section, icons in showing.items():
                found[section].append(f"{listed(icons)} at level {slot.level} slot {slot.slot}")
    lines = []
    for name, icons in zip(scene.glossary.sections, found, strict=True):
        lines += sentences(f"{owner} icons in {name}", icons, empty="none", sep="; ")
    return lines


def wolves_words(counts: tuple[int, ...], kinds: list[str]) -> str:
    """ "2 soldiers and 1 vicious wolf", "no wolves"."""
    said = [
        f"{n} {WOLVES.get(kind, (kind, kind))[n != 1]}" for kind, n in zip(kinds, counts, strict=False) if n
    ]
    return listed(said) if said else "no wolves"


def _regions(scene: Any, drawn: Any, owner: str) -> list[str]:
    kinds = list(scene.glossary.wolf_letters)
    lines = []
    for name, region in zip(scene.glossary.sections, drawn.regions, strict=False):
        entering = f"; {region.entering} would get in now" if region.entering else ""
        lines += wrapped(f"{owner} wolves in {name}: {wolves_words(region.wolves, kinds)}{entering}.")
    return lines


def _scoring(drawn: Any, token: str) -> str:
    """What a Village token scores ("3 per red")."""
    return next((entry.words for entry in drawn.village_points if entry.token == token), "nothing yet")


def _where(scene: Any, location: Any) -> str:
    """ "T1 in forests", "B_FS on the forests and sea border"."""
    names = [scene.glossary.sections[section] for section in location.sections]
    if len(names) > 1:
        return f"{location.name} on the {listed(names)} border"
    return f"{location.name} in {listed(names)}"


def _village(scene: Any, drawn: Any, owner: str) -> list[str]:
    lines = []
    for location in drawn.village:
        if location.token:
            icon = ICONS.get(location.icon, location.icon)
            lines += wrapped(
                f"{owner} Village at {_where(scene, location)}: {location.colour} {icon} token {location.token}."
            )
            lines.append(f"Village token {location.token} scores {_scoring(drawn, location.token)}.")
    empty = [location.name for location in drawn.village if not location.token]
    lines += sentences(f"{owner} empty Village locations", empty, empty="none")
    return lines


# --- the shared boards ----------------------------------------------------------------


def tile_words(tile: Any) -> str:
    """ "W1-03, straw, Settle left and Dispatch right" (a blank half: "blank")."""
    halves = [ICONS.get(icon, icon) if icon else "blank" for icon in (tile.left, tile.right)]
    material = f", {tile.material}" if tile.material else ""
    return f"{tile.tile}{material}, {halves[0]} left and {halves[1]} right"


def _name(seat: int, viewer: int) -> str:
    return "you" if seat == viewer else seat_ref(seat)


def piggy(scene: Any) -> list[str]:
    """The Piggy board: the age and round, the Mother Pig and the order, the
    tiles face up, the supplies and the bag; co-operative: the lines."""
    if not scene.age:
        head = "Piggy board: the game is being set up"
    else:
        head = f"Piggy board: age {scene.age}, round {scene.round} of {scene.rounds_per_age}"
    if scene.mother_pig >= 0:
        head += f", the Mother Pig is with {_name(scene.mother_pig, scene.seat)}"
    lines = [head + "."]
    if scene.round_order and len(scene.castles) > 1:
        order = [_name(seat, scene.seat) for seat in scene.round_order]
        lines.append(f"Order this round: {listed(order)}.")
    lines += sentences("Wall tiles face up", [tile_words(tile) for tile in scene.revealed], sep="; ")
    lines.append(f"Wall tiles left in the stack: {scene.wall_stack}.")
    supply = scene.supplies
    lines.append(
        f"Supply: {supply.fortification} Fortification, {supply.prestige} Prestige, "
        f"{supply.attack} Attack and {supply.arrow} Arrow tokens."
    )
    kinds = list(scene.glossary.wolf_letters)
    bag = sum(scene.bag)
    if bag:
        lines += sentences(f"Bag: {count(bag, 'wolf', 'wolves')}", [wolves_words(scene.bag, kinds)])
    else:
        lines.append("Bag: empty.")
    for index, line in enumerate(scene.lines):
        token = f"Attack token {line.region}" if line.region else "Attack token face down"
        taken = ", taken" if line.picked else ""
        said = wolves_words(_counts(scene, line.wolves), kinds)
        lines.append(f"Line {index + 1}: {token}, {said}{taken}.")
    return lines


def _counts(scene: Any, short: str) -> tuple[int, ...]:
    """ "2S 1V" (the scene's short words for a line's wolves) as counts by kind."""
    letters = list(scene.glossary.wolf_letters.values())
    counts = [0] * len(letters)
    for part in short.split():
        counts[letters.index(part[-1])] += int(part[:-1])
    return tuple(counts)


def village_board(scene: Any) -> list[str]:
    """The Village board: each colour's stack and its face-up tokens."""
    lines = []
    for stack in scene.village:
        lines.append(
            f"Village board, {stack.colour}: {count(stack.left, 'token')} in the stack, {len(stack.face_up)} face up."
        )
        for token in stack.face_up:
            icon = ICONS.get(token.icon, token.icon)
            lines.append(
                f"Village board, {stack.colour} face up: {token.token}, {icon}, scoring {token.words}."
            )
    return lines


def threats(scene: Any) -> list[str]:
    """The Threat cards in play (co-operative and solo), whose, and whether met."""
    lines = []
    for card in scene.threats:
        met = "met so far" if card.met else "not met yet"
        lines.append(f"{whose(card.seat, scene.seat)} Threat card: {card.name}, {met}.")
        lines += wrapped(f"{card.name}: {card.text}")
    return lines
