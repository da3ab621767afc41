"""The four decks and the loot as piles to draw from: which pile a draw
takes from, what is left in each, and the reshuffle of the discards."""

from __future__ import annotations

from msgspec.structs import replace

from .edition import DECK
from .state import Pending, State


def draw_source(state: State, step: Pending) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(shuffled multiset, ordered cards under it) the draw ``step`` takes from."""
    source = step.source
    if source == "village" or source == "reveal":
        return state.village_deck, ()
    if source == "siege":
        return state.siege_deck, state.siege_under
    if source == "academy":
        return state.academy_deck, state.academy_under
    if source == "dungeon":
        return state.dungeon_deck, state.dungeon_under
    return state.players[step.source_seat].loot, ()


def face_down_draw(state: State, step: Pending) -> bool:
    """Table mode: a loot card taken from the Village deck face down, unseen."""
    return state.table_mode and step.source == "village" and step.dest == "loot"


def village_in_deck(state: State) -> int:
    """Cards really in the Village deck: in table mode the cards taken face
    down as loot are still counted in ``village_deck`` (nobody knows which)."""
    return len(state.village_deck) - state.unseen_loot


def village_left(state: State) -> bool:
    if village_in_deck(state):
        return True
    return any(DECK.get(card) == "village" for card in state.discard)


def siege_left(state: State) -> bool:
    return bool(state.siege_deck or state.siege_under)


def academy_left(state: State) -> bool:
    return bool(state.academy_deck or state.academy_under)


def dungeon_left(state: State) -> bool:
    return bool(state.open_dungeon or state.dungeon_deck or state.dungeon_under)


def reshuffled(state: State) -> State:
    """The Village discards become the new deck; Siege, Academy and Dungeon
    cards in the discards go back under their own decks, in discard order."""
    village: list[str] = []
    under: dict[str, tuple[str, ...]] = {
        "siege": state.siege_under,
        "academy": state.academy_under,
        "dungeon": state.dungeon_under,
    }
    for card in state.discard:
        deck = DECK[card]
        if deck == "village":
            village.append(card)
        else:
            under[deck] = under[deck] + (card,)
    # In table mode the cards still in ``village_deck`` here are the unseen
    # face-down loot: they stay among the unseen cards, beside the new deck.
    return replace(
        state,
        village_deck=tuple(sorted(village + list(state.village_deck))),
        discard=(),
        siege_under=under["siege"],
        academy_under=under["academy"],
        dungeon_under=under["dungeon"],
    )
