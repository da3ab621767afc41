"""Fortresses in play: shields of a card and its garrison, which cards may
reach a Castle, legal targets, stationing defenders, and the totals of the
attack in progress (swords after reactions against shields)."""

from __future__ import annotations

from castletui.rules.core import top

from .edition import (
    ASSAULT,
    CARDS,
    CASTLE_SHIELDS,
    COLOUR,
    KIND,
    STRENGTH,
    WALL_SHIELDS,
    title,
)
from .state import (
    FortressCard,
    Player,
    State,
)


def standing(state: State) -> list[int]:
    """Seats whose Castle still stands, in seat order."""
    return [seat for seat, player in enumerate(state.players) if not player.out]


def team_of(seat: int) -> int:
    """Team play: partners sit opposite, so seats 0 and 2 are team 0, 1 and 3 team 1."""
    return seat % 2


def allies(state: State, seat: int, other: int) -> bool:
    """Whether two different seats play on the same team (never without team play)."""
    return state.teams and seat != other and team_of(seat) == team_of(other)


def base_shields(card: FortressCard) -> int:
    return CASTLE_SHIELDS if card.kind == "castle" else WALL_SHIELDS


def stationed_shields(card: FortressCard) -> int:
    return sum(STRENGTH.get(name, 0) for name in card.stationed)


def card_shields(card: FortressCard, garrison: bool = False) -> int:
    """Shields of a fortress card with its stationed cards (2 + 1 + 1 = 4), or of
    its garrison alone (1 + 1 = 2)."""
    units = stationed_shields(card)
    return units if garrison else base_shields(card) + units


def walls_standing(player: Player) -> int:
    return sum(1 for card in player.fortress[1:] if card.standing)


def castle_reach(player: Player, cards) -> str:
    """Why ``cards`` may not attack this player's Castle, or "" if they may."""
    return reach_reason(walls_standing(player), cards)


def reach_reason(walls: int, cards) -> str:
    """Why ``cards`` may not reach a Castle behind ``walls`` standing Walls, or ""."""
    if walls == 0:
        return ""
    if "siege-tower" in cards:
        return ""
    if walls == 1 and "battering-ram" in cards:
        return ""
    if walls == 1:
        return "A Wall still stands: only a Battering Ram or a Siege Tower reaches the Castle."
    return "Walls still stand: only a Siege Tower passes them all (a Battering Ram only the last one)."


def target_reason(state: State, attacker: int, target: int, slot: int, garrison: bool) -> str:
    """Why this target may not be attacked at all (before cards are chosen), or ""."""
    if target == attacker:
        return "You cannot attack your own fortress."
    if not 0 <= target < len(state.players):
        return "There is no such player."
    defender = state.players[target]
    if defender.out:
        return "That Castle has already fallen."
    if not 0 <= slot < len(defender.fortress):
        return "There is no such fortress card."
    card = defender.fortress[slot]
    if not card.standing:
        return "That Wall has already fallen."
    if garrison and not card.stationed:
        return "No units are stationed there."
    return ""


def walls_in_the_way(state: State) -> int:
    """Walls standing in front of the target of the attack in progress: those
    of the defender when the Castle (or its garrison) is attacked, else 0."""
    assault = state.assault
    if assault.defender < 0 or assault.slot != 0:
        return 0
    return walls_standing(state.players[assault.defender])


def _passes(walls: int, card: str) -> bool:
    """Whether ``card`` alone carries an attack past ``walls`` standing Walls."""
    return card == "siege-tower" or (card == "battering-ram" and walls == 1)


def reach_cut(cards, reactions, walls: int) -> bool:
    """Whether the reactions took away every weapon that carried the attack
    past the Walls to the Castle: the attack then cannot reach it."""
    if not walls or "sabotage" not in reactions or reach_reason(walls, cards):
        return False
    remaining, _ = _knock_out(list(cards), list(reactions), walls)
    return bool(reach_reason(walls, remaining))


def attack_total(state: State) -> int:
    """Swords of the attack in progress as far as they are known: the cards
    shown, any being chosen right now, and the reactions played or being
    picked (Trap -2, Sabotage and Boiling Oil take the strongest card of
    their kind). Hidden cards count 0."""
    assault = state.assault
    cards = [c.card for c in assault.cards]
    reactions = list(assault.reactions)
    step = top(state.pending)
    if step is not None and step.kind == "select":
        if step.purpose in ("attack", "support"):
            cards += step.selected
        elif step.purpose == "react":
            reactions += step.selected
    swords, _, _ = weigh(cards, reactions, walls_in_the_way(state))
    return swords


def defence_total(state: State) -> int:
    """Shields against the attack in progress: the target (with or without its
    stationed cards) plus 2 per Shield Wall played or being picked."""
    assault = state.assault
    if assault.defender < 0:
        return 0
    card = state.players[assault.defender].fortress[assault.slot]
    reactions = list(assault.reactions)
    step = top(state.pending)
    if step is not None and step.kind == "select" and step.purpose == "react":
        reactions += step.selected
    bonus = sum(CARDS[r].effect for r in reactions if r == "shield-wall")
    return card_shields(card, assault.garrison) + bonus


def weigh(cards: list[str], reactions: list[str], walls: int = 0) -> tuple[int, list[str], list[str]]:
    """Weigh an attack's swords: (swords, cards that still count, cards
    knocked out) after reactions.

    ``walls``: the Walls standing in front of an attacked Castle (0 when a
    Wall is attacked). An attack whose assault weapons were all sabotaged no
    longer reaches the Castle: its swords count 0, and the attack fails."""
    remaining, knocked = _knock_out(cards, reactions, walls)
    if reach_cut(cards, reactions, walls):
        return 0, remaining, knocked
    swords = sum(STRENGTH.get(name, 0) for name in remaining)
    swords -= sum(CARDS[r].effect for r in reactions if r == "trap")
    return max(swords, 0), remaining, knocked


def _knock_out(cards: list[str], reactions: list[str], walls: int) -> tuple[list[str], list[str]]:
    """(cards that still count, cards knocked out) by Sabotage and Boiling Oil,
    each taking the card the defender would choose: the strongest of its kind,
    except that Sabotage first takes the assault weapons carrying an attack
    past the Walls when there are enough Sabotages to take them all."""
    remaining = sorted(cards, key=lambda name: -STRENGTH.get(name, 0))
    knocked: list[str] = []
    sabotages = reactions.count("sabotage")
    carriers = [name for name in remaining if walls and _passes(walls, name)]
    spent_on_carriers = 0
    if carriers and len(carriers) <= sabotages:
        for name in carriers:
            remaining.remove(name)
            knocked.append(name)
        spent_on_carriers = len(carriers)
    for reaction in reactions:
        if reaction == "sabotage" and spent_on_carriers:
            spent_on_carriers -= 1
            continue
        wanted = "weapon" if reaction == "sabotage" else "unit" if reaction == "boiling-oil" else ""
        if not wanted:
            continue
        for index, name in enumerate(remaining):
            kind = KIND.get(name, "")
            if (wanted == "weapon" and kind == "weapon") or (
                wanted == "unit" and kind in ("soldiers", "bowmen")
            ):
                knocked.append(remaining.pop(index))
                break
    return remaining, knocked


def targets(state: State, seat: int) -> list[tuple[int, int, bool, bool]]:
    """(target, slot, garrison, behind_walls) for every card of a standing rival."""
    out = []
    seats = len(state.players)
    for step in range(1, seats):
        target = (seat + step) % seats
        player = state.players[target]
        if player.out:
            continue
        behind = walls_standing(player) > 0
        for slot, card in enumerate(player.fortress):
            if not card.standing:
                continue
            castle = slot == 0
            out.append((target, slot, False, castle and behind))
            if card.stationed:
                out.append((target, slot, True, castle and behind))
    return out


def station_slots(state: State, seat: int, card: str) -> list[int]:
    player = state.players[seat]
    kind = KIND[card]
    if kind == "soldiers":
        if COLOUR[card] != player.colour:
            return []
        slots = [0]
    elif kind == "bowmen":
        if COLOUR[card] != player.colour:
            return []
        slots = list(range(1, len(player.fortress)))
    elif kind == "weapon" and state.weapons_defend and not ASSAULT[card]:
        slots = list(range(len(player.fortress)))
    else:
        return []
    fortress = player.fortress
    return [
        s for s in slots if fortress[s].standing and len(fortress[s].stationed) < base_shields(fortress[s])
    ]


def station_reason(state: State, seat: int, card: str, slot: int) -> str:
    """Why ``card`` may not be stationed at ``slot`` of ``seat``'s fortress, or ""."""
    player = state.players[seat]
    if card not in player.hand:
        return f"You have no {title(card)} in hand."
    if not 0 <= slot < len(player.fortress):
        return "There is no such fortress card."
    target = player.fortress[slot]
    if not target.standing:
        return "That card has fallen: nothing can be stationed there."
    kind = KIND[card]
    if kind == "soldiers":
        if slot != 0:
            return "Soldiers defend the Castle; Bowmen defend the Walls."
        if COLOUR[card] != player.colour:
            return f"Defenders must match your fortress colour ({player.colour})."
    elif kind == "bowmen":
        if slot == 0:
            return "Bowmen defend the Walls; Soldiers defend the Castle."
        if COLOUR[card] != player.colour:
            return f"Defenders must match your fortress colour ({player.colour})."
    elif kind == "weapon":
        if not state.weapons_defend:
            return "Siege weapons may not defend in this game (option weapons_defend)."
        if ASSAULT[card]:
            return f"The {title(card)} is an assault weapon: only other weapons may defend."
    else:
        return "Only Soldiers, Bowmen and siege weapons can defend."
    limit = base_shields(target)
    if len(target.stationed) >= limit:
        return f"That card is full: it holds as many cards as its shields ({limit})."
    return ""
