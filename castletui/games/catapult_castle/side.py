"""Catapult Castle's players panel: each player's towers (the score), the
ammo in the supply, the viewer's own hand and deck, and what is in force
this turn."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from castletui.frame import Frame
from castletui.rules.catapult_castle import CatapultCastleScene
from castletui.sides import Room, Side, add_watchers


def side(frame: Frame, room: Room) -> Text:
    scene: CatapultCastleScene = frame.scene
    standing = frame.standing
    to_move = frame.seat
    width = room.panel or 27
    wide = width >= 36
    name_width = max(8, width - 8)
    text = Text(no_wrap=True, overflow="ellipsis")
    solo = scene.solo
    text.append(f" {'player':<{name_width}}{'score' if solo else 'towers':>6}\n", Style(dim=True))
    for seat, row in enumerate(frame.side):
        style = Style(bold=True, reverse=True) if seat == to_move else None
        marker = ">" if seat == to_move else " "
        who = row.name + (f" ({row.bot})" if row.bot else "")
        score = standing.scores[seat] if seat < len(standing.scores) else 0
        text.append(f"{marker}{who:<{name_width}.{name_width}}{score:>6g}", style)
        text.append("\n")
    if frame.waiting:
        text.append(frame.waiting + "\n", style="bold" if to_move is None else "italic")
    add_watchers(text, frame)
    supply = f"Ammo {'left' if solo else 'in supply'}: {scene.supply}"
    if solo:
        supply += f", rearrange {scene.rearrangements_left}x"
    text.append(supply + "\n")
    seat = frame.viewer
    if 0 <= seat < len(scene.hands):  # a spectator (no seat) has no hand
        hand = scene.hands[seat]
        text.append(f"{frame.names[seat]}: {hand.words if wide else hand.short}\n")
        if not solo:
            text.append(f"Deck {scene.deck}, discard {scene.discard}\n", Style(dim=True))
    in_force = (("Magic Toss", scene.magic_toss), ("Strong Ammo", scene.strong_ammo))
    active = [name for name, on in in_force if on]
    if scene.shots_left > 1:
        active.append(f"{scene.shots_left} shots")
    if active:
        text.append(f"This turn: {', '.join(active)}\n", Style(bold=True))
    text.rstrip()
    return text


SIDE = Side(side, widths=(30, 40))
"""Roomier from 110 columns: the large table needs 77 beside it."""
