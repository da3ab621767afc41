"""A Game of Thrones Catan's players panel: each player's public points,
cards in hand and development cards (Brotherhood: guards), Longest Road and
Largest Patrol, the viewer's own hand, cards and hero, and what they can
build (wide: the cost card). Narrow at 80 columns (the map needs 49 beside
it), roomy from 110. All of it is the frame's scene
(``rules.got_catan.scene``)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from castletui.frame import Frame
from castletui.games.got_catan.map import PLAYER_INK, SHORT_RESOURCE, seat_letters
from castletui.sides import Room, Side, add_watchers

SHORT_CARD = {
    "ranger-patrol": "Patrol",
    "road-building": "Roads",
    "winter-is-coming": "Winter",
    "victory-point": "VP",
    "new-recruits": "Recruits",
}


def side(frame: Frame, room: Room) -> Text:
    scene = frame.scene  # rules/got_catan/scene.py
    names = frame.names
    letters = seat_letters(names)
    to_move = frame.seat
    over = to_move is None
    wide = room.wide
    text = Text(no_wrap=True, overflow="ellipsis")
    watch = scene.watch
    name_width = 15 if wide else (8 if watch else 9)
    text.append(f"  {'player':<{name_width}} VP hand dev" + (" gd" if watch else "") + "\n", Style(dim=True))
    for seat, player in enumerate(scene.players):
        marker = ">" if seat == to_move else " "
        words = frame.side[seat].bot
        who = names[seat] + ((f" ({words})" if wide else f" {words}") if words else "")
        # The finished game counts every card; until then only what the table sees.
        # (The scene counts the viewer's Victory Point cards, others' public points.)
        points = int(frame.standing.scores[seat]) if over else player.points
        style = Style(bold=True, reverse=True) if seat == to_move else None
        text.append(marker, style)
        text.append(letters[seat], Style(color=PLAYER_INK[seat], bold=True))
        row = f" {who:<{name_width}.{name_width}}{points:>3}{player.cards:>5}{len(player.development):>4}"
        if watch:
            row += f"{watch.guards[seat]:>3}"
        text.append(row, style)
        text.append("\n")
    if frame.waiting:
        text.append(frame.waiting + "\n", style="bold" if over else "italic")
    add_watchers(text, frame)
    road_seat, patrol_seat = scene.longest_road, scene.largest_patrol
    road = f"{names[road_seat]} {scene.players[road_seat].road_length}" if road_seat >= 0 else "-"
    patrol = f"{names[patrol_seat]} {scene.players[patrol_seat].patrols}" if patrol_seat >= 0 else "-"
    if wide:
        text.append(f"Longest Road: {road}\nLargest Patrol: {patrol}\n")
    else:
        text.append(f"Road: {road}  Patrol: {patrol}\n")
    if 0 <= frame.viewer < len(scene.players):  # a spectator (no seat) has no hand
        text.append_text(own_text(frame, wide))
    text.rstrip()
    return text


def own_text(frame: Frame, wide: bool) -> Text:
    """The viewer's hand by resource, development cards by name, and
    (wide) the build cost card with what they can afford."""
    scene = frame.scene
    seat = frame.viewer
    player = scene.players[seat]
    text = Text()
    you = frame.names[seat]
    if wide:
        held = [f"{count} {resource}" for resource, count in player.held]
        hand = ", ".join(held) if held else "no cards"
        text.append(f"{you}'s hand:\n", Style(bold=True))
        text.append(f" {hand}\n")
    else:
        held = [f"{count}{SHORT_RESOURCE[resource]}" for resource, count in player.held]
        text.append(seat_letters(frame.names)[seat], Style(color=PLAYER_INK[seat], bold=True))
        text.append(f" {' '.join(held) if held else 'no cards'}\n")
    cards = [card for card in player.development if not card.hidden]
    if cards:
        words = []
        for card in cards:
            # Table mode: an unseen card is in the player's hand; the app knows it once played.
            name = "Unseen" if card.unseen else card.title if wide else SHORT_CARD.get(card.card, card.card)
            words.append(name + ("*" if card.new else ""))
        text.append(("Cards: " if wide else "") + ", ".join(words) + "\n")
    if scene.watch is not None and scene.watch.hero is not None:
        text.append_text(hero_text(scene.watch.hero, wide))
    if wide:
        text.append("Build (cost)\n", Style(bold=True))
        for row in scene.build:
            mark = "ok" if not row.reason else "--"
            cost_text = " ".join(f"{count}{SHORT_RESOURCE[resource]}" for resource, count in row.cost)
            title = "Dev card" if row.key == "development" else row.title
            text.append(f" {mark} {title:<11}{cost_text}\n", None if not row.reason else Style(dim=True))
    else:
        can = [row.title.split()[0].lower() for row in scene.build if not row.reason]
        text.append("Can buy: " + (", ".join(can) if can else "nothing") + "\n")
    return text


def hero_text(info: Any, wide: bool) -> Text:
    """The viewer's hero: its name, side, whether it may act now, and
    (wide) what it does."""
    side_of, ready = info.side, info.ready
    text = Text()
    state_word = "ready" if ready else "next turn"
    if wide:
        text.append("Hero: ", Style(bold=True))
        text.append(f"{info.title} ({side_of}, {state_word})\n")
        text.append(f" {info.ability}: {info.text}\n", Style(italic=True))
    else:
        later = "" if ready else " (next turn)"
        text.append(f"Hero {info.title.split()[-1]} {side_of}{later}: {info.ability}\n")
    return text


SIDE = Side(side, widths=(29, 40))
