"""The words of the game: log lines for actions (``describe``), action-bar
labels (``label``), and log lines for what the rules did by themselves
(``effects``, from the events of the automatic steps).

A log line never names a card another seat may not see: hidden draws say
"a card", Night attack cards stay "face down" until revealed.
"""

from __future__ import annotations

from collections.abc import Callable

from castletui.rules.core import Event, seat_ref, top

from .chance import UNSEEN_DECK, possible_cards
from .edition import (
    ACADEMY_CARDS,
    ACADEMY_GOLD,
    ATTACK_CARDS,
    BUY_CARDS,
    CARDS,
    COLOUR,
    FACE_DOWN,
    HIDDEN,
    KIND,
    KING_ACTIONS,
    STRENGTH,
    TORCHES,
    title,
)
from .flow import torches_beat
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


# --- card words for the screens --------------------------------------------------

_SHORT_TITLE = {
    "battering-ram": "Ram",
    "siege-tower": "Siege Tower",
    "explorers-1": "Explorers 1",
    "explorers-2": "Explorers 2",
}

_WHAT_IT_DOES = {
    "gold": "buy, pay",
    "builders": "build",
    "duke": "academy",
    "king": f"+{KING_ACTIONS} actions",
    "thief": "takes Gold",
    "night": "dark attack",
    "trap": f"-{CARDS['trap'].effect} swords",
    "shield-wall": f"+{CARDS['shield-wall'].effect} shields",
    "sabotage": "drops a weapon",
    "boiling-oil": "drops a unit",
}
"""What a card without swords or torches does, in a few words."""


_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _in_words(number: int) -> str:
    """A small number as a word ("two"), as the log says it; figures beyond six."""
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)


def count_words(number: int, one: str, many: str) -> str:
    """ "1 sword", "2 swords": a number with its noun in the right number."""
    return f"{number} {one if number == 1 else many}"


def card_name(card: str, short: bool = False) -> str:
    """A card of a hand or an attack: "Soldiers red 2", short "Soldiers R2"."""
    if card == HIDDEN:
        return "face down"
    if card in UNSEEN_DECK:
        # Table mode: its owner holds the real card; the app knows only its deck.
        deck = UNSEEN_DECK[card].title()
        return f"{deck} ?" if short else f"{deck} card (unseen)"
    kind = KIND.get(card, "")
    colour = COLOUR.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind == "soldiers":
        return f"Soldiers {colour[0].upper()}{strength}" if short else f"Soldiers {colour} {strength}"
    if kind == "bowmen":
        return f"Bowmen {colour[0].upper()}" if short else f"Bowmen {colour}"
    if kind == "weapon":
        name = _SHORT_TITLE.get(card, title(card)) if short else title(card)
        return f"{name} {strength}"
    if kind == "explorers":
        return _SHORT_TITLE[card] if short else title(card)
    if kind == "dungeon":
        data = CARDS[card]
        return f"Dungeon {data.danger}/{data.treasure}"
    return title(card)


def card_face(card: str) -> tuple[str, str]:
    """A card as drawn in a hand: its name, and what it is worth or does."""
    if card in UNSEEN_DECK:
        return f"{UNSEEN_DECK[card].title()} card", "unseen: in hand"
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind in ("soldiers", "bowmen"):
        return kind.title(), f"{COLOUR[card]} {strength}"
    if kind == "weapon":
        return title(card), count_words(strength, "sword", "swords")
    if kind == "explorers":
        return "Explorers", count_words(CARDS[card].torches, "torch", "torches")
    return title(card), _WHAT_IT_DOES.get(card, "")


def card_worth(card: str) -> str:
    """What picking ``card`` adds, in a few words: "1 sword", "-2 swords", "2 torches"."""
    kind = KIND.get(card, "")
    if kind in ("soldiers", "bowmen", "weapon"):
        return count_words(STRENGTH.get(card, 0), "sword", "swords")
    return card_face(card)[1]


def unit_code(card: str) -> str:
    """A stationed card in 2-4 characters: S2 (Soldiers 2), B1, Cat3."""
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind in ("soldiers", "bowmen"):
        return f"{kind[0].upper()}{strength}"
    if kind == "weapon":
        return f"{_SHORT_TITLE.get(card, title(card))[:3]}{strength}"
    return "?"


def unit_name(card: str) -> str:
    """A stationed card in words without its colour (the fortress has it)."""
    kind = KIND.get(card, "")
    strength = STRENGTH.get(card, 0)
    if kind in ("soldiers", "bowmen"):
        return f"{kind.title()} {strength}"
    return f"{title(card)} {strength}"


def versus(outlook) -> str:
    """An attack's standing in words: "3 swords vs 2 shields: wins"."""
    if outlook is None:
        return ""
    swords = count_words(outlook.swords, "sword", "swords")
    shields = count_words(outlook.shields, "shield", "shields")
    if outlook.hidden:
        # A Night attack: the face-down cards' swords are unknown to this seat.
        return f"{swords} + {outlook.hidden} face down vs {shields}"
    return f"{swords} vs {shields}: {'wins' if outlook.succeeds else 'fails'}"


def verdict(outlook) -> str:
    """Whether the attack would take the card if weighed now, in words; with
    cards face down to this seat, that it cannot be told (never a guess)."""
    if outlook.hidden:
        face_down = count_words(outlook.hidden, "card is", "cards are")
        return f"cannot be weighed yet: {face_down} face down"
    if outlook.succeeds:
        return "would succeed"
    # The rule players forget: a tie fails.
    return "would fail (a tie fails)" if outlook.swords == outlook.shields else "would fail"


def label(view: State, action) -> str:
    """The short action-bar text."""
    if isinstance(action, FirstPlayer):
        return f"{seat_ref(action.seat)} starts"
    if isinstance(action, Draw):
        if action.card == FACE_DOWN:
            return "It goes face down, unseen"
        if action.card in UNSEEN_DECK:
            return "Into the hand, unseen (named when played)"
        return title(action.card)
    if isinstance(action, Buy):
        return f"Buy: 1 Gold for {BUY_CARDS} cards"
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
        return f"Academy: Duke + {ACADEMY_GOLD} Gold"
    if isinstance(action, King):
        return f"Play the King ({KING_ACTIONS} more actions)"
    if isinstance(action, DrawVillage):
        return "Draw a Village card"
    if isinstance(action, Discard):
        return f"Throw away {title(action.card)} (no effect)"
    if isinstance(action, Pass):
        return "Nothing to do"
    if isinstance(action, Pick):
        return title(action.card)
    if isinstance(action, Confirm):
        step = top(view.pending)
        if step is not None and step.purpose in ("support", "react") and not step.selected:
            # Asked with nothing to play (option ask_everyone): say so, one plain pass.
            # (Table mode: an unseen card that could be one is something to play.)
            hand = possible_cards(view, step.seat)
            if step.purpose == "support":
                return "No, let it be" if ATTACK_CARDS.intersection(hand) else "Pass (no attack cards)"
            return "No reaction" if ACADEMY_CARDS.intersection(hand) else "Pass (no Academy cards)"
        return "Done"
    if isinstance(action, PlayThief):
        step = top(view.pending)
        gold = step.count if step is not None and step.kind == "thief" else 0
        return f"Play the Thief: take {gold} Gold" if gold else "Play the Thief"
    if isinstance(action, Decline):
        step = top(view.pending)
        if step is not None and "thief" not in possible_cards(view, step.seat):
            return "Pass (no Thief to play)"
        return "Let the Gold go"
    if isinstance(action, Give):
        return f"Give {title(action.card)} to {seat_ref(action.to)}"
    if isinstance(action, EndTurn):
        return "End turn"
    return str(action)


def describe(state: State, action) -> str:
    """One log line for ``action``, told before it is applied."""
    step = top(state.pending)
    seat = step.seat if step is not None else -1
    who = seat_ref(seat)
    if isinstance(action, FirstPlayer):
        return f"{seat_ref(action.seat)} goes first."
    if isinstance(action, Draw):
        return _describe_draw(state, step, action)
    if isinstance(action, Buy):
        return f"{who} plays a Gold to buy {BUY_CARDS} Village cards."
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
        return f"{who} sends a Duke and {ACADEMY_GOLD} Gold to the Academy (the Duke leaves the game)."
    if isinstance(action, King):
        return f"{who} plays the King: {_in_words(KING_ACTIONS)} more actions."
    if isinstance(action, DrawVillage):
        return f"{who} spends an action drawing a Village card."
    if isinstance(action, Discard):
        return f"{who} throws away {title(action.card)}, to no effect."
    if isinstance(action, Pass):
        return f"{who} has no cards and nothing to do."
    if isinstance(action, Pick):
        return _describe_pick(state, step, action)
    if isinstance(action, Confirm):
        return _describe_confirm(state, step, action)
    if isinstance(action, PlayThief):
        gold = step.count if step is not None else 0
        return f"{who} plays the Thief and takes {seat_ref(step.target)}'s {gold} Gold."
    if isinstance(action, Decline):
        return f"{who} lets the Gold go."
    if isinstance(action, Give):
        return f"{who} gives {seat_ref(action.to)} a card."
    if isinstance(action, EndTurn):
        return f"{who} ends their turn."
    return str(action)


def _describe_draw(state: State, step, action: Draw) -> str:
    if step is None:
        return "A card is drawn."
    receiver = seat_ref(step.target)
    if step.dest == "open":
        data = CARDS.get(action.card)
        if data is None:
            return "A dungeon is revealed."
        danger, treasure = (
            count_words(data.danger, "torch", "torches"),
            count_words(data.treasure, "card", "cards"),
        )
        line = f"The dungeon is revealed: danger {danger}, treasure {treasure}."
        return f"{line} {_explore_verdict(state.table, action.card)}" if state.table else line
    if step.source == "loot":
        return f"{receiver} takes one of {seat_ref(step.source_seat)}'s face-down loot cards."
    if step.source == "reveal":
        return f"{receiver} turns a face-down loot card up into hand."
    if step.dest == "loot":
        return f"{receiver} takes a loot card face down."
    if step.source == "academy":
        return f"{receiver} takes an Academy card."
    if step.source == "siege":
        return f"{receiver} takes the top Siege card."
    return f"{receiver} draws a Village card."


def _explore_verdict(explorers, dungeon: str) -> str:
    torches = sum(TORCHES.get(card, 0) for card in explorers)
    counted = count_words(torches, "torch", "torches")
    if torches_beat(explorers, dungeon):
        return f"{counted} {'beats' if torches == 1 else 'beat'} it: the treasure is won."
    return f"{counted} {'is' if torches == 1 else 'are'} not enough: the dungeon stays open."


def _describe_pick(state: State, step, action: Pick) -> str:
    who = seat_ref(step.seat)
    purpose = step.purpose
    # Face down (HIDDEN) for every seat but the picker's (view_action): the
    # card stays the picker's secret until the choice is confirmed.
    card = "a card" if action.card == HIDDEN else title(action.card)
    if purpose in ("attack", "support"):
        if state.assault.night:
            return f"{who} slips a card face down under the Night."
        if purpose == "attack":
            return f"{who} adds {card}."
        return f"{who} sends {card} in support."
    if purpose == "react":
        return f"{who} readies an Academy card."
    if purpose == "build":
        return f"{who} pays {card}."
    return f"{who} sends {card}."


def _describe_confirm(state: State, step, action: Confirm) -> str:
    """The chooser's own words; if this set the attack to be weighed, the
    verdict is the rules' line that follows (``_attack_weighed``)."""
    who = seat_ref(step.seat)
    purpose = step.purpose
    night = state.assault.night
    if purpose == "attack":
        if night:
            return f"{who} attacks with {len(step.selected)} card(s) face down."
        return f"{who} attacks with {_cards(step.selected)}."
    if purpose == "support":
        if not step.selected:
            return f"{who} does not join the attack."
        if night:
            return f"{who} supports the attack with {len(step.selected)} card(s) face down."
        return f"{who} supports the attack with {_cards(step.selected)}."
    if purpose == "react":
        return f"{who} reacts with {_cards(step.selected)}." if step.selected else f"{who} does not react."
    if purpose == "explore":
        line = f"{who} explores with {_cards(step.selected)}."
        if state.open_dungeon:
            line += " " + _explore_verdict(step.selected, state.open_dungeon)
        return line
    return f"{who} is done."


# --- what the rules did by themselves -----------------------------------------

_DECKS = {"village": "Village", "siege": "Siege", "academy": "Academy", "dungeon": "Dungeon"}


def _attack_weighed(event: Event) -> str:
    defender, slot, garrison, swords, shields, success, cut, last, night, *revealed = event.detail
    shown = f"Revealed: {_cards(revealed)}. " if night else ""
    if cut:
        shown += "Sabotage took the assault weapon: nothing carries the attack past the Walls. "
    totals = f"{count_words(swords, 'sword', 'swords')} against {count_words(shields, 'shield', 'shields')}"
    line = f"{shown}{totals}: the attack on {_target(defender, slot, garrison)} {'succeeds' if success else 'fails'}."
    if last >= 0:
        line += f" {seat_ref(last)}'s castle is the last one standing!"
    return line


def _reshuffle(event: Event) -> str:
    village, back_under = event.detail
    line = f"The discards are shuffled into a new Village deck of {count_words(village, 'card', 'cards')}"
    if back_under:
        line += f"; {count_words(back_under, 'card goes', 'cards go')} back under the other decks"
    return line + "."


def _no_card(event: Event) -> str:
    (source,) = event.detail
    if source == "village":
        return f"The Village deck and the discards are empty: {seat_ref(event.seat)} gets no card."
    if source == "dungeon":
        return "The Dungeon deck is empty: no dungeon is turned up."
    if source == "loot":
        return f"No loot is left: {seat_ref(event.seat)} gets no card."
    return f"The {_DECKS.get(source, source)} deck is empty: {seat_ref(event.seat)} gets no card."


def _more_actions(event: Event) -> str:
    (left,) = event.detail
    return f"{seat_ref(event.seat)} has {count_words(left, 'more action', 'more actions')} this turn."


def _repelled(event: Event) -> str:
    return f"The attack cards go to the discards; a repelled attack ends {seat_ref(event.seat)}'s turn."


def _garrison_routed(event: Event) -> str:
    slot, units = event.detail
    where = f"{seat_ref(event.seat)}'s {slot_name(slot)}"
    return f"The {count_words(units, 'unit', 'units')} on {where} {'goes' if units == 1 else 'go'} to the discards."


def _wall_falls(event: Event) -> str:
    slot, units = event.detail
    line = f"{seat_ref(event.seat)}'s {slot_name(slot)} falls"
    if units:
        line += f", its {count_words(units, 'defender', 'defenders')} to the discards"
    return line + "."


def _castle_falls(event: Event) -> str:
    who = seat_ref(event.seat)
    return f"{who}'s Castle falls: {who} is out of the game, every defender to the discards."


def _won(event: Event) -> str:
    (teams,) = event.detail
    if teams:
        return f"The game is over: {seat_ref(event.seat)}'s team holds the last castles standing and wins together."
    return "The game is over: the last castle standing wins."


def _loot(event: Event) -> str:
    fallen, taken, loot = event.detail
    line = f"{seat_ref(event.seat)} takes the Castle's loot card"
    if loot:
        line += f" and {taken} of {seat_ref(fallen)}'s {count_words(loot, 'loot card', 'loot cards')}, drawn blind"
    return line + "."


def _loot_kept(event: Event) -> str:
    (count,) = event.detail
    return f"{seat_ref(event.seat)} keeps the rest of their loot: {count_words(count, 'card', 'cards')} into hand."


def _loot_to_hand(event: Event) -> str:
    (count,) = event.detail
    return f"Two castles remain: {seat_ref(event.seat)} takes their {count_words(count, 'loot card', 'loot cards')} into hand."


def _treasure(event: Event) -> str:
    (treasure,) = event.detail
    return (
        f"The dungeon is beaten: {seat_ref(event.seat)} draws {count_words(treasure, 'Village card', 'Village cards')} "
        "of treasure; the Explorers and the dungeon go to the discards."
    )


def _dungeon_holds(event: Event) -> str:
    return "The Explorers go to the discards; the dungeon stays face up."


def _turn(event: Event) -> str:
    return f"{seat_ref(event.seat)}'s turn begins."


def _fallen_turn(event: Event) -> str:
    return f"{seat_ref(event.seat)}'s turn: their Castle has fallen, so they may only give cards away."


def _round_limit(event: Event) -> str:
    (rounds,) = event.detail
    return f"The round limit ({count_words(rounds, 'round', 'rounds')}) is reached: the game ends."


_EVENT_LINES: dict[str, Callable[[Event], str]] = {
    "attack-weighed": _attack_weighed,
    "reshuffle": _reshuffle,
    "no-card": _no_card,
    "more-actions": _more_actions,
    "repelled": _repelled,
    "garrison-routed": _garrison_routed,
    "wall-falls": _wall_falls,
    "castle-falls": _castle_falls,
    "won": _won,
    "loot": _loot,
    "loot-kept": _loot_kept,
    "loot-to-hand": _loot_to_hand,
    "treasure": _treasure,
    "dungeon-holds": _dungeon_holds,
    "turn": _turn,
    "fallen-turn": _fallen_turn,
    "round-limit": _round_limit,
}
"""The log line of each kind of event the automatic steps record (``flow``)."""


def effects(before: State, action, after: State) -> list[str]:
    """Log lines for what the rules did by themselves after ``action``: a
    reshuffle, a fallen card and its loot, a dungeon's treasure, a new turn."""
    return [_EVENT_LINES[event.kind](event) for event in after.events]


def shown(before: State, action, after: State, seat: int) -> str:
    """What ``action`` showed ``seat`` of the cards hidden from it, in the
    game's words, for undo to say why it stands (rules.core.reveals tells
    whether it did): a Night attack's cards, turned up when its defender
    lets it be weighed."""
    attack = before.assault
    if attack.night and not attack.revealed and after.assault.revealed:
        return f"{seat_ref(attack.attacker)}'s Night attack cards"
    return "cards hidden from you"
