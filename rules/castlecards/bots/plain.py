"""The Castlecards bot: plain rules, looking only at what its seat may see
(its own hand, the fortresses, how many cards others hold, attack cards
once shown).

- Stations matching Bowmen on the Wall with the fewest defenders (Walls stay
  balanced) and matching Soldiers in the Castle.
- Attacks the weakest target its swords beat (a Castle it can reach first),
  with as few cards as do it; a Night card hides the attack.
- Builds siege weapons, goes to the Academy, buys with Gold, explores a
  dungeon it can beat, plays the King when there is more to do.
- Team play: never attacks, robs or resists helping its partner.
- Plays the Thief whenever it can; once fallen, gives its cards to the
  weakest castle left; reacts with Academy cards only when they
  turn a winning attack into a failure (blind at Night: when the hidden cards
  could beat it); supports an attack only against the leading rival.

Levels: ``easy`` takes a random action a third of the time; ``normal`` plays
the rules above; ``hard`` also strengthens its own defence before it knocks
on a rival Wall, and saves its cards for the Castle while it holds an
assault weapon that reaches one (seeded trials against ``normal``: 56% of
2-player games, 43% of 3-player and 36% of 4-player games).
"""

from __future__ import annotations

import random
from itertools import combinations

from castletui.rules.core import top
from castletui.rules.core.multiset import counts
from msgspec.structs import replace

from ..chance import UNSEEN_DECK, unseen_pool
from ..edition import ACADEMY_CARDS, ATTACK_CARDS, CARDS, KIND, STRENGTH, TORCHES
from ..fortress import (
    allies,
    card_shields,
    castle_reach,
    standing,
    walls_in_the_way,
    walls_standing,
    weigh,
)
from ..legal import legal_actions
from ..scoring import shields_standing
from ..state import (
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
    Pick,
    PlayThief,
    Recall,
    State,
    Station,
)

# Throw-away order when nothing has an effect: least useful first.
_DISCARD_ORDER = ("duke", "explorers-1", "explorers-2", "builders", "night", "thief", "king", "gold")


def bot_action(state: State, level: str, rng: random.Random):
    """The bot's action for whoever is to move (not chance)."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    if level == "easy" and rng.random() < 0.33:
        return rng.choice(actions)
    seat = top(state.pending).seat
    guess = _guessed(state, seat, rng)
    if guess is state:
        return _planned(state, level, rng, actions)
    # The plan is made in the guessed game; the real one judges it (a guess
    # made at an earlier decision of the same turn may have differed).
    pictured = legal_actions(guess)
    choice = _planned(guess, level, rng, pictured) if pictured else None
    return choice if choice in actions else rng.choice(actions)


def _guessed(state: State, seat: int, rng: random.Random) -> State:
    """Table mode: the game as the bot pictures it, each unseen card in its
    hand (a placeholder: nobody at the table has named it) taken to be a
    card it could be, drawn at random from its deck's unseen cards. The
    bot plans only with cards it could hold: a hand of placeholders is not
    a hand of Kings. Digital play (no placeholder): ``state`` itself."""
    hand = state.players[seat].hand
    if not state.table_mode or not any(card in UNSEEN_DECK for card in hand):
        return state
    # What each unseen card could be: the view's pools (the full state's decks).
    decks = {deck: list(unseen_pool(state, deck)) for deck in ("village", "siege", "academy")}
    guessed: list[str] = []
    named_village = 0
    for card in hand:
        deck = UNSEEN_DECK.get(card)
        if deck is None or not decks[deck]:
            guessed.append(card)
            continue
        picked = decks[deck].pop(rng.randrange(len(decks[deck])))
        guessed.append(picked)
        named_village += deck == "village"
    players = list(state.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(guessed)))
    left = {deck: tuple(cards) for deck, cards in decks.items()}
    piles = (
        {"pools": replace(state.pools, **left)}
        if state.pools is not None
        else {f"{deck}_deck": cards for deck, cards in left.items()}
    )
    return replace(
        state,
        players=tuple(players),
        unseen_loot=max(0, state.unseen_loot - named_village),
        **piles,
    )


def _planned(state: State, level: str, rng: random.Random, actions: list):
    """The plain rules' choice among ``actions``."""
    hard = level == "hard"
    step = top(state.pending)
    kind = step.kind
    if kind == "thief":
        return Decline() if allies(state, step.seat, step.target) else PlayThief()
    if kind == "give":
        return _give(state, step.seat, actions)
    if kind == "select":
        choice = _select(state, step, hard)
        if choice in actions:
            return choice
        return Confirm() if Confirm() in actions else actions[0]
    if kind == "action":
        choice = _turn(state, step.seat, actions, hard)
        if choice in actions:
            return choice
        # Nothing planned: any action with an effect before a card thrown away.
        return rng.choice([a for a in actions if not isinstance(a, Discard)] or actions)
    return rng.choice(actions)


# --- planning an attack --------------------------------------------------------


def _plan(pool: list[str], need: int, must: str = "") -> list[str] | None:
    """As few cards of ``pool`` as give more than ``need`` swords (including
    ``must`` if given), or None."""
    cards = sorted(pool, key=lambda card: -STRENGTH[card])
    chosen: list[str] = []
    if must:
        if must not in cards:
            return None
        cards.remove(must)
        chosen.append(must)
    total = sum(STRENGTH[card] for card in chosen)
    for card in cards:
        if total > need:
            break
        chosen.append(card)
        total += STRENGTH[card]
    if total <= need:
        return None
    # Drop cards that are not needed, weakest first.
    for card in sorted(chosen, key=lambda c: STRENGTH[c]):
        if card != must and total - STRENGTH[card] > need:
            chosen.remove(card)
            total -= STRENGTH[card]
    return chosen


def _assault_card(state: State, target: int, pool: list[str]) -> str:
    """The assault weapon a Castle attack needs, "" if none is needed, "-" if none serves."""
    player = state.players[target]
    walls = walls_standing(player)
    if walls == 0:
        return ""
    if walls == 1 and "battering-ram" in pool:
        return "battering-ram"
    if "siege-tower" in pool:
        return "siege-tower"
    return "-"


def _best_attack(state: State, seat: int, actions: list):
    """(action, plan) for the weakest target the bot's cards beat; Castles first."""
    hand = state.players[seat].hand
    pool = [card for card in hand if card in ATTACK_CARDS]
    night = "night" in hand
    best = None
    for action in actions:
        if not isinstance(action, Attack) or allies(state, seat, action.target):
            continue
        target = state.players[action.target]
        card = target.fortress[action.slot]
        if action.garrison:
            continue  # the fortress card itself is worth more than its units
        must = _assault_card(state, action.target, pool) if action.slot == 0 else ""
        if must == "-":
            continue
        plan = _plan(pool, card_shields(card), must)
        if plan is None:
            continue
        key = (action.slot != 0, card_shields(card), len(plan))
        if best is None or key < best[0]:
            chosen = NightAttack(action.target, action.slot) if night else action
            best = (key, chosen, plan)
    return (best[1], best[2]) if best else (None, None)


# --- own turn -----------------------------------------------------------------


def _turn(state: State, seat: int, actions: list, hard: bool):
    player = state.players[seat]
    hand = player.hand
    have = dict(counts(hand))
    useful = [a for a in actions if not isinstance(a, (Recall, DrawVillage))]
    if King() in actions and len(hand) >= 3 and len(useful) > 1:
        return King()
    attack, _ = _best_attack(state, seat, actions)
    if hard and attack is not None and attack.slot != 0:
        # A Wall can wait one turn; an unguarded fortress costs more later.
        station = _station(state, seat, actions)
        if station is not None:
            return station
    if attack is not None and not (hard and attack.slot != 0 and _castle_in_sight(state, seat, have)):
        return attack
    if Build() in actions:
        return Build()
    station = _station(state, seat, actions)
    if station is not None:
        return station
    if Academy() in actions:
        return Academy()
    if Buy() in actions and not (have.get("builders") and have.get("builders", 0) + have.get("gold", 0) < 4):
        return Buy()
    if Explore() in actions:
        torches = sum(TORCHES[card] * n for card, n in have.items())
        danger = _danger(state, 1)
        if torches > danger:
            return Explore()
    if DrawVillage() in actions:
        return DrawVillage()
    if Buy() in actions:
        return Buy()
    # Throwing a card away is always allowed, but it loses the card: the bot
    # does it only when no other action is left.
    others = [a for a in actions if not isinstance(a, Discard)]
    if others:
        return _last_resort(state, seat, others)
    order = {card: index for index, card in enumerate(_DISCARD_ORDER)}
    return min(
        actions, key=lambda a: (a.card in ACADEMY_CARDS, order.get(a.card, 50), STRENGTH.get(a.card, 0))
    )


def _castle_in_sight(state: State, seat: int, have: dict) -> bool:
    """The hard bot holds an assault weapon that reaches a rival Castle: it
    saves its cards for that Castle instead of spending them on Walls."""
    for target in standing(state):
        if target == seat or allies(state, seat, target):
            continue
        walls = walls_standing(state.players[target])
        if walls and ("siege-tower" in have or (walls == 1 and "battering-ram" in have)):
            return True
    return False


def _last_resort(state: State, seat: int, actions: list):
    """Nothing useful to do, yet no passing: the cheapest action. Clearing a
    garrison the bot can beat, a Night bluff (only the Night card is lost),
    taking a unit back to station again later, exploring, a weapon stationed,
    and at worst an attack with the single weakest card."""
    hand = state.players[seat].hand
    pool = [card for card in hand if card in ATTACK_CARDS]
    actions = [
        a for a in actions if not isinstance(a, (Attack, NightAttack)) or not allies(state, seat, a.target)
    ]
    for action in actions:
        if isinstance(action, Attack) and action.garrison:
            units = state.players[action.target].fortress[action.slot]
            if _plan(pool, card_shields(units, True)) is not None and action.slot != 0:
                return action
    for action in actions:
        if isinstance(action, NightAttack) and not action.garrison and action.slot != 0:
            return action
    for kind in (Recall, Explore, Station):
        for action in actions:
            if isinstance(action, kind):
                return action
    attacks = [a for a in actions if isinstance(a, Attack)]
    if attacks:
        return min(attacks, key=lambda a: card_shields(state.players[a.target].fortress[a.slot], a.garrison))
    return None


def _station(state: State, seat: int, actions: list):
    """A matching unit on the least defended Wall (or the Castle); weapons only
    when the bot has nothing to attack with them."""
    player = state.players[seat]
    stations = [a for a in actions if isinstance(a, Station)]
    units = [a for a in stations if KIND[a.card] in ("soldiers", "bowmen")]
    if units:
        return min(
            units,
            key=lambda a: (len(player.fortress[a.slot].stationed), a.slot == 0, -STRENGTH[a.card], a.slot),
        )
    return None


# --- choosing cards -------------------------------------------------------------


def _select(state: State, step, hard: bool):
    purpose = step.purpose
    seat = step.seat
    hand = state.players[seat].hand
    if purpose == "build":
        # One Builder first (it is required), then Gold (it buys nothing else as well), then Builders.
        if "builders" not in step.selected and "builders" in hand:
            return Pick("builders")
        return Pick("gold") if "gold" in hand else Pick("builders")
    if purpose == "explore":
        explorers = [card for card in hand if KIND[card] == "explorers"]
        torches = sum(TORCHES[card] for card in step.selected)
        danger = _danger(state, 3)
        if explorers and torches <= danger:
            return Pick(max(explorers, key=lambda card: TORCHES[card]))
        return Confirm()
    if purpose == "attack":
        return _select_attack(state, step, hand)
    if purpose == "support":
        return _select_support(state, step, hand, hard)
    return _select_react(state, step, hand)


def _select_attack(state: State, step, hand):
    assault = state.assault
    pool = [card for card in hand if card in ATTACK_CARDS] + list(step.selected)
    card = state.players[assault.defender].fortress[assault.slot]
    must = _assault_card(state, assault.defender, pool) if assault.slot == 0 else ""
    plan = _plan(pool, card_shields(card, assault.garrison), must.strip("-"))
    if plan is None:
        # Not enough: a bluff stays a bluff; a day attack sends the fewest cards that make it legal.
        if not step.selected and not assault.night:
            # No attack card at all only when the hand was a guess (table mode):
            # Confirm is refused then, and the caller takes a card the rules allow.
            weakest = min((c for c in hand if c in ATTACK_CARDS), key=lambda c: STRENGTH[c], default="")
            if must not in ("", "-"):
                weakest = must
            return Pick(weakest) if weakest else Confirm()
        if assault.slot == 0 and castle_reach(state.players[assault.defender], step.selected):
            return Pick(must)
        return Confirm()
    remaining = list(step.selected)
    for card in plan:
        if card in remaining:
            remaining.remove(card)
        else:
            return Pick(card)
    return Confirm()


def _select_support(state: State, step, hand, hard: bool):
    assault = state.assault
    seat = step.seat
    if assault.night or allies(state, seat, assault.defender):
        return Confirm()
    rivals = [s for s in standing(state) if s != seat and s != assault.attacker]
    if assault.defender not in rivals:
        return Confirm()
    leader = max(rivals, key=lambda s: sum(shields_standing(state, s)))
    partner = allies(state, seat, assault.attacker)
    if assault.defender != leader and not partner and not (hard and state.players[seat].out):
        return Confirm()
    card = state.players[assault.defender].fortress[assault.slot]
    need = card_shields(card, assault.garrison)
    shown = [c.card for c in assault.cards] + list(step.selected)
    swords = sum(STRENGTH.get(c, 0) for c in shown)
    if swords > need:
        return Confirm()
    pool = [c for c in hand if c in ATTACK_CARDS]
    plan = _plan(pool, need - swords)
    if plan is None or len(plan) > 2:
        return Confirm()
    return Pick(plan[0])


def _select_react(state: State, step, hand):
    """Academy cards only when they save the card: the smallest set that makes
    a winning attack fail (blind at Night: assume the strongest hidden cards)."""
    assault = state.assault
    academy = sorted(card for card in hand if card in ACADEMY_CARDS)
    chosen = list(step.selected)
    card = state.players[assault.defender].fortress[assault.slot]
    base = card_shields(card, assault.garrison)
    walls = walls_in_the_way(state)
    if assault.night and not assault.revealed:
        hidden = len(assault.cards)
        if hidden == 0:
            return Confirm()
        cards = ["catapult" if index == 0 else "soldiers-red-2" for index in range(hidden)]
        if walls:
            cards[-1] = "siege-tower"  # a Night attack on a walled Castle hides its assault weapon
    else:
        cards = [c.card for c in assault.cards]

    def fails(reactions: list[str]) -> bool:
        swords, _, _ = weigh(cards, list(assault.reactions) + reactions, walls)
        shields = base + sum(
            CARDS[r].effect for r in list(assault.reactions) + reactions if r == "shield-wall"
        )
        return swords <= shields

    if fails(chosen):
        return Confirm()
    for size in range(1, len(academy) + 1):
        for extra in combinations(academy, size):
            if fails(chosen + list(extra)):
                return Pick(extra[0])
    return Confirm()  # it cannot be saved: keep the cards


def _give(state: State, seat: int, actions: list):
    """A fallen bot hands its cards to its partner (team play) or else the
    weakest castle left, keeping a Thief to play out of turn; then it ends its turn."""
    gifts = [a for a in actions if isinstance(a, Give) and a.card != "thief"]
    if not gifts:
        return EndTurn()
    receivers = [s for s in standing(state) if allies(state, seat, s)] or standing(state)
    weakest = min(receivers, key=lambda s: sum(shields_standing(state, s)))
    for gift in gifts:
        if gift.to == weakest:
            return gift
    return gifts[0]


def _danger(state: State, unknown: int) -> int:
    """The open dungeon card's danger, or ``unknown`` when there is none or
    the bot's view does not name it (at a real table, a card nobody has
    typed in yet)."""
    card = CARDS.get(state.open_dungeon) if state.open_dungeon else None
    return card.danger if card is not None else unknown
