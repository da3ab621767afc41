"""Log lines (``describe``) and action-bar labels (``label``).

A log line never names a card another seat may not see: hidden draws say
"a card", Night attack cards stay "face down" until revealed.
"""

from __future__ import annotations

from rules.core import IllegalAction, seat_ref

from .edition import ACADEMY_CARDS, ATTACK_CARDS, CARDS, FACE_DOWN, title
from .fortress import reach_cut, walls_in_the_way
from .state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    Decline,
    Discard,
    Draw,
    DrawVillage,
    EndTurn,
    Explore,
    FirstPlayer,
    Give,
    King,
    NightAttack,
    Pass,
    Pick,
    PlayThief,
    Recall,
    State,
    Station,
)


def slot_name(slot: int) -> str:
    return "Castle" if slot == 0 else f"Wall {slot}"


def _target(target: int, slot: int, garrison: bool) -> str:
    where = f"{seat_ref(target)}'s {slot_name(slot)}"
    return f"the units on {where}" if garrison else where


def _cards(cards) -> str:
    return ", ".join(title(card) for card in cards) or "nothing"


def label(state: State, action) -> str:
    """The short action-bar text."""
    if isinstance(action, FirstPlayer):
        return f"{seat_ref(action.seat)} starts"
    if isinstance(action, Draw):
        if action.card == FACE_DOWN:
            return "It goes face down, unseen"
        return title(action.card)
    if isinstance(action, Buy):
        return "Buy: 1 Gold for 2 cards"
    if isinstance(action, Explore):
        return "Explore the dungeon"
    if isinstance(action, Attack):
        return f"Attack {_target(action.target, action.slot, action.garrison)}"
    if isinstance(action, NightAttack):
        return f"Night attack {_target(action.target, action.slot, action.garrison)}"
    if isinstance(action, Station):
        return f"Station {title(action.card)} at {slot_name(action.slot)}"
    if isinstance(action, Recall):
        return f"Take back {title(action.card)} from {slot_name(action.slot)}"
    if isinstance(action, Build):
        return "Build a siege weapon"
    if isinstance(action, Academy):
        return "Academy: Duke + 2 Gold"
    if isinstance(action, King):
        return "Play the King (2 more actions)"
    if isinstance(action, DrawVillage):
        return "Draw a Village card"
    if isinstance(action, Discard):
        return f"Throw away {title(action.card)} (no effect)"
    if isinstance(action, Pass):
        return "Nothing to do"
    if isinstance(action, Pick):
        return title(action.card)
    if isinstance(action, Confirm):
        top = state.pending[-1] if state.pending else None
        if top is not None and top.purpose in ("support", "react") and not top.selected:
            # Asked with nothing to play (option ask_everyone): say so, one plain pass.
            hand = state.players[top.seat].hand
            if top.purpose == "support":
                return "No, let it be" if ATTACK_CARDS.intersection(hand) else "Pass (no attack cards)"
            return "No reaction" if ACADEMY_CARDS.intersection(hand) else "Pass (no Academy cards)"
        return "Done"
    if isinstance(action, PlayThief):
        return "Play the Thief"
    if isinstance(action, Decline):
        top = state.pending[-1] if state.pending else None
        if top is not None and "thief" not in state.players[top.seat].hand:
            return "Pass (no Thief to play)"
        return "Let the Gold go"
    if isinstance(action, Give):
        return f"Give {title(action.card)} to {seat_ref(action.to)}"
    if isinstance(action, EndTurn):
        return "End turn"
    return str(action)


def describe(state: State, action) -> str:
    """One log line for ``action``, told before it is applied."""
    top = state.pending[-1] if state.pending else None
    seat = top.seat if top is not None else -1
    who = seat_ref(seat)
    if isinstance(action, FirstPlayer):
        return f"{seat_ref(action.seat)} goes first."
    if isinstance(action, Draw):
        return _describe_draw(state, top, action)
    if isinstance(action, Buy):
        return f"{who} plays a Gold to buy 2 Village cards."
    if isinstance(action, Explore):
        return f"{who} sends Explorers into the dungeon."
    if isinstance(action, Attack):
        return f"{who} attacks {_target(action.target, action.slot, action.garrison)}."
    if isinstance(action, NightAttack):
        return f"{who} plays Night and attacks {_target(action.target, action.slot, action.garrison)} in the dark."
    if isinstance(action, Station):
        return f"{who} stations {title(action.card)} at their {slot_name(action.slot)}."
    if isinstance(action, Recall):
        return f"{who} takes {title(action.card)} back from their {slot_name(action.slot)}."
    if isinstance(action, Build):
        return f"{who} gathers Builders to build a siege weapon."
    if isinstance(action, Academy):
        return f"{who} sends a Duke and 2 Gold to the Academy (the Duke leaves the game)."
    if isinstance(action, King):
        return f"{who} plays the King: two more actions."
    if isinstance(action, DrawVillage):
        return f"{who} spends an action drawing a Village card."
    if isinstance(action, Discard):
        return f"{who} throws away {title(action.card)}, to no effect."
    if isinstance(action, Pass):
        return f"{who} has no cards and nothing to do."
    if isinstance(action, Pick):
        return _describe_pick(state, top, action)
    if isinstance(action, Confirm):
        return _describe_confirm(state, top, action)
    if isinstance(action, PlayThief):
        gold = top.count if top is not None else 0
        return f"{who} plays the Thief and takes {seat_ref(top.target)}'s {gold} Gold."
    if isinstance(action, Decline):
        return f"{who} lets the Gold go."
    if isinstance(action, Give):
        return f"{who} gives {seat_ref(action.to)} a card."
    if isinstance(action, EndTurn):
        return f"{who} ends their turn."
    return str(action)


def chance_prompt(state: State) -> str:
    """The question table mode asks at a chance step; its answers are the
    ``label`` of each outcome. A face-down loot card is never named: the
    table only confirms it went face down."""
    top = state.pending[-1] if state.pending else None
    if top is None:
        return "What happened at the table?"
    if top.kind == "first":
        return "Who starts? (the player who most recently saw a castle, or the youngest)"
    if top.kind != "draw":
        return "What happened at the table?"
    who = seat_ref(top.target)
    if top.source == "loot":
        return (
            f"{who} takes one of {seat_ref(top.source_seat)}'s face-down loot cards without "
            "looking: it stays face down."
        )
    if top.dest == "loot":
        return f"{who} takes the top Village card as loot, face down: nobody looks at it."
    if top.source == "reveal":
        return f"{who} turns a face-down loot card up into hand: which card is it?"
    if top.dest == "open":
        return "Which Dungeon card is turned up?"
    deck = {"village": "Village", "siege": "Siege", "academy": "Academy"}.get(top.source, "")
    return f"Which {deck} card did {who} draw?"


def _describe_draw(state: State, top, action: Draw) -> str:
    if top is None:
        return "A card is drawn."
    receiver = seat_ref(top.target)
    if top.dest == "open":
        data = CARDS.get(action.card)
        if data is None:
            return "A dungeon is revealed."
        danger, treasure = _count(data.danger, "torch", "torches"), _count(data.treasure, "card", "cards")
        line = f"The dungeon is revealed: danger {danger}, treasure {treasure}."
        return f"{line} {_explore_verdict(state.table, action.card)}" if state.table else line
    if top.source == "loot":
        return f"{receiver} takes one of {seat_ref(top.source_seat)}'s face-down loot cards."
    if top.source == "reveal":
        return f"{receiver} turns a face-down loot card up into hand."
    if top.dest == "loot":
        return f"{receiver} takes a loot card face down."
    if top.source == "academy":
        return f"{receiver} takes an Academy card."
    if top.source == "siege":
        return f"{receiver} takes the top Siege card."
    return f"{receiver} draws a Village card."


def _explore_verdict(explorers, dungeon: str) -> str:
    torches = sum(CARDS[card].torches for card in explorers if card in CARDS)
    data = CARDS[dungeon]
    counted = _count(torches, "torch", "torches")
    if torches > data.danger:
        return f"{counted} {'beats' if torches == 1 else 'beat'} it: the treasure is won."
    return f"{counted} {'is' if torches == 1 else 'are'} not enough: the dungeon stays open."


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _describe_pick(state: State, top, action: Pick) -> str:
    who = seat_ref(top.seat)
    purpose = top.purpose
    if purpose in ("attack", "support"):
        if state.assault.night:
            return f"{who} slips a card face down under the Night."
        verb = "adds" if purpose == "attack" else "sends in support"
        return f"{who} {verb} {title(action.card)}."
    if purpose == "react":
        return f"{who} readies an Academy card."
    if purpose == "build":
        return f"{who} pays {title(action.card)}."
    return f"{who} sends {title(action.card)}."


def _describe_confirm(state: State, top, action: Confirm) -> str:
    # Imported here: engine imports nothing from this module, but keep the
    # dependency one way.
    from .engine import apply

    who = seat_ref(top.seat)
    purpose = top.purpose
    night = state.assault.night
    if purpose == "attack":
        count = len(top.selected)
        if night:
            line = f"{who} attacks with {count} card(s) face down."
        else:
            line = f"{who} attacks with {_cards(top.selected)}."
    elif purpose == "support":
        if not top.selected:
            line = f"{who} does not join the attack."
        elif night:
            line = f"{who} supports the attack with {len(top.selected)} card(s) face down."
        else:
            line = f"{who} supports the attack with {_cards(top.selected)}."
    elif purpose == "react":
        line = f"{who} reacts with {_cards(top.selected)}." if top.selected else f"{who} does not react."
    elif purpose == "explore":
        line = f"{who} explores with {_cards(top.selected)}."
        if state.open_dungeon:
            line += " " + _explore_verdict(top.selected, state.open_dungeon)
        return line
    else:
        return f"{who} is done."
    try:
        after = apply(state, action)
    except (IllegalAction, KeyError, ValueError):
        return line  # e.g. told from a seat's view, where hidden cards cannot be settled
    assault = after.assault
    if assault.outcome and not state.assault.outcome:
        target = _target(assault.defender, assault.slot, assault.garrison)
        shown = ""
        if night:
            shown = f" Revealed: {_cards(c.card for c in assault.cards)}."
        verdict = "succeeds" if assault.outcome == "success" else "fails"
        walls = walls_in_the_way(state)
        if reach_cut([c.card for c in assault.cards], assault.reactions, walls):
            shown += " Sabotage took the assault weapon: nothing carries the attack past the Walls."
        totals = f"{_count(assault.swords, 'sword', 'swords')} against {_count(assault.shields, 'shield', 'shields')}"
        line += f"{shown} {totals}: the attack on {target} {verdict}."
        if after.ended_by == "castle":
            line += f" {seat_ref(after.winner)}'s castle is the last one standing!"
    return line
