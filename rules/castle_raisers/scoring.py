"""Castle Raisers results: Threat cards met or failed, the winners, and the
co-operative verdict, over the score sheet of :mod:`.sheet`; and the same
result for castles typed in by hand (the table-mode calculator)."""

from __future__ import annotations

from collections.abc import Sequence

from castletui.rules.castle_raisers import geometry
from castletui.rules.castle_raisers.edition import (
    BORDER_LOCATIONS,
    EDITION,
    SECTION_LOCATIONS,
    SECTIONS,
    THREATS,
)
from castletui.rules.castle_raisers.sheet import (
    competitive_winners,
    score_sheet,
    totals,
    wolves_entering,
)
from castletui.rules.castle_raisers.state import Castle, State
from castletui.rules.castle_raisers.supplies import cooperative
from castletui.rules.core import Result, seat_ref


def threat_met(castle: Castle, name: str, starting_icons_visible: bool | None = None) -> bool:
    """Whether ``castle`` meets Threat card ``name`` at Game End.

    ``starting_icons_visible``: what the table says of a castle typed in
    without its wall tile by tile (the calculator); None reads the wall.

    Cards that change how you play (Disoriented, Out of Range, Strong Hides,
    Coming by Land, and castletui's own Hungry Pack and Short Supply) are
    enforced while playing, so they are always met; the Village-location cards
    are checked again here so a board typed in for the calculator is judged too.
    """
    threat = THREATS[name]
    check = threat.check
    entering = [wolves_entering(castle, section) for section in range(len(SECTIONS))]
    if check == "wolves_enter_each_section":
        return all(n >= threat.amount for n in entering)
    if check == "wolves_enter_total_at_least":
        return sum(entering) >= threat.amount
    if check == "highest_wall_at_least":
        return max(castle.heights) >= threat.amount
    if check == "each_section_at_least":
        return min(castle.heights) >= threat.amount
    if check == "no_starting_icon_visible":
        if starting_icons_visible is not None:
            return not starting_icons_visible
        return not geometry.visible_starting_icons(castle.board, castle.wall)
    if check == "no_border_villagers":
        return not any(castle.village[index] for index in BORDER_LOCATIONS)
    if check == "villagers_per_section_at_most":
        return all(
            sum(1 for loc in locs if castle.village[loc]) <= threat.amount for locs in SECTION_LOCATIONS
        )
    return True


def result(state: State) -> Result:
    """The score sheet; competitive: most points then fewest wolves around the castle;
    co-operative and solo: every Threat card met and the team total above the wolves'."""
    return _result(state, ())


def _result(state: State, starting_icons_visible: Sequence[bool | None]) -> Result:
    coop = cooperative(state)
    lines = score_sheet(state.castles, cooperative=coop)
    scores = totals(lines, state.seats)
    if not coop:
        if not state.finished:
            return Result(scores=scores, lines=lines, finished=False, decided_by="the game is still running")
        winners, decided_by = competitive_winners(state.castles, scores)
        return Result(scores=scores, lines=lines, winners=winners, decided_by=decided_by)
    target = EDITION.coop.wolves_score_by_players[state.seats - 1]
    failed = [
        f"{seat_ref(seat)}: {name}"
        for seat, castle in enumerate(state.castles)
        for name in castle.threats
        if not threat_met(castle, name, _told(starting_icons_visible, seat))
    ]
    team = sum(scores)
    rating = f"team {team:g} against the wolves' {target}"
    if not state.finished:
        return Result(
            scores=scores, lines=lines, finished=False, decided_by="the game is still running", rating=rating
        )
    if failed:
        return Result(
            scores=scores,
            lines=lines,
            lost=True,
            decided_by="a Threat card was not met (" + "; ".join(failed) + ")",
            rating=rating,
        )
    if team > target:
        return Result(
            scores=scores,
            lines=lines,
            winners=tuple(range(state.seats)),
            decided_by=f"the team's {team:g} points beat the wolves' {target}",
            rating=rating,
        )
    return Result(
        scores=scores,
        lines=lines,
        lost=True,
        decided_by=f"the team's {team:g} points do not beat the wolves' {target}",
        rating=rating,
    )


def calculator_result(
    castles: tuple[Castle, ...],
    variant: str = "competitive",
    starting_icons_visible: Sequence[bool | None] = (),
) -> Result:
    """Table-mode calculator: the Game End result for castles typed in by hand
    (heights, wolves, Village tokens, Prestige, Attack and Arrow tokens, Threat cards);
    ``starting_icons_visible`` per seat, what the table says where no wall was typed in."""
    state = State(variant=variant, seats=len(castles), castles=tuple(castles), finished=True)
    return _result(state, starting_icons_visible)


def _told(answers: Sequence[bool | None], seat: int) -> bool | None:
    return answers[seat] if seat < len(answers) else None


def threat_report(state: State) -> tuple[tuple[int, str, bool], ...]:
    """For the result screen: every Threat card as (seat, name, met)."""
    return tuple(
        (seat, name, threat_met(castle, name))
        for seat, castle in enumerate(state.castles)
        for name in castle.threats
    )
