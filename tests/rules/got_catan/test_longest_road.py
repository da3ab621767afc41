"""Longest Road and Largest Patrol (spec "Base game": Longest Road 5+,
Largest Patrol 3+, taken over by a strictly longer / larger one), the
rulebook's example (6 unbroken beats a 7-road line broken to 5), classic
Catan's rules for a broken holder (rules_text.md, "How castletui
decides"), and the road length checked against a brute-force search."""

import itertools
import random

import castletui.rules.got_catan as game
import pytest
from castletui.rules.got_catan import scoring
from castletui.rules.got_catan.board import BOARDS
from castletui.rules.got_catan.roads import largest_patrol_holder, longest_road_holder, road_length
from castletui.rules.got_catan.state import BuildRoad, BuildSettlement

from .helpers import check_counts, corner, path, run, table

BOARD = BOARDS[4]
RED, BLUE = 0, 1


def _walk(start, steps, avoid=()):
    corners = [start]
    for _ in range(steps):
        corners.append(
            next(c for c in BOARD.corner_corners[corners[-1]] if c not in corners and c not in avoid)
        )
    return corners


def test_the_rulebook_example_six_unbroken_beats_a_seven_road_line_broken_to_five():
    """Rulebook, Longest Road example: Red's 6 unbroken roads (not counting
    the fork) hold Longest Road; Blue's 7-road line is broken by Red's
    settlement, so Blue's longest road is 5."""
    blue = [corner(4, "r0c1", "SW")]
    for name in ("r0c1", "r0c2", "r0c3"):
        blue += [corner(4, name, "S"), corner(4, name, "SE")]
    blue.append(corner(4, "r0c4", "S"))
    # Red's 6 roads along the south border, from r2c6 west to r2c3.
    red = [corner(4, "r2c6", "S")]
    for name in ("r2c6", "r2c5", "r2c4"):
        red += [corner(4, name, "SW"), corner(4, f"r2c{int(name[-1]) - 1}", "S")]
    fork = next(c for c in BOARD.corner_corners[red[3]] if c not in red)
    # Red settles where Blue's 7 roads split into 5 and 2, coming in by its own road.
    split = 5
    spur = next(c for c in BOARD.corner_corners[blue[split]] if c not in blue)
    state = table(
        settlements={BLUE: [blue[0]], RED: [red[0]]},
        roads={BLUE: path(4, *blue), RED: path(4, *red) + path(4, red[3], fork) + path(4, blue[split], spur)},
        hands={RED: ["brick", "lumber", "wool", "grain"]},
        turn=RED,
    )
    assert state.players[BLUE].road_length == 7 and state.longest_road == BLUE
    assert state.players[RED].road_length == 6
    state = run(state, BuildSettlement(blue[split]))
    assert state.players[BLUE].road_length == 5
    assert state.longest_road == RED
    assert "{P0} takes Longest Road with 6 segments from {P1}." in game.effects(None, None, state)
    assert scoring.points(state, RED) == 2 + 2 and scoring.points(state, BLUE) == 1
    check_counts(state)


def test_the_first_road_of_five_takes_longest_road_and_a_tie_does_not_take_it_over():
    red = _walk(corner(4, "r2c6", "S"), 5)
    state = table(
        settlements={RED: [red[0]]}, roads={RED: path(4, *red[:5])}, hands={RED: ["brick", "lumber"]}
    )
    assert state.longest_road == -1
    state = run(state, BuildRoad(path(4, red[4], red[5])[0]))
    assert state.longest_road == RED
    assert "{P0} takes Longest Road with 5 segments." in game.effects(None, None, state)


@pytest.mark.parametrize(
    ("lengths", "holder", "after"),
    [
        ((5, 4, 0), -1, 0),  # the first to 5
        ((4, 4, 0), -1, -1),  # nobody at 5
        ((6, 6, 0), 0, 0),  # a tie does not take it over
        ((6, 7, 0), 0, 1),  # strictly longer does
        ((5, 5, 4), 0, 0),  # broken, but still tied for longest: the holder keeps it
        ((3, 5, 5), 0, -1),  # broken, others tie: set aside
        ((3, 6, 5), 0, 1),  # broken, one longest takes it
        ((4, 3, 2), 0, -1),  # broken below 5: set aside
        ((3, 6, 6), -1, -1),  # set aside stays aside while tied
        ((3, 7, 6), -1, 1),  # until one road is strictly the longest
    ],
)
def test_who_holds_longest_road(lengths, holder, after):
    assert longest_road_holder(lengths, holder) == after


@pytest.mark.parametrize(
    ("patrols", "holder", "after"),
    [((3, 0, 0), -1, 0), ((2, 2, 0), -1, -1), ((3, 3, 0), 0, 0), ((3, 4, 0), 0, 1)],
)
def test_who_holds_largest_patrol(patrols, holder, after):
    assert largest_patrol_holder(patrols, holder) == after


def _brute_force(roads, blocked):
    """The longest trail by Euler's theorem over subsets, biggest first: a
    connected set of roads is one trail when 0 or 2 corners have odd degree;
    a blocked corner may only be an end (degree 1), or both ends of a closed
    trail (degree 2, no odd corner, only one such)."""
    for size in range(len(roads), 0, -1):
        for subset in itertools.combinations(roads, size):
            degree = {}
            for e in subset:
                for c in BOARD.edge_corners[e]:
                    degree[c] = degree.get(c, 0) + 1
            odd = [c for c, d in degree.items() if d % 2]
            if len(odd) not in (0, 2):
                continue
            twice = [c for c in blocked if degree.get(c, 0) == 2]
            if any(degree.get(c, 0) > 2 for c in blocked):
                continue
            if twice and (odd or len(twice) > 1):
                continue
            if _connected(subset):
                return size
    return 0


def _connected(edges):
    edges = set(edges)
    seen = {next(iter(edges))}
    frontier = list(seen)
    while frontier:
        e = frontier.pop()
        for other in BOARD.edge_edges[e]:
            if other in edges and other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen == edges


def _network(rng):
    """A random road network: branching walks (forks), sometimes a ring of
    a hex, sometimes two pieces; some of its corners blocked."""
    roads = set()
    if rng.random() < 0.3:
        roads.update(BOARD.hex_edges[rng.randrange(BOARD.hexes)])
    while len(roads) < rng.randint(2, 11):
        if not roads or rng.random() < 0.1:
            roads.add(rng.randrange(BOARD.edges))
            continue
        e = rng.choice(sorted(roads))
        options = [o for o in BOARD.edge_edges[e] if o not in roads]
        if options:
            roads.add(rng.choice(options))
    corners = sorted({c for e in roads for c in BOARD.edge_corners[e]})
    blocked = set(rng.sample(corners, k=min(len(corners), rng.choice((0, 0, 1, 1, 2, 3)))))
    return tuple(sorted(roads)), blocked


def test_road_length_matches_a_brute_force_search_over_random_networks():
    rng = random.Random(2017)
    rings = broken = 0
    for _ in range(3000):
        roads, blocked = _network(rng)
        assert road_length(BOARD, roads, blocked) == _brute_force(roads, blocked), (roads, blocked)
        rings += any(set(BOARD.hex_edges[h]) <= set(roads) for h in range(BOARD.hexes))
        broken += bool(blocked)
    assert rings > 300 and broken > 1000


def test_a_ring_counts_whole_and_a_building_on_it_leaves_a_line_as_long():
    ring = BOARD.hex_edges[BOARD.hex_index["r1c3"]]
    assert road_length(BOARD, ring, set()) == 6
    assert road_length(BOARD, ring, {BOARD.hex_corners[BOARD.hex_index["r1c3"]][0]}) == 6
    two = set(
        BOARD.hex_corners[BOARD.hex_index["r1c3"]][:1] + BOARD.hex_corners[BOARD.hex_index["r1c3"]][3:4]
    )
    assert road_length(BOARD, ring, two) == 3
