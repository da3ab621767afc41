"""Helpers for the A Game of Thrones Catan tests: a table laid out by hand
(pieces, hands, terrain), places named by hex and corner, a run of actions,
the counts that must always add up, and seeded random playouts."""

from __future__ import annotations

import collections
import random

import castletui.rules.got_catan as game
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome
from castletui.rules.got_catan.board import BOARDS, CORNER_NAMES, SIDE_NAMES
from castletui.rules.got_catan.chance import UNSEEN
from castletui.rules.got_catan.edition import RESOURCE_INDEX, RESOURCES, RULES, development_deck
from castletui.rules.got_catan.flow import with_keep, with_road, with_settlement
from castletui.rules.got_catan.roads import blocked_for, road_length
from castletui.rules.got_catan.state import Step
from msgspec.structs import replace


def config(seats: int = 4, mode: str = "digital", variant: str = "base", **options) -> Config:
    return Config(variant, seats, options, mode)


def corner(seats: int, hex_name: str, where: str) -> int:
    """The id of corner ``where`` (N, NE, SE, S, SW, NW) of hex ``hex_name``."""
    board = BOARDS[seats]
    return board.hex_corners[board.hex_index[hex_name]][CORNER_NAMES.index(where)]


def edge(seats: int, hex_name: str, side: str) -> int:
    """The id of side ``side`` (NE, E, SE, SW, W, NW) of hex ``hex_name``."""
    board = BOARDS[seats]
    return board.hex_edges[board.hex_index[hex_name]][SIDE_NAMES.index(side)]


def hex_id(seats: int, hex_name: str) -> int:
    return BOARDS[seats].hex_index[hex_name]


def path(seats: int, *corners: int) -> list[int]:
    """The edges joining consecutive ``corners``."""
    board = BOARDS[seats]
    out = []
    for a, b in zip(corners, corners[1:], strict=False):
        out.append(board.edge_corners.index(tuple(sorted((a, b)))))
    return out


def table(
    seats: int = 4,
    settlements: dict[int, list[int]] | None = None,
    keeps: dict[int, list[int]] | None = None,
    roads: dict[int, list[int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    development: dict[int, list[str]] | None = None,
    terrain: dict[str, str] | None = None,
    turn: int = 0,
    rolled: bool = True,
    mode: str = "digital",
    options: dict | None = None,
    variant: str = "base",
) -> game.State:
    """A game in ``turn``'s turn (after the roll unless ``rolled`` is False)
    on the fixed set-up, with the pieces, hands and development cards given;
    cards come out of the supply and the deck, so every count adds up.
    (``variant="brotherhood"``: the Wall empty, heroes dealt, tokens down.)"""
    state = game.setup(config(seats, mode, variant, **{"board": "beginner", **(options or {})}))
    if terrain:
        board = BOARDS[seats]
        laid = list(state.terrain)
        for name, kind in terrain.items():
            laid[board.hex_index[name]] = kind
        state = replace(state, terrain=tuple(laid))
    for seat, corners in (settlements or {}).items():
        for at in corners:
            state = with_settlement(state, seat, at)
    for seat, corners in (keeps or {}).items():
        for at in corners:
            state = with_keep(with_settlement(state, seat, at), seat, at)
    for seat, edges in (roads or {}).items():
        for at in edges:
            state = with_road(state, seat, at)
    supply = list(state.supply)
    deck = list(state.development_deck)
    players = list(state.players)
    for seat in range(seats):
        hand = sorted((hands or {}).get(seat, []))
        for card in hand:
            supply[RESOURCE_INDEX[card]] -= 1
        cards = sorted((development or {}).get(seat, []))
        for card in cards:
            deck.remove(card)
        players[seat] = replace(players[seat], hand=tuple(hand), development=tuple(cards))
    step = Step("turn", seat=turn) if rolled else Step("start", seat=turn)
    return replace(
        state,
        players=tuple(players),
        supply=tuple(supply),
        development_deck=tuple(deck),
        pending=(step,),
        turn=turn,
        turn_number=1,
        events=(),
    )


def run(state, *actions, check_listed: bool = True):
    """Apply actions in order, each listed among the legal actions."""
    for action in actions:
        if check_listed:
            assert action in game.legal_actions(state), (action, game.legal_actions(state))
        state = game.apply(state, action)
    return state


def check_counts(state) -> None:
    """Every resource card and development card is somewhere, once; the
    board is the same read per player and per place; road lengths are
    up to date."""
    seats = len(state.players)
    board = BOARDS[seats]
    held = collections.Counter(card for player in state.players for card in player.hand)
    for resource in RESOURCES:
        assert held[resource] + state.supply[RESOURCE_INDEX[resource]] == RULES.resource_cards, resource
    deck = collections.Counter(development_deck(state.variant))
    seen = collections.Counter(state.development_deck)
    for player in state.players:
        seen.update(player.development)
        seen["ranger-patrol"] += player.patrols
        assert collections.Counter(player.bought) <= collections.Counter(player.development)
    seen.update(state.peek)
    # Table mode: an unseen card is still among the deck's cards, its
    # placeholder in a hand (or Melisandre's look) says only that it is held.
    unseen = seen.pop(UNSEEN, 0)
    assert unseen <= len(state.development_deck)
    played_elsewhere = deck - seen  # Road Building, Winter is Coming, New Recruits go out once played
    # (and Ranger Patrols Yoren turned into guards)
    assert set(played_elsewhere) <= {"road-building", "winter-is-coming", "new-recruits", "ranger-patrol"}
    if state.variant == "base":
        assert "ranger-patrol" not in played_elsewhere
    assert not seen - deck
    for seat, player in enumerate(state.players):
        assert len(player.settlements) <= RULES.settlements and len(player.keeps) <= RULES.keeps
        assert len(player.roads) <= state.road_limit
        for at in player.settlements + player.keeps:
            assert state.corner_owner[at] == seat
        for at in player.roads:
            assert state.edge_owner[at] == seat
        assert player.road_length == road_length(board, player.roads, blocked_for(state.corner_owner, seat))
    assert sum(owner >= 0 for owner in state.corner_owner) == sum(
        len(p.settlements) + len(p.keeps) for p in state.players
    )
    assert sum(owner >= 0 for owner in state.edge_owner) == sum(len(p.roads) for p in state.players)
    if state.variant == "brotherhood":
        check_watch_counts(state)


def check_watch_counts(state) -> None:
    """Brotherhood: the 40 wildlings are somewhere once, camps and the Wall
    within their room, the 48 tokens face down or spent, and the face-down
    ones are the pool's and the build-cost cards' (when no reveal is due)."""
    from castletui.rules.got_catan.edition import ALL_TOKENS, WATCH, WILDLINGS

    kinds = collections.Counter()
    for camps in state.camps:
        assert len(camps) < 5
        kinds.update(camps)
    for waiting in state.clearings:
        kinds.update(waiting)
    kinds.update(kind for kind in state.blocked if kind)
    for index, kind in enumerate(WILDLINGS):
        assert kinds[kind] + state.frostfangs[index] == WATCH.figures[kind], kind
    assert all(len(guards) <= WATCH.guard_spaces for guards in state.wall)
    for seat in range(len(state.players)):
        assert sum(guards.count(seat) for guards in state.wall) <= WATCH.guards
    assert sorted(state.tokens_hidden + state.tokens_spent) == list(ALL_TOKENS)
    if not any(step.kind in ("token", "reveal") for step in state.pending):
        on_cards = sum(
            p.card_settlements + WATCH.tokens_per_keep * (WATCH.card_keep_spaces - len(p.keeps))
            for p in state.players
        )
        assert len(state.tokens_hidden) == state.pool + on_cards


def random_playout(
    seats: int,
    seed: int,
    mode: str = "digital",
    check=None,
    cap: int = 30_000,
    variant: str = "base",
    **options,
):
    """Play a seeded game to the end at random; returns (final state, plies)."""
    state = game.setup(config(seats, mode, variant, **options))
    rng = random.Random(seed)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        else:
            action = rng.choice(game.legal_actions(state))
        if check is not None:
            check(state, action, ply)
        state = game.apply(state, action)
        ply += 1
        assert ply < cap, "the game did not end"
    return state, ply
