"""A Game of Thrones Catan as sentences, for the plain mode's ``board``,
``hand`` and ``score`` (read aloud by a screen reader): each player (the
viewer first) with their settlements, keeps and roads; the Gift hex by hex
and its trade routes; in Brotherhood of the Watch the Wall board; the
viewer's cards and hero; the points.

Everything comes from the seat's scene (rules/got_catan/scene.py). Places
are named as the action bar names them: a hex by its terrain and number
("hills 4", with "hex 3 of row 1" where two read the same), a corner by
its number and its hexes ("corner 12 (hills 4, pasture 8)"), a path by
the hexes it runs between.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from castletui.games.sentences import count, listed, score_lines, sentences, spoken, who, whose, wrapped

__all__ = ["board", "hand", "score"]
"""What the plain mode calls (``castletui.games.part(game_id, "words")``)."""

SIDES = ("NE", "E", "SE", "SW", "W", "NW")
"""A hex's sides in order, as the action bar names a path on the border."""


def board(scene: Any) -> list[str]:
    """Each player (the viewer first), then the Gift, then the Wall."""
    order = sorted(range(len(scene.players)), key=lambda seat: seat != scene.seat)
    lines: list[str] = []
    for seat in order:
        lines += player(scene, seat)
    lines += gift(scene)
    if scene.watch is not None:
        lines += wall(scene)
    return lines


def hand(scene: Any) -> list[str]:
    """The viewer's resource and development cards, and its hero."""
    me = scene.players[scene.seat]
    lines = []
    if me.cards:
        held = listed([f"{n} {resource}" for resource, n in me.held])
        lines.append(f"Your resource cards: {count(me.cards, 'card')}, {held}.")
    said = Counter(_card(card) for card in me.development)
    cards = [_cards(name, n) for name, n in said.items()]
    lines += sentences("Your development cards", cards, sep="; ")
    watch = scene.watch
    if watch is not None and watch.hero is not None:
        lines += _hero("Your hero", watch.hero)
    return lines


def score(scene: Any) -> list[str]:
    """Each player's points as the viewer knows them (its own with its
    Victory Point cards), who leads, what wins."""
    lines = score_lines(scene.standing, scene.seat)
    for title, holder in (("Longest Road", scene.longest_road), ("Largest Patrol", scene.largest_patrol)):
        if holder >= 0:
            lines.append(f"The {title} card is held by {who(holder, scene.seat).replace('You', 'you')}.")
    return lines


# --- places --------------------------------------------------------------------------


def hex_words(scene: Any, hex_id: int) -> str:
    """ "hills 4", with where it lies when another hex reads the same;
    "the 4 (hex 3 of row 1)" before its terrain is laid."""
    gift = scene.gift
    layout = gift.layout
    number, terrain = layout.hex_numbers[hex_id], gift.terrain[hex_id]
    place = layout.hex_places[hex_id] if layout.hex_places else f"hex {hex_id + 1}"
    if not terrain:
        return f"the {number} ({place})"
    twins = [
        other
        for other in range(len(gift.terrain))
        if gift.terrain[other] == terrain and layout.hex_numbers[other] == number
    ]
    return f"{terrain} {number}" + (f" ({place})" if len(twins) > 1 else "")


def corner_words(scene: Any, corner: int) -> str:
    """ "corner 12 (hills 4, pasture 8)", as the action bar names it."""
    gift = scene.gift
    layout = gift.layout
    hexes = layout.corner_hexes[corner] if layout.corner_hexes else ()
    names = [f"{gift.terrain[h] or 'hex'} {layout.hex_numbers[h]}" for h in hexes]
    return f"corner {corner} ({', '.join(names)})" if names else f"corner {corner}"


def edge_words(scene: Any, edge: int) -> str:
    """ "between hills 4 and pasture 8", "on the NE side of hills 4"."""
    layout = scene.gift.layout
    hexes = layout.edge_hexes[edge]
    if len(hexes) == 2:
        return f"between {hex_words(scene, hexes[0])} and {hex_words(scene, hexes[1])}"
    side = SIDES[layout.hex_edges[hexes[0]].index(edge)]
    return f"on the {side} side of {hex_words(scene, hexes[0])}"


# --- the players -----------------------------------------------------------------------


def player(scene: Any, seat: int) -> list[str]:
    """A player in short, then their settlements, keeps and roads."""
    seen = scene.players[seat]
    name = who(seat, scene.seat)
    owner = whose(seat, scene.seat)
    parts = [
        count(seen.points, "point"),
        count(seen.cards, "resource card"),
        count(len(seen.development), "development card"),
    ]
    lines = [f"{name}: {listed(parts)}."]
    more = [f"longest road: {seen.road_length}", f"Ranger Patrols played: {seen.patrols}"]
    if scene.watch is not None:
        more.append(f"guards on the Wall: {scene.watch.guards[seat]}")
    lines.append(f"{owner} {'; '.join(more)}.")
    gift = scene.gift
    built = [corner for corner, at in enumerate(gift.corner_owner) if at == seat]
    settlements = [corner_words(scene, corner) for corner in built if corner not in gift.keeps]
    keeps = [corner_words(scene, corner) for corner in built if corner in gift.keeps]
    roads = [edge_words(scene, edge) for edge, at in enumerate(gift.edge_owner) if at == seat]
    lines += sentences(f"{owner} settlements", settlements, empty="none", sep="; ")
    lines += sentences(f"{owner} keeps", keeps, sep="; ")
    lines += sentences(f"{owner} roads", roads, empty="none", sep="; ")
    return lines


UNNAMED = "not named yet"


def _card(card: Any) -> str:
    if card.unseen or card.hidden:  # table mode: drawn, not typed in yet
        return UNNAMED
    return card.title + (" bought this turn" if card.new else "")


def _cards(name: str, n: int) -> str:
    """ "Victory Point", "4 Victory Point cards", "2 cards not named yet"."""
    if name == UNNAMED:
        return f"{count(n, 'card')} {UNNAMED}" if n > 1 else f"a card {UNNAMED}"
    return name if n == 1 else f"{n} {name} cards"


# --- the Gift --------------------------------------------------------------------------


def gift(scene: Any) -> list[str]:
    """The last roll, Tormund, every hex and the trade routes."""
    gift = scene.gift
    layout = gift.layout
    lines = []
    if scene.dice:
        lines.append(f"Last roll: {scene.dice}.")
    if gift.tormund >= 0:
        lines.append(f"Tormund stands on {hex_words(scene, gift.tormund)}.")
    else:
        lines.append("Tormund is in his camp, off the Gift.")
    for hex_id in range(len(gift.terrain)):
        place = layout.hex_places[hex_id] if layout.hex_places else f"hex {hex_id + 1}"
        terrain = gift.terrain[hex_id]
        what = f"{terrain}, giving {gift.resources[hex_id]}" if terrain else "terrain not laid yet"
        said = f"The Gift, {place}: {what}, number {layout.hex_numbers[hex_id]}"
        if gift.tormund == hex_id:
            said += ", Tormund here"
        if gift.blocked and gift.blocked[hex_id]:
            said += f", blocked by a {gift.blocked[hex_id]}"
        lines.append(said + ".")
    routes = [
        f"{rate} {resource or 'of a kind'} for 1 {edge_words(scene, edge)}"
        for edge, resource, rate in layout.route_edges
    ]
    lines += sentences("Trade routes", routes, sep="; ")
    return lines


# --- the Wall (Brotherhood of the Watch) -----------------------------------------------------


def _wildlings(kinds: Any) -> str:
    """ "8 climbers, 1 giant and 23 regular wildlings"."""
    said = []
    for kind, n in kinds:
        if n:
            name = "regular wildling" if kind == "regular" else kind
            said.append(f"{n} {name}{'' if n == 1 else 's'}")
    return listed(said) or "none"


def wall(scene: Any) -> list[str]:
    """The Wall board: breaches and the Gift's wildlings against the end,
    each section's guards and clearing, the clans, the die's forecast,
    the heroes on display."""
    board = scene.watch.wall
    lines = [
        f"The Wall: {count(board.breaches, 'breach', 'breaches')}, the game ends at {board.breach_limit}; "
        f"{board.gift_wildlings} wildlings in the Gift of {board.gift_limit}.",
        f"Frostfangs: {_wildlings(board.frostfangs.items())}.",
        f"Wildling tokens: {board.pool} in the pool, {board.on_cards} on the build cost cards, {board.spent} spent.",
    ]
    for section in board.sections:
        guards = [
            f"{who(seat, scene.seat).replace('You', 'you')} {section.guards.count(seat)}"
            for seat in dict.fromkeys(section.guards)
        ]
        head = f"Wall section {section.title}: {len(section.guards)} of {section.spaces} spaces taken"
        lines += sentences(f"{head}, guards", guards) if guards else [f"{head}, no guards."]
        waiting = listed(section.waiting) or "no wildlings"
        clearing = section.clearing.replace("/", " and ")
        lines.append(f"Wall section {section.title}, clearing {clearing}: {waiting} waiting.")
    for clan in board.clans:
        camps = listed(list(clan.camps)) or "none"
        lines.append(f"{clan.title}: {len(clan.camps)} of {clan.room} camps taken, {camps}.")
    for faces, what in board.forecast:
        lines += wrapped(spoken(f"Wildling die {faces.replace('-', ' to ')}: {what}."))
    for hero in board.display:
        lines += _hero("Hero on display", hero)
    return lines


def _hero(head: str, hero: Any) -> list[str]:
    ready = "" if hero.ready else ", used this turn"
    lines = wrapped(spoken(f"{head}: {hero.title}, {hero.ability}, side {hero.side}{ready}."))
    return lines + wrapped(spoken(f"{hero.title}: {hero.text}"))
