"""The Castlecards rules: set-up, whose decision it is, the legal actions,
chance outcomes, and ``apply`` with its automatic follow-ups (reshuffles,
settling an attack, loot, elimination, the next turn).

Every step pushes or pops :class:`Pending` decisions; :func:`_advance` then
resolves the automatic ones until a player (or chance) has to answer.
"""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache

from msgspec.structs import replace

from rules.core import CHANCE, Config, IllegalAction, check_config

from .edition import (
    ACADEMY_CARDS,
    ASSAULT,
    ATTACK_CARDS,
    CARDS,
    CASTLE_SHIELDS,
    COLOUR,
    COLOURS,
    DECK,
    KIND,
    STRENGTH,
    TORCHES,
    WALL_SHIELDS,
    deck_cards,
    title,
)
from .info import INFO
from .state import (
    Academy,
    Assault,
    Attack,
    Build,
    Buy,
    Committed,
    Confirm,
    Decline,
    Discard,
    Draw,
    DrawVillage,
    EndTurn,
    Explore,
    FirstPlayer,
    FortressCard,
    Give,
    King,
    NightAttack,
    Pass,
    Pending,
    Pick,
    Player,
    PlayThief,
    Recall,
    State,
    Station,
)

# --- small multiset helpers -------------------------------------------------


def _remove(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _add(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """Insert into a sorted multiset."""
    index = bisect(cards, card)
    return cards[:index] + (card,) + cards[index:]


def _add_many(cards: tuple[str, ...], more) -> tuple[str, ...]:
    return tuple(sorted(cards + tuple(more)))


@lru_cache(maxsize=8192)
def counts(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(card, how many) for a sorted multiset, in name order."""
    out: list[tuple[str, int]] = []
    previous = ""
    run = 0
    for card in cards:
        if card == previous:
            run += 1
        else:
            if run:
                out.append((previous, run))
            previous, run = card, 1
    if run:
        out.append((previous, run))
    return tuple(out)


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = state.players
    return players[:seat] + (player,) + players[seat + 1 :]


def _push(state: State, *pending: Pending) -> tuple[Pending, ...]:
    return state.pending + pending


# --- set-up -------------------------------------------------------------------


def setup(config: Config) -> State:
    """A fresh game: the deal and the first player are pending chance draws."""
    check_config(INFO, config)
    seats = config.seats
    two = config.variant == "two-player"
    walls = 3 if two else 2
    players = tuple(
        Player(
            colour=COLOURS[seat],
            fortress=(FortressCard("castle"),) + tuple(FortressCard("wall") for _ in range(walls)),
        )
        for seat in range(seats)
    )
    # The stack is answered from its end: first player, then the Village deal
    # seat by seat, then (2 players) one Academy card each, then the first turn.
    stack: list[Pending] = [Pending("start-turn")]
    if two:
        stack += [
            Pending("draw", source="academy", dest="hand", target=s, count=1) for s in reversed(range(seats))
        ]
    deal = 4 if two else 5
    stack += [
        Pending("draw", source="village", dest="hand", target=s, count=deal) for s in reversed(range(seats))
    ]
    stack.append(Pending("first"))
    return State(
        variant=config.variant,
        players=players,
        village_deck=deck_cards("village"),
        siege_deck=deck_cards("siege"),
        academy_deck=deck_cards("academy"),
        dungeon_deck=deck_cards("dungeon"),
        pending=tuple(stack),
        weapons_defend=bool(config.option("weapons_defend", INFO)),
        round_limit=int(config.option("round_limit", INFO)),
    )


# --- whose decision -----------------------------------------------------------


def to_move(state: State) -> int | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    if top.kind == "draw" or top.kind == "first":
        return CHANCE
    return top.seat


def is_over(state: State) -> bool:
    return state.ended_by != ""


def standing(state: State) -> list[int]:
    """Seats whose Castle still stands, in seat order."""
    return [seat for seat, player in enumerate(state.players) if not player.out]


# --- chance -------------------------------------------------------------------


def _draw_source(state: State, top: Pending) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(shuffled multiset, ordered cards under it) the pending draw takes from."""
    source = top.source
    if source == "village":
        return state.village_deck, ()
    if source == "siege":
        return state.siege_deck, state.siege_under
    if source == "academy":
        return state.academy_deck, state.academy_under
    if source == "dungeon":
        return state.dungeon_deck, state.dungeon_under
    return state.players[top.source_seat].loot, ()


def chance_outcomes(state: State) -> list[tuple[Draw | FirstPlayer, float]]:
    if not state.pending:
        return []
    top = state.pending[-1]
    if top.kind == "first":
        seats = len(state.players)
        return [(FirstPlayer(seat), 1 / seats) for seat in range(seats)]
    if top.kind != "draw":
        return []
    deck, under = _draw_source(state, top)
    if deck:
        total = len(deck)
        return [(Draw(card), count / total) for card, count in counts(deck)]
    # The shuffled part is gone: the card put back under comes up, for sure.
    return [(Draw(under[0]), 1.0)]


# --- targets and totals -------------------------------------------------------


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
    walls = walls_standing(player)
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


def attack_total(state: State) -> int:
    """Swords of the attack in progress as far as they are known: the cards
    shown, any being chosen right now, and the reactions played or being
    picked (Trap -2, Sabotage and Boiling Oil take the strongest card of
    their kind). Hidden cards count 0."""
    assault = state.assault
    cards = [c.card for c in assault.cards]
    reactions = list(assault.reactions)
    top = state.pending[-1] if state.pending else None
    if top is not None and top.kind == "select":
        if top.purpose in ("attack", "support"):
            cards += top.selected
        elif top.purpose == "react":
            reactions += top.selected
    swords, _, _ = settle(cards, reactions)
    return swords


def defence_total(state: State) -> int:
    """Shields against the attack in progress: the target (with or without its
    stationed cards) plus 2 per Shield Wall played or being picked."""
    assault = state.assault
    if assault.defender < 0:
        return 0
    card = state.players[assault.defender].fortress[assault.slot]
    reactions = list(assault.reactions)
    top = state.pending[-1] if state.pending else None
    if top is not None and top.kind == "select" and top.purpose == "react":
        reactions += top.selected
    bonus = sum(CARDS[r].effect for r in reactions if r == "shield-wall")
    return card_shields(card, assault.garrison) + bonus


def settle(cards: list[str], reactions: list[str]) -> tuple[int, list[str], list[str]]:
    """(swords, cards that still count, cards knocked out) after reactions."""
    remaining = sorted(cards, key=lambda name: -STRENGTH.get(name, 0))
    knocked: list[str] = []
    for reaction in reactions:
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
    swords = sum(STRENGTH.get(name, 0) for name in remaining)
    swords -= sum(CARDS[r].effect for r in reactions if r == "trap")
    return max(swords, 0), remaining, knocked


# --- legal actions -------------------------------------------------------------


def _targets(state: State, seat: int) -> list[tuple[int, int, bool, bool]]:
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


def _station_slots(state: State, seat: int, card: str) -> list[int]:
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


def _village_left(state: State) -> bool:
    if state.village_deck:
        return True
    return any(DECK.get(card) == "village" for card in state.discard)


def _siege_left(state: State) -> bool:
    return bool(state.siege_deck or state.siege_under)


def _academy_left(state: State) -> bool:
    return bool(state.academy_deck or state.academy_under)


def _dungeon_left(state: State) -> bool:
    return bool(state.open_dungeon or state.dungeon_deck or state.dungeon_under)


def _turn_actions(state: State, seat: int) -> list:
    """Every action with an effect for the turn player (not Discard/Pass)."""
    player = state.players[seat]
    hand = player.hand
    have = dict(counts(hand))
    actions: list = []
    gold = have.get("gold", 0)
    builders = have.get("builders", 0)
    if gold:
        actions.append(Buy())
    if (have.get("explorers-1") or have.get("explorers-2")) and _dungeon_left(state):
        actions.append(Explore())
    attackers = [card for card in have if card in ATTACK_CARDS]
    night = "night" in have
    if attackers or night:
        tower = "siege-tower" in have
        ram = "battering-ram" in have
        for target, slot, garrison, behind in _targets(state, seat):
            if behind:
                walls = walls_standing(state.players[target])
                if not (tower or (ram and walls == 1)):
                    continue
            if attackers:
                actions.append(Attack(target, slot, garrison))
            if night:
                actions.append(NightAttack(target, slot, garrison))
    for card in have:
        for slot in _station_slots(state, seat, card):
            actions.append(Station(card, slot))
    for slot, fortress_card in enumerate(player.fortress):
        if fortress_card.standing:
            for card in dict.fromkeys(fortress_card.stationed):
                actions.append(Recall(card, slot))
    if builders and builders + gold >= 4 and _siege_left(state):
        actions.append(Build())
    if "duke" in have and gold >= 2 and _academy_left(state):
        actions.append(Academy())
    if "king" in have:
        actions.append(King())
    if state.actions_used >= 1 and _village_left(state):
        actions.append(DrawVillage())
    return actions


def _build_picks(top: Pending, hand: tuple[str, ...]) -> list[Pick]:
    """Gold or Builders picks that still leave a way to 4 cards with a Builder."""
    chosen = top.selected
    need = 4 - len(chosen)
    builder_chosen = "builders" in chosen
    have = dict(counts(hand))
    picks = []
    for card in ("builders", "gold"):
        if not have.get(card):
            continue
        after_need = need - 1
        left_gold = have.get("gold", 0) - (card == "gold")
        left_builders = have.get("builders", 0) - (card == "builders")
        if after_need > left_gold + left_builders:
            continue
        if not (builder_chosen or card == "builders") and not (after_need >= 1 and left_builders >= 1):
            continue
        picks.append(Pick(card))
    return picks


def _select_actions(state: State, top: Pending) -> list:
    hand = state.players[top.seat].hand
    purpose = top.purpose
    if purpose == "build":
        return _build_picks(top, hand)
    if purpose in ("attack", "support"):
        picks = [Pick(card) for card, _ in counts(hand) if card in ATTACK_CARDS]
    elif purpose == "react":
        picks = [Pick(card) for card, _ in counts(hand) if card in ACADEMY_CARDS]
    else:  # explore
        picks = [Pick(card) for card, _ in counts(hand) if KIND[card] == "explorers"]
    if not _confirm_reason(state, top):
        picks.append(Confirm())
    return picks


def _confirm_reason(state: State, top: Pending) -> str:
    purpose = top.purpose
    if purpose == "attack":
        assault = state.assault
        if not top.selected and not assault.night:
            return "Choose at least one card to attack with (only a Night attack may be a bluff)."
        if assault.slot == 0:
            reason = castle_reach(state.players[assault.defender], top.selected)
            if reason:
                return reason
    if purpose == "explore" and not top.selected:
        return "Choose at least one Explorers card."
    if purpose == "build":
        return "Choose 4 Builders and Gold in all."
    return ""


def legal_actions(state: State) -> list:
    if not state.pending:
        return []
    top = state.pending[-1]
    kind = top.kind
    if kind == "draw" or kind == "first":
        return [action for action, _ in chance_outcomes(state)]
    if kind == "action":
        actions = _turn_actions(state, top.seat)
        if actions:
            return actions
        hand = state.players[top.seat].hand
        if hand:
            return [Discard(card) for card, _ in counts(hand)]
        return [Pass()]
    if kind == "select":
        return _select_actions(state, top)
    if kind == "thief":
        return [PlayThief(), Decline()]
    if kind == "give":
        hand = state.players[top.seat].hand
        receivers = [seat for seat in standing(state) if seat != top.seat]
        gifts = [Give(card, to) for card, _ in counts(hand) for to in receivers]
        return gifts + [EndTurn()]
    return []


# --- apply ---------------------------------------------------------------------


def apply(state: State, action) -> State:
    """The state after ``action``; raises IllegalAction with the reason."""
    if not state.pending:
        raise IllegalAction("The game is over.")
    top = state.pending[-1]
    kind = top.kind
    if kind == "draw":
        state = _apply_draw(state, top, action)
    elif kind == "first":
        if not isinstance(action, FirstPlayer):
            raise IllegalAction("First the table decides who starts.")
        if not 0 <= action.seat < len(state.players):
            raise IllegalAction("There is no such player.")
        state = replace(state, turn=action.seat, pending=state.pending[:-1])
    elif kind == "action":
        state = _apply_turn_action(state, top, action)
    elif kind == "select":
        state = _apply_select(state, top, action)
    elif kind == "thief":
        state = _apply_thief(state, top, action)
    elif kind == "give":
        state = _apply_give(state, top, action)
    else:  # pragma: no cover - automatic steps are never left on top
        raise IllegalAction("Nothing to decide right now.")
    return _advance(state)


def _apply_draw(state: State, top: Pending, action) -> State:
    if not isinstance(action, Draw):
        raise IllegalAction("A card has to be drawn first.")
    card = action.card
    deck, under = _draw_source(state, top)
    source = top.source
    if deck:
        if card not in deck:
            raise IllegalAction(f"{title(card)} is not among the cards left to draw.")
        deck = _remove(deck, card)
    elif under and under[0] == card:
        under = under[1:]
    else:
        raise IllegalAction(f"The card that comes up is {title(under[0]) if under else 'nothing'}.")
    changes: dict = {}
    players = state.players
    if source == "village":
        changes["village_deck"] = deck
    elif source == "loot":
        giver = players[top.source_seat]
        players = players[: top.source_seat] + (replace(giver, loot=deck),) + players[top.source_seat + 1 :]
    else:
        changes[f"{source}_deck"] = deck
        changes[f"{source}_under"] = under
    dest = top.dest
    if dest == "open":
        changes["open_dungeon"] = card
    else:
        receiver = players[top.target]
        if dest == "hand":
            receiver = replace(receiver, hand=_add(receiver.hand, card))
        else:
            receiver = replace(receiver, loot=_add(receiver.loot, card))
        players = players[: top.target] + (receiver,) + players[top.target + 1 :]
    changes["players"] = players
    if top.count > 1:
        changes["pending"] = state.pending[:-1] + (replace(top, count=top.count - 1),)
    else:
        changes["pending"] = state.pending[:-1]
    return replace(state, **changes)


def _take(state: State, seat: int, cards) -> tuple[Player, ...]:
    """Players with ``cards`` taken out of ``seat``'s hand."""
    player = state.players[seat]
    hand = player.hand
    for card in cards:
        hand = _remove(hand, card)
    return _set_player(state, seat, replace(player, hand=hand))


def _require(hand: tuple[str, ...], card: str, reason: str) -> None:
    if card not in hand:
        raise IllegalAction(reason)


def action_reason(state: State, action) -> str:
    """Why the turn player may not take ``action`` now, or "" if they may."""
    if not state.pending or state.pending[-1].kind != "action":
        return "It is not the moment to choose an action."
    seat = state.pending[-1].seat
    player = state.players[seat]
    hand = player.hand
    if isinstance(action, Buy):
        return "" if "gold" in hand else "Buying takes a Gold card."
    if isinstance(action, Explore):
        if "explorers-1" not in hand and "explorers-2" not in hand:
            return "Exploring takes Explorers."
        return "" if _dungeon_left(state) else "The Dungeon deck is empty."
    if isinstance(action, (Attack, NightAttack)):
        reason = target_reason(state, seat, action.target, action.slot, action.garrison)
        if reason:
            return reason
        if isinstance(action, NightAttack):
            if "night" not in hand:
                return "A Night attack takes a Night card."
            pool = hand
        else:
            pool = [card for card in hand if card in ATTACK_CARDS]
            if not pool:
                return "Attacking takes Soldiers, Bowmen or siege weapons."
        if action.slot == 0:
            return castle_reach(state.players[action.target], pool)
        return ""
    if isinstance(action, Station):
        return station_reason(state, seat, action.card, action.slot)
    if isinstance(action, Recall):
        if not 0 <= action.slot < len(player.fortress):
            return "There is no such fortress card."
        card = player.fortress[action.slot]
        if not card.standing:
            return "That card has fallen."
        return "" if action.card in card.stationed else f"No {title(action.card)} is stationed there."
    if isinstance(action, Build):
        builders = hand.count("builders")
        if not builders:
            return "Building takes at least one Builders card."
        if builders + hand.count("gold") < 4:
            return "Building takes 4 cards of Builders and Gold."
        return "" if _siege_left(state) else "The Siege deck is empty."
    if isinstance(action, Academy):
        if "duke" not in hand:
            return "The Academy takes a Duke."
        if hand.count("gold") < 2:
            return "The Academy takes a Duke and 2 Gold."
        return "" if _academy_left(state) else "The Academy deck is empty."
    if isinstance(action, King):
        return "" if "king" in hand else "You have no King."
    if isinstance(action, DrawVillage):
        if state.actions_used < 1:
            return "Drawing a card as an action is only for the actions a King grants."
        return "" if _village_left(state) else "The Village deck and its discards are empty."
    if isinstance(action, (Discard, Pass)):
        if _turn_actions(state, seat):
            return "You still have an action with an effect: you may only throw a card away when none has."
        if isinstance(action, Pass):
            return "You must throw a card away (you cannot pass)." if hand else ""
        return "" if action.card in hand else "You have no such card."
    return "That is not an action for your turn."


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


def _apply_turn_action(state: State, top: Pending, action) -> State:
    reason = action_reason(state, action)
    if reason:
        raise IllegalAction(reason)
    seat = top.seat
    popped = state.pending[:-1]
    if isinstance(action, Buy):
        state = replace(
            state,
            players=_take(state, seat, ["gold"]),
            pending=popped + (Pending("draw", source="village", dest="hand", target=seat, count=2),),
        )
        return _pay_gold(state, seat, 1)
    if isinstance(action, Explore):
        return replace(state, pending=popped + (Pending("select", seat=seat, purpose="explore"),))
    if isinstance(action, (Attack, NightAttack)):
        night = isinstance(action, NightAttack)
        players = _take(state, seat, ["night"]) if night else state.players
        assault = Assault(
            attacker=seat,
            defender=action.target,
            slot=action.slot,
            garrison=action.garrison,
            night=night,
            revealed=not night,
        )
        return replace(
            state,
            players=players,
            discard=state.discard + (("night",) if night else ()),
            assault=assault,
            pending=popped + (Pending("select", seat=seat, purpose="attack"),),
        )
    if isinstance(action, Station):
        player = state.players[seat]
        fortress = list(player.fortress)
        fortress[action.slot] = replace(
            fortress[action.slot], stationed=fortress[action.slot].stationed + (action.card,)
        )
        player = replace(player, hand=_remove(player.hand, action.card), fortress=tuple(fortress))
        return replace(state, players=_set_player(state, seat, player), pending=popped)
    if isinstance(action, Recall):
        player = state.players[seat]
        fortress = list(player.fortress)
        fortress[action.slot] = replace(
            fortress[action.slot], stationed=_remove(fortress[action.slot].stationed, action.card)
        )
        player = replace(player, hand=_add(player.hand, action.card), fortress=tuple(fortress))
        return replace(state, players=_set_player(state, seat, player), pending=popped)
    if isinstance(action, Build):
        return replace(state, pending=popped + (Pending("select", seat=seat, purpose="build"),))
    if isinstance(action, Academy):
        state = replace(
            state,
            players=_take(state, seat, ["duke", "gold", "gold"]),
            removed=state.removed + ("duke",),
            pending=popped + (Pending("draw", source="academy", dest="hand", target=seat, count=1),),
        )
        return _pay_gold(state, seat, 2)
    if isinstance(action, King):
        return replace(
            state,
            players=_take(state, seat, ["king"]),
            discard=state.discard + ("king",),
            actions_left=state.actions_left + 2,
            pending=popped,
        )
    if isinstance(action, DrawVillage):
        return replace(
            state, pending=popped + (Pending("draw", source="village", dest="hand", target=seat, count=1),)
        )
    if isinstance(action, Discard):
        return replace(
            state,
            players=_take(state, seat, [action.card]),
            discard=state.discard + (action.card,),
            pending=popped,
        )
    return replace(state, pending=popped)  # Pass


def _pay_gold(state: State, spender: int, gold: int) -> State:
    """Gold is spent: the first Thief holder in turn order from the spender may
    take it; otherwise it is discarded."""
    holder = _next_thief(state, spender, spender)
    if holder < 0:
        return replace(state, discard=state.discard + ("gold",) * gold)
    return replace(
        state, pending=state.pending + (Pending("thief", seat=holder, target=spender, count=gold),)
    )


def _next_thief(state: State, spender: int, after: int) -> int:
    seats = len(state.players)
    seat = (after + 1) % seats
    while seat != spender:
        if "thief" in state.players[seat].hand:
            return seat
        seat = (seat + 1) % seats
    return -1


def _apply_thief(state: State, top: Pending, action) -> State:
    popped = state.pending[:-1]
    if isinstance(action, PlayThief):
        player = state.players[top.seat]
        if "thief" not in player.hand:
            raise IllegalAction("You have no Thief.")
        hand = _add_many(_remove(player.hand, "thief"), ("gold",) * top.count)
        return replace(
            state,
            players=_set_player(state, top.seat, replace(player, hand=hand)),
            discard=state.discard + ("thief",),
            pending=popped,
        )
    if not isinstance(action, Decline):
        raise IllegalAction("Play the Thief or let the Gold go.")
    holder = _next_thief(state, top.target, top.seat)
    if holder < 0:
        return replace(state, discard=state.discard + ("gold",) * top.count, pending=popped)
    return replace(state, pending=popped + (replace(top, seat=holder),))


def _apply_give(state: State, top: Pending, action) -> State:
    if isinstance(action, EndTurn):
        return replace(state, pending=state.pending[:-1])
    if not isinstance(action, Give):
        raise IllegalAction("Your Castle has fallen: you may only give cards away, or end your turn.")
    player = state.players[top.seat]
    if action.card not in player.hand:
        raise IllegalAction(f"You have no {title(action.card)}.")
    if action.to == top.seat or not 0 <= action.to < len(state.players) or state.players[action.to].out:
        raise IllegalAction("Give cards to a player whose Castle still stands.")
    players = _take(state, top.seat, [action.card])
    receiver = players[action.to]
    players = (
        players[: action.to]
        + (replace(receiver, hand=_add(receiver.hand, action.card)),)
        + players[action.to + 1 :]
    )
    pending = state.pending
    if not players[top.seat].hand:
        pending = pending[:-1]  # nothing left to give
    return replace(state, players=players, pending=pending)


def _apply_select(state: State, top: Pending, action) -> State:
    purpose = top.purpose
    seat = top.seat
    if isinstance(action, Pick):
        card = action.card
        hand = state.players[seat].hand
        if card not in hand:
            raise IllegalAction(f"You have no {title(card)} left in hand.")
        if purpose in ("attack", "support"):
            if card not in ATTACK_CARDS:
                raise IllegalAction("Only Soldiers, Bowmen and siege weapons can attack.")
        elif purpose == "react":
            if card not in ACADEMY_CARDS:
                raise IllegalAction("Only Academy cards react to an attack.")
        elif purpose == "explore":
            if KIND[card] != "explorers":
                raise IllegalAction("Only Explorers go into the dungeon.")
        elif Pick(card) not in _build_picks(top, hand):
            raise IllegalAction(
                "A siege weapon takes 4 cards of Builders and Gold, at least one of them Builders."
            )
        player = state.players[seat]
        selected = top.selected + (card,)
        state = replace(
            state,
            players=_set_player(state, seat, replace(player, hand=_remove(hand, card))),
            pending=state.pending[:-1] + (replace(top, selected=selected),),
        )
        if purpose == "build" and len(selected) == 4:
            return _finish_build(state, seat, selected)
        return state
    if not isinstance(action, Confirm):
        raise IllegalAction("Choose a card, or confirm the choice.")
    reason = _confirm_reason(state, top)
    if reason:
        raise IllegalAction(reason)
    popped = state.pending[:-1]
    selected = top.selected
    if purpose == "explore":
        stack = popped + (Pending("explored", seat=seat),)
        if not state.open_dungeon:
            stack += (Pending("draw", source="dungeon", dest="open", count=1),)
        return replace(state, table=selected, pending=stack)
    assault = state.assault
    if purpose == "react":
        assault = replace(assault, reactions=assault.reactions + selected)
        return replace(state, assault=assault, pending=popped)
    assault = replace(assault, cards=assault.cards + tuple(Committed(seat, card) for card in selected))
    state = replace(
        state, assault=assault, pending=popped + ((Pending("resolve"),) if purpose == "attack" else ())
    )
    return _after_supporter(state, seat)


def _after_supporter(state: State, seat: int) -> State:
    """Ask the next supporter in turn order (3-4 players), then the defender."""
    assault = state.assault
    seats = len(state.players)
    if state.variant != "two-player":
        other = (seat + 1) % seats
        while other != assault.attacker:
            if other != assault.defender and any(card in ATTACK_CARDS for card in state.players[other].hand):
                return replace(
                    state, pending=state.pending + (Pending("select", seat=other, purpose="support"),)
                )
            other = (other + 1) % seats
    if any(card in ACADEMY_CARDS for card in state.players[assault.defender].hand):
        return replace(
            state, pending=state.pending + (Pending("select", seat=assault.defender, purpose="react"),)
        )
    return state


def _finish_build(state: State, seat: int, selected: tuple[str, ...]) -> State:
    builders = selected.count("builders")
    gold = 4 - builders
    state = replace(
        state,
        discard=state.discard + ("builders",) * builders,
        pending=state.pending[:-1] + (Pending("draw", source="siege", dest="hand", target=seat, count=1),),
    )
    if gold:
        return _pay_gold(state, seat, gold)
    return state


# --- automatic steps ----------------------------------------------------------


def _advance(state: State) -> State:
    """Resolve automatic steps until someone (or chance) must decide."""
    while True:
        if state.ended_by:
            return replace(state, pending=()) if state.pending else state
        if not state.pending:
            state = _action_done(state)
            continue
        top = state.pending[-1]
        kind = top.kind
        if kind == "draw":
            source = top.source
            if source == "village":
                if not state.village_deck:
                    state = _reshuffle(state)
                    if not state.village_deck:
                        state = replace(state, pending=state.pending[:-1])
                        continue
            else:
                deck, under = _draw_source(state, top)
                if not deck and not under:
                    state = replace(state, pending=state.pending[:-1])
                    continue
            return state
        if kind == "resolve":
            state = _resolve_attack(replace(state, pending=state.pending[:-1]))
            continue
        if kind == "explored":
            state = _resolve_explore(replace(state, pending=state.pending[:-1]), top.seat)
            continue
        if kind == "loot-rest":
            state = _loot_rest(replace(state, pending=state.pending[:-1]), top.target)
            continue
        if kind == "start-turn":
            state = _start_turn(replace(state, pending=state.pending[:-1]), state.turn)
            continue
        return state


def _reshuffle(state: State) -> State:
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
    return replace(
        state,
        village_deck=tuple(sorted(village)),
        discard=(),
        siege_under=under["siege"],
        academy_under=under["academy"],
        dungeon_under=under["dungeon"],
    )


def _action_done(state: State) -> State:
    left = state.actions_left - 1
    if left > 0:
        return replace(
            state,
            actions_left=left,
            actions_used=state.actions_used + 1,
            pending=(Pending("action", seat=state.turn),),
        )
    seats = len(state.players)
    return _start_turn(state, (state.turn + 1) % seats)


def _start_turn(state: State, seat: int) -> State:
    """Begin ``seat``'s turn; fallen players with empty hands are skipped."""
    seats = len(state.players)
    for _ in range(seats):
        player = state.players[seat]
        if not player.out or player.hand:
            break
        seat = (seat + 1) % seats
    turn_number = state.turn_number + 1
    if state.round_limit and turn_number > state.round_limit * seats:
        return replace(state, ended_by="round-limit", pending=(), actions_left=0)
    if state.players[seat].out:
        pending: tuple[Pending, ...] = (Pending("give", seat=seat),)
    else:
        pending = (
            Pending("action", seat=seat),
            Pending("draw", source="village", dest="hand", target=seat, count=1),
        )
    return replace(state, turn=seat, turn_number=turn_number, actions_left=1, actions_used=0, pending=pending)


def _resolve_explore(state: State, seat: int) -> State:
    dungeon = state.open_dungeon
    explorers = state.table
    state = replace(state, table=(), discard=state.discard + explorers)
    if not dungeon:  # the dungeon deck ran dry under the explorers (cannot happen: checked before)
        return state
    torches = sum(TORCHES[card] for card in explorers)
    data = CARDS[dungeon]
    if torches > data.danger:
        return replace(
            state,
            open_dungeon="",
            discard=state.discard + (dungeon,),
            pending=state.pending
            + (Pending("draw", source="village", dest="hand", target=seat, count=data.treasure),),
        )
    return state  # beaten back: the dungeon stays face up


def _loot_to_hand(state: State) -> bool:
    """Loot goes straight to hand with 2 players, and once two castles remain."""
    if state.variant == "two-player":
        return True
    return sum(1 for player in state.players if not player.out) <= 2


def _resolve_attack(state: State) -> State:
    assault = state.assault
    cards = [c.card for c in assault.cards]
    swords, _, _ = settle(cards, list(assault.reactions))
    defender = state.players[assault.defender]
    target = defender.fortress[assault.slot]
    shields = card_shields(target, assault.garrison)
    shields += sum(CARDS[r].effect for r in assault.reactions if r == "shield-wall")
    success = swords > shields
    discard = state.discard + tuple(cards) + assault.reactions
    players = state.players
    pending = state.pending
    if success:
        discard += target.stationed
        fortress = list(defender.fortress)
        if assault.garrison:
            fortress[assault.slot] = replace(target, stationed=())
        else:
            fortress[assault.slot] = replace(target, standing=False, stationed=())
        defender = replace(defender, fortress=tuple(fortress))
        castle = assault.slot == 0 and not assault.garrison
        if castle:
            # The fortress is gone: every card stationed on it goes to the discards.
            for card in defender.fortress:
                discard += card.stationed
            defender = replace(
                defender, out=True, fortress=tuple(replace(card, stationed=()) for card in defender.fortress)
            )
        players = players[: assault.defender] + (defender,) + players[assault.defender + 1 :]
    assault = replace(
        assault, revealed=True, outcome="success" if success else "failure", swords=swords, shields=shields
    )
    state = replace(state, players=players, discard=discard, assault=assault)
    if not success or assault.garrison:
        return state
    if assault.slot == 0:
        alive = standing(state)
        if len(alive) == 1:
            return replace(state, winner=alive[0], ended_by="castle", pending=())
        # Loot: the Castle's own loot card, then half the fallen player's loot
        # (rounded up) drawn blind; the fallen player keeps the rest in hand.
        fallen_loot = len(defender.loot)
        dest = "hand" if _loot_to_hand(state) else "loot"
        stack = (Pending("loot-rest", target=assault.defender),)
        if fallen_loot:
            stack += (
                Pending(
                    "draw",
                    source="loot",
                    source_seat=assault.defender,
                    dest="loot",
                    target=assault.attacker,
                    count=(fallen_loot + 1) // 2,
                ),
            )
        stack += (Pending("draw", source="village", dest=dest, target=assault.attacker, count=1),)
        return replace(state, pending=pending + stack)
    dest = "hand" if _loot_to_hand(state) else "loot"
    return replace(
        state,
        pending=pending + (Pending("draw", source="village", dest=dest, target=assault.attacker, count=1),),
    )


def _loot_rest(state: State, fallen: int) -> State:
    players = list(state.players)
    player = players[fallen]
    players[fallen] = replace(player, hand=_add_many(player.hand, player.loot), loot=())
    if _loot_to_hand(state):
        for seat, other in enumerate(players):
            if other.loot:
                players[seat] = replace(other, hand=_add_many(other.hand, other.loot), loot=())
    return replace(state, players=tuple(players))


def refusals(state: State) -> dict[str, str]:
    """For the turn player's action menu: each kind of action that is not
    possible right now, with the reason ("buy": "Buying takes a Gold card.")."""
    if not state.pending or state.pending[-1].kind != "action":
        return {}
    seat = state.pending[-1].seat
    hand = state.players[seat].hand
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
    actions = _turn_actions(state, seat)
    if not any(isinstance(a, Attack) for a in actions):
        if not any(card in ATTACK_CARDS for card in hand):
            out["attack"] = "Attacking takes Soldiers, Bowmen or siege weapons."
        else:
            out["attack"] = "No rival card is within reach of your cards."
    if not any(isinstance(a, NightAttack) for a in actions):
        out["night"] = (
            "A Night attack takes a Night card." if "night" not in hand else "No rival card is within reach."
        )
    if not any(isinstance(a, (Station, Recall)) for a in actions):
        out["defend"] = (
            "Defending takes a Bowmen or Soldiers card of your colour (or a siege weapon) "
            "and a standing fortress card with room, or a stationed card to take back."
        )
    return out
