"""Victory points (``points``), the standing of a game (``result``: a score
sheet whose lines add up to the scores) and a heuristic value for the
greedy bot (``evaluate``).

Registration points (``layers``): a variant's layer adds score lines after
the base game's five (and counts shown beside them, not in the total),
sets what Longest Road and Largest Patrol are worth, and says how a game it
ended was decided (``result``).
"""

from __future__ import annotations

from castletui.rules.core import Result, ScoreLine

from .board import BOARDS
from .edition import RULES, TERRAIN_RESOURCE, VICTORY_POINT
from .layers import LAYERS
from .state import State

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""How many of the 36 rolls of two dice give each number."""


def point_lines(state: State, seat: int) -> tuple[int, ...]:
    """(settlements, keeps, Longest Road, Largest Patrol, Victory Point
    cards, then the variant's lines: Brotherhood's guard tokens) points of
    ``seat``, as far as the state shows them (a view hides others' Victory
    Point cards). What the two cards are worth is the variant's."""
    player = state.players[seat]
    layer = LAYERS[state.variant]
    base = (
        RULES.settlement_points * len(player.settlements),
        RULES.keep_points * len(player.keeps),
        layer.longest_road_points if state.longest_road == seat else 0,
        layer.largest_patrol_points if state.largest_patrol == seat else 0,
        RULES.victory_card_points * player.development.count(VICTORY_POINT),
    )
    if not layer.score_lines:
        return base
    return base + tuple(points_of(state, seat) for _, points_of in layer.score_lines)


def points(state: State, seat: int) -> int:
    """``seat``'s victory points, hidden Victory Point cards included."""
    return sum(point_lines(state, seat))


def public_points(state: State, seat: int) -> int:
    """The points everyone sees (without Victory Point cards in hand)."""
    lines = point_lines(state, seat)
    return sum(lines) - lines[4]


_LINES = (
    "Settlements",
    "Keeps",
    "Longest Road",
    "Largest Patrol",
    "Victory Point cards",
)


def result(state: State) -> Result:
    layer = LAYERS[state.variant]
    seats = range(len(state.players))
    parts = [point_lines(state, seat) for seat in seats]
    labels = _LINES + tuple(label for label, _ in layer.score_lines)
    lines = tuple(
        ScoreLine(label, tuple(float(part[index]) for part in parts)) for index, label in enumerate(labels)
    ) + tuple(
        ScoreLine(label, tuple(float(count_of(state, seat)) for seat in seats), in_total=False)
        for label, count_of in layer.count_lines
    )
    scores = tuple(float(sum(part)) for part in parts)
    ended = layer.result(state, scores, lines) if layer.result is not None else None
    if ended is not None:
        return ended
    if state.winner >= 0:
        return Result(
            scores=scores,
            lines=lines,
            winners=(state.winner,),
            finished=True,
            decided_by=f"{RULES.points_to_win} victory points {layer.won_words}",
        )
    return Result(scores=scores, lines=lines, finished=False, decided_by=layer.goal_words)


def production(state: State, seat: int) -> dict[str, int]:
    """Pips per resource that ``seat``'s buildings collect (a keep counts
    twice; Tormund's hex produces nothing)."""
    board = BOARDS[len(state.players)]
    player = state.players[seat]
    out: dict[str, int] = {}
    blocked = state.blocked
    for corners, size in ((player.settlements, 1), (player.keeps, 2)):
        for corner in corners:
            for hex_id in board.corner_hexes[corner]:
                terrain = state.terrain[hex_id]
                if hex_id == state.tormund or not terrain or (blocked and blocked[hex_id]):
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
