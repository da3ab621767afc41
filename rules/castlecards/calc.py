"""Castlecards rules helper: an attack weighed as at a real table. The
target (the Castle, a Wall, or only the units stationed on one), the
Walls still standing in front of a Castle, its defenders, the attacking
cards of every player and the defender's Academy reactions give the
swords against the shields, what the reactions took away, and what falls.

Pure functions over the rules' own code: the attack is set up as a small
game state and checked with ``fortress.target_reason``, ``castle_reach``
and ``station_reason``, then weighed with ``flow.weigh_attack``, the
function the game's own attacks are resolved with. :func:`helpers` gives
the conversation a table has with it (the screen API's ``helpers`` hook,
``castletui calc castlecards``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from castletui.rules.core import IllegalAction
from castletui.rules.core.screen import Helper, Question, parse_choice, parse_whole_numbers
from msgspec.structs import replace

from .edition import ACADEMY_CARDS, ATTACK_CARDS, CARDS, COLOURS, KIND, RULES, STRENGTH, title
from .flow import Weighing, weigh_attack
from .fortress import castle_reach, station_reason, target_reason
from .state import FortressCard, Player, State

ATTACKER, DEFENDER = 0, 1
DEFENDER_COLOUR = COLOURS[1]
"""The colour the defender's own units are read in (colour never changes a weighing)."""


class AttackEntry(NamedTuple):
    """An attack as the table sees it."""

    castle: bool
    """The Castle (else a Wall) is attacked."""
    garrison: bool = False
    """Only the units stationed on it are attacked."""
    walls: int = 0
    """Walls still standing (the defender's; they shield an attacked Castle)."""
    defenders: tuple[str, ...] = ()
    """Cards stationed on the attacked card."""
    cards: tuple[str, ...] = ()
    """Attacking cards, every supporter's included."""
    reactions: tuple[str, ...] = ()
    """Academy cards the defender plays."""


def _table(entry: AttackEntry) -> State:
    """A game state holding just this attack: the attacker with the cards in
    hand, the defender with a Castle and the Walls still standing."""
    fortress = (FortressCard("castle"),) + tuple(FortressCard("wall") for _ in range(entry.walls))
    defender = Player(colour=DEFENDER_COLOUR, fortress=fortress)
    attacker = Player(colour=COLOURS[0], fortress=(FortressCard("castle"),), hand=tuple(sorted(entry.cards)))
    return State(variant="two-player", players=(attacker, defender))


def weigh_entry(entry: AttackEntry) -> Weighing:
    """Weigh an attack typed in; IllegalAction with the rules' reason when
    the attack or its defenders could not be so."""
    check_walls(entry)
    defender = check_defenders(entry)
    check_cards(entry, defender)
    check_reactions(entry)
    target = defender.fortress[0 if entry.castle else 1]
    return weigh_attack(
        entry.cards, entry.reactions, target, entry.garrison, entry.walls if entry.castle else 0
    )


# Each check takes what is typed so far, so a helper refuses an answer as it
# is given (and asks it again) rather than the whole attack at the end.


MOST_WALLS = max(RULES.walls_two_player, RULES.walls)
"""The most Walls a fortress starts with (the 2-player game's)."""


def check_walls(entry: AttackEntry) -> None:
    """The Walls standing fit the target; IllegalAction if not."""
    if entry.castle:
        if not 0 <= entry.walls <= MOST_WALLS:
            raise IllegalAction(f"A fortress has at most {MOST_WALLS} Walls.")
    elif entry.walls < 1:
        raise IllegalAction("A Wall is attacked: at least that one stands.")
    elif entry.walls > MOST_WALLS:
        raise IllegalAction(f"A fortress has at most {MOST_WALLS} Walls.")


def check_defenders(entry: AttackEntry) -> Player:
    """The defender with ``entry.defenders`` stationed on the attacked card,
    one by one, refused as the game refuses them; and the target as the
    game checks it (only units stationed there: some must be)."""
    slot = 0 if entry.castle else 1
    state = _table(entry)
    defender = state.players[DEFENDER]
    for card in entry.defenders:
        state = _with_player(state, DEFENDER, replace(defender, hand=(card,)))
        reason = station_reason(state, DEFENDER, card, slot)
        if reason:
            raise IllegalAction(f"{_card_words(card)} as a defender: {reason}")
        fortress = list(defender.fortress)
        fortress[slot] = replace(fortress[slot], stationed=fortress[slot].stationed + (card,))
        defender = replace(defender, fortress=tuple(fortress), hand=())
        state = _with_player(state, DEFENDER, defender)
    reason = target_reason(state, ATTACKER, DEFENDER, slot, entry.garrison)
    if reason:
        raise IllegalAction(reason)
    return defender


def check_cards(entry: AttackEntry, defender: Player) -> None:
    """The attacking cards can attack, and reach the Castle past its Walls."""
    if not entry.cards:
        raise IllegalAction("Choose at least one card to attack with.")
    for card in entry.cards:
        if card not in ATTACK_CARDS:
            raise IllegalAction(f"{title(card)} cannot attack: only Soldiers, Bowmen and siege weapons can.")
    if entry.castle:
        reason = castle_reach(defender, entry.cards)
        if reason:
            raise IllegalAction(reason)


def check_reactions(entry: AttackEntry) -> None:
    for card in entry.reactions:
        if card not in ACADEMY_CARDS:
            raise IllegalAction(f"{title(card)} is no reaction: only Academy cards react to an attack.")


def _with_player(state: State, seat: int, player: Player) -> State:
    players = state.players
    return replace(state, players=players[:seat] + (player,) + players[seat + 1 :])


def _card_words(card: str) -> str:
    """A card as the weighing reads it: a unit's colour never counts."""
    kind = KIND[card]
    return "Soldiers" if kind == "soldiers" else "Bowmen" if kind == "bowmen" else title(card)


def _cards_words(cards: Sequence[str]) -> str:
    return ", ".join(f"{_card_words(card)} {STRENGTH.get(card, 0)}" for card in cards) or "none"


def report_lines(entry: AttackEntry, weighing: Weighing) -> list[str]:
    """The weighing in words: swords, shields, and what falls."""
    target = "the Castle" if entry.castle else "a Wall"
    if entry.garrison:
        target = f"the units on {target}"
    lines = [f"Attacking cards: {_cards_words(entry.cards)}."]
    if weighing.knocked_out:
        lines.append(
            "Taken out by the reactions: "
            + ", ".join(_card_words(card) for card in weighing.knocked_out)
            + "."
        )
    traps = sum(CARDS[r].effect for r in entry.reactions if r == "trap")
    if traps:
        lines.append(f"Traps take {traps} swords away.")
    shield_walls = sum(CARDS[r].effect for r in entry.reactions if r == "shield-wall")
    if shield_walls:
        lines.append(f"Shield Walls add {shield_walls} shields.")
    if weighing.success:
        verdict = "the attack succeeds"
    elif weighing.swords == weighing.shields:
        verdict = "a tie, and a tie fails"
    else:
        verdict = "the attack fails"
    lines.append(f"{weighing.swords} swords against {weighing.shields} shields of {target}: {verdict}.")
    if weighing.success:
        if entry.garrison:
            lines.append(
                f"The {len(entry.defenders)} stationed cards go to the discards; the card stands and no loot is won."
            )
        elif entry.castle:
            lines.append(
                "The Castle falls: its player is out, every card stationed in the fortress goes to the "
                "discards, and the attacker takes the loot."
            )
        else:
            lines.append(
                "The Wall falls (face down); its stationed cards go to the discards; the attacker takes a loot card."
            )
    else:
        lines.append("The attack is repelled: the attacker's turn ends.")
    lines.append("Every attacking card and reaction goes to the discards.")
    return lines


# --- reading what the table types ---------------------------------------------------

_ALIASES = {
    "soldier": "soldiers",
    "soldiers": "soldiers",
    "bowman": "bowmen",
    "bowmen": "bowmen",
    "archer": "bowmen",
    "archers": "bowmen",
}


def parse_card(text: str, colour: str = COLOURS[0]) -> str:
    """A card typed by its name ("catapult", "shield wall", "soldiers 2",
    "bowmen"): units are read in ``colour`` (colour never changes a weighing)."""
    words = text.strip().lower().replace("-", " ").split()
    if not words:
        raise IllegalAction("Name a card.")
    kind = _ALIASES.get(words[0])
    if kind == "soldiers":
        strength = words[1] if len(words) > 1 else ""
        if strength not in ("1", "2"):
            raise IllegalAction("Soldiers are of strength 1 or 2: type 'soldiers 1' or 'soldiers 2'.")
        return f"soldiers-{colour}-{strength}"
    if kind == "bowmen":
        return f"bowmen-{colour}"
    typed = " ".join(words)
    names = {
        card.title.lower(): card.name for card in CARDS.values() if card.kind not in ("soldiers", "bowmen")
    }
    names.update({card.name.replace("-", " "): card.name for card in CARDS.values()})
    if typed in names:
        return names[typed]
    fits = {name for key, name in names.items() if key.startswith(typed)}
    if len(fits) == 1:
        return fits.pop()
    raise IllegalAction(
        f"{text.strip()!r} is not a card: e.g. soldiers 2, bowmen, battering ram, siege tower, catapult, "
        "ballista, trebuchet, trap, shield wall, sabotage, boiling oil."
    )


def parse_cards(text: str, colour: str = COLOURS[0]) -> tuple[str, ...]:
    return tuple(parse_card(part, colour) for part in text.split(",") if part.strip())


_TARGETS = {
    "wall": (False, False),
    "castle": (True, False),
    "wall units": (False, True),
    "castle units": (True, True),
}


def _target(text: str) -> tuple[bool, bool]:
    return parse_choice(text, _TARGETS, "what is attacked")


def _checked(answers: Mapping[str, Any], key: str, parse, check):
    """``parse``, then ``check`` the attack typed so far with this answer in
    it: a refusal names what is wrong now, and the question is asked again."""

    def parse_and_check(text: str) -> Any:
        value = parse(text)
        check(_entry_so_far({**answers, key: value}))
        return value

    return parse_and_check


def _attack_question(answers: Mapping[str, Any]) -> Question | None:
    if "target" not in answers:
        return Question(
            "target",
            "What is attacked: wall, castle, wall units or castle units (only the cards stationed there)?",
            _target,
            "wall",
        )
    castle, _ = answers["target"]
    if "walls" not in answers:
        prompt = (
            "How many Walls still stand in front of the Castle?"
            if castle
            else "How many Walls still stand, the attacked one included?"
        )
        number = lambda text: parse_whole_numbers(text, 1, "Walls standing")[0]  # noqa: E731
        return Question("walls", prompt, _checked(answers, "walls", number, check_walls))
    if "defenders" not in answers:
        units = "soldiers 1 or soldiers 2" if castle else "bowmen"
        cards = lambda text: parse_cards(text, DEFENDER_COLOUR)  # noqa: E731
        return Question(
            "defenders",
            f"Cards stationed on it, apart by commas (e.g. {units}, or a weapon; Enter: none)?",
            _checked(answers, "defenders", cards, check_defenders),
        )
    if "cards" not in answers:
        return Question(
            "cards",
            "Attacking cards of every player, apart by commas (e.g. 'catapult, soldiers 2, bowmen')?",
            _checked(answers, "cards", parse_cards, lambda entry: check_cards(entry, check_defenders(entry))),
        )
    if "reactions" not in answers:
        return Question(
            "reactions",
            "The defender's reactions, apart by commas (trap, shield wall, sabotage, boiling oil; Enter: none)?",
            _checked(answers, "reactions", parse_cards, check_reactions),
        )
    return None


def _entry_so_far(answers: Mapping[str, Any]) -> AttackEntry:
    """The attack as typed so far (what is not yet asked left empty)."""
    castle, garrison = answers["target"]
    return AttackEntry(
        castle=castle,
        garrison=garrison,
        walls=answers.get("walls", 0),
        defenders=answers.get("defenders", ()),
        cards=answers.get("cards", ()),
        reactions=answers.get("reactions", ()),
    )


def entry_from(answers: Mapping[str, Any]) -> AttackEntry:
    castle, garrison = answers["target"]
    return AttackEntry(
        castle=castle,
        garrison=garrison,
        walls=answers["walls"],
        defenders=answers["defenders"],
        cards=answers["cards"],
        reactions=answers["reactions"],
    )


def _attack_report(answers: Mapping[str, Any]) -> list[str]:
    entry = entry_from(answers)
    try:
        weighing = weigh_entry(entry)
    except IllegalAction as refusal:
        return [f"That attack cannot be made: {refusal.reason}"]
    return report_lines(entry, weighing)


ATTACK = Helper(
    name="attack",
    title="Attack",
    summary="Swords against shields: an attack with its defenders and reactions, and what falls.",
    next_question=_attack_question,
    report=_attack_report,
)


def helpers() -> tuple[Helper, ...]:
    """The Castlecards rules helpers (the screen API's ``helpers`` hook)."""
    return (ATTACK,)
