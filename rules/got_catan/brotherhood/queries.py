"""What the screens may ask about Brotherhood of the Watch: the Wall
board (its sections, the clans' camps and trails, the Frostfangs, the
tokens, the breach track, the wildlings in the Gift), what the wildling
die can do next, the heroes; and the layer's screen hooks: the question
at each of its steps (added to ``queries.PROMPTS``), where its actions go
on the board and in the menu, their previews, the guard's "why not?"
line, the guard's row of the build menu and what its development cards
do."""

from __future__ import annotations

import msgspec
from castletui.rules.core import seat_ref

from ..edition import BROTHERHOOD, CLANS, CLEARINGS, HEROES, TRAIL_OF_FACE, WATCH, WILDLINGS
from ..legal import board_of, cost_reason, cost_words
from ..queries import cost_row, hex_resource
from ..state import (
    BuildGuard,
    ClearGift,
    DeclineHero,
    FlipHero,
    FreeHex,
    PatrolToGuard,
    PlaceGuard,
    RedirectRoad,
    Roll,
    State,
    SwapHero,
)
from .heroes import HERO_ACTIONS
from .legal import guard_reason
from .wall import Arrival, arrival, guard_sections, guards_on_wall

PROMPTS = {
    "place-guard": "{who}, place a free guard on a section of the Wall:",
    "patrol": "{who}, move Tormund, or send a wildling in the Gift back (Ranger Patrol):",
    "tarly": "{who}, the roll brought you nothing: take a resource (Samwell Tarly)?",
    "give-back": "{who}, give {target} a card back (Jeor Mormont):",
    "mance": "{who}, take a card from {target}'s hand (Mance Rayder):",
    "pick": "{who}, keep one of the development cards (Melisandre):",
    "hero-after": "{who}, flip your hero to its B side, or swap it for another:",
}
"""Added to ``queries.PROMPTS``."""

CARDS_DO = {
    "ranger-patrol": "move Tormund and steal a card, or send a wildling in the Gift back and take "
    "a resource of its hex; 3 patrols take Largest Patrol (1 VP)",
    "new-recruits": "place a guard on the Wall for free",
}
"""What a development card does in Brotherhood of the Watch, where it differs."""


def spot(action):
    """The place a guard, a freed hex or a moved road is about, or None."""
    if isinstance(action, (FreeHex, ClearGift)):
        return ("hex", action.hex)
    if isinstance(action, RedirectRoad):
        return ("edge", action.to)
    if isinstance(action, (PlaceGuard, PatrolToGuard)) or (
        isinstance(action, BuildGuard) and not action.instead_of
    ):
        return ("section", action.section)
    return None


def group(action) -> tuple[str, ...]:
    """Where a guard or a hero action sits in the turn menu."""
    if isinstance(action, BuildGuard):
        return ("Build", "Guard") if not action.instead_of else ("Hero", "Guard, one card replaced")
    if isinstance(action, HERO_ACTIONS):
        return ("Hero",)
    return ()


def build_menu(state: State, seat: int) -> list[tuple[str, tuple[str, ...], str]]:
    """The guard's row of the build cost card."""
    reason = guard_reason(state, seat, 0, free=True) if state.wall else ""
    reason = reason if "no guards left" in reason else cost_reason("guard", state.players[seat].hand)
    return [("Guard", cost_row("guard"), reason)]


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


def arrival_words(state: State, coming: Arrival) -> str:
    """What a wildling's arrival (:func:`.wall.arrival`) does, in a few words."""
    clearing = coming.clearing
    where = f"to {CLEARINGS[clearing].title}"
    if coming.outcome == "jumps":
        return f"a climber {where}: jumps the Wall, blocks a hex"
    if coming.outcome == "kills":
        return f"a giant {where}: kills {seat_ref(coming.victim)}'s guard on W{clearing + 1}"
    if coming.kind == "giant":
        return f"a giant {where}: BREACH (no guard on W{clearing + 1})"
    against = f"({coming.regulars} against {_guards(coming.guards)})"
    if coming.outcome == "breach":
        return f"a regular {where}: BREACH {against}"
    return f"a regular {where}: waits {against}"


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
            out.append((faces, camps[0], clearing, arrival(state, camps[0], clearing).outcome))
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
                out.append((faces, arrival_words(state, arrival(state, camps[0], trail.clearing))))
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


def regulars(count: int) -> str:
    """ "no regulars", "1 regular", "3 regulars"."""
    return f"{count or 'no'} regular{'' if count == 1 else 's'}"


def preview(view: State, action, seat: int) -> str:
    """What the layer's action (or the roll, with the wildling die) would do, as
    ``seat`` may know it from their ``view``; "" for others."""
    if isinstance(action, Roll):
        # Only the trails where something would happen: the danger first.
        coming = [
            f"{faces} {kind} to {CLEARINGS[clearing].title} {outcome.upper() if outcome == 'breach' else outcome}"
            for faces, kind, clearing, outcome in sorted(
                advance_outcomes(view), key=lambda item: item[3] != "breach"
            )
            if outcome != "none"
        ]
        return (
            "Then the wildling die (d12): " + ("; ".join(coming) if coming else "every camp is empty") + "."
        )
    if isinstance(action, (BuildGuard, PlaceGuard, PatrolToGuard)):
        section = action.section
        space = len(view.wall[section]) + 1
        mine = guards_on_wall(view, seat) + 1
        tokens_ = sum(1 for at in WATCH.guard_token_at if mine >= at)
        waiting = view.clearings[section].count("regular")
        pay = ""
        if isinstance(action, BuildGuard):
            pay = (
                f" Pays {cost_words('guard')}"
                if not action.instead_of
                else f" Pays {action.pay} for {action.instead_of}"
            )
            pay += "."
        return (
            f"Space {space} of W{section + 1} ({regulars(waiting)} waiting at {CLEARINGS[section].title}); "
            f"your guards: {mine}, {tokens_} VP.{pay}"
        )
    if isinstance(action, FreeHex):
        return f"The wildling goes back to the Frostfangs; you take 1 {hex_resource(view, action.hex)}."
    if isinstance(action, (*HERO_ACTIONS, FlipHero, SwapHero, DeclineHero)):
        name = action.hero if isinstance(action, SwapHero) else view.players[seat].hero
        info = hero_info(name)
        if info is None:
            return ""
        if isinstance(action, FlipHero):
            if HEROES[name].when == "production":
                # He acts on anyone's roll, and only this turn is barred: the
                # next player's roll may already bring him back.
                return f"{info.title} on the B side: {info.ability} once more, on any roll after this turn."
            return f"{info.title} on the B side: {info.ability} once more from your next turn."
        return f"{info.title}, {info.ability}: {info.text}"
    return ""


def refusals(view: State, seat: int) -> list[tuple[str, str]]:
    """Why not a guard (after the base game's lines, in ``legal``'s words)."""
    sections = guard_sections(view, seat)
    reason = guard_reason(view, seat, sections[0] if sections else 0)
    return [("Guard", reason)] if reason else []
