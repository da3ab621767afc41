"""Helpers for the Castlecards tests: a table laid out by hand, a run of
actions, the card count that must always add up, a seeded random playout."""

from __future__ import annotations

import collections
import random

import castletui.rules.castlecards as game
from castletui.rules.castlecards.edition import deck_cards
from castletui.rules.castlecards.state import Draw, FortressCard, Pending
from castletui.rules.core import CHANCE, Config, chance_rng, sample_outcome
from msgspec.structs import replace

ALL_CARDS = collections.Counter(
    deck_cards("village") + deck_cards("siege") + deck_cards("academy") + deck_cards("dungeon")
)


def config(seats: int, mode: str = "digital", **options) -> Config:
    return Config("two-player" if seats == 2 else "multi-player", seats, options, mode)


def table(
    seats: int = 2,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    walls: dict[int, int] | None = None,
    stationed: dict[tuple[int, int], list[str]] | None = None,
    loot: dict[int, list[str]] | None = None,
    mode: str = "digital",
    **options,
) -> game.State:
    """A game at ``turn``'s action (the turn draw already taken), with the given
    hands, Walls still standing per seat, stationed cards and loot. Every card
    placed is taken out of its deck, so the 110 still add up."""
    state = game.setup(config(seats, mode, **options))
    decks = {
        "village": list(state.village_deck),
        "siege": list(state.siege_deck),
        "academy": list(state.academy_deck),
        "dungeon": list(state.dungeon_deck),
    }

    def take(card: str) -> str:
        deck = game_deck(card)
        decks[deck].remove(card)
        return card

    players = list(state.players)
    for seat, player in enumerate(players):
        hand = sorted(take(card) for card in (hands or {}).get(seat, []))
        fortress = list(player.fortress)
        standing_walls = (walls or {}).get(seat, len(fortress) - 1)
        for slot in range(1, len(fortress)):
            if slot > standing_walls:
                fortress[slot] = FortressCard("wall", standing=False)
        for (owner, slot), cards in (stationed or {}).items():
            if owner == seat:
                fortress[slot] = replace(fortress[slot], stationed=tuple(take(card) for card in cards))
        own_loot = sorted(take(card) for card in (loot or {}).get(seat, []))
        players[seat] = replace(player, hand=tuple(hand), fortress=tuple(fortress), loot=tuple(own_loot))
    return replace(
        state,
        players=tuple(players),
        village_deck=tuple(sorted(decks["village"])),
        siege_deck=tuple(sorted(decks["siege"])),
        academy_deck=tuple(sorted(decks["academy"])),
        dungeon_deck=tuple(sorted(decks["dungeon"])),
        pending=(Pending("end-action"), Pending("action", seat=turn)),
        turn=turn,
        actions_left=1,
        turn_number=1,
    )


def game_deck(card: str) -> str:
    from castletui.rules.castlecards.edition import DECK

    return DECK[card]


def run(state, *actions):
    """Apply actions in order (a plain str is a chance Draw of that card)."""
    for action in actions:
        if isinstance(action, str):
            action = Draw(action)
        assert action in game.legal_actions(state), (action, game.legal_actions(state))
        state = game.apply(state, action)
    return state


def cards_in_play(state) -> collections.Counter:
    """Every card, wherever it is: it must always equal ALL_CARDS."""
    found = collections.Counter()
    for player in state.players:
        found.update(player.hand)
        found.update(player.loot)
        for card in player.fortress:
            found.update(card.stationed)
    for name in (
        "village_deck",
        "discard",
        "siege_deck",
        "siege_under",
        "academy_deck",
        "academy_under",
        "dungeon_deck",
        "dungeon_under",
        "removed",
        "table",
    ):
        found.update(getattr(state, name))
    if state.open_dungeon:
        found[state.open_dungeon] += 1
    if not state.assault.outcome:
        found.update(c.card for c in state.assault.cards)
        found.update(state.assault.reactions)
    for pending in state.pending:
        found.update(pending.selected)
        if pending.kind == "thief":
            found["gold"] += pending.count
    return found


def random_playout(seats: int, seed: int, chooser=None, cap: int = 5000, check=None):
    """Play a seeded game to the end; returns (final state, actions taken)."""
    state = game.setup(config(seats))
    rng = random.Random(seed)
    ply = 0
    while game.to_move(state) is not None:
        seat = game.to_move(state)
        if seat == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))
        elif chooser is None:
            action = rng.choice(game.legal_actions(state))
        else:
            action = chooser(state, rng)
        if check is not None:
            check(state, action, ply)
        state = game.apply(state, action)
        ply += 1
        assert ply < cap, "the game did not end"
    return state, ply
