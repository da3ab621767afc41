"""What one seat may see: other hands, all face-down loot (even one's own),
the cards of a Night attack not yet revealed, cards others are still
choosing, and the order-free contents of the shuffled decks are replaced by
placeholders of the same count; and ``view_action``: an action as one seat
sees it, for its log lines (a card picked or given by another is face
down)."""

from __future__ import annotations

from castletui.rules.core import top
from msgspec.structs import replace

from .chance import unseen_in_hands
from .decks import village_in_deck
from .edition import HIDDEN
from .state import Committed, Draw, Give, Pick, Pools, State


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, seat: int) -> State:
    players = tuple(
        replace(
            player,
            hand=player.hand if index == seat else _hide(player.hand),
            loot=_hide(player.loot),
        )
        for index, player in enumerate(state.players)
    )
    assault = state.assault
    if not assault.revealed:
        assault = replace(
            assault,
            cards=tuple(c if c.owner == seat else Committed(c.owner, HIDDEN) for c in assault.cards),
        )
    pending = tuple(
        p if p.seat == seat or not p.selected else replace(p, selected=_hide(p.selected))
        for p in state.pending
    )
    # The cards under the Siege/Academy/Dungeon decks came face up from the
    # discards, so everyone knows them; the shuffled parts are only counts.
    # Table mode: the decks count only the cards really in them (the unseen
    # ones out in hands and loot are not), and the unseen pools come apart.
    return replace(
        state,
        players=players,
        assault=assault,
        pending=pending,
        village_deck=(HIDDEN,) * village_in_deck(state),
        unseen_loot=0,
        siege_deck=(HIDDEN,) * (len(state.siege_deck) - unseen_in_hands(state, "siege")),
        academy_deck=(HIDDEN,) * (len(state.academy_deck) - unseen_in_hands(state, "academy")),
        dungeon_deck=_hide(state.dungeon_deck),
        pools=_pools(state),
    )


def _pools(state: State) -> Pools | None:
    """Table mode's unseen pools: what nobody has named, which the table
    was told card by card as each was named on its one screen (never which
    unseen card is where). Digital play names every card to the state, so
    there a pool would tell what lies face down: none."""
    if not state.table_mode or state.pools is not None:
        return state.pools  # (a view's view is the view)
    return Pools(state.village_deck, state.siege_deck, state.academy_deck)


def view_action(state: State, action, seat: int) -> object:
    """``action`` as ``seat`` sees it: a card another seat picks stays in
    its hand's secret until the choice is confirmed (a day attack shows its
    cards then, a Night attack at its reveal), a card given away by a
    fallen player is seen by the giver and the receiver only, and a card
    drawn into another's hand or loot is a card from that deck."""
    step = top(state.pending)
    if step is None:
        return action
    if isinstance(action, Pick) and step.seat != seat:
        return replace(action, card=HIDDEN)
    if isinstance(action, Give) and seat not in (step.seat, action.to):
        return replace(action, card=HIDDEN)
    if isinstance(action, Draw) and step.dest != "open" and (step.dest != "hand" or step.target != seat):
        return replace(action, card=HIDDEN)
    return action
