"""What the screens may ask: the board of a game and its places, points,
trade rates, where pieces may go, why an action is refused, the build
menu with what each seat can afford, and the screen API hooks (``prompt``,
``spot``, ``group``, ``preview``, ``refusals``) of ``rules.core.screen``,
each given a seat's ``view`` ("why not?" from legal's reasons, the words
``apply`` refuses with)."""

from __future__ import annotations

from collections.abc import Hashable

import msgspec

from rules.core import IllegalAction, seat_ref, top

from .apply import apply
from .board import BOARDS, Board
from .chance import UNSEEN, cards_left, could_be
from .edition import (
    BROTHERHOOD,
    CLANS,
    CLEARINGS,
    COST_ORDER,
    COSTS,
    DEVELOPMENT,
    HEROES,
    HIDDEN,
    RESOURCES,
    RULES,
    TERRAIN_RESOURCE,
    TRAIL_OF_FACE,
    VICTORY_POINT,
    WATCH,
    WILDLINGS,
    development_title,
)
from .heroes import HERO_ACTIONS
from .legal import (
    PLAYABLE,
    PLAYABLE_WATCH,
    ROLL_FIRST,
    board_of,
    buy_reason,
    cost_reason,
    cost_words,
    guard_reason,
    keep_reason,
    play_reason,
    playable,
    road_reason,
    road_sites,
    rob_victims,
    settlement_reason,
    settlement_sites,
    setup_settlement_sites,
    trade_rate,
)
from .scoring import PIPS, guards_on_wall, point_lines, points, production, public_points
from .state import (
    Accept,
    BuildGuard,
    BuildKeep,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    CancelTrade,
    ClearGift,
    Decline,
    DeclineHero,
    Discard,
    EndTurn,
    FlipHero,
    FreeHex,
    MoveTormund,
    Offer,
    OfferTrade,
    PatrolToGuard,
    PlaceGuard,
    PlayDevelopment,
    Player,
    RedirectRoad,
    Rob,
    Roll,
    ShowVictoryPoint,
    State,
    Step,
    SwapHero,
    TakeResource,
    TradeWith,
    TradeWithSupply,
)
from .text import cards_words, corner_name, edge_name, hex_name


def refusal(state: State, action) -> str:
    """Why ``action`` is refused now, in ``apply``'s words ("" if it is allowed)."""
    try:
        apply(state, action)
    except IllegalAction as refused:
        return refused.reason
    return ""


def longest_road_length(state: State, seat: int) -> int:
    return state.players[seat].road_length


def hex_resource(state: State, hex_id: int) -> str:
    """What the hex produces ("" before the variable set-up lays it)."""
    terrain = state.terrain[hex_id]
    return TERRAIN_RESOURCE[terrain] if terrain else ""


# --- the screen API (rules.core.screen) ----------------------------------------------

_PROMPTS = {
    "place-settlement": "{who}, place a settlement (set-up round {count}):",
    "place-road": "{who}, place a road by your new settlement:",
    "start": "{who}, roll the dice (or play a development card first):",
    "turn": "{who}, trade, build, buy or end your turn:",
    "discard": "{who}, return {count} more card(s) to the supply:",
    "tormund": "{who}, move Tormund to another hex:",
    "rob": "{who}, choose whom to steal from:",
    "free-road": "{who}, place a free road ({count} to go):",
    "take": "{who}, take a resource from the supply ({count} to go):",
    "answer": "{who}, {offerer} offers {give} for {get}: accept?",
    "choose": "{who}, choose whom to trade with:",
    "place-guard": "{who}, place a free guard on a section of the Wall:",
    "patrol": "{who}, move Tormund, or send a wildling in the Gift back (Ranger Patrol):",
    "tarly": "{who}, the roll brought you nothing: take a resource (Samwell Tarly)?",
    "give-back": "{who}, give {target} a card back (Jeor Mormont):",
    "mance": "{who}, take a card from {target}'s hand (Mance Rayder):",
    "pick": "{who}, keep one of the development cards (Melisandre):",
    "hero-after": "{who}, flip your hero to its B side, or swap it for another:",
}


def prompt(view: State, seat: int) -> str:
    """The question for the person to move."""
    from .text import cards_words

    step = top(view.pending)
    if step is None:
        return "The game is over."
    template = _PROMPTS.get(step.kind)
    if template is None:
        return f"{seat_ref(seat)}, choose:"
    offer = view.offer
    return template.format(
        who=seat_ref(step.seat),
        count=step.count,
        offerer=seat_ref(view.turn),
        give=cards_words(offer.give) if offer.give else "",
        get=cards_words(offer.get) if offer.get else "",
        target=seat_ref(step.target),
    )


def spot(view: State, action) -> Hashable | None:
    """The place on the Gift an action is about: ("corner", id), ("edge", id) or ("hex", id)."""
    if isinstance(action, (BuildSettlement, BuildKeep)):
        return ("corner", action.corner)
    if isinstance(action, BuildRoad):
        return ("edge", action.edge)
    if isinstance(action, (MoveTormund, FreeHex, ClearGift)):
        return ("hex", action.hex)
    if isinstance(action, RedirectRoad):
        return ("edge", action.to)
    if isinstance(action, (PlaceGuard, PatrolToGuard)) or (
        isinstance(action, BuildGuard) and not action.instead_of
    ):
        return ("section", action.section)
    return None


def group(view: State, action) -> tuple[str, ...]:
    """Where an action sits in the action menu during a turn."""
    step = top(view.pending)
    if step is None or step.kind != "turn":
        return ()
    if isinstance(action, BuildRoad):
        return ("Build", "Road")
    if isinstance(action, BuildSettlement):
        return ("Build", "Settlement")
    if isinstance(action, BuildKeep):
        return ("Build", "Keep")
    if isinstance(action, (BuyDevelopment, PlayDevelopment, ShowVictoryPoint)):
        return ("Development card",)
    if isinstance(action, TradeWithSupply):
        return ("Trade", "With the supply")
    if isinstance(action, OfferTrade):
        return ("Trade", "Offer to players")
    if isinstance(action, BuildGuard):
        return ("Build", "Guard") if not action.instead_of else ("Hero", "Guard, one card replaced")
    if isinstance(action, HERO_ACTIONS):
        return ("Hero",)
    return ()


_THINGS = (
    ("settlement", "Settlement"),
    ("keep", "Keep"),
    ("road", "Road"),
    ("development", "Development card"),
)
"""The build menu, most points first."""

_WHAT_CARDS_DO = {
    "ranger-patrol": "move Tormund and steal a card; 3 patrols take Largest Patrol (2 VP)",
    "road-building": "build 2 roads for free",
    "winter-is-coming": "take 2 resource cards of your choice from the supply",
    "victory-point": "1 victory point, kept face down until you win",
}


def build_menu(state: State, seat: int) -> list[tuple[str, tuple[str, ...], str]]:
    """The build cost card for ``seat``: each thing (title), its cost
    (resources in the cost card's order, repeated as often as paid) and why
    ``seat`` cannot buy it now ("" when the hand pays for it and a piece is
    left)."""
    player = state.players[seat]
    menu = []
    things = _THINGS + (("guard", "Guard"),) if state.variant == BROTHERHOOD else _THINGS
    for thing, title in things:
        if thing == "guard":
            reason = guard_reason(state, seat, 0, free=True) if state.wall else ""
            reason = reason if "no guards left" in reason else cost_reason("guard", player.hand)
        elif thing == "development":
            reason = buy_reason(state, seat)
        else:
            reason = cost_reason(thing, player.hand)
            pieces = {
                "road": state.road_limit - len(player.roads),
                "settlement": RULES.settlements - len(player.settlements),
                "keep": RULES.keeps - len(player.keeps),
            }[thing]
            if not reason and pieces <= 0:
                reason = f"You have no {thing}s left."
        cost = COSTS[thing]
        menu.append((title, tuple(r for r in COST_ORDER[thing] for _ in range(cost.count(r))), reason))
    return menu


_WHAT_CARDS_DO_WATCH = {
    "ranger-patrol": "move Tormund and steal a card, or send a wildling in the Gift back and take "
    "a resource of its hex; 3 patrols take Largest Patrol (1 VP)",
    "new-recruits": "place a guard on the Wall for free",
}


def what_card_does(card: str, variant: str = "base") -> str:
    """What a development card does, in a few words."""
    if variant == BROTHERHOOD and card in _WHAT_CARDS_DO_WATCH:
        return _WHAT_CARDS_DO_WATCH[card]
    return _WHAT_CARDS_DO.get(card, "")


def _pips_words(state: State, hexes) -> str:
    board = board_of(state)
    parts = []
    total = 0
    for hex_id in hexes:
        terrain = state.terrain[hex_id]
        if not terrain:
            continue
        number = board.hex_numbers[hex_id]
        total += PIPS[number]
        parts.append(f"{TERRAIN_RESOURCE[terrain]} on {number}")
    if not parts:
        return "nothing"
    return f"{', '.join(parts)} ({total} in 36 rolls)"


def preview(view: State, action, seat: int) -> str:
    """What choosing ``action`` would do, as ``seat`` may know it."""
    board = board_of(view)
    step = top(view.pending)
    kind = step.kind if step is not None else ""
    setup_step = kind in ("place-settlement", "place-road")
    if isinstance(action, BuildRoad):
        if setup_step or kind == "free-road":
            return "Free. Roads lead to new settlement sites."
        after = apply(view, action)
        length = after.players[seat].road_length
        return f"Pays {cost_words('road')}; your longest road: {length}."
    if isinstance(action, BuildSettlement):
        corner = action.corner
        words = f"1 VP; collects {_pips_words(view, board.corner_hexes[corner])}"
        route, rate = board.corner_routes[corner]
        if rate:
            words += f"; trade route {rate}:1 {route or 'any resource'}"
        if setup_step:
            return words + "."
        return f"{words}. Pays {cost_words('settlement')}."
    if isinstance(action, BuildKeep):
        return (
            f"+1 VP and double: {_pips_words(view, board.corner_hexes[action.corner])}. "
            f"Pays {cost_words('keep')}."
        )
    if isinstance(action, BuyDevelopment):
        return f"Pays {cost_words('development')}; {cards_left(view)} cards left in the deck."
    if isinstance(action, PlayDevelopment):
        does = f"{development_title(action.card)}: {what_card_does(action.card, view.variant)}."
        if action.card not in view.players[seat].development:
            return f"Names one of your unseen cards. {does}"
        return does
    if isinstance(action, ShowVictoryPoint):
        return "One of your unseen cards is a Victory Point: shown, it counts 1 VP from now on."
    if isinstance(action, MoveTormund):
        hex_id = action.hex
        number = board.hex_numbers[hex_id]
        owners = sorted({view.corner_owner[c] for c in board.hex_corners[hex_id]} - {-1, seat})
        robbed = [owner for owner in owners if view.players[owner].hand]
        blocks = f"Blocks the {number} ({PIPS[number]} in 36 rolls)"
        if not owners:
            return f"{blocks}; nobody to steal from there."
        names = " or ".join(seat_ref(owner) for owner in robbed)
        return f"{blocks}; steal from {names}." if robbed else f"{blocks}; nobody there holds a card."
    if isinstance(action, Rob):
        return f"{seat_ref(action.victim)} holds {len(view.players[action.victim].hand)} cards: you take one at random."
    if isinstance(action, Discard):
        left = len(view.players[seat].hand) - 1
        more = step.count - 1 if step is not None else 0
        return f"You keep {left} cards" + (f"; {more} more to return." if more else ".")
    if isinstance(action, TradeWithSupply):
        rate = trade_rate(view, seat, action.give)
        return f"You give {rate} {action.give} and get 1 {action.get}."
    if isinstance(action, OfferTrade):
        left = view.offer_limit - view.offers_made - 1
        return f"Everyone may accept or decline; then you pick one. {left} offers left this turn."
    if isinstance(action, Accept):
        offer = view.offer
        return f"You give {cards_words(offer.get)} and get {cards_words(offer.give)}, if {seat_ref(view.turn)} picks you."
    if isinstance(action, Decline):
        return "Your cards stay as they are."
    if isinstance(action, TradeWith):
        offer = view.offer
        return (
            f"You give {cards_words(offer.give)} to {seat_ref(action.seat)} and get {cards_words(offer.get)}."
        )
    if isinstance(action, TakeResource):
        return f"{view.supply[RESOURCES.index(action.resource)]} {action.resource} left in the supply."
    if isinstance(action, Roll):
        if view.variant == BROTHERHOOD:
            # Only the trails where something would happen: the danger first.
            coming = [
                f"{faces} {kind} to {CLEARINGS[clearing].title} {outcome.upper() if outcome == 'breach' else outcome}"
                for faces, kind, clearing, outcome in sorted(
                    advance_outcomes(view), key=lambda item: item[3] != "breach"
                )
                if outcome != "none"
            ]
            return (
                "Then the wildling die (d12): "
                + ("; ".join(coming) if coming else "every camp is empty")
                + "."
            )
        return "Hexes with the number produce; a 7 brings Tormund."
    watch = _watch_preview(view, action, seat)
    if watch:
        return watch
    if isinstance(action, EndTurn):
        return f"{seat_ref((seat + 1) % len(view.players))} plays next."
    return ""


# --- Brotherhood of the Watch: the Wall, the north and the heroes ----------------------------


def is_watch(state: State) -> bool:
    """Whether the game is Brotherhood of the Watch (the Wall, the heroes)."""
    return state.variant == BROTHERHOOD


class SectionInfo(msgspec.Struct, frozen=True):
    """One wall section as the Wall board shows it."""

    title: str  # "W1"
    guards: tuple[int, ...]  # seats, space 1 first
    spaces: int
    clearing: str  # "1/2"
    waiting: tuple[str, ...]  # the wildlings in its clearing
    lane: tuple[int, ...]  # the hexes its wildlings block, in order


class ClanInfo(msgspec.Struct, frozen=True):
    title: str
    camps: tuple[str, ...]  # hottest first
    room: int
    trails: tuple[tuple[str, str], ...]  # (the wildling die's numbers "1-2", the clearing "1/2")


def wall_sections(state: State) -> list[SectionInfo]:
    board = board_of(state)
    return [
        SectionInfo(
            title=f"W{section + 1}",
            guards=guards,
            spaces=WATCH.guard_spaces,
            clearing=CLEARINGS[section].title,
            waiting=state.clearings[section],
            lane=board.lanes[section],
        )
        for section, guards in enumerate(state.wall)
    ]


def clans(state: State) -> list[ClanInfo]:
    return [
        ClanInfo(
            title=clan.title,
            camps=state.camps[index],
            room=clan.camps,
            trails=tuple(
                ("-".join(str(n) for n in trail.numbers), CLEARINGS[trail.clearing].title)
                for trail in clan.trails
            ),
        )
        for index, clan in enumerate(CLANS)
    ]


def frostfangs(state: State) -> dict[str, int]:
    """Wildlings left in the Frostfangs, per kind."""
    return {kind: state.frostfangs[index] for index, kind in enumerate(WILDLINGS)} if state.frostfangs else {}


def tokens(state: State) -> tuple[int, int, int]:
    """(tokens in the pool, face down under the build-cost cards, spent face up)."""
    return state.pool, len(state.tokens_hidden) - state.pool, len(state.tokens_spent)


def breach_track(state: State) -> tuple[int, int]:
    """(breaches so far, the breach that ends the game)."""
    return state.breaches, WATCH.breaches_to_end


def gift_wildlings(state: State) -> tuple[int, int]:
    """(wildlings in the Gift, how many end the game)."""
    return sum(1 for kind in state.blocked if kind), WATCH.gift_wildlings_to_end


def guards_of(state: State, seat: int) -> tuple[int, int]:
    """(``seat``'s guards on the Wall, guards per player)."""
    return guards_on_wall(state, seat), WATCH.guards


def _arrival(state: State, kind: str, clearing: int) -> str:
    guards = len(state.wall[clearing])
    where = f"to {CLEARINGS[clearing].title}"
    if kind == "climber":
        return f"a climber {where}: jumps the Wall, blocks a hex"
    if kind == "giant":
        if guards:
            return f"a giant {where}: kills {seat_ref(state.wall[clearing][0])}'s guard on W{clearing + 1}"
        return f"a giant {where}: BREACH (no guard on W{clearing + 1})"
    regulars = state.clearings[clearing].count("regular") + 1
    if regulars > guards:
        return f"a regular {where}: BREACH ({regulars} against {_guards(guards)})"
    return f"a regular {where}: waits ({regulars} against {_guards(guards)})"


def _guards(count: int) -> str:
    return f"{count} guard" if count == 1 else f"{count} guards"


def advance_outcomes(state: State) -> list[tuple[str, str, int, str]]:
    """What each trail's next wildling would do, for a short display:
    (the die's faces, the wildling's kind or "", its clearing, the outcome:
    "none", "jumps" (a climber blocks a hex), "kills" (a giant kills a
    guard), "waits" or "breach")."""
    out = []
    for index, clan in enumerate(CLANS):
        camps = state.camps[index] if state.camps else ()
        for trail in clan.trails:
            faces = "-".join(str(n) for n in trail.numbers)
            clearing = trail.clearing
            if not camps:
                out.append((faces, "", clearing, "none"))
                continue
            kind = camps[0]
            guards = len(state.wall[clearing])
            if kind == "climber":
                outcome = "jumps"
            elif kind == "giant":
                outcome = "kills" if guards else "breach"
            else:
                outcome = "breach" if state.clearings[clearing].count("regular") + 1 > guards else "waits"
            out.append((faces, kind, clearing, outcome))
    return out


def advance_forecast(state: State) -> list[tuple[str, str]]:
    """What the wildling die can do next: (its faces, what happens) per
    trail, then the faces that advance nobody."""
    out = []
    for index, clan in enumerate(CLANS):
        camps = state.camps[index] if state.camps else ()
        for trail in clan.trails:
            faces = "-".join(str(n) for n in trail.numbers)
            if not camps:
                out.append((faces, f"nobody ({clan.title}: empty camps)"))
            else:
                out.append((faces, _arrival(state, camps[0], trail.clearing)))
    idle = [face for face in range(1, WATCH.die_faces + 1) if face not in TRAIL_OF_FACE]
    if idle:
        out.append((f"{idle[0]}-{idle[-1]}", "nobody advances"))
    return out


class HeroInfo(msgspec.Struct, frozen=True):
    name: str
    card: str
    title: str
    ability: str
    text: str
    when: str  # in words


_WHEN = {
    "turn": "on your turn, after the roll",
    "any": "on your turn, before or after the roll",
    "production": "when a roll (not a 7) brings you nothing, on anyone's turn",
}


def hero_info(name: str) -> HeroInfo | None:
    hero = HEROES.get(name)
    if hero is None:
        return None
    return HeroInfo(hero.name, hero.card, hero.title, hero.ability, hero.text, _WHEN.get(hero.when, ""))


def hero_state(state: State, seat: int) -> tuple[str, str, bool]:
    """(``seat``'s hero, its side "A"/"B", whether it may act this turn)."""
    player = state.players[seat]
    return player.hero, player.hero_side, bool(player.hero) and player.hero_since != state.turn_number


def _watch_preview(state: State, action, seat: int) -> str:
    if isinstance(action, (BuildGuard, PlaceGuard, PatrolToGuard)):
        section = action.section
        space = len(state.wall[section]) + 1
        mine = guards_on_wall(state, seat) + 1
        tokens_ = sum(1 for at in WATCH.guard_token_at if mine >= at)
        waiting = state.clearings[section].count("regular")
        pay = ""
        if isinstance(action, BuildGuard):
            pay = (
                f" Pays {cost_words('guard')}"
                if not action.instead_of
                else f" Pays {action.pay} for {action.instead_of}"
            )
            pay += "."
        return (
            f"Space {space} of W{section + 1} ({waiting} regular(s) waiting at {CLEARINGS[section].title}); "
            f"your guards: {mine}, {tokens_} VP.{pay}"
        )
    if isinstance(action, FreeHex):
        return f"The wildling goes back to the Frostfangs; you take 1 {hex_resource(state, action.hex)}."
    if isinstance(action, (*HERO_ACTIONS, FlipHero, SwapHero, DeclineHero)):
        name = action.hero if isinstance(action, SwapHero) else state.players[seat].hero
        info = hero_info(name)
        if info is None:
            return ""
        if isinstance(action, FlipHero):
            return f"{info.title} on the B side: {info.ability} once more from your next turn."
        return f"{info.title}, {info.ability}: {info.text}"
    return ""


__all__ = [
    "ClanInfo",
    "HeroInfo",
    "SectionInfo",
    "advance_forecast",
    "advance_outcomes",
    "breach_track",
    "clans",
    "frostfangs",
    "gift_wildlings",
    "guards_of",
    "hero_info",
    "hero_state",
    "is_watch",
    "tokens",
    "wall_sections",
    "BuildGuard",
    "PlaceGuard",
    "FreeHex",
    "FlipHero",
    "SwapHero",
    "DeclineHero",
    "BOARDS",
    "COSTS",
    "DEVELOPMENT",
    "HIDDEN",
    "PIPS",
    "RESOURCES",
    "RULES",
    "TERRAIN_RESOURCE",
    "Accept",
    "Board",
    "BuildKeep",
    "BuildRoad",
    "BuildSettlement",
    "BuyDevelopment",
    "CancelTrade",
    "Decline",
    "Discard",
    "EndTurn",
    "MoveTormund",
    "Offer",
    "OfferTrade",
    "PlayDevelopment",
    "Player",
    "Rob",
    "Roll",
    "Step",
    "TakeResource",
    "TradeWith",
    "TradeWithSupply",
    "board_of",
    "build_menu",
    "cards_words",
    "corner_name",
    "cost_words",
    "development_title",
    "edge_name",
    "group",
    "hex_name",
    "hex_resource",
    "longest_road_length",
    "playable",
    "point_lines",
    "preview",
    "points",
    "production",
    "prompt",
    "public_points",
    "refusal",
    "refusals",
    "ShowVictoryPoint",
    "UNSEEN",
    "rob_victims",
    "road_sites",
    "settlement_sites",
    "setup_settlement_sites",
    "spot",
    "trade_rate",
    "what_card_does",
]


# --- why not? (the screen API's refusals, from legal's reasons) ---


_NO_SETTLEMENT_SITE = "A settlement needs a free corner on your roads, two paths from any other building."


_NO_ROAD_SITE = "No free path joins your roads, settlements or keeps."


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """Why not? What ``seat`` might expect to do at their turn but may not
    now, each (label, reason) in the words ``apply`` refuses it with (the
    same reason functions): first each development card held that may not
    be played now (the question a player asks most: "why can't I play
    it?"); then before the roll, building; after it, each piece they cannot
    build or buy anywhere, in the build cost card's order."""
    if not view.pending:
        return []
    step = view.pending[-1]
    if step.seat != seat or step.kind not in ("start", "turn"):
        return []
    found: list[tuple[str, str]] = []
    for card in dict.fromkeys(view.players[seat].development):
        if card == UNSEEN:
            # Table mode: why none of the cards it could be may be played now.
            kinds = PLAYABLE_WATCH if view.variant == BROTHERHOOD else PLAYABLE
            could = [kind for kind in kinds if could_be(view, seat, kind, bought_ok=True)]
            reasons = [play_reason(view, seat, kind) for kind in could]
            if reasons and all(reasons):
                found.append(("Play a development card", reasons[0]))
        elif card in DEVELOPMENT and card != VICTORY_POINT:
            reason = play_reason(view, seat, card)
            if reason:
                found.append((f"Play {development_title(card)}", reason))
    if step.kind == "start":
        found.append(("Build or trade", ROLL_FIRST))
        return found
    player = view.players[seat]
    sites = settlement_sites(view, seat)
    reason = settlement_reason(view, seat, sites[0]) if sites else _NO_SETTLEMENT_SITE
    if reason:
        found.append(("Settlement", reason))
    if player.settlements:
        reason = keep_reason(view, seat, player.settlements[0])
    else:
        reason = "A keep replaces one of your settlements: you have none on the Gift."
    if reason:
        found.append(("Keep", reason))
    edges = road_sites(view, seat)
    reason = road_reason(view, seat, edges[0]) if edges else _NO_ROAD_SITE
    if reason:
        found.append(("Road", reason))
    reason = buy_reason(view, seat)
    if reason:
        found.append(("Development card", reason))
    if view.variant == BROTHERHOOD:
        from .wall import guard_sections

        sections = guard_sections(view, seat)
        reason = guard_reason(view, seat, sections[0] if sections else 0)
        if reason:
            found.append(("Guard", reason))
    return found
