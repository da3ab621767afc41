"""Castle Raisers: the Threat cards of a co-operative or solo game, each
with its whole text, who holds it and whether it is met, in one Text for
a view of their own (the board has no room to print them at 80x24)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from castletui.rules.core import name_seats, seat_ref


def threat_cards(scene: Any, names: list[str], finished: bool) -> Text:
    """The team's standing, then every Threat card in play: holder, name
    (castletui's own cards marked), met or not, and its text; from the
    rules' scene (rules/castle_raisers/scene.py)."""
    text = Text()
    team, target, beat = scene.team.score, scene.team.target, scene.team.beat
    so_far = "" if finished else " so far"
    text.append(f"Team {team:g}{so_far} against the wolves' {target}: ", style="bold")
    # As the plain words say it (words.score): "so far" once, "yet" for what may still come.
    state = ("beaten" + so_far) if beat else ("not beaten" if finished else "not beaten yet")
    text.append(state, style="bold green" if beat else "bold red")
    text.append("\n")
    report = scene.threats
    if not report and scene.threats_per_player:
        # set-up draws the cards after the boards and the Village: say who will draw how many,
        # not "difficulty 0", which a game at the default difficulty would then seem to be
        drawing = ", ".join(
            f"{_holder(names, seat)} {count}" for seat, count in enumerate(scene.threats_by_seat)
        )
        text.append(f"The Threat cards are not drawn yet (cards each: {drawing}).", style="dim")
    elif not report:
        text.append("No Threat cards (difficulty 0).", style="dim")
    for card in report:
        met = card.met
        text.append("\n")
        text.append(f"{_holder(names, card.seat)}: ", style="bold")
        text.append(card.name, style="bold")
        if card.own:
            text.append(" (castletui's own card)", style="italic")
        word = ("met" if met else "failed") if finished else ("met so far" if met else "not met yet")
        text.append(f"  {word}\n", style="bold green" if met else "bold red")
        text.append(f"{card.text}\n")
    return text


def _holder(names: list[str], seat: int) -> str:
    """The seat's name, "Player N" where the names run short (as log lines name seats)."""
    return name_seats(seat_ref(seat), names)


__all__ = ["threat_cards"]
