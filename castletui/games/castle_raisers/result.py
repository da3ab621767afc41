"""Castle Raisers' score sheet: the score sheet every game shares
(castletui/screens/result.py: its verdict, buttons and keys), with every
line of the rules' Result per player; co-operative and solo add the team
total against the wolves' and each Threat card met or failed, and a tall
terminal where each line comes from."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult

from castletui.games.castle_raisers.threats import threat_cards
from castletui.rules.core import name_seats
from castletui.rules.core import screen as screen_api
from castletui.screens.result import ResultScreen, verdict
from castletui.session import Session
from castletui.widgets.plain import Plain


class CastleRaisersResult(ResultScreen):
    """The score sheet: every line of the rules' Result per player and the
    totals; co-operative and solo also the team total against the wolves'
    and each Threat card met or failed (castletui's own cards marked)."""

    def __init__(self, session: Session, viewer: int = 0) -> None:
        super().__init__(session, viewer)
        self.scene = screen_api.scene(session.game, session.view(viewer), viewer)
        """What the sheet's details and Threat cards draw (rules/castle_raisers/scene.py)."""

    def compose_sheet(self) -> ComposeResult:
        yield Plain(self.sheet(), id="cr-sheet")
        if self.session.variant != "competitive":
            yield Plain(self.threats(), id="cr-threats")
        if self.app.size.height >= 34:
            yield Plain(self.details(), id="cr-details")

    def fill_sheet(self) -> None:
        """Drawn whole as it is composed (a rich Table, not the frame's DataTable)."""

    def verdict(self) -> str:
        """Who won and why; co-operative: the verdict alone (the team line below says the rest)."""
        session = self.session
        result = session.result()
        if session.variant == "competitive" or not result.finished:
            return name_seats(verdict(session), session.names)
        head = "The team wins!" if not result.lost else "The game is lost:"
        return f"{head} {name_seats(result.decided_by, session.names)}."

    def sheet(self) -> Any:

        result = self.session.result()
        names = self.session.names
        coop = self.session.variant != "competitive"
        table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", padding=(0, 1))
        table.add_column("", no_wrap=True)
        for name in names:
            table.add_column(Text(name[:10]), justify="right", no_wrap=True)
        if coop and len(names) > 1:
            table.add_column("Team", justify="right", style="bold", no_wrap=True)
        for line in result.lines:
            cells = [f"{points:g}" for points in line.points]
            if coop and len(names) > 1:
                cells.append(f"{sum(line.points):g}")
            table.add_row(Text(line.label), *cells)
        totals = [f"{score:g}" for score in result.scores]
        if coop and len(names) > 1:
            totals.append(f"{sum(result.scores):g}")
        table.add_row(Text("Total", style="bold"), *totals, style="bold")
        return table

    def details(self) -> Text:
        """Tall terminals: where each line comes from, per player: the wolves that enter
        per section (and those around the castle, the tie-break) and each Village token's score."""
        scene = self.scene  # every castle is in plain sight
        text = Text()
        for seat, castle in enumerate(scene.castles):
            name = self.session.names[seat]
            entering = ", ".join(
                f"{section} {region.entering}"
                for section, region in zip(scene.glossary.sections, castle.regions, strict=True)
            )
            text.append(f"{name}: ", style="bold")
            text.append(f"wolves enter {entering}; {castle.wolves_around} around the castle\n")
            scored: dict[tuple[str, str, str], list[str]] = {}
            for entry in castle.village_points:
                scored.setdefault((entry.location, entry.token, entry.words), []).append(
                    f"{entry.section} {entry.points}"
                )
            for (location, token, words), parts in scored.items():
                text.append(f"  {location} {token} ({words}): {', '.join(parts)}\n", style="dim")
        return text

    def threats(self) -> Text:
        """The team's standing and every Threat card, met or failed, with its text."""
        session = self.session
        return threat_cards(self.scene, session.names, session.result().finished)
