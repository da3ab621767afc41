"""Catapult Castle ``view``: the state as one seat may see it."""

from __future__ import annotations

from castletui.rules.catapult_castle.edition import HIDDEN
from castletui.rules.catapult_castle.pieces import EMPTY_PILE, deck_size
from castletui.rules.catapult_castle.state import Card, Draw, GiveCard, Pile, State
from msgspec.structs import replace


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it: other hands and every face-down card
    hidden, and the make-up of every deck (it would give the face-down cards
    away); discards, roofs and ammo are open. The events stay: they never
    hold a hidden card. In table mode the seat's own hand may hold unseen
    cards (``edition.UNSEEN``): they are its own, shown as they are, and
    the view carries each deck's unseen pool (``pools``): the counts of the
    kinds nobody has named, which everyone at the table can work out (each
    card was named in front of them), never which unseen card is which.
    Digital play names every card to the state, so there the pools would
    tell what lies face down: the view carries none."""
    hands = tuple(hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands))
    stacks = tuple(
        replace(stack, cards=tuple(Card(card.deck, HIDDEN) for card in stack.cards)) if stack.cards else stack
        for stack in state.stacks
    )
    # Table mode: a deck's pool also counts its unseen cards out of it; the view says what is really left.
    sizes = [deck_size(state, deck) for deck in range(len(state.decks))]
    decks = tuple(Pile(unknown=size) if size else EMPTY_PILE for size in sizes)
    # (A view's view is the view: its decks are sizes, its pools kept.)
    pools = state.pools or (state.decks if state.mode == "table" else ())
    return replace(state, hands=hands, stacks=stacks, decks=decks, pools=pools)


def view_action(state: State, action, seat: int) -> object:
    """``action`` as ``seat`` sees it: a card drawn into another's hand, or
    put face down under a tower, is a card from that deck (a card freed
    from under a tower turns face up for everyone)."""
    step = state.pending[-1] if state.pending else None
    if step is None:
        return action
    if isinstance(action, Draw) and step.kind != "reveal" and (step.kind != "draw" or step.seat != seat):
        return replace(action, kind=HIDDEN)
    if isinstance(action, GiveCard) and step.seat != seat:
        return replace(action, kind=HIDDEN)
    return action
