"""The words of Brotherhood of the Watch: its action-bar labels, its log
lines and the lines of its events (the layer's ``label``, ``describe`` and
``line``; the base game's ``text`` asks them first), and the names of its
places (a wall section, a clearing) and heroes."""

from __future__ import annotations

from castletui.rules.core import Event, seat_ref, top

from ..chance import UNSEEN
from ..edition import CLANS, CLEARINGS, HEROES, development_title
from ..state import (
    BuildGuard,
    ChaseTormund,
    ChooseDevelopment,
    ClearGift,
    ClearNorth,
    DeclineHero,
    FlipHero,
    ForcedTrade,
    FreeHex,
    GiveCard,
    PatrolToGuard,
    PeekDevelopment,
    PickDevelopment,
    PlaceGuard,
    RedirectRoad,
    State,
    SwapHero,
    TakeCard,
    TakeFromLeader,
    TakeResource,
    Token,
    TradeOneForOne,
    WildlingDie,
)
from ..text import edge_name, edge_place, hex_name, one_card
from .chance import token_words


def hero_name(name: str) -> str:
    hero = HEROES.get(name)
    return hero.title if hero is not None else "a hero"


def section_name(section: int) -> str:
    return f"wall section {section + 1}"


def clearing_name(clearing: int) -> str:
    return f"the {CLEARINGS[clearing].title} clearing"


def _substitute(instead_of: str, pay: str) -> str:
    return f", paying {pay} for {instead_of}" if instead_of else ""


def label(view: State, action) -> str:
    """The action-bar label of one of the layer's actions ("" for the base game's)."""
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
        return f"Free {hex_name(view, action.hex)} from its wildling"
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
        return f"Move the road {edge_place(view, action.edge)} to {edge_name(view, action.to)}"
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
            return f"Send back the {view.camps[action.clan][action.slot]} in camp {action.slot + 1} of the {CLANS[action.clan].title}"
        return f"Send back a {action.kind} from {clearing_name(action.clearing)}"
    if isinstance(action, ClearGift):
        return f"Send back the wildling on {hex_name(view, action.hex)}"
    if isinstance(action, PatrolToGuard):
        return f"A played Ranger Patrol becomes a guard on {section_name(action.section)}"
    if isinstance(action, ChaseTormund):
        return "Chase Tormund back to his camp"
    return ""


def describe(state: State, action) -> str:
    """The log line of one of the layer's actions, told before it is
    applied; "" for the base game's (the layer's ``describe``)."""
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
        return f"{who} takes {one_card(action.resource)} from {seat_ref(step.target if step is not None else -1)}."
    if isinstance(action, GiveCard):
        return f"{who} gives {seat_ref(step.target if step is not None else -1)} {one_card(action.resource)} back."
    if isinstance(action, (BuildGuard, PlaceGuard)):
        verb = "builds" if isinstance(action, BuildGuard) else "places"
        return f"{who} {verb} a guard on {section_name(action.section)}{_substitute(getattr(action, 'instead_of', ''), getattr(action, 'pay', ''))}."
    if isinstance(action, TakeResource) and kind == "tarly":
        return f"{who} takes 1 {action.resource} from the supply (Samwell Tarly)."
    if isinstance(action, DeclineHero):
        return f"{who} does not use Samwell Tarly now."
    watch = label(state, action)
    if watch:
        return f"{who}: {watch[0].lower()}{watch[1:]}."
    return ""


def line(state: State, event: Event) -> str | None:
    """Log lines of the Wall, the north and the heroes ("": the action's
    own line says it; None: not an event of this layer)."""
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
        # After "Wei ends their turn.", the line of the action itself.
        return f"{who} has {detail[0]} victory points at the end of their turn and wins."
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
    return None


def _count(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def _clan_title(name: str) -> str:
    for clan in CLANS:
        if clan.name == name:
            return clan.title
    return name
