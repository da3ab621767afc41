"""What one seat may see: others' resource cards and development cards
(Victory Points included) become placeholders of the same count, and so
does the development deck; the board, the supply, played Ranger Patrols
and open offers are public. Once the game is over, every development card
is shown (the final count reveals Victory Points).

In table mode the development cards are public as the app holds them: a
card drawn is an unseen placeholder until it is named (``chance``), so
what is left in the deck and what each hand holds is known to everyone;
only the resource hands stay each seat's own.

``view_action`` is an action as one seat sees it: a card stolen, taken by
Mance Rayder or given back by Jeor Mormont is named to the two players it
passes between and is "a card" to everyone else (the table itself, seat
CHANCE, included: table mode's shared log)."""

from __future__ import annotations

from msgspec.structs import replace

from .edition import HIDDEN
from .state import GiveCard, State, Steal, TakeCard


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, seat: int) -> State:
    if state.table_mode:
        return _table_view(state, seat)
    if not state.pending:
        return _final_view(state, seat)
    step = state.pending[-1]
    # Mance Rayder shows his holder the hand he takes from.
    shown = step.target if step is not None and step.kind == "mance" and step.seat == seat else -1
    players = tuple(
        player
        if index == seat
        else replace(
            player,
            development=_hide(player.development),
            bought=_hide(player.bought),
        )
        if index == shown
        else replace(
            player,
            hand=_hide(player.hand),
            development=_hide(player.development),
            bought=_hide(player.bought),
        )
        for index, player in enumerate(state.players)
    )
    peeker = step.seat if step is not None and step.kind in ("peek", "pick") else None
    peek = state.peek if peeker == seat else _hide(state.peek)
    return replace(state, players=players, development_deck=_hide(state.development_deck), peek=peek)


def _final_view(state: State, seat: int) -> State:
    """Once the game is over every development card is shown, as its
    holders reveal their Victory Points to count the final score: the
    result a seat reads from its view is the table's. Others' resource
    hands and the deck stay hidden (they decide nothing any more)."""
    players = tuple(
        player if index == seat else replace(player, hand=_hide(player.hand))
        for index, player in enumerate(state.players)
    )
    return replace(
        state, players=players, development_deck=_hide(state.development_deck), peek=_hide(state.peek)
    )


def _table_view(state: State, seat: int) -> State:
    step = state.pending[-1] if state.pending else None
    shown = step.target if step is not None and step.kind == "mance" and step.seat == seat else -1
    players = tuple(
        player if index in (seat, shown) else replace(player, hand=_hide(player.hand))
        for index, player in enumerate(state.players)
    )
    return replace(state, players=players)


def view_action(state: State, action, seat: int) -> object:
    """``action`` as ``seat`` sees it (see the module's docstring)."""
    step = state.pending[-1] if state.pending else None
    if step is None or not isinstance(action, (Steal, TakeCard, GiveCard)):
        return action
    if seat in (step.seat, step.target):
        return action
    return replace(action, resource=HIDDEN)
