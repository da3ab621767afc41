"""What the screens' data is weighed with, read-only, so no screen weighs
swords or copies a rule: the attack in progress and a pick's effect on it
(``attack_parts`` puts each card under what it does), the Explorers'
torches, the build's payment, the piles' sizes, why an action is refused;
the screen API's hooks (``prompt``, ``spot``, ``group``, ``preview``,
``refusals``), each given a seat's ``view``. The scene (scene.py) and the
menu hook (menu.py) are made from these; the app reads only them, through
the face (``__all__`` here lists what the rules' own modules and the tests
may import).

Every function works on a full state or on one seat's ``view`` (where the
face-down cards of a Night attack are placeholders that count 0 swords and
are reported as ``hidden``).
"""

from __future__ import annotations

from collections.abc import Hashable

import msgspec
from castletui.rules.core import IllegalAction, seat_ref, top

from .apply import apply
from .edition import (
    ACADEMY_CARDS,
    ACADEMY_GOLD,
    BUILD_COST,
    BUY_CARDS,
    CARDS,
    COLOUR,
    HIDDEN,
    KIND,
    KING_ACTIONS,
    STRENGTH,
    TORCHES,
    title,
)
from .fortress import (
    attack_total,
    base_shields,
    card_shields,
    defence_total,
    walls_in_the_way,
    weigh,
)
from .legal import confirm_reason, refused_actions
from .state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    Decline,
    Discard,
    EndTurn,
    Explore,
    FortressCard,
    Give,
    King,
    NightAttack,
    Pick,
    PlayThief,
    Recall,
    State,
    Station,
)
from .text import (
    card_face,
    card_name,
    card_worth,
    count_words,
    slot_name,
    unit_code,
    unit_name,
    verdict,
    versus,
)
from .view import view as seat_view

__all__ = [
    "ACADEMY_CARDS",
    "CARDS",
    "COLOUR",
    "HIDDEN",
    "KIND",
    "STRENGTH",
    "TORCHES",
    "Academy",
    "Attack",
    "Build",
    "Buy",
    "Confirm",
    "Decline",
    "Discard",
    "EndTurn",
    "Explore",
    "FortressCard",
    "Give",
    "King",
    "NightAttack",
    "Outlook",
    "Pick",
    "PlayThief",
    "Recall",
    "Station",
    "AttackParts",
    "BUILD_COST",
    "GROUPS",
    "attack_outlook",
    "attack_parts",
    "build_paid",
    "card_face",
    "card_name",
    "card_worth",
    "count_words",
    "group",
    "group_note",
    "pick_words",
    "pile_sizes",
    "preview",
    "prompt",
    "slot_name",
    "spot",
    "unit_code",
    "unit_name",
    "verdict",
    "versus",
    "attack_total",
    "base_shields",
    "card_shields",
    "defence_total",
    "explore_succeeds",
    "explore_torches",
    "pick_outlook",
    "Picking",
    "picking",
    "refusal",
    "title",
]


class Picking(msgspec.Struct, frozen=True):
    """Cards being picked now, as the screens show it: for what
    (``purpose``: "attack", "support", "react", "explore", "build"), by
    which seat, and the cards picked so far (as the view shows them)."""

    purpose: str
    seat: int
    selected: tuple[str, ...]


def picking(state: State) -> Picking | None:
    """The pick under way (the top decision is a choice of cards), or None:
    what a screen needs of the decision stack, so it never reads it."""
    step = top(state.pending)
    if step is None or step.kind != "select":
        return None
    return Picking(step.purpose, step.seat, tuple(step.selected))


class Outlook(msgspec.Struct, frozen=True):
    """How the attack in progress stands right now."""

    swords: int  # known swords after the reactions played or being picked
    shields: int  # the target's shields, Shield Walls included
    hidden: int  # face-down cards whose swords are not known to this view
    succeeds: bool  # whether it would succeed if weighed now, as far as known


def attack_outlook(state: State) -> Outlook | None:
    """The attack in progress (cards shown, being picked, reactions), or None
    when no attack is under way."""
    assault = state.assault
    if assault.attacker < 0 or assault.outcome:
        return None
    hidden = sum(1 for committed in assault.cards if committed.card == HIDDEN)
    step = top(state.pending)
    if step is not None and step.kind == "select" and step.purpose in ("attack", "support"):
        hidden += sum(1 for card in step.selected if card == HIDDEN)
    swords = attack_total(state)
    shields = defence_total(state)
    # A tie fails: only more swords than shields take the card.
    return Outlook(swords, shields, hidden, swords > shields)


def pick_outlook(state: State, card: str) -> Outlook | None:
    """How the attack would stand once ``card`` is picked (attack, support or
    reaction); None if that pick is refused or no attack is under way."""
    try:
        after = apply(state, Pick(card))
    except (IllegalAction, KeyError, ValueError, IndexError):
        return None
    return attack_outlook(after)


def explore_torches(state: State) -> int:
    """Torches of the Explorers chosen so far (or on the table)."""
    step = top(state.pending)
    cards = list(state.table)
    if step is not None and step.kind == "select" and step.purpose == "explore":
        cards += step.selected
    return sum(TORCHES.get(card, 0) for card in cards)


def explore_succeeds(torches: int, danger: int) -> bool:
    """Explorers win a dungeon when their torches are more than its danger."""
    return torches > danger


def refusal(state: State, action) -> str:
    """Why ``action`` is refused right now ("" if it would be accepted): the
    same words ``apply`` raises, for a screen to show before trying."""
    try:
        apply(state, action)
    except IllegalAction as error:
        return error.reason
    return ""


# --- what the board shows -----------------------------------------------------


def build_paid(state: State) -> tuple[int, int]:
    """(cards paid so far, cards a build takes) while a build is being paid."""
    step = top(state.pending)
    paid = len(step.selected) if step is not None and step.kind == "select" and step.purpose == "build" else 0
    return paid, BUILD_COST


def pile_sizes(state: State) -> dict[str, int]:
    """How many cards each pile holds, by name, as the table sees them: the
    Village deck, the discards, and the Siege, Academy and Dungeon decks
    (with the cards put back under them)."""
    return {
        "village": len(state.village_deck),
        "discard": len(state.discard),
        "siege": len(state.siege_deck) + len(state.siege_under),
        "academy": len(state.academy_deck) + len(state.academy_under),
        "dungeon": len(state.dungeon_deck) + len(state.dungeon_under),
    }


class AttackParts(msgspec.Struct, frozen=True):
    """The attack in progress, each card under what it does: the attack cards
    (owner, card, knocked out by a reaction) and the reactions that take
    swords off, in words, for the swords; the target and its defenders and
    the Shield Walls for the shields."""

    cards: tuple[tuple[int, str, bool], ...]
    against_swords: tuple[str, ...]
    shields: tuple[str, ...]


def attack_parts(state: State) -> AttackParts | None:
    """The attack in progress split by side (None when none is under way).
    Cards others are still choosing, or face down, are HIDDEN."""
    assault = state.assault
    if assault.attacker < 0 or assault.outcome:
        return None
    cards = [(c.owner, c.card) for c in assault.cards]
    reactions = list(assault.reactions)
    step = top(state.pending)
    if step is not None and step.kind == "select":
        if step.purpose in ("attack", "support"):
            cards += [(step.seat, card) for card in step.selected]
        elif step.purpose == "react":
            reactions += step.selected
    _, _, knocked = weigh([card for _, card in cards], reactions, walls_in_the_way(state))
    out = list(knocked)
    shown = []
    for owner, card in cards:
        gone = card in out
        if gone:
            out.remove(card)
        shown.append((owner, card, gone))
    # Which card each Sabotage or Boiling Oil took: the knocked-out cards of its kind, in turn.
    weapons = [card for card in knocked if KIND.get(card) == "weapon"]
    units = [card for card in knocked if KIND.get(card) in ("soldiers", "bowmen")]
    against: list[str] = []
    defence = [] if assault.garrison else [slot_name(assault.slot)]
    target = state.players[assault.defender].fortress[assault.slot]
    defence += [unit_name(unit) for unit in target.stationed]
    for reaction in reactions:
        effect = CARDS[reaction].effect if reaction in CARDS else 0
        if reaction == "shield-wall":
            defence.append(f"Shield Wall +{effect}")
        elif reaction == "trap":
            against.append(f"Trap -{effect}")
        elif reaction in ("sabotage", "boiling-oil"):
            taken = weapons if reaction == "sabotage" else units
            what = f"takes {card_name(taken.pop(0), short=True)}" if taken else "takes nothing"
            against.append(f"{title(reaction)} {what}")
        else:
            against.append(title(reaction))
    return AttackParts(tuple(shown), tuple(against), tuple(defence))


def pick_words(state: State, card: str) -> str:
    """What picking ``card`` now would give, for its action-bar line: the
    card's worth and the attack's standing after it ("(1 sword)  -> 3 swords
    vs 2 shields: wins"), the Explorers' torches in all, or the build's
    payment so far."""
    step = top(state.pending)
    if step is None or step.kind != "select":
        return ""
    if step.purpose in ("attack", "support", "react"):
        return f"({card_worth(card)})  \u2192 {versus(pick_outlook(state, card))}"
    if step.purpose == "explore":
        # The card's own torches are in its name: an arrow to the total, as an attack's line has.
        return (
            f" \u2192 {count_words(explore_torches(state) + TORCHES.get(card, 0), 'torch', 'torches')} in all"
        )
    if step.purpose == "build":
        paid, cost = build_paid(state)
        return f" {paid + 1} of {cost} paid"
    return ""


# --- the screen API (rules.core.screen) ----------------------------------------------


def prompt(view: State, seat: int) -> str:
    """The question for the person to move."""
    step = top(view.pending)
    if step is None:
        return "The game is over."
    who = seat_ref(step.seat)
    if step.kind == "action":
        more = f" ({view.actions_left} actions left)" if view.actions_left > 1 else ""
        return f"{who}, your action{more}:"
    if step.kind == "select":
        purpose = step.purpose
        if purpose == "attack":
            if view.assault.night:
                return f"{who}, pick cards to play face down, then confirm:"
            return f"{who}, pick your attack cards, then confirm:"
        if purpose == "support":
            return f"{who}, add cards to {seat_ref(view.assault.attacker)}'s attack?"
        if purpose == "react":
            return f"{who}, you are attacked! React with Academy cards?"
        if purpose == "explore":
            return f"{who}, pick Explorers, then confirm:"
        if purpose == "build":
            paid, cost = build_paid(view)
            return f"{who}, pay {cost} Builders or Gold, at least 1 Builders ({paid} paid):"
    if step.kind == "thief":
        return f"{who}, {seat_ref(step.target)} spent {count_words(step.count, 'Gold', 'Gold')}: play your Thief?"
    if step.kind == "give":
        return f"{who}, your Castle fell: give cards away, or end your turn."
    return f"{who}, choose:"


def spot(view: State, action) -> Hashable | None:
    """The place on the table an action is about: a fortress card
    ("fort", seat, slot) or a card in hand ("hand", card)."""
    if isinstance(action, Attack | NightAttack):
        return ("fort", action.target, action.slot)
    if isinstance(action, Station | Recall):
        step = top(view.pending)
        return ("fort", step.seat, action.slot) if step is not None else None
    if isinstance(action, Discard | Pick | Give):
        return ("hand", action.card)
    return None


GROUPS = {"attack": "Attack", "night": "Night attack", "defend": "Defend", "discard": "Throw a card away"}
"""The menu groups of a turn's actions, by key."""


def group(view: State, action) -> tuple[str, ...]:
    """Where an action sits in the turn's menu: Attack > target, Night
    attack > target, Defend > station or take back, Throw a card away > card."""
    step = top(view.pending)
    if step is None or step.kind != "action":
        return ()
    if isinstance(action, Attack):
        return (GROUPS["attack"],)
    if isinstance(action, NightAttack):
        return (GROUPS["night"],)
    if isinstance(action, Station | Recall):
        return (GROUPS["defend"],)
    if isinstance(action, Discard):
        return (GROUPS["discard"],)
    return ()


def group_note(name: str, count: int) -> str:
    """What a group line of the turn's menu says after its name, with how
    many actions it opens: "3 targets", "no effect"."""
    if name == GROUPS["attack"]:
        return count_words(count, "target", "targets")
    if name == GROUPS["night"]:
        return f"{count_words(count, 'target', 'targets')}; cards face down"
    if name == GROUPS["defend"]:
        return f"station or take back, {count_words(count, 'way', 'ways')}"
    if name == GROUPS["discard"]:
        return "no effect"
    return ""


def _shields_words(card: FortressCard, garrison: bool = False) -> str:
    return count_words(card_shields(card, garrison), "shield", "shields")


def preview(view: State, action, seat: int) -> str:
    """What choosing ``action`` would do, as ``seat`` may know it."""
    seen = seat_view(
        view, seat
    )  # the seat's view again: the same, and safe for a caller still on the full state
    step = top(seen.pending)
    player = seen.players[seat]
    if isinstance(action, Attack | NightAttack):
        card = seen.players[action.target].fortress[action.slot]
        where = f"{seat_ref(action.target)}'s {slot_name(action.slot)}"
        swords = sum(
            STRENGTH.get(c, 0) for c in player.hand if KIND.get(c) in ("soldiers", "bowmen", "weapon")
        )
        held = f"your attack cards hold {count_words(swords, 'sword', 'swords')}"
        if action.garrison:
            units = ", ".join(unit_name(u) for u in card.stationed)
            return f"Only the units on {where} ({units}): {_shields_words(card, True)}; {held}."
        night = " Your cards go face down." if isinstance(action, NightAttack) else ""
        return f"{where}: {_shields_words(card)}; {held}.{night}"
    if isinstance(action, Station):
        card = player.fortress[action.slot]
        after = card_shields(card) + STRENGTH.get(action.card, 0)
        return f"Your {slot_name(action.slot)} goes from {_shields_words(card)} to {after}."
    if isinstance(action, Recall):
        card = player.fortress[action.slot]
        after = card_shields(card) - STRENGTH.get(action.card, 0)
        return f"Back to your hand; your {slot_name(action.slot)} drops to {count_words(after, 'shield', 'shields')}."
    if isinstance(action, Discard):
        return f"{card_name(action.card)} goes to the discards, to no effect."
    if isinstance(action, Pick) and step is not None:
        purpose = step.purpose
        if purpose in ("attack", "support", "react"):
            outlook = pick_outlook(seen, action.card)
            then = f" Then {versus(outlook)}." if outlook is not None else ""
            return f"{card_name(action.card)}: {card_worth(action.card)}.{then}"
        if purpose == "explore":
            torches = count_words(explore_torches(seen) + TORCHES.get(action.card, 0), "torch", "torches")
            if seen.open_dungeon:
                return f"{torches} in all against danger {CARDS[seen.open_dungeon].danger}."
            return f"{torches} in all; the dungeon is turned up when you confirm."
        if purpose == "build":
            paid, cost = build_paid(seen)
            return f"{paid + 1} of {cost} paid."
    if isinstance(action, Confirm) and step is not None:
        if step.purpose in ("attack", "support", "react"):
            return versus(attack_outlook(seen))
        if step.purpose == "explore":
            return f"{count_words(explore_torches(seen), 'torch', 'torches')} go into the dungeon."
    if isinstance(action, Buy):
        return f"Pays 1 Gold; you draw {BUY_CARDS} Village cards."
    if isinstance(action, Explore):
        return "Choose Explorers next; their torches must beat the dungeon's danger."
    if isinstance(action, Build):
        return f"Pay {BUILD_COST} Builders or Gold next; you take the top Siege card."
    if isinstance(action, Academy):
        return f"Pays a Duke and {ACADEMY_GOLD} Gold; you take an Academy card."
    if isinstance(action, King):
        return f"You take {KING_ACTIONS} more actions this turn."
    return ""


# --- why not? (the screen API's refusals, from legal's reasons) ---


_ACTION_LABELS = {
    "buy": "Buy",
    "explore": "Explore",
    "attack": "Attack",
    "night": "Night attack",
    "defend": "Defend",
    "build": "Build",
    "academy": "Academy",
    "king": "King",
    "draw": "Draw a Village card",
}
"""The turn's actions in the rulebook's words, for the "why not?" list."""


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """The screen API's ``refusals`` hook: what ``seat`` might expect to do
    at its decision but may not, each (label, reason), in the words
    ``apply`` refuses them with: the turn's actions (:func:`refused_actions`), a
    choice of cards not yet complete."""
    step = top(view.pending)
    if step is None or step.seat != seat:
        return []
    if step.kind == "action":
        kinds = refused_actions(view)
        if view.actions_used < 1:
            # Drawing a card is an action only with a King's: not one a player expects.
            kinds.pop("draw", None)
        return [(label, kinds[kind]) for kind, label in _ACTION_LABELS.items() if kind in kinds]
    if step.kind == "select":
        reason = confirm_reason(view, step)
        if reason and step.purpose != "build":
            return [("Confirm", reason)]
        return []
    # A Thief not held is not listed: the one line that seat has, "Pass (no
    # Thief to play)", already says why, and apply still refuses it with
    # thief_reason.
    return []
