"""The standing of a game (``result``) and a heuristic value for bots
(``evaluate``). Castlecards has no points: the last castle standing wins.
The score sheet shows the shields each fortress still holds, which also
decides a game stopped by the optional round limit."""

from __future__ import annotations

from castletui.rules.core import Result, ScoreLine

from .fortress import allies, card_shields, standing, team_of
from .state import State


def shields_standing(state: State, seat: int) -> tuple[int, int]:
    """(Castle shields, Walls shields) still standing for ``seat``, defenders included;
    (0, 0) once the Castle has fallen."""
    player = state.players[seat]
    if player.out:
        return 0, 0
    castle = card_shields(player.fortress[0])
    walls = sum(card_shields(card) for card in player.fortress[1:] if card.standing)
    return castle, walls


def result(state: State) -> Result:
    seats = range(len(state.players))
    parts = [shields_standing(state, seat) for seat in seats]
    castle_line = ScoreLine("Castle shields (with defenders)", tuple(float(c) for c, _ in parts))
    wall_line = ScoreLine("Wall shields (with defenders)", tuple(float(w) for _, w in parts))
    scores = tuple(float(c + w) for c, w in parts)
    lines = (castle_line, wall_line)
    if state.ended_by == "castle":
        if state.teams:
            team = team_of(state.winner)
            return Result(
                scores=scores,
                lines=lines,
                winners=tuple(seat for seat in seats if team_of(seat) == team),
                finished=True,
                decided_by="The team with the last castles standing.",
            )
        return Result(
            scores=scores,
            lines=lines,
            winners=(state.winner,),
            finished=True,
            decided_by="The last castle standing.",
        )
    if state.teams and state.ended_by:
        totals = [sum(scores[seat] for seat in seats if team_of(seat) == team) for team in (0, 1)]
        best_teams = [team for team in (0, 1) if totals[team] == max(totals)]
        decided_by = "The round limit: the team with the most shields standing."
        if len(best_teams) > 1:
            decided_by = "The round limit: as many shields standing on each team, a shared win."
        return Result(
            scores=scores,
            lines=lines,
            winners=tuple(seat for seat in seats if team_of(seat) in best_teams),
            finished=True,
            decided_by=decided_by,
        )
    alive = standing(state)
    best = max(scores[seat] for seat in alive)
    leaders = [seat for seat in alive if scores[seat] == best]
    decided_by = "Most shields standing."
    if len(leaders) > 1:
        most = max(len(state.players[seat].hand) for seat in leaders)
        tied = [seat for seat in leaders if len(state.players[seat].hand) == most]
        decided_by = "Most shields standing, then most cards in hand."
        if len(tied) > 1:
            decided_by = "Most shields standing and cards in hand: a shared win."
        leaders = tied
    if state.ended_by == "round-limit":
        return Result(
            scores=scores,
            lines=lines,
            winners=tuple(leaders),
            finished=True,
            decided_by=f"The round limit: {decided_by[:1].lower()}{decided_by[1:]}",
        )
    return Result(
        scores=scores,
        lines=lines,
        winners=(),
        finished=False,
        decided_by="The game goes on until one castle stands.",
    )


def evaluate(state: State, seat: int) -> float:
    """A rough value of ``state`` for ``seat`` (positive is good): shields and
    cards against the strongest rival; a won or lost game is +-1000."""
    if state.ended_by:
        winners = result(state).winners
        if seat in winners:
            return 1000.0 / len(winners)
        return -1000.0
    player = state.players[seat]
    if player.out and not state.teams:
        return -500.0
    own = sum(shields_standing(state, seat)) + 0.6 * len(player.hand) + 0.3 * len(player.loot)
    rivals = [
        sum(shields_standing(state, other)) + 0.6 * len(state.players[other].hand)
        for other in standing(state)
        if other != seat and not allies(state, seat, other)
    ]
    if not rivals:
        return 0.0
    return own - max(rivals) - 0.2 * sum(rivals)
