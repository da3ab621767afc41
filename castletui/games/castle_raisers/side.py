"""Castle Raisers' players panel: each player's standing said for what it
is ("12 now") and where it comes from ("walls 12, wolves -30"); co-op and
solo the team against the wolves'; the age and round."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from castletui.frame import Frame
from castletui.sides import Room, Side, add_watchers

ROOMY = (110, 36)
"""A terminal at least this big shows the three boards at once."""
SCORE_WORDS = (
    ("Wolf assault", "wolves"),
    ("Wolves entered", "wolves"),
    ("Wall levels", "walls"),
    ("Village", "village"),
    ("Prestige", "prestige"),
    ("Attack", "attack"),
    ("Arrow", "arrows"),
)
"""Score-sheet lines gathered under one word for the players panel."""


def roomy(room: Room) -> bool:
    return room.width >= ROOMY[0] and room.height >= ROOMY[1]


def score_parts(result: Any, seat: int) -> list[tuple[str, float]]:
    """Where a seat's standing comes from: the score sheet's lines summed
    under a word each ("walls 12", "wolves -30"), biggest first, zeros left out."""
    parts: dict[str, float] = {}
    for line in result.lines:
        word = next((w for prefix, w in SCORE_WORDS if line.label.startswith(prefix)), line.label.lower())
        parts[word] = parts.get(word, 0.0) + line.points[seat]
    return sorted(((w, p) for w, p in parts.items() if p), key=lambda item: -abs(item[1]))


def side(frame: Frame, room: Room) -> Text:
    scene = frame.scene
    result = frame.standing
    to_move = frame.seat
    many = len(frame.names) > 3 and not roomy(room)  # one row each
    word = "final" if to_move is None else "now"
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, name in enumerate(frame.names):
        style = "bold reverse" if seat == to_move else ("bold" if seat == frame.viewer else "")
        bot = frame.side[seat].bot
        who = name + (f" ({bot})" if bot and not many else "")
        score = f"{result.scores[seat]:g} {word}" if seat < len(result.scores) else ""
        text.append(">" if seat == to_move else " ", style=style)
        width, score_width = (7, 8) if many else (16, 10)
        text.append(f"{who:<{width}.{width}}", style=style)
        text.append(f"{score:>{score_width}}")
        space = (room.panel or 27) - (width + score_width + 2 if many else 2)
        parts = ""
        for part in (f"{w} {p:g}" for w, p in score_parts(result, seat)):
            if len(parts) + len(part) + (2 if parts else 0) > space:
                break  # the biggest first: what is left out matters least
            parts = f"{parts}, {part}" if parts else part
        if many:
            text.append(f" {parts}" if parts else "", style="dim")
            text.append("\n")
        else:
            text.append("\n")
            if parts:
                text.append(f"  {parts}\n", style="dim")
    if frame.waiting:
        text.append(frame.waiting + "\n", style="bold" if to_move is None else "italic")
    add_watchers(text, frame)
    team = scene.team
    if team is not None:
        text.append(
            f" Team {team.score:g} {word}, to beat {team.target}\n",
            style="bold green" if team.beat else "bold",
        )
    if scene.age:
        text.append(f" Age {scene.age}, round {scene.round} of {scene.rounds_per_age}\n")
    return text


SIDE = Side(side)
