"""The words of the game: log lines for actions (``describe``), action-bar
labels (``label``), and log lines for what the rules did by themselves
(``effects``, from the events of the automatic steps).

A log line never names a card another seat may not see: a development card
drawn is "a development card", and a stolen card is "a card" to everyone but
the thief and the victim (``view_action`` tells each seat's line). Only the
label of a chance outcome names it: that is the answer table mode lists
for the player who saw it.
"""

from __future__ import annotations

from rules.core import Event, seat_ref, top

from .board import BOARDS
from .chance import UNSEEN, token_words
from .edition import CLANS, CLEARINGS, HEROES, HIDDEN, development_title
from .state import (
    Accept,
    BuildGuard,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    ChaseTormund,
    ChooseDevelopment,
    ClearGift,
    ClearNorth,
    Decline,
    DeclineHero,
    Dice,
    Discard,
    DrawDevelopment,
    EndTurn,
    FlipHero,
    ForcedTrade,
    FreeHex,
    GiveCard,
    MoveTormund,
    OfferTrade,
    PatrolToGuard,
    PeekDevelopment,
    PickDevelopment,
    PlaceGuard,
    PlaceTerrain,
    PlayDevelopment,
    RedirectRoad,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Steal,
    SwapHero,
    TakeCard,
    TakeFromLeader,
    TakeResource,
    Token,
    TradeOneForOne,
    TradeWith,
    TradeWithSupply,
    WildlingDie,
)


def hex_name(state: State, hex_id: int) -> str:
    """ "hills 4 (r0c2)"; "the 4 at r0c2" before its terrain is laid."""
    board = BOARDS[len(state.players)]
    number = board.hex_numbers[hex_id]
    terrain = state.terrain[hex_id]
    where = board.hex_names[hex_id]
    return f"{terrain} {number} ({where})" if terrain else f"the {number} at {where}"


def _hexes_by(state: State, hexes: tuple[int, ...]) -> str:
    board = BOARDS[len(state.players)]
    names = [f"{state.terrain[h] or 'hex'} {board.hex_numbers[h]}" for h in hexes]
    return ", ".join(names)


def corner_name(state: State, corner: int) -> str:
    """ "corner 12 (hills 4, pasture 8)"."""
    board = BOARDS[len(state.players)]
    return f"corner {corner} ({_hexes_by(state, board.corner_hexes[corner])})"


def edge_name(state: State, edge: int) -> str:
    """ "path 30 (hills 4, pasture 8)"."""
    board = BOARDS[len(state.players)]
    return f"path {edge} ({_hexes_by(state, board.edge_hexes[edge])})"


def cards_words(cards: tuple[str, ...]) -> str:
    """ "2 brick and 1 ore"."""
    if not cards:
        return "nothing"
    order = list(dict.fromkeys(cards))
    parts = [f"{cards.count(card)} {card}" for card in order]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def hero_name(name: str) -> str:
    hero = HEROES.get(name)
    return hero.title if hero is not None else "a hero"


def section_name(section: int) -> str:
    return f"wall section {section + 1}"


def clearing_name(clearing: int) -> str:
    return f"the {CLEARINGS[clearing].title} clearing"


def _substitute(instead_of: str, pay: str) -> str:
    return f", paying {pay} for {instead_of}" if instead_of else ""


def _watch_label(state: State, action) -> str:
    """Labels of Brotherhood of the Watch's actions ("" for others)."""
    if isinstance(action, WildlingDie):
        return str(action.face)
    if isinstance(action, Token):
        return token_words(action.token)
    if isinstance(action, PeekDevelopment):
        return "Looked at, kept secret" if action.card == UNSEEN else development_title(action.card)
    if isinstance(action, BuildGuard):
        return f"Guard on {section_name(action.section)}{_substitute(action.instead_of, action.pay)}"
    if isinstance(action, PlaceGuard):
        return f"Guard on {section_name(action.section)}"
    if isinstance(action, FreeHex):
        return f"Free {hex_name(state, action.hex)} from its wildling"
    if isinstance(action, DeclineHero):
        return "Not now"
    if isinstance(action, FlipHero):
        return "Flip your hero to its B side"
    if isinstance(action, SwapHero):
        return f"Take {hero_name(action.hero)}"
    if isinstance(action, ForcedTrade):
        whom = seat_ref(action.first) + (f" and {seat_ref(action.second)}" if action.second >= 0 else "")
        return f"Demand 1 {action.resource} from {whom}"
    if isinstance(action, GiveCard):
        return f"Give {action.resource}"
    if isinstance(action, TradeOneForOne):
        return f"1 {action.give} for 1 {action.get} (Bowen Marsh)"
    if isinstance(action, RedirectRoad):
        return f"Move the road on path {action.edge} to {edge_name(state, action.to)}"
    if isinstance(action, ChooseDevelopment):
        return f"Buy a development card, choosing from the top 3{_substitute(action.instead_of, action.pay)}"
    if isinstance(action, PickDevelopment):
        if action.card == UNSEEN:
            return "Keep the card you chose (unseen by the table)"
        return f"Keep {development_title(action.card)}"
    if isinstance(action, TakeFromLeader):
        return f"Look at {seat_ref(action.victim)}'s hand"
    if isinstance(action, TakeCard):
        return f"Take {action.resource}"
    if isinstance(action, ClearNorth):
        if action.clan >= 0:
            return f"Send back the {state.camps[action.clan][action.slot]} in camp {action.slot + 1} of the {CLANS[action.clan].title}"
        return f"Send back a {action.kind} from {clearing_name(action.clearing)}"
    if isinstance(action, ClearGift):
        return f"Send back the wildling on {hex_name(state, action.hex)}"
    if isinstance(action, PatrolToGuard):
        return f"A played Ranger Patrol becomes a guard on {section_name(action.section)}"
    if isinstance(action, ChaseTormund):
        return "Chase Tormund back to his camp"
    return ""


def label(view: State, action) -> str:
    """The short action-bar text (a chance outcome: what came up)."""
    watch = _watch_label(view, action)
    if watch:
        return watch
    if isinstance(action, PlaceTerrain):
        return action.terrain
    if isinstance(action, Dice):
        return str(action.total)
    if isinstance(action, DrawDevelopment):
        return "Drawn, kept secret" if action.card == UNSEEN else development_title(action.card)
    if isinstance(action, Steal):
        return action.resource
    if isinstance(action, ShowVictoryPoint):
        return "Show a Victory Point card"
    if isinstance(action, Roll):
        return "Roll the dice"
    if isinstance(action, BuildRoad):
        return f"Road on {edge_name(view, action.edge)}"
    if isinstance(action, BuildSettlement):
        return f"Settlement on {corner_name(view, action.corner)}"
    if isinstance(action, BuildKeep):
        return f"Keep on {corner_name(view, action.corner)}"
    if isinstance(action, BuyDevelopment):
        return "Buy a development card"
    if isinstance(action, PlayDevelopment):
        return f"Play {development_title(action.card)}"
    if isinstance(action, TakeResource):
        return f"Take {action.resource}"
    if isinstance(action, Discard):
        return f"Return {action.resource}"
    if isinstance(action, MoveTormund):
        return f"Tormund to {hex_name(view, action.hex)}"
    if isinstance(action, Rob):
        return f"Steal from {seat_ref(action.victim)}"
    if isinstance(action, TradeWithSupply):
        step = top(view.pending)
        rate = _rate(view, step.seat if step is not None else -1, action.give)
        return f"{rate} {action.give} for 1 {action.get} (supply)"
    if isinstance(action, OfferTrade):
        return f"Offer {cards_words(action.giving)} for {cards_words(action.getting)}{_to(action.to)}"
    if isinstance(action, Accept):
        return "Accept"
    if isinstance(action, Decline):
        return "Decline"
    if isinstance(action, TradeWith):
        return f"Trade with {seat_ref(action.seat)}"
    if isinstance(action, CancelTrade):
        return "Withdraw the offer"
    if isinstance(action, EndTurn):
        return "End turn"
    return str(action)


def _card(resource: str) -> str:
    """ "1 ore", or "a card" for one the reader may not know (HIDDEN)."""
    return "a card" if resource in (HIDDEN, UNSEEN) else f"1 {resource}"


def _rate(state: State, seat: int, resource: str) -> int:
    from .legal import trade_rate

    return trade_rate(state, seat, resource) if seat >= 0 else 4


def _to(to: int) -> str:
    return "" if to < 0 else f" to {seat_ref(to)}"


def describe(state: State, action) -> str:
    """One log line for ``action``, told before it is applied."""
    step = top(state.pending)
    seat = step.seat if step is not None else -1
    who = seat_ref(seat)
    kind = step.kind if step is not None else ""
    if isinstance(action, WildlingDie):
        return f"The wildling die shows {action.face}."
    if isinstance(action, Token):
        return f"A wildling token is revealed: {token_words(action.token)}."
    if isinstance(action, PeekDevelopment):
        return f"{who} looks at the next development card."
    if isinstance(action, PickDevelopment):
        return f"{who} keeps one of the development cards and shuffles the others back."
    # A card passed between two hands is named to those two only (view_action).
    if isinstance(action, TakeCard):
        return (
            f"{who} takes {_card(action.resource)} from {seat_ref(step.target if step is not None else -1)}."
        )
    if isinstance(action, GiveCard):
        return (
            f"{who} gives {seat_ref(step.target if step is not None else -1)} {_card(action.resource)} back."
        )
    if isinstance(action, (BuildGuard, PlaceGuard)):
        verb = "builds" if isinstance(action, BuildGuard) else "places"
        return f"{who} {verb} a guard on {section_name(action.section)}{_substitute(getattr(action, 'instead_of', ''), getattr(action, 'pay', ''))}."
    if isinstance(action, TakeResource) and kind == "tarly":
        return f"{who} takes 1 {action.resource} from the supply (Samwell Tarly)."
    if isinstance(action, DeclineHero):
        return f"{who} does not use Samwell Tarly now."
    watch = _watch_label(state, action)
    if watch:
        return f"{who}: {watch[0].lower()}{watch[1:]}."
    if isinstance(action, PlaceTerrain):
        target = step.target if step is not None else 0
        board = BOARDS[len(state.players)]
        return f"{action.terrain.capitalize()} goes on the {board.hex_numbers[target]} at {board.hex_names[target]}."
    if isinstance(action, Roll):
        return f"{who} rolls the dice."
    if isinstance(action, Dice):
        return f"{who} rolls {action.total}."
    if isinstance(action, DrawDevelopment):
        return f"{who} draws a development card."
    if isinstance(action, Steal):
        victim = step.target if step is not None else -1
        return f"{who} steals {_card(action.resource)} from {seat_ref(victim)}."
    if isinstance(action, BuildRoad):
        verb = {"place-road": "places a road", "free-road": "builds a free road"}.get(kind, "builds a road")
        return f"{who} {verb} on {edge_name(state, action.edge)}."
    if isinstance(action, BuildSettlement):
        verb = "places a settlement" if kind == "place-settlement" else "builds a settlement"
        return f"{who} {verb} on {corner_name(state, action.corner)}."
    if isinstance(action, BuildKeep):
        return f"{who} builds a keep on {corner_name(state, action.corner)}."
    if isinstance(action, BuyDevelopment):
        return f"{who} buys a development card."
    if isinstance(action, PlayDevelopment):
        return f"{who} plays {development_title(action.card)}."
    if isinstance(action, ShowVictoryPoint):
        return f"{who} shows a Victory Point card."
    if isinstance(action, TakeResource):
        return f"{who} takes 1 {action.resource} from the supply."
    if isinstance(action, Discard):
        return f"{who} returns 1 {action.resource} to the supply."
    if isinstance(action, MoveTormund):
        return f"{who} moves Tormund to {hex_name(state, action.hex)}."
    if isinstance(action, Rob):
        return f"{who} chooses to steal from {seat_ref(action.victim)}."
    if isinstance(action, TradeWithSupply):
        return f"{who} trades {_rate(state, seat, action.give)} {action.give} with the supply for 1 {action.get}."
    if isinstance(action, OfferTrade):
        to = "everyone" if action.to < 0 else seat_ref(action.to)
        return f"{who} offers {cards_words(action.giving)} for {cards_words(action.getting)} to {to}."
    if isinstance(action, Accept):
        return f"{who} accepts the offer."
    if isinstance(action, Decline):
        return f"{who} declines the offer."
    if isinstance(action, TradeWith):
        offer = state.offer
        return (
            f"{who} trades {cards_words(offer.give)} for {cards_words(offer.get)} with {seat_ref(action.seat)}."
            if offer.give
            else f"{who} trades with {seat_ref(action.seat)}."
        )
    if isinstance(action, CancelTrade):
        return f"{who} withdraws the offer."
    if isinstance(action, EndTurn):
        return f"{who} ends their turn."
    return str(action)


# --- effects: what the rules did by themselves -----------------------------------


def _line(state: State, event: Event) -> str:
    who = seat_ref(event.seat)
    detail = event.detail
    kind = event.kind
    if kind == "production":
        return f"{who} collects {' and '.join(detail)}."
    if kind == "no-production":
        return f"A {detail[0]}: nobody collects anything."
    if kind == "tormund-holds":
        return f"Tormund keeps {hex_name(state, detail[0])} from producing."
    if kind == "shortage":
        resource, left, owed = detail
        return f"The supply has {left} {resource} for {owed} owed: nobody gets {resource}."
    if kind == "short-one":
        resource, left, owed = detail
        return f"The supply has only {left} {resource} of the {owed} owed: {who} takes what is left."
    if kind == "must-discard":
        count, hand = detail
        return f"{who} holds {hand} cards and must return {count} to the supply."
    if kind == "nobody-to-rob":
        return "Nobody by Tormund has a card to steal."
    if kind == "starting-cards":
        return f"{who}'s second settlement brings {cards_words(tuple(detail))}."
    if kind == "no-road-room":
        return f"No free path is left by {who}'s settlement: no set-up road."
    if kind == "no-free-road":
        count, why = detail
        if why == "pieces":
            return f"{who} has no road pieces left: {count} free road(s) lost."
        return f"{who} has nowhere to build: {count} free road(s) lost."
    if kind == "supply-empty":
        return f"The supply is empty: {who} takes nothing more."
    if kind == "no-takers":
        return "Nobody accepts the offer."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "longest-road":
        length, before = detail
        line = f"{who} takes Longest Road with {length} segments"
        return f"{line} from {seat_ref(before)}." if before >= 0 else f"{line}."
    if kind == "longest-road-aside":
        return f"{who}'s road is broken: Longest Road is set aside until one road is the longest."
    if kind == "largest-patrol":
        count, before = detail
        line = f"{who} takes Largest Patrol with {count} Ranger Patrols"
        return f"{line} from {seat_ref(before)}." if before >= 0 else f"{line}."
    if kind == "won":
        return f"{who} has {detail[0]} victory points on their own turn and wins."
    watch = _watch_line(state, event)
    if watch:
        return watch
    return f"{kind} {who} {detail}"


def _watch_line(state: State, event: Event) -> str:
    """Log lines of the Wall, the north and the heroes."""
    who = seat_ref(event.seat)
    detail = event.detail
    kind = event.kind
    if kind == "wildling-holds":
        return f"A {detail[1]} keeps {hex_name(state, detail[0])} from producing."
    if kind == "guard":
        section, space = detail
        return f"{who}'s guard stands on space {space} of {section_name(section)}."
    if kind == "guard-points":
        points, guards = detail
        return f"{who} has {guards} guards on the Wall: {points} VP from guard tokens."
    if kind == "guard-falls":
        return f"{who}'s guard on space 1 of {section_name(detail[0])} falls; the others move down."
    if kind == "giant-kills":
        return f"A giant kills {who}'s guard on {section_name(detail[0])} and goes back to the Frostfangs."
    if kind == "no-figure":
        return f"No {detail[0]} is left in the Frostfangs: the token does nothing."
    if kind == "migrate":
        kind_, clan, camps = detail
        return f"A {kind_} joins the {_clan_title(clan)} ({camps} in their camps)."
    if kind == "rush":
        return f"A wildling rush: the {_clan_title(detail[0])} have 5; the two hottest camps advance."
    if kind == "no-advance":
        return f"The wildling die's {detail[0]} is on no trail: nobody advances."
    if kind == "camps-empty":
        return (
            f"The wildling die's {detail[0]} points at the {_clan_title(detail[1])}, whose camps are empty."
        )
    if kind == "advance":
        kind_, clan, clearing = detail
        return f"A {kind_} of the {_clan_title(clan)} reaches {clearing_name(clearing)}."
    if kind == "wildlings-wait":
        clearing, regulars, guards = detail
        waiting = "1 regular waits" if regulars == 1 else f"{regulars} regulars wait"
        return f"{waiting} in {clearing_name(clearing)} against {_count(guards, 'guard')}."
    if kind == "breach":
        section, count, breaches = detail
        return f"Breach {breaches} at {section_name(section)}: {_count(count, 'wildling')} cross the Wall."
    if kind == "blocks":
        return f"A {detail[0]} blocks {hex_name(state, detail[1])}."
    if kind == "wall-falls":
        why, guards = detail
        cause = "the third breach" if why == "breach" else "8 wildlings in the Gift"
        return f"The Wall falls ({cause}): {who} wins with {guards} guards on the Wall."
    if kind == "won-end":
        return f"{who} ends their turn with {detail[0]} victory points and wins."
    if kind == "no-tokens":
        return "No wildling token is left to reveal."
    if kind == "pool-reshuffled":
        return f"The token pool was empty: {detail[0]} spent tokens are shuffled into it."
    if kind == "no-recruit":
        return f"{who} has no guard or no room on the Wall: New Recruits brings nothing."
    if kind == "patrol-frees":
        hex_id, resource = detail
        gain = f" and takes 1 {resource}" if resource else ""
        return f"{who}'s patrol sends the wildling on {hex_name(state, hex_id)} back{gain}."
    if kind == "hero":
        return f"{who} uses {hero_name(detail[0])}."
    if kind == "hero-flip":
        return f"{who} flips {hero_name(detail[0])} to the B side."
    if kind == "hero-swap":
        return f"{who} returns {hero_name(detail[0])} and takes {hero_name(detail[1])}."
    if kind == "forced-trade":
        resource, taker = detail
        return f"{who} hands 1 {resource} to {seat_ref(taker)}."
    if kind == "forced-none":
        return f"{who} has no {detail[0]} to hand over."
    if kind == "gives-back":
        return ""
    if kind == "mance-takes":
        return ""
    if kind == "cleared-north":
        return f"{who}'s ranger sends a {detail[0]} back to the Frostfangs."
    if kind == "cleared-gift":
        return f"{who} sends the wildling on {hex_name(state, detail[0])} back to the Frostfangs."
    if kind == "tormund-chased":
        left, resource = detail
        gain = f"; {who} takes 1 {resource}" if resource else ""
        return f"Tormund leaves {hex_name(state, left)} for his camp{gain}."
    if kind == "largest-patrol-aside":
        return f"{who}'s patrols shrink: Largest Patrol is set aside."
    return ""


def _count(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def _clan_title(name: str) -> str:
    for clan in CLANS:
        if clan.name == name:
            return clan.title
    return name


def effects(before: State, action, after: State) -> list[str]:
    """Log lines for what the rules did by themselves after ``action``."""
    lines = (_line(after, event) for event in after.events)
    return [line for line in lines if line]
