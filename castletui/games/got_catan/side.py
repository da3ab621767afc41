"""A Game of Thrones Catan's players panel: each player's public points,
cards in hand and development cards (Brotherhood: guards), Longest Road and
Largest Patrol, the viewer's own hand, cards and hero, and what they can
build (wide: the cost card). Narrow at 80 columns (the map needs 49 beside
it), roomy from 110."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from castletui.frame import Frame, SeatView
from castletui.games.got_catan.map import PLAYER_INK, SHORT_RESOURCE, seat_letters
from castletui.rules import got_catan as game
from castletui.rules.got_catan import HIDDEN, RESOURCES
from castletui.sides import Room, Side

SHORT_CARD = {
    "ranger-patrol": "Patrol",
    "road-building": "Roads",
    "winter-is-coming": "Winter",
    "victory-point": "VP",
    "new-recruits": "Recruits",
}


def side(frame: Frame, room: Room) -> Text:
    view = frame.view
    names = frame.names
    letters = seat_letters(names)
    to_move = frame.seat
    over = to_move is None
    wide = room.wide
    text = Text(no_wrap=True, overflow="ellipsis")
    watch = game.is_watch(view)
    name_width = 15 if wide else (8 if watch else 9)
    text.append(f"  {'player':<{name_width}} VP hand dev" + (" gd" if watch else "") + "\n", Style(dim=True))
    for seat, player in enumerate(view.players):
        marker = ">" if seat == to_move else " "
        words = frame.side[seat].bot
        who = names[seat] + ((f" ({words})" if wide else f" {words}") if words else "")
        # The finished game counts every card; until then only what the table sees.
        points = int(frame.standing.scores[seat]) if over else game.public_points(view, seat)
        if seat == frame.viewer and not over:
            points = game.points(view, seat)
        style = Style(bold=True, reverse=True) if seat == to_move else None
        text.append(marker, style)
        text.append(letters[seat], Style(color=PLAYER_INK[seat], bold=True))
        row = f" {who:<{name_width}.{name_width}}{points:>3}{len(player.hand):>5}{len(player.development):>4}"
        if watch:
            row += f"{game.guards_of(view, seat)[0]:>3}"
        text.append(row, style)
        text.append("\n")
    if frame.waiting:
        text.append(frame.waiting + "\n", style="bold" if over else "italic")
    road = (
        f"{names[view.longest_road]} {view.players[view.longest_road].road_length}"
        if view.longest_road >= 0
        else "-"
    )
    patrol = (
        f"{names[view.largest_patrol]} {view.players[view.largest_patrol].patrols}"
        if view.largest_patrol >= 0
        else "-"
    )
    if wide:
        text.append(f"Longest Road: {road}\nLargest Patrol: {patrol}\n")
    else:
        text.append(f"Road: {road}  Patrol: {patrol}\n")
    text.append_text(own_text(frame, wide))
    text.rstrip()
    return text


def own_text(frame: Frame, wide: bool) -> Text:
    """The viewer's hand by resource, development cards by name, and
    (wide) the build cost card with what they can afford."""
    view, seat = frame.view, frame.viewer
    player = view.players[seat]
    text = Text()
    you = frame.names[seat]
    if wide:
        held = [f"{player.hand.count(r)} {r}" for r in RESOURCES if r in player.hand]
        hand = ", ".join(held) if held else "no cards"
        text.append(f"{you}'s hand:\n", Style(bold=True))
        text.append(f" {hand}\n")
    else:
        held = [f"{player.hand.count(r)}{SHORT_RESOURCE[r]}" for r in RESOURCES if r in player.hand]
        text.append(seat_letters(frame.names)[seat], Style(color=PLAYER_INK[seat], bold=True))
        text.append(f" {' '.join(held) if held else 'no cards'}\n")
    cards = [card for card in player.development if card != HIDDEN]
    if cards:
        bought = list(player.bought)
        words = []
        for card in cards:
            new = card in bought
            if new:
                bought.remove(card)
            if card == game.UNSEEN:
                # Table mode: the card is in the player's hand; the app knows it once played.
                name = "Unseen"
            else:
                name = game.development_title(card) if wide else SHORT_CARD.get(card, card)
            words.append(name + ("*" if new else ""))
        text.append(("Cards: " if wide else "") + ", ".join(words) + "\n")
    if game.is_watch(view):
        text.append_text(hero_text(view, seat, wide))
    menu = game.build_menu(view, seat)
    if wide:
        text.append("Build (cost)\n", Style(bold=True))
        for title, cost, reason in menu:
            mark = "ok" if not reason else "--"
            cost_text = " ".join(f"{cost.count(r)}{SHORT_RESOURCE[r]}" for r in dict.fromkeys(cost))
            title = "Dev card" if title.startswith("Development") else title
            text.append(f" {mark} {title:<11}{cost_text}\n", None if not reason else Style(dim=True))
    else:
        can = [title.split()[0].lower() for title, _, reason in menu if not reason]
        text.append("Can buy: " + (", ".join(can) if can else "nothing") + "\n")
    return text


def hero_text(view: SeatView, seat: int, wide: bool) -> Text:
    """The viewer's hero: its name, side, whether it may act now, and
    (wide) what it does."""
    name, side_of, ready = game.hero_state(view, seat)
    info = game.hero_info(name)
    text = Text()
    if info is None:
        return text
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
