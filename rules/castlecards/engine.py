"""Castlecards state changes: set-up and ``apply`` with its automatic
follow-ups (reshuffles, settling an attack or a dungeon, loot, elimination,
the next turn).

Every step pushes or pops :class:`Pending` decisions; :func:`_advance` then
resolves the automatic ones until a player (or chance) has to answer.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core import Config, IllegalAction, check_config

from .edition import (
    ACADEMY_CARDS,
    ATTACK_CARDS,
    CARDS,
    COLOURS,
    DECK,
    FACE_DOWN,
    KIND,
    TORCHES,
    deck_cards,
    title,
)
from .fortress import card_shields, settle, standing, team_of, walls_in_the_way
from .info import INFO
from .legal import action_reason, build_picks, confirm_reason, draw_source, face_down_draw, village_in_deck
from .multiset import add, add_many, remove
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
    Pending,
    Pick,
    Player,
    PlayThief,
    Recall,
    State,
    Station,
)


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = state.players
    return players[:seat] + (player,) + players[seat + 1 :]


def setup(config: Config) -> State:
    """A fresh game: the deal and the first player are pending chance draws."""
    check_config(INFO, config)
    seats = config.seats
    teams = bool(config.option("teams", INFO))
    if teams and seats != 4:
        raise IllegalAction("Team play needs 4 players (two teams of two).")
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
        ask_everyone=bool(config.option("ask_everyone", INFO)),
        teams=teams,
        table_mode=config.mode == "table",
    )


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
    if face_down_draw(state, top):
        return _take_face_down(state, top, card)
    if card == FACE_DOWN and top.source != "loot":
        raise IllegalAction("This card is seen: say which card it is.")
    deck, under = draw_source(state, top)
    source = top.source
    if deck:
        if card not in deck:
            raise IllegalAction(f"{title(card)} is not among the cards left to draw.")
        deck = remove(deck, card)
    elif under and under[0] == card:
        under = under[1:]
    else:
        raise IllegalAction(f"The card that comes up is {title(under[0]) if under else 'nothing'}.")
    changes: dict = {}
    players = state.players
    if source == "village":
        changes["village_deck"] = deck
    elif source == "reveal":
        changes["village_deck"] = deck
        changes["unseen_loot"] = state.unseen_loot - 1
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
            receiver = replace(receiver, hand=add(receiver.hand, card))
        else:
            receiver = replace(receiver, loot=add(receiver.loot, card))
        players = players[: top.target] + (receiver,) + players[top.target + 1 :]
    changes["players"] = players
    if top.count > 1:
        changes["pending"] = state.pending[:-1] + (replace(top, count=top.count - 1),)
    else:
        changes["pending"] = state.pending[:-1]
    return replace(state, **changes)


def _take_face_down(state: State, top: Pending, card: str) -> State:
    """Table mode: the loot card goes face down into ``top.target``'s loot
    without anyone seeing it. It stays among the unseen Village cards; it is
    named only when it is turned up into a hand."""
    if card != FACE_DOWN:
        raise IllegalAction("Nobody looks at a loot card: it is taken face down, unseen.")
    receiver = state.players[top.target]
    players = _set_player(state, top.target, replace(receiver, loot=add(receiver.loot, FACE_DOWN)))
    pending = state.pending[:-1]
    if top.count > 1:
        pending += (replace(top, count=top.count - 1),)
    return replace(state, players=players, unseen_loot=state.unseen_loot + 1, pending=pending)


def _take(state: State, seat: int, cards) -> tuple[Player, ...]:
    """Players with ``cards`` taken out of ``seat``'s hand."""
    player = state.players[seat]
    hand = player.hand
    for card in cards:
        hand = remove(hand, card)
    return _set_player(state, seat, replace(player, hand=hand))


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
        player = replace(player, hand=remove(player.hand, action.card), fortress=tuple(fortress))
        return replace(
            state, players=_set_player(state, seat, player), pending=popped, stationed_this_turn=True
        )
    if isinstance(action, Recall):
        player = state.players[seat]
        fortress = list(player.fortress)
        fortress[action.slot] = replace(
            fortress[action.slot], stationed=remove(fortress[action.slot].stationed, action.card)
        )
        player = replace(player, hand=add(player.hand, action.card), fortress=tuple(fortress))
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


def _asked(state: State, seat: int, holds: bool) -> bool:
    """Whether ``seat`` is asked at an out-of-turn step: a holder of the card
    concerned always; with ``ask_everyone`` anyone holding a card, so being
    asked tells nothing. An empty hand is seen by all: asking it would only
    slow the table down."""
    return holds or (state.ask_everyone and bool(state.players[seat].hand))


def _next_thief(state: State, spender: int, after: int) -> int:
    seats = len(state.players)
    seat = (after + 1) % seats
    while seat != spender:
        if _asked(state, seat, "thief" in state.players[seat].hand):
            return seat
        seat = (seat + 1) % seats
    return -1


def _apply_thief(state: State, top: Pending, action) -> State:
    popped = state.pending[:-1]
    if isinstance(action, PlayThief):
        player = state.players[top.seat]
        if "thief" not in player.hand:
            raise IllegalAction("You have no Thief.")
        hand = add_many(remove(player.hand, "thief"), ("gold",) * top.count)
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
        + (replace(receiver, hand=add(receiver.hand, action.card)),)
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
        elif Pick(card) not in build_picks(top, hand):
            raise IllegalAction(
                "A siege weapon takes 4 cards of Builders and Gold, at least one of them Builders."
            )
        player = state.players[seat]
        selected = top.selected + (card,)
        state = replace(
            state,
            players=_set_player(state, seat, replace(player, hand=remove(hand, card))),
            pending=state.pending[:-1] + (replace(top, selected=selected),),
        )
        if purpose == "build" and len(selected) == 4:
            return _finish_build(state, seat, selected)
        return state
    if not isinstance(action, Confirm):
        raise IllegalAction("Choose a card, or confirm the choice.")
    reason = confirm_reason(state, top)
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
            if other != assault.defender and _asked(
                state, other, any(card in ATTACK_CARDS for card in state.players[other].hand)
            ):
                return replace(
                    state, pending=state.pending + (Pending("select", seat=other, purpose="support"),)
                )
            other = (other + 1) % seats
    defender_hand = state.players[assault.defender].hand
    if _asked(state, assault.defender, any(card in ACADEMY_CARDS for card in defender_hand)):
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
                if not village_in_deck(state):
                    state = _reshuffle(state)
                    if not village_in_deck(state):
                        state = replace(state, pending=state.pending[:-1])
                        continue
            else:
                deck, under = draw_source(state, top)
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
    return replace(
        state,
        turn=seat,
        turn_number=turn_number,
        actions_left=1,
        actions_used=0,
        stationed_this_turn=False,
        pending=pending,
    )


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
    # Sabotaging every assault weapon leaves the attack unable to pass the
    # Walls: settle counts its swords 0 (the weapons are what made it legal).
    swords, _, _ = settle(cards, list(assault.reactions), walls_in_the_way(state))
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
    if not success:
        # "If you are defeated ... passes the turn": a repelled attack ends the
        # turn, and any actions a King still granted are lost.
        return replace(state, actions_left=min(state.actions_left, 1))
    if assault.garrison:
        return state
    if assault.slot == 0:
        alive = standing(state)
        if len(alive) == 1 or (state.teams and len({team_of(seat) for seat in alive}) == 1):
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
    seats = [fallen]
    if _loot_to_hand(state):
        seats += [seat for seat, other in enumerate(players) if other.loot and seat != fallen]
    reveals: list[Pending] = []
    for seat in seats:
        player = players[seat]
        seen = tuple(card for card in player.loot if card != FACE_DOWN)
        players[seat] = replace(player, hand=add_many(player.hand, seen), loot=())
        unseen = len(player.loot) - len(seen)
        if unseen:
            # Table mode: the owner turns them up; the table says what each one is.
            reveals.append(Pending("draw", source="reveal", dest="hand", target=seat, count=unseen))
    return replace(state, players=tuple(players), pending=state.pending + tuple(reversed(reveals)))


def refusal(state: State, action) -> str:
    """Why ``action`` is refused right now ("" if it would be accepted): the
    same words ``apply`` raises, for a screen to show before trying."""
    try:
        apply(state, action)
    except IllegalAction as error:
        return error.reason
    return ""
