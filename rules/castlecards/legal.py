"""What may be done now: the legal actions of whoever decides, and why an
action is refused (the reasons ``apply`` raises and the screens show)."""

from __future__ import annotations

from castletui.rules.core import top
from castletui.rules.core.multiset import counts

from .chance import can_name, chance_outcomes, naming_reason, possible_cards, unseen_in_hands
from .decks import dungeon_left, village_left
from .edition import ACADEMY_CARDS, ACADEMY_GOLD, ACADEMY_PRICE, ATTACK_CARDS, BUILD_COST, KIND, title
from .fortress import (
    castle_reach,
    standing,
    station_reason,
    station_slots,
    target_reason,
    targets,
    walls_standing,
)
from .state import (
    Academy,
    Attack,
    Build,
    Buy,
    Confirm,
    Decline,
    Discard,
    DrawVillage,
    EndTurn,
    Explore,
    Give,
    King,
    NightAttack,
    Pass,
    Pending,
    Pick,
    PlayThief,
    Recall,
    State,
    Station,
)

EXPLORERS = frozenset(name for name, kind in KIND.items() if kind == "explorers")


def turn_actions(state: State, seat: int, have: dict[str, int] | None = None) -> list:
    """Every action with an effect for the turn player (not Discard/Pass,
    which ``legal_actions`` adds); ``have`` is ``possible_cards`` if the
    caller has it already."""
    player = state.players[seat]
    if have is None:
        have = possible_cards(state, seat)
    actions: list = []
    gold = have.get("gold", 0)
    if gold:
        actions.append(Buy())
    if (have.get("explorers-1") or have.get("explorers-2")) and dungeon_left(state):
        actions.append(Explore())
    attackers = [card for card in have if card in ATTACK_CARDS]
    night = "night" in have
    if attackers or night:
        tower = "siege-tower" in have
        ram = "battering-ram" in have
        for target, slot, garrison, behind in targets(state, seat):
            if behind:
                walls = walls_standing(state.players[target])
                if not (tower or (ram and walls == 1)):
                    continue
            if attackers:
                actions.append(Attack(target, slot, garrison))
            if night:
                actions.append(NightAttack(target, slot, garrison))
    if not state.stationed_this_turn:
        # Only attack cards (units and siege weapons) may be stationed.
        for card in attackers:
            for slot in station_slots(state, seat, card):
                actions.append(Station(card, slot))
    for slot, fortress_card in enumerate(player.fortress):
        if fortress_card.standing:
            for card in dict.fromkeys(fortress_card.stationed):
                actions.append(Recall(card, slot))
    builders = have.get("builders", 0)
    if builders and builders + gold >= BUILD_COST and can_build(state, seat, have) and siege_left(state):
        actions.append(Build())
    if (
        "duke" in have
        and gold >= ACADEMY_GOLD
        and can_name(state, seat, ACADEMY_PRICE)
        and academy_left(state)
    ):
        actions.append(Academy())
    if "king" in have:
        actions.append(King())
    if state.actions_used >= 1 and village_left(state):
        actions.append(DrawVillage())
    return actions


def siege_left(state: State) -> bool:
    """A Siege card really left to take (table mode: not one still unseen in a hand)."""
    return bool(state.siege_under) or len(state.siege_deck) > unseen_in_hands(state, "siege")


def academy_left(state: State) -> bool:
    """An Academy card really left to take (table mode: not one still unseen in a hand)."""
    return bool(state.academy_under) or len(state.academy_deck) > unseen_in_hands(state, "academy")


def _builds(builders: int, more: int, builder_chosen: bool):
    """The ways to make up ``more`` cards of Builders and Gold (at least one
    Builder in all), as tuples of the cards."""
    for extra in range(more + 1):
        if builder_chosen or builders + extra >= 1:
            yield ("builders",) * extra + ("gold",) * (more - extra)


def can_build(state: State, seat: int, have: dict[str, int] | None = None) -> bool:
    """Whether ``seat`` can show BUILD_COST cards of Builders and Gold, at least one a
    Builder (``have``: ``possible_cards``, if the caller has it)."""
    if have is None:
        have = possible_cards(state, seat)
    builders, gold = have.get("builders", 0), have.get("gold", 0)
    if not builders or builders + gold < BUILD_COST:
        return False
    if not state.table_mode:
        return True
    return any(can_name(state, seat, cards) for cards in _builds(0, BUILD_COST, False))


def pick_reason(state: State, step: Pending, card: str) -> str:
    """Why ``card`` may not be added to the cards ``step`` is choosing, or ""
    (table mode: naming an unseen card when none in hand is that card)."""
    seat = step.seat
    reason = naming_reason(state, seat, (card,))
    if reason:
        return (
            f"You have no {title(card)} left in hand." if card not in possible_cards(state, seat) else reason
        )
    purpose = step.purpose
    if purpose in ("attack", "support"):
        if card not in ATTACK_CARDS:
            return "Only Soldiers, Bowmen and siege weapons can attack."
        if purpose == "attack" and state.table_mode and not _keeps_reach(state, step, card):
            return (
                "Keep a way past the Walls: your unseen card is needed for the Siege Tower or Battering Ram."
            )
    elif purpose == "react":
        if card not in ACADEMY_CARDS:
            return "Only Academy cards react to an attack."
    elif purpose == "explore":
        if KIND.get(card) != "explorers":
            return "Only Explorers go into the dungeon."
    elif purpose == "build" and not _completes_a_build(state, step, card):
        return f"A siege weapon takes {BUILD_COST} cards of Builders and Gold, at least one of them Builders."
    return ""


def _completes_a_build(state: State, step: Pending, card: str) -> bool:
    """Whether ``card`` still leaves a way to BUILD_COST cards of Builders and Gold with a Builder."""
    if card not in ("builders", "gold"):
        return False
    more = BUILD_COST - 1 - len(step.selected)  # after ``card``
    chosen = "builders" in step.selected
    if not state.table_mode:
        # Digital play: counting the hand does it (no unseen card to name),
        # at every Build pick of random play and the bots.
        hand = state.players[step.seat].hand
        builders = hand.count("builders") - (card == "builders")
        gold = hand.count("gold") - (card == "gold")
        return more <= builders + gold and (chosen or card == "builders" or (more >= 1 and builders >= 1))
    return any(
        can_name(state, step.seat, (card,) + rest) for rest in _builds(int(card == "builders"), more, chosen)
    )


def _keeps_reach(state: State, step: Pending, card: str) -> bool:
    """Whether the attack can still reach a Castle behind Walls once ``card``
    is shown: table mode only, where naming an unseen card as something
    else may use up the assault weapon it could have been."""
    assault = state.assault
    if not state.table_mode or assault.slot != 0:
        return True
    defender = state.players[assault.defender]
    if not castle_reach(defender, step.selected + (card,)):
        return True
    return any(
        can_name(state, step.seat, (card, weapon)) and not castle_reach(defender, (weapon,))
        for weapon in ("siege-tower", "battering-ram")
        if weapon != card
    )


def build_picks(state: State, step: Pending) -> list[Pick]:
    """Gold or Builders picks that still leave a way to BUILD_COST cards with a Builder."""
    return [Pick(card) for card in ("builders", "gold") if not pick_reason(state, step, card)]


def select_actions(state: State, step: Pending) -> list:
    purpose = step.purpose
    if purpose == "build":
        return build_picks(state, step)
    if purpose in ("attack", "support"):
        wanted = ATTACK_CARDS
    elif purpose == "react":
        wanted = ACADEMY_CARDS
    else:  # explore
        wanted = EXPLORERS
    if state.table_mode:
        have = possible_cards(state, step.seat)
        picks = [Pick(card) for card in sorted(have) if card in wanted and not pick_reason(state, step, card)]
    else:
        # Digital play: every wanted card in hand may be picked (pick_reason
        # only refuses one in table mode), and random play and the bots list
        # the picks at every card of every attack.
        picks = [Pick(card) for card, _ in counts(state.players[step.seat].hand) if card in wanted]
    if not confirm_reason(state, step):
        picks.append(Confirm())
    return picks


def confirm_reason(state: State, step: Pending) -> str:
    """Why the cards chosen so far may not be confirmed yet, or ""."""
    purpose = step.purpose
    if purpose == "attack":
        assault = state.assault
        if not step.selected and not assault.night:
            return "Choose at least one card to attack with (only a Night attack may be a bluff)."
        if assault.slot == 0:
            reason = castle_reach(state.players[assault.defender], step.selected)
            if reason:
                return reason
    if purpose == "explore" and not step.selected:
        return "Choose at least one Explorers card."
    if purpose == "build":
        return f"Choose {BUILD_COST} Builders and Gold in all."
    return ""


def _chance(state: State, step: Pending) -> list:
    return [action for action, _ in chance_outcomes(state)]


def _turn(state: State, step: Pending) -> list:
    have = possible_cards(state, step.seat)
    actions = turn_actions(state, step.seat, have)
    # "even if the card used has no effect": throwing any card away is
    # always an action, not only a last resort. Only with an empty hand
    # and nothing else to do is the action lost.
    # (a digital hand's cards come in name order already: only table mode's need sorting)
    actions += [Discard(card) for card in (sorted(have) if state.table_mode else have)]
    return actions or [Pass()]


def _thief(state: State, step: Pending) -> list:
    if not thief_reason(state, step.seat):
        return [PlayThief(), Decline()]
    return [Decline()]


def _give(state: State, step: Pending) -> list:
    hand = state.players[step.seat].hand
    receivers = [seat for seat in standing(state) if seat != step.seat]
    gifts = [Give(card, to) for card, _ in counts(hand) for to in receivers]
    return gifts + [EndTurn()]


_DECISIONS = {
    "first": _chance,
    "draw": _chance,
    "action": _turn,
    "select": select_actions,
    "thief": _thief,
    "give": _give,
}
"""The actions that answer each kind of decision."""


def legal_actions(state: State) -> list:
    if not state.pending:
        return []
    step = state.pending[-1]  # the top, read at every decision without a call
    try:
        actions = _DECISIONS[step.kind]
    except KeyError:  # an automatic step: never on top when anyone is asked
        return []
    return actions(state, step)


def action_reason(state: State, action) -> str:
    """Why the turn player may not take ``action`` now, or "" if they may."""
    step = top(state.pending)
    if step is None or step.kind != "action":
        return "It is not the moment to choose an action."
    seat = step.seat
    player = state.players[seat]
    hand = player.hand
    have = possible_cards(state, seat)
    if type(action) is Discard:  # the commonest turn action in playouts: asked first
        return "" if action.card in have else f"You have no {title(action.card)} to throw away."
    if isinstance(action, Buy):
        return "" if "gold" in have else "Buying takes a Gold card."
    if isinstance(action, Explore):
        if "explorers-1" not in have and "explorers-2" not in have:
            return "Exploring takes Explorers."
        return "" if dungeon_left(state) else "The Dungeon deck is empty."
    if isinstance(action, (Attack, NightAttack)):
        reason = target_reason(state, seat, action.target, action.slot, action.garrison)
        if reason:
            return reason
        if isinstance(action, NightAttack):
            if "night" not in have:
                return "A Night attack takes a Night card."
            pool = list(have)
        else:
            pool = [card for card in have if card in ATTACK_CARDS]
            if not pool:
                return "Attacking takes Soldiers, Bowmen or siege weapons."
        if action.slot == 0:
            return castle_reach(state.players[action.target], pool)
        return ""
    if isinstance(action, Station):
        if state.stationed_this_turn:
            return "You have already stationed a defender this turn: only one a turn, even with a King."
        return station_reason(state, seat, action.card, action.slot)
    if isinstance(action, Recall):
        if not 0 <= action.slot < len(player.fortress):
            return "There is no such fortress card."
        card = player.fortress[action.slot]
        if not card.standing:
            return "That card has fallen."
        return "" if action.card in card.stationed else f"No {title(action.card)} is stationed there."
    if isinstance(action, Build):
        if not have.get("builders"):
            return "Building takes at least one Builders card."
        if not can_build(state, seat):
            return f"Building takes {BUILD_COST} cards of Builders and Gold."
        return "" if siege_left(state) else "The Siege deck is empty."
    if isinstance(action, Academy):
        if "duke" not in have:
            return "The Academy takes a Duke."
        if not can_name(state, seat, ACADEMY_PRICE):
            return f"The Academy takes a Duke and {ACADEMY_GOLD} Gold."
        return "" if academy_left(state) else "The Academy deck is empty."
    if isinstance(action, King):
        return "" if "king" in have else "You have no King."
    if isinstance(action, DrawVillage):
        if state.actions_used < 1:
            return "Drawing a card as an action is only for the actions a King grants."
        return "" if village_left(state) else "The Village deck and its discards are empty."
    if isinstance(action, Pass):
        if hand:
            return "You cannot pass: throw a card away if nothing else suits you."
        if turn_actions(state, seat):
            return "You cannot pass while an action is possible."
        return ""
    return "That is not an action for your turn."


def refused_actions(state: State) -> dict[str, str]:
    """For the turn player's action menu: each kind of action that is not
    possible right now, with the reason ("buy": "Buying takes a Gold card.")."""
    step = top(state.pending)
    if step is None or step.kind != "action":
        return {}
    seat = step.seat
    have = possible_cards(state, seat)
    out: dict[str, str] = {}
    for name, action in (
        ("buy", Buy()),
        ("explore", Explore()),
        ("build", Build()),
        ("academy", Academy()),
        ("king", King()),
        ("draw", DrawVillage()),
    ):
        reason = action_reason(state, action)
        if reason:
            out[name] = reason
    actions = turn_actions(state, seat)
    if not any(isinstance(a, Attack) for a in actions):
        if not any(card in ATTACK_CARDS for card in have):
            out["attack"] = "Attacking takes Soldiers, Bowmen or siege weapons."
        else:
            out["attack"] = "No rival card is within reach of your cards."
    if not any(isinstance(a, NightAttack) for a in actions):
        out["night"] = (
            "A Night attack takes a Night card." if "night" not in have else "No rival card is within reach."
        )
    if not any(isinstance(a, (Station, Recall)) for a in actions):
        out["defend"] = (
            "You have already stationed a defender this turn, and none is stationed to take back."
            if state.stationed_this_turn
            else "Defending takes a Bowmen or Soldiers card of your colour (or a siege weapon) "
            "and a standing fortress card with room, or a stationed card to take back."
        )
    return out


def thief_reason(state: State, seat: int) -> str:
    """Why ``seat`` may not play a Thief on the Gold just spent, or ""."""
    return "" if "thief" in possible_cards(state, seat) else "You have no Thief."
