"""Victory points (``points``), the standing of a game (``result``: a score
sheet whose lines add up to the scores) and a heuristic value for the
greedy bot (``evaluate``)."""

from __future__ import annotations

from rules.core import Result, ScoreLine

from .board import BOARDS
from .edition import RULES, TERRAIN_RESOURCE, VICTORY_POINT
from .state import State

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""How many of the 36 rolls of two dice give each number."""


def point_lines(state: State, seat: int) -> tuple[int, int, int, int, int]:
    """(settlements, keeps, Longest Road, Largest Patrol, Victory Point
    cards) points of ``seat``, as far as the state shows them (a view hides
    others' Victory Point cards)."""
    player = state.players[seat]
    return (
        RULES.settlement_points * len(player.settlements),
        RULES.keep_points * len(player.keeps),
        RULES.longest_road_points if state.longest_road == seat else 0,
        RULES.largest_patrol_points if state.largest_patrol == seat else 0,
        RULES.victory_card_points * player.development.count(VICTORY_POINT),
    )


def points(state: State, seat: int) -> int:
    """``seat``'s victory points, hidden Victory Point cards included."""
    return sum(point_lines(state, seat))


def public_points(state: State, seat: int) -> int:
    """The points everyone sees (without Victory Point cards in hand)."""
    return sum(point_lines(state, seat)[:4])


_LINES = ("Settlements", "Keeps", "Longest Road", "Largest Patrol", "Victory Point cards")


def result(state: State) -> Result:
    seats = range(len(state.players))
    parts = [point_lines(state, seat) for seat in seats]
    lines = tuple(
        ScoreLine(label, tuple(float(part[index]) for part in parts)) for index, label in enumerate(_LINES)
    )
    scores = tuple(float(sum(part)) for part in parts)
    if state.winner >= 0:
        return Result(
            scores=scores,
            lines=lines,
            winners=(state.winner,),
            finished=True,
            decided_by=f"{RULES.points_to_win} victory points on their own turn.",
        )
    return Result(
        scores=scores,
        lines=lines,
        finished=False,
        decided_by=f"The first to {RULES.points_to_win} victory points on their own turn wins.",
    )


def production(state: State, seat: int) -> dict[str, int]:
    """Pips per resource that ``seat``'s buildings collect (a keep counts
    twice; Tormund's hex produces nothing)."""
    board = BOARDS[len(state.players)]
    player = state.players[seat]
    out: dict[str, int] = {}
    for corners, size in ((player.settlements, 1), (player.keeps, 2)):
        for corner in corners:
            for hex_id in board.corner_hexes[corner]:
                terrain = state.terrain[hex_id]
                if hex_id == state.tormund or not terrain:
                    continue
                resource = TERRAIN_RESOURCE[terrain]
                out[resource] = out.get(resource, 0) + size * PIPS[board.hex_numbers[hex_id]]
    return out


def evaluate(state: State, seat: int) -> float:
    """A rough value of ``state`` for ``seat`` (the greedy bot): points
    first, then production and its spread, cards in hand, road length;
    against the best rival (whose Victory Point cards it cannot see)."""
    if state.winner >= 0:
        return 1000.0 if state.winner == seat else -1000.0

    def worth(other: int) -> float:
        player = state.players[other]
        made = production(state, other)
        return (
            10.0 * (points(state, other) if other == seat else public_points(state, other))
            + 0.6 * sum(made.values())
            + 1.5 * len(made)
            + 0.4 * min(len(player.hand), 8)
            + 0.8 * len(player.development)
            + 0.3 * player.road_length
        )

    rivals = [worth(other) for other in range(len(state.players)) if other != seat]
    return worth(seat) - max(rivals)
